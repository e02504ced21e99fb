package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of pos's tables (orders, their lines, coupons and refunds, wallet
// movements, fee types), one function per statement, each taking the
// caller's transaction or pool: the pay's here, the others by concern in
// store_orders.go (orders read for the API), store_cart.go (orders in
// process), store_refund.go, store_wallet.go and store_fees.go. The service
// keeps the rules, the transactions and the order the rows are locked in.

// paidWithKey is the club's paid order that a pay with this idempotency key
// completed, or 0.
func paidWithKey(ctx context.Context, q db.Q, clubID int64, key string) (int64, error) {
	var done []int64
	err := db.Select(ctx, q, &done, `SELECT id FROM orders WHERE club_id = ? AND pay_key = ? AND status = ?`, clubID, key, StatusCompleted)
	if err != nil || len(done) == 0 {
		return 0, err
	}
	return done[0], nil
}

// lockOrderForPay takes the row of the order to pay (by id, or the member's
// order in process) with an UPDATE, so two pays of one order queue.
func lockOrderForPay(ctx context.Context, q db.Q, clubID, oid, memberID, now int64) (*orderRow, error) {
	var rows []orderRow
	var err error
	if oid != 0 {
		err = db.Select(ctx, q, &rows, `UPDATE orders SET changed = ? WHERE id = ? AND club_id = ?
			RETURNING id, member_id, status, manual_discount, pay_key`, now, oid, clubID)
	} else {
		err = db.Select(ctx, q, &rows, `UPDATE orders SET changed = ? WHERE member_id = ? AND club_id = ? AND status = ?
			RETURNING id, member_id, status, manual_discount, pay_key`, now, memberID, clubID, StatusCart)
	}
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrOrderNotFound
	}
	return &rows[0], nil
}

// paidOrder is what a pay writes on the order's row.
type paidOrder struct {
	Priced       Priced
	PayType      string
	Key          string
	Signature    string
	Override     string
	OverrideUser any // the supervisor who gave the reason, or nil
	Staff        int64
	At           int64
}

// markPaid completes an order in process; an order no longer in process is
// refused (mustChangeCart).
func markPaid(ctx context.Context, q db.Q, oid int64, p paidOrder) error {
	res, err := db.Exec(ctx, q, `UPDATE orders SET status = ?, base_price = ?, discount = ?, total = ?, pay_type = ?, pay_key = ?,
		signature = ?, override_reason = ?, override_user_id = ?, paid_by_user_id = ?, paid = ?, changed = ? WHERE id = ? AND status = ?`,
		StatusCompleted, p.Priced.Base, p.Priced.Discount, p.Priced.Total, p.PayType, p.Key, p.Signature, p.Override, p.OverrideUser,
		p.Staff, p.At, p.At, oid, StatusCart)
	if err != nil {
		return err
	}
	return mustChangeCart(res)
}

// gramsSoldSince sums the grams of the member's paid orders since start.
func gramsSoldSince(ctx context.Context, q db.Q, memberID, start int64) (int64, error) {
	var sold int64
	err := db.Get(ctx, q, &sold, `SELECT COALESCE(SUM(l.grams), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.member_id = ? AND o.status = 'completed' AND o.paid >= ?`, memberID, start)
	return sold, err
}

// gramsRefundedSince sums the grams given back to the member since start.
func gramsRefundedSince(ctx context.Context, q db.Q, memberID, start int64) (int64, error) {
	var back int64
	err := db.Get(ctx, q, &back, `SELECT COALESCE(SUM(grams), 0) FROM order_refunds WHERE member_id = ? AND created >= ?`, memberID, start)
	return back, err
}

// storedLinesSum is what checkStoredLines reads back of an order's lines:
// how many, how many break a bound, and their total.
type storedLinesSum struct {
	N     int   `db:"n"`
	Bad   int   `db:"bad"`
	Total int64 `db:"total"`
}

// sumStoredLines counts an order's lines, those outside 0 ≤ total = base −
// discount, base ≤ MaxLineCents and non-negative quantities, and sums their
// totals.
func sumStoredLines(ctx context.Context, q db.Q, oid int64) (storedLinesSum, error) {
	var stored storedLinesSum
	err := db.Get(ctx, q, &stored, `SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN base_price < 0 OR discount < 0 OR total < 0
		OR total <> base_price - discount OR base_price > ? OR quantity < 0 OR real_quantity < 0 OR grams < 0 THEN 1 ELSE 0 END), 0) AS bad,
		COALESCE(SUM(total), 0) AS total FROM order_lines WHERE order_id = ?`, MaxLineCents, oid)
	return stored, err
}

// consumptionCheckSetting is the club's consumption_check setting, if set.
func consumptionCheckSetting(ctx context.Context, q db.Q, clubID int64) ([]string, error) {
	var titles []string
	err := db.Select(ctx, q, &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'consumption_check' ORDER BY id LIMIT 1`, clubID)
	return titles, err
}
