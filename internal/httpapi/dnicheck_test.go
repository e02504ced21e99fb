package httpapi_test

import (
	"fmt"
	"net/url"
	"testing"

	"socius/internal/access"
	"socius/internal/testkit"
)

// TestMemberDNICheck: the member form asks, as the ID number is typed,
// whether the save would refuse it as taken. The answer is the save's own
// (the member of the caller's club who has it), and nothing about another
// club: the same number held only in Beta is free in Alfa, and Beta's staff
// cannot ask about Alfa.
func TestMemberDNICheck(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newMemberWorld(t, k)
		bea := saveMember(t, w.admin, socio(w.alfa, "Bea", "Diez", "10000002B"))
		saveMember(t, w.betaAdm, socio(w.beta, "Berta", "Beta", "55555555K"))
		check := func(c *testkit.Client, club int64, dni string, nid int64) *testkit.Response {
			q := url.Values{"association": {fmt.Sprint(club)}, "dni": {dni}}
			if nid != 0 {
				q.Set("nid", fmt.Sprint(nid))
			}
			return c.Do("GET", "/api/ficha_socio/dni_check?"+q.Encode(), nil)
		}

		t.Run("a taken ID number is named as the save would name it, however it is typed", func(t *testing.T) {
			res := check(w.recepcion, w.alfa, " 10000002-b ", 0)
			expectOK(t, "check", res)
			if res.JSON["taken"] != true || res.JSON["dni"] != "10000002B" || num(res.JSON["number"]) != num(bea["number"]) || res.JSON["name"] != "Bea Diez" {
				t.Fatalf("taken: %s", res.Body)
			}
			// and the save refuses it with the same member
			expectErr(t, "save", w.admin.Do("POST", "/api/ficha_socio", socio(w.alfa, "Otra", "Persona", "10000002B")), 400, "member.dni_taken",
				fmt.Sprintf("El DNI 10000002B ya está registrado en el socio nº %d (Bea Diez)", num(bea["number"])))
		})

		t.Run("a free number, the member's own number, and a blank one are not taken", func(t *testing.T) {
			for _, c := range []struct {
				dni string
				nid int64
			}{{"99999999R", 0}, {"10000002B", num(bea["nid"])}, {" - ", 0}} {
				res := check(w.admin, w.alfa, c.dni, c.nid)
				expectOK(t, "check "+c.dni, res)
				if res.JSON["taken"] != false || res.JSON["number"] != nil || res.JSON["name"] != nil {
					t.Fatalf("%q (nid %d): %s", c.dni, c.nid, res.Body)
				}
			}
		})

		t.Run("attacks: another club's members are neither named nor said to exist", func(t *testing.T) {
			// Berta is Beta's: in Alfa the number is free
			res := check(w.admin, w.alfa, "55555555K", 0)
			expectOK(t, "Beta's number asked in Alfa", res)
			if res.JSON["taken"] != false || res.JSON["name"] != nil {
				t.Fatalf("Alfa learns of Beta's member: %s", res.Body)
			}
			// Beta's Administrador asking about Alfa is refused before anything is read
			expectErr(t, "Beta asks Alfa", check(w.betaAdm, w.alfa, "10000002B", 0), 400, "club.no_member_record", "")
			// an Alfa member named from Beta is not found (and hides nothing of Beta's)
			expectErr(t, "Alfa's member as Beta's own", check(w.betaAdm, w.beta, "55555555K", num(bea["nid"])), 404, "member.not_found", "")
			expectErr(t, "no session", k.Client().Do("GET", fmt.Sprintf("/api/ficha_socio/dni_check?association=%d&dni=10000002B", w.alfa), nil),
				403, "auth.anonymous", "")
			// a role that cannot add members cannot ask either
			k.User("budtender", w.alfa, access.Budtender)
			expectErr(t, "Budtender", check(mustLogin(t, k, "budtender", testkit.Password), w.alfa, "10000002B", 0), 403, "access.role", "")
		})
	})
}
