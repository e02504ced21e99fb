package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"socius/internal/testkit"
)

const couponAPI = "/api/socius_coupon"

// coupon creates a coupon of Alfa with the given fields over sensible defaults.
func (w *posWorld) coupon(t *testing.T, code string, fields map[string]any) int64 {
	t.Helper()
	body := map[string]any{"asocid": w.alfa, "code": code, "title": "Cupón " + code, "type": 1, "discount": 10}
	for k, v := range fields {
		body[k] = v
	}
	res := w.admin.Do("POST", couponAPI, body)
	expectOK(t, "coupon "+code, res)
	return num(res.JSON["id"])
}

func (w *posWorld) apply(c *testkit.Client, oid int64, body map[string]any) *testkit.Response {
	b := map[string]any{"asocid": w.alfa, "oid": oid}
	for k, v := range body {
		b[k] = v
	}
	return c.Do("POST", couponAPI+"/apply_coupon", b)
}

func couponsOf(o map[string]any) []map[string]any {
	var out []map[string]any
	for _, c := range o["discount_coupon_order"].([]any) {
		out = append(out, c.(map[string]any))
	}
	return out
}

func TestCouponCreateEditDelete(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		post := func(c *testkit.Client, body map[string]any) *testkit.Response { return c.Do("POST", couponAPI, body) }
		base := func(extra map[string]any) map[string]any {
			b := map[string]any{"asocid": w.alfa, "code": "VERANO", "title": "Verano", "type": 0, "discount": 5}
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		expectErr(t, "no code", post(w.admin, base(map[string]any{"code": " "})), 400, "coupon.fields_required", "Debes completar los campos")
		expectErr(t, "no description", post(w.admin, base(map[string]any{"title": ""})), 400, "coupon.fields_required", "Debes completar los campos")
		b := base(nil)
		delete(b, "discount")
		expectErr(t, "no discount", post(w.admin, b), 400, "coupon.fields_required", "Debes completar los campos")
		expectErr(t, "zero discount", post(w.admin, base(map[string]any{"discount": 0})), 400, "coupon.discount_positive", "")
		expectErr(t, "percent above 100", post(w.admin, base(map[string]any{"type": 1, "discount": 100.01})), 400, "coupon.percent_range", "")
		expectErr(t, "negative uses", post(w.admin, base(map[string]any{"use_number_user": -1})), 400, "coupon.numeric", "Introduce valores numéricos")
		expectErr(t, "notes over 200", post(w.admin, base(map[string]any{"notes": strings.Repeat("n", 201)})), 400, "coupon.notes_too_long", "")
		expectErr(t, "code with spaces", post(w.admin, base(map[string]any{"code": "DOS PALABRAS"})), 400, "coupon.code_invalid", "")
		expectErr(t, "to before from", post(w.admin, base(map[string]any{"from": 1_800_000_000, "to": 1_700_000_000})), 400, "coupon.dates", "")
		expectErr(t, "user type 3", post(w.admin, base(map[string]any{"use_user_type": 3})), 400, "coupon.user_type_invalid", "")
		// objects of another club cannot scope a coupon
		betaCat := num(w.betaAdm.Do("GET", fmt.Sprintf("/api/dispensario/%d?asocid=%d", w.betaProd, w.beta), nil).JSON["category"])
		expectErr(t, "Beta's product", post(w.admin, base(map[string]any{"use_products": []int64{w.betaProd}})), 404, "product.not_found", "")
		if betaCat != 0 {
			expectErr(t, "Beta's category", post(w.admin, base(map[string]any{"product_categories": []int64{betaCat}})), 404, "category.not_found", "")
		}
		expectErr(t, "a product category as member category", post(w.admin, base(map[string]any{"use_user_category": w.categoryOf(t, w.amnesia)})), 404, "category.not_found", "")
		if n := k.Count("coupons", ""); n != 0 {
			t.Fatalf("refused creates left %d coupons", n)
		}

		// a day-range coupon: it starts at 00:00 of its first day and ends at 23:59:59 of its last (Madrid)
		madrid, _ := time.LoadLocation("Europe/Madrid")
		from := time.Date(2026, 7, 1, 15, 30, 0, 0, madrid).Unix()
		to := time.Date(2026, 7, 31, 0, 0, 0, 0, madrid).Unix()
		res := post(w.admin, base(map[string]any{"from": from, "to": to, "use_products": []int64{w.amnesia}, "cumulative": 1, "status": true,
			"use_user_category": w.category, "min_amount_order": 12.5, "notes": "Solo julio"}))
		expectOK(t, "create", res)
		id := num(res.JSON["id"])
		if num(res.JSON["from_date"]) != time.Date(2026, 7, 1, 0, 0, 0, 0, madrid).Unix() ||
			num(res.JSON["to_date"]) != time.Date(2026, 8, 1, 0, 0, 0, 0, madrid).Unix()-1 {
			t.Fatalf("dates not the whole days: %v %v", res.JSON["from_date"], res.JSON["to_date"])
		}
		if res.JSON["cumulative"] != true || num(res.JSON["status"]) != 1 || money(res.JSON["min_amount_order"]) != "12.5" ||
			jget(res.JSON["products"].([]any)[0], "title") != "Amnesia" {
			t.Fatalf("created coupon: %s", res)
		}
		expectErr(t, "same code, other case", post(w.admin, base(map[string]any{"code": "verano"})), 400, "coupon.code_taken", "Ya existe un cupón con el código verano")
		// Beta may use the same code: codes are per club
		expectOK(t, "Beta's VERANO", post(w.betaAdm, map[string]any{"asocid": w.beta, "code": "VERANO", "title": "B", "type": 0, "discount": 1}))

		// roles: Recepción creates (coupon form), Budtender does not; only Manager and Administrador activate and delete
		// a coupon Recepción makes waits, off, for a Manager or an Administrador to switch it on (made on, a 100 %
		// coupon was a free order at the counter), whatever status the form sends
		res = post(w.recepcion, base(map[string]any{"code": "RECEP", "status": 1, "discount": 100}))
		if expectOK(t, "recepción creates", res); num(res.JSON["status"]) != 0 {
			t.Fatalf("a coupon made by Recepción is on: %s", res)
		}
		if res := post(w.budtender, base(map[string]any{"code": "BUD"})); res.Status != 403 {
			t.Fatalf("budtender created a coupon: %s", res)
		}
		activate := func(c *testkit.Client, club, id int64, on any) *testkit.Response {
			return c.Do("POST", couponAPI+"/activate_coupon", map[string]any{"asocid": club, "coupon_id": []int64{id}, "activate": on})
		}
		if res := activate(w.recepcion, w.alfa, id, false); res.Status != 403 {
			t.Fatalf("recepción deactivated: %s", res)
		}
		expectErr(t, "Beta deactivates Alfa's", activate(w.betaAdm, w.beta, id, false), 404, "coupon.not_found", "")
		res = activate(w.manager, w.alfa, id, 0)
		if expectOK(t, "deactivate", res); num(res.JSON["status"]) != 0 {
			t.Fatalf("not deactivated: %s", res)
		}

		// edit keeps the id; another club's staff cannot edit it through their club
		res = post(w.admin, base(map[string]any{"id": id, "code": "VERANO26", "discount": 7.5, "use_products": []int64{}}))
		if expectOK(t, "edit", res); num(res.JSON["id"]) != id || res.JSON["code"] != "VERANO26" || len(res.JSON["use_products"].([]any)) != 0 {
			t.Fatalf("edit: %s", res)
		}
		expectErr(t, "Beta edits Alfa's", post(w.betaAdm, map[string]any{"asocid": w.beta, "id": id, "code": "X", "title": "x", "type": 0, "discount": 1}),
			404, "coupon.not_found", "")

		// list: this club's only
		res = w.budtender.Do("GET", fmt.Sprintf("%s?asocid=%d", couponAPI, w.alfa), nil)
		if expectOK(t, "list", res); num(res.JSON["total"]) != 2 {
			t.Fatalf("Alfa lists %s", res)
		}

		// delete: Manager and Administrador only, inside the club; the code is free again
		del := func(c *testkit.Client, club, id int64) *testkit.Response {
			return c.Do("DELETE", fmt.Sprintf("%s/%d?id=%d", couponAPI, club, id), nil)
		}
		if res := del(w.budtender, w.alfa, id); res.Status != 403 {
			t.Fatalf("budtender deleted: %s", res)
		}
		expectErr(t, "Beta deletes Alfa's", del(w.betaAdm, w.beta, id), 404, "coupon.not_found", "")
		res = del(w.manager, w.alfa, id)
		if expectOK(t, "delete", res); res.JSON["message"] != "El cupón se ha eliminado correctamente" {
			t.Fatalf("delete: %s", res)
		}
		expectErr(t, "deleted twice", del(w.manager, w.alfa, id), 404, "coupon.not_found", "")
		expectOK(t, "code free again", post(w.admin, base(map[string]any{"code": "VERANO26"})))
	})
}

func TestCouponAppliedAtTheCounter(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		pct := w.coupon(t, "DIEZ", nil) // 10 % off the whole order
		// 2.105 g Amnesia: 20.00 base, 18.00 after the member's 10 %; Agua 3.00 takes no discount
		res := w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2.105}, []any{w.agua, 2})
		expectOK(t, "cart", res)
		oid := num(orderOf(res)["oid"])

		expectErr(t, "unknown code", w.apply(w.budtender, oid, map[string]any{"code": "NADA"}), 400, "coupon.code_unknown", "No existe ningún cupón con el código NADA")
		res = w.apply(w.budtender, oid, map[string]any{"code": "diez"}) // any case
		expectOK(t, "apply by code", res)
		o := res.JSON
		// 10 % of 18.00 = 1.80 on Amnesia only; total 16.20 + 3.00
		if money(o["order_total"]) != "19.2" || money(lineOf(o, 0)["total_discount"]) != "3.8" || money(lineOf(o, 1)["total_discount"]) != "0" {
			t.Fatalf("priced with the coupon: total %v, discounts %v %v", o["order_total"], lineOf(o, 0)["total_discount"], lineOf(o, 1)["total_discount"])
		}
		if c := couponsOf(o); len(c) != 1 || num(c[0]["id"]) != pct || money(c[0]["amount"]) != "1.8" || money(c[0]["discount"]) != "10" {
			t.Fatalf("discount_coupon_order: %v", o["discount_coupon_order"])
		}
		expectErr(t, "twice", w.apply(w.budtender, oid, map[string]any{"coupon_id": []int64{pct}}), 400, "coupon.already_applied", "")

		// a coupon and a manual discount exclude each other, both ways; no fee joins it
		expectErr(t, "manual on a coupon order", w.cart(w.budtender, w.socio, map[string]any{"manual_discount_order": 1}, []any{w.amnesia, 2.105}),
			400, "order.manual_with_coupon", "No se puede aplicar un descuento manual a un pedido que ya tiene aplicado un descuento por cupón")
		fee := w.budtender.Do("POST", "/api/order", map[string]any{"asocid": w.alfa, "membership_id": w.socio,
			"products": []any{map[string]any{"pid": w.amnesia, "quantity": 2.105}, map[string]any{"fee_id": w.fee, "quantity": 1}}})
		expectErr(t, "fee on a coupon order", fee, 400, "order.fee_discounted", "")

		// cumulative: a second coupon joins only when both are cumulative
		euros := w.coupon(t, "DOS", map[string]any{"type": 0, "discount": 2, "cumulative": true})
		expectErr(t, "DIEZ is not cumulative", w.apply(w.budtender, oid, map[string]any{"coupon_id": []int64{euros}}), 400, "coupon.not_cumulative", "")
		w.admin.Do("POST", couponAPI, map[string]any{"asocid": w.alfa, "id": pct, "code": "DIEZ", "title": "Diez", "type": 1, "discount": 10, "cumulative": true})
		res = w.apply(w.budtender, oid, map[string]any{"coupon_id": []int64{euros}})
		expectOK(t, "two cumulative coupons", res)
		// 18.00 − 1.80 − 2.00 = 14.20 + 3.00
		if money(res.JSON["order_total"]) != "17.2" || len(couponsOf(res.JSON)) != 2 {
			t.Fatalf("two coupons: %s", res)
		}

		// a save that takes the coupons off (an empty list) prices without them
		res = w.cart(w.budtender, w.socio, map[string]any{"discount_coupon_order": []int64{}}, []any{w.amnesia, 2.105}, []any{w.agua, 2})
		if expectOK(t, "remove coupons", res); money(orderOf(res)["order_total"]) != "21" || len(couponsOf(orderOf(res))) != 0 {
			t.Fatalf("coupons not removed: %s", res)
		}
		// a manual discount now: a coupon is refused
		expectOK(t, "manual", w.cart(w.budtender, w.socio, map[string]any{"manual_discount_order": 1}, []any{w.amnesia, 2.105}, []any{w.agua, 2}))
		expectErr(t, "coupon on a manual order", w.apply(w.budtender, oid, map[string]any{"code": "DIEZ"}),
			400, "coupon.manual_discount", "No se puede aplicar un descuento por cupón a un pedido que ya tiene aplicado un descuento manual")
		expectOK(t, "manual off", w.cart(w.budtender, w.socio, map[string]any{"manual_discount_order": 0}, []any{w.amnesia, 2.105}, []any{w.agua, 2}))

		// rules, each with its own refusal
		day := int64(86400)
		now := time.Now().Unix()
		rules := []struct {
			code, want string
			fields     map[string]any
		}{
			{"APAGADO", "coupon.inactive", map[string]any{"status": 0}},
			{"FUTURO", "coupon.not_started", map[string]any{"from": now + 3*day}},
			{"PASADO", "coupon.expired", map[string]any{"from": now - 30*day, "to": now - 3*day}},
			{"TERAPIA", "coupon.only_terapeutico", map[string]any{"use_user_type": 2}},
			{"OTRACAT", "coupon.member_category", map[string]any{"use_user_category": num(w.admin.Do("POST", "/api/membership_category",
				map[string]any{"association": w.alfa, "title": "Otra", "descuento": 0}).JSON["nid"])}},
			{"MINIMO", "coupon.min_amount", map[string]any{"min_amount_order": 23.01}},
			{"SOLOCAFE", "coupon.no_lines", map[string]any{"use_products": []int64{w.cafe}}},
			{"AGUA", "coupon.no_discountable", map[string]any{"use_products": []int64{w.agua}}}, // Agua takes no discounts: the refusal says so
		}
		for _, r := range rules {
			w.coupon(t, r.code, r.fields)
			expectErr(t, r.code, w.apply(w.budtender, oid, map[string]any{"code": r.code}), 400, r.want, "")
		}
		w.coupon(t, "LUDICO", map[string]any{"use_user_type": 1, "min_amount_order": 23})
		expectOK(t, "the minimum reached", w.apply(w.budtender, oid, map[string]any{"code": "LUDICO"}))
		if n := k.Count("order_coupons", "order_id = ?", oid); n != 1 {
			t.Fatalf("refusals left %d coupons on the order", n)
		}

		// Beta cannot apply Alfa's coupons, nor to Alfa's orders
		betaOrder := num(orderOf(w.betaAdm.Do("POST", "/api/order", map[string]any{"asocid": w.beta, "membership_id": w.betaSocio,
			"products": []any{map[string]any{"pid": w.betaProd, "quantity": 1}}}))["oid"])
		expectErr(t, "Alfa's coupon id in Beta", w.betaAdm.Do("POST", couponAPI+"/apply_coupon", map[string]any{"asocid": w.beta, "oid": betaOrder,
			"coupon_id": []int64{pct}}), 404, "coupon.not_found", "")
		expectErr(t, "Alfa's code in Beta", w.betaAdm.Do("POST", couponAPI+"/apply_coupon", map[string]any{"asocid": w.beta, "oid": betaOrder,
			"code": "DIEZ"}), 400, "coupon.code_unknown", "")
		expectErr(t, "Beta on Alfa's order", w.betaAdm.Do("POST", couponAPI+"/apply_coupon", map[string]any{"asocid": w.beta, "oid": oid,
			"code": "VERANO"}), 404, "order.not_found", "")
		if res := w.recepcion.Do("POST", couponAPI+"/apply_coupon", map[string]any{"asocid": w.alfa, "oid": oid, "code": "DIEZ"}); res.Status != 403 {
			t.Fatalf("recepción applied a coupon at the counter: %s", res)
		}

		// the picker lists the active coupons that apply to this order now
		res = w.budtender.Do("GET", fmt.Sprintf("%s?asocid=%d&oid=%d", couponAPI, w.alfa, oid), nil)
		expectOK(t, "applicable", res)
		var codes []string
		for _, c := range objects(t, res.JSON["data"]) {
			codes = append(codes, c["code"].(string))
		}
		if strings.Join(codes, ",") != "" { // LUDICO is not cumulative, so nothing may join it
			t.Fatalf("applicable to an order with a non-cumulative coupon: %v", codes)
		}
	})
}

func TestCouponUsesCountedOnceAtPayment(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		once := w.coupon(t, "UNAVEZ", map[string]any{"type": 0, "discount": 5, "use_number_user": 1, "use_products": []int64{w.amnesia}})
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2.105}))["oid"])

		// the picker offers it before it is used
		res := w.budtender.Do("GET", fmt.Sprintf("%s?asocid=%d&oid=%d", couponAPI, w.alfa, oid), nil)
		if expectOK(t, "picker", res); num(res.JSON["total"]) != 1 || jget(res.JSON["data"].([]any)[0], "code") != "UNAVEZ" {
			t.Fatalf("picker: %s", res)
		}
		res = w.apply(w.budtender, oid, map[string]any{"coupon_id": []int64{once}})
		if expectOK(t, "apply", res); money(res.JSON["order_total"]) != "13" {
			t.Fatalf("18 − 5: %s", res)
		}
		if n := k.Count("coupon_uses", ""); n != 0 {
			t.Fatal("applying counted a use: only paying does")
		}
		// deactivated before paying: the pay is refused and nothing is charged
		w.manager.Do("POST", couponAPI+"/activate_coupon", map[string]any{"asocid": w.alfa, "coupon_id": []int64{once}, "activate": false})
		expectErr(t, "pay with an inactive coupon", w.pay(w.budtender, oid, "cash", nil), 400, "coupon.inactive", "")
		if k.Count("orders", "id = ? AND status = 'cart'", oid) != 1 || k.Count("cash_movements", "") != 0 {
			t.Fatal("a refused pay changed the order or the till")
		}
		// a save takes it off and says why
		res = w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2.105})
		expectOK(t, "save drops the inactive coupon", res)
		if rc := orderOf(res)["removed_coupons"].([]any); len(rc) != 1 || jget(rc[0], "code_reason") != "coupon.inactive" || money(orderOf(res)["order_total"]) != "18" {
			t.Fatalf("removed coupons: %s", res)
		}
		w.manager.Do("POST", couponAPI+"/activate_coupon", map[string]any{"asocid": w.alfa, "coupon_id": []int64{once}, "activate": true})
		expectOK(t, "apply again", w.apply(w.budtender, oid, map[string]any{"code": "UNAVEZ"}))

		// paid twice (a retry): one use
		for range 2 {
			res = w.pay(w.budtender, oid, "cash", map[string]any{"amount": 13})
			expectOK(t, "pay", res)
		}
		if k.Count("coupon_uses", "coupon_id = ? AND order_id = ? AND member_id = ?", once, oid, w.socio) != 1 ||
			k.Count("coupons", "id = ? AND uses = 1", once) != 1 {
			t.Fatal("the paid order did not count exactly one use")
		}
		if c := couponsOf(orderOf(res)); len(c) != 1 || money(c[0]["amount"]) != "5" {
			t.Fatalf("paid order's coupons: %v", c)
		}
		// the member used it once: the next order is refused, another member's is not
		oid2 := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 1}))["oid"])
		expectErr(t, "second use by the member", w.apply(w.budtender, oid2, map[string]any{"code": "UNAVEZ"}), 400, "coupon.member_used_up", "")
		other := w.member(t, w.admin, w.alfa, "Otro", "44444444A", nil)
		oid3 := num(orderOf(w.cart(w.budtender, other, nil, []any{w.amnesia, 1}))["oid"])
		expectOK(t, "another member", w.apply(w.budtender, oid3, map[string]any{"code": "UNAVEZ"}))

		// the uses list: Manager and Administrador, this club's coupon only
		res = w.manager.Do("GET", fmt.Sprintf("%s_use?asocid=%d&coupon_id=%d", couponAPI, w.alfa, once), nil)
		if expectOK(t, "uses", res); num(res.JSON["total"]) != 1 || jget(res.JSON["data"].([]any)[0], "title") != "Ana Prueba" {
			t.Fatalf("uses: %s", res)
		}
		expectErr(t, "Beta reads Alfa's uses", w.betaAdm.Do("GET", fmt.Sprintf("%s_use?asocid=%d&coupon_id=%d", couponAPI, w.beta, once), nil), 404, "coupon.not_found", "")

		// a 100 % coupon leaves nothing to pay: the order completes without money
		full := w.coupon(t, "GRATIS", map[string]any{"type": 1, "discount": 100})
		oid4 := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 1}))["oid"])
		if oid4 != oid2 {
			t.Fatal("the member's open order changed")
		}
		res = w.apply(w.budtender, oid4, map[string]any{"coupon_id": []int64{full}})
		if expectOK(t, "100 %", res); money(res.JSON["order_total"]) != "0" {
			t.Fatalf("100 %%: %s", res)
		}
		res = w.budtender.Do("POST", "/api/order/complete", map[string]any{"asocid": w.alfa, "oid": oid4})
		if expectOK(t, "complete", res); jget(res.JSON, "order", "order_status") != "completed" {
			t.Fatalf("complete: %s", res)
		}

		// a refund of part of the order keeps the use; the whole order back gives it back
		refund := func(q float64) *testkit.Response {
			return w.budtender.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": oid, "pay": "cash",
				"products": []any{map[string]any{"pid": w.amnesia, "quantity": q}}})
		}
		expectOK(t, "partial refund", refund(1))
		if k.Count("coupon_uses", "coupon_id = ?", once) != 1 || k.Count("coupons", "id = ? AND uses = 1", once) != 1 {
			t.Fatal("a partial refund gave the use back")
		}
		expectOK(t, "refund of the rest", refund(1.105))
		if k.Count("coupon_uses", "coupon_id = ?", once) != 0 || k.Count("coupons", "id = ? AND uses = 0", once) != 1 {
			t.Fatal("the whole order refunded kept its coupon's use")
		}
		oid5 := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 1}))["oid"])
		expectOK(t, "the member may use it again", w.apply(w.budtender, oid5, map[string]any{"code": "UNAVEZ"}))
		reconcile(t, k)
	})
}

func TestCouponLastUsesUnderConcurrentPays(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		const members, limit = 12, 5
		id := w.coupon(t, "CINCO", map[string]any{"type": 0, "discount": 1, "use_number_coupon": limit})
		exec(t, k, `UPDATE products SET unlimited_stock = 1 WHERE id = ?`, w.amnesia)
		oids := make([]int64, members)
		for i := range members {
			m := w.member(t, w.admin, w.alfa, fmt.Sprintf("Cupon%d", i), fmt.Sprintf("C%07dA", i), nil)
			oids[i] = num(orderOf(w.cart(w.budtender, m, nil, []any{w.amnesia, 1}))["oid"])
			expectOK(t, "apply", w.apply(w.budtender, oids[i], map[string]any{"coupon_id": []int64{id}}))
		}
		counters := make([]*testkit.Client, 4)
		for i := range counters {
			counters[i] = mustLogin(t, k, "budtender", testkit.Password)
		}
		var wg sync.WaitGroup
		results := make([]*testkit.Response, members)
		for i := range members {
			wg.Go(func() { results[i] = w.pay(counters[i%len(counters)], oids[i], "cash", nil) })
		}
		wg.Wait()
		paid, refused := 0, 0
		for _, r := range results {
			switch {
			case r.Status == 200:
				paid++
			case r.Code() == "coupon.used_up":
				refused++
			default:
				t.Fatalf("unexpected reply: %s", r)
			}
		}
		if paid != limit || refused != members-limit {
			t.Fatalf("paid %d, refused %d; want %d and %d", paid, refused, limit, members-limit)
		}
		if k.Count("coupon_uses", "coupon_id = ?", id) != limit || k.Count("coupons", "id = ? AND uses = ?", id, limit) != 1 {
			t.Fatal("uses differ from the limit or from their rows")
		}
		if k.Count("orders", "status = 'completed'") != limit || k.Count("cash_movements", "") != limit {
			t.Fatal("a refused pay left a paid order or a till movement")
		}
	})
}

// TestCouponEditKeepsItsSwitch: switching a coupon on or off is the activate
// call's (Manager and Administrador); the edit is the coupon form's, which
// Recepción also has. A caller who may not switch coupons keeps the switch as
// it is, is refused a status that differs, and may change only the wording of
// a coupon that is on; a switched-off coupon stays off whatever they change.
func TestCouponEditKeepsItsSwitch(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		end := time.Now().Add(30 * 24 * time.Hour).Unix() // one value: an edit that sends it again keeps the last day
		id := w.coupon(t, "OTONO", map[string]any{"type": 1, "discount": 10, "to": end})
		switchTo := func(c *testkit.Client, on bool) *testkit.Response {
			return c.Do("POST", couponAPI+"/activate_coupon", map[string]any{"asocid": w.alfa, "coupon_id": []int64{id}, "activate": on})
		}
		expectOK(t, "manager switches it off", switchTo(w.manager, false))
		edit := func(c *testkit.Client, extra map[string]any) *testkit.Response {
			b := map[string]any{"asocid": w.alfa, "id": id, "code": "OTONO", "title": "Otoño", "type": 1, "discount": 10, "to": end}
			for k, v := range extra {
				b[k] = v
			}
			return c.Do("POST", couponAPI, b)
		}
		type row struct {
			Status   int    `db:"status"`
			Discount int64  `db:"discount"`
			Title    string `db:"title"`
			To       int64  `db:"to_date"`
			Uses     int    `db:"use_number_coupon"`
		}
		stored := func() row {
			t.Helper()
			var r row
			if err := k.App.DB.Get(t.Context(), &r, `SELECT status, discount, title, to_date, use_number_coupon FROM coupons WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			return r
		}
		refused := func(what string, res *testkit.Response, code string, before row) {
			t.Helper()
			expectErr(t, what, res, 403, code, "")
			if after := stored(); after != before {
				t.Fatalf("%s: refused, yet the coupon changed from %+v to %+v", what, before, after)
			}
		}

		// Recepción edits the switched-off coupon without a status: it stays off.
		res := edit(w.recepcion, map[string]any{"title": "Cupón de otoño"})
		expectOK(t, "recepción edits a switched-off coupon", res)
		if got := stored(); got.Status != 0 || num(res.JSON["status"]) != 0 || got.Title != "Cupón de otoño" {
			t.Fatalf("recepción's edit without a status switched the coupon on: stored %+v, reply status %v", got, res.JSON["status"])
		}
		// With the status it already has: fine. With another: refused, nothing changed.
		expectOK(t, "recepción sends the status it has", edit(w.recepcion, map[string]any{"title": "Cupón de otoño", "status": false}))
		before := stored()
		for _, on := range []any{true, 1} {
			res := edit(w.recepcion, map[string]any{"title": "Encendido", "discount": 90, "status": on})
			refused(fmt.Sprintf("recepción switches it on (status %v)", on), res, "coupon.switch_forbidden", before)
			if res.Message() != "Solo un Manager o un Administrador puede activar o desactivar un cupón" {
				t.Fatalf("refusal message: %s", res)
			}
		}
		// A switched-off coupon may be reworked: a Manager decides when it goes on.
		res = edit(w.recepcion, map[string]any{"title": "Cupón de otoño", "discount": 15})
		if expectOK(t, "recepción reworks a switched-off coupon", res); num(res.JSON["status"]) != 0 || stored().Discount != 1500 {
			t.Fatalf("reworked coupon: %s", res)
		}

		// A Manager switches it on through the edit, and off again, and an edit without a status keeps it.
		res = edit(w.manager, map[string]any{"title": "Cupón de otoño", "discount": 15, "status": true})
		if expectOK(t, "manager switches it on by the edit", res); stored().Status != 1 {
			t.Fatalf("manager's edit with status on: %s", res)
		}
		expectOK(t, "manager edits without a status", edit(w.manager, map[string]any{"title": "Cupón de otoño", "discount": 15}))
		if stored().Status != 1 {
			t.Fatal("manager's edit without a status switched the coupon off")
		}

		// On: Recepción may reword it, not change what it gives or when, nor switch it off.
		res = edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 15, "description": "Para todos"})
		if expectOK(t, "recepción rewords an active coupon", res); stored().Status != 1 || stored().Title != "Otoño 2026" {
			t.Fatalf("reworded: %s", res)
		}
		before = stored()
		refused("recepción raises an active coupon's discount", edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 90}),
			"coupon.terms_forbidden", before)
		refused("recepción makes it euros", edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 15, "type": 0}),
			"coupon.terms_forbidden", before)
		refused("recepción lifts its end", edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 15, "to": 0}),
			"coupon.terms_forbidden", before)
		refused("recepción limits its uses", edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 15, "use_number_coupon": 3}),
			"coupon.terms_forbidden", before)
		refused("recepción switches it off", edit(w.recepcion, map[string]any{"title": "Otoño 2026", "discount": 15, "status": false}),
			"coupon.switch_forbidden", before)

		// The Administrador changes the terms, and switches it off by the edit.
		res = edit(w.admin, map[string]any{"title": "Otoño 2026", "discount": 20, "status": 0})
		if expectOK(t, "administrador edits and switches off", res); stored().Status != 0 || stored().Discount != 2000 {
			t.Fatalf("administrador's edit: %s", res)
		}
	})
}

// A client that edits the coupon it read sends its days back under the names the list answers
// with, from_date and to_date: they are taken as from and to. Both names at once are taken when
// they name the same day and refused, changing nothing, when they do not.
func TestCouponDatesUnderTheNamesItIsReadWith(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		madrid, _ := time.LoadLocation("Europe/Madrid")
		at := func(month time.Month, day, hour int) int64 {
			return time.Date(2026, month, day, hour, 0, 0, 0, madrid).Unix()
		}
		firstSecond := func(month time.Month, day int) int64 { return at(month, day, 0) }
		lastSecond := func(month time.Month, day int) int64 { return at(month, day+1, 0) - 1 }
		days := func(what string, c map[string]any, from, to int64) {
			t.Helper()
			if num(c["from_date"]) != from || num(c["to_date"]) != to {
				t.Fatalf("%s: want from_date %d and to_date %d, got %v and %v", what, from, to, c["from_date"], c["to_date"])
			}
		}

		res := w.admin.Do("POST", couponAPI, map[string]any{"asocid": w.alfa, "code": "JULIO", "title": "Julio", "type": 1, "discount": 10,
			"from_date": at(7, 1, 12), "to_date": at(7, 31, 9)})
		expectOK(t, "created with from_date and to_date", res)
		days("created with from_date and to_date", res.JSON, firstSecond(7, 1), lastSecond(7, 31))
		id := num(res.JSON["id"])

		// read is the coupon as the list answers it, less the figures only the server writes.
		read := func() map[string]any {
			t.Helper()
			for _, c := range objects(t, w.admin.Do("GET", fmt.Sprintf("%s?asocid=%d", couponAPI, w.alfa), nil).JSON["data"]) {
				if num(c["id"]) == id {
					for _, computed := range []string{"uses", "products", "created", "changed"} {
						delete(c, computed)
					}
					return c
				}
			}
			t.Fatal("the coupon is not listed")
			return nil
		}
		// Everything read goes back with one change: the days stay.
		c := read()
		c["asocid"], c["title"] = w.alfa, "Julio entero"
		res = w.admin.Do("POST", couponAPI, c)
		expectOK(t, "the coupon as read, with a new title", res)
		days("edited as read", res.JSON, firstSecond(7, 1), lastSecond(7, 31))
		if res.JSON["title"] != "Julio entero" {
			t.Fatalf("edited as read: %s", res)
		}
		// Moved by the names it was read with.
		c = read()
		c["asocid"], c["from_date"], c["to_date"] = w.alfa, at(8, 1, 0), at(8, 15, 0)
		res = w.admin.Do("POST", couponAPI, c)
		expectOK(t, "moved by from_date and to_date", res)
		days("moved by from_date and to_date", res.JSON, firstSecond(8, 1), lastSecond(8, 15))

		// Both names for the same day: taken.
		both := map[string]any{"asocid": w.alfa, "id": id, "code": "JULIO", "title": "Agosto", "type": 1, "discount": 10,
			"from": at(8, 2, 10), "from_date": firstSecond(8, 2), "to": at(8, 20, 18), "to_date": lastSecond(8, 20)}
		res = w.admin.Do("POST", couponAPI, both)
		expectOK(t, "both names for the same days", res)
		days("both names for the same days", res.JSON, firstSecond(8, 2), lastSecond(8, 20))

		// Both names for different days: refused, in Spanish, naming the field; nothing changes.
		var before string
		snapshot := func() string {
			var r struct {
				From  int64  `db:"from_date"`
				To    int64  `db:"to_date"`
				Title string `db:"title"`
			}
			if err := k.App.DB.Get(t.Context(), &r, `SELECT from_date, to_date, title FROM coupons WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(r)
		}
		before = snapshot()
		for _, tc := range []struct {
			field string
			extra map[string]any
			msg   string
		}{
			{"from", map[string]any{"from": at(9, 1, 0), "from_date": at(8, 2, 0)}, "Las fechas from y from_date no coinciden: envía solo una de las dos"},
			{"to", map[string]any{"to": at(9, 30, 0), "to_date": at(8, 20, 0)}, "Las fechas to y to_date no coinciden: envía solo una de las dos"},
			{"from", map[string]any{"from": 0, "from_date": at(8, 2, 0)}, "Las fechas from y from_date no coinciden: envía solo una de las dos"},
		} {
			b := map[string]any{"asocid": w.alfa, "id": id, "code": "JULIO", "title": "Septiembre", "type": 1, "discount": 10}
			for k, v := range tc.extra {
				b[k] = v
			}
			res := w.admin.Do("POST", couponAPI, b)
			expectErr(t, fmt.Sprintf("disagreeing %v", tc.extra), res, 400, "coupon.dates_disagree", tc.msg)
			if f := jget(res.JSON, "field"); f != tc.field {
				t.Fatalf("disagreeing %v: the refusal names field %v, want %s: %s", tc.extra, f, tc.field, res)
			}
			if after := snapshot(); after != before {
				t.Fatalf("a refused edit changed the coupon from %s to %s", before, after)
			}
		}
	})
}
