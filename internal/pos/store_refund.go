package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of refunds: order_refunds, order_refund_lines and what a refund
// adds up on the order's lines.

// lockOrderForRefund takes the row of the club's order to refund with an
// UPDATE, so two refunds (or a refund and a pay) of one order queue.
func lockOrderForRefund(ctx context.Context, q db.Q, clubID, oid, now int64) (*orderRow, error) {
	var rows []orderRow
	if err := db.Select(ctx, q, &rows, `UPDATE orders SET changed = ? WHERE id = ? AND club_id = ? RETURNING id, member_id, status, total, pay_type`,
		now, oid, clubID); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrOrderNotFound
	}
	return &rows[0], nil
}

// productLines reads an order's product lines (no fee lines) by product.
func productLines(ctx context.Context, q db.Q, oid int64) ([]lineRow, error) {
	var lines []lineRow
	err := db.Select(ctx, q, &lines, `SELECT `+lineCols+` FROM order_lines WHERE order_id = ? AND product_id IS NOT NULL ORDER BY product_id`, oid)
	return lines, err
}

// refundedSoFar sums the money of every refund of the order, whatever its method.
func refundedSoFar(ctx context.Context, q db.Q, oid int64) (int64, error) {
	var before int64
	err := db.Get(ctx, q, &before, `SELECT COALESCE(SUM(amount), 0) FROM order_refunds WHERE order_id = ?`, oid)
	return before, err
}

func insertRefund(ctx context.Context, q db.Q, clubID, oid, memberID int64, payType string, total, grams int64, reason string, staff, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO order_refunds (club_id, order_id, member_id, pay_type, amount, grams, reason, staff_user_id, created)
			VALUES (?,?,?,?,?,?,?,?,?)`, clubID, oid, memberID, payType, total, grams, reason, staff, now)
}

func insertRefundLine(ctx context.Context, q db.Q, refundID, lineID, qty, real, money int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO order_refund_lines (refund_id, line_id, quantity, real_quantity, amount) VALUES (?,?,?,?,?)`,
		refundID, lineID, qty, real, money)
	return err
}

// addLineRefund adds what a refund gives back to the line's refunded sums.
func addLineRefund(ctx context.Context, q db.Q, lineID, qty, real, grams, money int64) error {
	_, err := db.Exec(ctx, q, `UPDATE order_lines SET refund_quantity = refund_quantity + ?, refund_real = refund_real + ?,
				refund_grams = refund_grams + ?, refund_amount = refund_amount + ? WHERE id = ?`, qty, real, grams, money, lineID)
	return err
}

// productLinesLeft counts the order's product lines not wholly refunded.
func productLinesLeft(ctx context.Context, q db.Q, oid int64) (int, error) {
	var left int
	err := db.Get(ctx, q, &left, `SELECT COUNT(*) FROM order_lines WHERE order_id = ? AND product_id IS NOT NULL
			AND refund_quantity < quantity`, oid)
	return left, err
}
