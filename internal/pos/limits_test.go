package pos_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/pos"
	"socius/internal/problem"
	"socius/internal/rules"
	"socius/internal/testkit"
)

// counter is a club with weighed products and members of known ages, sold to
// by the real point of sale at a clock the test moves.
type counter struct {
	t                         *testing.T
	k                         *testkit.Kit
	ctx                       context.Context
	now                       time.Time
	pos                       *pos.Service
	club, admin, budtender    int64
	strong, mild, unknown     int64 // THC 15 %, 8 %, not known
	adult, young, noBirthdate int64
}

var everyMethod = pos.Methods{Cash: true, Card: true, Wallet: true}

func newCounter(t *testing.T, k *testkit.Kit, pack rules.Change) *counter {
	t.Helper()
	c := &counter{t: t, k: k, ctx: context.Background(), now: time.Date(2026, 6, 10, 12, 0, 0, 0, time.UTC)}
	c.pos = k.App.POS.WithClock(func() time.Time { return c.now })
	c.club = k.Club("Alfa", access.Socios, access.SoftwareGestionClub)
	c.admin = k.User("admin", c.club, access.Administrador)
	c.budtender = k.User("budtender", c.club, access.Budtender)
	flores, err := k.App.Clubs.SaveCategory(c.ctx, c.club, 0, "dispensary", "Flores")
	if err != nil {
		t.Fatal(err)
	}
	product := func(title string, thc *amount.Percent) int64 {
		price := amount.Cents(500)
		p, err := k.App.Catalog.Save(c.ctx, c.club, catalog.Input{Kind: catalog.KindPro, Title: title, Category: flores.NID, Price: &price,
			Type: catalog.TypeWeight, Dominance: "indica", Status: true, UnlimitedStock: true, THCPercent: thc})
		if err != nil {
			t.Fatal(err)
		}
		if (p.THCPercent == nil) != (thc == nil) || (thc != nil && *p.THCPercent != *thc) {
			t.Fatalf("%s: THC kept as %v, want %v", title, p.THCPercent, thc)
		}
		return p.PID
	}
	c.strong, c.mild, c.unknown = product("Amnesia", new(amount.Percent(15_00))), product("Suave", new(amount.Percent(8_00))), product("Sin análisis", nil)
	born := func(years int) *int64 { b := c.now.AddDate(-years, 0, -1).Unix(); return &b }
	c.adult = c.member("Ana", "11111111H", born(30))
	c.young = c.member("Bea", "22222222J", born(19))
	c.noBirthdate = c.member("Carla", "33333333P", nil)
	// the members were admitted before the club chose its pack (the pack's
	// admission rules would not admit Carla, who has no birth date)
	if _, err := k.App.Rules.Set(c.ctx, c.club, c.admin, pack); err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *counter) member(name, dni string, birth *int64) int64 {
	c.t.Helper()
	surname := "Prueba"
	m, err := c.k.App.Members.Save(c.ctx, c.club, member.Actor{UserID: c.admin, IsAdmin: true},
		member.Input{Nombre: &name, Surname: &surname, DNI: &dni, Birthday: birth})
	if err != nil {
		c.t.Fatal(err)
	}
	return m.NID
}

// sell puts grams of a product in the member's cart and pays it in cash.
func (c *counter) sell(who pos.Actor, memberID, pid int64, grams int64, reason string) error {
	o, err := c.pos.Save(c.ctx, c.club, who, pos.SaveInput{MemberID: memberID, Lines: []pos.LineInput{{PID: pid, Quantity: amount.Milli(grams * 1000)}}})
	if err != nil {
		return err
	}
	_, err = c.pos.Pay(c.ctx, c.club, who, everyMethod, pos.PayInput{OID: o.OID, MemberID: memberID, Type: pos.PayCash, Override: reason})
	return err
}

func (c *counter) sold(who pos.Actor, memberID, pid int64, grams int64) {
	c.t.Helper()
	if err := c.sell(who, memberID, pid, grams, ""); err != nil {
		c.t.Fatalf("selling %d g: %v", grams, err)
	}
}

// refused checks the sale is refused with code, and that the member's cart is
// emptied again for the next step.
func (c *counter) refused(who pos.Actor, memberID, pid int64, grams int64, reason, code string) *problem.Invalid {
	c.t.Helper()
	err := c.sell(who, memberID, pid, grams, reason)
	var p *problem.Invalid
	if problem.Code(err) != code || !errors.As(err, &p) {
		c.t.Fatalf("selling %d g: want %s, got %v", grams, code, err)
	}
	if _, err := c.pos.Save(c.ctx, c.club, who, pos.SaveInput{MemberID: memberID, Lines: []pos.LineInput{{PID: pid, Quantity: 0}}}); err != nil {
		c.t.Fatal(err)
	}
	return p
}

// consumption reads what the counter shows of a member, as one line.
func (c *counter) consumption(memberID int64) string {
	c.t.Helper()
	got, err := c.pos.Consumption(c.ctx, c.club, memberID)
	if err != nil {
		c.t.Fatal(err)
	}
	str := func(v fmt.Stringer, isNil bool) string {
		if isNil {
			return "-"
		}
		return v.String()
	}
	return fmt.Sprintf("day %s/%s month %s/%s year %s/%s left %s today %s this month thc %s",
		got.Day, str(got.DayLimit, got.DayLimit == nil), got.Month, str(got.MonthLimit, got.MonthLimit == nil),
		got.Year, str(got.YearLimit, got.YearLimit == nil), str(got.LeftToday, got.LeftToday == nil),
		str(got.LeftMonth, got.LeftMonth == nil), str(got.THCMax, got.THCMax == nil))
}

func (c *counter) month(memberID int64) string {
	c.t.Helper()
	got, err := c.pos.Consumption(c.ctx, c.club, memberID)
	if err != nil {
		c.t.Fatal(err)
	}
	return got.Month.String()
}

// TestGermanLimits: KCanG § 19(3) at the counter — 25 g a day, 50 g a month,
// and for members aged 18 to 20 30 g a month of cannabis with at most 10 %
// THC; no role may pass a limit.
func TestGermanLimits(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newCounter(t, k, rules.Change{Pack: rules.PackGermany})
		budtender, manager := pos.Actor{UserID: c.budtender}, pos.Actor{UserID: c.admin, Supervisor: true}

		c.sold(budtender, c.adult, c.strong, 20)
		// what the counter shows before the next sale
		if got := c.consumption(c.adult); got != "day 20/25 month 20/50 year 20/- left 5 today 30 this month thc -" {
			t.Fatalf("consumption: %s", got)
		}
		p := c.refused(budtender, c.adult, c.strong, 6, "", "rules.day_limit")
		if p.Params["left"] != "5" || p.Params["taken"] != "20" || p.Params["since"] != "2026-06-10" || p.Params["override"] != "refused" {
			t.Fatalf("the refusal says %v", p.Params)
		}
		// no role passes a legal limit, and the reason is refused rather than ignored
		c.refused(manager, c.adult, c.strong, 6, "Lo autorizo yo", "rules.override_not_allowed")
		c.sold(budtender, c.adult, c.strong, 5)

		// the next day the day starts again; the month does not
		c.now = c.now.AddDate(0, 0, 1)
		c.sold(budtender, c.adult, c.strong, 25)
		c.now = c.now.AddDate(0, 0, 1)
		c.refused(budtender, c.adult, c.strong, 1, "", "rules.month_limit")
		if got := c.month(c.adult); got != "50" {
			t.Fatalf("month = %s", got)
		}
		// a new month
		c.now = time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
		c.sold(budtender, c.adult, c.strong, 1)

		// the young band: THC above 10 % or not known is refused; 30 g a month
		c.refused(budtender, c.young, c.strong, 1, "", "rules.thc_max")
		c.refused(budtender, c.young, c.unknown, 1, "", "rules.thc_max")
		c.sold(budtender, c.young, c.mild, 25)
		if got := c.consumption(c.young); got != "day 25/25 month 25/30 year 25/- left 0 today 5 this month thc 10" {
			t.Fatalf("young consumption: %s", got)
		}
		c.now = c.now.AddDate(0, 0, 1)
		c.refused(budtender, c.young, c.mild, 6, "", "rules.young_month_limit")
		c.sold(budtender, c.young, c.mild, 5)

		// an age rule needs the birth date
		c.refused(budtender, c.noBirthdate, c.mild, 1, "", "rules.birthdate_required")
	})
}

// TestClubLimitsASupervisorMayPass: in a pack that allows it, a Manager passes
// a limit with a reason; a Budtender cannot; without a reason the limit holds.
func TestClubLimitsASupervisorMayPass(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newCounter(t, k, rules.Change{Pack: rules.PackCustom, DayLimit: new(amount.Milli(10_000))})
		budtender, manager := pos.Actor{UserID: c.budtender}, pos.Actor{UserID: c.admin, Supervisor: true}
		c.sold(budtender, c.adult, c.strong, 10)
		if p := c.refused(manager, c.adult, c.strong, 1, "", "rules.day_limit"); p.Params["override"] != "allowed" {
			t.Fatalf("the counter is not told a reason would pass: %v", p.Params)
		}
		c.refused(budtender, c.adult, c.strong, 1, "Viene de lejos", "order.override_not_allowed")
		if err := c.sell(manager, c.adult, c.strong, 1, "Viene de lejos"); err != nil {
			t.Fatalf("a Manager with a reason: %v", err)
		}
		// no age rule in the pack: no birth date needed
		c.sold(budtender, c.noBirthdate, c.unknown, 3)
	})
}

// TestLimitsUnderConcurrentCounters: twenty counters selling 6 g to one member
// at once, each trying again until the day limit refuses it, never pass the
// 25 g day limit together, and stop within 6 g of it.
func TestLimitsUnderConcurrentCounters(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		c := newCounter(t, k, rules.Change{Pack: rules.PackGermany})
		budtender := pos.Actor{UserID: c.budtender}
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[string]int{}
		for range 20 {
			wg.Go(func() {
				for range 50 {
					err := c.sell(budtender, c.adult, c.strong, 6, "")
					mu.Lock()
					codes[problem.Code(err)]++
					mu.Unlock()
					if problem.Code(err) == "rules.day_limit" {
						return
					}
				}
			})
		}
		wg.Wait()
		got := mustParse(t, c.month(c.adult))
		if got > 25_000 || got <= 19_000 || codes["rules.day_limit"] != 20 {
			t.Fatalf("twenty counters together dispensed %s g against a 25 g day limit (%v)", amount.Milli(got), codes)
		}
	})
}

func mustParse(t *testing.T, s string) int64 {
	t.Helper()
	v, err := amount.Parse(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
