package cash_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/pos"
	"socius/internal/problem"
	"socius/internal/testkit"
)

var clubFlags = []string{access.Socios, access.SoftwareGestionClub, access.FuncionesAvanzadasGestion, access.Monedero}

// every method is accepted, and nobody signs
var methods = pos.Methods{Cash: true, Card: true, Wallet: true}

// world is two clubs, the staff of the first, its products and a member: the
// orders, refunds and top-ups the till records are made by the real point of
// sale, so the figures below are those the counter writes.
type world struct {
	t                *testing.T
	k                *testkit.Kit
	ctx              context.Context
	s                *cash.Service
	alfa, beta       int64
	caja, manager    int64
	flores           int64
	pack, agua, cafe int64
	socio            int64
}

func newWorld(t *testing.T, k *testkit.Kit) *world {
	t.Helper()
	w := &world{t: t, k: k, ctx: context.Background(), s: k.App.Cash, alfa: k.Club("Alfa", clubFlags...), beta: k.Club("Beta", clubFlags...)}
	w.caja = k.User("caja", w.alfa, access.Caja)
	w.manager = k.User("manager", w.alfa, access.Manager)
	c, err := k.App.Clubs.SaveCategory(w.ctx, w.alfa, 0, "dispensary", "Flores")
	if err != nil {
		t.Fatal(err)
	}
	w.flores = c.NID
	w.pack = w.product("Pack", 1800)
	w.agua = w.product("Agua", 150)
	w.cafe = w.product("Café", 120)
	w.socio = w.member("Ana", "11111111H")
	return w
}

// product is a unit product of Alfa with unlimited stock.
func (w *world) product(title string, cents amount.Cents) int64 {
	w.t.Helper()
	p, err := w.k.App.Catalog.Save(w.ctx, w.alfa, catalog.Input{Kind: catalog.KindPro, Title: title, Category: w.flores, Price: &cents,
		Type: catalog.TypeUnit, Dominance: "indica", Status: true, UnlimitedStock: true})
	if err != nil {
		w.t.Fatal(err)
	}
	return p.PID
}

func (w *world) member(name, dni string) int64 {
	w.t.Helper()
	surname := "Prueba"
	m, err := w.k.App.Members.Save(w.ctx, w.alfa, member.Actor{UserID: w.manager, IsAdmin: true}, member.Input{Nombre: &name, Surname: &surname, DNI: &dni})
	if err != nil {
		w.t.Fatal(err)
	}
	return m.NID
}

// sell puts lines {pid, units} in a member's cart and has Caja take its payment.
func (w *world) sell(memberID int64, pay string, lines ...[2]int64) int64 {
	w.t.Helper()
	in := pos.SaveInput{MemberID: memberID}
	for _, l := range lines {
		in.Lines = append(in.Lines, pos.LineInput{PID: l[0], Quantity: amount.Milli(l[1] * 1000)})
	}
	o, err := w.k.App.POS.Save(w.ctx, w.alfa, pos.Actor{UserID: w.caja}, in)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.k.App.POS.Pay(w.ctx, w.alfa, pos.Actor{UserID: w.caja}, methods, pos.PayInput{OID: o.OID, MemberID: memberID, Type: pay}); err != nil {
		w.t.Fatalf("pay %s: %v", pay, err)
	}
	return o.OID
}

// refund gives units of a product of an order back by a method.
func (w *world) refund(oid, memberID int64, pay string, pid, units int64) {
	w.t.Helper()
	_, err := w.k.App.POS.Refund(w.ctx, w.alfa, pos.Actor{UserID: w.manager, Supervisor: true}, methods,
		pos.RefundInput{OID: oid, MemberID: memberID, PayType: pay, Lines: []pos.RefundLine{{PID: pid, Quantity: amount.Milli(units * 1000)}}})
	if err != nil {
		w.t.Fatalf("refund %s: %v", pay, err)
	}
}

func (w *world) topUp(memberID int64, cents amount.Cents, pay string) {
	w.t.Helper()
	if _, err := w.k.App.POS.Wallet(w.ctx, w.alfa, pos.Actor{UserID: w.manager}, methods, pos.WalletInput{MemberID: memberID, Operation: pos.WalletAdd, Amount: cents, PayType: pay}); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) move(staff int64, cents amount.Cents, note string) *cash.Movement {
	w.t.Helper()
	m, err := w.s.Move(w.ctx, w.alfa, staff, cents, note)
	if err != nil {
		w.t.Fatalf("move %s: %v", cents, err)
	}
	return m
}

func (w *world) close(staff int64, counted amount.Cents, note string) *cash.Close {
	w.t.Helper()
	c, err := w.s.CloseRegister(w.ctx, w.alfa, staff, counted, note)
	if err != nil {
		w.t.Fatalf("close %s: %v", counted, err)
	}
	return c
}

func (w *world) summary(clubID int64, sc cash.Scope) *cash.Summary {
	w.t.Helper()
	s, err := w.s.Summarize(w.ctx, clubID, sc)
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

// agrees checks that every card of a summary is the sum of its rows: the box
// is every cash movement of the scope, the order cards are the order
// movements by method and direction, the income is what came in.
func (w *world) agrees(s *cash.Summary, where string, args ...any) {
	w.t.Helper()
	sum := func(cond string) amount.Cents {
		var cents int64
		if err := w.k.App.DB.Get(w.ctx, &cents, `SELECT COALESCE(SUM(amount), 0) FROM cash_movements WHERE `+where+` AND `+cond, args...); err != nil {
			w.t.Fatal(err)
		}
		return amount.Cents(cents)
	}
	for _, c := range []struct {
		card string
		got  amount.Cents
		cond string
	}{
		{"cash_box_total_amount", s.CashBoxTotalAmount, "pay_type = 'cash'"},
		{"total_amount", s.TotalAmount, "pay_type = 'cash'"},
		{"cash_order_amount", s.CashOrderAmount, "type = 'order' AND pay_type = 'cash' AND amount > 0"},
		{"tpv_order_amount", s.TpvOrderAmount, "type = 'order' AND pay_type = 'tpv' AND amount > 0"},
		{"wallet_order_amount", s.WalletOrderAmount, "type = 'order' AND pay_type = 'wallet' AND amount > 0"},
		{"cash_order_refund_amount", -s.CashRefundAmount, "type = 'order' AND pay_type = 'cash' AND amount < 0"},
		{"tpv_order_refund_amount", -s.TpvRefundAmount, "type = 'order' AND pay_type = 'tpv' AND amount < 0"},
		{"wallet_order_refund_amount", -s.WalletRefundAmount, "type = 'order' AND pay_type = 'wallet' AND amount < 0"},
		{"wallet_cash_amount", s.WalletCashAmount, "type = 'wallet' AND pay_type = 'cash'"},
		{"wallet_tpv_amount", s.WalletTpvAmount, "type = 'wallet' AND pay_type = 'tpv'"},
		{"manual_amount", s.ManualAmount, "type = 'manual'"},
		{"amount_initial", s.AmountInitial, "type = 'automatic'"},
		{"total_income", s.TotalIncome, "(type = 'wallet' OR (type = 'order' AND pay_type <> 'wallet'))"},
	} {
		if want := sum(c.cond); c.got != want {
			w.t.Fatalf("%s is %s, its rows add up to %s", c.card, c.got, want)
		}
	}
}

// A day at the till: every card of the period's summary, to the cent; the
// refusals of manual movements and of the close, which change nothing; the
// close's expected total and difference; the next period starting with the
// counted amount alone; the close's report, whose tables add up to what was
// sold; the box of a range of dates across the close; and another club,
// which sees none of it.
func TestCashDay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		other := w.member("Otra", "55555555K")
		// a cash order of 21 €, a card order of 6 €, wallet top-ups of 20 € by cash and 10 € by card,
		// an order of 12 € from the wallet, and a refund by each method
		o1 := w.sell(w.socio, pos.PayCash, [2]int64{w.pack, 1}, [2]int64{w.agua, 2})
		o2 := w.sell(other, pos.PayCard, [2]int64{w.cafe, 5})
		w.topUp(other, 2000, pos.PayCash)
		w.topUp(other, 1000, pos.PayCard)
		o3 := w.sell(other, pos.PayWallet, [2]int64{w.cafe, 10})
		w.refund(o1, w.socio, pos.PayCash, w.agua, 1) // 1.50 out of the box
		w.refund(o2, other, pos.PayCard, w.cafe, 1)   // 1.20 back to the card
		w.refund(o3, other, pos.PayWallet, w.cafe, 2) // 2.40 back to the wallet

		in := w.move(w.caja, 5000, "  cambio  ")
		if in.Amount != 5000 || in.Action != cash.TypeManual || in.PayType != cash.PayCash || in.Employee != "Caja" || in.Note != "cambio" || in.Status != "open" {
			t.Fatalf("cash in: %+v", in)
		}
		w.move(w.manager, -2000, "proveedor")

		// Refusals: they name their rule and write nothing.
		before := k.Count("cash_movements", "")
		for _, c := range []struct {
			what  string
			cents amount.Cents
			note  string
			code  string
		}{
			{"zero", 0, "", "cash.amount_zero"},
			{"201 characters of note", 100, strings.Repeat("é", 201), "cash.note_too_long"},
			{"more than any till holds", amount.MaxCents + 1, "", "amount.too_large"},
			{"less than any till holds", -amount.MaxCents - 1, "", "amount.too_large"},
			// the box holds 21 + 20 + 50 − 20 − 1.50 = 69.50
			{"a cent more than the box", -6951, "", "cash.box_short"},
		} {
			if _, err := w.s.Move(w.ctx, w.alfa, w.manager, c.cents, c.note); problem.Code(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.what, c.code, err)
			}
		}
		_, err := w.s.Move(w.ctx, w.alfa, w.manager, -6951, "")
		var short *problem.Invalid
		if !errors.As(err, &short) || short.Field != "amount" || short.Params["box"] != amount.Cents(6950).String() {
			t.Errorf("box short names the box: %#v", err)
		}
		if k.Count("cash_movements", "") != before {
			t.Fatal("a refused movement was written")
		}

		s := w.summary(w.alfa, cash.Scope{})
		for _, c := range []struct {
			card      string
			got, want amount.Cents
		}{
			{"cash_order_amount", s.CashOrderAmount, 2100}, {"cash_order_refund_amount", s.CashRefundAmount, 150},
			{"tpv_order_amount", s.TpvOrderAmount, 600}, {"tpv_order_refund_amount", s.TpvRefundAmount, 120},
			{"wallet_order_amount", s.WalletOrderAmount, 1200}, {"wallet_order_refund_amount", s.WalletRefundAmount, 240},
			{"wallet_cash_amount", s.WalletCashAmount, 2000}, {"wallet_tpv_amount", s.WalletTpvAmount, 1000},
			{"manual_amount", s.ManualAmount, 3000}, {"amount_initial", s.AmountInitial, 0},
			{"cash_box_total_amount", s.CashBoxTotalAmount, 6950}, {"total_amount", s.TotalAmount, 6950},
			// 21 − 1.50 cash, 6 − 1.20 card, 20 + 10 top-ups; what the wallet paid was taken at its top-up
			{"total_income", s.TotalIncome, 5430},
		} {
			if c.got != c.want {
				t.Errorf("%s: want %s, got %s", c.card, c.want, c.got)
			}
		}
		for _, c := range []struct {
			card      string
			got, want int
		}{
			{"cash_order_movement", s.CashOrderMovement, 1}, {"cash_order_refund_movement", s.CashRefundMovement, 1},
			{"tpv_order_movement", s.TpvOrderMovement, 1}, {"tpv_order_refund_movement", s.TpvRefundMovement, 1},
			{"wallet_order_movement", s.WalletOrderMovement, 1}, {"wallet_order_refund_movement", s.WalletRefundMovement, 1},
			{"wallet_cash_movement", s.WalletCashMovement, 1}, {"wallet_tpv_movement", s.WalletTpvMovement, 1},
			{"type_order", s.TypeOrder, 6}, {"type_wallet", s.TypeWallet, 2}, {"type_manual", s.TypeManual, 2}, {"type_automatic", s.TypeAutomatic, 0},
		} {
			if c.got != c.want {
				t.Errorf("%s: want %d, got %d", c.card, c.want, c.got)
			}
		}
		w.agrees(s, "club_id = ? AND close_id IS NULL", w.alfa)
		list, total, err := w.s.Movements(w.ctx, w.alfa, cash.Scope{}, 0, 0)
		if err != nil || total != 10 || len(list) != 10 || list[0].MID != in.MID+1 || list[0].Amount != -2000 {
			t.Fatalf("the period's movements, newest first: %d %+v %v", total, list, err)
		}

		// The close: a negative count is refused and writes nothing.
		for _, c := range []struct {
			what    string
			counted amount.Cents
			note    string
			code    string
		}{
			{"negative count", -1, "", "cash.counted_negative"},
			{"count too large", amount.MaxCents + 1, "", "amount.too_large"},
			{"201 characters of note", 7000, strings.Repeat("é", 201), "cash.note_too_long"},
		} {
			if _, err := w.s.CloseRegister(w.ctx, w.alfa, w.manager, c.counted, c.note); problem.Code(err) != c.code {
				t.Errorf("%s: want %s, got %v", c.what, c.code, err)
			}
		}
		if k.Count("cash_closes", "") != 0 || k.Count("cash_movements", "") != before || k.Count("cash_movements", "close_id IS NOT NULL") != 0 {
			t.Fatal("a refused close wrote something")
		}
		// counted 70 against 69.50
		c := w.close(w.caja, 7000, "  sobran 50 céntimos ")
		if c.Expected != 6950 || c.Counted != 7000 || c.Difference != 50 || c.Worker != "Caja" || c.Note != "sobran 50 céntimos" ||
			c.First == 0 || c.Last < c.First {
			t.Fatalf("close: %+v", c)
		}
		if got, err := w.s.GetClose(w.ctx, w.alfa, c.CID); err != nil || *got != *c {
			t.Fatalf("the close read back: %+v %v", got, err)
		}
		// every movement of the period went to the close; the next period holds the counted 70 alone
		if k.Count("cash_movements", "close_id = ?", c.CID) != 10 || k.Count("cash_movements", "club_id = ? AND close_id IS NULL", w.alfa) != 1 ||
			k.Count("cash_movements", "club_id = ? AND close_id IS NULL AND type = 'automatic' AND amount = 7000", w.alfa) != 1 {
			t.Fatal("the next period does not start with the counted amount alone")
		}
		if s := w.summary(w.alfa, cash.Scope{}); s.AmountInitial != 7000 || s.CashBoxTotalAmount != 7000 || s.TotalAmount != 7000 ||
			s.TypeAutomatic != 1 || s.TotalIncome != 0 || s.ManualAmount != 0 {
			t.Fatalf("new period: %+v", s)
		}

		// The close's report: its cards are its rows, its tables add up to what was sold (21 + 6 + 12).
		r, err := w.s.Report(w.ctx, w.alfa, cash.Scope{CloseID: c.CID})
		if err != nil {
			t.Fatal(err)
		}
		w.agrees(r.Summary, "close_id = ?", c.CID)
		if r.Summary.CashBoxTotalAmount != 6950 || r.Summary.TotalIncome != 5430 {
			t.Fatalf("the close's summary: %+v", r.Summary)
		}
		var orders, members, employees, products amount.Cents
		for _, o := range r.Orders {
			orders += o.Total
		}
		for _, m := range r.Members {
			members += m.Amount
		}
		for _, e := range r.Employees {
			employees += e.Amount
		}
		for _, p := range r.Products {
			products += p.Amount
		}
		for what, v := range map[string]amount.Cents{"orders": orders, "members": members, "employees": employees, "products": products} {
			if v != 3900 {
				t.Errorf("%s add up to %s, want 39", what, v)
			}
		}
		if len(r.Orders) != 3 || len(r.Members) != 2 || len(r.Employees) != 1 || r.Employees[0].Employee != "Caja" || r.Employees[0].Orders != 3 ||
			len(r.Products) != 3 || len(r.Movements) != 10 || len(r.Closes) != 1 || r.Closes[0].Difference != 50 {
			t.Fatalf("the close's report: %+v", r)
		}
		if closes, total, err := w.s.Closes(w.ctx, w.alfa, 0, 0); err != nil || total != 1 || len(closes) != 1 || closes[0].CID != c.CID || closes[0].Difference != 50 {
			t.Fatalf("history: %d %+v %v", total, closes, err)
		}

		// A range of dates across the close: its orders, and the box it found and left:
		// nothing before, the 70 € counted after (not 69.50 + 70).
		all := cash.Scope{Start: 1, End: 1 << 40}
		r, err = w.s.Report(w.ctx, w.alfa, all)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Orders) != 3 || r.Summary.AmountInitial != 0 || r.Summary.CashBoxTotalAmount != 7000 || r.Summary.TotalAmount != 7000 || len(r.Closes) != 1 {
			t.Fatalf("report by dates: %+v %+v", r.Summary, r.Orders)
		}
		w.move(w.caja, 500, "")
		if s := w.summary(w.alfa, all); s.CashBoxTotalAmount != 7500 || s.AmountInitial != 0 {
			t.Fatalf("box after the close and 5 € in: %+v", s)
		}

		// Another club sees neither the close nor the movements.
		if _, err := w.s.GetClose(w.ctx, w.beta, c.CID); !errors.Is(err, cash.ErrCloseNotFound) || problem.Code(err) != "cash.close_not_found" {
			t.Fatalf("Beta reads Alfa's close: %v", err)
		}
		if list, total, err := w.s.Movements(w.ctx, w.beta, cash.Scope{}, 0, 0); err != nil || total != 0 || len(list) != 0 {
			t.Fatalf("Beta sees Alfa's till: %d %v", total, err)
		}
		if s := w.summary(w.beta, all); *s != (cash.Summary{}) {
			t.Fatalf("Beta's summary: %+v", s)
		}
		if r, err := w.s.Report(w.ctx, w.beta, cash.Scope{CloseID: c.CID}); err != nil || len(r.Orders) != 0 || len(r.Movements) != 0 || len(r.Closes) != 0 {
			t.Fatalf("Beta's report of Alfa's close: %+v %v", r, err)
		}
		if closes, total, err := w.s.Closes(w.ctx, w.beta, 0, 0); err != nil || total != 0 || len(closes) != 0 {
			t.Fatalf("Beta's history: %d %v", total, err)
		}
	})
}

// The whole box may go out, never a cent more; withdrawals racing for it
// leave exactly one passing and the box at zero.
func TestWithdrawalsNeverTakeTheBoxBelowZero(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		w.move(w.manager, 1000, "")
		if _, err := w.s.Move(w.ctx, w.alfa, w.manager, -1001, ""); problem.Code(err) != "cash.box_short" {
			t.Fatalf("a cent more than the box: %v", err)
		}
		w.move(w.manager, -1000, "")
		if _, err := w.s.Move(w.ctx, w.alfa, w.manager, -1, ""); problem.Code(err) != "cash.box_short" {
			t.Fatalf("a cent from an empty box: %v", err)
		}
		w.move(w.manager, 3000, "")
		const racers = 8
		wins := testkit.Race(t, racers, "cash.box_short", func() error {
			_, err := w.s.Move(w.ctx, w.alfa, w.manager, -3000, "")
			return err
		})
		if s := w.summary(w.alfa, cash.Scope{}); wins != 1 || s.CashBoxTotalAmount != 0 {
			t.Fatalf("%d of %d withdrawals of the whole box passed; the box holds %s", wins, racers, s.CashBoxTotalAmount)
		}
	})
}

// Closes racing with payments: every movement ends in exactly one period,
// and each close's expected total is the sum of the movements it claimed.
func TestCloseDuringPayments(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		const members = 12
		carts := make([][2]int64, members)
		for i := range members {
			m := w.member(fmt.Sprintf("Caja%d", i), fmt.Sprintf("K%07dA", i))
			o, err := k.App.POS.Save(w.ctx, w.alfa, pos.Actor{UserID: w.caja}, pos.SaveInput{MemberID: m, Lines: []pos.LineInput{{PID: w.cafe, Quantity: 1000}}})
			if err != nil {
				t.Fatal(err)
			}
			carts[i] = [2]int64{o.OID, m}
		}
		var wg sync.WaitGroup
		for i := range members {
			wg.Go(func() {
				if _, err := k.App.POS.Pay(w.ctx, w.alfa, pos.Actor{UserID: w.caja}, methods, pos.PayInput{OID: carts[i][0], MemberID: carts[i][1], Type: pos.PayCash}); err != nil {
					t.Errorf("pay: %v", err)
				}
			})
			if i%4 == 0 {
				wg.Go(func() {
					if _, err := w.s.CloseRegister(w.ctx, w.alfa, w.manager, 0, ""); err != nil {
						t.Errorf("close: %v", err)
					}
				})
			}
		}
		wg.Wait()
		if n := k.Count("cash_movements", "club_id = ? AND type = 'order'", w.alfa); n != members {
			t.Fatalf("%d order movements for %d pays", n, members)
		}
		if n := k.Count("cash_closes c", `c.expected <> (SELECT COALESCE(SUM(m.amount), 0) FROM cash_movements m WHERE m.close_id = c.id AND m.pay_type = 'cash')`); n != 0 {
			t.Fatalf("%d closes expect a total their movements do not add up to", n)
		}
		// the periods and the open one hold every payment once
		var sum int64
		if err := k.App.DB.Get(w.ctx, &sum, `SELECT COALESCE(SUM(amount), 0) FROM cash_movements WHERE club_id = ? AND type = 'order'`, w.alfa); err != nil || sum != members*120 {
			t.Fatalf("the payments add up to %d: %v", sum, err)
		}
	})
}

// at is a clock stopped at a time of 2026-03-10 (UTC).
func at(hhmm string) func() time.Time {
	t, err := time.Parse("2006-01-02 15:04", "2026-03-10 "+hhmm)
	if err != nil {
		panic(err)
	}
	return func() time.Time { return t }
}

// Ranges of dates take the movements and closes from their first second to
// their last, both included. A range lists its closes with their difference
// (counted − expected), oldest first; a close's own report carries it; the
// current period, which no close ends yet, carries none; another club's range
// shows none of them.
func TestRangesAndTheirCloses(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		ten, eleven, noon, one := at("10:00")().Unix(), at("11:00")().Unix(), at("12:00")().Unix(), at("13:00")().Unix()
		s10, s11, s12, s13 := w.s.WithClock(at("10:00")), w.s.WithClock(at("11:00")), w.s.WithClock(at("12:00")), w.s.WithClock(at("13:00"))
		mustMove := func(s *cash.Service, cents amount.Cents) {
			if _, err := s.Move(w.ctx, w.alfa, w.manager, cents, ""); err != nil {
				t.Fatal(err)
			}
		}
		mustClose := func(s *cash.Service, counted amount.Cents, note string) *cash.Close {
			c, err := s.CloseRegister(w.ctx, w.alfa, w.manager, counted, note)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		mustMove(s10, 5000)
		first := mustClose(s11, 4850, "faltan 1,50") // 50 expected, 48.50 counted
		mustMove(s12, 1000)
		second := mustClose(s13, 5900, "sobran 50 céntimos") // 48.50 + 10 expected, 59 counted
		if first.Created != eleven || second.Created != one {
			t.Fatalf("the closes' times: %d %d", first.Created, second.Created)
		}

		closesIn := func(club int64, sc cash.Scope) []cash.Close {
			t.Helper()
			out, err := w.s.ClosesIn(w.ctx, club, sc)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		day := cash.Scope{Start: ten - 10*3600, End: ten + 14*3600 - 1}
		got := closesIn(w.alfa, day)
		if len(got) != 2 || got[0].CID != first.CID || got[1].CID != second.CID ||
			got[0].Difference != -150 || got[0].Expected != 5000 || got[0].Counted != 4850 ||
			got[1].Difference != 50 || got[1].Expected != 5850 || got[1].Worker != "Manager" || got[1].Note != "sobran 50 céntimos" {
			t.Fatalf("the day's closes: %+v", got)
		}
		// both ends of a range are in it
		if got := closesIn(w.alfa, cash.Scope{Start: one, End: one}); len(got) != 1 || got[0].CID != second.CID {
			t.Fatalf("a range of the second close's second: %+v", got)
		}
		if got := closesIn(w.alfa, cash.Scope{Start: eleven + 1, End: one - 1}); len(got) != 0 {
			t.Fatalf("a range between the closes: %+v", got)
		}
		if got := closesIn(w.alfa, cash.Scope{Start: eleven}); len(got) != 2 {
			t.Fatalf("a range with no end: %+v", got)
		}
		if got := closesIn(w.alfa, cash.Scope{CloseID: first.CID}); len(got) != 1 || got[0].CID != first.CID || got[0].Difference != -150 {
			t.Fatalf("the first close's own: %+v", got)
		}
		if got := closesIn(w.alfa, cash.Scope{}); len(got) != 0 {
			t.Fatalf("the open period lists closes: %+v", got)
		}
		if got := closesIn(w.beta, day); len(got) != 0 {
			t.Fatalf("Beta's day lists Alfa's closes: %+v", got)
		}
		if got := closesIn(w.beta, cash.Scope{CloseID: first.CID}); len(got) != 0 {
			t.Fatalf("Beta reads Alfa's close by id: %+v", got)
		}
		r, err := w.s.Report(w.ctx, w.alfa, day)
		if err != nil || len(r.Closes) != 2 || r.Closes[0].Difference != -150 {
			t.Fatalf("the day's report: %+v %v", r, err)
		}

		// Movements by range: both ends included, and the box the range found and left.
		n := func(sc cash.Scope) int {
			t.Helper()
			_, total, err := w.s.Movements(w.ctx, w.alfa, sc, -1, 0)
			if err != nil {
				t.Fatal(err)
			}
			return total
		}
		if n(cash.Scope{Start: ten, End: ten}) != 1 || n(cash.Scope{Start: ten + 1, End: noon - 1}) != 1 || n(cash.Scope{Start: noon, End: noon}) != 1 {
			t.Fatal("a range leaves out a movement at one of its ends, or takes one outside")
		}
		// 10:00 − 11:59: 50 in, then the first close left 48.50
		s := w.summary(w.alfa, cash.Scope{Start: ten, End: noon - 1})
		if s.AmountInitial != 0 || s.CashBoxTotalAmount != 4850 || s.ManualAmount != 5000 {
			t.Fatalf("the morning: %+v", s)
		}
		// 11:30 − 12:30: found 48.50, 10 in
		s = w.summary(w.alfa, cash.Scope{Start: eleven + 1800, End: noon + 1800})
		if s.AmountInitial != 4850 || s.CashBoxTotalAmount != 5850 || s.ManualAmount != 1000 || s.TypeAutomatic != 0 {
			t.Fatalf("around noon: %+v", s)
		}
		// the whole day: nothing found, the 59 counted last left
		if s := w.summary(w.alfa, day); s.AmountInitial != 0 || s.CashBoxTotalAmount != 5900 || s.TotalAmount != 5900 {
			t.Fatalf("the day: %+v", s)
		}
	})
}

// Pages of movements and closes: newest first, the default page sizes, and
// all of them for the reports.
func TestPages(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		for i := range 17 {
			w.move(w.caja, amount.Cents(100+i), "")
		}
		list, total, err := w.s.Movements(w.ctx, w.alfa, cash.Scope{}, 0, 0)
		if err != nil || total != 17 || len(list) != cash.DefaultPage || list[0].Amount != 116 {
			t.Fatalf("first page: %d of %d, %v", len(list), total, err)
		}
		if list, _, _ := w.s.Movements(w.ctx, w.alfa, cash.Scope{}, 0, 1); len(list) != 2 || list[1].Amount != 100 {
			t.Fatalf("second page: %+v", list)
		}
		if list, _, _ := w.s.Movements(w.ctx, w.alfa, cash.Scope{}, 5, 2); len(list) != 5 || list[0].Amount != 106 {
			t.Fatalf("third page of five: %+v", list)
		}
		if list, _, _ := w.s.Movements(w.ctx, w.alfa, cash.Scope{}, -1, 3); len(list) != 17 {
			t.Fatalf("all: %d", len(list))
		}
		for range 21 {
			w.close(w.caja, 0, "")
		}
		closes, total, err := w.s.Closes(w.ctx, w.alfa, 0, 0)
		if err != nil || total != 21 || len(closes) != 19 || closes[0].CID < closes[1].CID {
			t.Fatalf("closes: %d of %d, %v", len(closes), total, err)
		}
		if closes, _, _ := w.s.Closes(w.ctx, w.alfa, 19, 1); len(closes) != 2 {
			t.Fatalf("second page of closes: %d", len(closes))
		}
	})
}
