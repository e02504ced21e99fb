package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/testkit"
)

// Login throttling protects accounts without letting one address or one
// attacker lock out people who know their password; reset links are limited
// per account without telling anyone so.

// eachWith is testkit.Each with changed settings: both engines.
func eachWith(t *testing.T, configure func(*app.Config), fn func(t *testing.T, k *testkit.Kit)) {
	for _, e := range testkit.Engines() {
		t.Run(e, func(t *testing.T) { fn(t, testkit.NewWith(t, e, configure)) })
	}
}

// behindProxy believes X-Forwarded-For, so tests can log in from any address.
func behindProxy(cfg *app.Config) { cfg.TrustProxy = true }

// loginFrom logs in from a fresh browser at addr.
func loginFrom(t *testing.T, k *testkit.Kit, addr, username, password string) *testkit.Response {
	t.Helper()
	c := k.Client()
	c.Token()
	body, err := json.Marshal(map[string]string{"username": username, "password": password})
	if err != nil {
		t.Fatal(err)
	}
	return c.Raw("POST", "/api/user/login", string(body),
		map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json", "X-Forwarded-For": addr})
}

// Ten failures on one account from one address refuse neither its owner
// elsewhere nor anyone else at that address.
func TestLoginFailuresFromOneAddressLockNobodyElse(t *testing.T) {
	eachWith(t, behindProxy, func(t *testing.T, k *testkit.Kit) {
		installClock(k)
		k.User("xavi", 0)
		k.User("otra", 0)
		cfg := k.App.Auth.Config()
		if cfg.LockAfter != 10 || cfg.AddressLimit != 100 {
			t.Fatalf("defaults changed: lock after %d, address limit %d", cfg.LockAfter, cfg.AddressLimit)
		}
		for i := range 12 {
			res := loginFrom(t, k, "198.51.100.1", "xavi", "mala-clave")
			if i < cfg.LockAfter {
				expectErr(t, "failure", res, 401, "auth.bad_credentials", msgBadCredentials)
			} else {
				expectErr(t, "past the pair lock", res, 429, "auth.throttled", "")
			}
		}
		expectOK(t, "owner from another address", loginFrom(t, k, "198.51.100.2", "xavi", testkit.Password))
		expectOK(t, "another user at the attacked address", loginFrom(t, k, "198.51.100.1", "otra", testkit.Password))
	})
}

// Failures from rotating addresses slow the account but never refuse its owner.
func TestLoginFailuresFromRotatingAddressesDoNotLockTheOwner(t *testing.T) {
	eachWith(t, behindProxy, func(t *testing.T, k *testkit.Kit) {
		clock := installClock(k)
		k.User("xavi", 0)
		cfg := k.App.Auth.Config()
		for i := range 10 {
			expectErr(t, "failure", loginFrom(t, k, fmt.Sprintf("198.51.100.%d", i+1), "xavi", "mala-clave"),
				401, "auth.bad_credentials", msgBadCredentials)
		}
		before := len(clock.Sleeps())
		expectOK(t, "owner after rotating failures", loginFrom(t, k, "203.0.113.9", "xavi", testkit.Password))
		sleeps := clock.Sleeps()
		want := min(time.Duration(10-cfg.SlowAfter+1)*cfg.SlowStep, cfg.MaxDelay)
		if len(sleeps) != before+1 || sleeps[before] != want || want <= 0 {
			t.Fatalf("the owner's login must be slowed by %v, sleeps %v", want, sleeps)
		}
		for _, d := range sleeps {
			if d > cfg.MaxDelay {
				t.Fatalf("delay %v over the cap %v", d, cfg.MaxDelay)
			}
		}
	})
}

// One place hammering one account is refused, even with the right password,
// until the window passes.
func TestLoginPairLock(t *testing.T) {
	eachWith(t, behindProxy, func(t *testing.T, k *testkit.Kit) {
		clock := installClock(k)
		uid := k.User("xavi", 0)
		cfg := k.App.Auth.Config()
		for range cfg.LockAfter {
			expectErr(t, "failure", loginFrom(t, k, "198.51.100.1", "xavi", "mala-clave"), 401, "auth.bad_credentials", msgBadCredentials)
		}
		res := loginFrom(t, k, "198.51.100.1", "XAVI", testkit.Password)
		expectErr(t, "right password from the locked pair", res, 429, "auth.throttled", "")
		if res.Message() == "" {
			t.Fatal("throttled reply without message")
		}
		if n := k.Count("sessions", "user_id = ?", uid); n != 0 {
			t.Fatalf("a refused login opened %d sessions", n)
		}
		clock.Advance(cfg.ThrottleWindow + time.Second)
		expectOK(t, "after the window", loginFrom(t, k, "198.51.100.1", "xavi", testkit.Password))
	})
}

// Twenty logins of one account from one address at the same moment: attempts under way are not
// failures, so with the right password every one opens a session; with a wrong one each checked
// password counts as a failure, no more are checked than the pair's lock allows, and the pair is
// locked after the burst while the owner elsewhere still gets in.
func TestLoginBurstFromOneAddress(t *testing.T) {
	eachWith(t, behindProxy, func(t *testing.T, k *testkit.Kit) {
		// The throttling's delays are slept, a tenth as long: a slowed attempt stays under way
		// while the others arrive, as it does on a real server.
		k.App.Auth.SetClock(nil, func(ctx context.Context, d time.Duration) {
			select {
			case <-ctx.Done():
			case <-time.After(d / 10):
			}
		})
		cfg := k.App.Auth.Config()
		const burst = 20
		// burst sends n logins at once, each from a browser of its own, and counts the replies by status.
		send := func(username, password string) map[int]int {
			clients := make([]*testkit.Client, burst)
			bodies := make([]string, burst)
			for i := range clients {
				clients[i] = k.Client()
				clients[i].Token()
				b, _ := json.Marshal(map[string]string{"username": username, "password": password})
				bodies[i] = string(b)
			}
			statuses := make([]int, burst)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i, c := range clients {
				wg.Go(func() {
					<-start
					statuses[i] = c.Raw("POST", "/api/user/login", bodies[i],
						map[string]string{"X-CSRF-Token": c.CSRF, "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.1"}).Status
				})
			}
			close(start)
			wg.Wait()
			out := map[int]int{}
			for _, s := range statuses {
				out[s]++
			}
			return out
		}

		uid := k.User("xavi", 0)
		if got := send("xavi", testkit.Password); got[200] != burst {
			t.Fatalf("%d right logins at once: %d opened a session, replies by status %v", burst, got[200], got)
		}
		if n := k.Count("sessions", "user_id = ?", uid); n != burst {
			t.Fatalf("sessions opened: %d, want %d", n, burst)
		}
		if n := k.Count("login_failures", "1=1"); n != 0 {
			t.Fatalf("right logins left %d rows of failures", n)
		}

		yago := k.User("yago", 0)
		got := send("yago", "mala-clave")
		if got[401] != cfg.LockAfter || got[429] != burst-cfg.LockAfter {
			t.Fatalf("%d wrong logins at once: want %d checked (401) and %d refused (429), got %v", burst, cfg.LockAfter, burst-cfg.LockAfter, got)
		}
		if n := k.Count("login_failures", "key = ?", fmt.Sprintf("p:198.51.100.1 u:%d", yago)); n != cfg.LockAfter {
			t.Fatalf("failures of the pair: %d, want %d", n, cfg.LockAfter)
		}
		expectErr(t, "right password from the locked pair", loginFrom(t, k, "198.51.100.1", "yago", testkit.Password), 429, "auth.throttled", "")
		expectOK(t, "owner from another address", loginFrom(t, k, "198.51.100.2", "yago", testkit.Password))
	})
}

// Failures spread over many accounts from one address are slowed and, past
// the address's ceiling, refused for every account there.
func TestLoginAddressCeiling(t *testing.T) {
	const limit = 20 // the default is 100; fewer argon2 checks keep the test fast
	eachWith(t, func(cfg *app.Config) {
		cfg.TrustProxy = true
		cfg.LoginAddress = limit
	}, func(t *testing.T, k *testkit.Kit) {
		clock := installClock(k)
		users := []string{"uno", "dos", "tres", "cuatro"}
		for _, u := range users {
			k.User(u, 0)
		}
		cfg := k.App.Auth.Config()
		if cfg.AddressLimit != limit {
			t.Fatalf("SOCIUS_LOGIN_ADDRESS_LIMIT not applied: %d", cfg.AddressLimit)
		}
		for i := range limit {
			name := fmt.Sprintf("nadie%d", i)
			if i < len(users) {
				name = users[i]
			}
			expectErr(t, "failure", loginFrom(t, k, "198.51.100.1", name, "mala-clave"), 401, "auth.bad_credentials", msgBadCredentials)
		}
		// One failure per account: only the address slows them, from AddressSlowAfter on.
		sleeps := clock.Sleeps()
		if want := limit - cfg.AddressSlowAfter; len(sleeps) != want {
			t.Fatalf("want %d slowed attempts, got %v", want, sleeps)
		}
		for i, d := range sleeps {
			if d <= 0 || d > cfg.MaxDelay || (i > 0 && d < sleeps[i-1]) {
				t.Fatalf("slow-down must be positive, growing and capped: %v", sleeps)
			}
		}
		for _, u := range append(users, "nueva") {
			expectErr(t, "past the ceiling", loginFrom(t, k, "198.51.100.1", u, testkit.Password), 429, "auth.throttled", "")
		}
		expectOK(t, "same user, other address", loginFrom(t, k, "198.51.100.2", "uno", testkit.Password))
	})
}

// Thirty reset requests for one account send at most MaxOpenResets links and
// answer every time exactly as for an unknown name.
func TestPasswordResetRequestsAreLimited(t *testing.T) {
	smtp := testkit.NewSMTPServer(t)
	eachWith(t, func(cfg *app.Config) { cfg.SMTPHost, cfg.SMTPPort = smtp.Host, smtp.Port }, func(t *testing.T, k *testkit.Kit) {
		start := len(smtp.Messages())
		uid := k.User("ana", 0)
		anon := k.Client()
		anon.Token()
		request := func(name string) *testkit.Response {
			t.Helper()
			res := anon.Do("POST", "/api/user/request_new_password", map[string]string{"name": name})
			expectOK(t, "request "+name, res)
			return res
		}
		unknown := request("nadie")
		if unknown.Message() == "" {
			t.Fatalf("no message: %s", unknown)
		}
		for i := range 30 {
			if res := request("ana"); !bytes.Equal(res.Body, unknown.Body) {
				t.Fatalf("request %d answers %s, an unknown name %s", i+1, res.Body, unknown.Body)
			}
		}
		if res := request("nadie"); !bytes.Equal(res.Body, unknown.Body) {
			t.Fatalf("unknown name: %s", res.Body)
		}
		open := k.Count("password_resets", "user_id = ? AND used = 0 AND expires >= ?", uid, time.Now().Unix())
		if open != auth.MaxOpenResets {
			t.Fatalf("open reset links: want %d, got %d", auth.MaxOpenResets, open)
		}
		if n := k.Count("password_resets", ""); n != auth.MaxOpenResets {
			t.Fatalf("reset rows: want %d, got %d", auth.MaxOpenResets, n)
		}
		// Mail leaves after the reply: wait for the expected ones, then a
		// little longer for any extra.
		smtp.WaitMail(t, start+auth.MaxOpenResets)
		time.Sleep(300 * time.Millisecond)
		mails := smtp.Messages()[start:]
		if len(mails) != auth.MaxOpenResets {
			t.Fatalf("mails sent: want %d, got %d", auth.MaxOpenResets, len(mails))
		}
		for _, m := range mails {
			if len(m.To) != 1 || m.To[0] != "ana@example.test" || !strings.Contains(m.Data, "/app/reset-password?token=") {
				t.Fatalf("unexpected mail: %+v", m)
			}
		}
	})
}
