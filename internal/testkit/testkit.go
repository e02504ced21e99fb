// Package testkit starts the real application on a temporary database for
// tests: SQLite always, and PostgreSQL too when SOCIUS_TEST_POSTGRES_URL is set
// (each test in a schema of its own). Requests go over real HTTP.
package testkit

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jmoiron/sqlx"

	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/db"
)

// Password is the password of every fixture user.
const Password = "secreto-123"

// Kit is a running app.
type Kit struct {
	T      testing.TB
	App    *app.App
	Server *httptest.Server
	Engine string
}

// Engines lists the databases the store tests run on.
func Engines() []string {
	e := []string{"sqlite"}
	if os.Getenv("SOCIUS_TEST_POSTGRES_URL") != "" {
		e = append(e, "postgres")
	}
	return e
}

// Each runs fn once per engine as subtests, side by side: each engine's app
// and database are its own, so fn must not change anything the engines share
// (a variable of the test, a recording server); EachInTurn is for those.
func Each(t *testing.T, fn func(t *testing.T, k *Kit)) { EachWith(t, nil, fn) }

// EachWith is Each on apps whose settings configure has changed (NewWith).
func EachWith(t *testing.T, configure func(*app.Config), fn func(t *testing.T, k *Kit)) {
	for _, e := range Engines() {
		t.Run(e, func(t *testing.T) {
			t.Parallel()
			fn(t, NewWith(t, e, configure))
		})
	}
}

// EachInTurn runs fn once per engine as subtests, one after the other.
func EachInTurn(t *testing.T, fn func(t *testing.T, k *Kit)) {
	for _, e := range Engines() {
		t.Run(e, func(t *testing.T) { fn(t, New(t, e)) })
	}
}

// migratedPostgres names a PostgreSQL database, migrated and empty, that kits
// are cloned from (CREATE DATABASE … TEMPLATE), for the same reason as
// migratedSQLite. Its name carries a digest of the migrations, so test
// binaries and runs share it until a migration changes; making a new one
// drops older templates but the three newest, which other checkouts testing
// at the same time may still be cloning (a kit whose template went anyway
// makes it again). An advisory lock keeps two test
// binaries from making it at once, and it is built under another name and
// renamed when complete, so a run stopped halfway leaves no broken template.
var migratedPostgres = sync.OnceValues(postgresTemplate)

// postgresTemplate makes the template of this binary's migrations unless it is there.
func postgresTemplate() (string, error) {
	digest, err := db.MigrationsDigest(db.Postgres)
	if err != nil {
		return "", err
	}
	name := "socius_tmpl_" + digest[:16]
	ctx := context.Background()
	admin, err := sqlx.Open("pgx", os.Getenv("SOCIUS_TEST_POSTGRES_URL"))
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Connx(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	const lockKey = 7341001
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", lockKey) //nolint:errcheck // the connection closes next
	var have int
	if err := conn.GetContext(ctx, &have, "SELECT COUNT(*) FROM pg_database WHERE datname = $1", name); err != nil || have > 0 {
		return name, err
	}
	var old []string
	if err := conn.SelectContext(ctx, &old, `SELECT datname FROM pg_database WHERE datname LIKE 'socius\_tmpl\_%' ORDER BY oid DESC OFFSET 3`); err != nil {
		return "", err
	}
	for _, o := range old {
		if _, err := conn.ExecContext(ctx, `DROP DATABASE IF EXISTS "`+o+`" WITH (FORCE)`); err != nil {
			return "", err
		}
	}
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	dsn, err := withDatabase(os.Getenv("SOCIUS_TEST_POSTGRES_URL"), building)
	if err != nil {
		return "", err
	}
	d, err := db.Open(dsn)
	if err != nil {
		return "", err
	}
	err = d.Migrate(ctx)
	d.Close()
	if err != nil {
		return "", err
	}
	_, err = conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name)
	return name, err
}

// withDatabase is the PostgreSQL URL base naming another database.
func withDatabase(base, name string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme == "" {
		return "", fmt.Errorf("SOCIUS_TEST_POSTGRES_URL is not a postgres:// URL")
	}
	u.Path = "/" + name
	return u.String(), nil
}

// migratedPostgresDSN is a database of its own for a kit, cloned from the
// migrated template and dropped when the test ends.
func migratedPostgresDSN(t testing.TB) string {
	tmpl, err := migratedPostgres()
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	admin, err := sqlx.Open("pgx", os.Getenv("SOCIUS_TEST_POSTGRES_URL"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + tmpl)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "3D000" {
		// Another checkout's tests, with other migrations, replaced the template
		// since this binary made it: make it again.
		if _, err = postgresTemplate(); err == nil {
			_, err = admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + tmpl)
		}
	}
	if err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	dsn, err := withDatabase(os.Getenv("SOCIUS_TEST_POSTGRES_URL"), name)
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// Migrated is a fresh database of engine with every migration applied, closed
// when the test ends: for tests of a store below the application.
func Migrated(t testing.TB, engine string) *db.DB {
	t.Helper()
	d, err := db.Open(DSN(t, engine))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// DSN returns a fresh database for engine, removed when the test ends.
func DSN(t testing.TB, engine string) string {
	if engine != "postgres" {
		return filepath.Join(t.TempDir(), "socius.db")
	}
	base := os.Getenv("SOCIUS_TEST_POSTGRES_URL")
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sqlx.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}

// migratedSQLite is a migrated, empty SQLite database, made once per test
// binary: a kit starts from a copy of it instead of running every migration
// again (under the race detector that took seconds per kit, most of the API
// tests' time). The schema test and the crash test still migrate from empty
// (DSN).
var migratedSQLite = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "socius-testkit-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	d, err := db.Open(filepath.Join(dir, "migrated.db"))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	ctx := context.Background()
	if err := d.Migrate(ctx); err != nil {
		return nil, err
	}
	snapshot := filepath.Join(dir, "snapshot.db")
	if _, err := d.W.ExecContext(ctx, "VACUUM INTO ?", snapshot); err != nil {
		return nil, err
	}
	return os.ReadFile(snapshot)
})

// New starts the app on engine ("sqlite" or "postgres").
func New(t testing.TB, engine string) *Kit { return NewWith(t, engine, nil) }

// NewWith starts the app on engine after configure has changed its settings
// (an SMS gateway or SMTP server of the test, for instance).
func NewWith(t testing.TB, engine string, configure func(*app.Config)) *Kit {
	cfg, err := app.Load(map[string]*string{})
	if err != nil {
		t.Fatal(err)
	}
	// A kit's users log in dozens of times per test; the cost of a stored
	// password is auth's own tests' subject, not the API's.
	cfg.FastHashing = true
	cfg.LogRequests = false // a test that reads the request log sets it, with LogOutput
	if engine == "postgres" {
		cfg.DB = migratedPostgresDSN(t)
	} else {
		cfg.DB = DSN(t, engine)
		migrated, err := migratedSQLite()
		if err == nil {
			err = os.WriteFile(cfg.DB, migrated, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	cfg.DataDir = t.TempDir()
	if configure != nil {
		configure(cfg)
	}
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Throttling delays are recorded, not slept, so tests stay fast.
	a.Auth.SetClock(nil, func(context.Context, time.Duration) {})
	srv := httptest.NewServer(a.API)
	ctx, cancel := context.WithCancel(context.Background())
	go a.Hub.Run(ctx, 50*time.Millisecond)
	t.Cleanup(func() {
		cancel()
		srv.Close()
		a.Close()
	})
	return &Kit{T: t, App: a, Server: srv, Engine: engine}
}

// Club creates a club with flags.
func (k *Kit) Club(title string, flags ...string) int64 {
	id, err := k.App.CreateClub(context.Background(), title, flags)
	if err != nil {
		k.T.Fatal(err)
	}
	return id
}

// User creates an account, staff of club with roles when club is not 0.
func (k *Kit) User(username string, club int64, roles ...string) int64 {
	id, err := k.App.CreateUser(context.Background(), app.NewStaffUser{NewUser: auth.NewUser{
		Username: username, Password: Password, Email: username + "@example.test", Name: strings.ToUpper(username[:1]) + username[1:]},
		ClubID: club, Roles: roles})
	if err != nil {
		k.T.Fatal(err)
	}
	return id
}

// Client is a browser: a cookie jar and the CSRF token.
type Client struct {
	k    *Kit
	HTTP *http.Client
	CSRF string
}

// Client returns a new anonymous browser.
func (k *Kit) Client() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{k: k, HTTP: &http.Client{Jar: jar}}
}

// Token fetches the CSRF token as the web app does.
func (c *Client) Token() string {
	res := c.Raw("GET", "/services/session/token", "", nil)
	c.CSRF = string(res.Body)
	return c.CSRF
}

// Login logs in and keeps the token of the reply; it fails the test on error.
func (c *Client) Login(username, password string) *Response {
	if c.CSRF == "" {
		c.Token()
	}
	res := c.Do("POST", "/api/user/login", map[string]string{"username": username, "password": password})
	if res.Status == 200 {
		c.CSRF = res.JSON["token"].(string)
	}
	return res
}

// Response is a decoded reply.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

// Message is the error message of a reply.
func (r *Response) Message() string { s, _ := r.JSON["message"].(string); return s }

// Code is the error code of a reply.
func (r *Response) Code() string { s, _ := r.JSON["code"].(string); return s }

func (r *Response) String() string { return fmt.Sprintf("%d %s", r.Status, r.Body) }

// Do sends body as JSON (nil for none) with the CSRF token.
func (c *Client) Do(method, path string, body any) *Response {
	var raw string
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.k.T.Fatal(err)
		}
		raw = string(b)
	}
	return c.Raw(method, path, raw, map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json"})
}

// Raw sends a body as it is with the given headers.
func (c *Client) Raw(method, path, body string, headers map[string]string) *Response {
	var rd io.Reader
	if body != "" {
		rd = bytes.NewBufferString(body)
	}
	req, err := http.NewRequest(method, c.k.Server.URL+path, rd)
	if err != nil {
		c.k.T.Fatal(err)
	}
	for h, v := range headers {
		if v != "" {
			req.Header.Set(h, v)
		}
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		c.k.T.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := &Response{Status: res.StatusCode, Header: res.Header, Body: b}
	_ = json.Unmarshal(b, &out.JSON)
	return out
}

// Count returns SELECT COUNT(*) FROM table [WHERE …].
func (k *Kit) Count(table, where string, args ...any) int {
	q := "SELECT COUNT(*) FROM " + table
	if where != "" {
		q += " WHERE " + where
	}
	var n int
	if err := k.App.DB.Get(context.Background(), &n, q, args...); err != nil {
		k.T.Fatal(err)
	}
	return n
}
