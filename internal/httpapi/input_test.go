package httpapi_test

import (
	"strings"
	"testing"

	"socius/internal/testkit"
)

// badBodies are requests no handler may act on, built from the two fields
// of a valid one; pad makes a body over 1 MiB that is otherwise valid.
func badBodies(f1, v1, f2, v2 string) map[string]string {
	pad := strings.Repeat("a", 1<<20+100)
	obj := func(a, b string) string { return `{"` + f1 + `":` + a + `,"` + f2 + `":` + b + `}` }
	q := func(v string) string { return `"` + v + `"` }
	ok := obj(q(v1), q(v2))
	return map[string]string{
		"malformed":             strings.TrimSuffix(ok, "}") + ",",
		"not json":              f1 + "=" + v1 + "&" + f2 + "=" + v2,
		"array":                 "[" + ok + "]",
		"empty":                 "",
		"number for a string":   obj("5", q(v2)),
		"null for a string":     obj(q(v1), "null"),
		"huge unknown field":    strings.TrimSuffix(ok, "}") + `,"pad":"` + pad + `"}`,
		"huge value of a field": obj(q(v1), q(pad)),
	}
}

func expectJSONError(t *testing.T, what string, res *testkit.Response) {
	t.Helper()
	if res.Status != 400 {
		t.Fatalf("%s: want 400, got %d %.300s", what, res.Status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: Content-Type %q", what, ct)
	}
	if res.Message() == "" || res.Code() == "" || len(res.JSON) != 2 {
		t.Fatalf("%s: want exactly {message, code}, got %.300s", what, res.Body)
	}
}

func TestBadInput(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		uid := k.User("ana", 0)
		hash := passwordHash(t, k, "ana")

		t.Run("login", func(t *testing.T) {
			c := k.Client()
			c.Token()
			bodies := badBodies("username", "ana", "password", testkit.Password)
			for what, body := range bodies {
				res := c.Raw("POST", "/api/user/login", body, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"})
				expectJSONError(t, what, res)
				if strings.HasPrefix(what, "huge") && res.Code() != "request.too_large" {
					t.Errorf("%s: code %q, want request.too_large", what, res.Code())
				}
			}
			if n := k.Count("sessions", ""); n != 0 {
				t.Fatalf("bad logins opened %d sessions", n)
			}
			if n := k.Count("login_failures", ""); n != 0 {
				t.Fatalf("bad requests counted as %d failed logins", n)
			}
		})

		t.Run("change_password", func(t *testing.T) {
			c := mustLogin(t, k, "ana", testkit.Password)
			bodies := badBodies("old_password", testkit.Password, "password", "nueva-clave-123")
			for what, body := range bodies {
				res := c.Raw("POST", "/api/change_password", body, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"})
				expectJSONError(t, what, res)
			}
			if passwordHash(t, k, "ana") != hash {
				t.Fatal("a bad request changed the password")
			}
			if n := k.Count("sessions", "user_id = ?", uid); n != 1 {
				t.Fatalf("sessions: want 1, got %d", n)
			}
			expectOK(t, "still logged in", c.Do("GET", "/api/user/me", nil))
		})
	})
}
