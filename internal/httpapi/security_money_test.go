package httpapi_test

import (
	"fmt"
	"sync"
	"testing"

	"socius/internal/testkit"
)

// Numbers never wrap. The attack, by a Budtender (who may create products): a unit product at
// 1,000,000,000 € and one at 1 €, an order of 184,467,440.737 units of the first (the line wrapped
// to −95,516.16 €) and 95,517.16 of the second came to 1 €, was paid with 1 € cash, and refunding
// the second line gave 95,517.16 € back. A unit weight times a quantity wrapped to −709,551 g and
// let a 200 g sale through a 70 g forecast. Each is refused now, and nothing is written.
func TestNumbersNeverWrap(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		cat := w.categoryOf(t, w.amnesia)
		ingot := w.product(t, w.budtender, w.alfa, cat, "Lingote", "unidad", 1e9, false, true, 0, 0)
		gum := w.product(t, w.budtender, w.alfa, cat, "Chicle", "unidad", 1, false, true, 0, 0)
		orders := k.Count("orders", "")

		expectErr(t, "a line that wraps", w.cart(w.budtender, w.socio, nil, []any{ingot, 184467440.737}, []any{gum, 95517.16}),
			400, "order.line_too_large", "Una línea no puede superar 100.000 €")
		expectErr(t, "a line above 100.000 €", w.cart(w.budtender, w.socio, nil, []any{gum, 100000.01}), 400, "order.line_too_large", "")
		expectOK(t, "a line of 100.000 €", w.cart(w.budtender, w.socio, nil, []any{gum, 100000}))
		// eleven lines of 100.000 € pass the order's bound of 1.000.000 €
		lines := [][]any{}
		for i := range 11 {
			pid := w.product(t, w.budtender, w.alfa, cat, fmt.Sprintf("Caja %d", i), "unidad", 1000, false, true, 0, 0)
			lines = append(lines, []any{pid, 100})
		}
		expectErr(t, "an order above 1.000.000 €", w.cart(w.budtender, w.socio, nil, lines...), 400, "order.total_too_large", "Un pedido no puede superar 1.000.000 €")
		expectOK(t, "an order of 1.000.000 €", w.cart(w.budtender, w.socio, nil, lines[:10]...))

		// grams: 1,000,000 units of a product weighing 1,000,000,000 g each do not fit, and never count negative
		heavy := w.product(t, w.budtender, w.alfa, cat, "Saco", "unidad", 0, false, true, 1e9, 0)
		expectErr(t, "grams that wrap", w.cart(w.budtender, w.socio, nil, []any{heavy, 18446744.073}), 400, "order.grams_too_large", "")
		if n := k.Count("order_lines", "grams < 0 OR total < 0 OR base_price < 0"); n != 0 {
			t.Fatalf("%d lines with negative grams or money", n)
		}
		// a line's cost is bounded like its price: the sales report multiplies it by the quantity
		dear := w.product(t, w.admin, w.alfa, cat, "Coste alto", "unidad", 1, false, true, 0, 0)
		expectOK(t, "cost", w.admin.Do("POST", "/api/dispensario", map[string]any{"asocid": w.alfa, "pid": dear, "title": "Coste alto", "dominance": "indica",
			"category": cat, "price": 1, "cost": 1e9, "type": "unidad", "status": true, "unlimited_stock": true}))
		expectErr(t, "a line whose cost passes 100.000 €", w.cart(w.budtender, w.socio, nil, []any{dear, 1}), 400, "order.line_cost_too_large", "")

		// a product's price × stock is bounded: 10.000.000 €
		expectErr(t, "stock worth more than 10.000.000 €", adjust(w.admin, w.alfa, w.amnesia, 2e6, "manual", "alta"), 400, "product.value_too_large", "")
		expectErr(t, "a price that makes the stock worth more", w.admin.Do("POST", "/api/dispensario", map[string]any{"asocid": w.alfa, "pid": w.amnesia,
			"title": "Amnesia", "dominance": "indica", "category": cat, "price": 1e6, "cost": 1, "type": "peso", "status": true, "discount": true}),
			400, "product.value_too_large", "")
		if k.Count("orders", "") != orders+1 {
			t.Fatalf("refused saves wrote orders: %d, want %d", k.Count("orders", ""), orders+1)
		}
		reconcile(t, k)
	})
}

// A refund never returns more than the order took in, counted across its lines and every refund
// so far whatever its method: a line's figures altered in the database (as the wrap once left
// them: a negative line beside one above the order's total) cannot pay out more than was paid.
func TestRefundNeverReturnsMoreThanTheOrderTookIn(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		res := w.cart(w.budtender, w.socio, nil, []any{w.agua, 2}, []any{w.cafe, 1})
		oid := num(orderOf(res)["oid"])
		expectOK(t, "pay", w.pay(w.budtender, oid, "cash", map[string]any{"amount": 4.08})) // 3 + 1.20 − 0.12
		exec(t, k, `UPDATE order_lines SET total = 10000, base_price = 10000 WHERE order_id = ? AND product_id = ?`, oid, w.agua)
		before := k.Count("cash_movements", "")
		expectErr(t, "a refund above the order", w.admin.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": oid, "pay": "cash",
			"products": []any{map[string]any{"pid": w.agua, "quantity": 2}}}), 400, "order.refund_above_total", "")
		if k.Count("cash_movements", "") != before {
			t.Fatal("a refused refund moved cash")
		}
	})
}

// An order is written by one transaction at a time. The attack (PostgreSQL): a Budtender with two
// tabs pays a 1 € cart while saving it again with 41 lines; the save, which had read the order
// as in process before the pay, rewrote it afterwards: the order ended completed with 4,001 € of
// lines while the till held 1 €, and refunding a line paid out money that never came in. A cancel
// during a pay deleted the paid order and its lines while its till row and stock movement stayed.
// Now the loser of each race is refused and changes nothing; after every round a paid order's lines
// add up to what its till rows took in, and no till row or stock movement names a missing order.
func TestOrderWrittenByOneTransactionAtATime(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		cat := w.categoryOf(t, w.amnesia)
		var many [][]any
		for i := range 40 {
			pid := w.product(t, w.admin, w.alfa, cat, fmt.Sprintf("Extra %d", i), "unidad", 100, false, true, 0, 0)
			many = append(many, []any{pid, 1})
		}
		tab2 := mustLogin(t, k, "budtender", testkit.Password)
		rounds := 25
		for round := range rounds {
			member := w.member(t, w.admin, w.alfa, fmt.Sprintf("Socia %d", round), dniFor(round), nil)
			res := w.cart(w.budtender, member, nil, []any{w.cafe, 1})
			expectOK(t, "cart", res)
			oid := num(orderOf(res)["oid"])
			var wg sync.WaitGroup
			var pay, other *testkit.Response
			wg.Add(2)
			go func() { defer wg.Done(); pay = w.pay(w.budtender, oid, "cash", nil) }()
			if round%2 == 0 {
				go func() {
					defer wg.Done()
					other = tab2.Do("POST", "/api/order", map[string]any{"asocid": w.alfa, "oid": oid, "membership_id": member, "products": linesBody(append([][]any{{w.cafe, 1}}, many...))})
				}()
			} else {
				go func() {
					defer wg.Done()
					other = tab2.Do("DELETE", fmt.Sprintf("/api/order/delete?asocid=%d&oid=%d", w.alfa, oid), nil)
				}()
			}
			wg.Wait()
			if pay.Status == 200 && other.Status == 200 && round%2 == 1 {
				t.Fatalf("round %d: both the pay and the cancel answered 200", round)
			}
			if n := k.Count("orders o", `o.status = 'completed' AND o.total <> (SELECT COALESCE(SUM(m.amount), 0) FROM cash_movements m WHERE m.order_id = o.id)`); n != 0 {
				t.Fatalf("round %d: %d paid orders whose total is not what the till took in (pay %d, other %d)", round, n, pay.Status, other.Status)
			}
			if n := k.Count("orders o", `o.total <> (SELECT COALESCE(SUM(l.total), 0) FROM order_lines l WHERE l.order_id = o.id)`); n != 0 {
				t.Fatalf("round %d: %d orders whose lines do not add up to their total", round, n)
			}
			if n := k.Count("cash_movements m", `m.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = m.order_id)`); n != 0 {
				t.Fatalf("round %d: %d till rows of an order that no longer exists (pay %d, cancel %d)", round, n, pay.Status, other.Status)
			}
			if n := k.Count("stock_movements s", `s.type = 'sale' AND NOT EXISTS (SELECT 1 FROM orders o WHERE s.note = '#' || CAST(o.id AS TEXT))`); n != 0 {
				t.Fatalf("round %d: %d sales of an order that no longer exists", round, n)
			}
			if other.Status != 200 && other.Code() != "order.not_cart" && other.Code() != "order.not_found" {
				t.Fatalf("round %d: the losing write answered %s", round, other)
			}
		}
		reconcile(t, k)
	})
}

func dniFor(i int) string {
	n := 30000000 + i
	return fmt.Sprintf("%d%c", n, "TRWAGMYFPDXBNJZSQVHLCKE"[n%23])
}

func linesBody(lines [][]any) []map[string]any {
	out := []map[string]any{}
	for _, l := range lines {
		out = append(out, map[string]any{"pid": l[0], "quantity": l[1]})
	}
	return out
}

// The till is taken by one movement or close at a time. The attack (PostgreSQL): twenty
// withdrawals of the whole box at once each read the box and then wrote: up to 8 passed and the
// box reached −350 €; four closes at once (a double click) each added an opening movement and the
// next period opened with 300–400 € instead of the 100 € counted.
func TestTillTakenByOneAtATime(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		move := func(amount float64) *testkit.Response {
			return w.manager.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": amount, "note": "x"})
		}
		box := func() string {
			res := w.manager.Do("GET", fmt.Sprintf("/api/cash_movement/?asocid=%d", w.alfa), nil)
			expectOK(t, "period", res)
			return money(res.JSON["summary"].(map[string]any)["cash_box_total_amount"])
		}
		var wg sync.WaitGroup
		// rounds: a race lost once in a few tries must fail this test every time it runs
		for round := range 8 {
			expectOK(t, "cash in", move(50))
			var mu sync.Mutex
			passed := 0
			for range 20 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if res := move(-50); res.Status == 200 {
						mu.Lock()
						passed++
						mu.Unlock()
					} else if res.Code() != "cash.box_short" {
						t.Errorf("withdrawal: %s", res)
					}
				}()
			}
			wg.Wait()
			if got := box(); passed != 1 || got != "0" {
				t.Fatalf("round %d: %d of 20 withdrawals of the whole box passed; the box holds %s €", round, passed, got)
			}
		}
		for round := range 5 {
			for range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					expectOK(t, "close", w.manager.Do("POST", "/api/cash_close", map[string]any{"asocid": w.alfa, "current_amount": 100}))
				}()
			}
			wg.Wait()
			if got := box(); got != "100" {
				t.Fatalf("round %d: after four closes counting 100 € at once, the next period opens with %s €", round, got)
			}
		}
	})
}

// A cash refund the box cannot pay out is refused, and only a Manager or an Administrador refunds
// an order to a method other than the one it was paid with (a wallet-paid order refunded in cash
// takes money out of the till that never came into it).
func TestRefundMethodAndTheBox(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		expectOK(t, "top-up", w.admin.Do("PUT", fmt.Sprintf("/api/wallet/%d", w.socio), map[string]any{"association": w.alfa, "operation": "add", "amount": 20, "pay_type": "tpv"}))
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.agua, 2}))["oid"])
		expectOK(t, "wallet pay", w.pay(w.budtender, oid, "wallet", nil))
		refund := func(c *testkit.Client, pay string) *testkit.Response {
			return c.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": oid, "pay": pay, "products": []any{map[string]any{"pid": w.agua, "quantity": 1}}})
		}
		expectErr(t, "a Budtender refunds a wallet order in cash", refund(w.budtender, "cash"), 400, "order.refund_method", "")
		// the box is empty: the Manager may choose cash, but the box cannot pay it
		expectErr(t, "a cash refund from an empty box", refund(w.manager, "cash"), 400, "order.refund_box_short", "")
		expectOK(t, "the Budtender refunds to the wallet", refund(w.budtender, "wallet"))
		expectOK(t, "cash in", w.manager.Do("POST", "/api/cash_movement", map[string]any{"asocid": w.alfa, "amount": 10, "note": "cambio"}))
		expectOK(t, "the Manager refunds in cash", refund(w.manager, "cash"))
		reconcile(t, k)
	})
}

// The real weight lies within the club's discrepancy on both sides of the charged quantity: 100 g
// charged with a real weight of 0.001 g counted 0.001 g against the month and moved 0.001 g of stock.
// Only a weighed product has a real weight: a unit product moves the units charged.
func TestRealWeightOnBothSides(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k) // discrepancy 5 %
		expectErr(t, "a real weight far below", w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 10, 0.001}), 400, "order.real_weight_short",
			"El peso real no puede ser inferior a la cantidad en más de un 5%")
		expectErr(t, "a real weight just below", w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2, 1.899}), 400, "order.real_weight_short", "")
		res := w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2, 1.9})
		expectOK(t, "5 % below", res)
		if money(lineOf(orderOf(res), 0)["grams"]) != "1.9" {
			t.Fatalf("grams: %v", lineOf(orderOf(res), 0)["grams"])
		}
		expectOK(t, "no Amnesia", w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 0}))
		// a unit product has no real weight: 1 unit charged with a real quantity of 5 took 5 from the stock
		res = w.cart(w.budtender, w.socio, nil, []any{w.agua, 1, 5})
		expectOK(t, "a unit product with a real quantity", res)
		if l := lineOf(orderOf(res), 0); money(l["real_quantity"]) != "1" || money(l["grams"]) != "2" {
			t.Fatalf("unit line: real %v, grams %v", l["real_quantity"], l["grams"])
		}
		expectOK(t, "pay", w.pay(w.budtender, num(orderOf(res)["oid"]), "cash", nil))
		var stock int64
		if err := k.App.DB.Get(t.Context(), &stock, `SELECT stock FROM products WHERE id = ?`, w.agua); err != nil || stock != 9000 {
			t.Fatalf("Agua's stock after selling 1 of 10: %d (%v)", stock, err)
		}
		reconcile(t, k)
	})
}

// A fee type switched off is no longer sold: it extended a membership by its days.
func TestInactiveFeeIsNotSold(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		fee := func() *testkit.Response {
			return w.admin.Do("POST", "/api/order", map[string]any{"asocid": w.alfa, "membership_id": w.socio, "products": []any{map[string]any{"fee_id": w.fee, "quantity": 1}}})
		}
		res := fee()
		expectOK(t, "fee line", res)
		oid := num(orderOf(res)["oid"])
		expectOK(t, "switch off", w.admin.Do("POST", "/api/fee/", map[string]any{"asocid": w.alfa, "pid": w.fee, "title": "Cuota mensual", "price": 30, "days": 30, "status": false}))
		expectErr(t, "pay a fee switched off", w.pay(w.admin, oid, "cash", nil), 400, "fee.inactive", "")
		expectErr(t, "sell a fee switched off", fee(), 400, "fee.inactive", "")
		if k.Count("orders", "status = 'completed'") != 0 {
			t.Fatal("a fee switched off was sold")
		}
	})
}

// Order numbers are never reused: a cancelled order's number does not go to the next order.
func TestOrderNumbersAreNeverReused(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		first := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.agua, 1}))["oid"])
		expectOK(t, "cancel", w.budtender.Do("DELETE", fmt.Sprintf("/api/order/delete?asocid=%d&oid=%d", w.alfa, first), nil))
		if next := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.agua, 1}))["oid"]); next == first {
			t.Fatalf("the cancelled order's number %d was given to the next order", first)
		}
	})
}

// A manual discount reduces the order even when no product takes the category's and coupons'
// discounts: it was echoed back (manual_discount_order: 2) while order_discount stayed 0.
func TestManualDiscountReducesTheOrder(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		res := w.cart(w.budtender, w.socio, map[string]any{"manual_discount_order": 2}, []any{w.agua, 2}) // 3 €, no discount flag
		expectOK(t, "manual discount", res)
		if o := orderOf(res); money(o["order_discount"]) != "2" || money(o["order_total"]) != "1" {
			t.Fatalf("a 2 € manual discount on 3 €: discount %v, total %v", o["order_discount"], o["order_total"])
		}
	})
}

// An override reason must say something: a zero-width space, spaces or punctuation is no reason.
func TestOverrideReasonMustSaySomething(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)

		exec(t, k, `UPDATE members SET consum_forecast = 1 WHERE id = ?`, w.socio)
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2}))["oid"])
		for _, reason := range []string{"\u200b", " \u200b\u200b ", "...", "\u00a0-"} {
			expectErr(t, fmt.Sprintf("override reason %q", reason), w.pay(w.manager, oid, "cash", map[string]any{"override_reason": reason}),
				400, "order.forecast_exceeded", "")
		}
		expectOK(t, "a written reason", w.pay(w.manager, oid, "cash", map[string]any{"override_reason": "Receta 12"}))
	})
}
