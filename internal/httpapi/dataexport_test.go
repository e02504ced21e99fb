package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"socius/internal/testkit"
)

// A member's data export: the Administrador's alone, everything of the
// member's and nothing of anyone else's, each export logged.
func TestMemberDataExport(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		// Ana (w.socio) has an online account, whose password and sessions are none of the export's
		saveMember(t, w.admin, map[string]any{"association": w.alfa, "nid": w.socio, "email": "ana.socia@example.test", "online_account": true})
		// Ana (w.socio) buys 2 g, tops up her wallet and comes in
		anaOrder := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 2}))["oid"])
		expectOK(t, "pay", w.pay(w.budtender, anaOrder, "cash", map[string]any{"tendered": 19}))
		expectOK(t, "top-up", w.admin.Do("PUT", fmt.Sprintf("/api/wallet/%d", w.socio),
			map[string]any{"association": w.alfa, "operation": "add", "amount": 15, "pay_type": "cash"}))
		expectOK(t, "check-in", w.admin.Do("POST", "/api/checkin_checkout/"+itoa(w.socio), map[string]any{"association": w.alfa, "action": "ENTRA",
			"datetime": time.Now().Unix()}))
		// Otilio, another member of Alfa, buys water; Bea, Beta's member, Beta Kush
		otilio := w.member(t, w.admin, w.alfa, "Otilio", "33333333P", nil)
		otiOrder := num(orderOf(w.cart(w.budtender, otilio, nil, []any{w.agua, 1}))["oid"])
		expectOK(t, "Otilio pays", w.pay(w.budtender, otiOrder, "cash", map[string]any{"tendered": 2}))
		betaOrder := w.betaAdm.Do("POST", "/api/order", map[string]any{"asocid": w.beta, "membership_id": w.betaSocio,
			"products": []any{map[string]any{"pid": w.betaProd, "quantity": 1}}})
		expectOK(t, "Beta's order", betaOrder)

		path := func(nid, club int64, q string) string {
			return fmt.Sprintf("/api/ficha_socio/%d/data_export?association=%d%s", nid, club, q)
		}
		logged := func() int { return k.Count("member_data_exports", "") }

		res := w.admin.Do("GET", path(w.socio, w.alfa, ""), nil)
		expectOK(t, "export", res)
		number := memberNumber(t, k, w.socio)
		if cd := res.Header.Get("Content-Disposition"); cd != fmt.Sprintf(`attachment; filename="socio-%d.json"`, number) ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || res.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("headers %v", res.Header)
		}
		var doc struct {
			Member   struct{ Number int64 }
			Account  *struct{ Email string }   `json:"online_account"`
			CheckIns []struct{ Action string } `json:"check_ins"`
			Orders   []struct {
				OID      int64 `json:"oid"`
				Products []struct {
					Product struct{ Title string }
					Grams   float64
				}
			}
			Wallet []struct {
				Operation string  `json:"transaction"`
				Amount    float64 `json:"amount"`
			}
			Declarations []any
		}
		if err := json.Unmarshal(res.Body, &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Member.Number != number || doc.Account == nil || doc.Account.Email != "ana.socia@example.test" || len(doc.Orders) != 1 || doc.Orders[0].OID != anaOrder || len(doc.Orders[0].Products) != 1 ||
			doc.Orders[0].Products[0].Product.Title != "Amnesia" || doc.Orders[0].Products[0].Grams != 2 ||
			len(doc.Wallet) != 1 || doc.Wallet[0].Operation != "add" || doc.Wallet[0].Amount != 15 ||
			len(doc.CheckIns) != 1 || doc.CheckIns[0].Action != "ENTRA" || doc.Declarations == nil {
			t.Fatalf("export: %s", res.Body)
		}
		raw := strings.ToLower(string(res.Body))
		for _, never := range []string{"otilio", "33333333p", "agua", fmt.Sprintf(`"oid": %d`, otiOrder), "bea", "beta kush",
			"22222222j", "hash", "token", "secret", "password"} {
			if strings.Contains(raw, never) {
				t.Errorf("the export holds %q", never)
			}
		}
		if logged() != 1 {
			t.Fatalf("logged %d exports, want 1", logged())
		}

		// the printed copy, in the staff's language
		res = w.admin.Raw("GET", path(w.socio, w.alfa, "&format=pdf"), "", map[string]string{"Accept-Language": "en-GB,en;q=0.9"})
		if res.Status != 200 || !bytes.HasPrefix(res.Body, []byte("%PDF-")) || res.Header.Get("Content-Type") != "application/pdf" ||
			res.Header.Get("Content-Disposition") != fmt.Sprintf(`attachment; filename="socio-%d.pdf"`, number) {
			t.Fatalf("pdf: %d %v %q", res.Status, res.Header, res.Body[:min(len(res.Body), 40)])
		}
		expectErr(t, "a spreadsheet", w.admin.Do("GET", path(w.socio, w.alfa, "&format=csv"), nil), 400, "request.invalid", "")

		// nobody else: a Manager, the lower roles, Beta's Administrador, no session
		for name, c := range map[string]*testkit.Client{"manager": w.manager, "budtender": w.budtender, "recepcion": w.recepcion} {
			expectErr(t, name, c.Do("GET", path(w.socio, w.alfa, ""), nil), 403, "access.role", "Access denied for user "+name)
		}
		expectErr(t, "Beta's Administrador", w.betaAdm.Do("GET", path(w.socio, w.alfa, ""), nil), 400, "club.no_member_record", "")
		expectErr(t, "Beta's Administrador in Beta", w.betaAdm.Do("GET", path(w.socio, w.beta, ""), nil), 404, "member.not_found", "")
		expectErr(t, "no session", k.Client().Do("GET", path(w.socio, w.alfa, ""), nil), 403, "auth.anonymous", msgAnonymous)
		if logged() != 2 {
			t.Fatalf("logged %d exports, want 2 (the refused ones are not)", logged())
		}
		if n := k.Count("member_data_exports", "club_id = ? AND member_id = ? AND format = 'pdf'", w.alfa, w.socio); n != 1 {
			t.Fatalf("the printed export logged %d times", n)
		}

		// when and by whom: the member sheet's line, under the same gate
		res = w.admin.Do("GET", fmt.Sprintf("/api/ficha_socio/%d/data_exports?association=%d", w.socio, w.alfa), nil)
		expectOK(t, "exports", res)
		list := objects(t, res.JSON["data"])
		if len(list) != 2 || list[0]["format"] != "pdf" || list[0]["staff"] != "Admin" || num(list[0]["at"]) == 0 {
			t.Fatalf("exports: %s", res)
		}
		expectErr(t, "exports read by a Manager", w.manager.Do("GET", fmt.Sprintf("/api/ficha_socio/%d/data_exports?association=%d", w.socio, w.alfa), nil),
			403, "access.role", "")
	})
}
