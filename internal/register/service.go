package register

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"socius/internal/amount"
	"socius/internal/db"
)

// Service reads the register.
type Service struct{ db *db.DB }

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d} }

// PageSize is the register's page on screen (as the withdrawals report).
const PageSize = 19

// Filter narrows the register: a period (Unix seconds, both ends included),
// one member, and the page.
type Filter struct {
	Start, End, MemberID int64
	Limit, Page          int // Limit < 0: every row (exports); 0: PageSize
}

// DispensationRow is one row of the register.
type DispensationRow struct {
	ID        int64           `json:"id" db:"id"`
	Date      int64           `json:"date" db:"at" doc:"The payment's or the refund's time, Unix seconds"`
	OID       int64           `json:"oid" db:"order_id"`
	Refund    bool            `json:"refund" db:"refund" doc:"A refund's row: its grams are negative"`
	MemberID  *int64          `json:"membership_id" db:"member_id" nullable:"true" doc:"null once retention forgot the row"`
	Number    *int64          `json:"number" db:"number" nullable:"true"`
	Surname   *string         `json:"surname" db:"surname" nullable:"true"`
	Surname2  *string         `json:"surname2" db:"surname2" nullable:"true"`
	Nombre    *string         `json:"nombre" db:"nombre" nullable:"true"`
	BirthYear *int64          `json:"birth_year" db:"birth_year" nullable:"true" doc:"The member's year of birth (never the date); null when not known or forgotten"`
	Product   string          `json:"product" db:"product"`
	Grams     amount.Milli    `json:"grams" db:"grams" doc:"Negative for a refund"`
	THC       *amount.Percent `json:"thc_percent" db:"thc_percent" nullable:"true" doc:"The product's THC at the sale; null: not known"`
	CBD       *amount.Percent `json:"cbd_percent" db:"cbd_percent" nullable:"true" doc:"The product's CBD at the sale; null: not known"`
	Staff     *string         `json:"staff" db:"staff" nullable:"true" doc:"Who served; null once forgotten"`
	Forgotten bool            `json:"forgotten" db:"forgotten" doc:"Retention removed the personal data"`
}

// MemberMonth is what one member received in one month of the club's time zone.
type MemberMonth struct {
	MemberID *int64       `json:"membership_id" nullable:"true" doc:"null: the forgotten rows of the month"`
	Number   *int64       `json:"number" nullable:"true"`
	Surname  *string      `json:"surname" nullable:"true"`
	Nombre   *string      `json:"nombre" nullable:"true"`
	Month    string       `json:"month" doc:"YYYY-MM"`
	Grams    amount.Milli `json:"grams"`
}

// RegisterTotals are the sums of every row the filter keeps.
type RegisterTotals struct {
	Grams         amount.Milli  `json:"grams" doc:"Sales less refunds"`
	ByMemberMonth []MemberMonth `json:"by_member_month"`
}

// RegisterPage is a page of the register and the totals of its filter.
type RegisterPage struct {
	Rows   []DispensationRow `json:"rows"`
	Total  int               `json:"total" doc:"Rows the filter keeps"`
	Totals RegisterTotals    `json:"totals"`
}

// Report reads a page of the club's register, oldest first, with the totals
// of every row the filter keeps; months are the club's (loc).
func (s *Service) Report(ctx context.Context, clubID int64, f Filter, loc *time.Location) (*RegisterPage, error) {
	sum, err := summarize(ctx, s.db.R, clubID, f)
	if err != nil {
		return nil, err
	}
	out := &RegisterPage{Total: sum.N, Totals: RegisterTotals{Grams: amount.Milli(sum.Grams), ByMemberMonth: []MemberMonth{}}}
	limit := f.Limit
	if limit == 0 {
		limit = PageSize
	}
	if out.Rows, err = rowPage(ctx, s.db.R, clubID, f, limit, max(f.Page, 0)*max(limit, 0)); err != nil || sum.N == 0 {
		return out, err
	}
	months := monthStarts(sum.First, sum.Last, loc)
	groups, err := memberMonths(ctx, s.db.R, clubID, f, months[1:])
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		out.Totals.ByMemberMonth = append(out.Totals.ByMemberMonth, MemberMonth{MemberID: g.MemberID, Number: g.Number, Surname: g.Surname,
			Nombre: g.Nombre, Month: time.Unix(months[g.Month], 0).In(loc).Format("2006-01"), Grams: amount.Milli(g.Grams)})
	}
	slices.SortStableFunc(out.Totals.ByMemberMonth, func(a, b MemberMonth) int {
		return cmp.Or(cmp.Compare(text(a.Surname), text(b.Surname)), cmp.Compare(text(a.Nombre), text(b.Nombre)),
			cmp.Compare(id(a.MemberID), id(b.MemberID)), cmp.Compare(a.Month, b.Month))
	})
	return out, nil
}

// monthStarts are the first seconds of the months of loc from first's to last's.
func monthStarts(first, last int64, loc *time.Location) []int64 {
	f := time.Unix(first, 0).In(loc)
	m := time.Date(f.Year(), f.Month(), 1, 0, 0, 0, 0, loc)
	var out []int64
	for ; m.Unix() <= last; m = m.AddDate(0, 1, 0) {
		out = append(out, m.Unix())
	}
	return out
}

// text sorts a forgotten (nil) name after every name.
func text(s *string) string {
	if s == nil {
		return "\U0010FFFF"
	}
	return *s
}

// id sorts a forgotten (nil) member after every member.
func id(v *int64) int64 {
	if v == nil {
		return 1<<63 - 1
	}
	return *v
}

func itoa(n int) string { return strconv.Itoa(n) }
