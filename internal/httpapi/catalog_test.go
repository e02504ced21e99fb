package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"

	"socius/internal/access"
	"socius/internal/catalog"
	"socius/internal/testkit"
)

// catalogWorld is a club Alfa (every flag) with a product category "Flores",
// staff of each catalogue role, and a club Beta with its own category.
type catalogWorld struct {
	k                                  *testkit.Kit
	alfa, beta, flores, betaCat        int64
	admin, budtender, inventario, caja *testkit.Client
	recepcion, betaAdm                 *testkit.Client
}

func newCatalogWorld(t *testing.T, k *testkit.Kit) *catalogWorld {
	t.Helper()
	w := &catalogWorld{k: k, alfa: k.Club("Alfa", access.Flags...), beta: k.Club("Beta", access.Flags...)}
	k.User("admin", w.alfa, access.Administrador)
	k.User("budtender", w.alfa, access.Budtender)
	k.User("inventario", w.alfa, access.Inventario)
	k.User("caja", w.alfa, access.Caja)
	k.User("recepcion", w.alfa, access.Recepcion)
	k.User("betaadmin", w.beta, access.Administrador)
	w.admin = mustLogin(t, k, "admin", testkit.Password)
	w.budtender = mustLogin(t, k, "budtender", testkit.Password)
	w.inventario = mustLogin(t, k, "inventario", testkit.Password)
	w.caja = mustLogin(t, k, "caja", testkit.Password)
	w.recepcion = mustLogin(t, k, "recepcion", testkit.Password)
	w.betaAdm = mustLogin(t, k, "betaadmin", testkit.Password)
	w.flores = w.category(t, w.admin, w.alfa, "Flores")
	w.betaCat = w.category(t, w.betaAdm, w.beta, "Flores Beta")
	return w
}

func (w *catalogWorld) category(t *testing.T, c *testkit.Client, club int64, title string) int64 {
	t.Helper()
	res := c.Do("POST", "/api/association_category", map[string]any{"association": club, "type": "dispensary", "title": title})
	expectOK(t, "category "+title, res)
	return num(res.JSON["nid"])
}

// product is a valid create payload.
func (w *catalogWorld) product(title string, fields ...any) map[string]any {
	p := map[string]any{"asocid": w.alfa, "title": title, "dominance": "indica", "category": w.flores, "price": 9.5,
		"cost": 3.25, "type": "peso", "status": true}
	for i := 0; i+1 < len(fields); i += 2 {
		p[fields[i].(string)] = fields[i+1]
	}
	return p
}

func (w *catalogWorld) save(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	res := w.admin.Do("POST", "/api/dispensario", body)
	expectOK(t, fmt.Sprintf("save product %v", body["title"]), res)
	return res.JSON
}

func (w *catalogWorld) stock(t *testing.T, pid int64) string {
	t.Helper()
	res := w.admin.Do("GET", fmt.Sprintf("/api/dispensario?asocid=%d&pid=%d", w.alfa, pid), nil)
	expectOK(t, "product", res)
	return jsonNumber(jget(objects(t, res.JSON["data"])[0], "stock"))
}

// jsonNumber prints a decoded JSON number as the server wrote it (exact for
// our three decimals).
func jsonNumber(v any) string { return strings.TrimSuffix(fmt.Sprint(v), ".0") }

func adjust(c *testkit.Client, club, pid int64, change any, kind, note string) *testkit.Response {
	return c.Do("POST", "/api/product_stock", map[string]any{"asocid": club, "stock_type": kind,
		"data": []map[string]any{{"pid": pid, "new_stock": change, "note": note}}})
}

func bigPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestProducts(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)

		// Required fields of part 2 §5, each with "Obligatorio" and its field, and nothing written.
		for _, field := range []string{"title", "dominance", "category", "price", "type"} {
			body := w.product("Sin " + field)
			delete(body, field)
			res := w.admin.Do("POST", "/api/dispensario", body)
			expectErr(t, "missing "+field, res, 400, "product.required", "Obligatorio")
			if res.JSON["field"] != field {
				t.Fatalf("missing %s: field %v", field, res.JSON["field"])
			}
		}
		expectErr(t, "negative price", w.admin.Do("POST", "/api/dispensario", w.product("X", "price", -1)), 400, "product.price_negative", "")
		expectErr(t, "negative cost", w.admin.Do("POST", "/api/dispensario", w.product("X", "cost", -0.01)), 400, "product.cost_negative", "")
		expectErr(t, "three decimals in a price", w.admin.Do("POST", "/api/dispensario", w.product("X", "price", 1.005)), 400, "request.invalid", "")
		expectErr(t, "ambos without unit weight", w.admin.Do("POST", "/api/dispensario", w.product("X", "type", "ambos")), 400, "product.unit_weight_required", "")
		expectErr(t, "category of another club", w.admin.Do("POST", "/api/dispensario", w.product("X", "category", w.betaCat)), 400, "category.not_found", "")
		expectErr(t, "bad image", w.admin.Do("POST", "/api/dispensario", w.product("X", "images", []string{dataURL("image/png", []byte("not an image"))})), 400, "file.not_image", "")
		if n := k.Count("products", ""); n != 0 {
			t.Fatalf("refused saves wrote %d products", n)
		}

		// A product with a large photo gets a JPEG thumbnail of at most 96 px.
		photo := bigPNG(t, 300, 200)
		p := w.save(t, w.product("Ámnesia Haze", "code", "8400000000017", "jar_weight", 32.5, "images", []string{dataURL("image/png", photo)},
			"body", "<p>Sativa</p>", "thc", true, "menuexport", true, "discount", true))
		pid := num(p["pid"])
		if p["titulo"] != "Ámnesia Haze" || jsonNumber(p["precio"]) != "9.5" || jsonNumber(p["coste"]) != "3.25" || jsonNumber(p["jar_weight"]) != "32.5" ||
			p["categorias"] != "Flores" || p["menu_export"] != true || p["thc"] != true || p["discount"] != true || jsonNumber(p["stock"]) != "0" {
			t.Fatalf("saved product: %v", p)
		}
		imgs := objects(t, p["imagenes"])
		if len(imgs) != 1 || !fileURL.MatchString(imgs[0]["img"].(string)) || imgs[0]["thumb"] == imgs[0]["img"] {
			t.Fatalf("images: %v", imgs)
		}
		th := w.admin.Do("GET", imgs[0]["thumb"].(string), nil)
		cfg, format, err := image.DecodeConfig(bytes.NewReader(th.Body))
		if err != nil || format != "jpeg" || cfg.Width != 96 || cfg.Height != 64 || !strings.Contains(th.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("thumbnail: %v %s %+v %v", err, format, cfg, th.Header)
		}

		// Jar weight only for peso; "unidades" is read as unidad.
		u := w.save(t, w.product("Galleta", "type", "unidades", "jar_weight", 12))
		if u["type"] != "unidad" || jsonNumber(u["jar_weight"]) != "0" {
			t.Fatalf("unit product: %v", u)
		}
		// Codes are unique among live products, naming the owner.
		taken := w.admin.Do("POST", "/api/dispensario", w.product("Otra", "code", "8400000000017"))
		expectErr(t, "taken code", taken, 400, "product.code_taken", "El código 8400000000017 ya es del producto Ámnesia Haze")
		if jget(taken.JSON, "params", "product") != "Ámnesia Haze" || jget(taken.JSON, "params", "code") != "8400000000017" {
			t.Fatalf("taken code params: %s", taken)
		}

		// Editing keeps the image by its URL and changes the price; a file of another club is refused.
		edited := w.save(t, w.product("Ámnesia Haze", "pid", pid, "price", 10, "code", "8400000000017", "body", "<p>Sativa</p>", "images", []string{imgs[0]["img"].(string)}))
		if jsonNumber(edited["precio"]) != "10" || len(objects(t, edited["imagenes"])) != 1 || objects(t, edited["imagenes"])[0]["thumb"] != imgs[0]["thumb"] {
			t.Fatalf("edit: %v", edited)
		}
		betaLogo := w.betaAdm.Do("PUT", "/api/association/"+itoa(w.beta), map[string]any{"logo": dataURL("image/png", smallPNG(t, color.Black))})
		expectOK(t, "beta logo", betaLogo)
		expectErr(t, "file of another club", w.admin.Do("POST", "/api/dispensario", w.product("Ámnesia Haze", "pid", pid, "images",
			[]string{jget(betaLogo.JSON, "logo", "img").(string)})), 400, "file.not_image", "")
		expectErr(t, "edit in another club", w.betaAdm.Do("POST", "/api/dispensario", map[string]any{"asocid": w.beta, "pid": pid, "title": "Robada",
			"dominance": "indica", "category": w.betaCat, "price": 1, "type": "peso"}), 404, "product.not_found", "")

		// Lists: paging, sorting by list name (accents folded), search, status and code filters.
		for i, title := range []string{"Critical", "blueberry", "Zkittlez", "Óg Kush"} {
			w.save(t, w.product(title, "status", i%2 == 0, "code", fmt.Sprintf("C%d", i)))
		}
		list := func(q string) ([]string, int64) {
			res := w.budtender.Do("GET", "/api/dispensario?asocid="+itoa(w.alfa)+q, nil)
			expectOK(t, "list "+q, res)
			var titles []string
			for _, p := range objects(t, res.JSON["data"]) {
				titles = append(titles, p["titulo"].(string))
				if p["cuerpo"] != "" && !strings.Contains(q, "pid=") {
					t.Fatalf("list rows carry the body: %v", p)
				}
			}
			return titles, num(res.JSON["total"])
		}
		if got, total := list("&limit=3"); strings.Join(got, ",") != "Ámnesia Haze,blueberry,Critical" || total != 6 {
			t.Fatalf("page 0: %v %d", got, total)
		}
		if got, _ := list("&limit=3&page=1"); strings.Join(got, ",") != "Galleta,Óg Kush,Zkittlez" {
			t.Fatalf("page 1: %v", got)
		}
		if got, _ := list("&search=amnesia"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search amnesia: %v", got)
		}
		if got, _ := list("&search=kush%20og"); strings.Join(got, ",") != "Óg Kush" {
			t.Fatalf("search kush og: %v", got)
		}
		// each typed word is found in a word of the title or the code, in any order (spec: the
		// search matches the title or the code): its start, its middle or its end
		if got, _ := list("&search=haz%20AMN"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search by word starts: %v", got)
		}
		if got, _ := list("&search=8400000000"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search by the start of a code: %v", got)
		}
		if got, _ := list("&search=aze"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search by the end of a word: %v", got)
		}
		if got, _ := list("&search=NÉSI"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search by the middle of a word: %v", got)
		}
		if got, _ := list("&search=0000017"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search by part of a code: %v", got)
		}
		if got, _ := list("&search=ush%20aze"); len(got) != 0 {
			t.Fatalf("every typed word must be found: %v", got)
		}
		// products whose words were never indexed are indexed at start-up
		if _, err := k.App.DB.Exec(t.Context(), `DELETE FROM product_terms`); err != nil {
			t.Fatal(err)
		}
		if got, _ := list("&search=amnesia"); len(got) != 0 {
			t.Fatalf("search without the index: %v", got)
		}
		if err := catalog.IndexMissingTerms(t.Context(), k.App.DB); err != nil {
			t.Fatal(err)
		}
		if got, _ := list("&search=amnesia"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search after indexing at start-up: %v", got)
		}
		// a product indexed by its whole words only (before the index held their endings)
		// is indexed again at start-up
		if _, err := k.App.DB.Exec(t.Context(), `DELETE FROM product_terms WHERE product_id = ? AND term <> 'haze'`, pid); err != nil {
			t.Fatal(err)
		}
		if got, _ := list("&search=aze"); len(got) != 0 {
			t.Fatalf("search with words only: %v", got)
		}
		if err := catalog.IndexMissingTerms(t.Context(), k.App.DB); err != nil {
			t.Fatal(err)
		}
		if got, _ := list("&search=aze"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("search after indexing the endings at start-up: %v", got)
		}
		// the counter's grid stops counting at its cap and says there are more; a search
		// read by walking the list's index gives the page reading by id gives
		var pages []string
		for _, walk := range []int{1 << 30, 0} {
			svc := k.App.Catalog.WithWalkAbove(walk)
			page, total, more, err := svc.List(t.Context(), w.alfa, catalog.Filter{CountCap: 2, Limit: 1})
			if err != nil || total != 2 || !more || len(page) != 1 {
				t.Fatalf("capped count (walk from %d): %d %v %v", walk, total, more, err)
			}
			var got []string
			for p := range 3 {
				page, total, more, err = svc.List(t.Context(), w.alfa, catalog.Filter{Search: "c", Limit: 2, Page: p})
				if err != nil || total != 4 || more {
					t.Fatalf("search c (walk from %d): %d %v %v", walk, total, more, err)
				}
				for _, p := range page {
					got = append(got, p.Titulo)
				}
			}
			pages = append(pages, strings.Join(got, ","))
		}
		if pages[0] != "blueberry,Critical,Óg Kush,Zkittlez" || pages[1] != pages[0] {
			t.Fatalf("a search read by id and by walking the index: %q", pages)
		}
		if got, _ := list("&search=100%25"); len(got) != 0 {
			t.Fatalf("%% is not a wildcard: %v", got)
		}
		if got, total := list("&status=0"); total != 2 || strings.Join(got, ",") != "blueberry,Óg Kush" {
			t.Fatalf("unpublished: %v", got)
		}
		if got, _ := list("&code=8400000000017"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("code lookup: %v", got)
		}
		if got, _ := list("&sort=price&desc=true&limit=1"); strings.Join(got, ",") != "Ámnesia Haze" {
			t.Fatalf("sort by price: %v", got)
		}
		one := w.admin.Do("GET", fmt.Sprintf("/api/dispensario?asocid=%d&pid=%d", w.alfa, pid), nil)
		if objects(t, one.JSON["data"])[0]["cuerpo"] != "<p>Sativa</p>" {
			t.Fatalf("one product has its body: %s", one)
		}
		if res := w.betaAdm.Do("GET", "/api/dispensario?asocid="+itoa(w.beta), nil); num(res.JSON["total"]) != 0 {
			t.Fatalf("Beta sees Alfa's products: %s", res)
		}
		expectErr(t, "list as Recepción", w.recepcion.Do("GET", "/api/dispensario?asocid="+itoa(w.alfa), nil), 403, "access.role", "")
		expectErr(t, "create as Recepción", w.recepcion.Do("POST", "/api/dispensario", w.product("X")), 403, "access.role", "")

		// Delete: nothing selected is refused with the spec's message; Budtender may not delete.
		expectErr(t, "delete nothing", w.admin.Do("POST", "/api/dispensario/delete", map[string]any{"asocid": w.alfa}), 400, "product.none_selected",
			"Primero debes seleccionar un producto")
		expectErr(t, "delete as Budtender", w.budtender.Do("POST", "/api/dispensario/delete", map[string]any{"asocid": w.alfa, "pid": pid}), 403, "access.role", "")
		expectOK(t, "stock before delete", adjust(w.admin, w.alfa, pid, 5, "manual", "entrada"))
		del := w.inventario.Do("POST", "/api/dispensario/delete", map[string]any{"asocid": w.alfa, "pid": pid})
		expectOK(t, "delete", del)
		if r := listBody(t, del); len(r) != 1 || !strings.Contains(r[0]["message"].(string), "conservan") {
			t.Fatalf("delete of a product with history says what stays: %s", del)
		}
		if got, _ := list("&search=amnesia"); len(got) != 0 {
			t.Fatalf("deleted product still listed: %v", got)
		}
		// Its history and row stay; its code is free again.
		if k.Count("stock_movements", "product_id = ?", pid) != 1 || k.Count("products", "id = ? AND deleted = 1", pid) != 1 {
			t.Fatal("delete lost the product's history")
		}
		w.save(t, w.product("Amnesia nueva", "code", "8400000000017"))
		expectErr(t, "delete again", w.admin.Do("POST", "/api/dispensario/delete", map[string]any{"asocid": w.alfa, "pid": pid}), 404, "product.not_found", "")
	})
}

func TestStock(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		pid := num(w.save(t, w.product("Critical", "jar_weight", 32))["pid"])
		other := num(w.save(t, w.product("Gelato"))["pid"])
		water := num(w.save(t, w.product("Agua", "type", "unidad", "unlimited_stock", true))["pid"])

		// The modal: add and remove, each a row with employee, type, quantity, new level and note.
		res := adjust(w.inventario, w.alfa, pid, 10.5, "manual", "Entrada de proveedor")
		expectOK(t, "add", res)
		m := listBody(t, res)[0]
		if jsonNumber(m["quantity"]) != "10.5" || jsonNumber(m["new_level"]) != "10.5" || m["type"] != "manual" || m["employee_name"] != "Inventario" || m["note"] != "Entrada de proveedor" {
			t.Fatalf("movement: %v", m)
		}
		expectOK(t, "remove", adjust(w.admin, w.alfa, pid, -0.25, "manual", ""))
		if s := w.stock(t, pid); s != "10.25" {
			t.Fatalf("stock after +10.5 −0.25: %s", s)
		}

		// Bad input changes nothing.
		expectErr(t, "zero", adjust(w.admin, w.alfa, pid, 0, "manual", ""), 400, "stock.quantity_zero", "")
		below := adjust(w.admin, w.alfa, pid, -11, "manual", "")
		expectErr(t, "below zero", below, 400, "stock.negative", "El stock de Critical no puede quedar por debajo de cero")
		if jget(below.JSON, "params", "product") != "Critical" {
			t.Fatalf("below zero params: %s", below)
		}
		res = adjust(w.admin, w.alfa, pid, 1, "manual", strings.Repeat("n", 201))
		expectErr(t, "long note", res, 400, "stock.note_too_long", "")
		if res.JSON["field"] != "data[0].note" {
			t.Fatalf("the refused row is named as sent: %v", res.JSON["field"])
		}
		expectErr(t, "four decimals", adjust(w.admin, w.alfa, pid, 0.0001, "manual", ""), 400, "request.invalid", "")
		expectErr(t, "unlimited stock", adjust(w.admin, w.alfa, water, 3, "manual", ""), 400, "stock.unlimited", "")
		expectErr(t, "as Budtender", adjust(w.budtender, w.alfa, pid, 1, "manual", ""), 403, "access.role", "")
		expectErr(t, "product of another club", adjust(w.betaAdm, w.beta, pid, 1, "manual", ""), 404, "product.not_found", "")
		// All or nothing: the second row fails, the first is not applied.
		res = w.admin.Do("POST", "/api/product_stock", map[string]any{"asocid": w.alfa, "products": []map[string]any{
			{"pid": other, "stock": 4, "stock_type": "manual"}, {"pid": pid, "stock": -100, "stock_type": "manual"}}})
		expectErr(t, "batch with a bad row", res, 400, "stock.negative", "")
		if res.JSON["field"] != "products[1].new_stock" || w.stock(t, other) != "0" || k.Count("stock_movements", "product_id = ?", other) != 0 {
			t.Fatalf("a failed batch changed stock: %s; Gelato %s", res, w.stock(t, other))
		}

		// The control count (stock form): counted − current − jar is sent; a zero difference is still recorded.
		res = w.admin.Do("POST", "/api/product_stock", map[string]any{"asocid": w.alfa, "products": []map[string]any{
			{"pid": pid, "stock": 280 - 10.25 - 32, "stock_type": "stock", "note": "recuento"}, {"pid": other, "stock": 0, "stock_type": "stock"}}})
		expectOK(t, "count", res)
		if s := w.stock(t, pid); s != "248" {
			t.Fatalf("after counting 280 g with a 32 g jar: %s", s)
		}
		// The stock list of the control screen leaves out unlimited stock.
		sl := w.admin.Do("GET", "/api/product_stock?asocid="+itoa(w.alfa)+"&unlimited_stock=false", nil)
		if num(sl.JSON["total"]) != 2 {
			t.Fatalf("stock list: %s", sl)
		}

		// No drift: a thousand adjustments of 0.001 add exactly 1.
		before := w.stock(t, other)
		rows := make([]map[string]any, 1000)
		for i := range rows {
			rows[i] = map[string]any{"pid": other, "new_stock": 0.001}
		}
		expectOK(t, "1000 × 0.001", w.admin.Do("POST", "/api/product_stock", map[string]any{"asocid": w.alfa, "stock_type": "manual", "data": rows}))
		if before != "0" || w.stock(t, other) != "1" {
			t.Fatalf("1000 × 0.001 = %s", w.stock(t, other))
		}

		// Two staff adjusting the same product at once: no adjustment lost.
		var wg sync.WaitGroup
		for _, c := range []*testkit.Client{w.admin, w.inventario} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 25 {
					if r := adjust(c, w.alfa, pid, 1, "manual", "concurrente"); r.Status != 200 {
						t.Errorf("concurrent adjustment: %s", r)
					}
				}
			}()
		}
		wg.Wait()
		if s := w.stock(t, pid); s != "298" {
			t.Fatalf("after 50 concurrent +1: %s", s)
		}

		// The stock always equals the sum of its movements, and each new level is the running sum.
		for _, p := range []int64{pid, other} {
			var sum, stock int64
			if err := k.App.DB.Get(t.Context(), &sum, `SELECT COALESCE(SUM(quantity), 0) FROM stock_movements WHERE product_id = ?`, p); err != nil {
				t.Fatal(err)
			}
			if err := k.App.DB.Get(t.Context(), &stock, `SELECT stock FROM products WHERE id = ?`, p); err != nil {
				t.Fatal(err)
			}
			if sum != stock {
				t.Fatalf("product %d: stock %d, movements add up to %d", p, stock, sum)
			}
			var levels []struct {
				Q int64 `db:"quantity"`
				L int64 `db:"new_level"`
			}
			if err := k.App.DB.Select(t.Context(), &levels, `SELECT quantity, new_level FROM stock_movements WHERE product_id = ? ORDER BY id`, p); err != nil {
				t.Fatal(err)
			}
			run := int64(0)
			for i, l := range levels {
				run += l.Q
				if l.L != run {
					t.Fatalf("product %d movement %d: level %d, running sum %d", p, i, l.L, run)
				}
			}
		}

		// History: newest first, with the employee, within the dates; other roles refused.
		h := w.admin.Do("GET", fmt.Sprintf("/api/stock_history?asocid=%d&pid=%d", w.alfa, pid), nil)
		hist := listBody(t, h)
		if len(hist) != 53 || hist[0]["note"] != "concurrente" || hist[len(hist)-1]["note"] != "Entrada de proveedor" || hist[len(hist)-1]["employee_name"] != "Inventario" {
			t.Fatalf("history: %d rows, first %v", len(hist), hist[0])
		}
		old := w.admin.Do("GET", fmt.Sprintf("/api/stock_history?asocid=%d&pid=%d&start_date=1&end_date=1000", w.alfa, pid), nil)
		if len(listBody(t, old)) != 0 {
			t.Fatalf("history outside the dates: %s", old)
		}
		expectErr(t, "history as Inventario", w.inventario.Do("GET", fmt.Sprintf("/api/stock_history?asocid=%d&pid=%d", w.alfa, pid), nil), 403, "access.role", "")
	})
}

func TestCatalogExportAndPublic(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		p := w.save(t, w.product("Gelato", "code", "G-1", "images", []string{dataURL("image/png", bigPNG(t, 200, 200))}, "body", "Dulce"))
		pid := num(p["pid"])
		hiddenP := w.save(t, w.product("Oculto", "status", false, "images", []string{dataURL("image/png", bigPNG(t, 120, 100))}))
		hidden := num(hiddenP["pid"])
		expectOK(t, "stock", adjust(w.admin, w.alfa, pid, 12.345, "manual", ""))

		// Exports: productos.csv and productos.xlsx with every product, Manager/Administrador only.
		csvRes := w.admin.Do("GET", "/api/dispensario/export?format=csv&asocid="+itoa(w.alfa), nil)
		expectOK(t, "csv", csvRes)
		if !strings.Contains(csvRes.Header.Get("Content-Disposition"), `filename="productos.csv"`) {
			t.Fatalf("csv headers: %v", csvRes.Header)
		}
		r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(csvRes.Body, []byte("\ufeff"))))
		r.Comma = ';'
		recs, err := r.ReadAll()
		if err != nil || len(recs) != 3 || recs[0][1] != "Producto" || recs[1][0] != "G-1" || recs[1][1] != "Gelato" || recs[1][5] != "12,345" || recs[1][3] != "9,5" {
			t.Fatalf("csv: %v %v", err, recs)
		}
		xl := w.admin.Do("GET", "/api/dispensario/export?asocid="+itoa(w.alfa), nil)
		f, err := excelize.OpenReader(bytes.NewReader(xl.Body))
		if err != nil || !strings.Contains(xl.Header.Get("Content-Disposition"), "productos.xlsx") {
			t.Fatalf("xlsx: %v", err)
		}
		rows, _ := f.GetRows("Productos")
		if len(rows) != 3 || rows[1][1] != "Gelato" || rows[1][5] != "12.345" {
			t.Fatalf("xlsx rows: %v", rows)
		}
		expectErr(t, "export as Budtender", w.budtender.Do("GET", "/api/dispensario/export?asocid="+itoa(w.alfa), nil), 403, "access.role", "")

		// The public QR link: published data only, logged out; images at a public address.
		anon := k.Client()
		pub := anon.Do("GET", fmt.Sprintf("/api/list_item/retrieve?association=%d&item=%s", w.alfa, p["public_token"]), nil)
		expectOK(t, "public product", pub)
		if pub.JSON["titulo"] != "Gelato" || pub.JSON["club"] != "Alfa" || pub.JSON["cuerpo"] != "Dulce" || pub.JSON["coste"] != nil || pub.JSON["stock"] != nil || pub.JSON["code"] != nil {
			t.Fatalf("public product shows: %s", pub)
		}
		img := objects(t, pub.JSON["imagenes"])[0]["img"].(string)
		if !strings.HasPrefix(img, "/api/public_image/") {
			t.Fatalf("public image address: %s", img)
		}
		if res := anon.Do("GET", img, nil); res.Status != 200 || !bytes.HasPrefix(res.Body, []byte("\x89PNG")) {
			t.Fatalf("public image: %d", res.Status)
		}
		expectErr(t, "private file address logged out", anon.Do("GET", strings.Replace(img, "public_image", "files", 1), nil), 403, "auth.anonymous", "")
		expectErr(t, "unpublished product", anon.Do("GET", fmt.Sprintf("/api/list_item/retrieve?association=%d&item=%s", w.alfa, hiddenP["public_token"]), nil), 404, "product.not_found", "")
		expectErr(t, "product of another club", anon.Do("GET", fmt.Sprintf("/api/list_item/retrieve?association=%d&item=%s", w.beta, p["public_token"]), nil), 404, "product.not_found", "")
		hiddenImg := objects(t, w.admin.Do("GET", fmt.Sprintf("/api/dispensario?asocid=%d&pid=%d", w.alfa, hidden), nil).JSON["data"])[0]
		hiddenURL := strings.Replace(objects(t, hiddenImg["imagenes"])[0]["img"].(string), "files", "public_image", 1)
		expectErr(t, "image of an unpublished product", anon.Do("GET", hiddenURL, nil), 404, "not_found", "")

		// The members' app: published products to members of the club, no one else.
		mem := k.User("socia", 0)
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 99, 0, 1, 0)`, w.alfa, mem)
		socia := mustLogin(t, k, "socia", testkit.Password)
		mob := socia.Do("GET", "/api/mobile_dispensario?asocid="+itoa(w.alfa), nil)
		if got := listBody(t, mob); len(got) != 1 || got[0]["titulo"] != "Gelato" || got[0]["coste"] != nil {
			t.Fatalf("mobile list: %s", mob)
		}
		expectErr(t, "mobile list of a club without membership", socia.Do("GET", "/api/mobile_dispensario?asocid="+itoa(w.beta), nil), 403, "access.denied", "")

		// Preset varieties and their pictures.
		presets := listBody(t, w.admin.Do("GET", "/api/preset_product", nil))
		if len(presets) < 30 || presets[0]["title"] == "" || presets[0]["body"] == "" {
			t.Fatalf("presets: %d", len(presets))
		}
		svg := anon.Do("GET", objects(t, presets[0]["images"])[0]["img"].(string), nil)
		if svg.Status != 200 || svg.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(svg.Body, []byte("<svg")) {
			t.Fatalf("preset image: %d %v", svg.Status, svg.Header)
		}
		expectErr(t, "unknown preset image", anon.Do("GET", "/api/preset_product/nope.svg", nil), 404, "not_found", "")

		// Basic items: lists are product categories; the TV flag and rating are kept.
		basic := w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "Café", "subtitle": "Espresso", "valoration": 4})
		expectOK(t, "basic item", basic)
		items := listBody(t, w.admin.Do("GET", "/api/item?asocid="+itoa(w.alfa), nil))
		if len(items) != 1 || items[0]["subtitle"] != "Espresso" || items[0]["showintv"] != true || num(items[0]["valoration"]) != 4 || items[0]["categorias"] != "Flores" {
			t.Fatalf("basic items: %v", items)
		}
		expectErr(t, "basic item without list", w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "title": "X"}), 400, "product.required", "Obligatorio")
		if res := w.admin.Do("GET", "/api/dispensario?asocid="+itoa(w.alfa)+"&search=cafe", nil); num(res.JSON["total"]) != 0 {
			t.Fatalf("basic items among professional products: %s", res)
		}
		expectOK(t, "delete basic", w.admin.Do("POST", "/api/item/delete", map[string]any{"asocid": w.alfa, "nid": basic.JSON["pid"]}))
		if len(listBody(t, w.admin.Do("GET", "/api/item?asocid="+itoa(w.alfa), nil))) != 0 {
			t.Fatal("deleted basic item still listed")
		}
	})
}

func TestClubCategories(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		a := itoa(w.alfa)
		create := func(c *testkit.Client, typ, title string) *testkit.Response {
			return c.Do("POST", "/api/association_category", map[string]any{"association": w.alfa, "type": typ, "title": title})
		}
		// Caja edits the Administration dialogs; Inventario and Budtender do not.
		expectOK(t, "Caja adds a product category", create(w.caja, "dispensary", "Extracciones"))
		expectErr(t, "Inventario adds a category", create(w.inventario, "dispensary", "X"), 403, "access.role", "")
		expectErr(t, "Budtender sets weight discrepancy", create(w.budtender, "weight_discrepancy", "5"), 403, "access.role", "")
		// Any staff reads them (the POS needs the discrepancy).
		cats := listBody(t, w.budtender.Do("GET", "/api/association_category/?type=dispensary&association="+a, nil))
		if len(cats) != 2 || cats[0]["title"] != "Extracciones" || cats[1]["title"] != "Flores" {
			t.Fatalf("categories by title: %v", cats)
		}
		// Numeric settings: ≥ 0, comma accepted, stored as a number.
		expectErr(t, "negative discrepancy", create(w.admin, "weight_discrepancy", "-1"), 400, "category.number_invalid", "")
		expectErr(t, "discrepancy over 100", create(w.admin, "weight_discrepancy", "101"), 400, "category.number_invalid", "")
		expectErr(t, "forecast not a number", create(w.admin, "consumptionforecast", "mucho"), 400, "category.number_invalid", "")
		d := create(w.admin, "weight_discrepancy", "7,50")
		if d.Status != 200 || d.JSON["title"] != "7.5" {
			t.Fatalf("discrepancy: %s", d)
		}
		upd := w.caja.Do("PUT", "/api/association_category/"+itoa(num(d.JSON["nid"])), map[string]any{"association": w.alfa, "title": "3"})
		if upd.Status != 200 || upd.JSON["title"] != "3" || upd.JSON["type"] != "weight_discrepancy" {
			t.Fatalf("update: %s", upd)
		}
		expectErr(t, "Inventario updates", w.inventario.Do("PUT", "/api/association_category/"+itoa(num(d.JSON["nid"])), map[string]any{"association": w.alfa, "title": "9"}), 403, "access.role", "")
		expectErr(t, "no payment method", create(w.admin, "payment_methods", ""), 400, "payment_methods.none", "Debes seleccionar al menos uno")
		// A category of another club cannot be changed through this one.
		expectErr(t, "update another club's", w.admin.Do("PUT", "/api/association_category/"+itoa(w.betaCat), map[string]any{"association": w.alfa, "title": "X"}), 404, "category.not_found", "")
		// A product category in use stays; an unused one goes.
		w.save(t, w.product("Critical"))
		expectErr(t, "delete in use", w.admin.Do("DELETE", "/api/association_category/"+itoa(w.flores)+"?association="+a, nil), 400, "category.in_use", "")
		expectOK(t, "delete discrepancy", w.admin.Do("DELETE", "/api/association_category/"+itoa(num(d.JSON["nid"]))+"?association="+a, nil))
		if k.Count("club_categories", "club_id = ? AND type = 'weight_discrepancy'", w.alfa) != 0 {
			t.Fatal("deleted category still there")
		}
	})
}

// The inventory's endpoints: the status codes, the fields of an item and of
// its totals, the error's values for the web app, who may record and what
// another club sees. The rules of items and movements (validation, no
// negative stock, totals, racing removals) are tested beside the service
// (internal/inventory/inventory_test.go).
func TestInventory(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		expectErr(t, "item without title", w.admin.Do("POST", "/api/inventory", map[string]any{"asocid": w.alfa, "type": "indoor", "dominance": "indica"}), 400, "inventory.required", "Obligatorio")
		res := w.admin.Do("POST", "/api/inventory", map[string]any{"asocid": w.alfa, "title": "Cosecha", "type": "indoor", "dominance": "sativa", "category": w.flores})
		expectOK(t, "item", res)
		iid := num(res.JSON["iid"])
		if res.JSON["title"] != "Cosecha" || res.JSON["category_title"] != "Flores" || res.JSON["type"] != "indoor" || res.JSON["dominance"] != "sativa" ||
			res.JSON["status"] != true || jsonNumber(jget(res.JSON, "inventory_movement", "amount_actual")) != "0" {
			t.Fatalf("item: %s", res)
		}
		move := func(c *testkit.Client, action string, amount any, to, from string) *testkit.Response {
			return c.Do("POST", "/api/inventory_movement", map[string]any{"asocid": w.alfa, "iid": iid, "action": action, "amount": amount,
				"location": to, "from_location": from, "cost": 12.5, "note": "n"})
		}
		expectOK(t, "add", move(w.admin, "add", 1000, "almacen_interno", ""))
		expectOK(t, "move", move(w.admin, "move", 300.5, "dispensario", "almacen_interno"))
		short := move(w.admin, "remove", 301, "dispensario", "")
		expectErr(t, "remove more than there is there", short, 400, "inventory.not_enough", "No hay suficiente cantidad en el dispensario: quedan 300.5 g")
		if jget(short.JSON, "params", "location") != "dispensario" || jget(short.JSON, "params", "left") != "300.5" {
			t.Fatalf("not enough params: %s", short)
		}
		expectErr(t, "as Budtender", move(w.budtender, "add", 1, "barra", ""), 403, "access.role", "")
		last := move(w.admin, "remove", 100.25, "dispensario", "")
		expectOK(t, "remove", last)
		tot := last.JSON["inventory_movement"].(map[string]any)
		if jsonNumber(tot["add_total"]) != "1000" || jsonNumber(tot["remove_total"]) != "100.25" || jsonNumber(tot["move_total"]) != "300.5" ||
			jsonNumber(tot["amount_actual"]) != "899.75" || jsonNumber(jget(tot, "by_location", "dispensario")) != "200.25" ||
			jsonNumber(jget(tot, "by_location", "almacen_interno")) != "699.5" || len(objects(t, tot["movement"])) != 3 {
			t.Fatalf("totals: %v", tot)
		}
		m := objects(t, tot["movement"])[0]
		if num(m["iid"]) != iid || num(m["mid"]) == 0 || m["action"] != "remove" || jsonNumber(m["amount"]) != "100.25" || money(m["cost"]) != "12.5" ||
			m["location"] != "dispensario" || m["from_location"] != "" || m["note"] != "n" || m["employee_name"] != "Admin" || len(objects(t, m["images"])) != 0 {
			t.Fatalf("movement: %v", m)
		}
		items := listBody(t, w.admin.Do("GET", "/api/inventory?asocid="+itoa(w.alfa), nil))
		if len(items) != 1 || items[0]["category_title"] != "Flores" || jsonNumber(jget(items[0], "inventory_movement", "amount_actual")) != "899.75" {
			t.Fatalf("list: %v", items)
		}
		if len(listBody(t, w.betaAdm.Do("GET", "/api/inventory?asocid="+itoa(w.beta), nil))) != 0 {
			t.Fatal("Beta sees Alfa's inventory")
		}
	})
}

// TestConsumptionCheckSwitchIsSupervisors: switching the counter's monthly
// forecast check off lets every sale pass it, which only a Manager or an
// Administrador may let one sale do; so only they switch it, though Caja
// keeps the rest of the consumption-forecast dialog.
func TestConsumptionCheckSwitchIsSupervisors(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		const msg = "Solo un Manager o un Administrador puede activar o desactivar el control de la previsión de consumo"
		check := func() []string {
			t.Helper()
			var titles []string
			if err := k.App.DB.Select(t.Context(), &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'consumption_check' ORDER BY id`, w.alfa); err != nil {
				t.Fatal(err)
			}
			return titles
		}
		create := func(c *testkit.Client, title string) *testkit.Response {
			return c.Do("POST", "/api/association_category", map[string]any{"association": w.alfa, "type": "consumption_check", "title": title})
		}
		expectErr(t, "Caja switches the check off", create(w.caja, "off"), 403, "category.check_supervisor_only", msg)
		if got := check(); len(got) != 0 {
			t.Fatalf("Caja's refused switch wrote %v", got)
		}
		res := create(w.admin, "on")
		expectOK(t, "Administrador saves the switch", res)
		nid := itoa(num(res.JSON["nid"]))
		expectErr(t, "Caja updates it to off", w.caja.Do("PUT", "/api/association_category/"+nid, map[string]any{"association": w.alfa, "title": "off"}),
			403, "category.check_supervisor_only", msg)
		expectErr(t, "Caja deletes it", w.caja.Do("DELETE", "/api/association_category/"+nid+"?association="+itoa(w.alfa), nil),
			403, "category.check_supervisor_only", msg)
		if got := check(); len(got) != 1 || got[0] != "on" {
			t.Fatalf("Caja's refused changes: the switch is %v", got)
		}
		expectOK(t, "Caja sets the default forecast", w.caja.Do("POST", "/api/association_category", map[string]any{"association": w.alfa, "type": "consumptionforecast", "title": "50"}))
		expectOK(t, "Administrador switches it off", w.admin.Do("PUT", "/api/association_category/"+nid, map[string]any{"association": w.alfa, "title": "off"}))
		if got := check(); len(got) != 1 || got[0] != "off" {
			t.Fatalf("the switch is %v", got)
		}
	})
}
