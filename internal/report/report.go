// Package report reads the club's sales, wallet and access rows for the
// report screens (spec part 2 §2). Sums, counts and groups are computed in
// SQL over the indexes of orders, order_lines, wallet_movements and
// access_events; Go only pages the grouped rows and turns hourly buckets into
// the club's local days and hours.
package report

import (
	"context"
	"strings"

	"socius/internal/amount"
	"socius/internal/db"
)

// Service reads reports.
type Service struct{ db *db.DB }

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Range is a period in Unix seconds, both ends included.
type Range struct{ Start, End int64 }

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

const netQuantity, netReal, netTotal = `(l.quantity - l.refund_quantity)`, `(l.real_quantity - l.refund_real)`, `(l.total - l.refund_amount)`

// Withdrawals is a page of withdrawals, newest first, and the totals of every
// row the filter keeps.
func (s *Service) Withdrawals(ctx context.Context, clubID int64, f WithdrawalFilter) ([]Withdrawal, WithdrawalTotals, error) {
	from := ` FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN members m ON m.id = o.member_id
		WHERE o.club_id = ? AND o.status = 'completed' AND o.paid BETWEEN ? AND ? AND l.product_id IS NOT NULL
		AND l.quantity > l.refund_quantity`
	args := []any{clubID, f.Start, f.End}
	if f.MemberID != 0 {
		from += ` AND o.member_id = ?`
		args = append(args, f.MemberID)
	}
	for _, c := range []struct{ col, v string }{{"l.title", f.Title}, {"l.code", f.Code}, {"l.category", f.Category},
		{"CAST(m.number AS TEXT)", f.Number}, {"m.nombre", f.Name}, {"m.surname", f.Surname}} {
		if w, a := contains(c.col, c.v); w != "" {
			from, args = from+w, append(args, a)
		}
	}
	var t WithdrawalTotals
	if err := s.db.Get(ctx, &t, `SELECT COUNT(*) AS lines, COUNT(DISTINCT o.id) AS orders,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN `+netQuantity+` ELSE 0 END), 0) AS grams,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN `+netReal+` ELSE 0 END), 0) AS real_grams,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN 0 ELSE `+netQuantity+` END), 0) AS units,
		COALESCE(SUM(`+netTotal+`), 0) AS total`+from, args...); err != nil {
		return nil, t, err
	}
	q := `SELECT l.id, l.order_id, o.paid, l.product_id, l.title, l.code, l.category, l.product_type, ` + netQuantity + ` AS quantity,
		` + netReal + ` AS real_quantity, ` + netTotal + ` AS total, o.member_id, m.number, m.nombre, m.surname` + from +
		` ORDER BY o.paid DESC, o.id DESC, l.position`
	limit := f.Limit
	if limit == 0 {
		limit = WithdrawalPageSize
	}
	if limit > 0 {
		q, args = q+` LIMIT ? OFFSET ?`, append(args, limit, max(f.Page, 0)*limit)
	}
	out := []Withdrawal{}
	err := s.db.Select(ctx, &out, q, args...)
	return out, t, err
}

// contains is a case-insensitive "column contains v" condition (nothing when
// v is blank); LIKE's wildcards in v match themselves.
func contains(col, v string) (string, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", ""
	}
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(v))
	return ` AND LOWER(` + col + `) LIKE ? ESCAPE '\'`, "%" + esc + "%"
}
