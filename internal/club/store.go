package club

import (
	"context"
	"database/sql"

	"socius/internal/db"
)

// The SQL of club's tables (clubs, club_flags, club_categories), one
// function per statement, each taking the caller's transaction or pool.

func insertClub(ctx context.Context, q db.Q, title string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO clubs (title, created) VALUES (?, ?)`, title, now)
}

func deleteFlag(ctx context.Context, q db.Q, clubID int64, flag string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM club_flags WHERE club_id = ? AND flag = ?`, clubID, flag)
	return err
}

func insertFlag(ctx context.Context, q db.Q, clubID int64, flag string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO club_flags (club_id, flag) VALUES (?, ?)`, clubID, flag)
	return err
}

const clubCols = `id, title, body, logo, images, full_html, html_design, timezone, created, suspended`

// clubByID reads a club's row; db.ErrNoRows when there is none.
func clubByID(ctx context.Context, q db.Q, id int64) (*Club, error) {
	var c Club
	if err := db.Get(ctx, q, &c, `SELECT `+clubCols+` FROM clubs WHERE id = ?`, id); err != nil {
		return nil, err
	}
	return &c, nil
}

func clubFlags(ctx context.Context, q db.Q, id int64) ([]string, error) {
	var flags []string
	err := db.Select(ctx, q, &flags, `SELECT flag FROM club_flags WHERE club_id = ?`, id)
	return flags, err
}

// allClubs lists every club with its flags, by title (the provider's console).
func allClubs(ctx context.Context, q db.Q) ([]Club, []struct {
	ClubID int64  `db:"club_id"`
	Flag   string `db:"flag"`
}, error) {
	var clubs []Club
	if err := db.Select(ctx, q, &clubs, `SELECT `+clubCols+` FROM clubs ORDER BY title, id`); err != nil {
		return nil, nil, err
	}
	var flags []struct {
		ClubID int64  `db:"club_id"`
		Flag   string `db:"flag"`
	}
	err := db.Select(ctx, q, &flags, `SELECT club_id, flag FROM club_flags ORDER BY club_id, flag`)
	return clubs, flags, err
}

func setSuspended(ctx context.Context, q db.Q, id int64, on bool) (int64, error) {
	res, err := db.Exec(ctx, q, `UPDATE clubs SET suspended = ? WHERE id = ?`, db.Bool(on), id)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func countClubs(ctx context.Context, q db.Q) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM clubs`)
	return n, err
}

// clubsOfStaff lists the clubs where the user is active staff, by title.
func clubsOfStaff(ctx context.Context, q db.Q, uid int64) ([]Summary, error) {
	out := []Summary{}
	err := db.Select(ctx, q, &out, `SELECT c.id, c.title, c.logo, c.suspended FROM clubs c
		JOIN members m ON m.club_id = c.id
		WHERE m.user_id = ? AND m.is_staff = 1 AND m.status = 1 ORDER BY c.title, c.id`, uid)
	return out, err
}

type memberRecord struct {
	ID      int64 `db:"id"`
	Status  int   `db:"status"`
	IsStaff int   `db:"is_staff"`
}

// memberRecordOf is the user's member record in the club, a staff one
// first; db.ErrNoRows when there is none.
func memberRecordOf(ctx context.Context, q db.Q, uid, clubID int64) (*memberRecord, error) {
	var row memberRecord
	err := db.Get(ctx, q, &row, `SELECT id, status, is_staff FROM members WHERE user_id = ? AND club_id = ? ORDER BY is_staff DESC, id LIMIT 1`, uid, clubID)
	return &row, err
}

func staffRoles(ctx context.Context, q db.Q, memberID int64) ([]string, error) {
	roles := []string{}
	err := db.Select(ctx, q, &roles, `SELECT role FROM member_roles WHERE member_id = ? ORDER BY role`, memberID)
	return roles, err
}

// pageImageCount counts the clubs whose logo or page pictures are the file.
func pageImageCount(ctx context.Context, q db.Q, fileID string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM clubs c JOIN files f ON f.id = ? AND f.club_id = c.id AND f.purpose = 'club_image'
		WHERE c.logo = f.id OR c.images LIKE '%"' || f.id || '"%'`, fileID)
	return n, err
}

// setClubColumn writes one column of a club's page; col is one of Save's
// own names, never a caller's.
func setClubColumn(ctx context.Context, q db.Q, id int64, col string, v any) error {
	_, err := db.Exec(ctx, q, `UPDATE clubs SET `+col+` = ? WHERE id = ?`, v, id)
	return err
}

// categoryTitles lists the titles of the club's categories of a type, oldest
// first (a setting is the first one).
func categoryTitles(ctx context.Context, q db.Q, clubID int64, typ string, limit int) ([]string, error) {
	var titles []string
	err := db.Select(ctx, q, &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = ? ORDER BY id LIMIT ?`, clubID, typ, limit)
	return titles, err
}

func categoryTypes(ctx context.Context, q db.Q, clubID, nid int64) ([]string, error) {
	var t []string
	err := db.Select(ctx, q, &t, `SELECT type FROM club_categories WHERE id = ? AND club_id = ?`, nid, clubID)
	return t, err
}

// categoriesOf lists the club's categories of a type: oldest first, or by
// title for the product categories.
func categoriesOf(ctx context.Context, q db.Q, clubID int64, typ string, byTitle bool) ([]ClubCategory, error) {
	out := []ClubCategory{}
	query := `SELECT id, club_id, type, title FROM club_categories WHERE club_id = ? AND type = ? ORDER BY id`
	if byTitle {
		query = `SELECT id, club_id, type, title FROM club_categories WHERE club_id = ? AND type = ? ORDER BY title, id`
	}
	return out, db.Select(ctx, q, &out, query, clubID, typ)
}

func insertCategory(ctx context.Context, q db.Q, clubID int64, typ, title string, descuento int, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO club_categories (club_id, type, title, descuento, created) VALUES (?,?,?,?,?)`,
		clubID, typ, title, descuento, now)
}

// updateCategory changes a category of the club and type; false when there
// is none.
func updateCategory(ctx context.Context, q db.Q, clubID, nid int64, typ, title string, descuento *int) (bool, error) {
	var res sql.Result
	var err error
	if descuento == nil {
		res, err = db.Exec(ctx, q, `UPDATE club_categories SET title = ? WHERE id = ? AND club_id = ? AND type = ?`, title, nid, clubID, typ)
	} else {
		res, err = db.Exec(ctx, q, `UPDATE club_categories SET title = ?, descuento = ? WHERE id = ? AND club_id = ? AND type = ?`,
			title, *descuento, nid, clubID, typ)
	}
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// deleteCategory removes a category of the club: of the type, or of any
// type but the member categories when typ is ""; false when there is none.
func deleteCategory(ctx context.Context, q db.Q, clubID, nid int64, typ string) (bool, error) {
	var res sql.Result
	var err error
	if typ == "" {
		res, err = db.Exec(ctx, q, `DELETE FROM club_categories WHERE id = ? AND club_id = ? AND type <> 'membership'`, nid, clubID)
	} else {
		res, err = db.Exec(ctx, q, `DELETE FROM club_categories WHERE id = ? AND club_id = ? AND type = ?`, nid, clubID, typ)
	}
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func deleteCategoriesOfType(ctx context.Context, q db.Q, clubID int64, typ string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM club_categories WHERE club_id = ? AND type = ?`, clubID, typ)
	return err
}

// productsInCategory counts the live products of a product category.
func productsInCategory(ctx context.Context, q db.Q, nid int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM products WHERE category_id = ? AND deleted = 0`, nid)
	return n, err
}
