package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"socius/internal/app"
	"socius/internal/locale"
	"socius/internal/testkit"
)

// A German club's staff read the server in German: its refusals, its
// exports' headers and cells, dates as dd.MM.yyyy and decimal commas in a
// ';'-separated CSV. The code of an error never changes with the language,
// and a client that names no language gets the spec's Spanish.
func TestGermanReader(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newPOSWorld(t, k)
		german := map[string]string{"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
		inGerman := func(c *testkit.Client) map[string]string {
			return map[string]string{"Accept-Language": german["Accept-Language"], "X-CSRF-Token": c.CSRF, "Content-Type": "application/json"}
		}
		spanish := func(c *testkit.Client) map[string]string {
			return map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"}
		}

		// an order for more than the stock: refused in German, with the product's name in it
		body := fmt.Sprintf(`{"asocid":%d,"membership_id":%d,"products":[{"pid":%d,"quantity":1000}]}`, w.alfa, w.socio, w.amnesia)
		before := writes(k)
		de := w.budtender.Raw("POST", "/api/order", body, inGerman(w.budtender))
		es := w.budtender.Raw("POST", "/api/order", body, spanish(w.budtender))
		expectNoWrites(t, k, "refused orders", before)
		wantDE := locale.Format(locale.DE, "No hay stock suficiente de %s", "Amnesia")
		if de.Status != 400 || de.Code() != "order.stock_insufficient" || de.Message() != wantDE || !strings.Contains(wantDE, "Amnesia") {
			t.Fatalf("German refusal: want 400 order.stock_insufficient %q, got %s", wantDE, de)
		}
		if es.Code() != de.Code() || es.Message() != "No hay stock suficiente de Amnesia" || wantDE == es.Message() {
			t.Fatalf("the Spanish refusal: %s (German %q)", es, wantDE)
		}
		// a refusal of the gate (no session) and one of huma's own (a body that is no JSON) too
		anon := k.Client().Raw("GET", fmt.Sprintf("/api/ficha_socio?association=%d", w.alfa), "", german)
		if anon.Code() != "auth.anonymous" || anon.Message() != locale.Text(locale.DE, "Access denied for user anonymous") ||
			anon.Message() == "Access denied for user anonymous" {
			t.Fatalf("anonymous in German: %s", anon)
		}
		bad := w.budtender.Raw("POST", "/api/order", `{"asocid":`, inGerman(w.budtender))
		if bad.Code() != "request.invalid" || bad.Message() != locale.Text(locale.DE, "La petición no es un JSON válido") {
			t.Fatalf("bad JSON in German: %s", bad)
		}

		// a paid order, then the orders export in German
		oid := num(orderOf(w.cart(w.budtender, w.socio, nil, []any{w.amnesia, 1.5}))["oid"])
		expectOK(t, "pay", w.pay(w.budtender, oid, "cash", map[string]any{"tendered": 20}))
		res := w.manager.Raw("GET", fmt.Sprintf("/api/order/export?asocid=%d&status=completed&format=csv", w.alfa), "", german)
		expectOK(t, "German orders export", res)
		if !strings.Contains(string(res.Body), ";") {
			t.Fatalf("a German CSV is ';'-separated: %q", res.Body)
		}
		rows := exportCSV(t, res, "orders")
		head := strings.Join(rows[0], "|")
		if want := strings.Join(locale.TextsIn(locale.DE, []string{"Pedido", "Fecha", "Estado", "Nº socio"}), "|"); !strings.HasPrefix(head, want) ||
			strings.Contains(head, "Pedido") || strings.Contains(head, "Fecha") {
			t.Fatalf("German headers: %q, want them to start with %q", head, want)
		}
		var row []string
		for _, r := range rows[1:] {
			if r[0] == itoa(oid) {
				row = r
			}
		}
		if row == nil {
			t.Fatalf("order %d not exported: %v", oid, rows)
		}
		if !regexp.MustCompile(`^\d\d\.\d\d\.\d{4} \d\d:\d\d$`).MatchString(row[1]) || row[2] != locale.Text(locale.DE, "Completado") ||
			row[6] != "Amnesia × 1,5 g" || row[7] != "14,25" || row[9] != "12,82" || row[11] != locale.Text(locale.DE, "Efectivo") {
			t.Fatalf("German cells (date dd.MM.yyyy HH:mm, status, 1,5 g, base 14,25, total 12,82, payment): %q", row)
		}
		// the same export for a client that names no language: the spec's Spanish
		es2 := exportCSV(t, w.manager.Do("GET", fmt.Sprintf("/api/order/export?asocid=%d&status=completed&format=csv", w.alfa), nil), "orders")
		if es2[0][0] != "Pedido" || !regexp.MustCompile(`^\d\d/\d\d/\d{4} `).MatchString(es2[1][1]) {
			t.Fatalf("Spanish export: %q / %q", es2[0], es2[1])
		}
	})
}

// A person's language is kept with their account, heard at login and with
// each write the app makes (never with reads, never from another site's
// form), and a mail to them speaks it even when someone else asks for it.
func TestLanguageRemembered(t *testing.T) {
	smtp := testkit.NewSMTPServer(t)
	eachWith(t, func(cfg *app.Config) { cfg.SMTPHost, cfg.SMTPPort = smtp.Host, smtp.Port }, func(t *testing.T, k *testkit.Kit) {
		k.User("ana", 0)
		stored := func() string {
			t.Helper()
			u, err := k.App.Auth.UserByName(context.Background(), "ana")
			if err != nil {
				t.Fatal(err)
			}
			return u.Lang
		}
		if stored() != "" {
			t.Fatalf("a new account has a language: %q", stored())
		}
		// the login page in German
		c := k.Client()
		c.Token()
		res := c.Raw("POST", "/api/user/login", `{"username":"ana","password":"`+testkit.Password+`"}`,
			map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json", "Accept-Language": "de-DE"})
		expectOK(t, "login", res)
		c.CSRF = res.JSON["token"].(string)
		if stored() != "de" {
			t.Fatalf("after a German login: %q", stored())
		}
		// a read in the browser's language, a write that names none, and a write without the CSRF token change nothing
		c.Raw("GET", "/api/user/me", "", map[string]string{"Accept-Language": "en-GB"})
		c.Raw("POST", "/api/change_password", `{}`, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"})
		c.Raw("POST", "/api/change_password", `{}`, map[string]string{"Content-Type": "application/json", "Accept-Language": "fr"})
		if stored() != "de" {
			t.Fatalf("a read, a write without a language or a forged write changed it: %q", stored())
		}
		// a write in French (the app switched) is heard
		c.Raw("POST", "/api/change_password", `{}`, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json", "Accept-Language": "fr-FR"})
		if stored() != "fr" {
			t.Fatalf("after a French write: %q", stored())
		}
		c.Raw("POST", "/api/change_password", `{}`, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json", "Accept-Language": "de"})

		// someone asks for Ana's password reset from a Spanish page: the mail is in her German
		start := len(smtp.Messages())
		anon := k.Client()
		anon.Token()
		expectOK(t, "reset", anon.Do("POST", "/api/user/request_new_password", map[string]string{"name": "ana"}))
		mail := smtp.WaitMail(t, start+1)[start]
		want := strings.SplitN(locale.Text(locale.DE, "Hola %s,\n\nPara cambiar tu contraseña de Socius abre este enlace (válido durante una hora):\n\n%s\n\nSi no lo has pedido tú, ignora este mensaje.\n"), "\n", 4)[2]
		if !strings.Contains(mail.Data, want) || strings.Contains(mail.Data, "Para cambiar tu contraseña") {
			t.Fatalf("the reset mail is not in German (%q): %s", want, mail.Data)
		}
		if !strings.Contains(mail.Data, "Subject: =?utf-8?q?Socius:_Passwort_=C3=A4ndern?=") {
			t.Fatalf("the subject is not the German one, encoded: %s", mail.Data)
		}
	})
}
