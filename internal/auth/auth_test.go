package auth_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"socius/internal/auth"
	"socius/internal/db"
	"socius/internal/testkit"
)

type clock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
func (c *clock) Sleep(_ context.Context, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
}

// each runs fn on a fresh migrated database of every engine with a service
// configured by cfg and a fake clock.
func each(t *testing.T, cfg auth.Config, fn func(t *testing.T, s *auth.Service, d *db.DB, c *clock)) {
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) {
			d := testkit.Migrated(t, engine)
			c := &clock{now: time.Unix(1_800_000_000, 0)}
			cfg.Now, cfg.Sleep = c.Now, c.Sleep
			fn(t, auth.New(d, cfg), d, c)
		})
	}
}

func count(t *testing.T, d *db.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := d.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func mustCreate(t *testing.T, s *auth.Service, u auth.NewUser) int64 {
	t.Helper()
	id, err := s.CreateUser(context.Background(), nil, u)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestDefaults(t *testing.T) {
	cfg := auth.New(nil, auth.Config{}).Config()
	want := auth.Config{IdleTimeout: 8 * time.Hour, MaxAge: 30 * 24 * time.Hour, ThrottleWindow: 15 * time.Minute,
		SlowAfter: 3, LockAfter: 10, AddressLimit: 100, AddressSlowAfter: 30, SlowStep: 400 * time.Millisecond,
		MaxDelay: 5 * time.Second, ResetValidity: time.Hour}
	if cfg.Now == nil || cfg.Sleep == nil {
		t.Fatal("no default clock or sleep")
	}
	cfg.Now, cfg.Sleep = nil, nil
	if !reflect.DeepEqual(cfg, want) {
		t.Fatalf("defaults: want %+v, got %+v", want, cfg)
	}
}

func TestPasswordHash(t *testing.T) {
	a, err := auth.HashPassword("correcto-1")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := auth.HashPassword("correcto-1")
	if a == b {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	if !strings.HasPrefix(a, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash format %q", a)
	}
	if ok, err := auth.CheckPassword(a, "correcto-1"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := auth.CheckPassword(b, "correcto-2"); ok {
		t.Fatal("wrong password accepted")
	}
	for _, bad := range []string{"", "plain", "$2y$10$bcrypthash", "$argon2id$v=19$m=x$a$b"} {
		if ok, err := auth.CheckPassword(bad, "correcto-1"); ok || err == nil {
			t.Errorf("hash %q: want an error, got %v %v", bad, ok, err)
		}
	}
}

func TestTokensAndNames(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		tok := auth.RandomToken(32)
		if len(tok) != 43 || strings.ContainsAny(tok, "+/=") || seen[tok] {
			t.Fatalf("token %q: want 43 URL-safe unique characters", tok)
		}
		seen[tok] = true
	}
	if auth.Normalise("  Ana.Puig@Example.TEST ") != "ana.puig@example.test" {
		t.Fatal("Normalise does not fold case and space")
	}
}

func TestCreateUser(t *testing.T) {
	each(t, auth.Config{}, func(t *testing.T, s *auth.Service, d *db.DB, _ *clock) {
		ctx := context.Background()
		// Lengths are characters, not bytes.
		id := mustCreate(t, s, auth.NewUser{Username: "Ana", Password: strings.Repeat("ñ", 8), Email: "Ana@Example.test"})
		for _, tc := range []struct {
			u    auth.NewUser
			want error
		}{
			{auth.NewUser{Username: " ana ", Password: "valida-123"}, auth.ErrUsernameTaken},
			{auth.NewUser{Username: "ANA", Password: "valida-123"}, auth.ErrUsernameTaken},
			{auth.NewUser{Username: "bea", Password: strings.Repeat("ñ", 7)}, auth.ErrPasswordTooShort},
			{auth.NewUser{Username: "bea", Password: strings.Repeat("x", 31)}, auth.ErrPasswordTooLong},
		} {
			if _, err := s.CreateUser(ctx, nil, tc.u); !errors.Is(err, tc.want) {
				t.Errorf("%+v: want %v, got %v", tc.u, tc.want, err)
			}
		}
		if _, err := s.CreateUser(ctx, nil, auth.NewUser{Username: "  ", Password: "valida-123"}); err == nil {
			t.Error("blank username accepted")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM users`); n != 1 {
			t.Fatalf("refused accounts were stored: %d users", n)
		}
		for _, name := range []string{"ana", "ANA", "ana@example.TEST"} {
			u, err := s.UserByName(ctx, name)
			if err != nil || u.ID != id || u.Username != "Ana" {
				t.Errorf("UserByName(%q) = %+v, %v", name, u, err)
			}
		}
		mustCreate(t, s, auth.NewUser{Username: "sinmail", Password: "valida-123"})
		for _, name := range []string{"", "  "} {
			if _, err := s.UserByName(ctx, name); !errors.Is(err, auth.ErrNotFound) {
				t.Errorf("name %q must not match an account without e-mail: %v", name, err)
			}
		}
	})
}

func TestLoginThrottleConfig(t *testing.T) {
	cfg := auth.Config{SlowAfter: 1, LockAfter: 3, AddressLimit: 8, SlowStep: time.Second, MaxDelay: 2500 * time.Millisecond,
		ThrottleWindow: time.Minute}
	each(t, cfg, func(t *testing.T, s *auth.Service, d *db.DB, c *clock) {
		ctx := context.Background()
		if got := s.Config().AddressSlowAfter; got != 3 {
			t.Fatalf("address slowed after %d failures, want min(1×3, 8/2) = 3", got)
		}
		anaID := mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123", Email: "ana@example.test"})
		mustCreate(t, s, auth.NewUser{Username: "bea", Password: "valida-123"})
		sleeps := func() []time.Duration {
			c.mu.Lock()
			defer c.mu.Unlock()
			out := c.sleeps
			c.sleeps = nil
			return out
		}
		login := func(name, password, addr string) error {
			_, err := s.Login(ctx, name, password, addr, "")
			return err
		}
		for range 3 {
			if err := login("ana", "mala-clave", "10.0.0.1"); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("want bad credentials, got %v", err)
			}
		}
		if got, want := sleeps(), []time.Duration{time.Second, 2 * time.Second}; !reflect.DeepEqual(got, want) {
			t.Fatalf("sleeps: want %v, got %v", want, got)
		}
		// The pair is refused, with the right password and any spelling of the account.
		for _, name := range []string{"ana", "ANA", "ana@example.test"} {
			if err := login(name, "valida-123", "10.0.0.1"); !errors.Is(err, auth.ErrThrottled) {
				t.Fatalf("pair lock, %q: %v", name, err)
			}
		}
		// Another user at that address is not locked out; slowed by the
		// address's failures (3 ≥ AddressSlowAfter).
		if err := login("bea", "valida-123", "10.0.0.1"); err != nil {
			t.Fatalf("other user, same address: %v", err)
		}
		if got, want := sleeps(), []time.Duration{time.Second}; !reflect.DeepEqual(got, want) {
			t.Fatalf("sleeps of bea: want %v, got %v", want, got)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures WHERE key = 'a:10.0.0.1'`); n != 3 {
			t.Fatalf("a success must not count as a failure of the address: %d", n)
		}
		// The owner elsewhere gets in, slowed (capped) by the account's failures.
		if err := login("ANA", "valida-123", "10.0.0.2"); err != nil {
			t.Fatalf("owner from another address: %v", err)
		}
		if got, want := sleeps(), []time.Duration{2500 * time.Millisecond}; !reflect.DeepEqual(got, want) {
			t.Fatalf("sleeps of the owner: want %v, got %v", want, got)
		}
		// That success cleared the account's failures, not the other pair's.
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures WHERE key = ?`, fmt.Sprintf("u:%d", anaID)); n != 0 {
			t.Fatalf("account failures after a success: %d", n)
		}
		if err := login("ana", "valida-123", "10.0.0.1"); !errors.Is(err, auth.ErrThrottled) {
			t.Fatalf("a success elsewhere must not lift the pair lock: %v", err)
		}

		// Rotating addresses never lock the account: 6 failures from 6 places.
		for i := range 6 {
			if err := login("ana", "mala-clave", fmt.Sprintf("10.1.0.%d", i)); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("rotating failure %d: %v", i, err)
			}
		}
		if got := sleeps(); len(got) != 5 || got[4] != 2500*time.Millisecond {
			t.Fatalf("rotating sleeps: want 5 growing to the cap, got %v", got)
		}
		if err := login("ana", "valida-123", "10.1.0.9"); err != nil {
			t.Fatalf("owner after rotating failures: %v", err)
		}

		// The address ceiling counts every account and unknown names alike.
		for i := range 5 {
			if err := login(fmt.Sprintf("nadie%d", i), "mala-clave", "10.0.0.1"); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d of the address: %v", i, err)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures WHERE key = 'n:nadie0'`); n != 1 {
			t.Fatalf("unknown names count under their own key: %d", n)
		}
		if err := login("bea", "valida-123", "10.0.0.1"); !errors.Is(err, auth.ErrThrottled) {
			t.Fatalf("address past its ceiling: %v", err)
		}
		if err := login("bea", "valida-123", "10.0.0.3"); err != nil {
			t.Fatalf("other user, other address: %v", err)
		}

		c.Advance(time.Minute + time.Second)
		res, err := s.Login(ctx, "ana@example.test", "valida-123", "10.0.0.1", "")
		if err != nil || res.User.Username != "ana" {
			t.Fatalf("login by e-mail after the window: %v", err)
		}
		// Rows older than the window are purged.
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures`); n != 0 {
			t.Fatalf("%d failure rows kept after the window", n)
		}
		if err := login("ana", "mala-clave", "10.0.0.4"); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatal(err)
		}
		// Failures are counted per account, whichever of its names was typed.
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures WHERE key = ?`, fmt.Sprintf("u:%d", anaID)); n != 1 {
			t.Fatalf("failures of ana after a success and one failure: %d", n)
		}
	})
}

// Attempts under way are not failures, but they hold the pair's places: an attempt that would
// pass the lock if they all failed waits for them; one the server never finished counts as a
// failure after a while; one whose client left during its delay counts as a failure at once.
func TestLoginAttemptsUnderWay(t *testing.T) {
	cfg := auth.Config{SlowAfter: 1, LockAfter: 3, SlowStep: time.Second, MaxDelay: 2 * time.Second}
	each(t, cfg, func(t *testing.T, s *auth.Service, d *db.DB, c *clock) {
		ctx := context.Background()
		id := mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123"})
		pair := fmt.Sprintf("p:10.0.0.1 u:%d", id)
		for range cfg.LockAfter {
			if _, err := d.Exec(ctx, `INSERT INTO login_failures (key, at, pending) VALUES (?, ?, 1)`, pair, c.Now().Unix()); err != nil {
				t.Fatal(err)
			}
		}
		// Three under way: the right password waits for them (here until its client gives up).
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		defer cancel()
		if _, err := s.Login(short, "ana", "valida-123", "10.0.0.1", ""); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("a login past the places under way must wait for them: %v", err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures`); n != cfg.LockAfter {
			t.Fatalf("a waiting attempt recorded rows: %d in all", n)
		}
		// Left unfinished past the longest delay and a minute: they are failures, and lock the pair.
		c.Advance(cfg.MaxDelay + time.Minute + time.Second)
		if _, err := s.Login(ctx, "ana", "valida-123", "10.0.0.1", ""); !errors.Is(err, auth.ErrThrottled) {
			t.Fatalf("unfinished attempts must count as failures: %v", err)
		}
		if _, err := s.Login(ctx, "ana", "valida-123", "10.0.0.2", ""); err != nil {
			t.Fatalf("the owner elsewhere: %v", err)
		}

		// A client gone during its delay: the attempt is a failure, though its password was never checked.
		gone, leave := context.WithCancel(ctx)
		s.SetClock(nil, func(context.Context, time.Duration) { leave() })
		mustCreate(t, s, auth.NewUser{Username: "bea", Password: "valida-123"})
		for i := range 2 {
			_, err := s.Login(gone, "bea", "mala-clave", "10.0.0.3", "")
			if want := []error{auth.ErrBadCredentials, context.Canceled}[i]; !errors.Is(err, want) {
				t.Fatalf("attempt %d: want %v, got %v", i, want, err)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM login_failures WHERE key = 'a:10.0.0.3' AND pending = 0`); n != 2 {
			t.Fatalf("failures of the address after a wrong password and an abandoned attempt: %d, want 2", n)
		}
	})
}

func TestSessions(t *testing.T) {
	each(t, auth.Config{IdleTimeout: time.Hour, MaxAge: 3 * time.Hour}, func(t *testing.T, s *auth.Service, d *db.DB, c *clock) {
		ctx := context.Background()
		uid := mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123"})
		if _, _, err := s.Authenticate(ctx, ""); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("empty token: %v", err)
		}
		if _, _, err := s.Authenticate(ctx, "no-such-token"); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("unknown token: %v", err)
		}
		res, err := s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		if err != nil {
			t.Fatal(err)
		}
		if res.Token == res.Session.ID || res.Token == res.Session.CSRF {
			t.Fatal("the cookie token equals a value sent to the client")
		}
		if n := count(t, d, `SELECT COUNT(*) FROM sessions WHERE token_hash = ?`, res.Token); n != 0 {
			t.Fatal("the session token is stored in clear")
		}
		sess, u, err := s.Authenticate(ctx, res.Token)
		if err != nil || u.ID != uid || sess.ID != res.Session.ID || sess.CSRF != res.Session.CSRF {
			t.Fatalf("authenticate: %+v %+v %v", sess, u, err)
		}
		// Sliding idle timeout, capped by the maximum age.
		for range 3 {
			c.Advance(59 * time.Minute)
			if _, _, err := s.Authenticate(ctx, res.Token); err != nil {
				t.Fatalf("active session ended: %v", err)
			}
		}
		c.Advance(10 * time.Minute) // 3h07 after login, 10 min idle
		if _, _, err := s.Authenticate(ctx, res.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("session past its maximum age: %v", err)
		}

		// A peek (a live stream checking its reader) is not use: the session still ends idle.
		res, _ = s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		for range 2 {
			c.Advance(30 * time.Minute)
			if _, _, err := s.Peek(ctx, res.Token); err != nil {
				t.Fatalf("peek at a live session: %v", err)
			}
		}
		c.Advance(time.Second)
		if _, _, err := s.Authenticate(ctx, res.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("idle session (peeked at but not used): %v", err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM sessions`); n != 0 {
			t.Fatalf("expired sessions kept: %d", n)
		}

		// Login with the old token rotates; logout ends; disabled users are out.
		a, _ := s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		b, _ := s.Login(ctx, "ana", "valida-123", "10.0.0.1", a.Token)
		if _, _, err := s.Authenticate(ctx, a.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatal("old session survived the new login")
		}
		other, _ := s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		if err := s.Logout(ctx, b.Token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Authenticate(ctx, b.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatal("session survived logout")
		}
		if _, err := d.Exec(ctx, `UPDATE users SET status = 0 WHERE id = ?`, uid); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Authenticate(ctx, other.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatal("a disabled user's session still authenticates")
		}
		if _, err := s.Login(ctx, "ana", "valida-123", "10.0.0.1", ""); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatalf("disabled user logs in: %v", err)
		}
	})
}

func TestPasswords(t *testing.T) {
	each(t, auth.Config{ResetValidity: 10 * time.Minute}, func(t *testing.T, s *auth.Service, d *db.DB, c *clock) {
		ctx := context.Background()
		uid := mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123", Email: "ana@example.test"})
		hash := func() string { u, _ := s.UserByID(ctx, uid); return u.Hash }
		a, _ := s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		b, _ := s.Login(ctx, "ana", "valida-123", "10.0.0.1", "")
		before := hash()

		if err := s.ChangePassword(ctx, &a.Session, "mala-clave", "nueva-123"); !errors.Is(err, auth.ErrWrongPassword) {
			t.Fatalf("wrong old password: %v", err)
		}
		if err := s.ChangePassword(ctx, &a.Session, "valida-123", "corta"); !errors.Is(err, auth.ErrPasswordTooShort) {
			t.Fatalf("short: %v", err)
		}
		if hash() != before {
			t.Fatal("refused change altered the password")
		}
		if err := s.ChangePassword(ctx, &a.Session, "valida-123", "nueva-123"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Authenticate(ctx, a.Token); err != nil {
			t.Fatal("the changing session ended")
		}
		if _, _, err := s.Authenticate(ctx, b.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatal("another session survived the change")
		}

		if _, _, err := s.RequestReset(ctx, "nadie"); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("reset for unknown: %v", err)
		}
		_, tok, err := s.RequestReset(ctx, "ANA@example.test")
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM password_resets WHERE token_hash = ?`, tok); n != 0 {
			t.Fatal("the reset token is stored in clear")
		}
		c.Advance(9 * time.Minute)
		if err := s.ResetPassword(ctx, tok, "reset-1234"); err != nil {
			t.Fatalf("reset within validity: %v", err)
		}
		if _, _, err := s.Authenticate(ctx, a.Token); !errors.Is(err, auth.ErrNotFound) {
			t.Fatal("a reset must end every session")
		}
		if err := s.ResetPassword(ctx, tok, "reset-5678"); !errors.Is(err, auth.ErrResetInvalid) {
			t.Fatalf("second use: %v", err)
		}
		_, late, _ := s.RequestReset(ctx, "ana")
		c.Advance(11 * time.Minute)
		if err := s.ResetPassword(ctx, late, "reset-5678"); !errors.Is(err, auth.ErrResetInvalid) {
			t.Fatalf("expired token: %v", err)
		}
		if _, err := s.Login(ctx, "ana", "reset-1234", "10.0.0.1", ""); err != nil {
			t.Fatalf("password set by the reset: %v", err)
		}

		if err := s.SetPassword(ctx, "ana", "operador-1"); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, uid); n != 0 {
			t.Fatalf("SetPassword left %d sessions", n)
		}
		if err := s.SetPassword(ctx, "nadie", "operador-1"); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("SetPassword unknown user: %v", err)
		}
		if ok, _ := auth.CheckPassword(hash(), "operador-1"); !ok {
			t.Fatal("SetPassword did not set the password")
		}
	})
}

func TestResetLimits(t *testing.T) {
	each(t, auth.Config{ResetValidity: 10 * time.Minute}, func(t *testing.T, s *auth.Service, d *db.DB, c *clock) {
		ctx := context.Background()
		uid := mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123", Email: "ana@example.test"})
		mustCreate(t, s, auth.NewUser{Username: "bea", Password: "valida-123", Email: "bea@example.test"})
		request := func(name string) error { _, _, err := s.RequestReset(ctx, name); return err }
		for i := range auth.MaxOpenResets {
			if err := request("ana"); err != nil {
				t.Fatalf("request %d: %v", i, err)
			}
		}
		if err := request("ana"); !errors.Is(err, auth.ErrResetLimited) {
			t.Fatalf("past the open links: %v", err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM password_resets WHERE user_id = ?`, uid); n != auth.MaxOpenResets {
			t.Fatalf("links stored: want %d, got %d", auth.MaxOpenResets, n)
		}
		if err := request("bea"); err != nil {
			t.Fatalf("limits are per account: %v", err)
		}
		if err := request("nadie"); !errors.Is(err, auth.ErrNotFound) {
			t.Fatalf("unknown name: %v", err)
		}
		// Expired links are no longer open but still count for the hour.
		c.Advance(11 * time.Minute)
		for i := range auth.MaxResetsWindow - auth.MaxOpenResets {
			if err := request("ana"); err != nil {
				t.Fatalf("request %d after expiry: %v", i, err)
			}
		}
		if err := request("ana"); !errors.Is(err, auth.ErrResetLimited) {
			t.Fatalf("past the requests of the hour: %v", err)
		}
		// An hour after the first requests they no longer count.
		c.Advance(50 * time.Minute)
		if err := request("ana"); err != nil {
			t.Fatalf("an hour later: %v", err)
		}
		// Rows expired for longer than the hour are purged.
		c.Advance(2 * time.Hour)
		if err := request("ana"); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM password_resets`); n != 1 {
			t.Fatalf("rows kept: want 1, got %d", n)
		}
	})
}

// A stored password costs OWASP's minimum (19 MiB, 2 passes) unless the
// service was made for a test binary with FastHashing; either way the
// password opens the account and a wrong one does not.
func TestStoredPasswordCost(t *testing.T) {
	for _, c := range []struct {
		fast bool
		cost string
	}{{false, "$m=19456,t=2,p=1$"}, {true, "$m=8,t=1,p=1$"}} {
		each(t, auth.Config{FastHashing: c.fast}, func(t *testing.T, s *auth.Service, d *db.DB, _ *clock) {
			ctx := context.Background()
			mustCreate(t, s, auth.NewUser{Username: "ana", Password: "valida-123"})
			u, err := s.UserByName(ctx, "ana")
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(u.Hash, c.cost) {
				t.Fatalf("fast=%v: stored %q, want cost %s", c.fast, u.Hash, c.cost)
			}
			if _, err := s.Login(ctx, "ana", "valida-123", "192.0.2.1", ""); err != nil {
				t.Fatalf("fast=%v: the right password: %v", c.fast, err)
			}
			if _, err := s.Login(ctx, "ana", "otra-1234", "192.0.2.1", ""); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("fast=%v: a wrong password: %v", c.fast, err)
			}
		})
	}
}
