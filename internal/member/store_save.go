package member

import (
	"context"
	"strings"

	"socius/internal/access"
	"socius/internal/db"
)

// The SQL of a member's save, one function per statement, each taking the
// caller's transaction. A deletion and CreateStaff reuse the role statements.

// lockClubWrites takes the PostgreSQL transaction lock that makes the
// club's member saves one at a time (PostgreSQL only).
func lockClubWrites(ctx context.Context, q db.Q, clubID int64) error {
	_, err := db.Exec(ctx, q, `SELECT pg_advisory_xact_lock(?)`, clubID)
	return err
}

// forecastSetting is the club's consumption forecast setting (the first
// consumptionforecast category); ok is false when it was never saved.
func forecastSetting(ctx context.Context, q db.Q, clubID int64) (title string, ok bool, err error) {
	var setting []string
	if err := db.Select(ctx, q, &setting, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'consumptionforecast' ORDER BY id LIMIT 1`, clubID); err != nil {
		return "", false, err
	}
	if len(setting) == 0 {
		return "", false, nil
	}
	return setting[0], true, nil
}

// numberUsers counts the club's members other than self, deleted or not,
// with the member number.
func numberUsers(ctx context.Context, q db.Q, clubID, number, self int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members WHERE club_id = ? AND number = ? AND id <> ?`, clubID, number, self)
	return n, err
}

// nextNumber is the club's next free member number.
func nextNumber(ctx context.Context, q db.Q, clubID int64) (int64, error) {
	var next int64
	err := db.Get(ctx, q, &next, `SELECT COALESCE(MAX(number), 0) + 1 FROM members WHERE club_id = ?`, clubID)
	return next, err
}

// countMemberCategory counts the club's member categories with the id (0 or 1).
func countMemberCategory(ctx context.Context, q db.Q, clubID, categoryID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = ?`, categoryID, clubID, CategoryType)
	return n, err
}

// savedCols are the columns a save writes, a fixed list: memberValues gives
// their values in this order, and no column name ever comes from input.
const savedCols = `number, nombre, surname, surname2, dni, email, telefono, country_code, birthdate, type, status, is_staff,
		online_account, end_date, keychain, consum_forecast, notes, address_thoroughfare, address_locality,
		address_postal_code, address_country, photo, signature, monedero_negativo, category_id, changed`

// memberValues are the values of savedCols for a resolved member: its photo
// and signature file ids, its category (nil for none) and the time of the save.
func memberValues(m *Member, photo, signature string, catID any, now int64) []any {
	a := m.MemcardAddress
	return []any{m.Number, m.Nombre, m.Surname, m.Surname2, m.DNI, m.Email, m.Telefono, m.CountryCode, m.Birthdate,
		m.Type, m.StatusMember, db.Bool(m.IsStaff), db.Bool(m.OnlineAccount), m.EndDate, m.Keychain, m.ConsumForecast,
		m.Notes, a.Thoroughfare, a.Locality, a.PostalCode, a.Country, photo, signature, db.Bool(m.MonederoNegativo), catID, now}
}

// insertMember writes a new member of the club from memberValues and returns its id.
func insertMember(ctx context.Context, q db.Q, clubID int64, vals []any, created int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO members (club_id, `+savedCols+`, created) VALUES (?, `+
		strings.Repeat("?, ", 26)+`?)`, append(append([]any{clubID}, vals...), created)...)
}

// updateMember rewrites a member's savedCols from memberValues.
func updateMember(ctx context.Context, q db.Q, id int64, vals []any) error {
	set := strings.ReplaceAll(strings.Join(strings.Fields(strings.ReplaceAll(savedCols, ",", " ")), " = ?, ")+" = ?", "\n", "")
	_, err := db.Exec(ctx, q, `UPDATE members SET `+set+` WHERE id = ?`, append(vals, id)...)
	return err
}

func deleteRoles(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_roles WHERE member_id = ?`, memberID)
	return err
}

func insertRole(ctx context.Context, q db.Q, memberID int64, role string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_roles (member_id, role) VALUES (?, ?)`, memberID, role)
	return err
}

// holderRow is a live member of the club holding a value.
type holderRow struct {
	Number   int64  `db:"number"`
	Nombre   string `db:"nombre"`
	Surname  string `db:"surname"`
	Surname2 string `db:"surname2"`
}

// liveHolders reads (at most one) live member of the club other than self
// whose column has value. column is "dni" or "keychain", holder's own
// names, never a caller's.
func liveHolders(ctx context.Context, q db.Q, clubID int64, column, value string, self int64) ([]holderRow, error) {
	var other []holderRow
	err := db.Select(ctx, q, &other, `SELECT number, nombre, surname, surname2 FROM members WHERE club_id = ? AND `+column+
		` = ? AND deleted = 0 AND id <> ? LIMIT 1`, clubID, value, self)
	return other, err
}

// countActiveAdmins counts the club's active staff members with the
// Administrador role whose user is active.
func countActiveAdmins(ctx context.Context, q db.Q, clubID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members m JOIN member_roles r ON r.member_id = m.id AND r.role = ?
		JOIN users u ON u.id = m.user_id AND u.status = 1
		WHERE m.club_id = ? AND m.deleted = 0 AND m.is_staff = 1 AND m.status = 1`, access.Administrador, clubID)
	return n, err
}
