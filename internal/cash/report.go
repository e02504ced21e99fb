package cash

import (
	"context"

	"socius/internal/amount"
	"socius/internal/report"
)

// ReportOrder is an order paid in the report's scope.
type ReportOrder struct {
	OID       int64        `json:"oid" db:"id"`
	Date      int64        `json:"date" db:"paid"`
	Number    int64        `json:"number" db:"number"`
	Name      string       `json:"name" db:"nombre"`
	Surname   string       `json:"surname" db:"surname"`
	BasePrice amount.Cents `json:"order_base_price" db:"base_price"`
	Discount  amount.Cents `json:"order_discount" db:"discount"`
	Total     amount.Cents `json:"order_total" db:"total"`
	PayMethod string       `json:"pay_method" db:"pay_type"`
}

// ReportProduct is what one product (or fee) sold in the report's orders.
type ReportProduct struct {
	Code     string       `json:"code" db:"code"`
	Title    string       `json:"title" db:"title"`
	Quantity amount.Milli `json:"quantity" db:"quantity"`
	Amount   amount.Cents `json:"amount" db:"amount"`
	Discount amount.Cents `json:"discount" db:"discount"`
	Orders   int          `json:"order" db:"orders"`
}

// ReportMember is what one member paid in the report's orders.
type ReportMember struct {
	MemberID int64        `json:"membership_id" db:"member_id"`
	Number   int64        `json:"number" db:"number"`
	Name     string       `json:"name" db:"name"`
	Amount   amount.Cents `json:"amount" db:"amount"`
	Discount amount.Cents `json:"discount" db:"discount"`
	Orders   int          `json:"orders" db:"orders"`
}

// ReportEmployee is what one staff user took in the report's orders.
type ReportEmployee struct {
	UID      int64        `json:"uid" db:"uid"`
	Employee string       `json:"employee_name" db:"employee_name"`
	Amount   amount.Cents `json:"amount" db:"amount"`
	Orders   int          `json:"orders" db:"orders"`
}

// Report is spec part 2 §3 Cash report: the summary cards, the movements and
// the tables of the orders paid in the scope (not paged).
type Report struct {
	Summary   *Summary          `json:"summary"`
	Movements []Movement        `json:"movements"`
	Orders    []ReportOrder     `json:"orders"`
	Products  []ReportProduct   `json:"products"`
	Members   []ReportMember    `json:"members"`
	Employees []ReportEmployee  `json:"employees"`
	Chart     []report.DaySales `json:"chart" doc:"What completed orders took per local day of the scope, by payment method"`
	Closes    []Close           `json:"closes" doc:"The closes made in the scope, oldest first, each with its difference (counted − expected): a day's closes, or the close itself; none for the current period"`
}

// Report reads everything of a scope. Its orders are those whose payment
// is a movement of the scope; the tables count what they sold (refunds show
// in the summary's refund cards), so the orders' totals add up to the
// summary's order amounts.
func (s *Service) Report(ctx context.Context, clubID int64, sc Scope) (*Report, error) {
	out := &Report{}
	var err error
	if out.Summary, err = s.Summarize(ctx, clubID, sc); err != nil {
		return nil, err
	}
	if out.Movements, _, err = s.Movements(ctx, clubID, sc, -1, 0); err != nil {
		return nil, err
	}
	if out.Orders, err = paidOrders(ctx, s.db.R, clubID, sc); err != nil {
		return nil, err
	}
	if out.Products, err = productsSold(ctx, s.db.R, clubID, sc); err != nil {
		return nil, err
	}
	if out.Members, err = memberTotals(ctx, s.db.R, clubID, sc); err != nil {
		return nil, err
	}
	if out.Employees, err = employeeTotals(ctx, s.db.R, clubID, sc); err != nil {
		return nil, err
	}
	out.Orders, out.Products, out.Members, out.Employees = orEmpty(out.Orders), orEmpty(out.Products), orEmpty(out.Members), orEmpty(out.Employees)
	if out.Closes, err = s.ClosesIn(ctx, clubID, sc); err != nil {
		return nil, err
	}
	return out, nil
}

// ClosesIn is the closes made in a scope, oldest first: the close itself, the
// closes between two times, none in the current period (no close ends it yet).
func (s *Service) ClosesIn(ctx context.Context, clubID int64, sc Scope) ([]Close, error) {
	out := []Close{}
	var err error
	switch {
	case sc.CloseID != 0:
		if out, err = closeOfClub(ctx, s.db.R, clubID, sc.CloseID); err != nil {
			return nil, err
		}
	case sc.dates():
		if out, err = closesBetween(ctx, s.db.R, clubID, sc.Start, sc.end()); err != nil {
			return nil, err
		}
	}
	for i := range out {
		out[i].Difference = out[i].Counted - out[i].Expected
	}
	return out, nil
}

// orEmpty is s, or an empty list where there is none: the report's tables are
// always lists in JSON.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
