package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"socius/internal/testkit"
)

// reportDay is a known day at the counter: a cash order of 22 € (2 g of
// Amnesia at 9.50, 2 waters at 1.50) with one water refunded in cash, a card
// order of 5 coffees (6 €), wallet top-ups of 20 € cash and 10 € card and an
// order of 10 coffees (12 €) paid from the wallet. Every product costs 1 € a
// gram or unit.
type reportDay struct {
	*posWorld
	buyer            int64
	cashO, tpvO, wlt int64
}

func newReportDay(t *testing.T, k *testkit.Kit) *reportDay {
	w := newPOSWorld(t, k)
	d := &reportDay{posWorld: w}
	d.buyer = w.member(t, w.admin, w.alfa, "Carla", "55555555K", nil)
	d.cashO = num(orderOf(w.cart(w.budtender, d.buyer, nil, []any{w.amnesia, 2}, []any{w.agua, 2}))["oid"])
	expectOK(t, "cash pay", w.pay(w.budtender, d.cashO, "cash", map[string]any{"tendered": 22}))
	d.tpvO = num(orderOf(w.cart(w.budtender, d.buyer, nil, []any{w.cafe, 5}))["oid"])
	expectOK(t, "card pay", w.pay(w.budtender, d.tpvO, "tpv", nil))
	for _, top := range []struct {
		amount float64
		pay    string
	}{{20, "cash"}, {10, "tpv"}} {
		expectOK(t, "top-up", w.admin.Do("PUT", fmt.Sprintf("/api/wallet/%d", d.buyer),
			map[string]any{"association": w.alfa, "operation": "add", "amount": top.amount, "pay_type": top.pay}))
	}
	d.wlt = num(orderOf(w.cart(w.budtender, d.buyer, nil, []any{w.cafe, 10}))["oid"])
	expectOK(t, "wallet pay", w.pay(w.budtender, d.wlt, "wallet", nil))
	expectOK(t, "cash refund", w.budtender.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": d.cashO, "pay": "cash",
		"products": []any{map[string]any{"pid": w.agua, "quantity": 1}}}))
	return d
}

// exportCSV reads a CSV export named name.csv.
func exportCSV(t *testing.T, res *testkit.Response, name string) [][]string {
	t.Helper()
	if cd := res.Header.Get("Content-Disposition"); res.Status == 200 && !strings.Contains(cd, `filename="`+name+`.csv"`) {
		t.Fatalf("Content-Disposition %q", cd)
	}
	return readCSV(t, res)
}

func TestWithdrawalsReport(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newReportDay(t, k)
		w := d.posWorld
		get := func(c *testkit.Client, q string) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/report_withdrawals?asocid=%d%s", w.alfa, q), nil)
		}
		// the reply's shape; its figures, order and refunds are report's rules (internal/report)
		res := get(w.manager, "")
		expectOK(t, "withdrawals", res)
		rows := objects(t, res.JSON["data"])
		tot := res.JSON["totals"].(map[string]any)
		if len(rows) != 4 || num(res.JSON["total"]) != 4 || money(tot["total"]) != "38.5" {
			t.Fatalf("withdrawals: %s", res)
		}
		for _, f := range []string{"lines", "orders", "grams", "real_grams", "units", "total"} {
			if _, ok := tot[f]; !ok {
				t.Fatalf("totals without %s: %v", f, tot)
			}
		}
		for _, f := range []string{"id", "order_id", "date", "pid", "title", "code", "category", "type", "quantity", "real_quantity", "total",
			"membership_id", "number", "nombre", "surname"} {
			if _, ok := rows[0][f]; !ok {
				t.Fatalf("a row without %s: %v", f, rows[0])
			}
		}
		// each query parameter reaches its filter
		for q, want := range map[string][2]string{"&title=CAF": {"2", "18"}, "&category=flor": {"4", "38.5"}, "&code=%25": {"0", "0"},
			"&nombre=carl&title=amn": {"1", "19"}, "&number=" + itoa(memberNumber(t, k, d.buyer)): {"4", "38.5"}, "&surname=nadie": {"0", "0"}} {
			res := get(w.manager, q)
			expectOK(t, q, res)
			tot := res.JSON["totals"].(map[string]any)
			if jsonNumber(tot["lines"]) != want[0] || money(tot["total"]) != want[1] || len(objects(t, res.JSON["data"])) != int(num(tot["lines"])) {
				t.Fatalf("%s: want %v, got %s", q, want, res)
			}
		}
		// limit and page reach the paging
		res = get(w.manager, "&limit=3&page=1")
		if expectOK(t, "page 2", res); len(objects(t, res.JSON["data"])) != 1 || money(res.JSON["totals"].(map[string]any)["total"]) != "38.5" {
			t.Fatalf("page 2: %s", res)
		}
		// ms_id: this club's member, never another club's
		if res := get(w.manager, "&membership_id="+itoa(w.socio)); num(res.JSON["total"]) != 0 {
			t.Fatalf("another member's withdrawals: %s", res)
		}
		expectErr(t, "beta's member", get(w.manager, "&membership_id="+itoa(w.betaSocio)), 404, "member.not_found", "")
		// the role table: Administrador and Manager read withdrawals, a Budtender does not; Beta's staff never
		for _, c := range []*testkit.Client{w.budtender, w.recepcion} {
			expectErr(t, "withdrawals read by a lower role", get(c, ""), 403, "access.role", "")
		}
		expectErr(t, "withdrawals read by another club's staff", get(w.betaAdm, ""), 400, "club.no_member_record", "")
		expectErr(t, "range", get(w.manager, "&start_date=100&end_date=50"), 400, "report.range", "")

		// the export carries every row of the filter, with the header
		res = w.admin.Do("GET", fmt.Sprintf("/api/report_withdrawals/export?asocid=%d&title=caf&format=csv", w.alfa), nil)
		csvRows := exportCSV(t, res, "withdrawals")
		if len(csvRows) != 3 || csvRows[0][2] != "Producto" || csvRows[1][2] != "Café" || csvRows[1][5] != "10" || csvRows[1][8] != "12" {
			t.Fatalf("withdrawals csv: %v", csvRows)
		}
		if res := w.budtender.Do("GET", fmt.Sprintf("/api/report_withdrawals/export?asocid=%d", w.alfa), nil); res.Status != 403 {
			t.Fatalf("export past the report's gate: %s", res)
		}
	})
}

func memberNumber(t *testing.T, k *testkit.Kit, id int64) int64 {
	t.Helper()
	var n int64
	if err := k.App.DB.Get(t.Context(), &n, `SELECT number FROM members WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestProductPerformanceReport(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newReportDay(t, k)
		w := d.posWorld
		get := func(c *testkit.Client, q string) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/report_sales_product?asocid=%d%s", w.alfa, q), nil)
		}
		// the reply's shape; its figures, order and top charts are report's rules (internal/report)
		res := get(w.recepcion, "")
		expectOK(t, "performance", res)
		rows := objects(t, res.JSON["products"])
		if len(rows) != 3 || rows[0]["title"] != "Amnesia" || money(rows[0]["profits"]) != "17" || money(res.JSON["totals"].(map[string]any)["amount"]) != "38.5" {
			t.Fatalf("performance: %s", res)
		}
		for _, f := range []string{"pid", "title", "category", "type", "order", "stock", "unlimited_stock", "quantity", "cost_total", "average_price",
			"discount", "amount", "profits"} {
			if _, ok := rows[0][f]; !ok {
				t.Fatalf("a row without %s: %v", f, rows[0])
			}
		}
		for _, f := range []string{"products", "orders", "grams", "units", "cost_total", "discount", "amount", "profits"} {
			if _, ok := res.JSON["totals"].(map[string]any)[f]; !ok {
				t.Fatalf("totals without %s: %s", f, res)
			}
		}
		if len(objects(t, res.JSON["top_grams"])) != 1 || len(objects(t, res.JSON["top_amount"])) != 3 {
			t.Fatalf("top charts: %s", res)
		}
		res = get(w.recepcion, "&title=CAF&category=flo")
		if rows := objects(t, res.JSON["products"]); len(rows) != 1 || money(res.JSON["totals"].(map[string]any)["amount"]) != "18" {
			t.Fatalf("filtered: %s", res)
		}
		if res := get(w.recepcion, "&limit=2&page=1"); len(objects(t, res.JSON["products"])) != 1 || num(res.JSON["total"]) != 3 {
			t.Fatalf("page 2: %s", res)
		}
		expectErr(t, "beta's member", get(w.recepcion, "&card_id="+itoa(w.betaSocio)), 404, "member.not_found", "")
		expectErr(t, "another club's staff", get(w.betaAdm, ""), 400, "club.no_member_record", "")
		rowsCSV := exportCSV(t, w.admin.Do("GET", fmt.Sprintf("/api/report_sales_product/export?asocid=%d&format=csv", w.alfa), nil), "efficiency")
		if len(rowsCSV) != 4 || rowsCSV[1][0] != "Amnesia" || rowsCSV[1][10] != "17" || rowsCSV[2][6] != "15" {
			t.Fatalf("efficiency csv: %v", rowsCSV)
		}
	})
}

func TestReportChartsAndExports(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newReportDay(t, k)
		w := d.posWorld
		today := time.Now().In(madrid(t)).Format(time.DateOnly)
		var sales []map[string]any
		res := w.budtender.Do("GET", fmt.Sprintf("/api/report_chart/sales?asocid=%d", w.alfa), nil)
		if expectOK(t, "sales chart", res); json.Unmarshal(res.Body, &sales) != nil || len(sales) < 7 {
			t.Fatalf("sales chart: %s", res)
		}
		last := sales[len(sales)-1]
		if last["day"] != today || money(last["cash"]) != "22" || money(last["tpv"]) != "6" || money(last["wallet"]) != "12" {
			t.Fatalf("today's sales: %v", last)
		}
		var wallet []map[string]any
		res = w.recepcion.Do("GET", fmt.Sprintf("/api/report_chart/wallet?asocid=%d&card_id=%d", w.alfa, d.buyer), nil)
		if expectOK(t, "wallet chart", res); json.Unmarshal(res.Body, &wallet) != nil || money(wallet[len(wallet)-1]["topups"]) != "30" ||
			money(wallet[len(wallet)-1]["spent"]) != "12" {
			t.Fatalf("wallet chart: %s", res)
		}
		if res := w.recepcion.Do("GET", fmt.Sprintf("/api/report_chart/sales?asocid=%d", w.alfa), nil); res.Status != 403 {
			t.Fatalf("Recepción read the sales chart: %s", res)
		}

		// the orders export: one row per order with its lines and what was refunded
		res = w.manager.Do("GET", fmt.Sprintf("/api/order/export?asocid=%d&status=completed&format=xlsx", w.alfa), nil)
		expectOK(t, "orders xlsx", res)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		xrows, _ := f.GetRows("Pedidos")
		if len(xrows) != 4 || xrows[0][0] != "Pedido" || xrows[3][0] != itoa(d.cashO) || !strings.Contains(xrows[3][6], "Amnesia × 2 g") ||
			xrows[3][9] != "22" || xrows[3][10] != "1.5" || xrows[3][11] != "Efectivo" {
			t.Fatalf("orders xlsx: %v", xrows)
		}
		expectErr(t, "orders of beta's member", w.manager.Do("GET", fmt.Sprintf("/api/order/?asocid=%d&membership_id=%d", w.alfa, w.betaSocio), nil),
			404, "member.not_found", "")

		// the wallet export
		rows := exportCSV(t, w.recepcion.Do("GET", fmt.Sprintf("/api/wallet_history/export?asocid=%d&format=csv", w.alfa), nil), "wallet")
		if len(rows) != 4 || rows[1][1] != "Pedido" || rows[1][2] != "-12" || rows[1][3] != "18" || rows[3][1] != "Recarga" || rows[3][4] != "Efectivo" {
			t.Fatalf("wallet csv: %v", rows)
		}

		// the access export is titled with its range; the chart counts by the club's local hour (the rule is report's, the zone the handler's)
		at := time.Date(2026, 7, 15, 21, 30, 0, 0, madrid(t)).Unix()
		for i, action := range []string{"ENTRA", "SALE", "ENTRA"} {
			expectOK(t, action, w.admin.Do("POST", "/api/checkin_checkout/"+itoa(d.buyer), map[string]any{"association": w.alfa, "datetime": at + int64(i)*600, "action": action}))
		}
		q := fmt.Sprintf("association=%d&start_date=%d&end_date=%d", w.alfa, at-3600, at+3600)
		rows = exportCSV(t, w.manager.Do("GET", "/api/checkin_checkout/export?format=csv&"+q, nil), "accesscontrol")
		// (a blank line parts the title from the table; a CSV reader skips it)
		if len(rows) != 6 || rows[0][0] != "Control de accesos" || !strings.Contains(rows[1][0], "15/07/2026 20:30") || rows[2][0] != "ID" ||
			rows[3][1] != "15/07/2026 21:30" || rows[4][2] != "SALE" {
			t.Fatalf("accesscontrol csv: %v", rows)
		}
		var hours []map[string]any
		res = w.manager.Do("GET", fmt.Sprintf("/api/report_chart/access?asocid=%d&start_date=%d&end_date=%d", w.alfa, at-3600, at+3600), nil)
		if expectOK(t, "access chart", res); json.Unmarshal(res.Body, &hours) != nil || len(hours) != 24 || num(hours[21]["count"]) != 2 {
			t.Fatalf("access chart: %s", res)
		}

		// a cash report's export: its movements and the box
		rows = exportCSV(t, w.manager.Do("GET", fmt.Sprintf("/api/report_cash/export?asocid=%d&format=csv", w.alfa), nil), "cash")
		if last := rows[len(rows)-1]; last[2] != "Total en caja" || last[4] != "40,5" {
			t.Fatalf("cash csv: %v", rows)
		}
	})
}

func madrid(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestDailyReportAcrossClockChanges sells at 01:30 and 03:30 on the last
// Sundays of March (02:00 → 03:00) and October (03:00 → 02:00) and reads
// those days' closing reports in the club's time zone (the sales chart's
// days are tested in internal/report).
func TestDailyReportAcrossClockChanges(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newReportDay(t, k)
		w := d.posWorld
		loc := madrid(t)
		move := func(oid int64, at time.Time) {
			exec(t, k, `UPDATE orders SET paid = ?, created = ? WHERE id = ?`, at.Unix(), at.Unix(), oid)
			exec(t, k, `UPDATE cash_movements SET created = ? WHERE order_id = ?`, at.Unix(), oid)
		}
		for _, day := range []struct {
			date     string
			y, m, dd int
		}{{"2026-03-29", 2026, 3, 29}, {"2026-10-25", 2026, 10, 25}} {
			move(d.cashO, time.Date(day.y, time.Month(day.m), day.dd, 1, 30, 0, 0, loc))
			move(d.tpvO, time.Date(day.y, time.Month(day.m), day.dd, 3, 30, 0, 0, loc))
			move(d.wlt, time.Date(day.y, time.Month(day.m), day.dd, 23, 59, 30, 0, loc))
			res := w.manager.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&day=%s", w.alfa, day.date), nil)
			expectOK(t, day.date, res)
			orders := objects(t, res.JSON["orders"])
			s := res.JSON["summary"].(map[string]any)
			if len(orders) != 3 || money(s["cash_order_amount"]) != "22" || money(s["tpv_order_amount"]) != "6" || money(s["wallet_order_amount"]) != "12" {
				t.Fatalf("%s: the day's report holds %d orders: %s", day.date, len(orders), res)
			}
			if chart := objects(t, res.JSON["chart"]); len(chart) != 1 || chart[0]["day"] != day.date || money(chart[0]["cash"]) != "22" || money(chart[0]["wallet"]) != "12" {
				t.Fatalf("%s: the report's chart: %v", day.date, chart)
			}
			before := time.Date(day.y, time.Month(day.m), day.dd-1, 12, 0, 0, 0, loc).Format(time.DateOnly)
			res = w.manager.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&day=%s", w.alfa, before), nil)
			if expectOK(t, before, res); len(objects(t, res.JSON["orders"])) != 0 {
				t.Fatalf("%s took orders of the next day: %s", before, res)
			}
		}
		expectErr(t, "bad day", w.manager.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&day=2026-02-30", w.alfa), nil), 400, "report.day", "")
	})
}

// TestKnownDayToTheCent: the report day plus a coupon sale by card, a manual
// discount sale in cash, a refund by each method, cash put in and taken out
// and the close; every card of the close and the sums of its tables are
// checked to the cent (the withdrawals and performance totals of such a day
// are tested in internal/report).
func TestKnownDayToTheCent(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		d := newReportDay(t, k)
		w := d.posWorld
		w.coupon(t, "DIA10", map[string]any{"type": 1, "discount": 10})
		oid := num(orderOf(w.cart(w.budtender, d.buyer, nil, []any{w.amnesia, 1}))["oid"])
		expectOK(t, "coupon", w.apply(w.budtender, oid, map[string]any{"code": "DIA10"}))
		res := w.pay(w.budtender, oid, "tpv", nil)
		if expectOK(t, "coupon pay", res); money(orderOf(res)["order_total"]) != "8.55" {
			t.Fatalf("9.50 less 10%%: %s", res)
		}
		oid = num(orderOf(w.cart(w.budtender, d.buyer, map[string]any{"manual_discount_order": 1}, []any{w.cafe, 5}))["oid"])
		res = w.pay(w.budtender, oid, "cash", nil)
		if expectOK(t, "manual pay", res); money(orderOf(res)["order_total"]) != "5" {
			t.Fatalf("6 less 1: %s", res)
		}
		refund := func(oid int64, pay string, pid int64, qty float64) {
			expectOK(t, pay+" refund", w.budtender.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": oid, "pay": pay,
				"products": []any{map[string]any{"pid": pid, "quantity": qty}}}))
		}
		refund(d.tpvO, "tpv", w.cafe, 1)   // 1.20 back to the card
		refund(d.wlt, "wallet", w.cafe, 2) // 2.40 back to the wallet
		for _, a := range []float64{50, -10} {
			expectOK(t, "cash movement", w.manager.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": a}))
		}
		res = w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 85})
		expectOK(t, "close", res)
		if money(res.JSON["total_amount"]) != "85.5" || money(res.JSON["difference"]) != "-0.5" {
			t.Fatalf("close: %s", res)
		}
		res = w.manager.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.alfa, num(res.JSON["cid"])), nil)
		expectOK(t, "close report", res)
		report := res.JSON["report"].(map[string]any)
		s := report["summary"].(map[string]any)
		// cash 22 + 5, card 6 + 8.55, wallet 12; refunds 1.50 cash, 1.20 card, 2.40 wallet; top-ups 20 + 10; 50 in, 10 out
		for card, v := range map[string]string{"cash_order_amount": "27", "cash_order_refund_amount": "1.5", "tpv_order_amount": "14.55",
			"tpv_order_refund_amount": "1.2", "wallet_order_amount": "12", "wallet_order_refund_amount": "2.4", "wallet_cash_amount": "20",
			"wallet_tpv_amount": "10", "manual_amount": "40", "amount_initial": "0", "cash_box_total_amount": "85.5", "total_income": "68.85"} {
			if money(s[card]) != v {
				t.Fatalf("%s: want %s, got %v (%v)", card, v, s[card], s)
			}
		}
		for card, n := range map[string]int64{"cash_order_movement": 2, "tpv_order_movement": 2, "wallet_order_movement": 1, "cash_order_refund_movement": 1,
			"tpv_order_refund_movement": 1, "wallet_order_refund_movement": 1, "type_manual": 2, "type_wallet": 2, "type_order": 8} {
			if num(s[card]) != n {
				t.Fatalf("%s: want %d, got %v", card, n, s[card])
			}
		}
		cashAgrees(t, k, s, "club_id = ? AND close_id = ?", w.alfa, num(res.JSON["close"].(map[string]any)["cid"]))
		sum := func(rows any, field string) string {
			var cents int64
			for _, r := range objects(t, rows) {
				cents += int64(math.Round(r[field].(float64) * 100))
			}
			return money(float64(cents) / 100)
		}
		// the orders sold 53.55; every table of the close adds up to it, and the discounts to 0.95 + 1
		for _, c := range []struct{ table, field, want string }{{"orders", "order_total", "53.55"}, {"members", "amount", "53.55"},
			{"employees", "amount", "53.55"}, {"products", "amount", "53.55"}, {"orders", "order_discount", "1.95"}, {"members", "discount", "1.95"}} {
			if got := sum(report[c.table], c.field); got != c.want {
				t.Fatalf("%s.%s adds up to %s, want %s", c.table, c.field, got, c.want)
			}
		}
	})
}
