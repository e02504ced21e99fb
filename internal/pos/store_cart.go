package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of an order in process (a cart): finding and locking it, its
// lines and coupons, its price, its cancelling.

const cartCols = `id, club_id, member_id, status, manual_discount, pay_key`

// cartQuery is how findOrder reads an order: a SELECT, or with lock an
// UPDATE that changes nothing, which still takes the row's lock on
// PostgreSQL (SQLite's writer holds the whole database).
func cartQuery(lock bool) (read, returning string) {
	if lock {
		return `UPDATE orders SET changed = changed WHERE `, ` RETURNING ` + cartCols
	}
	return `SELECT ` + cartCols + ` FROM orders WHERE `, ""
}

// orderOfClub reads (or with lock takes) the club's order by id; none is
// an empty list.
func orderOfClub(ctx context.Context, q db.Q, clubID, oid int64, lock bool) ([]orderRow, error) {
	var rows []orderRow
	read, returning := cartQuery(lock)
	err := db.Select(ctx, q, &rows, read+`id = ? AND club_id = ?`+returning, oid, clubID)
	return rows, err
}

// memberCart reads (or with lock takes) the member's order in process; none
// is an empty list.
func memberCart(ctx context.Context, q db.Q, clubID, memberID int64, lock bool) ([]orderRow, error) {
	var rows []orderRow
	read, returning := cartQuery(lock)
	err := db.Select(ctx, q, &rows, read+`member_id = ? AND club_id = ? AND status = ?`+returning, memberID, clubID, StatusCart)
	return rows, err
}

// insertCart opens an order in process for the member; a unique violation
// means the member has one already.
func insertCart(ctx context.Context, q db.Q, clubID, memberID, staff, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO orders (club_id, member_id, status, staff_user_id, created, changed) VALUES (?,?,?,?,?,?)`,
		clubID, memberID, StatusCart, staff, now, now)
}

// priceCart writes the prices and manual discount of an order in process;
// an order no longer in process is refused (mustChangeCart).
func priceCart(ctx context.Context, q db.Q, oid int64, priced Priced, manual, now int64) error {
	res, err := db.Exec(ctx, q, `UPDATE orders SET base_price = ?, discount = ?, total = ?, manual_discount = ?, changed = ?
		WHERE id = ? AND status = ?`, priced.Base, priced.Discount, priced.Total, manual, now, oid, StatusCart)
	if err == nil {
		err = mustChangeCart(res)
	}
	return err
}

// deleteCart cancels an order in process (spec: cancelling deletes it); a
// paid order is never deleted.
func deleteCart(ctx context.Context, q db.Q, oid int64) error {
	res, err := db.Exec(ctx, q, `DELETE FROM orders WHERE id = ? AND status = ?`, oid, StatusCart)
	if err != nil {
		return err
	}
	return mustChangeCart(res)
}

// deleteMemberCart deletes the member's order in process, if any.
func deleteMemberCart(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM orders WHERE member_id = ? AND status = ?`, memberID, StatusCart)
	return err
}

// cartLines reads an order's lines in their order.
func cartLines(ctx context.Context, q db.Q, oid int64) ([]lineRow, error) {
	var stored []lineRow
	err := db.Select(ctx, q, &stored, `SELECT `+lineCols+` FROM order_lines WHERE order_id = ? ORDER BY position`, oid)
	return stored, err
}

// deleteCartLines removes the lines of an order, only while it is in process.
func deleteCartLines(ctx context.Context, q db.Q, oid int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM order_lines WHERE order_id IN (SELECT id FROM orders WHERE id = ? AND status = ?)`,
		oid, StatusCart)
	return err
}

// lineValues is a priced line as order_lines stores it; ProductID and
// FeeTypeID are nil or an id.
type lineValues struct {
	Position             int
	ProductID, FeeTypeID any
	Title, Code          string
	Category, Type       string
	Unit, Cost           int64
	Quantity, Real       int64
	Grams                int64
	Priced               PricedLine
}

func insertLine(ctx context.Context, q db.Q, oid int64, l lineValues) error {
	_, err := db.Exec(ctx, q, `INSERT INTO order_lines (order_id, position, product_id, fee_type_id, title, code, category,
			product_type, unit_price, unit_cost, quantity, real_quantity, grams, base_price, discount, total) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		oid, l.Position, l.ProductID, l.FeeTypeID, l.Title, l.Code, l.Category, l.Type, l.Unit, l.Cost, l.Quantity, l.Real, l.Grams,
		l.Priced.Base, l.Priced.Discount, l.Priced.Total)
	return err
}

// orderCouponIDs are the coupons on an order, in the order they were applied.
func orderCouponIDs(ctx context.Context, q db.Q, oid int64) ([]int64, error) {
	var ids []int64
	err := db.Select(ctx, q, &ids, `SELECT coupon_id FROM order_coupons WHERE order_id = ? ORDER BY position`, oid)
	return ids, err
}

// deleteCartCoupons removes the coupons of an order, only while it is in process.
func deleteCartCoupons(ctx context.Context, q db.Q, oid int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM order_coupons WHERE order_id IN (SELECT id FROM orders WHERE id = ? AND status = ?)`,
		oid, StatusCart)
	return err
}

// insertOrderCoupon puts a coupon on an order at position, with what it took off.
func insertOrderCoupon(ctx context.Context, q db.Q, oid, couponID int64, position int, amount int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO order_coupons (order_id, coupon_id, position, amount) VALUES (?,?,?,?)`,
		oid, couponID, position, amount)
	return err
}

// counterProduct reads a product of the club as the counter prices it (a
// product, not deleted); none is an empty list.
func counterProduct(ctx context.Context, q db.Q, clubID, pid int64) ([]productRow, error) {
	var ps []productRow
	err := db.Select(ctx, q, &ps, `SELECT p.id, p.title, p.code, COALESCE(c.title, '') AS category, COALESCE(p.category_id, 0) AS category_id, p.type, p.price, p.stock,
				p.unlimited_stock, p.discount, p.unit_weight, p.cost, p.thc_percent FROM products p LEFT JOIN club_categories c ON c.id = p.category_id
				WHERE p.id = ? AND p.club_id = ? AND p.kind = 'pro' AND p.deleted = 0`, pid, clubID)
	return ps, err
}

// weightDiscrepancySetting is the club's weight_discrepancy setting, if set.
func weightDiscrepancySetting(ctx context.Context, q db.Q, clubID int64) ([]string, error) {
	var titles []string
	err := db.Select(ctx, q, &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'weight_discrepancy' ORDER BY id LIMIT 1`, clubID)
	return titles, err
}
