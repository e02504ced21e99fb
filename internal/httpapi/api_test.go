package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/club"
	"socius/internal/files"
	"socius/internal/member"
	"socius/internal/notify"
	"socius/internal/testkit"
)

// ---------------------------------------------------------------------------
// helpers shared by the httpapi tests

const (
	msgBadCredentials = "Usuario o contraseña incorrectos"
	msgAnonymous      = "Access denied for user anonymous"
	msgNoMember       = "Este usuario no dispone de ficha de socio en este club"
)

// fakeClock replaces the auth clock and records the throttling sleeps.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps []time.Duration
}

// installClock must be called before the first request of the kit.
func installClock(k *testkit.Kit) *fakeClock {
	c := &fakeClock{now: time.Now()}
	k.App.Auth.SetClock(c.Now, c.Sleep)
	return c
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *fakeClock) Sleep(_ context.Context, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
}

func (c *fakeClock) Sleeps() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.sleeps...)
}

func serverURL(k *testkit.Kit) *url.URL {
	u, err := url.Parse(k.Server.URL)
	if err != nil {
		k.T.Fatal(err)
	}
	return u
}

// cookie returns the value of a cookie in the browser's jar.
func cookie(k *testkit.Kit, c *testkit.Client, name string) string {
	for _, ck := range c.HTTP.Jar.Cookies(serverURL(k)) {
		if ck.Name == name {
			return ck.Value
		}
	}
	return ""
}

// browserWithSession is a new browser holding only the given session cookie.
func browserWithSession(k *testkit.Kit, token string) *testkit.Client {
	c := k.Client()
	c.HTTP.Jar.SetCookies(serverURL(k), []*http.Cookie{{Name: "socius_session", Value: token, Path: "/"}})
	return c
}

// mustLogin opens a new browser logged in as username.
func mustLogin(t *testing.T, k *testkit.Kit, username, password string) *testkit.Client {
	t.Helper()
	c := k.Client()
	if res := c.Login(username, password); res.Status != 200 {
		t.Fatalf("login %s: %s", username, res)
	}
	return c
}

// expectErr checks an error reply: status, code and (when given) message.
func expectErr(t *testing.T, what string, res *testkit.Response, status int, code, message string) {
	t.Helper()
	if res.Status != status || res.Code() != code || (message != "" && res.Message() != message) {
		t.Fatalf("%s: want %d %s %q, got %s", what, status, code, message, res)
	}
}

func expectOK(t *testing.T, what string, res *testkit.Response) {
	t.Helper()
	if res.Status != 200 {
		t.Fatalf("%s: want 200, got %s", what, res)
	}
}

// jget walks a decoded JSON value.
func jget(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func passwordHash(t *testing.T, k *testkit.Kit, username string) string {
	t.Helper()
	u, err := k.App.Auth.UserByName(context.Background(), username)
	if err != nil {
		t.Fatal(err)
	}
	return u.Hash
}

// addStaff makes an existing user staff of another club.
func addStaff(t *testing.T, k *testkit.Kit, clubID, uid int64, roles ...string) {
	t.Helper()
	ctx := context.Background()
	err := k.App.DB.Tx(ctx, func(tx *sqlx.Tx) error {
		_, err := member.CreateStaff(ctx, tx, member.Staff{Club: clubID, User: uid, Name: "Staff", Roles: roles})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func exec(t *testing.T, k *testkit.Kit, q string, args ...any) {
	t.Helper()
	if _, err := k.App.DB.Exec(context.Background(), q, args...); err != nil {
		t.Fatal(err)
	}
}

// ---------------------------------------------------------------------------
// 1. CSRF

func TestCSRF(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		k.User("ana", 0)
		creds := `{"username":"ana","password":"` + testkit.Password + `"}`
		hash := passwordHash(t, k, "ana")

		t.Run("anonymous login without or with a wrong token is refused", func(t *testing.T) {
			c := k.Client()
			res := c.Raw("POST", "/api/user/login", creds, map[string]string{"Content-Type": "application/json"})
			expectErr(t, "no token", res, 401, "auth.csrf", "")
			c.Token()
			res = c.Raw("POST", "/api/user/login", creds, map[string]string{"Content-Type": "application/json", "X-CSRF-Token": "not-the-token-at-all-xxxxxxxx"})
			expectErr(t, "wrong token", res, 401, "auth.csrf", "")
			// Another browser's token is bound to that browser's cookie.
			other := k.Client()
			res = other.Raw("POST", "/api/user/login", creds, map[string]string{"Content-Type": "application/json", "X-CSRF-Token": c.CSRF})
			expectErr(t, "token without its cookie", res, 401, "auth.csrf", "")
			if n := k.Count("sessions", ""); n != 0 {
				t.Fatalf("refused logins created %d sessions", n)
			}
		})

		t.Run("token then login; afterwards only the login token works", func(t *testing.T) {
			c := k.Client()
			anon := c.Token()
			if len(anon) < 20 {
				t.Fatalf("anonymous token %q too short", anon)
			}
			if again := c.Token(); again != anon {
				t.Fatalf("token changed within one browser: %q then %q", anon, again)
			}
			res := c.Login("ana", testkit.Password)
			expectOK(t, "login with the anonymous token", res)
			tok := res.JSON["token"].(string)
			if tok == anon {
				t.Fatal("the login token is the anonymous one")
			}
			change := map[string]string{"old_password": testkit.Password, "password": "cambiada-1234"}

			c.CSRF = ""
			expectErr(t, "change without token", c.Do("POST", "/api/change_password", change), 401, "auth.csrf", "")
			c.CSRF = "wrong-wrong-wrong-wrong-wrong"
			expectErr(t, "change with wrong token", c.Do("POST", "/api/change_password", change), 401, "auth.csrf", "")
			c.CSRF = anon
			expectErr(t, "change with the anonymous token", c.Do("POST", "/api/change_password", change), 401, "auth.csrf", "")
			if h := passwordHash(t, k, "ana"); h != hash {
				t.Fatal("a refused change_password changed the password")
			}
			// GET needs no token, and the token endpoint now gives the session's.
			expectOK(t, "me", c.Do("GET", "/api/user/me", nil))
			if got := c.Token(); got != tok {
				t.Fatalf("session token: want the login token %q, got %q", tok, got)
			}
			expectErr(t, "logout with the anonymous token", c.Raw("POST", "/api/user/logout", "", map[string]string{"X-CSRF-Token": anon}), 401, "auth.csrf", "")
			expectOK(t, "still logged in", c.Do("GET", "/api/user/me", nil))
		})

		t.Run("old password still logs in", func(t *testing.T) {
			mustLogin(t, k, "ana", testkit.Password)
		})
	})
}

// ---------------------------------------------------------------------------
// 2. Login

func TestLogin(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		uid, err := k.App.CreateUser(ctx, app.NewStaffUser{NewUser: auth.NewUser{Username: "marta", Password: testkit.Password,
			Email: "marta@example.test", Name: "Marta", Surname: "Puig Soler", Phone: "600111222"}})
		if err != nil {
			t.Fatal(err)
		}

		var wrong *testkit.Response
		t.Run("wrong password", func(t *testing.T) {
			c := k.Client()
			wrong = c.Login("marta", "no-es-esta")
			expectErr(t, "wrong password", wrong, 401, "auth.bad_credentials", msgBadCredentials)
			expectErr(t, "me after failed login", c.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
		})
		t.Run("unknown user gets the same reply", func(t *testing.T) {
			res := k.Client().Login("nadie", testkit.Password)
			expectErr(t, "unknown user", res, 401, "auth.bad_credentials", msgBadCredentials)
			if !bytes.Equal(res.Body, wrong.Body) {
				t.Fatalf("unknown user body %s differs from wrong password body %s", res.Body, wrong.Body)
			}
			if n := k.Count("sessions", ""); n != 0 {
				t.Fatalf("failed logins created %d sessions", n)
			}
		})

		t.Run("success reply, cookie and rotation", func(t *testing.T) {
			c := k.Client()
			res := c.Login("marta", testkit.Password)
			expectOK(t, "login", res)
			want := map[string]any{
				"session_name": "socius_session", "field_user_name": "Marta", "field_user_surname": "Puig Soler",
				"field_user_tlf": "600111222",
				"user":           map[string]any{"uid": float64(uid), "name": "marta", "mail": "marta@example.test"},
			}
			for key, v := range want {
				if !reflect.DeepEqual(res.JSON[key], v) {
					t.Errorf("login reply %s: want %v, got %v", key, v, res.JSON[key])
				}
			}
			tok, _ := res.JSON["token"].(string)
			sessid, _ := res.JSON["sessid"].(string)
			if len(tok) < 20 || sessid == "" {
				t.Fatalf("token %q / sessid %q missing", tok, sessid)
			}
			if n := k.Count("sessions", "id = ? AND user_id = ?", sessid, uid); n != 1 {
				t.Fatalf("sessid %q is not a session of the user (%d rows)", sessid, n)
			}
			var sc *http.Cookie
			for _, line := range res.Header.Values("Set-Cookie") {
				ck, err := http.ParseSetCookie(line)
				if err == nil && ck.Name == "socius_session" {
					sc = ck
				}
			}
			if sc == nil || sc.Value == "" {
				t.Fatalf("no socius_session cookie in %q", res.Header.Values("Set-Cookie"))
			}
			if !sc.HttpOnly || sc.SameSite != http.SameSiteLaxMode || sc.Path != "/" {
				t.Fatalf("session cookie must be HttpOnly, SameSite=Lax, Path=/: %+v", sc)
			}
			if sc.Value == sessid || sc.Value == tok {
				t.Fatal("the session cookie secret is readable in the login reply")
			}
			me := c.Do("GET", "/api/user/me", nil)
			expectOK(t, "me", me)
			if jget(me.JSON, "user", "name") != "marta" || me.JSON["field_user_surname"] != "Puig Soler" {
				t.Fatalf("me: %s", me)
			}
			if l, _ := me.JSON["login"].(float64); l <= 0 {
				t.Fatalf("me.login not set: %s", me)
			}

			// Logging in again in the same browser rotates the session.
			old := cookie(k, c, "socius_session")
			res = c.Login("marta", testkit.Password)
			expectOK(t, "second login", res)
			if res.JSON["sessid"] == sessid || res.JSON["token"] == tok {
				t.Fatal("second login reused the session id or token")
			}
			fresh := cookie(k, c, "socius_session")
			if fresh == "" || fresh == old {
				t.Fatal("session cookie did not change at the second login")
			}
			expectErr(t, "old cookie", browserWithSession(k, old).Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			expectOK(t, "new cookie", c.Do("GET", "/api/user/me", nil))
			if n := k.Count("sessions", "user_id = ?", uid); n != 1 {
				t.Fatalf("after re-login the user has %d sessions, want 1", n)
			}
		})
	})
}

// ---------------------------------------------------------------------------
// 3. Throttling

func TestLoginThrottling(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		clock := installClock(k)
		k.User("alice", 0)
		k.User("bob", 0)
		cfg := k.App.Auth.Config()
		if cfg.LockAfter != 10 || cfg.ThrottleWindow != 15*time.Minute {
			t.Fatalf("defaults changed: lock after %d, window %v", cfg.LockAfter, cfg.ThrottleWindow)
		}
		c := k.Client()
		// Half the failures now, half 10 minutes later: all ten are in the window.
		for i := 1; i <= cfg.LockAfter; i++ {
			if i == cfg.LockAfter/2+1 {
				clock.Advance(10 * time.Minute)
			}
			expectErr(t, "failure", c.Login("alice", "mala-clave"), 401, "auth.bad_credentials", msgBadCredentials)
		}
		// The attempts after SlowAfter failures are slowed, more and more.
		sleeps := clock.Sleeps()
		if want := cfg.LockAfter - cfg.SlowAfter; len(sleeps) != want {
			t.Fatalf("want %d slowed attempts, got %v", want, sleeps)
		}
		for i, d := range sleeps {
			if d <= 0 || (i > 0 && d <= sleeps[i-1]) {
				t.Fatalf("slow-down must be positive and growing: %v", sleeps)
			}
		}

		res := c.Login("alice", testkit.Password)
		expectErr(t, "right password after the lock", res, 429, "auth.throttled", "")
		if res.Message() == "" {
			t.Fatal("throttled reply without message")
		}
		// Without a trusted proxy a forwarded address is not believed.
		spoof := k.Client()
		spoof.Token()
		res = spoof.Raw("POST", "/api/user/login", `{"username":"alice","password":"`+testkit.Password+`"}`,
			map[string]string{"X-CSRF-Token": spoof.CSRF, "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.7"})
		expectErr(t, "spoofed X-Forwarded-For", res, 429, "auth.throttled", "")
		if n := k.Count("sessions", ""); n != 0 {
			t.Fatalf("throttled logins opened %d sessions", n)
		}
		// The lock holds the account at this address only: another user here gets in.
		mustLogin(t, k, "bob", testkit.Password)

		// 16 minutes after the first failures only the last five count.
		clock.Advance(6 * time.Minute)
		mustLogin(t, k, "alice", testkit.Password)
		mustLogin(t, k, "bob", testkit.Password)
	})
}

// ---------------------------------------------------------------------------
// 4. Session expiry and logout

func TestSessionExpiryAndLogout(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		clock := installClock(k)
		uid := k.User("ana", 0)

		t.Run("idle timeout", func(t *testing.T) {
			c := mustLogin(t, k, "ana", testkit.Password)
			// Activity keeps the session alive past 8 hours in total…
			clock.Advance(7*time.Hour + 50*time.Minute)
			expectOK(t, "me after 7h50", c.Do("GET", "/api/user/me", nil))
			clock.Advance(7*time.Hour + 50*time.Minute)
			expectOK(t, "me after another 7h50", c.Do("GET", "/api/user/me", nil))
			// …and 8 idle hours end it.
			clock.Advance(8*time.Hour + time.Second)
			expectErr(t, "me after 8h idle", c.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			if n := k.Count("sessions", "user_id = ?", uid); n != 0 {
				t.Fatalf("expired session still stored (%d rows)", n)
			}
		})

		t.Run("maximum age", func(t *testing.T) {
			c := mustLogin(t, k, "ana", testkit.Password)
			maxAge := k.App.Auth.Config().MaxAge
			var lived time.Duration
			for lived+7*time.Hour < maxAge {
				clock.Advance(7 * time.Hour)
				lived += 7 * time.Hour
				expectOK(t, "me while active", c.Do("GET", "/api/user/me", nil))
			}
			clock.Advance(maxAge - lived + time.Second)
			expectErr(t, "me past the maximum age", c.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
		})

		t.Run("logout", func(t *testing.T) {
			c := mustLogin(t, k, "ana", testkit.Password)
			token := cookie(k, c, "socius_session")
			other := mustLogin(t, k, "ana", testkit.Password)
			res := c.Do("POST", "/api/user/logout", nil)
			expectOK(t, "logout", res)
			expectErr(t, "me after logout", c.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			expectErr(t, "replayed cookie after logout", browserWithSession(k, token).Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			if n := k.Count("sessions", "user_id = ?", uid); n != 1 {
				t.Fatalf("after logout %d sessions left, want only the other browser's", n)
			}
			expectOK(t, "other browser still logged in", other.Do("GET", "/api/user/me", nil))
		})
	})
}

// ---------------------------------------------------------------------------
// 5. Change password

func TestChangePassword(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		uid := k.User("ana", 0)
		c := mustLogin(t, k, "ana", testkit.Password)
		other := mustLogin(t, k, "ana", testkit.Password)
		hash := passwordHash(t, k, "ana")
		unchanged := func(t *testing.T) {
			t.Helper()
			if passwordHash(t, k, "ana") != hash {
				t.Fatal("password changed")
			}
			if n := k.Count("sessions", "user_id = ?", uid); n != 2 {
				t.Fatalf("sessions: want 2, got %d", n)
			}
		}
		const newPw = "otra-clave-456"

		t.Run("wrong old password", func(t *testing.T) {
			res := c.Do("POST", "/api/change_password", map[string]string{"old_password": "no-es-esta", "password": newPw})
			expectErr(t, "wrong old", res, 400, "auth.wrong_password", "")
			unchanged(t)
		})
		t.Run("too short", func(t *testing.T) {
			res := c.Do("POST", "/api/change_password", map[string]string{"old_password": testkit.Password, "password": "corta"})
			expectErr(t, "short", res, 400, "auth.password_too_short", "La contraseña debe tener al menos 8 caracteres")
			unchanged(t)
		})
		t.Run("over 30 characters", func(t *testing.T) {
			res := c.Do("POST", "/api/change_password", map[string]string{"old_password": testkit.Password, "password": strings.Repeat("x", 31)})
			expectErr(t, "long", res, 400, "request.invalid", "")
			unchanged(t)
		})
		t.Run("success", func(t *testing.T) {
			expectOK(t, "change", c.Do("POST", "/api/change_password", map[string]string{"old_password": testkit.Password, "password": newPw}))
			expectOK(t, "this browser stays", c.Do("GET", "/api/user/me", nil))
			expectErr(t, "other browser ends", other.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			if n := k.Count("sessions", "user_id = ?", uid); n != 1 {
				t.Fatalf("sessions after change: want 1, got %d", n)
			}
			mustLogin(t, k, "ana", newPw)
			expectErr(t, "old password", k.Client().Login("ana", testkit.Password), 401, "auth.bad_credentials", msgBadCredentials)
		})
	})
}

// ---------------------------------------------------------------------------
// 6. Password reset

func TestPasswordReset(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		clock := installClock(k)
		uid := k.User("ana", 0)
		anon := k.Client()
		anon.Token()

		t.Run("request answers alike for known and unknown names", func(t *testing.T) {
			known := anon.Do("POST", "/api/user/request_new_password", map[string]string{"name": "ana"})
			expectOK(t, "known", known)
			if known.JSON["message"] == "" || known.JSON["message"] == nil {
				t.Fatalf("no message: %s", known)
			}
			if n := k.Count("password_resets", "user_id = ?", uid); n != 1 {
				t.Fatalf("reset rows for ana: want 1, got %d", n)
			}
			unknown := anon.Do("POST", "/api/user/request_new_password", map[string]string{"name": "nadie"})
			expectOK(t, "unknown", unknown)
			if !bytes.Equal(known.Body, unknown.Body) {
				t.Fatalf("replies differ: %s vs %s", known.Body, unknown.Body)
			}
			if n := k.Count("password_resets", ""); n != 1 {
				t.Fatalf("an unknown name created a reset row (%d rows)", n)
			}
			expectOK(t, "by e-mail", anon.Do("POST", "/api/user/request_new_password", map[string]string{"name": "ANA@example.test"}))
			if n := k.Count("password_resets", "user_id = ?", uid); n != 2 {
				t.Fatalf("reset by e-mail: want 2 rows, got %d", n)
			}
		})

		t.Run("a token sets the password once", func(t *testing.T) {
			session := mustLogin(t, k, "ana", testkit.Password)
			_, token, err := k.App.Auth.RequestReset(ctx, "ana")
			if err != nil {
				t.Fatal(err)
			}
			// A refused password does not use the token up.
			expectErr(t, "short", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token, "password": "corta"}),
				400, "auth.password_too_short", "")
			expectOK(t, "reset", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token, "password": "nueva-clave-789"}))
			hash := passwordHash(t, k, "ana")
			expectErr(t, "second use", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token, "password": "tercera-clave-0"}),
				400, "auth.reset_invalid", "")
			if passwordHash(t, k, "ana") != hash {
				t.Fatal("second use of the token changed the password")
			}
			expectErr(t, "sessions end at a reset", session.Do("GET", "/api/user/me", nil), 403, "auth.anonymous", msgAnonymous)
			mustLogin(t, k, "ana", "nueva-clave-789")
			expectErr(t, "old password", k.Client().Login("ana", testkit.Password), 401, "auth.bad_credentials", "")
		})

		t.Run("bogus and expired tokens", func(t *testing.T) {
			hash := passwordHash(t, k, "ana")
			expectErr(t, "bogus", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": "no-such-token", "password": "nueva-clave-000"}),
				400, "auth.reset_invalid", "")
			_, token, err := k.App.Auth.RequestReset(ctx, "ana")
			if err != nil {
				t.Fatal(err)
			}
			clock.Advance(k.App.Auth.Config().ResetValidity + time.Minute)
			expectErr(t, "expired", anon.Do("POST", "/api/user/reset_password", map[string]string{"token": token, "password": "nueva-clave-000"}),
				400, "auth.reset_invalid", "")
			if passwordHash(t, k, "ana") != hash {
				t.Fatal("a refused reset changed the password")
			}
		})
	})
}

// ---------------------------------------------------------------------------
// 9. Clubs

func smallPNG(t *testing.T, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for x := range 4 {
		for y := range 3 {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func dataURL(ct string, b []byte) string {
	return "data:" + ct + ";base64," + base64.StdEncoding.EncodeToString(b)
}

var fileURL = regexp.MustCompile(`^/api/files/[0-9a-f]{64}$`)

func TestClubs(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		// Titles sort as Alfa < Beta < Delta < Eta < Gamma.
		alfa := k.Club("Alfa", access.Socios, access.Comunicacion)
		beta := k.Club("Beta")
		gamma := k.Club("Gamma", access.Flags...)
		delta := k.Club("Delta", access.Socios)
		eta := k.Club("Eta", access.Socios)
		if err := k.App.DB.Tx(ctx, func(tx *sqlx.Tx) error { return club.SetPaymentMethods(ctx, tx, alfa, "-cash-wallet") }); err != nil {
			t.Fatal(err)
		}
		boss := k.User("boss", alfa, access.Social, access.Administrador)
		addStaff(t, k, beta, boss, access.Manager)
		// A plain member record in Delta and an inactive staff record in Eta.
		exec(t, k, `INSERT INTO members (club_id, user_id, number, is_staff, status, created) VALUES (?, ?, 1, 0, 1, 0)`, delta, boss)
		addStaff(t, k, eta, boss, access.Administrador)
		exec(t, k, `UPDATE members SET status = 0 WHERE club_id = ? AND user_id = ?`, eta, boss)
		k.User("other", gamma, access.Administrador)
		c := mustLogin(t, k, "boss", testkit.Password)

		t.Run("retrieve", func(t *testing.T) {
			res := c.Do("GET", "/api/association/retrieve?association="+itoa(alfa), nil)
			expectOK(t, "retrieve", res)
			if res.JSON["nid"] != float64(alfa) || res.JSON["title"] != "Alfa" {
				t.Fatalf("retrieve: %s", res)
			}
			fn, _ := res.JSON["functionalities"].(map[string]any)
			if len(fn) != 12 || len(access.Flags) != 12 {
				t.Fatalf("functionalities: want the 12 flags, got %v", fn)
			}
			for _, f := range access.Flags {
				on, isBool := fn[f].(bool)
				if !isBool {
					t.Fatalf("functionalities[%s] = %v, want a boolean", f, fn[f])
				}
				if want := f == access.Socios || f == access.Comunicacion; on != want {
					t.Errorf("functionalities[%s] = %v, want %v", f, on, want)
				}
			}
			if got := res.JSON["roles"]; !reflect.DeepEqual(got, []any{"Administrador", "Social"}) {
				t.Errorf("roles: %v", got)
			}
			if res.JSON["cashPermission"] != true || res.JSON["cardPermission"] != false || res.JSON["walletPermission"] != true {
				t.Errorf("payments of -cash-wallet: %s", res)
			}

			// the roles of each club, the payments without a setting and the flags are club's rules (internal/club)
			res = c.Do("GET", "/api/association/retrieve?association="+itoa(beta), nil)
			expectOK(t, "retrieve beta", res)
			if !reflect.DeepEqual(res.JSON["roles"], []any{"Manager"}) {
				t.Errorf("roles in Beta: %v", res.JSON["roles"])
			}

			// Without a club: the first of the user's clubs by title.
			res = c.Do("GET", "/api/association/retrieve", nil)
			expectOK(t, "retrieve without club", res)
			if res.JSON["nid"] != float64(alfa) {
				t.Fatalf("retrieve without club: want Alfa, got %s", res)
			}

			expectErr(t, "plain member", c.Do("GET", "/api/association/retrieve?association="+itoa(delta), nil), 403, "access.denied", "Access denied for user boss")
			expectErr(t, "inactive staff", c.Do("GET", "/api/association/retrieve?association="+itoa(eta), nil), 403, "access.denied", "Access denied for user boss")
		})

		t.Run("mine lists active staff clubs only", func(t *testing.T) {
			res := c.Do("GET", "/api/association/mine", nil)
			expectOK(t, "mine", res)
			data, _ := res.JSON["data"].([]any)
			var got []string
			for _, d := range data {
				got = append(got, jget(d, "title").(string))
				if _, ok := jget(d, "nid").(float64); !ok {
					t.Fatalf("entry without nid: %v", d)
				}
				if _, ok := jget(d, "logo", "img").(string); !ok {
					t.Fatalf("entry without logo.img: %v", d)
				}
			}
			if !reflect.DeepEqual(got, []string{"Alfa", "Beta"}) {
				t.Fatalf("mine: want [Alfa Beta], got %v", got)
			}
		})

		var logoURL string
		logo := smallPNG(t, color.RGBA{164, 99, 191, 255})
		t.Run("logo upload and file serving", func(t *testing.T) {
			files := k.Count("files", "")
			res := c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"title": "Alfa Club", "logo": dataURL("image/png", logo)})
			expectOK(t, "put", res)
			logoURL, _ = jget(res.JSON, "logo", "img").(string)
			if !fileURL.MatchString(logoURL) || res.JSON["title"] != "Alfa Club" {
				t.Fatalf("put reply: %s", res)
			}
			if k.Count("files", "") != files+1 || k.Count("clubs", "id = ? AND logo = ?", alfa, strings.TrimPrefix(logoURL, "/api/files/")) != 1 {
				t.Fatal("logo not stored")
			}
			f := c.Do("GET", logoURL, nil)
			expectOK(t, "file", f)
			if ct := f.Header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("Content-Type %q", ct)
			}
			if cc := f.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") {
				t.Errorf("Cache-Control %q is not long", cc)
			}
			if !bytes.Equal(f.Body, logo) {
				t.Error("served bytes differ from the upload")
			}
			mine := c.Do("GET", "/api/association/mine", nil)
			if jget(mine.JSON["data"].([]any)[0], "logo", "img") != logoURL {
				t.Errorf("mine does not show the new logo: %s", mine)
			}
		})

		t.Run("not an image", func(t *testing.T) {
			// a logo that is not an image is club's rule (internal/club); a data URL that does not decode is refused here the same way
			files := k.Count("files", "")
			for _, bad := range []string{"data:image/png;base64,%%%"} {
				res := c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"title": "Cambiado", "logo": bad})
				expectErr(t, "bad logo", res, 400, "file.not_image", "")
			}
			if k.Count("files", "") != files {
				t.Fatal("a refused logo was stored")
			}
			res := c.Do("GET", "/api/association/retrieve?association="+itoa(alfa), nil)
			if res.JSON["title"] != "Alfa Club" || jget(res.JSON, "logo", "img") != logoURL {
				t.Fatalf("a refused update changed the club: %s", res)
			}
		})

		t.Run("svg logo is served sandboxed", func(t *testing.T) {
			script := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`)
			expectErr(t, "svg with a script", c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"logo": dataURL("image/png", script)}),
				400, "file.not_image", "")
			svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4" fill="#639"/></svg>`)
			res := c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"logo": dataURL("image/png", svg)})
			expectOK(t, "svg logo", res)
			f := c.Do("GET", jget(res.JSON, "logo", "img").(string), nil)
			expectOK(t, "svg file", f)
			if ct := f.Header.Get("Content-Type"); ct != "image/svg+xml" {
				t.Errorf("svg served as %q (the type is sniffed, not taken from the client)", ct)
			}
			if csp := f.Header.Values("Content-Security-Policy"); len(csp) == 0 || !strings.HasPrefix(csp[len(csp)-1], "sandbox") {
				t.Errorf("svg served without a sandbox policy: %q", csp)
			}
			if f.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Error("files served without nosniff")
			}
			// Put the PNG logo back for the next subtests.
			expectOK(t, "png logo again", c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"logo": dataURL("image/png", logo)}))
		})

		t.Run("images keep and add", func(t *testing.T) {
			one, two := smallPNG(t, color.White), smallPNG(t, color.Black)
			res := c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"images": []string{dataURL("image/png", one), dataURL("image/png", two)}})
			expectOK(t, "images", res)
			imgs, _ := res.JSON["images"].([]any)
			if len(imgs) != 2 {
				t.Fatalf("images: %s", res)
			}
			first := jget(imgs[0], "img").(string)
			res = c.Do("PUT", "/api/association/"+itoa(alfa), map[string]any{"images": []string{first}})
			expectOK(t, "keep one", res)
			imgs, _ = res.JSON["images"].([]any)
			if len(imgs) != 1 || jget(imgs[0], "img") != first {
				t.Fatalf("keep one image: %s", res)
			}
		})

		t.Run("staff of another club cannot read the file", func(t *testing.T) {
			o := mustLogin(t, k, "other", testkit.Password)
			expectErr(t, "other club's file", o.Do("GET", logoURL, nil), 403, "access.denied", "Access denied for user other")
			// boss is a plain member of Delta and inactive staff of Eta.
			for _, cl := range []int64{delta, eta} {
				id, err := files.SaveImage(ctx, k.App.DB.W, cl, files.ClubImage, smallPNG(t, color.RGBA{uint8(cl), 0, 0, 255}))
				if err != nil {
					t.Fatal(err)
				}
				expectErr(t, "file of a club where boss is not active staff", c.Do("GET", "/api/files/"+id, nil), 403, "access.denied", "Access denied for user boss")
			}
			expectErr(t, "missing file", c.Do("GET", "/api/files/"+strings.Repeat("ab", 32), nil), 404, "not_found", "")
		})
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ---------------------------------------------------------------------------
// 10. Server-Sent Events

func TestEvents(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		alfa := k.Club("Alfa", access.Comunicacion)
		beta := k.Club("Beta", access.Comunicacion)
		uid := k.User("ana", alfa, access.Administrador)
		addStaff(t, k, beta, uid, access.Administrador)
		c := mustLogin(t, k, "ana", testkit.Password)

		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		req, _ := http.NewRequestWithContext(rctx, "GET", k.Server.URL+"/api/events?association="+itoa(alfa), nil)
		res, err := c.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
		}
		lines := make(chan string, 64)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				lines <- sc.Text()
			}
		}()
		next := func(what string) string {
			t.Helper()
			deadline := time.After(2 * time.Second)
			for {
				select {
				case l, ok := <-lines:
					if !ok {
						t.Fatalf("%s: stream closed", what)
					}
					if strings.HasPrefix(l, "data:") || l == ": connected" {
						return l
					}
				case <-deadline:
					t.Fatalf("%s: nothing within 2 s", what)
				}
			}
		}
		if l := next("hello"); l != ": connected" {
			t.Fatalf("first line %q", l)
		}
		// Beta's event is published first: if it leaked it would arrive first.
		if _, err := k.App.Hub.Publish(ctx, notify.Event{ClubID: beta, Gate: "club", Type: "push", Title: "Para Beta", Body: "no"}); err != nil {
			t.Fatal(err)
		}
		if _, err := k.App.Hub.Publish(ctx, notify.Event{ClubID: alfa, Gate: "club", Type: "push", Title: "Para Alfa", Body: "hola"}); err != nil {
			t.Fatal(err)
		}
		var ev struct {
			Type, Title, Body string
			Created           int64
			Association       int64
		}
		if err := json.Unmarshal([]byte(strings.TrimPrefix(next("event"), "data:")), &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Title != "Para Alfa" || ev.Type != "push" || ev.Body != "hola" || ev.Created == 0 || ev.Association != alfa {
			t.Fatalf("event: %+v", ev)
		}
		// Published by another instance or the command line: found by the tail.
		if _, err := notify.Publish(ctx, k.App.DB, notify.Event{ClubID: alfa, Gate: "club", Type: "push", Title: "Desde la consola"}); err != nil {
			t.Fatal(err)
		}
		if l := next("event from another instance"); !strings.Contains(l, "Desde la consola") {
			t.Fatalf("unexpected event %q", l)
		}
	})
}

// ---------------------------------------------------------------------------
// Unknown API paths keep the error shape.

func TestUnknownAPIPath(t *testing.T) {
	k := testkit.New(t, "sqlite")
	c := k.Client()
	c.Token()
	for _, r := range []struct{ method, path string }{{"GET", "/api/nope"}, {"POST", "/api/user/nope"}, {"DELETE", "/api/user/me"}} {
		res := c.Do(r.method, r.path, nil)
		if (res.Status != 404 && res.Status != 405) || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") ||
			res.Message() == "" || res.Code() == "" {
			t.Errorf("%s %s: want a JSON 404/405 {message, code}, got %d %q %s", r.method, r.path, res.Status, res.Header.Get("Content-Type"), res.Body)
		}
	}
	// The app and the known routes are not shadowed.
	expectOK(t, "vue_version", c.Do("GET", "/api/vue_version", nil))
	if res := c.Do("GET", "/api/openapi.json", nil); res.Status != 200 || res.JSON["openapi"] == nil {
		t.Fatalf("openapi: %d", res.Status)
	}
}

// TestSlowSaveIsNotCancelled: the club gate reads a JSON or form body before huma
// does; a save whose handler then takes longer than huma's body-read timeout (5 s)
// still completes. Here the save waits 6.5 s for the database, held by another
// writer, as it would behind a long write on a busy machine.
func TestSlowSaveIsNotCancelled(t *testing.T) {
	k := testkit.New(t, "sqlite")
	club := k.Club("Alfa", access.Flags...)
	k.User("boss", club, access.Roles...)
	c := mustLogin(t, k, "boss", testkit.Password)

	other, err := sqlx.Open("sqlite", k.App.DB.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	hold, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hold.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	done := make(chan *testkit.Response, 1)
	go func() {
		done <- c.Do("POST", "/api/news", map[string]any{"cid": club, "title": "Lenta", "body": "<p>x</p>"})
	}()
	select {
	case res := <-done:
		t.Fatalf("the save finished while the database was held: %s", res)
	case <-time.After(6500 * time.Millisecond):
	}
	if _, err := hold.ExecContext(context.Background(), "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	hold.Close()
	res := <-done
	expectOK(t, "a save slower than 5 s", res)
	if n := k.Count("news", "club_id = ?", club); n != 1 {
		t.Fatalf("%d news saved, want 1", n)
	}
}

// TestClubRulesAPI: the Administrador sets the club's pack; a Manager reads it
// and cannot change it; a loosening is a 400 naming the law, and nothing
// changes. TestGates walks the rest of the gate (other clubs, every role).
func TestClubRulesAPI(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		alfa := k.Club("Alfa")
		k.User("admin", alfa, access.Administrador)
		k.User("manager", alfa, access.Manager)
		k.User("budtender", alfa, access.Budtender)
		admin, manager := mustLogin(t, k, "admin", testkit.Password), mustLogin(t, k, "manager", testkit.Password)
		budtender := mustLogin(t, k, "budtender", testkit.Password)
		get := func(c *testkit.Client, club int64) *testkit.Response {
			return c.Do("GET", "/api/club_rules?association="+strconv.FormatInt(club, 10), nil)
		}
		put := func(c *testkit.Client, body map[string]any) *testkit.Response {
			return c.Do("PUT", "/api/club_rules", body)
		}

		res := get(manager, alfa)
		expectOK(t, "default rules", res)
		if res.JSON["pack"] != "es" || res.JSON["day_limit_g"] != nil || res.JSON["min_age"] != float64(18) {
			t.Fatalf("default rules: %s", res)
		}
		res = put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "day_limit_g": 20})
		expectOK(t, "German pack", res)
		if res.JSON["day_limit_g"] != float64(20) || res.JSON["month_limit_g"] != float64(50) || res.JSON["override"] != false ||
			!reflect.DeepEqual(res.JSON["tightened"], []any{"day_limit_g"}) {
			t.Fatalf("German pack: %s", res)
		}

		expectErr(t, "a looser month", put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "month_limit_g": 60}),
			400, "rules.looser_than_law", "Este valor es menos estricto que la ley (KCanG § 19(3)): solo se puede endurecer")
		expectErr(t, "an override in a legal pack", put(admin, map[string]any{"association": alfa, "pack": "de-kcang", "override": true}),
			400, "rules.looser_than_law", "")
		expectErr(t, "an unknown pack", put(admin, map[string]any{"association": alfa, "pack": "nl"}), 400, "request.invalid", "")
		expectErr(t, "a Manager", put(manager, map[string]any{"association": alfa, "pack": "custom"}), 403, "access.role", "")
		expectErr(t, "a Budtender reads", get(budtender, alfa), 403, "access.role", "")
		if res := get(admin, alfa); res.JSON["pack"] != "de-kcang" || res.JSON["day_limit_g"] != float64(20) {
			t.Fatalf("a refused change changed the rules: %s", res)
		}

		res = admin.Do("GET", "/api/rule_packs", nil)
		expectOK(t, "packs", res)
		if packs, _ := res.JSON["data"].([]any); len(packs) != 5 {
			t.Fatalf("packs: %s", res)
		}

		// retention on demand: the Administrador runs it, a Manager only reads the runs
		beta := k.Club("Beta")
		k.User("beta-admin", beta, access.Administrador)
		stranger := mustLogin(t, k, "beta-admin", testkit.Password)
		run := func(c *testkit.Client) *testkit.Response {
			return c.Do("POST", "/api/club_rules/retention", map[string]any{"association": alfa})
		}
		runs := func(c *testkit.Client) *testkit.Response {
			return c.Do("GET", "/api/club_rules/retention?association="+strconv.FormatInt(alfa, 10), nil)
		}
		expectErr(t, "a Manager runs retention", run(manager), 403, "access.role", "")
		expectErr(t, "another club's Administrador runs retention", run(stranger), 400, "club.no_member_record", "")
		expectErr(t, "a Budtender reads the runs", runs(budtender), 403, "access.role", "")
		expectErr(t, "another club's Administrador reads the runs", runs(stranger), 400, "club.no_member_record", "")
		expectErr(t, "no session", k.Client().Do("POST", "/api/club_rules/retention", map[string]any{"association": alfa}), 401, "auth.csrf", "")
		if n := k.Count("retention_runs", "club_id = ?", alfa); n != 0 {
			t.Fatalf("refused runs left %d rows", n)
		}
		res = run(admin)
		expectOK(t, "retention now", res)
		if res.JSON["trigger"] != "manual" || res.JSON["staff"] == "" || res.JSON["dispensations_before"] == nil || res.JSON["dispensations_forgotten"] != float64(0) {
			t.Fatalf("retention run: %s", res)
		}
		res = runs(manager)
		expectOK(t, "runs", res)
		if list, _ := res.JSON["data"].([]any); len(list) != 1 {
			t.Fatalf("runs: %s", res)
		}
	})
}
