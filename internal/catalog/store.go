package catalog

import (
	"context"
	"strings"

	"socius/internal/db"
	"socius/internal/textnorm"
)

// The SQL of catalog's tables (products, product_images, product_terms,
// stock_movements), one function per statement, each taking the caller's
// transaction or pool: the saves, deletes, public reads and search terms
// here, the product list in store_list.go, the stock in store_stock.go.

// ClearCategory takes a deleted category off the products that still name
// it (deleted ones: a live product keeps its category), inside the caller's
// transaction.
func ClearCategory(ctx context.Context, q db.Q, categoryID int64) error {
	_, err := db.Exec(ctx, q, `UPDATE products SET category_id = NULL WHERE category_id = ?`, categoryID)
	return err
}

// lockCodes takes the club's advisory lock of product codes until q's
// transaction ends (PostgreSQL only; 2 is the catalogue's space among db's
// lock spaces).
func lockCodes(ctx context.Context, q db.Q, clubID int64) error {
	_, err := db.Exec(ctx, q, `SELECT pg_advisory_xact_lock(2, ?)`, clubID)
	return err
}

// isProductCategory says whether the category is one of the club's product categories.
func isProductCategory(ctx context.Context, q db.Q, clubID, categoryID int64) (bool, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = ?`, categoryID, clubID, CategoryType)
	return n > 0, err
}

// codeHolders lists the titles of the club's live products other than pid with the code.
func codeHolders(ctx context.Context, q db.Q, clubID int64, code string, pid int64) ([]string, error) {
	var other []string
	err := db.Select(ctx, q, &other, `SELECT title FROM products WHERE club_id = ? AND code = ? AND deleted = 0 AND id <> ?`, clubID, code, pid)
	return other, err
}

// savedColumns are the values a save writes, in the order of the columns of
// insertProduct and updateProduct.
func savedColumns(in Input, price, now int64) []any {
	return []any{in.Kind, in.Title, in.Subtitle, in.Body, in.Code, in.Category, price, int64(in.Cost), in.Type, in.Dominance,
		db.Bool(in.THC), db.Bool(in.MenuExport), db.Bool(in.Status), db.Bool(in.Discount), db.Bool(in.UnlimitedStock), db.Bool(in.InventoryTracking),
		int64(in.JarWeight), int64(in.UnitWeight), db.Bool(in.ShowInTV), in.Valoration, in.THCPercent, in.CBDPercent,
		textnorm.Fold(in.Title), searchText(in), now}
}

// insertProduct creates a product (with no stock) and returns its id.
func insertProduct(ctx context.Context, q db.Q, clubID int64, in Input, price, now int64, token string) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO products (kind, title, subtitle, body, code, category_id, price, cost, type, dominance,
		thc, menu_export, status, discount, unlimited_stock, inventory_tracking, jar_weight, unit_weight, showintv, valoration,
		thc_percent, cbd_percent, sort_key, search, changed, club_id, created, public_token)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		append(savedColumns(in, price, now), clubID, now, token)...)
}

// updateProduct writes a live product of the club and kind; false when
// there is none.
func updateProduct(ctx context.Context, q db.Q, clubID, pid int64, in Input, price, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE products SET kind = ?, title = ?, subtitle = ?, body = ?, code = ?, category_id = ?, price = ?,
		cost = ?, type = ?, dominance = ?, thc = ?, menu_export = ?, status = ?, discount = ?, unlimited_stock = ?,
		inventory_tracking = ?, jar_weight = ?, unit_weight = ?, showintv = ?, valoration = ?, thc_percent = ?, cbd_percent = ?,
		sort_key = ?, search = ?, changed = ?
		WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`, append(savedColumns(in, price, now), pid, clubID, in.Kind)...)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func deleteImages(ctx context.Context, q db.Q, pid int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM product_images WHERE product_id = ?`, pid)
	return err
}

func insertImage(ctx context.Context, q db.Q, pid int64, position int, file, thumb string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO product_images (product_id, position, file_id, thumb_id) VALUES (?,?,?,?)`,
		pid, position, file, thumb)
	return err
}

// stockLevel reads a product's stock.
func stockLevel(ctx context.Context, q db.Q, pid int64) (int64, error) {
	var stock int64
	err := db.Get(ctx, q, &stock, `SELECT stock FROM products WHERE id = ?`, pid)
	return stock, err
}

// markDeleted deletes a live product of the club and kind (it stays, marked
// and unpublished); false when there is none.
func markDeleted(ctx context.Context, q db.Q, clubID int64, kind string, pid, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE products SET deleted = 1, status = 0, changed = ? WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`, now, pid, clubID, kind)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func countMovements(ctx context.Context, q db.Q, pid int64) (int, error) {
	var moves int
	err := db.Get(ctx, q, &moves, `SELECT COUNT(*) FROM stock_movements WHERE product_id = ?`, pid)
	return moves, err
}

// publicProductID is the club's published product with the public link
// token, or 0.
func publicProductID(ctx context.Context, q db.Q, clubID int64, token string) (int64, error) {
	var pids []int64
	if err := db.Select(ctx, q, &pids, `SELECT id FROM products WHERE public_token = ? AND club_id = ? AND status = 1 AND deleted = 0`,
		token, clubID); err != nil || len(pids) == 0 {
		return 0, err
	}
	return pids[0], nil
}

func clubTitle(ctx context.Context, q db.Q, clubID int64) (string, error) {
	var title string
	err := db.Get(ctx, q, &title, `SELECT title FROM clubs WHERE id = ?`, clubID)
	return title, err
}

// publishedImageCount counts the published products whose image or
// thumbnail is the file.
func publishedImageCount(ctx context.Context, q db.Q, fileID string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM product_images i JOIN products p ON p.id = i.product_id
		JOIN files f ON f.id = ? AND f.club_id = p.club_id AND f.purpose = 'product_image'
		WHERE (i.file_id = f.id OR i.thumb_id = f.id) AND p.status = 1 AND p.deleted = 0`, fileID)
	return n, err
}

func deleteTerms(ctx context.Context, q db.Q, pid int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM product_terms WHERE product_id = ?`, pid)
	return err
}

// insertTerms writes a batch of a product's search terms in one statement.
func insertTerms(ctx context.Context, q db.Q, clubID, pid int64, terms []string) error {
	rows := make([]string, len(terms))
	args := make([]any, 0, 3*len(terms))
	for i, t := range terms {
		rows[i] = "(?,?,?)"
		args = append(args, clubID, t, pid)
	}
	_, err := db.Exec(ctx, q, `INSERT INTO product_terms (club_id, term, product_id) VALUES `+strings.Join(rows, ","), args...)
	return err
}

// termCount is a product with a search text and how many terms it has.
type termCount struct {
	ID     int64  `db:"id"`
	ClubID int64  `db:"club_id"`
	Search string `db:"search"`
	Terms  int    `db:"terms"`
}

// termCounts lists every product with a search text and its number of terms.
func termCounts(ctx context.Context, q db.Q) ([]termCount, error) {
	var all []termCount
	err := db.Select(ctx, q, &all, `SELECT p.id, p.club_id, p.search, COUNT(t.product_id) AS terms
		FROM products p LEFT JOIN product_terms t ON t.product_id = p.id
		WHERE p.search <> '' GROUP BY p.id, p.club_id, p.search`)
	return all, err
}
