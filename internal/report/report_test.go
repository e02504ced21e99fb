package report_test

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
	"socius/internal/report"
	"socius/internal/testkit"
)

func madrid(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func g(grams float64) amount.Milli { return amount.Milli(grams*1000 + 0.5) }
func eur(e float64) amount.Cents   { return amount.Cents(e*100 + 0.5) }
func ptr[T any](v T) *T            { return &v }

// wide is a period holding every sale of the test, made now.
func wide() report.Range { return report.Range{Start: 0, End: time.Now().Unix() + 3600} }

// day is a known day at the counter of club Alfa, sold through the real
// point of sale: a cash order of 22 € (2 g of Amnesia at 9.50, 2 waters at
// 1.50) with one water refunded in cash, a card order of 5 coffees (6 €),
// wallet top-ups of 20 € cash and 10 € card and an order of 10 coffees
// (12 €) paid from the wallet. Every product costs 1 € a gram or unit. Club
// Beta sells 3 g of its own product the same day, which Alfa's figures must
// never show.
type day struct {
	k                        *testkit.Kit
	ctx                      context.Context
	alfa, beta               int64
	actor                    pos.Actor
	methods                  pos.Methods
	buyer, other, betaMember int64
	buyerNumber              int64
	flores                   int64
	amnesia, agua, cafe      int64
	cashO, tpvO, wlt         int64
}

func newDay(t *testing.T, k *testkit.Kit) *day {
	t.Helper()
	ctx := context.Background()
	flags := []string{access.Socios, access.FuncionesAvanzadasGestion, access.Monedero}
	d := &day{k: k, ctx: ctx, alfa: k.Club("Alfa", flags...), beta: k.Club("Beta", flags...),
		methods: pos.Methods{Cash: true, Card: true, Wallet: true}}
	d.actor = pos.Actor{UserID: k.User("admin", d.alfa, access.Administrador), Supervisor: true}
	betaActor := pos.Actor{UserID: k.User("betaadmin", d.beta, access.Administrador), Supervisor: true}

	buyer := d.member(t, d.alfa, "Carla", "Prueba", "55555555K")
	d.buyer, d.buyerNumber = buyer.NID, buyer.Number
	d.other = d.member(t, d.alfa, "Ana", "Otra", "11111111H").NID
	d.betaMember = d.member(t, d.beta, "Bea", "Beta", "22222222J").NID

	d.flores = d.category(t, d.alfa, "Flores")
	if _, err := k.App.Clubs.SaveCategory(ctx, d.alfa, 0, "weight_discrepancy", "5"); err != nil { // a weighed gram may pass by 5 %
		t.Fatal(err)
	}
	d.amnesia = d.product(t, d.alfa, d.actor.UserID, d.flores, "Amnesia", catalog.TypeWeight, 9.5, false, 100)
	d.agua = d.product(t, d.alfa, d.actor.UserID, d.flores, "Agua", catalog.TypeUnit, 1.5, false, 10)
	d.cafe = d.product(t, d.alfa, d.actor.UserID, d.flores, "Café", catalog.TypeUnit, 1.2, true, 0)
	betaProd := d.product(t, d.beta, betaActor.UserID, d.category(t, d.beta, "Beta"), "Beta Kush", catalog.TypeWeight, 5, false, 100)

	d.cashO = d.sell(t, d.alfa, d.actor, d.buyer, "cash", nil, pos.LineInput{PID: d.amnesia, Quantity: g(2)}, pos.LineInput{PID: d.agua, Quantity: g(2)})
	d.tpvO = d.sell(t, d.alfa, d.actor, d.buyer, "tpv", nil, pos.LineInput{PID: d.cafe, Quantity: g(5)})
	for _, top := range []struct {
		amount float64
		pay    string
	}{{20, "cash"}, {10, "tpv"}} {
		if _, err := k.App.POS.Wallet(ctx, d.alfa, d.actor, d.methods, pos.WalletInput{MemberID: d.buyer, Operation: "add", Amount: eur(top.amount), PayType: top.pay}); err != nil {
			t.Fatal(err)
		}
	}
	d.wlt = d.sell(t, d.alfa, d.actor, d.buyer, "wallet", nil, pos.LineInput{PID: d.cafe, Quantity: g(10)})
	d.refund(t, d.cashO, "cash", d.agua, 1)
	d.sell(t, d.beta, betaActor, d.betaMember, "cash", nil, pos.LineInput{PID: betaProd, Quantity: g(3)})
	return d
}

func (d *day) member(t *testing.T, club int64, nombre, surname, dni string) *member.Member {
	t.Helper()
	m, err := d.k.App.Members.Save(d.ctx, club, member.Actor{IsAdmin: true}, member.Input{Nombre: &nombre, Surname: &surname, DNI: &dni})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func (d *day) category(t *testing.T, club int64, title string) int64 {
	t.Helper()
	c, err := d.k.App.Clubs.SaveCategory(d.ctx, club, 0, "dispensary", title)
	if err != nil {
		t.Fatal(err)
	}
	return c.NID
}

func (d *day) product(t *testing.T, club, staff, cat int64, title, typ string, price float64, unlimited bool, stock float64) int64 {
	t.Helper()
	p, err := d.k.App.Catalog.Save(d.ctx, club, catalog.Input{Title: title, Category: cat, Price: ptr(eur(price)), Cost: eur(1), Type: typ,
		Dominance: "indica", Status: true, Discount: true, UnlimitedStock: unlimited})
	if err != nil {
		t.Fatal(err)
	}
	if stock > 0 {
		if _, err := d.k.App.Catalog.AdjustStock(d.ctx, club, staff, []catalog.StockChange{{PID: p.PID, Kind: "manual", Quantity: g(stock), Note: "alta"}}); err != nil {
			t.Fatal(err)
		}
	}
	return p.PID
}

// sell saves a cart and pays it, and returns the order.
func (d *day) sell(t *testing.T, club int64, actor pos.Actor, memberID int64, pay string, manual *amount.Cents, lines ...pos.LineInput) int64 {
	t.Helper()
	o, err := d.k.App.POS.Save(d.ctx, club, actor, pos.SaveInput{MemberID: memberID, Lines: lines, ManualDiscount: manual})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.k.App.POS.Pay(d.ctx, club, actor, d.methods, pos.PayInput{OID: o.OID, MemberID: memberID, Type: pay}); err != nil {
		t.Fatal(err)
	}
	return o.OID
}

func (d *day) refund(t *testing.T, oid int64, pay string, pid int64, qty float64) {
	t.Helper()
	if _, err := d.k.App.POS.Refund(d.ctx, d.alfa, d.actor, d.methods, pos.RefundInput{OID: oid, PayType: pay,
		Lines: []pos.RefundLine{{PID: pid, Quantity: g(qty)}}}); err != nil {
		t.Fatal(err)
	}
}

func (d *day) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := d.k.App.DB.Exec(d.ctx, query, args...); err != nil {
		t.Fatal(err)
	}
}

// The withdrawals report: one row per product line of a completed order,
// newest first, net of what was refunded; the totals follow the column
// filters, grams and units apart; LIKE's wildcards match themselves; a page
// never changes the totals; another club's sales never show.
func TestWithdrawals(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		s := k.App.Report
		get := func(f report.WithdrawalFilter) ([]report.Withdrawal, report.WithdrawalTotals) {
			t.Helper()
			if f.Range == (report.Range{}) {
				f.Range = wide()
			}
			rows, tot, err := s.Withdrawals(d.ctx, d.alfa, f)
			if err != nil {
				t.Fatal(err)
			}
			return rows, tot
		}
		rows, tot := get(report.WithdrawalFilter{})
		// the refunded water is gone from its line: 1 water for 1.50 €
		want := report.WithdrawalTotals{Lines: 4, Orders: 3, Grams: g(2), RealGrams: g(2), Units: g(16), Total: eur(38.5)}
		if len(rows) != 4 || tot != want {
			t.Fatalf("withdrawals: %d rows, totals %+v, want %+v", len(rows), tot, want)
		}
		if r := rows[0]; r.OID != d.wlt || r.Title != "Café" || r.Quantity != g(10) || r.Total != eur(12) || r.Name != "Carla" ||
			r.Category != "Flores" || r.MemberID != d.buyer || r.Number != d.buyerNumber || r.Type != catalog.TypeUnit {
			t.Fatalf("newest first: %+v", r)
		}
		if r := rows[2]; r.OID != d.cashO || r.Title != "Amnesia" || r.Type != catalog.TypeWeight || r.RealQuantity != g(2) || rows[3].Title != "Agua" {
			t.Fatalf("oldest last, the order's lines in their order: %+v", rows[2:])
		}
		for _, r := range rows {
			if r.Title == "Agua" && (r.Quantity != g(1) || r.Total != eur(1.5)) {
				t.Fatalf("the refund is not taken off its line: %+v", r)
			}
		}
		// a line refunded in full is no longer a withdrawal
		d.refund(t, d.cashO, "cash", d.agua, 1)
		if rows, tot := get(report.WithdrawalFilter{}); len(rows) != 3 || tot.Lines != 3 || tot.Units != g(15) || tot.Total != eur(37) {
			t.Fatalf("after refunding the last water: %d rows, %+v", len(rows), tot)
		}

		// the column filters recompute the totals; LIKE's wildcards match themselves
		for _, c := range []struct {
			what  string
			f     report.WithdrawalFilter
			lines int
			total float64
		}{
			{"title, any case", report.WithdrawalFilter{Title: "CAF"}, 2, 18},
			{"category", report.WithdrawalFilter{Category: "flor"}, 3, 37},
			{"a % in the code", report.WithdrawalFilter{Code: "%"}, 0, 0},
			{"an _ in the title", report.WithdrawalFilter{Title: "_"}, 0, 0},
			{"name and title", report.WithdrawalFilter{Name: "carl", Title: "amn"}, 1, 19},
			{"member number", report.WithdrawalFilter{Number: itoa(d.buyerNumber)}, 3, 37},
			{"surname", report.WithdrawalFilter{Surname: "nadie"}, 0, 0},
			{"blank filters", report.WithdrawalFilter{Title: "  ", Surname: " "}, 3, 37},
			{"the member", report.WithdrawalFilter{MemberID: d.buyer}, 3, 37},
			{"another member", report.WithdrawalFilter{MemberID: d.other}, 0, 0},
			{"Beta's member named in Alfa", report.WithdrawalFilter{MemberID: d.betaMember}, 0, 0},
		} {
			rows, tot := get(c.f)
			if tot.Lines != c.lines || tot.Total != eur(c.total) || len(rows) != c.lines {
				t.Errorf("%s: want %d lines for %v €, got %d rows, %+v", c.what, c.lines, c.total, len(rows), tot)
			}
		}
		// paging: the totals are the filter's, whatever the page; a negative limit is every row (exports)
		if rows, tot := get(report.WithdrawalFilter{Limit: 2, Page: 1}); len(rows) != 1 || rows[0].OID != d.cashO || tot.Total != eur(37) || tot.Lines != 3 {
			t.Fatalf("page 2 of 2: %+v %+v", rows, tot)
		}
		if rows, _ := get(report.WithdrawalFilter{Limit: 2, Page: 5}); len(rows) != 0 {
			t.Fatalf("a page past the end: %+v", rows)
		}
		if rows, _ := get(report.WithdrawalFilter{Limit: -1}); len(rows) != 3 {
			t.Fatalf("every row: %d", len(rows))
		}
		// the period holds both its ends, to the second
		at := time.Date(2026, 7, 15, 12, 0, 0, 0, madrid(t)).Unix()
		d.exec(t, `UPDATE orders SET paid = ? WHERE id = ?`, at, d.wlt)
		for _, c := range []struct {
			r     report.Range
			lines int
		}{{report.Range{Start: at, End: at}, 1}, {report.Range{Start: at - 10, End: at - 1}, 0}, {report.Range{Start: at + 1, End: at + 10}, 0}} {
			if _, tot := get(report.WithdrawalFilter{Range: c.r}); tot.Lines != c.lines {
				t.Errorf("%+v holds %d lines, want %d", c.r, tot.Lines, c.lines)
			}
		}
		// Beta's own report holds Beta's sale only
		if rows, tot, err := k.App.Report.Withdrawals(d.ctx, d.beta, report.WithdrawalFilter{Range: wide()}); err != nil || len(rows) != 1 || tot.Grams != g(3) || tot.Total != eur(15) {
			t.Fatalf("Beta's withdrawals: %+v %+v", rows, tot)
		}
	})
}

func itoa(n int64) string { return amount.Format(n, 0) }

// The product performance report: each product's orders, quantity, the cost
// frozen on its lines when they were sold, average price, gross income and
// profit, by gross income; the totals over every row the filter keeps; the
// top charts; the filters and the paging.
func TestSales(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		// a cost changed after the sale does not change what the sale cost
		d.exec(t, `UPDATE products SET cost = 500 WHERE id = ?`, d.cafe)
		get := func(f report.SalesFilter) *report.Sales {
			t.Helper()
			f.Range = wide()
			r, err := k.App.Report.Sales(d.ctx, d.alfa, f)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		r := get(report.SalesFilter{})
		want := []struct {
			title                      string
			orders                     int
			qty                        float64
			cost, avg, amount, profits float64
		}{{"Amnesia", 1, 2, 2, 9.5, 19, 17}, {"Café", 2, 15, 15, 1.2, 18, 3}, {"Agua", 1, 1, 1, 1.5, 1.5, 0.5}}
		if len(r.Products) != len(want) || r.Total != 3 {
			t.Fatalf("performance: %+v", r)
		}
		for i, w := range want {
			p := r.Products[i]
			if p.Title != w.title || p.Orders != w.orders || p.Quantity != g(w.qty) || p.CostTotal != eur(w.cost) || p.AveragePrice != eur(w.avg) ||
				p.Amount != eur(w.amount) || p.Profits != eur(w.profits) || p.Category != "Flores" {
				t.Fatalf("row %d: want %+v, got %+v", i, w, p)
			}
		}
		if p := r.Products[1]; !p.Unlimited || r.Products[0].Unlimited || r.Products[0].Stock != g(98) {
			t.Fatalf("stock now: %+v / %+v", r.Products[0], p)
		}
		wantTot := report.SalesTotals{Products: 3, Orders: 3, Grams: g(2), Units: g(16), CostTotal: eur(18), Amount: eur(38.5), Profits: eur(20.5)}
		if r.Totals != wantTot {
			t.Fatalf("totals: %+v, want %+v", r.Totals, wantTot)
		}
		if len(r.TopGrams) != 1 || r.TopGrams[0].Title != "Amnesia" {
			t.Fatalf("top by grams, weight products only: %+v", r.TopGrams)
		}
		if len(r.TopAmount) != 3 || r.TopAmount[0].Title != "Amnesia" || r.TopAmount[2].Title != "Agua" {
			t.Fatalf("top by income: %+v", r.TopAmount)
		}
		if f := get(report.SalesFilter{Title: "CAF", Category: "flo"}); len(f.Products) != 1 || f.Totals.Amount != eur(18) || f.Totals.Orders != 2 {
			t.Fatalf("filtered: %+v", f)
		}
		if f := get(report.SalesFilter{Title: "%"}); len(f.Products) != 0 || f.Totals.Amount != 0 {
			t.Fatalf("a %% in the title: %+v", f)
		}
		if f := get(report.SalesFilter{MemberID: d.other}); len(f.Products) != 0 || f.Total != 0 {
			t.Fatalf("another member: %+v", f)
		}
		if f := get(report.SalesFilter{Limit: 2, Page: 1}); len(f.Products) != 1 || f.Total != 3 || f.Products[0].Title != "Agua" || f.Totals.Amount != eur(38.5) {
			t.Fatalf("page 2: %+v", f)
		}
		if f := get(report.SalesFilter{Limit: -1}); len(f.Products) != 3 {
			t.Fatalf("every row: %+v", f)
		}
	})
}

// A known day to the cent: the report day plus a card sale of 1 g of
// Amnesia less 0.95 €, a cash sale of 5 coffees less 1 €, and refunds of
// 1 coffee by card and 2 coffees to the wallet. The members kept 53.55 €
// sold less 5.10 € refunded, and the discounts are the lines'.
func TestKnownDayToTheCent(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		d.sell(t, d.alfa, d.actor, d.buyer, "tpv", ptr(eur(0.95)), pos.LineInput{PID: d.amnesia, Quantity: g(1)})
		d.sell(t, d.alfa, d.actor, d.buyer, "cash", ptr(eur(1)), pos.LineInput{PID: d.cafe, Quantity: g(5)})
		d.refund(t, d.tpvO, "tpv", d.cafe, 1)
		d.refund(t, d.wlt, "wallet", d.cafe, 2)
		_, w, err := k.App.Report.Withdrawals(d.ctx, d.alfa, report.WithdrawalFilter{Range: wide()})
		if err != nil {
			t.Fatal(err)
		}
		if w.Total != eur(48.45) || w.Grams != g(3) || w.RealGrams != g(3) || w.Units != g(18) || w.Orders != 5 {
			t.Fatalf("withdrawals: %+v", w)
		}
		s, err := k.App.Report.Sales(d.ctx, d.alfa, report.SalesFilter{Range: wide()})
		if err != nil {
			t.Fatal(err)
		}
		if tot := s.Totals; tot.Amount != eur(48.45) || tot.Discount != eur(1.95) || tot.CostTotal != eur(21) || tot.Profits != eur(27.45) || tot.Orders != 5 {
			t.Fatalf("performance: %+v", tot)
		}
		// the today screen's figures over the same day: the orders' totals as paid, and the weighed grams kept
		took, err := k.App.Report.SalesBetween(d.ctx, d.alfa, wide())
		if err != nil {
			t.Fatal(err)
		}
		if took.Amount != eur(53.55) || took.Orders != 5 {
			t.Fatalf("takings: %+v", took)
		}
		if grams, err := k.App.Report.GramsBetween(d.ctx, d.alfa, wide()); err != nil || grams != w.RealGrams {
			t.Fatalf("grams %v, want the withdrawals' real grams %v (%v)", grams, w.RealGrams, err)
		}
	})
}

// The charts: each local day's sales by payment method (the orders' totals as
// paid), each day's wallet top-ups against wallet spending (less what was
// refunded to it), and check-ins by local hour; one member narrows them;
// another club's sales never show.
func TestCharts(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		loc := madrid(t)
		now := time.Now()
		week := report.Range{Start: now.Add(-7 * 24 * time.Hour).Unix(), End: now.Unix()}
		today := now.In(loc).Format(time.DateOnly)
		sales, err := k.App.Report.SalesPerDay(d.ctx, d.alfa, 0, week, loc)
		if err != nil {
			t.Fatal(err)
		}
		if len(sales) != 8 || sales[0].Day != now.Add(-7*24*time.Hour).In(loc).Format(time.DateOnly) {
			t.Fatalf("a week is its 8 local days: %+v", sales)
		}
		if last := sales[len(sales)-1]; last != (report.DaySales{Day: today, Cash: eur(22), Tpv: eur(6), Wallet: eur(12)}) {
			t.Fatalf("today's sales: %+v", last)
		}
		for _, s := range sales[:len(sales)-1] {
			if s.Cash != 0 || s.Tpv != 0 || s.Wallet != 0 {
				t.Fatalf("a day without sales: %+v", s)
			}
		}
		if other, _ := k.App.Report.SalesPerDay(d.ctx, d.alfa, d.other, week, loc); other[len(other)-1].Cash != 0 || len(other) != 8 {
			t.Fatalf("another member's sales: %+v", other)
		}
		if beta, _ := k.App.Report.SalesPerDay(d.ctx, d.beta, 0, week, loc); beta[len(beta)-1] != (report.DaySales{Day: today, Cash: eur(15)}) {
			t.Fatalf("Beta's chart: %+v", beta[len(beta)-1])
		}

		wallet, err := k.App.Report.WalletPerDay(d.ctx, d.alfa, d.buyer, week, loc)
		if err != nil {
			t.Fatal(err)
		}
		if last := wallet[len(wallet)-1]; len(wallet) != 8 || last != (report.DayWallet{Day: today, TopUps: eur(30), Spent: eur(12)}) {
			t.Fatalf("wallet chart: %+v", wallet)
		}
		d.refund(t, d.wlt, "wallet", d.cafe, 2) // 2.40 back to the wallet
		if wallet, _ := k.App.Report.WalletPerDay(d.ctx, d.alfa, 0, week, loc); wallet[len(wallet)-1].Spent != eur(9.6) {
			t.Fatalf("a refund to the wallet is taken off what was spent: %+v", wallet[len(wallet)-1])
		}
		if wallet, _ := k.App.Report.WalletPerDay(d.ctx, d.alfa, d.other, week, loc); wallet[len(wallet)-1].TopUps != 0 {
			t.Fatalf("another member's wallet: %+v", wallet[len(wallet)-1])
		}

		// check-ins count by local hour; a check-out does not count
		at := time.Date(2026, 7, 15, 21, 30, 0, 0, loc).Unix()
		for i, action := range []string{"ENTRA", "SALE", "ENTRA"} {
			if _, err := k.App.Members.CheckInOut(d.ctx, d.alfa, d.buyer, d.actor.UserID, action, at+int64(i)*600); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := k.App.Members.CheckInOut(d.ctx, d.beta, d.betaMember, 0, "ENTRA", at); err != nil {
			t.Fatal(err)
		}
		hours, err := k.App.Report.CheckinsPerHour(d.ctx, d.alfa, 0, report.Range{Start: at - 3600, End: at + 3600}, loc)
		if err != nil {
			t.Fatal(err)
		}
		if len(hours) != 24 || hours[21].Count != 2 || hours[21].Hour != 21 || hours[0].Hour != 0 {
			t.Fatalf("access chart: %+v", hours)
		}
		for h, c := range hours {
			if h != 21 && c.Count != 0 {
				t.Fatalf("hour %d counts %d", h, c.Count)
			}
		}
		if hours, _ := k.App.Report.CheckinsPerHour(d.ctx, d.alfa, d.other, report.Range{Start: at - 3600, End: at + 3600}, loc); hours[21].Count != 0 {
			t.Fatalf("another member's check-ins: %+v", hours[21])
		}
		if hours, _ := k.App.Report.CheckinsPerHour(d.ctx, d.alfa, 0, report.Range{Start: at + 1, End: at + 3600}, loc); hours[21].Count != 1 {
			t.Fatalf("the range's start is a second: %+v", hours[21])
		}
		// in UTC the same check-ins are at 19:00 (summer time)
		if hours, _ := k.App.Report.CheckinsPerHour(d.ctx, d.alfa, 0, report.Range{Start: at - 3600, End: at + 3600}, time.UTC); hours[19].Count != 2 {
			t.Fatalf("in UTC: %+v", hours)
		}

		// a chart shows at most its last MaxChartDays days, to the day: 401 days show from the second
		end := time.Date(2026, 7, 15, 12, 0, 0, 0, loc)
		edge, err := k.App.Report.SalesPerDay(d.ctx, d.alfa, 0, report.Range{Start: end.AddDate(0, 0, -report.MaxChartDays).Unix(), End: end.Unix()}, loc)
		if err != nil {
			t.Fatal(err)
		}
		if len(edge) != report.MaxChartDays || edge[0].Day != "2025-06-11" || edge[len(edge)-1].Day != "2026-07-15" {
			t.Fatalf("401 days: %d, from %s to %s", len(edge), edge[0].Day, edge[len(edge)-1].Day)
		}
		long, err := k.App.Report.SalesPerDay(d.ctx, d.alfa, 0, report.Range{Start: now.AddDate(-2, 0, 0).Unix(), End: now.Unix()}, loc)
		if err != nil {
			t.Fatal(err)
		}
		if len(long) != report.MaxChartDays || long[len(long)-1].Day != today || long[len(long)-1].Cash != eur(22) {
			t.Fatalf("two years: %d days, last %+v", len(long), long[len(long)-1])
		}
	})
}

// The days the clock changes (the last Sundays of March, 02:00 → 03:00,
// and October, 03:00 → 02:00): sales at 01:30, 03:30 and 23:59:30 belong to
// that local day, in the chart and in the day's range; the day before holds
// none of them.
func TestDaysAcrossClockChanges(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		loc := madrid(t)
		move := func(oid int64, at time.Time) {
			d.exec(t, `UPDATE orders SET paid = ?, created = ? WHERE id = ?`, at.Unix(), at.Unix(), oid)
		}
		for _, c := range []struct {
			date  string
			month time.Month
			dd    int
			hours int
		}{{"2026-03-29", 3, 29, 23}, {"2026-10-25", 10, 25, 25}} {
			move(d.cashO, time.Date(2026, c.month, c.dd, 1, 30, 0, 0, loc))
			move(d.tpvO, time.Date(2026, c.month, c.dd, 3, 30, 0, 0, loc))
			move(d.wlt, time.Date(2026, c.month, c.dd, 23, 59, 30, 0, loc))
			r, err := report.Day(c.date, loc)
			if err != nil {
				t.Fatal(err)
			}
			if got := (r.End - r.Start + 1) / 3600; got != int64(c.hours) {
				t.Fatalf("%s lasts %d hours, want %d", c.date, got, c.hours)
			}
			if took, err := k.App.Report.SalesBetween(d.ctx, d.alfa, r); err != nil || took.Orders != 3 || took.Amount != eur(40) {
				t.Fatalf("%s: %+v %v", c.date, took, err)
			}
			before, _ := report.Day(time.Date(2026, c.month, c.dd-1, 12, 0, 0, 0, loc).Format(time.DateOnly), loc)
			if before.End != r.Start-1 {
				t.Fatalf("the day before ends at %d, the day starts at %d", before.End, r.Start)
			}
			if took, _ := k.App.Report.SalesBetween(d.ctx, d.alfa, before); took.Orders != 0 {
				t.Fatalf("the day before %s took %+v", c.date, took)
			}
			if chart, _ := k.App.Report.SalesPerDay(d.ctx, d.alfa, 0, r, loc); len(chart) != 1 ||
				chart[0] != (report.DaySales{Day: c.date, Cash: eur(22), Tpv: eur(6), Wallet: eur(12)}) {
				t.Fatalf("%s: the day's chart: %+v", c.date, chart)
			}
			three := report.Range{Start: time.Date(2026, c.month, c.dd-1, 0, 0, 0, 0, loc).Unix(), End: time.Date(2026, c.month, c.dd+1, 23, 0, 0, 0, loc).Unix()}
			chart, err := k.App.Report.SalesPerDay(d.ctx, d.alfa, 0, three, loc)
			if err != nil {
				t.Fatal(err)
			}
			if len(chart) != 3 || chart[1] != (report.DaySales{Day: c.date, Cash: eur(22), Tpv: eur(6), Wallet: eur(12)}) ||
				chart[0].Cash != 0 || chart[2].Cash != 0 || chart[2].Wallet != 0 {
				t.Fatalf("%s chart: %+v", c.date, chart)
			}
		}
	})
}

// Who is in the club: members whose last access event since the start of
// the day is a check-in. A check-in of an earlier day without its
// check-out does not count, nor another club's.
func TestInClub(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		third := d.member(t, d.alfa, "Berta", "Tercera", "33333333P").NID
		since := time.Now().Add(-2 * time.Hour).Unix()
		check := func(club, nid int64, action string, at int64) {
			t.Helper()
			if _, err := k.App.Members.CheckInOut(d.ctx, club, nid, 0, action, at); err != nil {
				t.Fatal(err)
			}
		}
		in := func() int {
			t.Helper()
			n, err := k.App.Report.InClub(d.ctx, d.alfa, since)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := in(); n != 0 {
			t.Fatalf("nobody came: %d", n)
		}
		check(d.alfa, d.buyer, "ENTRA", since+60)
		check(d.alfa, d.other, "ENTRA", since+60)
		check(d.alfa, d.other, "SALE", since+120)
		check(d.alfa, third, "ENTRA", since-3600) // yesterday's, never left
		check(d.beta, d.betaMember, "ENTRA", since+60)
		if n := in(); n != 1 {
			t.Fatalf("in the club: %d, want 1", n)
		}
		// the one who left comes back; two events of the same second are read in the order they were recorded
		check(d.alfa, d.other, "ENTRA", since+180)
		check(d.alfa, d.buyer, "SALE", since+180)
		check(d.alfa, d.buyer, "ENTRA", since+180)
		if n := in(); n != 2 {
			t.Fatalf("in the club: %d, want 2", n)
		}
		check(d.alfa, d.buyer, "SALE", since+180)
		if n := in(); n != 1 {
			t.Fatalf("in the club: %d, want 1", n)
		}
	})
}

// The today screen's takings are the completed orders paid in the period:
// a cart in process and an order paid a second before the period do not
// count; the grams are the weighed grams of weight products, less refunds.
func TestTakingsAndGrams(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newDay(t, k)
		since := time.Now().Add(-time.Hour).Unix()
		day := report.Range{Start: since, End: time.Now().Unix() + 60}
		weighed := g(2.1)
		oid := d.sell(t, d.alfa, d.actor, d.other, "cash", nil, pos.LineInput{PID: d.amnesia, Quantity: g(2), RealQuantity: &weighed})
		if _, err := k.App.POS.Save(d.ctx, d.alfa, d.actor, pos.SaveInput{MemberID: d.other, Lines: []pos.LineInput{{PID: d.agua, Quantity: g(1)}}}); err != nil {
			t.Fatal(err)
		}
		took, err := k.App.Report.SalesBetween(d.ctx, d.alfa, day)
		if err != nil {
			t.Fatal(err)
		}
		if took.Orders != 4 || took.Amount != eur(40+19) {
			t.Fatalf("takings: %+v", took)
		}
		grams, err := k.App.Report.GramsBetween(d.ctx, d.alfa, day)
		if err != nil || grams != g(4.1) {
			t.Fatalf("grams: %v %v", grams, err)
		}
		d.exec(t, `UPDATE orders SET paid = ? WHERE id = ?`, since-1, oid)
		if took, _ := k.App.Report.SalesBetween(d.ctx, d.alfa, day); took.Orders != 3 || took.Amount != eur(40) {
			t.Fatalf("an order paid before the period: %+v", took)
		}
		if grams, _ := k.App.Report.GramsBetween(d.ctx, d.alfa, day); grams != g(2) {
			t.Fatalf("grams without the earlier order: %v", grams)
		}
		d.refund(t, d.cashO, "cash", d.amnesia, 0.5)
		if grams, _ := k.App.Report.GramsBetween(d.ctx, d.alfa, day); grams != g(1.5) {
			t.Fatalf("grams less a refund: %v", grams)
		}
		if took, _ := k.App.Report.SalesBetween(d.ctx, d.beta, day); took.Orders != 1 || took.Amount != eur(15) {
			t.Fatalf("Beta's takings: %+v", took)
		}
	})
}

// A period ends at or after its start.
func TestNewRange(t *testing.T) {
	if r, err := report.NewRange(50, 50); err != nil || r != (report.Range{Start: 50, End: 50}) {
		t.Fatalf("one second: %+v %v", r, err)
	}
	if _, err := report.NewRange(100, 99); problem.Code(err) != "report.range" {
		t.Fatalf("an end before the start: %v", err)
	}
}

// A local day runs from its 00:00:00 to its 23:59:59 in the club's zone; a
// day that does not exist is refused.
func TestDay(t *testing.T) {
	loc := madrid(t)
	r, err := report.Day("2026-07-15", loc)
	if err != nil || r.Start != time.Date(2026, 7, 15, 0, 0, 0, 0, loc).Unix() || r.End != time.Date(2026, 7, 16, 0, 0, 0, 0, loc).Unix()-1 {
		t.Fatalf("a summer day: %+v %v", r, err)
	}
	for _, bad := range []string{"2026-02-30", "15/07/2026", ""} {
		if _, err := report.Day(bad, loc); err == nil {
			t.Errorf("%q was read as a day", bad)
		}
	}
}
