package httpapi

import (
	"context"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/report"
)

// The "today" screen staff land on after login: the club's day so far, one
// figure per screen it links to. A figure is answered only to a caller who
// may open that screen (the club's flag and one of its roles, as the route
// gates check them), so a role reads here nothing its own screens would not
// show it; a figure it may not see is absent from the reply, never zero.

// TodayFigures maps each figure of the today screen to the screen (a key of
// access.Screens) it links to and whose gate it follows.
var TodayFigures = map[string]string{
	"sales":       "ordersReport",
	"grams":       "dispensationReport",
	"in_club":     "accesscontrol",
	"open_orders": "ordersInProcess",
	"cash_box":    "movementsreport",
	"low_stock":   "stockmanager",
	"fees_ending": "patientmanager",
}

// FeesEndingDays is how far ahead the today screen looks for fees that end.
const FeesEndingDays = 7

// LowStockShown is how many low products the today screen names.
const LowStockShown = 5

type todayInput struct {
}

// LowStock is the low-stock figure: how many products are at or below the
// club's alert level, and the lowest of them.
type LowStock struct {
	Count    int                  `json:"count"`
	Level    amount.Milli         `json:"level" doc:"The club's alert level in grams or units (0: only what has run out)"`
	Products []catalog.LowProduct `json:"products" doc:"The lowest ones, at most 5"`
}

// FeesEnding is the fees-expiring-soon figure.
type FeesEnding struct {
	Count int   `json:"count" doc:"Active members whose fee ends from now to the end of the period"`
	Days  int   `json:"days"`
	Until int64 `json:"until" doc:"End of the period, Unix seconds"`
}

// Today is the club's day so far as the caller's roles may see it.
type Today struct {
	Day        string          `json:"day" doc:"YYYY-MM-DD in the club's time zone"`
	Since      int64           `json:"since" doc:"00:00:00 of the day in the club's time zone, Unix seconds"`
	Now        int64           `json:"now"`
	Sales      *report.Takings `json:"sales,omitempty" doc:"Completed orders paid today (roles of the orders report)"`
	Grams      *amount.Milli   `json:"grams,omitempty" doc:"Weighed grams dispensed today less refunds (roles of the withdrawals report)"`
	InClub     *int            `json:"in_club,omitempty" doc:"Members checked in today and not checked out (roles of access control)"`
	OpenOrders *int            `json:"open_orders,omitempty" doc:"Orders in process (roles of the orders in process)"`
	CashBox    *amount.Cents   `json:"cash_box,omitempty" doc:"Cash that should be in the box now (roles of the movements report)"`
	LowStock   *LowStock       `json:"low_stock,omitempty" doc:"Products at or below the alert level (roles of the stock manager)"`
	FeesEnding *FeesEnding     `json:"fees_ending,omitempty" doc:"Fees ending within 7 days (roles of the member manager)"`
}

type todayOutput struct {
	Body Today
}

func (s *Server) today(ctx context.Context, _ *todayInput) (*todayOutput, error) {
	ri := info(ctx)
	clubID := ri.Club.ID
	may := func(figure string) bool {
		return access.Screen(TodayFigures[figure]).Allows(ri.Club.Flags, ri.Staff.Roles)
	}
	now := time.Now().In(ri.Club.Location())
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	day := report.Range{Start: midnight.Unix(), End: now.Unix()}
	out := &todayOutput{Body: Today{Day: midnight.Format(time.DateOnly), Since: day.Start, Now: day.End}}
	b := &out.Body
	if may("sales") {
		v, err := s.Report.SalesBetween(ctx, clubID, day)
		if err != nil {
			return nil, err
		}
		b.Sales = &v
	}
	if may("grams") {
		v, err := s.Report.GramsBetween(ctx, clubID, day)
		if err != nil {
			return nil, err
		}
		b.Grams = &v
	}
	if may("in_club") {
		v, err := s.Report.InClub(ctx, clubID, day.Start)
		if err != nil {
			return nil, err
		}
		b.InClub = &v
	}
	if may("open_orders") {
		v, err := s.POS.OpenCount(ctx, clubID)
		if err != nil {
			return nil, err
		}
		b.OpenOrders = &v
	}
	if may("cash_box") {
		sum, err := s.Cash.Summarize(ctx, clubID, cash.Scope{}) // the current period: the box now
		if err != nil {
			return nil, err
		}
		b.CashBox = &sum.CashBoxTotalAmount
	}
	if may("low_stock") {
		level, err := s.Clubs.StockAlert(ctx, clubID)
		if err != nil {
			return nil, err
		}
		list, n, err := s.Catalog.LowStock(ctx, clubID, level, LowStockShown)
		if err != nil {
			return nil, err
		}
		b.LowStock = &LowStock{Count: n, Level: level, Products: list}
	}
	if may("fees_ending") {
		until := now.Add(FeesEndingDays * 24 * time.Hour).Unix()
		n, err := s.Members.FeesEnding(ctx, clubID, day.End, until)
		if err != nil {
			return nil, err
		}
		b.FeesEnding = &FeesEnding{Count: n, Days: FeesEndingDays, Until: until}
	}
	return out, nil
}
