package httpapi_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/club"
	"socius/internal/testkit"
)

// cashAgrees checks that every card of a summary is the sum of its rows:
// the box is every cash movement of the scope, and the order cards are the
// order movements by method.
func cashAgrees(t *testing.T, k *testkit.Kit, summary map[string]any, where string, args ...any) {
	t.Helper()
	sum := func(cond string) string {
		var cents int64
		if err := k.App.DB.Get(t.Context(), &cents, `SELECT COALESCE(SUM(amount), 0) FROM cash_movements WHERE `+where+` AND `+cond, args...); err != nil {
			t.Fatal(err)
		}
		return money(float64(cents) / 100)
	}
	for card, cond := range map[string]string{
		"cash_box_total_amount": "pay_type = 'cash'",
		"cash_order_amount":     "type = 'order' AND pay_type = 'cash' AND amount > 0",
		"tpv_order_amount":      "type = 'order' AND pay_type = 'tpv' AND amount > 0",
		"wallet_order_amount":   "type = 'order' AND pay_type = 'wallet' AND amount > 0",
		"wallet_cash_amount":    "type = 'wallet' AND pay_type = 'cash'",
		"wallet_tpv_amount":     "type = 'wallet' AND pay_type = 'tpv'",
		"manual_amount":         "type = 'manual'",
		"amount_initial":        "type = 'automatic'",
		"total_income":          "(type = 'wallet' OR (type = 'order' AND pay_type <> 'wallet'))",
	} {
		if got := money(summary[card]); got != sum(cond) {
			t.Fatalf("%s is %s, its rows add up to %s", card, got, sum(cond))
		}
	}
}

func TestCashRegister(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		k.User("caja", w.alfa, access.Caja)
		caja := mustLogin(t, k, "caja", testkit.Password)

		// a day: a cash order of 21 € (2 € change), a card order, a wallet top-up by cash and one by card,
		// an order paid from the wallet, a cash refund, cash put in and taken out
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2.105}, []any{w.agua, 2}))["oid"])
		expectOK(t, "cash pay", w.pay(w.budtender, oid, "cash", map[string]any{"tendered": 23}))
		other := w.member(t, w.admin, w.alfa, "Otra", "55555555K", nil)
		oid2 := num(orderOf(w.cart(w.budtender, other, nil, []any{w.cafe, 5}))["oid"])
		expectOK(t, "card pay", w.pay(w.budtender, oid2, "tpv", nil))
		top := func(amount float64, pay string) {
			expectOK(t, "top-up", w.admin.Do("PUT", fmt.Sprintf("/api/wallet/%d", other), map[string]any{"association": w.alfa, "operation": "add", "amount": amount, "pay_type": pay}))
		}
		top(20, "cash")
		top(10, "tpv")
		oid3 := num(orderOf(w.cart(w.budtender, other, nil, []any{w.cafe, 10}))["oid"])
		expectOK(t, "wallet pay", w.pay(w.budtender, oid3, "wallet", nil))
		expectOK(t, "cash refund", w.budtender.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": oid, "pay": "cash",
			"products": []any{map[string]any{"pid": w.agua, "quantity": 1}}}))
		move := func(c *testkit.Client, amount any, note string) *testkit.Response {
			return c.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": amount, "note": note})
		}
		res := move(caja, 50, "cambio")
		if expectOK(t, "cash in", res); money(res.JSON["amount"]) != "50" || res.JSON["action"] != "manual" || res.JSON["employee_name"] != "Caja" {
			t.Fatalf("movement: %s", res)
		}
		expectOK(t, "cash out", move(w.manager, -20, "proveedor"))
		expectErr(t, "zero", move(w.manager, 0, ""), 400, "cash.amount_zero", "")
		// the box holds 21 + 20 + 50 − 20 − 1.50 = 69.50: taking out more is refused and changes nothing
		before := k.Count("cash_movements", "")
		expectErr(t, "more than the box", move(w.manager, -69.51, ""), 400, "cash.box_short", "")
		if k.Count("cash_movements", "") != before {
			t.Fatal("a refused withdrawal wrote a movement")
		}
		if res := move(w.recepcion, 5, ""); res.Status != 403 {
			t.Fatalf("recepción moved cash: %s", res)
		}

		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.alfa), nil)
		expectOK(t, "period", res)
		s := res.JSON["summary"].(map[string]any)
		want := map[string]string{"cash_order_amount": "21", "cash_order_refund_amount": "1.5", "tpv_order_amount": "6", "wallet_order_amount": "12",
			"wallet_cash_amount": "20", "wallet_tpv_amount": "10", "manual_amount": "30", "cash_box_total_amount": "69.5", "total_amount": "69.5",
			"total_income": "55.5"}
		for card, v := range want {
			if money(s[card]) != v {
				t.Fatalf("%s: want %s, got %v (%v)", card, v, s[card], s)
			}
		}
		if num(s["type_order"]) != 4 || num(s["type_wallet"]) != 2 || num(s["type_manual"]) != 2 || num(res.JSON["total"]) != 8 {
			t.Fatalf("counts: %v, %v movements", s, res.JSON["total"])
		}
		cashAgrees(t, k, s, "club_id = ? AND close_id IS NULL", w.alfa)

		// close: counted 70 against 69.50; the period ends and the next starts with the counted 70
		expectErr(t, "negative count", w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": -1}), 400, "cash.counted_negative", "")
		if res := w.recepcion.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 70}); res.Status != 403 {
			t.Fatalf("recepción closed the register: %s", res)
		}
		res = caja.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 70, "note": "sobran 50 céntimos"})
		expectOK(t, "close", res)
		cid := num(res.JSON["cid"])
		if money(res.JSON["total_amount"]) != "69.5" || money(res.JSON["difference"]) != "0.5" || res.JSON["worker_name"] != "Caja" {
			t.Fatalf("close: %s", res)
		}
		if k.Count("cash_movements", "club_id = ? AND close_id IS NULL", w.alfa) != 1 ||
			k.Count("cash_movements", "club_id = ? AND close_id IS NULL AND type = 'automatic' AND amount = 7000", w.alfa) != 1 {
			t.Fatal("the next period does not start with the counted amount alone")
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.alfa), nil)
		if s := res.JSON["summary"].(map[string]any); money(s["amount_initial"]) != "70" || money(s["cash_box_total_amount"]) != "70" {
			t.Fatalf("new period: %v", s)
		}

		// the close's report: its tables add up to its cards
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.alfa, cid), nil)
		expectOK(t, "close report", res)
		report := res.JSON["report"].(map[string]any)
		cashAgrees(t, k, report["summary"].(map[string]any), "close_id = ?", cid)
		var orders, members, employees, products float64
		for _, o := range objects(t, report["orders"]) {
			orders += o["order_total"].(float64)
		}
		for _, m := range objects(t, report["members"]) {
			members += m["amount"].(float64)
		}
		for _, e := range objects(t, report["employees"]) {
			employees += e["amount"].(float64)
		}
		for _, p := range objects(t, report["products"]) {
			products += p["amount"].(float64)
		}
		// 21 + 6 + 12 sold; each table adds up to it
		for what, v := range map[string]float64{"orders": orders, "members": members, "employees": employees, "products": products} {
			if fmt.Sprintf("%.2f", v) != "39.00" {
				t.Fatalf("%s add up to %.2f, want 39.00: %v", what, v, report[what])
			}
		}
		if len(objects(t, report["movements"])) != 8 {
			t.Fatalf("the close's movements: %v", report["movements"])
		}
		// the history, and the day's report by dates
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d", w.alfa), nil)
		if expectOK(t, "history", res); num(res.JSON["total"]) != 1 {
			t.Fatalf("history: %s", res)
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&start_date=1&end_date=%d", w.alfa, 1<<40), nil)
		if expectOK(t, "by dates", res); len(objects(t, res.JSON["orders"])) != 3 {
			t.Fatalf("report by dates: %s", res)
		}
		// a range across the close: the box held nothing before and the 70 € counted after, not 69.50 + 70
		if s := res.JSON["summary"].(map[string]any); money(s["amount_initial"]) != "0" || money(s["cash_box_total_amount"]) != "70" {
			t.Fatalf("box across a close: %v", s)
		}
		expectOK(t, "cash in after the close", move(caja, 5, ""))
		res = w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&start_date=1&end_date=%d", w.alfa, 1<<40), nil)
		if s := res.JSON["summary"].(map[string]any); money(s["cash_box_total_amount"]) != "75" {
			t.Fatalf("box after the close and 5 € in: %v", s)
		}

		// another club sees neither the close nor the movements
		expectErr(t, "Beta reads Alfa's close", w.betaAdm.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.beta, cid), nil), 404, "cash.close_not_found", "")
		res = w.betaAdm.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.beta), nil)
		if expectOK(t, "Beta's period", res); num(res.JSON["total"]) != 0 {
			t.Fatalf("Beta sees Alfa's till: %s", res)
		}
	})
}

// Closes racing with payments: every movement ends in exactly one period,
// and each close's expected total is the sum of the movements it claimed.
func TestCashCloseDuringPayments(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		const members = 12
		oids := make([]int64, members)
		for i := range members {
			m := w.member(t, w.admin, w.alfa, fmt.Sprintf("Caja%d", i), fmt.Sprintf("K%07dA", i), nil)
			oids[i] = num(orderOf(w.cart(w.budtender, m, nil, []any{w.cafe, 1}))["oid"])
		}
		var wg sync.WaitGroup
		for i := range members {
			wg.Go(func() {
				if res := w.pay(w.budtender, oids[i], "cash", nil); res.Status != 200 {
					t.Errorf("pay: %s", res)
				}
			})
			if i%4 == 0 {
				wg.Go(func() {
					if res := w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 0}); res.Status != 200 {
						t.Errorf("close: %s", res)
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
	})
}

// The daily closing report lists the day's closes with their difference (counted − expected), as
// the close history does; the close's own report carries it; the current period, which no close
// ends yet, carries none; another club's day shows none of them.
func TestCashReportShowsEachClosesDifference(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		move := func(amount float64) {
			expectOK(t, "cash in", w.manager.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": amount, "note": ""}))
		}
		closeAt := func(counted float64, note string) map[string]any {
			res := w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": counted, "note": note})
			expectOK(t, "close", res)
			return res.JSON
		}
		move(50)
		first := closeAt(48.5, "faltan 1,50") // 50 expected, 48.50 counted
		move(10)
		second := closeAt(59, "sobran 50 céntimos") // 48.50 + 10 expected, 59 counted
		day := time.Unix(int64(num(second["created"])), 0).In(club.Location("Europe/Madrid")).Format("2006-01-02")

		res := w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&day=%s", w.alfa, day), nil)
		expectOK(t, "the day's report", res)
		closes := objects(t, res.JSON["closes"])
		if len(closes) != 2 || num(closes[0]["cid"]) != num(first["cid"]) || num(closes[1]["cid"]) != num(second["cid"]) ||
			money(closes[0]["difference"]) != "-1.5" || money(closes[0]["total_amount"]) != "50" || money(closes[0]["current_amount"]) != "48.5" ||
			money(closes[1]["difference"]) != "0.5" || closes[1]["worker_name"] != "Manager" || closes[1]["note"] != "sobran 50 céntimos" {
			t.Fatalf("the day's closes: %v", res.JSON["closes"])
		}
		// the day's export lists them too, after the box
		rows := exportCSV(t, w.manager.Do("GET", fmt.Sprintf("/api/report_cash/export?asocid=%d&day=%s&format=csv", w.alfa, day), nil), "cash")
		var found [][]string
		for i, r := range rows {
			if r[0] == "Cierre" && r[4] == "Diferencia (€)" {
				found = rows[i+1:]
			}
		}
		if len(found) != 2 || found[0][0] != itoa(int64(num(first["cid"]))) || found[0][2] != "50" || found[0][3] != "48,5" || found[0][4] != "-1,5" ||
			found[1][4] != "0,5" || found[1][5] != "Manager" || found[1][6] != "sobran 50 céntimos" {
			t.Fatalf("the export's closes: %v", rows)
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&start_date=%d&end_date=%d", w.alfa, num(second["created"]), num(second["created"])), nil)
		if expectOK(t, "by dates", res); len(objects(t, res.JSON["closes"])) < 1 {
			t.Fatalf("a range holding the second close: %v", res.JSON["closes"])
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d", w.alfa), nil)
		if expectOK(t, "the period", res); len(objects(t, res.JSON["closes"])) != 0 {
			t.Fatalf("the open period lists closes: %v", res.JSON["closes"])
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.alfa, num(first["cid"])), nil)
		expectOK(t, "the close's report", res)
		if closes := objects(t, jget(res.JSON, "report", "closes")); len(closes) != 1 || money(closes[0]["difference"]) != "-1.5" {
			t.Fatalf("the close's own report: %v", jget(res.JSON, "report", "closes"))
		}
		res = w.betaAdm.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&day=%s", w.beta, day), nil)
		if expectOK(t, "Beta's day", res); len(objects(t, res.JSON["closes"])) != 0 {
			t.Fatalf("Beta's day lists Alfa's closes: %v", res.JSON["closes"])
		}
	})
}

// The club the web reads (retrieve) names its time zone, so screens show times as the exports do.
func TestClubNamesItsTimeZone(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		res := w.budtender.Do("GET", fmt.Sprintf("/api/association/retrieve?association=%d", w.alfa), nil)
		if expectOK(t, "retrieve", res); res.JSON["timezone"] != "Europe/Madrid" {
			t.Fatalf("default time zone: %v", res.JSON["timezone"])
		}
		if _, err := k.App.DB.Exec(t.Context(), `UPDATE clubs SET timezone = ? WHERE id = ?`, "Atlantic/Canary", w.alfa); err != nil {
			t.Fatal(err)
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/association/retrieve?association=%d", w.alfa), nil)
		if expectOK(t, "retrieve", res); res.JSON["timezone"] != "Atlantic/Canary" {
			t.Fatalf("the club's own time zone: %v", res.JSON["timezone"])
		}
	})
}
