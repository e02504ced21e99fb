package httpapi_test

import (
	"fmt"
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

// The till's endpoints: the status codes and the names of the fields each
// answers with, who may use them and what another club sees. The figures,
// refusals and races of the till are tested beside its service
// (internal/cash/cash_test.go).
func TestCashRegister(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		k.User("caja", w.alfa, access.Caja)
		caja := mustLogin(t, k, "caja", testkit.Password)
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.cafe, 5}))["oid"])
		expectOK(t, "cash pay", w.pay(w.budtender, oid, "cash", nil))

		move := func(c *testkit.Client, amount any, note string) *testkit.Response {
			return c.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": amount, "note": note})
		}
		res := move(caja, 50, "cambio")
		if expectOK(t, "cash in", res); money(res.JSON["amount"]) != "50" || res.JSON["action"] != "manual" || res.JSON["pay_type"] != "cash" ||
			res.JSON["employee_name"] != "Caja" || res.JSON["note"] != "cambio" || res.JSON["status"] != "open" || num(res.JSON["mid"]) == 0 {
			t.Fatalf("movement: %s", res)
		}
		expectOK(t, "cash out", move(w.manager, -20, "proveedor"))
		expectErr(t, "zero", move(w.manager, 0, ""), 400, "cash.amount_zero", "")
		expectErr(t, "more than the box", move(w.manager, -1000, ""), 400, "cash.box_short", "")
		if res := move(w.recepcion, 5, ""); res.Status != 403 {
			t.Fatalf("recepción moved cash: %s", res)
		}

		// the period: a cash order of 5.40 € (6 € less the member's 10 %), 50 € in and 20 € out
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.alfa), nil)
		expectOK(t, "period", res)
		s := res.JSON["summary"].(map[string]any)
		for card, v := range map[string]string{"cash_order_amount": "5.4", "manual_amount": "30", "cash_box_total_amount": "35.4", "total_amount": "35.4",
			"total_income": "5.4", "amount_initial": "0"} {
			if money(s[card]) != v {
				t.Fatalf("%s: want %s, got %v (%v)", card, v, s[card], s)
			}
		}
		if num(s["type_order"]) != 1 || num(s["type_manual"]) != 2 || num(s["cash_order_movement"]) != 1 || num(res.JSON["total"]) != 3 ||
			len(objects(t, res.JSON["movements"])) != 3 {
			t.Fatalf("counts: %s", res)
		}
		cashAgrees(t, k, s, "club_id = ? AND close_id IS NULL", w.alfa)

		expectErr(t, "negative count", w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": -1}), 400, "cash.counted_negative", "")
		if res := w.recepcion.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 70}); res.Status != 403 {
			t.Fatalf("recepción closed the register: %s", res)
		}
		res = caja.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 35.9, "note": "sobran 50 céntimos"})
		expectOK(t, "close", res)
		cid := num(res.JSON["cid"])
		if money(res.JSON["total_amount"]) != "35.4" || money(res.JSON["current_amount"]) != "35.9" || money(res.JSON["difference"]) != "0.5" ||
			res.JSON["worker_name"] != "Caja" || res.JSON["note"] != "sobran 50 céntimos" || cid == 0 {
			t.Fatalf("close: %s", res)
		}

		// the close's report: the close and every table of its period
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.alfa, cid), nil)
		expectOK(t, "close report", res)
		if num(jget(res.JSON, "close", "cid")) != cid || num(res.JSON["total"]) != 1 || len(objects(t, res.JSON["data"])) != 1 {
			t.Fatalf("close report: %s", res)
		}
		report := res.JSON["report"].(map[string]any)
		cashAgrees(t, k, report["summary"].(map[string]any), "close_id = ?", cid)
		for table, n := range map[string]int{"movements": 3, "orders": 1, "products": 1, "members": 1, "employees": 1, "closes": 1} {
			if len(objects(t, report[table])) != n {
				t.Fatalf("the report's %s: %v", table, report[table])
			}
		}
		if len(objects(t, report["chart"])) == 0 {
			t.Fatalf("the report's chart: %v", report["chart"])
		}
		if o := objects(t, report["orders"])[0]; money(o["order_total"]) != "5.4" || o["pay_method"] != "cash" || o["name"] != "Ana" {
			t.Fatalf("the report's order: %v", o)
		}
		// the history, and the report by dates
		res = w.budtender.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d", w.alfa), nil)
		if expectOK(t, "history", res); num(res.JSON["total"]) != 1 || num(objects(t, res.JSON["data"])[0]["cid"]) != cid {
			t.Fatalf("history: %s", res)
		}
		res = w.budtender.Do("GET", fmt.Sprintf("/api/report_cash/?asocid=%d&start_date=1&end_date=%d", w.alfa, 1<<40), nil)
		if expectOK(t, "by dates", res); len(objects(t, res.JSON["orders"])) != 1 || money(jget(res.JSON, "summary", "cash_box_total_amount")) != "35.9" {
			t.Fatalf("report by dates: %s", res)
		}

		// another club sees neither the close nor the movements
		expectErr(t, "Beta reads Alfa's close", w.betaAdm.Do("GET", fmt.Sprintf("/api/cash_close/?asocid=%d&cid=%d", w.beta, cid), nil), 404, "cash.close_not_found", "")
		res = w.betaAdm.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.beta), nil)
		if expectOK(t, "Beta's period", res); num(res.JSON["total"]) != 0 {
			t.Fatalf("Beta sees Alfa's till: %s", res)
		}
	})
}

// The daily closing report, asked for by a day of the club's time zone, lists the day's closes
// with their fields, and so does its export, after the box; another club's day shows none of
// them. Which closes a range or a close's report holds is tested beside the service
// (internal/cash/cash_test.go).
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
