package provider

import (
	"context"

	"socius/internal/db"
)

// The SQL of provider_audit, and the reads of other packages' tables the
// console's overview needs (reads only: their owners write them).

func insertAudit(ctx context.Context, q db.Q, e AuditEntry) error {
	_, err := db.Exec(ctx, q, `INSERT INTO provider_audit (at, user_id, username, club_ref, club_title, action, detail)
		VALUES (?,?,?,?,?,?,?)`, e.At, e.UserID, e.Username, e.ClubID, e.ClubTitle, e.Action, e.Detail)
	return err
}

func auditPage(ctx context.Context, q db.Q, limit, offset int) ([]AuditEntry, error) {
	out := []AuditEntry{}
	err := db.Select(ctx, q, &out, `SELECT id, at, user_id, username, club_ref, club_title, action, detail
		FROM provider_audit ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`, limit, offset)
	return out, err
}

func countAudit(ctx context.Context, q db.Q) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM provider_audit`)
	return n, err
}

type clubFigure struct {
	Club int64 `db:"club_id"`
	N    int64 `db:"n"`
}

// activeMembers counts each club's active member records (staff included).
func activeMembers(ctx context.Context, q db.Q) ([]clubFigure, error) {
	var out []clubFigure
	err := db.Select(ctx, q, &out, `SELECT club_id, COUNT(*) AS n FROM members WHERE status = 1 GROUP BY club_id`)
	return out, err
}

// lastSales is each club's latest paid order's time (orders_paid index).
func lastSales(ctx context.Context, q db.Q) ([]clubFigure, error) {
	var out []clubFigure
	err := db.Select(ctx, q, &out, `SELECT club_id, MAX(paid) AS n FROM orders WHERE paid > 0 GROUP BY club_id`)
	return out, err
}
