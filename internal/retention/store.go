package retention

import (
	"context"

	"socius/internal/db"
)

// The retention_runs table's SQL.

func insertRun(ctx context.Context, q db.Q, clubID int64, r *Run, staffUserID *int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO retention_runs (club_id, at, trigger, staff_user_id, dispensations_before,
		dispensations_forgotten, declarations_before, declarations_removed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		clubID, r.At, r.Trigger, staffUserID, r.DispensationsBefore, r.DispensationsForgotten, r.DeclarationsBefore, r.DeclarationsRemoved)
}

// lastDaily is when the club's last daily run was, 0 if never.
func lastDaily(ctx context.Context, q db.Q, clubID int64) (int64, error) {
	var at int64
	err := db.Get(ctx, q, &at, `SELECT COALESCE(MAX(at), 0) FROM retention_runs WHERE club_id = ? AND trigger = ?`, clubID, Daily)
	return at, err
}

func selectRuns(ctx context.Context, q db.Q, clubID int64, limit int) ([]Run, error) {
	runs := []Run{}
	err := db.Select(ctx, q, &runs, `SELECT r.id, r.at, r.trigger, `+db.StaffName("u")+` AS staff, r.dispensations_before,
		r.dispensations_forgotten, r.declarations_before, r.declarations_removed
		FROM retention_runs r LEFT JOIN users u ON u.id = r.staff_user_id
		WHERE r.club_id = ? ORDER BY r.at DESC, r.id DESC LIMIT ?`, clubID, limit)
	return runs, err
}
