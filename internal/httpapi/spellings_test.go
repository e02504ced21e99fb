package httpapi_test

import (
	"testing"

	"socius/internal/testkit"
)

// Where the spec writes a value two ways, both are accepted and answered in one: boolean flags as
// true/false or 0/1, a member's status_member as 1/0 or active/inactive. Anything else is refused
// and changes nothing.
func TestSpecSpellings(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)

		p := w.save(t, w.product("Amnesia 0/1", "thc", 1, "menuexport", 0, "status", 1, "discount", 1, "unlimited_stock", 1))
		for field, want := range map[string]bool{"thc": true, "menu_export": false, "status": true, "discount": true, "unlimited_stock": true} {
			// answered as a boolean (the reply spells menuexport menu_export)
			if got, ok := p[field].(bool); !ok || got != want {
				t.Fatalf("product %s sent as 0/1: want %v answered as a boolean, got %#v", field, want, p[field])
			}
		}
		p = w.save(t, w.product("Amnesia 0/1", "pid", num(p["pid"]), "thc", false, "menuexport", true, "status", 0, "discount", 0, "unlimited_stock", false))
		for field, want := range map[string]bool{"thc": false, "menu_export": true, "status": false, "discount": false, "unlimited_stock": false} {
			if got, ok := p[field].(bool); !ok || got != want {
				t.Fatalf("product %s edited: want %v, got %#v in %v", field, want, p[field], p)
			}
		}
		before := k.Count("products", "1=1")
		expectErr(t, "a flag of 2", w.admin.Do("POST", "/api/dispensario", w.product("Dos", "thc", 2)), 400, "request.invalid", "")
		expectErr(t, "a flag as a word", w.admin.Do("POST", "/api/dispensario", w.product("Sí", "status", "yes")), 400, "request.invalid", "")
		if n := k.Count("products", "1=1"); n != before {
			t.Fatalf("refused products stored: %d, want %d", n, before)
		}

		m := saveMember(t, w.admin, map[string]any{"association": w.alfa, "nombre": "Ana", "surname": "Doble", "dni": "12345678Z",
			"status_member": "inactive", "online_account": 0, "is_staff": 0, "monedero_negativo": 1})
		nid := num(m["nid"])
		if num(m["status_member"]) != 0 || m["monedero_negativo"] != true {
			t.Fatalf("member sent with inactive and 0/1 flags: %v", m)
		}
		res := edit(w.admin, w.alfa, nid, map[string]any{"status_member": "active", "monedero_negativo": false})
		expectOK(t, "member active", res)
		if num(res.JSON["status_member"]) != 1 || res.JSON["monedero_negativo"] != false {
			t.Fatalf("member edited with active: %v", res.JSON)
		}
		res = edit(w.admin, w.alfa, nid, map[string]any{"status_member": 0})
		expectOK(t, "member 0", res)
		if num(res.JSON["status_member"]) != 0 {
			t.Fatalf("member edited with 0: %v", res.JSON)
		}
		expectErr(t, "status_member as another word", edit(w.admin, w.alfa, nid, map[string]any{"status_member": "baja"}), 400, "request.invalid", "")
		expectErr(t, "status_member 2", edit(w.admin, w.alfa, nid, map[string]any{"status_member": 2}), 400, "request.invalid", "")
		if k.Count("members", "id = ? AND status = 0", nid) != 1 {
			t.Fatal("a refused status changed the member")
		}
	})
}
