package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of pos's tables (orders, their lines, coupons and refunds, wallet
// movements, fee types), one function per statement, each taking the
// caller's transaction or pool.

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
