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
	return takingsBetween(ctx, s.db.R, clubID, r)
}

// GramsBetween is the weighed grams of the weight products the completed
// orders paid in r dispensed, less what was refunded of them: the real
// grams total of the withdrawals report for the same period.
func (s *Service) GramsBetween(ctx context.Context, clubID int64, r Range) (amount.Milli, error) {
	g, err := gramsBetween(ctx, s.db.R, clubID, r)
	return amount.Milli(g), err
}

// InClub counts the members whose last check-in or check-out since the
// moment since is a check-in (ENTRA): who came in today and has not left.
// A check-in of an earlier day without its check-out is not counted, so a
// forgotten exit does not keep someone in the club for good.
func (s *Service) InClub(ctx context.Context, clubID, since int64) (int, error) {
	return inClub(ctx, s.db.R, clubID, since)
}
