package pos

import (
	"context"
	"database/sql"

	"socius/internal/db"
)

// The SQL of fee_types.

const feeCols = `id, code, title, price, days, status, club_id`

// clubFees lists the club's fee types by title.
func clubFees(ctx context.Context, q db.Q, clubID int64) ([]FeeType, error) {
	out := []FeeType{}
	err := db.Select(ctx, q, &out, `SELECT `+feeCols+` FROM fee_types WHERE club_id = ? ORDER BY title, id`, clubID)
	return out, err
}

// feeByID reads a fee type of the club; none is an empty list.
func feeByID(ctx context.Context, q db.Q, clubID, id int64) ([]FeeType, error) {
	var f []FeeType
	err := db.Select(ctx, q, &f, `SELECT `+feeCols+` FROM fee_types WHERE id = ? AND club_id = ?`, id, clubID)
	return f, err
}

func insertFee(ctx context.Context, q db.Q, clubID int64, in FeeInput, status int, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO fee_types (club_id, code, title, price, days, status, created) VALUES (?,?,?,?,?,?,?)`,
		clubID, in.Code, in.Title, int64(in.Price), in.Days, status, now)
}

func updateFee(ctx context.Context, q db.Q, clubID, id int64, in FeeInput, status int) (sql.Result, error) {
	return db.Exec(ctx, q, `UPDATE fee_types SET code = ?, title = ?, price = ?, days = ?, status = ? WHERE id = ? AND club_id = ?`,
		in.Code, in.Title, int64(in.Price), in.Days, status, id, clubID)
}

// feeUses counts the order lines that pay the fee type.
func feeUses(ctx context.Context, q db.Q, id int64) (int, error) {
	var used int
	err := db.Get(ctx, q, &used, `SELECT COUNT(*) FROM order_lines WHERE fee_type_id = ?`, id)
	return used, err
}

// deleteUnusedFee removes a fee type unless an order line names it.
func deleteUnusedFee(ctx context.Context, q db.Q, clubID, id int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM fee_types WHERE id = ? AND club_id = ? AND NOT EXISTS (SELECT 1 FROM order_lines WHERE fee_type_id = ?)`, id, clubID, id)
	return err
}
