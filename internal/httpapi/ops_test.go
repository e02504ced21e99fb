package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/testkit"
)

// lockedBuffer is a log the server writes from many requests at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func probe(t *testing.T, k *testkit.Kit, path string) (int, string) {
	t.Helper()
	res := k.Client().Raw("GET", path, "", nil)
	return res.Status, strings.TrimSpace(string(res.Body))
}

// The balancer's checks: /healthz while the process answers, /readyz while
// the database answers with this binary's schema and no shutdown has begun;
// neither needs a session, and neither tells a stranger more than a reason.
func TestProbes(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		if st, body := probe(t, k, "/healthz"); st != 200 || body != "ok" {
			t.Fatalf("healthz: %d %q", st, body)
		}
		// a request id is taken only from a proxy the server trusts (not this kit's)
		if got := k.Client().Raw("GET", "/healthz", "", map[string]string{"X-Request-ID": "quoted-by-a-club"}).Header.Get("X-Request-ID"); got == "quoted-by-a-club" || len(got) != 16 {
			t.Fatalf("an untrusted client chose its request id: %q", got)
		}
		if st, body := probe(t, k, "/readyz"); st != 200 || body != "ready" {
			t.Fatalf("readyz: %d %q", st, body)
		}
		// a schema behind this binary's (a newer binary's start not yet migrated, or an old one)
		ctx := context.Background()
		have, want, err := k.App.DB.SchemaVersion(ctx)
		if err != nil || have != want || want < 24 {
			t.Fatalf("schema version %d of %d: %v", have, want, err)
		}
		exec(t, k, `UPDATE goose_db_version SET version_id = 9999 WHERE version_id = ?`, want)
		if st, body := probe(t, k, "/readyz"); st != 503 || body != "schema newer than this binary" {
			t.Fatalf("readyz with a newer schema: %d %q", st, body)
		}
		exec(t, k, `UPDATE goose_db_version SET version_id = 3 WHERE version_id = 9999`)
		if st, body := probe(t, k, "/readyz"); st != 503 || body != "schema not migrated" {
			t.Fatalf("readyz with an older schema: %d %q", st, body)
		}
		exec(t, k, `UPDATE goose_db_version SET version_id = ? WHERE version_id = 3 AND id = (SELECT MAX(id) FROM goose_db_version)`, want)
		if st, _ := probe(t, k, "/readyz"); st != 200 {
			t.Fatalf("readyz back: %d", st)
		}
		// the shutdown: not ready from its first moment, alive until the end
		k.App.API.BeginShutdown()
		if st, body := probe(t, k, "/readyz"); st != 503 || body != "shutting down" {
			t.Fatalf("readyz in shutdown: %d %q", st, body)
		}
		if st, _ := probe(t, k, "/healthz"); st != 200 {
			t.Fatalf("healthz in shutdown: %d", st)
		}
	})
}

// With the database gone the instance is alive but not ready, and a call
// that needs the database gets the generic error with the request's id,
// which is also its X-Request-ID.
func TestReadinessWithTheDatabaseGone(t *testing.T) {
	testkit.EachWith(t, func(c *app.Config) { c.TrustProxy = true }, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Alfa", access.Socios)
		k.User("ana", club, access.Administrador)
		c := mustLogin(t, k, "ana", testkit.Password)
		k.App.DB.Close()
		if st, body := probe(t, k, "/readyz"); st != 503 || body != "database unreachable" {
			t.Fatalf("readyz without a database: %d %q", st, body)
		}
		if st, _ := probe(t, k, "/healthz"); st != 200 {
			t.Fatalf("healthz without a database: %d", st)
		}
		res := c.Raw("GET", "/api/ficha_socio?association="+itoa(club), "", map[string]string{"X-Request-ID": "lb-7f3a"})
		if res.Status != 500 || res.Code() != "server.error" || res.JSON["request_id"] != "lb-7f3a" || res.Header.Get("X-Request-ID") != "lb-7f3a" {
			t.Fatalf("a call without a database: %s (X-Request-ID %q)", res, res.Header.Get("X-Request-ID"))
		}
		if strings.Contains(string(res.Body), "closed") || strings.Contains(string(res.Body), "sql") {
			t.Fatalf("the 500 answer tells the cause: %s", res.Body)
		}
	})
}

// A shutdown tells every open event stream to reconnect, and it ends.
func TestShutdownEndsEventStreams(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Alfa", access.Comunicacion)
		k.User("ana", club, access.Administrador)
		c := mustLogin(t, k, "ana", testkit.Password)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", k.Server.URL+"/api/events?association="+itoa(club), nil)
		res, err := c.HTTP.Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("events: %v %v", res, err)
		}
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() && sc.Text() != ": connected" {
		}
		k.App.API.BeginShutdown()
		var rest []string
		for sc.Scan() {
			rest = append(rest, sc.Text())
		}
		if ctx.Err() != nil || !strings.Contains(strings.Join(rest, "\n"), "retry: 1000") {
			t.Fatalf("the stream after the shutdown began (ended by the deadline: %v): %q", ctx.Err() != nil, rest)
		}
	})
}

// The metrics count each route under its pattern: no label carries an id, a
// name or anything else a request chose.
func TestMetricsLabelsArePatterns(t *testing.T) {
	testkit.EachWith(t, func(c *app.Config) { c.MetricsAddr = "127.0.0.1:0" }, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Alfa", access.Socios, access.SoftwareGestionClub)
		k.User("ana", club, access.Administrador)
		c := mustLogin(t, k, "ana", testkit.Password)
		nid := num(saveMember(t, c, socio(club, "Zacarías", "Quintanilla", "12345678Z"))["nid"])
		c.Do("GET", "/api/ficha_socio/"+itoa(nid)+"/data_export?association="+itoa(club), nil)
		c.Do("GET", "/api/ficha_socio/98765?association="+itoa(club), nil)
		c.Do("GET", "/api/no_such_thing/5551234", nil)
		k.Client().Raw("GET", "/wp-admin/5551234", "", nil)
		k.Client().Raw("XYZ123", "/api/no_such_thing", "", nil) // any token is a method to net/http
		k.Client().Login("ana", "wrong-password-1")
		k.Client().Login("nobody-at-all", "wrong-password-1")

		rec := httptest.NewRecorder()
		k.App.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		text := rec.Body.String()
		for _, want := range []string{
			`socius_http_request_duration_seconds_count{code="2xx",method="GET",route="/api/ficha_socio/{nid}/data_export"} 1`,
			`socius_http_request_duration_seconds_count{code="2xx",method="POST",route="/api/ficha_socio"} 1`,
			`socius_http_request_duration_seconds_count{code="4xx",method="GET",route="/api/"} 1`,
			`socius_http_request_duration_seconds_count{code="4xx",method="POST",route="/api/user/login"} 2`,
			`socius_login_failures_total 2`,
			`socius_build_info{`,
			`go_sql_in_use_connections{db_name=`,
			`go_goroutines `,
			`method="OTHER"`,
		} {
			if !strings.Contains(text, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
		// every route label is a pattern of the route table, or "other"
		patterns := map[string]bool{"other": true, "/api/": true, "/healthz": true, "/readyz": true}
		for _, r := range k.App.API.Routes() {
			patterns[r.Path] = true
		}
		for _, l := range regexp.MustCompile(`route="([^"]*)"`).FindAllStringSubmatch(text, -1) {
			if !patterns[l[1]] && !strings.HasPrefix(l[1], "/app/") && l[1] != "/" {
				t.Errorf("a route label is not a pattern: %q", l[1])
			}
		}
		for _, bad := range []string{"XYZ123", "98765", "5551234", "Zacar", "12345678Z", "nobody-at-all", "wp-admin", "/" + itoa(nid) + "/"} {
			if strings.Contains(text, bad) {
				t.Errorf("the metrics carry %q", bad)
			}
		}
	})
}

// One log line per request, tied to it by the request id, with no secret in
// it: a password, a session token, a CSRF token, a member's name and DNI are
// sent and none reaches the log.
func TestRequestLogHoldsNoSecret(t *testing.T) {
	var logs sync.Map // each engine's app logs to its own buffer, found by its database
	testkit.EachWith(t, func(c *app.Config) {
		buf := &lockedBuffer{}
		logs.Store(c.DB, buf)
		c.LogOutput, c.LogRequests, c.LogFormat, c.TrustProxy = buf, true, "json", true
	}, func(t *testing.T, k *testkit.Kit) {
		v, _ := logs.Load(k.App.Cfg.DB)
		buf := v.(*lockedBuffer)
		club := k.Club("Alfa", access.Socios, access.SoftwareGestionClub)
		k.User("ana", club, access.Administrador)
		c := mustLogin(t, k, "ana", "secreto-123")
		k.Client().Login("ana", "Contraseña-Mala-77")
		saveMember(t, c, socio(club, "Zacarías", "Quintanilla", "12345678Z"))
		res := c.Raw("GET", "/api/ficha_socio?association="+itoa(club)+"&search=12345678Z", "", map[string]string{"X-Request-ID": "abc; level=ERROR msg=\"forged\" " + strings.Repeat("x", 100)})
		got := res.Header.Get("X-Request-ID")
		if got != "abclevelERRORmsgforged"+strings.Repeat("x", 64-len("abclevelERRORmsgforged")) {
			t.Fatalf("a proxy's request id is kept cleaned and bounded: %q", got)
		}
		made := k.Client().Raw("GET", "/api/vue_version", "", nil).Header.Get("X-Request-ID")
		if len(made) != 16 {
			t.Fatalf("a request without an id gets one: %q", made)
		}

		log := buf.String()
		for _, secret := range []string{"secreto-123", "Contraseña-Mala-77", "Zacar", "Quintanilla", "12345678Z", c.CSRF, cookie(k, c, "socius_session"), "search="} {
			if secret != "" && strings.Contains(log, secret) {
				t.Errorf("the log holds %q", secret)
			}
		}
		lines := 0
		for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
			var e map[string]any
			if err := json.Unmarshal([]byte(l), &e); err != nil {
				t.Fatalf("not a JSON line: %q", l)
			}
			if e["msg"] != "request" {
				continue
			}
			lines++
			for _, f := range []string{"time", "request_id", "method", "route", "status", "duration_ms", "bytes", "club", "user"} {
				if _, ok := e[f]; !ok {
					t.Errorf("a request line lacks %s: %s", f, l)
				}
			}
			if e["request_id"] == got && (e["route"] != "/api/ficha_socio" || e["club"] != float64(club) || e["user"] == float64(0) || e["status"] != float64(200)) {
				t.Errorf("the search's line: %s", l)
			}
		}
		if lines < 6 || !strings.Contains(log, `"request_id":"`+got+`"`) || !strings.Contains(log, `"request_id":"`+made+`"`) {
			t.Fatalf("%d request lines, the searched and the made id in them:\n%s", lines, log)
		}
	})
}
