package cash

import (
	"context"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

// Entry is money that comes into the till or leaves it with a sale, a refund
// or a wallet top-up: amounts in cents, times in unix seconds.
type Entry struct {
	Club    int64
	Type    string // TypeOrder or TypeWallet
	PayType string // cash, tpv or wallet
	Cents   int64  // positive in, negative out
	Order   int64  // 0 for none
	Member  int64
	Staff   int64
	At      int64
}

// Record writes an entry inside the caller's transaction, holding the till
// shared: a close waits for it, so a pay under way when the close starts is
// counted in the closed period, and its row's id comes before the close's
// opening movement (the date-range box figures rely on that order).
func Record(ctx context.Context, tx *sqlx.Tx, e Entry) error {
	if err := db.LockShared(ctx, tx, db.LockTill, e.Club); err != nil {
		return err
	}
	var order any
	if e.Order != 0 {
		order = e.Order
	}
	_, err := db.Exec(ctx, tx, `INSERT INTO cash_movements (club_id, type, pay_type, amount, order_id, member_id, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?)`, e.Club, e.Type, e.PayType, e.Cents, order, e.Member, e.Staff, e.At)
	return err
}
