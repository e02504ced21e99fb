package pos

import (
	"context"

	"socius/internal/db"
)

// The SQL of wallet_movements, and the balance it leaves on the member.

// memberWallet is the member's balance as the transaction sees it.
func memberWallet(ctx context.Context, q db.Q, memberID int64) (int64, error) {
	var balance int64
	err := db.Get(ctx, q, &balance, `SELECT wallet FROM members WHERE id = ?`, memberID)
	return balance, err
}

// insertWalletMovement writes a ledger row; orderID is nil or the order's id.
func insertWalletMovement(ctx context.Context, q db.Q, clubID, memberID int64, op string, cents, balance int64, payType string, orderID any, staff, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO wallet_movements (club_id, member_id, operation, amount, balance, pay_type, order_id, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?,?)`, clubID, memberID, op, cents, balance, payType, orderID, staff, now)
	return err
}

// walletHistory lists the club's wallet movements (or one member's, when
// memberID is not 0) between two times, newest first.
func walletHistory(ctx context.Context, q db.Q, clubID, memberID, from, to int64) ([]WalletMovement, error) {
	query := `SELECT w.id, w.created, w.operation, w.amount, w.balance, w.pay_type, COALESCE(w.order_id, 0) AS order_id, w.member_id,
		m.number AS "membercard.number", m.nombre AS "membercard.nombre", m.surname AS "membercard.surname", m.dni AS "membercard.dni",
		` + db.StaffName("u") + ` AS staff
		FROM wallet_movements w JOIN members m ON m.id = w.member_id LEFT JOIN users u ON u.id = w.staff_user_id
		WHERE w.club_id = ? AND w.created BETWEEN ? AND ?`
	args := []any{clubID, from, to}
	if memberID != 0 {
		query += ` AND w.member_id = ?`
		args = append(args, memberID)
	}
	out := []WalletMovement{}
	err := db.Select(ctx, q, &out, query+` ORDER BY w.created DESC, w.id DESC LIMIT 100000`, args...)
	return out, err
}
