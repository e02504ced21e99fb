package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/testkit"
)

// TestCultivationAPI: the grow room's calls as the API answers them — who
// may make them (the flag, the roles, no session), a batch from strain to a
// sale, the information slip of the sale, the report and its spreadsheet in
// German, and the refusals with their codes.
func TestCultivationAPI(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		if err := k.App.Clubs.SetFlags(context.Background(), w.alfa, []string{access.Cultivo}, nil); err != nil {
			t.Fatal(err)
		}
		k.User("inventario", w.alfa, access.Inventario)
		inv := mustLogin(t, k, "inventario", testkit.Password)
		alfa := func(body map[string]any) map[string]any { body["association"] = w.alfa; return body }

		// who may: the flag, the roles, a session
		expectErr(t, "Beta has no cultivo", w.betaAdm.Do("GET", fmt.Sprintf("/api/strain?association=%d", w.beta), nil), 403, "access.feature", "")
		expectErr(t, "a budtender writes no strain", w.budtender.Do("POST", "/api/strain", alfa(map[string]any{"name": "X"})), 403, "access.role", "")
		expectErr(t, "no session", k.Client().Do("GET", fmt.Sprintf("/api/batch?association=%d", w.alfa), nil), 403, "auth.anonymous", "")

		res := inv.Do("POST", "/api/strain", alfa(map[string]any{"name": "Lemon Haze", "thc_min": 15, "thc_max": 22}))
		expectOK(t, "strain", res)
		strain := num(res.JSON["id"])
		expectErr(t, "same name", inv.Do("POST", "/api/strain", alfa(map[string]any{"name": "lemon haze"})), 400, "strain.name_taken", "")
		expectOK(t, "intake", inv.Do("POST", "/api/grow_intake", alfa(map[string]any{"strain": strain, "kind": "cutting", "count": 12,
			"supplier": "Verein Süd", "supplier_address": "Hauptstr. 1"})))
		res = inv.Do("POST", "/api/batch", alfa(map[string]any{"strain": strain, "room": "Sala A", "plants": 12}))
		expectOK(t, "batch", res)
		batch := "/api/batch/" + itoa(num(res.JSON["id"]))
		expectOK(t, "flowering", inv.Do("POST", batch+"/phase", alfa(map[string]any{"phase": "flowering"})))
		bestBefore := time.Now().AddDate(1, 0, 0).Unix()
		expectOK(t, "harvest", inv.Do("POST", batch+"/harvest", alfa(map[string]any{"wet_g": 200, "dry_g": 50, "best_before": bestBefore})))
		expectOK(t, "lab", inv.Do("POST", batch+"/lab", alfa(map[string]any{"thc_percent": 19.25, "cbd_percent": 0.5, "lab": "Labor Nord", "passed": true})))
		expectErr(t, "a unit product", inv.Do("POST", batch+"/release", alfa(map[string]any{"pid": w.agua, "grams": 5})), 400, "batch.product_not_weight", "")
		expectErr(t, "Beta's product", inv.Do("POST", batch+"/release", alfa(map[string]any{"pid": w.betaProd, "grams": 5})), 404, "product.not_found", "")
		expectErr(t, "more than the batch", inv.Do("POST", batch+"/release", alfa(map[string]any{"pid": w.amnesia, "grams": 50.001})), 400, "batch.grams_too_many", "")
		expectOK(t, "release", inv.Do("POST", batch+"/release", alfa(map[string]any{"pid": w.amnesia, "grams": 20})))

		// the counter sees the batch, sells from it, and prints the slip
		res = w.budtender.Do("GET", fmt.Sprintf("/api/product_batches?association=%d&pid=%d", w.alfa, w.amnesia), nil)
		expectOK(t, "product batches", res)
		if !bytes.Contains(res.Body, []byte(`"strain":"Lemon Haze"`)) || !bytes.Contains(res.Body, []byte(`"thc_percent":19.25`)) {
			t.Fatalf("the counter's view of the batch: %s", res.Body)
		}
		sale := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2}))["oid"])
		slip := fmt.Sprintf("/api/order/%d/slip?asocid=%d", sale, w.alfa)
		expectErr(t, "slip of a cart", w.budtender.Do("GET", slip, nil), 400, "slip.unpaid", "")
		expectOK(t, "pay", w.pay(w.budtender, sale, "cash", map[string]any{"tendered": 100}))
		for _, size := range []string{"", "&size=a6"} {
			res = w.budtender.Do("GET", slip+size, nil)
			if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body, []byte("%PDF")) {
				t.Fatalf("the slip%s: %d %s", size, res.Status, res.Header.Get("Content-Type"))
			}
		}
		expectErr(t, "Beta reads no slip of Alfa", w.betaAdm.Do("GET", fmt.Sprintf("/api/order/%d/slip?asocid=%d", sale, w.beta), nil), 404, "order.not_found", "")

		res = inv.Do("GET", batch+fmt.Sprintf("?association=%d", w.alfa), nil)
		expectOK(t, "batch", res)
		if jsonNumber(jget(res.JSON, "balance", "sold_g")) != "2" || jsonNumber(jget(res.JSON, "balance", "in_stock_g")) != "18" ||
			jsonNumber(res.JSON["held_g"]) != "30" || res.JSON["balanced"] != true || len(objects(t, res.JSON["events"])) != 6 {
			t.Fatalf("the batch after the sale: %s", res.Body)
		}
		res = inv.Do("GET", fmt.Sprintf("/api/batch/balance?association=%d", w.alfa), nil)
		if expectOK(t, "balance", res); res.JSON["holds"] != true {
			t.Fatalf("the balance: %s", res.Body)
		}

		// the report, and its spreadsheet in German
		year := time.Now().In(time.UTC).Year()
		res = inv.Do("GET", fmt.Sprintf("/api/report_annual?association=%d&year=%d", w.alfa, year), nil)
		expectOK(t, "report", res)
		rows := objects(t, res.JSON["rows"])
		if len(rows) != 1 || rows[0]["strain"] != "Lemon Haze" || jsonNumber(rows[0]["intake_cuttings"]) != "12" || jsonNumber(rows[0]["harvested_g"]) != "50" ||
			jsonNumber(rows[0]["dispensed_g"]) != "2" || jsonNumber(rows[0]["stock_end_g"]) != "48" || jsonNumber(rows[0]["avg_thc"]) != "19.25" {
			t.Fatalf("the report: %s", res.Body)
		}
		res = inv.Do("GET", fmt.Sprintf("/api/report_annual?association=%d&year=%d", w.alfa, year-1), nil)
		if expectOK(t, "last year's report", res); len(objects(t, res.JSON["rows"])) != 0 {
			t.Fatalf("last year grew nothing: %s", res.Body)
		}
		res = inv.Raw("GET", fmt.Sprintf("/api/report_annual?association=%d&year=%d&format=csv", w.alfa, year), "", map[string]string{"Accept-Language": "de-DE"})
		csv := string(res.Body)
		if res.Status != 200 || !strings.Contains(csv, "Sorte;") || !strings.Contains(csv, "Lemon Haze;0;12;50;2;0;48;19,25;0,5") {
			t.Fatalf("the report in German: %d %s", res.Status, csv)
		}
		res = inv.Raw("POST", batch+"/release", fmt.Sprintf(`{"association":%d,"pid":%d,"grams":31}`, w.alfa, w.amnesia),
			map[string]string{"Accept-Language": "de-DE", "X-CSRF-Token": inv.CSRF, "Content-Type": "application/json"})
		if res.Code() != "batch.grams_too_many" || !strings.Contains(res.Message(), "Charge") {
			t.Fatalf("a refusal in German: %s", res)
		}
		// a strain in use stays; one unused goes
		expectErr(t, "strain in use", inv.Do("DELETE", fmt.Sprintf("/api/strain/%d?association=%d", strain, w.alfa), nil), 400, "strain.in_use", "")
		res = inv.Do("POST", "/api/strain", alfa(map[string]any{"name": "Kush"}))
		expectOK(t, "strain", res)
		expectOK(t, "delete", inv.Do("DELETE", fmt.Sprintf("/api/strain/%d?association=%d", num(res.JSON["id"]), w.alfa), nil))
	})
}
