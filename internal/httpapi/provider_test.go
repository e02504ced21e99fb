package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/testkit"
)

// providerAdmin makes a provider administrator who is staff of no club.
func providerAdmin(t *testing.T, k *testkit.Kit, username string) *testkit.Client {
	t.Helper()
	if _, err := k.App.CreateUser(context.Background(), app.NewStaffUser{NewUser: auth.NewUser{Username: username,
		Password: testkit.Password, Email: username + "@provider.test"}, ProviderAdmin: true}); err != nil {
		t.Fatal(err)
	}
	return mustLogin(t, k, username, testkit.Password)
}

// The provider's console: a provider administrator opens a club with its
// Administrador, who is invited by mail and sets their own password; switches
// its flags; suspends it (its staff get the feature refusal) and reactivates
// it; and each action is a row of the audit log. Nobody else reaches it, and
// it reaches nothing of a club's own.
func TestProviderConsole(t *testing.T) {
	smtp := testkit.NewSMTPServer(t)
	eachWith(t, func(c *app.Config) { c.SMTPHost, c.SMTPPort = smtp.Host, smtp.Port }, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Socios, access.SoftwareGestionClub)
		k.User("ana", alfa, access.Administrador)
		staff := mustLogin(t, k, "ana", testkit.Password)
		prov := providerAdmin(t, k, "prov-"+k.Engine)

		// nobody else: anonymous, a club's Administrador
		anon := k.Client()
		anon.Token()
		for _, c := range []struct {
			who    string
			client *testkit.Client
			code   string
		}{{"anonymous", anon, "auth.anonymous"}, {"club staff", staff, "access.denied"}} {
			for _, call := range []struct{ method, path string }{{"GET", "/api/provider/clubs"}, {"POST", "/api/provider/club"},
				{"PUT", "/api/provider/club/" + itoa(alfa) + "/flags"}, {"PUT", "/api/provider/club/" + itoa(alfa) + "/suspended"},
				{"GET", "/api/provider/audit"}} {
				res := c.client.Do(call.method, call.path, map[string]any{"title": "X", "admin_email": "x@example.test", "flags": []string{}, "suspended": true})
				if res.Status != 403 || res.Code() != c.code {
					t.Fatalf("%s: %s %s: %s", c.who, call.method, call.path, res)
				}
			}
		}
		// and the provider administrator reaches nothing of a club's own: the answer of anyone who is not its staff
		k.User("nadie", 0)
		nobody := mustLogin(t, k, "nadie", testkit.Password)
		for _, path := range []string{"/api/ficha_socio?association=" + itoa(alfa), "/api/association/retrieve?association=" + itoa(alfa),
			"/api/order/?asocid=" + itoa(alfa), "/api/ficha_socio/export?association=" + itoa(alfa)} {
			if res, other := prov.Do("GET", path, nil), nobody.Do("GET", path, nil); res.Status < 400 || res.Status != other.Status || string(res.Body) != string(other.Body) {
				t.Fatalf("provider admin reads %s: %s (anyone: %s)", path, res, other)
			}
		}
		if k.Count("clubs", "suspended = 1") != 0 || k.Count("club_flags", "club_id = ? AND flag = ?", alfa, access.Monedero) != 0 {
			t.Fatal("a refused call changed a club")
		}

		// bad input changes nothing
		for _, bad := range []struct {
			body  map[string]any
			code  string
			field string
		}{
			{map[string]any{"title": "Beta", "admin_email": "not an address", "flags": []string{}}, "provider.email", "admin_email"},
			{map[string]any{"title": "Beta", "admin_email": "Eva <eva@example.test>", "flags": []string{}}, "provider.email", "admin_email"},
			{map[string]any{"title": "Beta", "admin_email": "eva@example.test", "flags": []string{"socios", "telepathy"}}, "provider.unknown_flag", "flags"},
			{map[string]any{"title": "   ", "admin_email": "eva@example.test", "flags": []string{}}, "club.title_required", "title"},
		} {
			res := prov.Do("POST", "/api/provider/club", bad.body)
			if res.Status != 400 || res.Code() != bad.code || res.JSON["field"] != bad.field {
				t.Fatalf("%v: %s", bad.body, res)
			}
		}
		if k.Count("clubs", "") != 1 || k.Count("users", "username = 'eva@example.test'") != 0 || k.Count("provider_audit", "") != 0 {
			t.Fatal("a refused club was written")
		}

		// a club and its Administrador, invited by mail in the provider's language
		before := len(smtp.Messages())
		res := prov.Raw("POST", "/api/provider/club", `{"title":"Beta `+k.Engine+`","admin_email":"eva-`+k.Engine+`@example.test","admin_name":"Eva","flags":["socios","software_gestion_club"]}`,
			map[string]string{"X-CSRF-Token": prov.CSRF, "Content-Type": "application/json", "Accept-Language": "de"})
		expectOK(t, "open a club", res)
		beta, uid := num(res.JSON["id"]), num(res.JSON["uid"])
		if res.JSON["new_account"] != true || !strings.Contains(res.Message(), "Einladung") {
			t.Fatalf("open: %s", res)
		}
		var invite *testkit.Mail
		for _, m := range smtp.WaitMail(t, before+1)[before:] {
			if len(m.To) == 1 && m.To[0] == "eva-"+k.Engine+"@example.test" {
				invite = &m
			}
		}
		if invite == nil || !strings.Contains(invite.Data, "Beta "+k.Engine) || !strings.Contains(invite.Data, "sieben Tage") {
			t.Fatalf("the invitation: %+v", invite)
		}
		token := regexp.MustCompile(`reset-password\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(invite.Data)
		if token == nil {
			t.Fatalf("no link in the invitation: %s", invite.Data)
		}
		// nobody knows the account's password until the Administrador sets it
		if r := k.Client().Login("eva-"+k.Engine+"@example.test", testkit.Password); r.Status == 200 {
			t.Fatal("the new account has a known password")
		}
		anon.Token()
		expectOK(t, "set the password", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token[1], "password": "eva-secreto-9"}))
		eva := mustLogin(t, k, "eva-"+k.Engine+"@example.test", "eva-secreto-9")
		club := eva.Do("GET", "/api/association/retrieve?association="+itoa(beta), nil)
		expectOK(t, "the Administrador's club", club)
		if roles, _ := club.JSON["roles"].([]any); len(roles) != 1 || roles[0] != access.Administrador {
			t.Fatalf("the Administrador's roles: %s", club)
		}

		// the flags become exactly the set given
		expectOK(t, "flags", prov.Do("PUT", "/api/provider/club/"+itoa(beta)+"/flags", map[string]any{"flags": []string{"socios", "monedero"}}))
		if k.Count("club_flags", "club_id = ?", beta) != 2 || k.Count("club_flags", "club_id = ? AND flag = 'monedero'", beta) != 1 {
			t.Fatal("the flags are not the set given")
		}
		if res := prov.Do("PUT", "/api/provider/club/999999/flags", map[string]any{"flags": []string{}}); res.Status != 404 {
			t.Fatalf("flags of no club: %s", res)
		}

		// suspended: every club screen is the provider's refusal, the club's description says so
		expectOK(t, "suspend", prov.Do("PUT", "/api/provider/club/"+itoa(beta)+"/suspended", map[string]any{"suspended": true}))
		for _, path := range []string{"/api/ficha_socio?association=" + itoa(beta), "/api/mobile_dispensario?asocid=" + itoa(beta)} {
			if res := eva.Do("GET", path, nil); res.Status != 403 || res.Code() != "access.feature" {
				t.Fatalf("a suspended club's staff: %s: %s", path, res)
			}
		}
		club = eva.Do("GET", "/api/association/retrieve?association="+itoa(beta), nil)
		expectOK(t, "a suspended club's description", club)
		if club.JSON["suspended"] != true || club.JSON["functionalities"].(map[string]any)["socios"] != false {
			t.Fatalf("a suspended club's description: %s", club)
		}
		if res := staff.Do("GET", "/api/ficha_socio?association="+itoa(alfa), nil); res.Status != 200 {
			t.Fatalf("another club's staff: %s", res)
		}
		expectOK(t, "reactivate", prov.Do("PUT", "/api/provider/club/"+itoa(beta)+"/suspended", map[string]any{"suspended": false}))
		expectOK(t, "a reactivated club's staff", eva.Do("GET", "/api/ficha_socio?association="+itoa(beta), nil))

		// the list's figures and the audit log
		list := prov.Do("GET", "/api/provider/clubs", nil)
		expectOK(t, "clubs", list)
		rows, _ := list.JSON["data"].([]any)
		if len(rows) != 2 {
			t.Fatalf("clubs: %s", list)
		}
		b := rows[1].(map[string]any)
		if num(b["id"]) != beta || num(b["active_members"]) != 1 || num(b["rows"]) < 2 || b["suspended"] != false || len(b["flags"].([]any)) != 2 {
			t.Fatalf("Beta in the list: %v", b)
		}
		audit := prov.Do("GET", "/api/provider/audit", nil)
		expectOK(t, "audit", audit)
		var actions []string
		for _, e := range audit.JSON["data"].([]any) {
			e := e.(map[string]any)
			actions = append(actions, fmt.Sprintf("%s %v %v %v", e["action"], e["admin_email"], e["flags_on"], e["flags_off"]))
		}
		want := []string{"club.reactivate <nil> [] []", "club.suspend <nil> [] []", "club.flags <nil> [monedero] [software_gestion_club]",
			"club.create eva-" + k.Engine + "@example.test [socios software_gestion_club] []"}
		if strings.Join(actions, "|") != strings.Join(want, "|") || num(audit.JSON["total"]) != 4 {
			t.Fatalf("audit: %q", actions)
		}
		_ = uid
	})
}

// An address that already names an account: that account becomes the new
// club's Administrador, and the invitation's link is the only way into it:
// whoever held the account (a member record's account someone else made with
// that address and activated, say) loses it, its sessions end, and only the
// holder of the mailbox sets the password and enters.
func TestProviderOpensAClubForAnExistingAccount(t *testing.T) {
	smtp := testkit.NewSMTPServer(t)
	eachWith(t, func(c *app.Config) { c.SMTPHost, c.SMTPPort = smtp.Host, smtp.Port }, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa", access.Socios)
		uid := k.User("ana", alfa, access.Administrador)
		holder := mustLogin(t, k, "ana", testkit.Password)
		prov := providerAdmin(t, k, "prov")
		before := len(smtp.Messages())
		res := prov.Do("POST", "/api/provider/club", map[string]any{"title": "Gamma", "admin_email": "ana@example.test", "flags": []string{"socios"}})
		expectOK(t, "open", res)
		gamma := num(res.JSON["id"])
		if res.JSON["new_account"] != false || num(res.JSON["uid"]) != uid || k.Count("users", "") != 2 || !strings.Contains(res.Message(), "ya tenía cuenta") {
			t.Fatalf("open for ana: %s", res)
		}
		// the account's holder until now is out: session ended, password no longer works
		if r := holder.Do("GET", "/api/association/retrieve?association="+itoa(gamma), nil); r.Status != 403 || r.Code() != "auth.anonymous" {
			t.Fatalf("the earlier session after the invitation: %s", r)
		}
		if r := k.Client().Login("ana", testkit.Password); r.Status == 200 {
			t.Fatal("the earlier password still opens the account")
		}
		m := smtp.WaitMail(t, before+1)[before]
		token := regexp.MustCompile(`reset-password\?token=([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Data)
		if token == nil || !strings.Contains(m.Data, "Gamma") || len(m.To) != 1 || m.To[0] != "ana@example.test" {
			t.Fatalf("the invitation: %s", m.Data)
		}
		anon := k.Client()
		anon.Token()
		expectOK(t, "set the password", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token[1], "password": "ana-nueva-77"}))
		ana := mustLogin(t, k, "ana", "ana-nueva-77")
		if clubs := ana.Do("GET", "/api/association/mine", nil); len(clubs.JSON["data"].([]any)) != 2 {
			t.Fatalf("ana's clubs: %s", clubs)
		}
		// the club list says which of a person's clubs is suspended
		expectOK(t, "suspend", prov.Do("PUT", "/api/provider/club/"+itoa(gamma)+"/suspended", map[string]any{"suspended": true}))
		for _, c := range ana.Do("GET", "/api/association/mine", nil).JSON["data"].([]any) {
			c := c.(map[string]any)
			if c["suspended"] != (num(c["nid"]) == gamma) {
				t.Fatalf("ana's clubs after the suspension: %v", c)
			}
		}
	})
}
