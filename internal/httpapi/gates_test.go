package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/access"
	"socius/internal/httpapi"
	"socius/internal/testkit"
)

// hit sends one request as browser c and decodes the reply; an event stream
// is not read (only its status and headers), so SSE routes do not hang.
func hit(t *testing.T, k *testkit.Kit, c *testkit.Client, method, path, body string) *testkit.Response {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, k.Server.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(body, "--"+formBoundary) {
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+formBoundary)
	} else if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.CSRF != "" {
		req.Header.Set("X-CSRF-Token", c.CSRF)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out := &testkit.Response{Status: res.StatusCode, Header: res.Header}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return out
	}
	out.Body, _ = io.ReadAll(res.Body)
	_ = json.Unmarshal(out.Body, &out.JSON)
	return out
}

// request builds a call of route r naming club (0: do not name a club). The
// rest of a club route's request is one the route's schema accepts (its required query
// parameters and body properties, from the OpenAPI document, with
// gateBodies where a value must be a particular one), so that what refuses a
// caller is the gate, not validation; other path parameters name a record
// that does not exist.
func request(oapi *huma.OpenAPI, r httpapi.Route, club int64) (path, body string) {
	path = r.Path
	ref := r.Gate.From
	op := operation(oapi.Paths[r.Path], r.Method)
	valid := clubGate(r) && op != nil
	query := url.Values{}
	fields := map[string]any{}
	if valid && op.RequestBody != nil && op.RequestBody.Content["application/json"] != nil {
		if ex, ok := exampleOf(oapi, op.RequestBody.Content["application/json"].Schema, 0).(map[string]any); ok {
			fields = ex
		}
		maps.Copy(fields, gateBodies[r.Method+" "+r.Path])
	}
	if club != 0 {
		switch ref.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+ref.Name+"}", itoa(club))
		case "query":
			query.Set(ref.Name, itoa(club))
		case "body", "form":
			fields[ref.Name] = club
		}
	}
	if valid {
		for _, p := range op.Parameters {
			if p.In == "query" && p.Required && p.Name != ref.Name {
				query.Set(p.Name, fmt.Sprint(exampleOf(oapi, p.Schema, 0)))
			}
		}
	}
	path = fillParams(path, "999999")
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	if ref.In == "form" {
		// a multipart form with the club field and one small text file
		var b strings.Builder
		for k, v := range fields {
			fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=%q\r\n\r\n%v\r\n", formBoundary, k, v)
		}
		fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhola\r\n--%s--\r\n", formBoundary, formBoundary)
		return path, b.String()
	}
	if r.Method != http.MethodGet {
		b, _ := json.Marshal(fields)
		body = string(b)
	}
	return path, body
}

// gateBodies are the body values of a route that its schema alone does not
// give a valid example of.
var gateBodies = map[string]map[string]any{}

const formBoundary = "socius-test-boundary"

// fillParams puts value in every path parameter still left in path.
func fillParams(path, value string) string {
	for strings.Contains(path, "{") {
		i := strings.Index(path, "{")
		j := strings.Index(path[i:], "}")
		path = path[:i] + value + path[i+j+1:]
	}
	return path
}

func clubGate(r httpapi.Route) bool { return r.Gate.Kind == httpapi.Club("", httpapi.Query("x")).Kind }

func publicGate(r httpapi.Route) bool { return r.Gate.Kind == httpapi.Public().Kind }

func providerGate(r httpapi.Route) bool { return r.Gate.Kind == httpapi.Provider().Kind }

func denial(name string) string { return "Access denied for user " + name }

// refusedByGate reports whether a reply is one of the gate's refusals.
func refusedByGate(res *testkit.Response) bool {
	return res.Status == 401 || res.Status == 403 || strings.HasPrefix(res.Code(), "club.") ||
		res.Code() == "auth.anonymous" || res.Code() == "auth.csrf"
}

// typeGates are club routes whose gate needs no flag but whose handler then
// checks the gate of what the body names (a category's type, whose screen
// needs a flag): in a club without flags, that check refuses.
var typeGates = map[string]bool{"POST /api/association_category": true}

// reached reports whether a reply came from the route's handler: not a
// refusal of the gate, nor of the request's shape (huma's validation), nor a
// crash.
func reached(res *testkit.Response) bool {
	return !refusedByGate(res) && res.Code() != "request.invalid" && res.Status < 500
}

// contractCalls are the calls of docs/api-contract.md.
var contractCalls = []string{
	"GET /services/session/token", "POST /api/user/login", "POST /api/user/logout", "GET /api/user/me",
	"POST /api/change_password", "POST /api/user/request_new_password", "POST /api/user/reset_password",
	"GET /api/vue_version", "GET /api/app_config", "GET /api/updates_news", "GET /api/association/mine",
	"GET /api/association/retrieve", "PUT /api/association/{id}", "GET /api/events",
}

// TestGates walks the whole route table: every route is checked with no
// session and, for club routes, with a user outside the club, a club without
// the flag, a user without the role, and a user who may call it.
func TestGates(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		full := k.Club("Completo", access.Flags...)
		bare := k.Club("Sin funciones")
		const nowhere = 987654
		boss := k.User("boss", full, access.Roles...)
		addStaff(t, k, bare, boss, access.Roles...)
		k.User("outsider", 0)

		anon := k.Client()
		anon.Token()
		bossC := mustLogin(t, k, "boss", testkit.Password)
		outsider := mustLogin(t, k, "outsider", testkit.Password)
		providerC := providerAdmin(t, k, "provider")
		roleUsers := map[string]*testkit.Client{} // a staff user of full with one role
		roleUser := func(role string) (*testkit.Client, string) {
			name := "rol" + itoa(int64(slices.Index(access.Roles, role)))
			if c, ok := roleUsers[role]; ok {
				return c, name
			}
			k.User(name, full, role)
			roleUsers[role] = mustLogin(t, k, name, testkit.Password)
			return roleUsers[role], name
		}

		// A plain member of full with an online account, and an inactive one.
		for i, name := range []string{"plain", "lapsed"} {
			uid := k.User(name, 0)
			exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, ?, 0, ?, 0)`, full, uid, 900+i, 1-i)
		}
		plain := mustLogin(t, k, "plain", testkit.Password)
		lapsed := mustLogin(t, k, "lapsed", testkit.Password)
		roleUsers0 := func(missing []string) *testkit.Client {
			if len(missing) == 0 {
				return nil
			}
			c, _ := roleUser(missing[0])
			return c
		}

		oapi := k.App.API.OpenAPI()
		routes := k.App.API.Routes()
		var table []string
		for _, r := range routes {
			table = append(table, r.Method+" "+r.Path)
		}
		for _, call := range contractCalls {
			if !slices.Contains(table, call) {
				t.Errorf("%s (docs/api-contract.md) is not in the route table", call)
			}
		}
		clubRoutes := 0
		for _, r := range routes {
			t.Run(r.Method+" "+r.Path, func(t *testing.T) {
				path, body := request(oapi, r, full)
				res := hit(t, k, anon, r.Method, path, body)
				if publicGate(r) {
					if res.Code() == "auth.anonymous" || res.Status == 401 {
						t.Fatalf("public route refused anonymously: %s", res)
					}
					return
				}
				expectErr(t, "no session", res, 403, "auth.anonymous", msgAnonymous)
				if providerGate(r) {
					// Only a provider administrator passes: not a user, not a club's Administrador.
					expectErr(t, "a user", hit(t, k, outsider, r.Method, path, body), 403, "access.denied", denial("outsider"))
					expectErr(t, "a club's Administrador", hit(t, k, bossC, r.Method, path, body), 403, "access.denied", denial("boss"))
					if res := hit(t, k, providerC, r.Method, path, body); refusedByGate(res) {
						t.Fatalf("provider route refused a provider administrator: %s", res)
					}
					return
				}
				if !clubGate(r) {
					// Any logged-in user passes a user gate.
					if res := hit(t, k, outsider, r.Method, path, body); refusedByGate(res) {
						t.Fatalf("user route refused a logged-in user: %s", res)
					}
					return
				}
				clubRoutes++
				rule := r.Gate.Rule()

				expectErr(t, "user without member record", hit(t, k, outsider, r.Method, path, body), 400, "club.no_member_record", msgNoMember)
				p, b := request(oapi, r, nowhere)
				expectErr(t, "club that does not exist", hit(t, k, bossC, r.Method, p, b), 400, "club.no_member_record", msgNoMember)

				p, b = request(oapi, r, bare)
				res = hit(t, k, bossC, r.Method, p, b)
				if len(rule.Flags) > 0 {
					expectErr(t, "club without the flags "+strings.Join(rule.Flags, ","), res, 403, "access.feature", denial("boss"))
				} else if typeGates[r.Method+" "+r.Path] {
					expectErr(t, "club without flags, the category type's own gate", res, 403, "access.feature", denial("boss"))
				} else if refusedByGate(res) {
					t.Fatalf("route without flags refused in a club without flags: %s", res)
				}

				var missing []string
				for _, role := range access.Roles {
					if !slices.Contains(rule.Roles, role) {
						missing = append(missing, role)
					}
				}
				if r.Gate.Members {
					// Open to the club's members: any role, or none, passes; an inactive member does not.
					for _, c := range []*testkit.Client{plain, roleUsers0(missing)} {
						if c == nil {
							continue
						}
						if res := hit(t, k, c, r.Method, path, body); !reached(res) {
							t.Fatalf("a member of the club refused by a members' gate: %s", res)
						}
					}
					expectErr(t, "inactive member", hit(t, k, lapsed, r.Method, path, body), 403, "access.denied", denial("lapsed"))
				} else {
					expectErr(t, "a member who is not staff", hit(t, k, plain, r.Method, path, body), 403, "access.denied", denial("plain"))
				}
				if !r.Gate.Members && len(rule.Roles) > 0 && len(missing) > 0 {
					c, name := roleUser(missing[0])
					expectErr(t, "staff with role "+missing[0], hit(t, k, c, r.Method, path, body), 403, "access.role", denial(name))
				}
				if len(rule.Roles) > 0 {
					c, _ := roleUser(rule.Roles[0])
					if res := hit(t, k, c, r.Method, path, body); !reached(res) {
						t.Fatalf("staff with role %s refused: %s", rule.Roles[0], res)
					}
				}

				res = hit(t, k, bossC, r.Method, path, body)
				if !reached(res) {
					t.Fatalf("staff with every role in a club with every flag: %s", res)
				}
			})
		}
		if clubRoutes == 0 {
			t.Fatal("no club route was checked")
		}
	})
}

func operation(pi *huma.PathItem, method string) *huma.Operation {
	switch method {
	case http.MethodGet:
		return pi.Get
	case http.MethodPost:
		return pi.Post
	case http.MethodPut:
		return pi.Put
	case http.MethodPatch:
		return pi.Patch
	case http.MethodDelete:
		return pi.Delete
	}
	return nil
}

// TestClubParameter fails when a club route names its club in a parameter
// the route does not have, and checks the refusal when a client leaves it out.
func TestClubParameter(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		full := k.Club("Completo", access.Flags...)
		k.User("boss", full, access.Roles...)
		bossC := mustLogin(t, k, "boss", testkit.Password)
		oapi := k.App.API.OpenAPI()

		for _, r := range k.App.API.Routes() {
			if !clubGate(r) {
				continue
			}
			t.Run(r.Method+" "+r.Path, func(t *testing.T) {
				ref := r.Gate.From
				if ref.Name == "" {
					t.Fatalf("club gate without a parameter name: %+v", r.Gate)
				}
				op := operation(oapi.Paths[r.Path], r.Method)
				if op == nil {
					t.Fatal("route missing from the OpenAPI document")
				}
				switch ref.In {
				case "path":
					if !strings.Contains(r.Path, "{"+ref.Name+"}") {
						t.Fatalf("club taken from path parameter %q that %s does not have", ref.Name, r.Path)
					}
				case "query":
					found := false
					for _, p := range op.Parameters {
						found = found || (p.In == "query" && p.Name == ref.Name)
					}
					if !found {
						t.Fatalf("club taken from query parameter %q that the operation does not declare", ref.Name)
					}
				case "body":
					if op.RequestBody == nil || op.RequestBody.Content["application/json"] == nil {
						t.Fatalf("club taken from body field %q of an operation without a JSON body", ref.Name)
					}
					s := op.RequestBody.Content["application/json"].Schema
					if s.Ref != "" {
						s = oapi.Components.Schemas.SchemaFromRef(s.Ref)
					}
					if s == nil || s.Properties[ref.Name] == nil {
						t.Fatalf("club taken from body field %q the request body does not have", ref.Name)
					}
				case "form":
					if op.RequestBody == nil || op.RequestBody.Content["multipart/form-data"] == nil {
						t.Fatalf("club taken from form field %q of an operation without a multipart body", ref.Name)
					}
				default:
					t.Fatalf("club gate reads its club from %q", ref.In)
				}

				if ref.In == "path" {
					return // a path without the club does not reach the route
				}
				path, body := request(oapi, r, 0)
				res := hit(t, k, bossC, r.Method, path, body)
				if r.Gate.ClubOptional {
					if refusedByGate(res) || res.Status >= 500 {
						t.Fatalf("optional club: want the user's first club, got %s", res)
					}
					return
				}
				expectErr(t, "club missing", res, 400, "club.required", "")
				if !strings.Contains(res.Message(), ref.Name) {
					t.Fatalf("club.required message %q does not name %q", res.Message(), ref.Name)
				}
			})
		}
	})
}
