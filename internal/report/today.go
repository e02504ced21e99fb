package report

import (
	"context"

	"socius/internal/amount"
)

// Takings is what completed orders took from a moment of the day to now: the
// figures of the "today" screen, read over the orders_paid index.
type Takings struct {
	Amount amount.Cents `json:"amount" doc:"Sum of the orders' totals"`
	Orders int          `json:"orders" doc:"Completed orders"`
}

// SalesBetween is what the completed orders paid in r took (their totals,
// as the orders report lists them) and how many they were.
func (s *Service) SalesBetween(ctx context.Context, clubID int64, r Range) (Takings, error) {
	var out Takings
	err := s.db.Get(ctx, &out, `SELECT COALESCE(SUM(o.total), 0) AS amount, COUNT(*) AS orders FROM orders o
		WHERE o.club_id = ? AND o.paid BETWEEN ? AND ? AND o.status = 'completed'`, clubID, r.Start, r.End)
	return out, err
}

// GramsBetween is the weighed grams of the weight products the completed
// orders paid in r dispensed, less what was refunded of them: the real
// grams total of the withdrawals report for the same period.
func (s *Service) GramsBetween(ctx context.Context, clubID int64, r Range) (amount.Milli, error) {
	var g int64
	err := s.db.Get(ctx, &g, `SELECT COALESCE(SUM(`+netReal+`), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.club_id = ? AND o.paid BETWEEN ? AND ? AND o.status = 'completed' AND l.product_id IS NOT NULL
		AND l.product_type = 'peso'`, clubID, r.Start, r.End)
	return amount.Milli(g), err
}

// InClub counts the members whose last check-in or check-out since the
// moment since is a check-in (ENTRA): who came in today and has not left.
// A check-in of an earlier day without its check-out is not counted, so a
// forgotten exit does not keep someone in the club for good.
func (s *Service) InClub(ctx context.Context, clubID, since int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(DISTINCT e.member_id) FROM access_events e
		WHERE e.club_id = ? AND e.datetime >= ? AND e.action = 'ENTRA'
		AND NOT EXISTS (SELECT 1 FROM access_events l WHERE l.member_id = e.member_id AND l.club_id = e.club_id
			AND (l.datetime > e.datetime OR (l.datetime = e.datetime AND l.id > e.id)))`, clubID, since)
	return n, err
}
