package register_test

import (
	"context"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/pos"
	"socius/internal/problem"
	"socius/internal/register"
	"socius/internal/testkit"
)

// shop is a club whose real counter sells at a clock the test moves: a
// weighed flower with THC and CBD, a drink with no weight, a fee, and Ana,
// born on 20 May 1990.
type shop struct {
	t                  *testing.T
	k                  *testkit.Kit
	ctx                context.Context
	now                time.Time
	pos                *pos.Service
	club, admin, staff int64
	flower, drink, fee int64
	ana                int64
	budtender          pos.Actor
	madrid             *time.Location
}

var cashOnly = pos.Methods{Cash: true}

func newShop(t *testing.T, k *testkit.Kit) *shop {
	t.Helper()
	madrid, _ := time.LoadLocation("Europe/Madrid")
	s := &shop{t: t, k: k, ctx: context.Background(), now: time.Date(2026, 6, 10, 10, 0, 0, 0, time.UTC), madrid: madrid}
	s.pos = k.App.POS.WithClock(func() time.Time { return s.now })
	s.club = k.Club("Alfa", access.Socios, access.SoftwareGestionClub)
	s.admin = k.User("admin", s.club, access.Administrador)
	s.staff = k.User("budtender", s.club, access.Budtender)
	s.budtender = pos.Actor{UserID: s.staff}
	flores, err := k.App.Clubs.SaveCategory(s.ctx, s.club, 0, "dispensary", "Flores")
	if err != nil {
		t.Fatal(err)
	}
	price := amount.Cents(500)
	thc, cbd := amount.Percent(15_50), amount.Percent(80)
	s.flower = s.product(catalog.Input{Kind: catalog.KindPro, Title: "Amnesia", Category: flores.NID, Price: &price, Type: catalog.TypeWeight,
		Dominance: "indica", Status: true, UnlimitedStock: true, THCPercent: &thc, CBDPercent: &cbd})
	s.drink = s.product(catalog.Input{Kind: catalog.KindPro, Title: "Agua", Category: flores.NID, Price: &price, Type: "unidad",
		Dominance: "indica", Status: true, UnlimitedStock: true})
	f, err := k.App.POS.SaveFee(s.ctx, s.club, pos.FeeInput{Title: "Cuota", Price: 1000, Days: 30})
	if err != nil {
		t.Fatal(err)
	}
	s.fee = f.PID
	born := time.Date(1990, 5, 20, 12, 0, 0, 0, madrid).Unix()
	s.ana = s.member("Ana", "García", "11111111H", &born)
	return s
}

func (s *shop) product(in catalog.Input) int64 {
	s.t.Helper()
	p, err := s.k.App.Catalog.Save(s.ctx, s.club, in)
	if err != nil {
		s.t.Fatal(err)
	}
	return p.PID
}

func (s *shop) member(name, surname, dni string, birth *int64) int64 {
	s.t.Helper()
	m, err := s.k.App.Members.Save(s.ctx, s.club, member.Actor{UserID: s.admin, IsAdmin: true, Supervisor: true},
		member.Input{Nombre: &name, Surname: &surname, DNI: &dni, Birthday: birth})
	if err != nil {
		s.t.Fatal(err)
	}
	return m.NID
}

// sell pays an order of lines in cash and answers the order's id.
func (s *shop) sell(memberID int64, lines ...pos.LineInput) (int64, error) {
	o, err := s.pos.Save(s.ctx, s.club, s.budtender, pos.SaveInput{MemberID: memberID, Lines: lines})
	if err != nil {
		return 0, err
	}
	_, err = s.pos.Pay(s.ctx, s.club, s.budtender, cashOnly, pos.PayInput{OID: o.OID, MemberID: memberID, Type: pos.PayCash})
	return o.OID, err
}

func (s *shop) sold(memberID int64, lines ...pos.LineInput) int64 {
	s.t.Helper()
	oid, err := s.sell(memberID, lines...)
	if err != nil {
		s.t.Fatal(err)
	}
	return oid
}

func grams(pid int64, g int64) pos.LineInput {
	return pos.LineInput{PID: pid, Quantity: amount.Milli(g)}
}

func (s *shop) report(f register.Filter) *register.RegisterPage {
	s.t.Helper()
	if f.End == 0 {
		f.End = s.now.Unix()
	}
	r, err := s.k.App.Register.Report(s.ctx, s.club, f, s.madrid)
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func num[T ~int64](p *T) int64 {
	if p == nil {
		return -1
	}
	return int64(*p)
}

// A sale records each product line with grams — not the fee, not the drink
// with no weight — with the member, the birth year, the product's THC and
// CBD and the staff user; a refund records its grams negative, with the THC
// the sale recorded even after the product changed.
func TestRegisterRecordsSalesAndRefunds(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		s := newShop(t, k)
		oid := s.sold(s.ana, grams(s.flower, 2500), pos.LineInput{PID: s.drink, Quantity: 1000}, pos.LineInput{FeeID: s.fee, Quantity: 1000})
		r := s.report(register.Filter{})
		if r.Total != 1 || len(r.Rows) != 1 {
			t.Fatalf("one line with grams, got %+v", r.Rows)
		}
		row := r.Rows[0]
		if row.OID != oid || row.Refund || row.Grams != 2500 || row.Product != "Amnesia" || num(row.MemberID) != s.ana || num(row.Number) < 1 ||
			str(row.Nombre) != "Ana" || str(row.Surname) != "García" || num(row.BirthYear) != 1990 || num(row.THC) != 15_50 || num(row.CBD) != 80 ||
			str(row.Staff) != "Budtender" || row.Date != s.now.Unix() || row.Forgotten {
			t.Fatalf("the sale's row: %+v", row)
		}
		// the product's figures change; the refund keeps the sale's
		thc := amount.Percent(22_00)
		price := amount.Cents(500)
		if _, err := k.App.Catalog.Save(s.ctx, s.club, catalog.Input{PID: s.flower, Kind: catalog.KindPro, Title: "Amnesia", Category: categoryOf(t, k, s.flower),
			Price: &price, Type: catalog.TypeWeight, Dominance: "indica", Status: true, UnlimitedStock: true, THCPercent: &thc}); err != nil {
			t.Fatal(err)
		}
		s.now = s.now.Add(time.Hour)
		if _, err := s.pos.Refund(s.ctx, s.club, s.budtender, cashOnly, pos.RefundInput{OID: oid, PayType: pos.PayCash,
			Lines: []pos.RefundLine{{PID: s.flower, Quantity: 1000}, {PID: s.drink, Quantity: 1000}}}); err != nil {
			t.Fatal(err)
		}
		r = s.report(register.Filter{})
		if r.Total != 2 || r.Totals.Grams != 1500 {
			t.Fatalf("after the refund: %d rows, %s g", r.Total, r.Totals.Grams)
		}
		back := r.Rows[1]
		if !back.Refund || back.Grams != -1000 || back.OID != oid || num(back.THC) != 15_50 || num(back.CBD) != 80 || back.Date != s.now.Unix() ||
			str(back.Surname) != "García" || num(back.BirthYear) != 1990 {
			t.Fatalf("the refund's row: %+v", back)
		}
		// a new sale takes the product's figures as they are now
		s.sold(s.ana, grams(s.flower, 1000))
		if r := s.report(register.Filter{}); num(r.Rows[2].THC) != 22_00 || r.Rows[2].CBD != nil {
			t.Fatalf("the later sale's figures: %+v", r.Rows[2])
		}
	})
}

func categoryOf(t *testing.T, k *testkit.Kit, pid int64) int64 {
	t.Helper()
	var id int64
	if err := k.App.DB.Get(context.Background(), &id, `SELECT category_id FROM products WHERE id = ?`, pid); err != nil {
		t.Fatal(err)
	}
	return id
}

// The register says who received what at the time: a member's later edit
// and deletion leave the rows as they were.
func TestRegisterRowsSurviveTheMembersEdit(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		s := newShop(t, k)
		s.sold(s.ana, grams(s.flower, 1000))
		name, surname, dni := "Anabel", "Otra", "11111111H"
		born := time.Date(2001, 1, 2, 12, 0, 0, 0, s.madrid).Unix()
		if _, err := k.App.Members.Save(s.ctx, s.club, member.Actor{UserID: s.admin, IsAdmin: true, Supervisor: true},
			member.Input{NID: s.ana, Nombre: &name, Surname: &surname, DNI: &dni, Birthday: &born}); err != nil {
			t.Fatal(err)
		}
		if err := k.App.Members.Delete(s.ctx, s.club, s.ana, member.Actor{UserID: s.admin, IsAdmin: true}); err != nil {
			t.Fatal(err)
		}
		row := s.report(register.Filter{}).Rows[0]
		if str(row.Nombre) != "Ana" || str(row.Surname) != "García" || num(row.BirthYear) != 1990 || num(row.MemberID) != s.ana {
			t.Fatalf("the row changed with the member: %+v", row)
		}
	})
}

// A pay refused inside its transaction records nothing.
func TestRegisterRefusedPayWritesNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		s := newShop(t, k)
		name, surname, dni, forecast := "Bea", "Ruiz", "22222222J", int64(1)
		m, err := k.App.Members.Save(s.ctx, s.club, member.Actor{UserID: s.admin, IsAdmin: true, Supervisor: true},
			member.Input{Nombre: &name, Surname: &surname, DNI: &dni, ConsumForecast: &forecast})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.sell(m.NID, grams(s.flower, 2000)); problem.Code(err) != "order.forecast_exceeded" {
			t.Fatalf("want the forecast's refusal, got %v", err)
		}
		if n := k.Count("dispensations", ""); n != 0 {
			t.Fatalf("a refused pay left %d rows", n)
		}
	})
}

// Forget empties the personal columns of the club's rows before a time, once,
// and keeps grams, product and date; the totals still count them.
func TestRegisterForget(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		s := newShop(t, k)
		other := k.Club("Beta", access.Socios, access.SoftwareGestionClub)
		s.now = time.Date(2020, 3, 1, 10, 0, 0, 0, time.UTC)
		old := s.sold(s.ana, grams(s.flower, 3000))
		s.now = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		s.sold(s.ana, grams(s.flower, 1000))
		cut := time.Date(2021, 3, 1, 0, 0, 0, 0, time.UTC).Unix()
		if n, err := register.Forget(s.ctx, k.App.DB.W, other, cut); err != nil || n != 0 {
			t.Fatalf("another club's forget changed %d rows (%v)", n, err)
		}
		for want := range []int64{1, 0} {
			n, err := register.Forget(s.ctx, k.App.DB.W, s.club, cut)
			if err != nil || n != int64(1-want) {
				t.Fatalf("forget #%d: %d rows, %v", want+1, n, err)
			}
		}
		r := s.report(register.Filter{Start: 0})
		gone, kept := r.Rows[0], r.Rows[1]
		if !gone.Forgotten || gone.MemberID != nil || gone.Number != nil || gone.Nombre != nil || gone.Surname != nil || gone.Surname2 != nil ||
			gone.BirthYear != nil || gone.Staff != nil || gone.Grams != 3000 || gone.Product != "Amnesia" || gone.OID != old || num(gone.THC) != 15_50 {
			t.Fatalf("the forgotten row: %+v", gone)
		}
		var staffUser *int64
		if err := k.App.DB.Get(s.ctx, &staffUser, `SELECT staff_user_id FROM dispensations WHERE id = ?`, gone.ID); err != nil || staffUser != nil {
			t.Fatalf("the forgotten row keeps its staff user %v (%v)", staffUser, err)
		}
		if kept.Forgotten || str(kept.Nombre) != "Ana" || num(kept.BirthYear) != 1990 {
			t.Fatalf("the recent row: %+v", kept)
		}
		if r.Totals.Grams != 4000 || len(r.Totals.ByMemberMonth) != 2 || r.Totals.ByMemberMonth[1].MemberID != nil ||
			r.Totals.ByMemberMonth[1].Month != "2020-03" || r.Totals.ByMemberMonth[1].Grams != 3000 {
			t.Fatalf("totals: %+v", r.Totals)
		}
	})
}

// Totals are per member and month of the club's time zone; the filter by
// member keeps that member's rows and totals; pages split the rows.
func TestRegisterTotalsByMemberAndMonth(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		s := newShop(t, k)
		bea := s.member("Bea", "Alonso", "22222222J", nil)
		s.now = time.Date(2026, 6, 30, 21, 30, 0, 0, time.UTC) // 23:30 on 30 June in Madrid
		s.sold(s.ana, grams(s.flower, 1000))
		s.sold(bea, grams(s.flower, 500))
		s.now = time.Date(2026, 6, 30, 22, 30, 0, 0, time.UTC) // 00:30 on 1 July in Madrid
		s.sold(s.ana, grams(s.flower, 2000))
		r := s.report(register.Filter{})
		type mm struct {
			member int64
			month  string
			grams  amount.Milli
		}
		var got []mm
		for _, g := range r.Totals.ByMemberMonth {
			got = append(got, mm{num(g.MemberID), g.Month, g.Grams})
		}
		want := []mm{{bea, "2026-06", 500}, {s.ana, "2026-06", 1000}, {s.ana, "2026-07", 2000}}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || r.Totals.Grams != 3500 {
			t.Fatalf("by member and month: got %v, want %v", got, want)
		}
		if r := s.report(register.Filter{MemberID: bea}); r.Total != 1 || r.Totals.Grams != 500 || len(r.Totals.ByMemberMonth) != 1 {
			t.Fatalf("Bea's register: %+v", r)
		}
		if r := s.report(register.Filter{Limit: 2, Page: 1}); len(r.Rows) != 1 || r.Total != 3 || r.Rows[0].Grams != 2000 {
			t.Fatalf("page 2: %+v", r)
		}
		if r := s.report(register.Filter{Start: s.now.Unix(), End: s.now.Unix()}); r.Total != 1 || r.Totals.ByMemberMonth[0].Month != "2026-07" {
			t.Fatalf("the last sale's instant: %+v", r)
		}
	})
}
