package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of orders read for the API and of the member a counter serves.

var orderSelect = `SELECT o.id, o.club_id, o.member_id, o.status, o.base_price, o.discount, o.total, o.manual_discount,
	o.pay_type, o.pay_key, o.signature, o.override_reason, o.created, o.changed, o.paid,
	` + db.StaffName("su") + ` AS staff, ` + db.StaffName("pu") + ` AS paid_by,
	m.number, m.nombre, m.surname, m.dni
	FROM orders o JOIN members m ON m.id = o.member_id
	LEFT JOIN users su ON su.id = o.staff_user_id LEFT JOIN users pu ON pu.id = o.paid_by_user_id`

const lineCols = `id, order_id, product_id, fee_type_id, title, code, category, product_type, unit_price, quantity,
	real_quantity, grams, base_price, discount, total, refund_quantity, refund_real, refund_grams, refund_amount`

// orderByID reads one order of the club; none is an empty list.
func orderByID(ctx context.Context, q db.Q, clubID, oid int64) ([]orderRow, error) {
	var rows []orderRow
	err := db.Select(ctx, q, &rows, orderSelect+` WHERE o.id = ? AND o.club_id = ?`, oid, clubID)
	return rows, err
}

// linesOfOrders reads the lines of orders (ids, at least one), in order.
func linesOfOrders(ctx context.Context, q db.Q, ids []any) ([]lineRow, error) {
	var lines []lineRow
	err := db.Select(ctx, q, &lines, `SELECT `+lineCols+` FROM order_lines WHERE order_id IN (?`+
		repeat(len(ids))+`) ORDER BY order_id, position`, ids...)
	return lines, err
}

// refundsOfOrders reads the refunds of orders (ids, at least one), oldest first.
func refundsOfOrders(ctx context.Context, q db.Q, ids []any) ([]Refund, error) {
	var refunds []Refund
	err := db.Select(ctx, q, &refunds, `SELECT r.id, r.order_id, r.created, r.amount, r.pay_type, r.reason, `+db.StaffName("u")+` AS staff
		FROM order_refunds r LEFT JOIN users u ON u.id = r.staff_user_id WHERE r.order_id IN (?`+repeat(len(ids))+`) ORDER BY r.order_id, r.id`, ids...)
	return refunds, err
}

// orderCoupons loads the coupons of orders for the API.
func orderCoupons(ctx context.Context, q db.Q, ids []any) ([]OrderCoupon, error) {
	var out []OrderCoupon
	err := db.Select(ctx, q, &out, `SELECT oc.order_id, oc.coupon_id, c.code, c.title, c.discount, c.type, oc.amount
		FROM order_coupons oc JOIN coupons c ON c.id = oc.coupon_id
		WHERE oc.order_id IN (?`+repeat(len(ids))+`) ORDER BY oc.order_id, oc.position`, ids...)
	return out, err
}

// orderFilter is the WHERE clause of the order list and its arguments.
func orderFilter(clubID int64, f Filter) (string, []any) {
	where := ` WHERE o.club_id = ?`
	args := []any{clubID}
	if f.Status != "" {
		where += ` AND o.status = ?`
		args = append(args, f.Status)
	}
	if f.MemberID != 0 {
		where += ` AND o.member_id = ?`
		args = append(args, f.MemberID)
	}
	at := `(CASE WHEN o.paid > 0 THEN o.paid ELSE o.created END)`
	if f.Status == StatusCompleted {
		at = `o.paid` // a completed order always has paid > 0: the range then reads the orders_paid index
	}
	if f.Start != 0 {
		where += ` AND ` + at + ` >= ?`
		args = append(args, f.Start)
	}
	if f.End != 0 {
		where += ` AND ` + at + ` <= ?`
		args = append(args, f.End)
	}
	return where, args
}

// countOrders counts the orders an orderFilter clause selects.
func countOrders(ctx context.Context, q db.Q, where string, args []any) (int, error) {
	var total int
	err := db.Get(ctx, q, &total, `SELECT COUNT(*) FROM orders o`+where, args...)
	return total, err
}

// orderPage reads a page of the orders an orderFilter clause selects, newest first.
func orderPage(ctx context.Context, q db.Q, where string, args []any, limit, offset int) ([]orderRow, error) {
	var rows []orderRow
	err := db.Select(ctx, q, &rows, orderSelect+where+` ORDER BY o.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, err
}

// openOrderCount counts the club's orders in process, over the orders_club index.
func openOrderCount(ctx context.Context, q db.Q, clubID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM orders o WHERE o.club_id = ? AND o.status = ?`, clubID, StatusCart)
	return n, err
}

// recipientRow is the member of an order and that member's user, if any.
type recipientRow struct {
	MemberID int64  `db:"member_id"`
	UserID   *int64 `db:"user_id"`
}

// orderRecipient reads the member and user of one of the club's orders;
// none is an empty list.
func orderRecipient(ctx context.Context, q db.Q, clubID, oid int64) ([]recipientRow, error) {
	var rows []recipientRow
	err := db.Select(ctx, q, &rows, `SELECT o.member_id, m.user_id FROM orders o JOIN members m ON m.id = o.member_id
		WHERE o.id = ? AND o.club_id = ? AND m.club_id = ?`, oid, clubID, clubID)
	return rows, err
}

// counterMember reads what the counter needs of a member of the club;
// none is an empty list.
func counterMember(ctx context.Context, q db.Q, clubID, id int64) ([]memberRow, error) {
	var rows []memberRow
	err := db.Select(ctx, q, &rows, `SELECT m.id, m.status, m.deleted, m.wallet, m.monedero_negativo, m.consum_forecast, m.end_date, m.birthdate, m.created,
		COALESCE(c.descuento, 0) AS descuento, cl.timezone, m.type, m.category_id
		FROM members m JOIN clubs cl ON cl.id = m.club_id
		LEFT JOIN club_categories c ON c.id = m.category_id AND c.club_id = m.club_id
		WHERE m.id = ? AND m.club_id = ?`, id, clubID)
	return rows, err
}

// memberOrders reads every order of the club's member, oldest first.
func memberOrders(ctx context.Context, q db.Q, clubID, memberID int64) ([]orderRow, error) {
	var rows []orderRow
	err := db.Select(ctx, q, &rows, orderSelect+` WHERE o.club_id = ? AND o.member_id = ? ORDER BY o.id`, clubID, memberID)
	return rows, err
}
