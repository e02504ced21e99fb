package httpapi_test

import (
	"fmt"
	"net/url"
	"regexp"
	"testing"

	"socius/internal/testkit"
)

// A published product's public link (its QR code) named it by its sequential
// id: anyone counting ids with a club's number read every published product
// of every club. The link now carries a random token of the product: a number
// finds nothing, nor does a token with another club, nor an unpublished
// product's token.
func TestSecurityPublicLinksAreUnguessable(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newCatalogWorld(t, k)
		shown := w.save(t, w.product("Gelato"))
		hidden := w.save(t, w.product("Oculto", "status", false))
		betaRes := w.betaAdm.Do("POST", "/api/dispensario", map[string]any{"asocid": w.beta, "title": "Beta Kush", "dominance": "sativa",
			"category": w.betaCat, "price": 7, "type": "peso", "status": true})
		expectOK(t, "Beta's product", betaRes)
		other := betaRes.JSON
		basicRes := w.admin.Do("POST", "/api/item", map[string]any{"asocid": w.alfa, "listnid": w.flores, "title": "Café"})
		expectOK(t, "basic item", basicRes)
		basic := basicRes.JSON

		anon := k.Client()
		retrieve := func(club int64, item string) *testkit.Response {
			return anon.Do("GET", fmt.Sprintf("/api/list_item/retrieve?association=%d&item=%s", club, url.QueryEscape(item)), nil)
		}

		// Counting ids, with either club's number, finds nothing.
		last := max(num(shown["pid"]), num(hidden["pid"]), num(other["pid"]), num(basic["pid"]))
		found, asked := 0, 0
		for id := int64(1); id <= last+5; id++ {
			for _, club := range []int64{w.alfa, w.beta} {
				asked++
				if res := retrieve(club, itoa(id)); res.Status == 200 {
					found++
				} else if res.Status != 404 {
					t.Fatalf("id %d of club %d: want 404, got %s", id, club, res)
				}
			}
		}
		if found != 0 {
			t.Fatalf("an anonymous client counting ids 1..%d found %d published products in %d requests", last+5, found, asked)
		}

		// Each product has a token of its own, at least 16 random bytes written out.
		token := regexp.MustCompile(`^[0-9a-f]{32}$`)
		tokens := map[string]bool{}
		for _, p := range []map[string]any{shown, hidden, other, basic} {
			tok, _ := p["public_token"].(string)
			if !token.MatchString(tok) || tokens[tok] {
				t.Fatalf("product %v: public token %q", p["titulo"], tok)
			}
			tokens[tok] = true
		}

		// The published product's token finds it, logged out; the basic item's too (the dispensary's detail page).
		res := retrieve(w.alfa, shown["public_token"].(string))
		expectOK(t, "published product by its token", res)
		if res.JSON["titulo"] != "Gelato" || res.JSON["club"] != "Alfa" {
			t.Fatalf("published product by its token: %s", res)
		}
		expectOK(t, "basic item by its token", retrieve(w.alfa, basic["public_token"].(string)))
		// An unpublished product's token finds nothing.
		expectErr(t, "unpublished product's token", retrieve(w.alfa, hidden["public_token"].(string)), 404, "product.not_found", "")
		// Another club's token with this club's number finds nothing; with its own club it does.
		expectErr(t, "Beta's token with Alfa", retrieve(w.alfa, other["public_token"].(string)), 404, "product.not_found", "")
		expectErr(t, "Alfa's token with Beta", retrieve(w.beta, shown["public_token"].(string)), 404, "product.not_found", "")
		expectOK(t, "Beta's token with Beta", retrieve(w.beta, other["public_token"].(string)))
		// The token stays when the product is edited (printed QR codes keep working), and goes with it when deleted.
		edited := w.save(t, w.product("Gelato Reserva", "pid", shown["pid"]))
		if edited["public_token"] != shown["public_token"] {
			t.Fatalf("the token changed on edit: %v -> %v", shown["public_token"], edited["public_token"])
		}
		expectOK(t, "delete", w.admin.Do("POST", "/api/dispensario/delete", map[string]any{"asocid": w.alfa, "pid": shown["pid"]}))
		expectErr(t, "deleted product's token", retrieve(w.alfa, shown["public_token"].(string)), 404, "product.not_found", "")
	})
}
