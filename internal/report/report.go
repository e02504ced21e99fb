// Package report reads the club's sales, wallet and access rows for the
// report screens (spec part 2 §2). Sums, counts and groups are computed in
// SQL over the indexes of orders, order_lines, wallet_movements and
// access_events; Go only pages the grouped rows and turns hourly buckets into
// the club's local days and hours.
package report

import (
	"context"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/problem"
)

// Service reads reports.
type Service struct{ db *db.DB }

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Range is a period in Unix seconds, both ends included.
type Range struct{ Start, End int64 }

// ErrRange refuses a period that ends before it starts.
var ErrRange error = problem.Invalidf("report.range", "", "La fecha final es anterior a la inicial")

// NewRange is the period from start to end, or ErrRange.
func NewRange(start, end int64) (Range, error) {
	if end < start {
		return Range{}, ErrRange
	}
	return Range{Start: start, End: end}, nil
}

// Withdrawal is one product line of a completed order (spec part 2 §2
// Withdrawals report). Quantities and total are what the member kept: the
// line less what was refunded of it; a line refunded in full is no longer a
// withdrawal and is left out.
type Withdrawal struct {
	ID           int64        `json:"id" db:"id" doc:"The order line"`
	OID          int64        `json:"order_id" db:"order_id"`
	Date         int64        `json:"date" db:"paid"`
	PID          int64        `json:"pid" db:"product_id"`
	Title        string       `json:"title" db:"title"`
	Code         string       `json:"code" db:"code"`
	Category     string       `json:"category" db:"category"`
	Type         string       `json:"type" db:"product_type" doc:"peso (quantity in grams) or unidad/unidades"`
	Quantity     amount.Milli `json:"quantity" db:"quantity"`
	RealQuantity amount.Milli `json:"real_quantity" db:"real_quantity" doc:"The weighed grams of a weight product"`
	Total        amount.Cents `json:"total" db:"total"`
	MemberID     int64        `json:"membership_id" db:"member_id"`
	Number       int64        `json:"number" db:"number"`
	Name         string       `json:"nombre" db:"nombre"`
	Surname      string       `json:"surname" db:"surname"`
}

// WithdrawalFilter narrows the withdrawals: the period, one member, and the
// column filters (case-insensitive contains).
type WithdrawalFilter struct {
	Range
	MemberID                                     int64
	Title, Code, Category, Number, Name, Surname string
	Limit, Page                                  int // Limit < 0: every row (exports)
}

// WithdrawalTotals are the header subheadings of the withdrawals report: they follow
// the column filters. Grams and units are summed apart (a gram and a unit do
// not add up).
type WithdrawalTotals struct {
	Lines     int          `json:"lines" db:"lines"`
	Orders    int          `json:"orders" db:"orders"`
	Grams     amount.Milli `json:"grams" db:"grams" doc:"Quantity of the weight products"`
	RealGrams amount.Milli `json:"real_grams" db:"real_grams" doc:"Weighed grams of the weight products"`
	Units     amount.Milli `json:"units" db:"units" doc:"Quantity of the unit products"`
	Total     amount.Cents `json:"total" db:"total"`
}

// WithdrawalPageSize is the withdrawals report's page (spec §9: 19).
const WithdrawalPageSize = 19

// Withdrawals is a page of withdrawals, newest first, and the totals of every
// row the filter keeps.
func (s *Service) Withdrawals(ctx context.Context, clubID int64, f WithdrawalFilter) ([]Withdrawal, WithdrawalTotals, error) {
	t, err := withdrawalTotals(ctx, s.db.R, clubID, f)
	if err != nil {
		return nil, t, err
	}
	limit := f.Limit
	if limit == 0 {
		limit = WithdrawalPageSize
	}
	out, err := withdrawalRows(ctx, s.db.R, clubID, f, limit, max(f.Page, 0)*limit)
	return out, t, err
}
