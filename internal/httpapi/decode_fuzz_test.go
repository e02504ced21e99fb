package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/httpapi"
	"socius/internal/testkit"
)

// FuzzRequestDecoding sends arbitrary bodies to every club route that takes
// a JSON body, as an Administrador of a club with every flag: whatever the
// bytes, the answer is a reply of the API (JSON, below 500), never a crash
// or an internal error. The seeds are each route's schema example naming the
// club; make test-fuzz mutates them.
func FuzzRequestDecoding(f *testing.F) {
	k := testkit.New(f, "sqlite")
	club := k.Club("Fuzz", access.Flags...)
	k.User("fuzz", club, access.Roles...)
	c := k.Client()
	if res := c.Login("fuzz", testkit.Password); res.Status != 200 {
		f.Fatalf("login: %s", res)
	}
	oapi := k.App.API.OpenAPI()
	var routes []httpapi.Route
	for _, r := range k.App.API.Routes() {
		op := operation(oapi.Paths[r.Path], r.Method)
		if !clubGate(r) || op.RequestBody == nil || op.RequestBody.Content["application/json"] == nil {
			continue
		}
		routes = append(routes, r)
		body, _ := exampleOf(oapi, op.RequestBody.Content["application/json"].Schema, 0).(map[string]any)
		if body == nil {
			body = map[string]any{}
		}
		if r.Gate.From.In == "body" {
			body[r.Gate.From.Name] = club
		}
		b, _ := json.Marshal(body)
		f.Add(uint8(len(routes)-1), b)
	}
	f.Add(uint8(0), []byte(`{"asocid": 1e400}`))
	f.Add(uint8(1), []byte(`{"association": "1", "amount": "NaN"}`))
	f.Add(uint8(2), []byte(`[`))
	f.Add(uint8(3), []byte("\xff\xfe{}"))
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		r := routes[int(which)%len(routes)]
		path, _ := request(oapi, r, club) // the club where the route reads it; the body is the fuzzer's
		res := c.Raw(r.Method, path, string(body), map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"})
		if res.Status >= 500 || res.Status == 0 {
			t.Fatalf("%s %s with %q: %s", r.Method, path, body, res)
		}
		if ct := res.Header.Get("Content-Type"); res.Status != http.StatusOK && !strings.Contains(ct, "json") {
			t.Fatalf("%s %s with %q: a refusal that is not JSON (%s): %s", r.Method, path, body, ct, res)
		}
	})
}
