package catalog

import (
	"context"

	"socius/internal/amount"
	"socius/internal/db"
)

// The SQL of the stock: a product's level and its movements
// (stock_movements), each statement taking the caller's transaction or pool.

// stockRow is a product's row as a stock movement reads it.
type stockRow struct {
	Title     string `db:"title"`
	Unlimited bool   `db:"unlimited_stock"`
	Level     int64  `db:"stock"`
	Price     int64  `db:"price"`
	Cost      int64  `db:"cost"`
}

// addStock adds qty to a live professional product's stock and returns its
// row after the change, or nil when the change did not apply (no such
// product, or the checks below refused it).
func addStock(ctx context.Context, q db.Q, clubID, pid int64, kind string, qty int64) (*stockRow, error) {
	// The UPDATE takes the row lock first, so concurrent changes queue and none is lost.
	// It applies only while the new level stays within ±MaxMilli, so the sum can never
	// overflow in either database.
	// A sale may not take a limited stock below zero: the check is part of the
	// UPDATE, so two counters selling the last grams cannot both succeed.
	limit := int64(amount.MaxMilli)
	var p []stockRow
	if err := db.Select(ctx, q, &p, `UPDATE products SET stock = stock + ? WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0
		AND stock BETWEEN ? AND ? AND (? <> 'sale' OR unlimited_stock = 1 OR stock + ? >= 0) RETURNING title, unlimited_stock, stock, price, cost`,
		qty, pid, clubID, KindPro, -limit-qty, limit-qty, kind, qty); err != nil || len(p) == 0 {
		return nil, err
	}
	return &p[0], nil
}

// stockOf reads a live professional product's row, or nil when there is none.
func stockOf(ctx context.Context, q db.Q, clubID, pid int64) (*stockRow, error) {
	var p []stockRow
	if err := db.Select(ctx, q, &p, `SELECT title, unlimited_stock, stock, price, cost FROM products WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`,
		pid, clubID, KindPro); err != nil || len(p) == 0 {
		return nil, err
	}
	return &p[0], nil
}

// insertMovement records a stock movement and returns its id.
func insertMovement(ctx context.Context, q db.Q, clubID, staffUserID int64, m *StockMovement) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO stock_movements (club_id, product_id, type, quantity, new_level, note, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?)`, clubID, m.PID, m.Type, int64(m.Quantity), int64(m.NewLevel), m.Note, staffUserID, m.Created)
}

// employeeName is how movements name the staff user who made them.
var employeeName = db.StaffName("u")

// staffName is the name movements show for the staff user.
func staffName(ctx context.Context, q db.Q, staffUserID int64) (string, error) {
	var name string
	err := db.Get(ctx, q, &name, `SELECT `+employeeName+` FROM users u WHERE u.id = ?`, staffUserID)
	return name, err
}

// productInClub says whether the product is the club's, deleted or not.
func productInClub(ctx context.Context, q db.Q, clubID, pid int64) (bool, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM products WHERE id = ? AND club_id = ?`, pid, clubID)
	return n > 0, err
}

// movements lists a product's movements between two times, newest first.
func movements(ctx context.Context, q db.Q, clubID, pid, from, to int64) ([]StockMovement, error) {
	out := []StockMovement{}
	err := db.Select(ctx, q, &out, `SELECT m.id, m.product_id, m.created, m.type, m.quantity, m.new_level, m.note,
		`+employeeName+` AS employee_name
		FROM stock_movements m LEFT JOIN users u ON u.id = m.staff_user_id
		WHERE m.product_id = ? AND m.club_id = ? AND m.created BETWEEN ? AND ? ORDER BY m.created DESC, m.id DESC`, pid, clubID, from, to)
	return out, err
}

// lowStockWhere picks the club's published point-of-sale products whose
// stock is at or below a level, unlimited stock aside; it reads the
// products_published index.
const lowStockWhere = ` FROM products WHERE club_id = ? AND kind = ? AND deleted = 0 AND status = 1 AND unlimited_stock = 0 AND stock <= ?`

func countLowStock(ctx context.Context, q db.Q, clubID int64, level amount.Milli) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*)`+lowStockWhere, clubID, KindPro, int64(level))
	return n, err
}

// lowStock lists up to limit of the products at or below the level, the lowest first.
func lowStock(ctx context.Context, q db.Q, clubID int64, level amount.Milli, limit int) ([]LowProduct, error) {
	out := []LowProduct{}
	err := db.Select(ctx, q, &out, `SELECT id, title, type, stock`+lowStockWhere+` ORDER BY stock, sort_key, id LIMIT ?`, clubID, KindPro, int64(level), limit)
	return out, err
}

func batchable(ctx context.Context, q db.Q, clubID, pid int64) (*Batchable, error) {
	var p []Batchable
	if err := db.Select(ctx, q, &p, `SELECT id, title, type, unlimited_stock FROM products WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`,
		pid, clubID, KindPro); err != nil || len(p) == 0 {
		return nil, err
	}
	return &p[0], nil
}

func setContent(ctx context.Context, q db.Q, clubID, pid int64, thc, cbd *amount.Percent) error {
	_, err := db.Exec(ctx, q, `UPDATE products SET thc_percent = ?, cbd_percent = ? WHERE id = ? AND club_id = ?`, thc, cbd, pid, clubID)
	return err
}
