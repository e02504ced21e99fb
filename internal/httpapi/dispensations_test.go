package httpapi_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"socius/internal/testkit"
)

// TestDispensationRegister: the register's page and files as the API shows
// them — the columns with the birth year and never the birth date, a
// refund's negative row, the totals per member and month, the member filter,
// the xlsx, csv and pdf files, and who may read them.
func TestDispensationRegister(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		born := time.Date(1990, 5, 20, 12, 0, 0, 0, time.UTC).Unix()
		ana := w.member(t, w.admin, w.alfa, "Carla", "55555555K", map[string]any{"birthday": born, "surname2": "Ruiz"})
		flores := w.categoryOf(t, w.amnesia)
		res := w.admin.Do("POST", "/api/dispensario", map[string]any{"asocid": w.alfa, "title": "Lemon", "dominance": "sativa", "category": flores,
			"price": 8, "cost": 1, "type": "peso", "status": true, "unlimited_stock": true, "thc_percent": 18.5, "cbd_percent": 0.7})
		expectOK(t, "Lemon", res)
		lemon := num(res.JSON["pid"])
		sale := num(orderOf(w.cart(w.budtender, ana, nil, []any{lemon, 3}, []any{w.cafe, 2}))["oid"])
		expectOK(t, "pay", w.pay(w.budtender, sale, "cash", map[string]any{"tendered": 100}))
		expectOK(t, "refund", w.manager.Do("POST", "/api/order_refund", map[string]any{"asocid": w.alfa, "oid": sale, "pay": "cash",
			"products": []any{map[string]any{"pid": lemon, "quantity": 1}}}))
		other := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{lemon, 0.5}))["oid"])
		expectOK(t, "pay", w.pay(w.budtender, other, "cash", map[string]any{"tendered": 100}))

		get := func(c *testkit.Client, q string) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/report_dispensations?asocid=%d&start_date=0%s", w.alfa, q), nil)
		}
		res = get(w.manager, "")
		expectOK(t, "register", res)
		rows := objects(t, res.JSON["rows"])
		if len(rows) != 3 || num(res.JSON["total"]) != 3 {
			t.Fatalf("the sale, its refund and the other sale (the coffee has no grams): %s", res)
		}
		for _, f := range []string{"date", "oid", "membership_id", "number", "surname", "nombre", "birth_year", "product", "grams",
			"thc_percent", "cbd_percent", "staff"} {
			if _, ok := rows[0][f]; !ok {
				t.Fatalf("a row without %s: %v", f, rows[0])
			}
		}
		// the birth year, never the date: no field, and no value, holds it
		body := string(res.Body)
		for _, leak := range []string{"birthdate", "birth_date", "birthday", itoa(born), "1990-05-20", "20/05/1990"} {
			if strings.Contains(body, leak) {
				t.Fatalf("the register carries %q: %s", leak, body)
			}
		}
		first, back := rows[0], rows[1]
		if num(first["oid"]) != sale || num(first["membership_id"]) != ana || first["nombre"] != "Carla" || first["surname"] != "Prueba" ||
			num(first["birth_year"]) != 1990 || first["product"] != "Lemon" || jsonNumber(first["grams"]) != "3" ||
			jsonNumber(first["thc_percent"]) != "18.5" || jsonNumber(first["cbd_percent"]) != "0.7" || first["staff"] != "Budtender" || first["refund"] != false {
			t.Fatalf("the sale's row: %v", first)
		}
		if num(back["oid"]) != sale || back["refund"] != true || jsonNumber(back["grams"]) != "-1" || back["staff"] != "Manager" || num(back["birth_year"]) != 1990 {
			t.Fatalf("the refund's row: %v", back)
		}
		if rows[2]["birth_year"] != nil {
			t.Fatalf("a member without a birth date has no birth year: %v", rows[2])
		}
		tot := res.JSON["totals"].(map[string]any)
		months := objects(t, tot["by_member_month"])
		month := time.Now().In(madrid(t)).Format("2006-01")
		// by surname and name: Ana Prueba, then Carla Prueba
		if jsonNumber(tot["grams"]) != "2.5" || len(months) != 2 || num(months[1]["membership_id"]) != ana || jsonNumber(months[1]["grams"]) != "2" ||
			months[1]["month"] != month || jsonNumber(months[0]["grams"]) != "0.5" || months[0]["nombre"] != "Ana" {
			t.Fatalf("totals: %v", tot)
		}
		// the member filter, and pages
		res = get(w.manager, "&membership_id="+itoa(ana))
		if expectOK(t, "Carla's register", res); num(res.JSON["total"]) != 2 || jsonNumber(res.JSON["totals"].(map[string]any)["grams"]) != "2" {
			t.Fatalf("Carla's register: %s", res)
		}
		res = get(w.admin, "&limit=2&page=1")
		if expectOK(t, "page 2", res); len(objects(t, res.JSON["rows"])) != 1 || num(res.JSON["total"]) != 3 {
			t.Fatalf("page 2: %s", res)
		}
		later := fmt.Sprintf("/api/report_dispensations?asocid=%d&start_date=%d&end_date=%d", w.alfa, time.Now().Add(time.Hour).Unix(), time.Now().Add(2*time.Hour).Unix())
		if res := w.manager.Do("GET", later, nil); res.Status != 200 || num(res.JSON["total"]) != 0 {
			t.Fatalf("a period with nothing: %s", res)
		}
		expectErr(t, "beta's member", get(w.manager, "&membership_id="+itoa(w.betaSocio)), 404, "member.not_found", "")
		expectErr(t, "range", w.manager.Do("GET", fmt.Sprintf("/api/report_dispensations?asocid=%d&start_date=100&end_date=50", w.alfa), nil), 400, "report.range", "")

		// the files
		export := func(c *testkit.Client, format string) *testkit.Response {
			return c.Do("GET", fmt.Sprintf("/api/report_dispensations/export?asocid=%d&start_date=0&format=%s", w.alfa, format), nil)
		}
		csvRows := exportCSV(t, export(w.manager, "csv"), "dispensations")
		wantHeader := []string{"Fecha", "Pedido", "Nº socio", "Apellidos", "Nombre", "Año de nacimiento", "Producto", "Gramos", "THC (%)", "CBD (%)", "Atendido por"}
		if len(csvRows) != 4 || !slices.Equal(csvRows[0], wantHeader) || csvRows[1][3] != "Prueba Ruiz" || csvRows[1][5] != "1990" ||
			csvRows[1][7] != "3" || csvRows[1][8] != "18,5" || csvRows[2][7] != "-1" || csvRows[3][5] != "" {
			t.Fatalf("register csv: %v", csvRows)
		}
		res = export(w.admin, "xlsx")
		if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="dispensations.xlsx"`) {
			t.Fatalf("xlsx: %q", cd)
		}
		xrows, _ := openXLSX(t, res).GetRows("Dispensaciones")
		if len(xrows) != 4 || xrows[0][5] != "Año de nacimiento" || xrows[2][7] != "-1" || xrows[1][8] != "18.5" {
			t.Fatalf("register xlsx: %v", xrows)
		}
		res = export(w.manager, "pdf")
		expectOK(t, "pdf", res)
		if !bytes.HasPrefix(res.Body, []byte("%PDF-")) || res.Header.Get("Content-Type") != "application/pdf" ||
			!strings.Contains(res.Header.Get("Content-Disposition"), `filename="dispensations.pdf"`) {
			t.Fatalf("pdf: %q %q %.20q", res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"), res.Body)
		}
		expectErr(t, "format", export(w.manager, "html"), 400, "request.invalid", "")

		// who may read it: Manager and Administrador of the club only
		for _, c := range []*testkit.Client{w.budtender, w.recepcion} {
			expectErr(t, "a lower role", get(c, ""), 403, "access.role", "")
			expectErr(t, "a lower role's export", export(c, "pdf"), 403, "access.role", "")
		}
		expectErr(t, "another club's staff", get(w.betaAdm, ""), 400, "club.no_member_record", "")
		expectErr(t, "another club's staff export", export(w.betaAdm, "csv"), 400, "club.no_member_record", "")
		uid := k.User("plainmember", 0)
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 990, 0, 1, 0)`, w.alfa, uid)
		plain := mustLogin(t, k, "plainmember", testkit.Password)
		expectErr(t, "a member", get(plain, ""), 403, "access.denied", "")
		expectErr(t, "a member's export", export(plain, "csv"), 403, "access.denied", "")
		anon := k.Client()
		anon.Token()
		expectErr(t, "no session", get(anon, ""), 403, "auth.anonymous", msgAnonymous)
		expectErr(t, "no session export", export(anon, "pdf"), 403, "auth.anonymous", msgAnonymous)
	})
}
