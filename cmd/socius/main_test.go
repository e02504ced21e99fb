package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/db"
)

// cli runs the command with the database flags of the test.
type cli struct {
	t      *testing.T
	dbPath string
	data   string
}

func newCLI(t *testing.T) *cli {
	dir := t.TempDir()
	return &cli{t: t, dbPath: filepath.Join(dir, "socius.db"), data: dir}
}

func (c *cli) run(stdin string, args ...string) (string, error) {
	c.t.Helper()
	var out bytes.Buffer
	args = append(args, "--db", c.dbPath, "--data", c.data)
	err := run(context.Background(), args, strings.NewReader(stdin), &out)
	return out.String(), err
}

// id runs a command that must print a number.
func (c *cli) id(stdin string, args ...string) int64 {
	c.t.Helper()
	out, err := c.run(stdin, args...)
	if err != nil {
		c.t.Fatalf("%v: %v", args, err)
	}
	id, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil || id <= 0 {
		c.t.Fatalf("%v printed %q, want an id", args, out)
	}
	return id
}

// open opens the database the commands wrote, to check it.
func (c *cli) open() *app.App {
	c.t.Helper()
	cfg, err := app.Load(map[string]*string{})
	if err != nil {
		c.t.Fatal(err)
	}
	cfg.DB, cfg.DataDir = c.dbPath, c.data
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.t.Cleanup(func() { a.Close() })
	return a
}

func flagsOf(t *testing.T, a *app.App, id int64) []string {
	t.Helper()
	cl, err := a.Clubs.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for f, on := range cl.Flags {
		if on {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

func wantErr(t *testing.T, err error, contains ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error mentioning %q, got none", contains)
	}
	for _, s := range contains {
		if !strings.Contains(err.Error(), s) {
			t.Fatalf("error %q does not mention %q", err, s)
		}
	}
}

func TestAdminCommands(t *testing.T) {
	ctx := context.Background()
	c := newCLI(t)

	clubID := c.id("", "admin", "club", "create", "--title", "Club Uno", "--flags", "socios,monedero")
	other := c.id("", "admin", "club", "create", "--title", "Club Dos", "--flags", "all")
	if other == clubID {
		t.Fatal("two clubs got one id")
	}
	a := c.open()
	if got := flagsOf(t, a, clubID); !slices.Equal(got, []string{access.Monedero, access.Socios}) {
		t.Fatalf("flags of the new club: %v", got)
	}
	if got := flagsOf(t, a, other); len(got) != len(access.Flags) {
		t.Fatalf("--flags all gave %v", got)
	}

	t.Run("club flags", func(t *testing.T) {
		if got := c.id("", "admin", "club", "flags", "--club", strconv.FormatInt(clubID, 10), "--set", "comunicacion,cupones", "--unset", "monedero"); got != clubID {
			t.Fatalf("printed %d", got)
		}
		if got := flagsOf(t, a, clubID); !slices.Equal(got, []string{access.Comunicacion, access.Cupones, access.Socios}) {
			t.Fatalf("flags after set/unset: %v", got)
		}
		_, err := c.run("", "admin", "club", "flags", "--club", "999", "--set", "socios")
		if err == nil {
			t.Fatal("flags of a missing club accepted")
		}
	})

	t.Run("unknown flag or role", func(t *testing.T) {
		_, err := c.run("", "admin", "club", "create", "--title", "Club Malo", "--flags", "socios,bogus")
		wantErr(t, err, `unknown flag "bogus"`, "socios")
		_, err = c.run("", "admin", "club", "flags", "--club", strconv.FormatInt(clubID, 10), "--set", "Socios")
		wantErr(t, err, `unknown flag "Socios"`)
		if n, _ := a.Clubs.Count(ctx); n != 2 {
			t.Fatalf("a refused club was created: %d clubs", n)
		}
		_, err = c.run("clave-segura-1\n", "admin", "user", "create", "--username", "mala", "--email", "m@x.test",
			"--club", strconv.FormatInt(clubID, 10), "--roles", "Administrador,Jefe", "--password", "-")
		wantErr(t, err, `unknown role "Jefe"`, "Administrador")
		_, err = c.run("", "admin", "user", "create", "--username", "mala", "--email", "m@x.test",
			"--club", strconv.FormatInt(clubID, 10), "--password", "clave-segura-1")
		wantErr(t, err, "--roles")
		if _, err := a.Auth.UserByName(ctx, "mala"); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("a refused user was created: %v", err)
		}
	})

	t.Run("user create and password", func(t *testing.T) {
		uid := c.id("clave-segura-1\n", "admin", "user", "create", "--username", "jefa", "--email", "jefa@x.test",
			"--name", "Jefa", "--club", strconv.FormatInt(clubID, 10), "--roles", "Administrador,Caja", "--password", "-")
		u, err := a.Auth.UserByName(ctx, "jefa")
		if err != nil || u.ID != uid || u.Email != "jefa@x.test" || u.Name != "Jefa" {
			t.Fatalf("user: %+v %v", u, err)
		}
		if ok, _ := auth.CheckPassword(u.Hash, "clave-segura-1"); !ok {
			t.Fatal("password from standard input not set (or kept its newline)")
		}
		st, err := a.Clubs.StaffOf(ctx, uid, clubID)
		if err != nil || !st.IsStaff || !st.Active || !slices.Equal(st.Roles, []string{access.Administrador, access.Caja}) {
			t.Fatalf("staff record: %+v %v", st, err)
		}
		_, err = c.run("otra-clave-1\n", "admin", "user", "create", "--username", "JEFA", "--email", "j2@x.test", "--password", "-")
		wantErr(t, err, "taken")
		if u.ProviderAdmin {
			t.Fatal("a club's Administrador is a provider administrator")
		}
		// a provider administrator needs no club
		pid := c.id("clave-proveedor-1\n", "admin", "user", "create", "--username", "prov", "--email", "prov@x.test", "--password", "-", "--provider-admin")
		if p, err := a.Auth.UserByName(ctx, "prov"); err != nil || p.ID != pid || !p.ProviderAdmin {
			t.Fatalf("provider administrator: %+v %v", p, err)
		}

		if got := c.id("nueva-clave-2\r\n", "admin", "user", "password", "--username", "jefa", "--password", "-"); got != uid {
			t.Fatalf("password printed %d, want %d", got, uid)
		}
		u, _ = a.Auth.UserByName(ctx, "jefa")
		if ok, _ := auth.CheckPassword(u.Hash, "nueva-clave-2"); !ok {
			t.Fatal("admin user password did not set the password")
		}
		_, err = c.run("", "admin", "user", "password", "--username", "jefa", "--password", "corta")
		wantErr(t, err, "at least 8")
		_, err = c.run("", "admin", "user", "password", "--username", "nadie", "--password", "larga-clave-1")
		wantErr(t, err, "no such user")
	})

	t.Run("novelty", func(t *testing.T) {
		id := c.id("", "admin", "novelty", "add", "--title", "Novedad", "--body", "<p>Hola</p>")
		list, err := a.Novelties.List(ctx, 10)
		if err != nil || len(list) != 1 || list[0].ID != id || list[0].Title != "Novedad" || list[0].Body != "<p>Hola</p>" {
			t.Fatalf("novelties: %+v %v", list, err)
		}
		_, err = c.run("", "admin", "novelty", "add", "--title", " ", "--body", "x")
		wantErr(t, err, "title")
	})

	t.Run("notify", func(t *testing.T) {
		// The provider's message is for every staff member of the club: the event stream's own gate.
		id := c.id("", "admin", "notify", "--club", "1", "--title", "Aviso", "--body", "Cerramos a las 20:00")
		var body string
		if err := a.DB.Get(ctx, &body, `SELECT body FROM club_events WHERE id = ? AND club_id = 1 AND type = 'push' AND gate = 'club'`, id); err != nil || body != "Cerramos a las 20:00" {
			t.Fatalf("club event %d: %q %v", id, body, err)
		}
		_, err := c.run("", "admin", "notify", "--club", "999", "--title", "x", "--body", "y")
		wantErr(t, err, "club")
	})

	t.Run("demo refuses a database with clubs", func(t *testing.T) {
		_, err := c.run("", "demo")
		if !errors.Is(err, app.ErrNotEmpty) {
			t.Fatalf("demo over clubs: %v", err)
		}
		wantErr(t, err, "--force")
		if n, _ := a.Clubs.Count(ctx); n != 2 {
			t.Fatalf("demo refused but clubs are now %d", n)
		}
	})

	t.Run("backup", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "copia.db")
		printed, err := c.run("", "backup", "--out", out)
		if err != nil || strings.TrimSpace(printed) != out {
			t.Fatalf("backup: %q %v", printed, err)
		}
		b, err := db.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		var titles []string
		if err := b.Select(ctx, &titles, `SELECT title FROM clubs ORDER BY id`); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(titles, []string{"Club Uno", "Club Dos"}) {
			t.Fatalf("clubs in the backup: %v", titles)
		}
		_, err = c.run("", "backup", "--out", out)
		wantErr(t, err, "exists")
		_, err = c.run("", "backup")
		wantErr(t, err, "--out")
	})

	t.Run("usage and unknown commands", func(t *testing.T) {
		out, err := c.run("", "help")
		if err != nil || !strings.Contains(out, "socius admin club create") {
			t.Fatalf("help: %q %v", out, err)
		}
		_, err = c.run("", "frobnicate")
		wantErr(t, err, `unknown command "frobnicate"`)
		_, err = c.run("", "admin", "club", "delete")
		wantErr(t, err, "unknown command")
	})
}

func TestDemoOnEmptyDatabase(t *testing.T) {
	c := newCLI(t)
	id := c.id("", "demo")
	a := c.open()
	ctx := context.Background()
	if n, _ := a.Clubs.Count(ctx); n != 2 {
		t.Fatalf("demo clubs: %d", n)
	}
	if got := flagsOf(t, a, id); len(got) != len(access.Flags) {
		t.Fatalf("demo club flags: %v", got)
	}
	u, err := a.Auth.UserByName(ctx, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.CheckPassword(u.Hash, app.DemoPassword); !ok {
		t.Fatal("demo admin password")
	}
	clubs, _ := a.Clubs.ForUser(ctx, u.ID)
	if len(clubs) != 2 {
		t.Fatalf("demo admin is staff of %d clubs, want 2", len(clubs))
	}
	// A second run is refused.
	if _, err := c.run("", "demo"); !errors.Is(err, app.ErrNotEmpty) {
		t.Fatalf("second demo: %v", err)
	}

	// --force starts again: what was added since is gone, the demo is as on a fresh database
	// (club 1, members from nº 8, one of each), and its logins work.
	extra := c.id("", "admin", "club", "create", "--title", "Club Norte")
	c.id("", "admin", "user", "create", "--username", "laura", "--password", "s3cret-pass-1", "--email", "laura@example.org",
		"--club", strconv.FormatInt(extra, 10), "--roles", "Administrador")
	var sales int
	if err := a.DB.Get(ctx, &sales, `SELECT COUNT(*) FROM orders`); err != nil || sales == 0 {
		t.Fatalf("the demo's orders: %d %v", sales, err)
	}
	day := time.Now().YearDay()
	if got := c.id("", "demo", "--force"); got != id {
		t.Fatalf("demo --force made club %d, want %d", got, id)
	}
	if n, _ := a.Clubs.Count(ctx); n != 2 {
		t.Fatalf("clubs after demo --force: %d", n)
	}
	if _, err := a.Auth.UserByName(ctx, "laura"); !errors.Is(err, auth.ErrNotFound) {
		t.Fatalf("a user added before demo --force: %v", err)
	}
	var members, first, again int
	if err := a.DB.Get(ctx, &members, `SELECT COUNT(*) FROM members WHERE club_id = ? AND is_staff = 0`, id); err != nil || members != 42 {
		t.Fatalf("members after demo --force: %d %v", members, err)
	}
	if err := a.DB.Get(ctx, &first, `SELECT MIN(number) FROM members WHERE club_id = ? AND is_staff = 0`, id); err != nil || first != 8 {
		t.Fatalf("first member number after demo --force: %d %v", first, err)
	}
	// the same month again (its plan has a fixed seed; it ends yesterday, so unless the day changed meanwhile)
	if err := a.DB.Get(ctx, &again, `SELECT COUNT(*) FROM orders`); err != nil || (again != sales && time.Now().YearDay() == day) {
		t.Fatalf("orders after demo --force: %d, the first demo had %d", again, sales)
	}
	u, err = a.Auth.UserByName(ctx, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.CheckPassword(u.Hash, app.DemoPassword); !ok {
		t.Fatal("demo admin password after demo --force")
	}
}

func TestGatesCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"gates"}, strings.NewReader(""), &out); err != nil {
		t.Fatal(err)
	}
	var g struct {
		Screens map[string]access.Rule `json:"screens"`
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil || len(g.Screens) != len(access.Screens) {
		t.Fatalf("gates output: %v, %d screens", err, len(g.Screens))
	}
	out.Reset()
	if err := run(context.Background(), nil, strings.NewReader(""), &out); err != nil || !strings.HasPrefix(out.String(), "socius") {
		t.Fatalf("no arguments: %q %v", out.String(), err)
	}
}
