package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"socius/internal/app"
	"socius/internal/club"
	"socius/internal/testkit"
)

// The demo club has a month behind today, read through the API as the
// report screens read it: sales on most days by every method, refunds, wallet
// top-ups, check-ins through the day, one till close per open day with small
// differences, coupons live today, the founders' discount and the coupons
// taking effect at the counter on the products that take discounts, stock and
// fees where the other suites expect them, and today untouched.
func TestDemoHasAMonthOfHistory(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		club1, err := k.App.LoadDemo(ctx, false, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		c := k.Client()
		if r := c.Login("manager", app.DemoPassword); r.Status != http.StatusOK {
			t.Fatalf("login: %v", r)
		}
		get := func(path string, out any) {
			t.Helper()
			r := c.Do("GET", path, nil)
			if r.Status != http.StatusOK {
				t.Fatalf("GET %s: %v", path, r)
			}
			if err := json.Unmarshal(r.Body, out); err != nil {
				t.Fatalf("GET %s: %v", path, err)
			}
		}
		loc := club.Location("")
		now := time.Now().In(loc)
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc)
		monthAgo, yesterday := today.AddDate(0, 0, -30).Unix(), today.Unix()-1
		period := func(path string, from, to int64) string {
			return fmt.Sprintf("%s?asocid=%d&association=%d&start_date=%d&end_date=%d", path, club1, club1, from, to)
		}

		// sales on most of the last 30 days (the club opens Monday to Saturday), by cash, card and wallet
		var sales []struct {
			Day               string
			Cash, Wallet, Tpv float64
		}
		get(period("/api/report_chart/sales", monthAgo, yesterday), &sales)
		var days, cashDays, walletDays, cardDays int
		for _, d := range sales {
			if d.Cash+d.Wallet+d.Tpv > 0 {
				days++
			}
			cashDays, walletDays, cardDays = cashDays+b2i(d.Cash > 0), walletDays+b2i(d.Wallet > 0), cardDays+b2i(d.Tpv > 0)
		}
		if days < 20 || cashDays < 15 || walletDays < 5 || cardDays < 10 {
			t.Fatalf("days with sales %d (cash %d, wallet %d, card %d) of %d: %+v", days, cashDays, walletDays, cardDays, len(sales), sales)
		}
		// and nothing today: today's figures are what a fresh club shows
		get(period("/api/report_chart/sales", today.Unix(), now.Unix()), &sales)
		for _, d := range sales {
			if d.Cash+d.Wallet+d.Tpv != 0 {
				t.Fatalf("sales today: %+v", d)
			}
		}

		// weighed and unit products, discounts on some lines
		var withdrawals struct {
			Totals struct {
				Lines        int
				Grams, Units float64
			}
		}
		get(period("/api/report_withdrawals", monthAgo, yesterday), &withdrawals)
		if w := withdrawals.Totals; w.Lines < 150 || w.Grams < 300 || w.Units < 30 {
			t.Fatalf("withdrawals of the month: %+v", w)
		}
		if n := k.Count("order_refunds", "club_id = ?", club1); n < 2 {
			t.Fatalf("refunds: %d", n)
		}
		if n := k.Count("orders", "club_id = ? AND status = 'completed' AND discount > 0", club1); n < 20 {
			t.Fatalf("orders with a discount: %d", n)
		}
		if n := k.Count("coupon_uses", "club_id = ?", club1); n < 3 {
			t.Fatalf("coupon uses: %d", n)
		}
		if n := k.Count("orders", "club_id = ? AND status = 'cart'", club1); n != 0 {
			t.Fatalf("orders left in process: %d", n)
		}

		// wallet top-ups against what the wallet paid
		var wallet []struct {
			Day           string
			TopUps, Spent float64
		}
		get(period("/api/report_chart/wallet", monthAgo, yesterday), &wallet)
		var topUpDays, spentDays int
		for _, d := range wallet {
			topUpDays, spentDays = topUpDays+b2i(d.TopUps > 0), spentDays+b2i(d.Spent > 0)
		}
		if topUpDays < 5 || spentDays < 10 {
			t.Fatalf("wallet days: top-ups %d, spent %d", topUpDays, spentDays)
		}
		if n := k.Count("members", "club_id = ? AND wallet < 0", club1); n != 0 {
			t.Fatalf("members with a negative wallet: %d", n)
		}

		// check-ins through the day, each with its check-out
		var hours []struct{ Hour, Count int }
		get(period("/api/report_chart/access", monthAgo, yesterday), &hours)
		busy, checkins := 0, 0
		for _, h := range hours {
			busy += b2i(h.Count > 0)
			checkins += h.Count
			if h.Count > 0 && (h.Hour < 11 || h.Hour > 21) {
				t.Fatalf("check-ins at %d:00, when the club is closed", h.Hour)
			}
		}
		outs := k.Count("access_events", "club_id = ? AND action = 'SALE'", club1)
		if busy < 10 || checkins < 150 || outs != checkins {
			t.Fatalf("access: %d hours, %d check-ins, %d check-outs", busy, checkins, outs)
		}
		if n := k.Count("access_events", "club_id = ? AND datetime >= ?", club1, today.Unix()); n != 0 {
			t.Fatalf("access events today: %d", n)
		}

		// one close per open day, small differences, the float carried into today
		var closes struct {
			Data []struct {
				Created    int64
				Difference float64
			}
			Total int
		}
		get(fmt.Sprintf("/api/cash_close/?asocid=%d&limit=100", club1), &closes)
		perDay := map[string]int{}
		differ := 0
		for _, cl := range closes.Data {
			perDay[time.Unix(cl.Created, 0).In(loc).Format(time.DateOnly)]++
			if cl.Difference != 0 {
				differ++
			}
			if cl.Difference < -5 || cl.Difference > 5 {
				t.Fatalf("a close %v € out", cl.Difference)
			}
		}
		if closes.Total < 20 || len(perDay) != closes.Total || differ < 3 || differ > closes.Total/2 {
			t.Fatalf("%d closes on %d days, %d with a difference", closes.Total, len(perDay), differ)
		}
		var till struct {
			Summary struct {
				AmountInitial     float64 `json:"amount_initial"`
				TypeOrder         int     `json:"type_order"`
				CashBoxTotal      float64 `json:"cash_box_total_amount"`
				TypeAutomatic     int     `json:"type_automatic"`
				ManualAmount      float64 `json:"manual_amount"`
				CashOrderMovement int     `json:"cash_order_movement"`
			}
		}
		get(fmt.Sprintf("/api/cash_movement/?asocid=%d", club1), &till)
		if s := till.Summary; s.TypeOrder != 0 || s.TypeAutomatic != 1 || s.AmountInitial < 145 || s.AmountInitial > 165 || s.CashBoxTotal != s.AmountInitial {
			t.Fatalf("today's till: %+v", s)
		}

		// coupons live today: one percent, one in euros
		var coupons struct {
			Data []struct {
				Type     int
				Status   int
				FromDate int64 `json:"from_date"`
				ToDate   int64 `json:"to_date"`
				Uses     int
			}
		}
		get(fmt.Sprintf("/api/socius_coupon?asocid=%d", club1), &coupons)
		live, used := map[int]int{}, 0
		for _, cp := range coupons.Data {
			if cp.Status == 1 && cp.FromDate <= now.Unix() && now.Unix() <= cp.ToDate {
				live[cp.Type]++
			}
			used += b2i(cp.Uses > 0)
		}
		if live[0] < 1 || live[1] < 1 || used < 2 {
			t.Fatalf("coupons live today by type: %v; %d used this month", live, used)
		}

		// at the counter: a founder (nº 8, "Socio fundador" −10 %) takes 4 g of Critical (7,50 €/g)
		// and a water (no discounts): 30 € − 3 € + 1 €; the 5 € coupon takes the order to 23 €
		var members struct {
			Data []struct {
				NID, Number int64
			}
		}
		get(fmt.Sprintf("/api/ficha_socio?association=%d&number=8", club1), &members)
		var products struct {
			Data []struct {
				PID   int64
				Stock float64
			}
		}
		product := func(code string) (int64, float64) {
			get(fmt.Sprintf("/api/dispensario?asocid=%d&code=%s", club1, code), &products)
			if len(products.Data) != 1 {
				t.Fatalf("product %s: %+v", code, products)
			}
			return products.Data[0].PID, products.Data[0].Stock
		}
		critical, criticalStock := product("8400000000024")
		water, _ := product("8400000000116")
		if len(members.Data) != 1 || members.Data[0].Number != 8 {
			t.Fatalf("member nº 8: %+v", members)
		}
		nid := members.Data[0].NID
		r := c.Do("POST", "/api/order", map[string]any{"asocid": club1, "membership_id": nid,
			"products": []map[string]any{{"pid": critical, "quantity": 4}, {"pid": water, "quantity": 1}}})
		var saved struct {
			Order struct {
				OID   int64   `json:"oid"`
				Total float64 `json:"order_total"`
			}
		}
		if err := json.Unmarshal(r.Body, &saved); err != nil || r.Status != http.StatusOK || saved.Order.Total != 28 {
			t.Fatalf("a founder's order: %v", r)
		}
		r = c.Do("POST", "/api/socius_coupon/apply_coupon", map[string]any{"asocid": club1, "oid": saved.Order.OID, "code": "otono5"})
		if r.Status != http.StatusOK || r.JSON["order_total"] != 23.0 {
			t.Fatalf("the 5 € coupon: %v", r)
		}
		if r := c.Do("DELETE", fmt.Sprintf("/api/order/delete?asocid=%d&oid=%d", club1, saved.Order.OID), nil); r.Status != http.StatusOK {
			t.Fatalf("cancel: %v", r)
		}

		// the stock the other suites expect today: Amnesia Haze 250 g (a new harvest, its only movement
		// of the last week), Critical 420,5 g; the month's sales in each product's history
		amnesia, amnesiaStock := product("8400000000017")
		if amnesiaStock != 250 || criticalStock != 420.5 {
			t.Fatalf("stock today: Amnesia %v, Critical %v", amnesiaStock, criticalStock)
		}
		var history []struct {
			Type     string
			Quantity float64
		}
		get(fmt.Sprintf("/api/stock_history?asocid=%d&pid=%d&start_date=%d&end_date=%d", club1, amnesia, today.AddDate(0, 0, -7).Unix(), now.Unix()), &history)
		if len(history) != 1 || history[0].Type != "manual" || history[0].Quantity != 250 {
			t.Fatalf("Amnesia's last week: %+v", history)
		}
		if n := k.Count("stock_movements", "product_id = ? AND type = 'sale'", critical); n < 10 {
			t.Fatalf("Critical's sales: %d", n)
		}
		// the grow room: five batches at every stage, White Widow's stock partly from one, the balance holding
		if b, err := k.App.Cultivation.CheckBalance(context.Background(), club1); err != nil || !b.Holds || len(b.Batches) != 5 {
			t.Fatalf("the demo's cultivation: %+v %v", b, err)
		}
		if n := k.Count("stock_movements", "club_id = ? AND type = 'batch'", club1); n != 1 {
			t.Fatalf("one release to White Widow, got %d", n)
		}
		if n := k.Count("stock_movements", "club_id = ? AND created >= ?", club1, today.Unix()); n != 0 {
			t.Fatalf("stock movements stamped today: %d", n)
		}

		// fees paid up but for two (nº 10 and nº 24); six renewed this month
		if n := k.Count("members", "club_id = ? AND end_date > 0 AND end_date < ? AND deleted = 0", club1, now.Unix()); n != 2 {
			t.Fatalf("members with an expired fee: %d", n)
		}
		if n := k.Count("order_lines", "fee_type_id IS NOT NULL"); n != 6 {
			t.Fatalf("fees paid: %d", n)
		}
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
