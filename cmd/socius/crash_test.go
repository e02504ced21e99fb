package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/cash"
	"socius/internal/db"
	"socius/internal/testkit"
)

// TestMain lets the test binary be the server of the crash test: started
// again with SOCIUS_TEST_SERVE=1 it runs the command line it is given, as
// the socius binary would, and nothing of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("SOCIUS_TEST_SERVE") == "1" {
		if err := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "socius:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashKills is how many times the crash test kills the server per engine:
// a few in make test, 20 in make soak (SOCIUS_CRASH_KILLS).
func crashKills() int {
	if n, err := strconv.Atoi(os.Getenv("SOCIUS_CRASH_KILLS")); err == nil && n > 0 {
		return n
	}
	return 4
}

// TestCrashDuringACounterDay runs a day at the counter against the server
// process while killing it with SIGKILL at random moments and starting it
// again. Three counters each sell to their member (cash, card and wallet),
// refund, top the wallet up, adjust their product's stock and move cash.
// After every kill, before the restart: every acknowledged write is there,
// no order is half written, every wallet and stock equals the sum of its
// rows, the cash report's figures equal the orders and refunds they sum, and
// the box's total equals cash sales less cash refunds, top-ups and hand-made
// movements.
func TestCrashDuringACounterDay(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the server")
	}
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) { crashDay(t, engine, crashKills()) })
	}
}

// counter is one staff browser and the ledger of what the server acknowledged to it.
type counter struct {
	http   *http.Client
	base   string
	csrf   string
	member int64
	pid    int64
	note   string
	step   int // calls made this day: picks the next kind of call

	paid                                map[int64]string // acknowledged paid orders and their method
	refunds, topUps, stockMoves, cashIn int              // acknowledged
	inFlight                            string           // the kind of the call a kill interrupted
	toRefund                            []int64
	refused                             error // an answer that was not the server dying
}

// refusal is an HTTP answer other than 200 (the server was alive to give it).
type refusal struct{ text string }

func (r refusal) Error() string { return r.text }

func (c *counter) call(method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", c.csrf)
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		return refusal{fmt.Sprintf("%s %s: %d %s", method, path, res.StatusCode, b)}
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	args []string
	logs *bytes.Buffer
}

func (s *server) start() {
	s.t.Helper()
	s.logs = &bytes.Buffer{}
	s.cmd = exec.Command(os.Args[0], append([]string{"serve"}, s.args...)...)
	s.cmd.Env = append(os.Environ(), "SOCIUS_TEST_SERVE=1")
	s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	// ready when it answers: poll the version, as a load balancer would
	deadline := time.Now().Add(2 * time.Minute)
	for {
		res, err := http.Get(s.base + "/api/vue_version")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) || s.cmd.ProcessState != nil {
			s.t.Fatalf("server did not start: %v\n%s", err, s.logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop kills the server if it is still running (a test's cleanup).
func (s *server) stop() {
	if s.cmd != nil && s.cmd.ProcessState == nil {
		s.kill()
	}
}

func (s *server) kill() {
	_ = s.cmd.Process.Kill() // SIGKILL: no shutdown, no flush
	_ = s.cmd.Wait()
}

func crashDay(t *testing.T, engine string, kills int) {
	ctx := context.Background()
	srv, counters, club, dsn := counterDay(t, engine)

	for round := range kills {
		var acks sync.WaitGroup
		acked := make(chan struct{}, 1000)
		stop := make(chan struct{})
		for _, c := range counters {
			acks.Go(func() { c.work(club, acked, stop) })
		}
		// kill after a random number of acknowledged calls (not after a clock)
		target := 5 + rand.IntN(25)
		for range target {
			select {
			case <-acked:
			case <-time.After(2 * time.Minute):
				t.Fatalf("round %d: the counters stopped answering\n%s", round, srv.logs)
			}
		}
		srv.kill()
		close(stop)
		acks.Wait()
		for _, c := range counters {
			if c.refused != nil {
				t.Fatalf("round %d: %v", round, c.refused)
			}
		}

		d, err := db.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		checkAfterCrash(t, ctx, d, club, counters, round)
		for _, c := range counters {
			c.settle(t, ctx, d)
		}
		d.Close()
		srv.start()
	}
	t.Logf("%d kills on %s: %d orders paid, %d refunds, %d top-ups, %d stock moves, %d cash moves acknowledged", kills, engine,
		len(counters[0].paid)+len(counters[1].paid)+len(counters[2].paid), counters[0].refunds+counters[1].refunds+counters[2].refunds,
		counters[0].topUps+counters[1].topUps+counters[2].topUps, counters[0].stockMoves+counters[1].stockMoves+counters[2].stockMoves,
		counters[0].cashIn+counters[1].cashIn+counters[2].cashIn)
}

// counterDay starts the server on a new database of engine with one club and
// three counters (staff browsers), each with its member and product.
func counterDay(t *testing.T, engine string, extra ...string) (*server, []*counter, int64, string) {
	dir := t.TempDir()
	dsn := testkit.DSN(t, engine)
	if engine != "postgres" {
		dsn = filepath.Join(dir, "socius.db")
	}
	cli := newCLI(t)
	cli.dbPath, cli.data = dsn, dir
	club := cli.id("", "admin", "club", "create", "--title", "Club", "--flags", "socios,software_gestion_club,funciones_avanzadas_gestion,monedero")
	cli.id("", "admin", "user", "create", "--username", "caja", "--password", "crash-test-pass", "--email", "caja@example.test",
		"--club", strconv.FormatInt(club, 10), "--roles", access.Administrador)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	srv := &server{t: t, base: "http://" + addr, args: append([]string{"--addr", addr, "--db", dsn, "--data", dir}, extra...)}
	srv.start()
	t.Cleanup(srv.stop)

	// three counters, each with its member and product; sessions are rows, so they outlive the kills
	counters := make([]*counter, 3)
	for i := range counters {
		jar, _ := cookiejar.New(nil)
		c := &counter{http: &http.Client{Jar: jar, Timeout: time.Minute}, base: srv.base, paid: map[int64]string{}, note: "mostrador " + strconv.Itoa(i)}
		res, err := c.http.Get(srv.base + "/services/session/token")
		if err != nil {
			t.Fatal(err)
		}
		tok, _ := io.ReadAll(res.Body)
		res.Body.Close()
		c.csrf = string(tok)
		var login struct {
			Token string `json:"token"`
		}
		if err := c.call("POST", "/api/user/login", map[string]string{"username": "caja", "password": "crash-test-pass"}, &login); err != nil {
			t.Fatal(err)
		}
		c.csrf = login.Token
		counters[i] = c
	}
	setup := counters[0]
	var cat struct{ NID int64 }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(setup.call("POST", "/api/association_category", map[string]any{"association": club, "type": "dispensary", "title": "Flores"}, &cat))
	for i, c := range counters {
		var p struct{ PID int64 }
		must(setup.call("POST", "/api/dispensario", map[string]any{"asocid": club, "title": "Variedad " + strconv.Itoa(i), "dominance": "indica",
			"category": cat.NID, "price": 5, "type": "peso", "status": true}, &p))
		c.pid = p.PID
		must(setup.call("POST", "/api/product_stock", map[string]any{"asocid": club, "products": []map[string]any{{"pid": p.PID, "stock": 100000, "stock_type": "manual", "note": "alta"}}}, nil))
		var m struct{ NID int64 }
		n := 30000000 + i
		// each counter sells to one member all day: the largest forecast a member can have keeps make soak's
		// twenty rounds (hundreds of grams) clear of the monthly consumption check, which is not under test here
		must(setup.call("POST", "/api/ficha_socio", map[string]any{"association": club, "nombre": "Socio", "surname": strconv.Itoa(i),
			"dni": fmt.Sprintf("%08d%c", n, "TRWAGMYFPDXBNJZSQVHLCKE"[n%23]), "consum_forecast": 100000}, &m))
		c.member = m.NID
	}
	return srv, counters, club, dsn
}

// work runs the counter's day until the server dies or stop is closed,
// recording what was acknowledged and, when a call fails, what was in flight.
func (c *counter) work(club int64, acked chan<- struct{}, stop <-chan struct{}) {
	ack := func() {
		select {
		case acked <- struct{}{}:
		default:
		}
	}
	methods := []string{"cash", "tpv", "wallet"}
	// the day's step carries over the kills, so every kind of call comes round however early each kill falls
	for ; ; c.step++ {
		n := c.step
		select {
		case <-stop:
			return
		default:
		}
		var err error
		switch {
		case n%7 == 3:
			c.inFlight = "topup"
			if err = c.call("PUT", fmt.Sprintf("/api/wallet/%d", c.member), map[string]any{"association": club, "operation": "add", "amount": 30, "pay_type": "cash"}, nil); err == nil {
				c.topUps++
			}
		case n%7 == 5:
			c.inFlight = "stock"
			if err = c.call("POST", "/api/product_stock", map[string]any{"asocid": club, "products": []map[string]any{{"pid": c.pid, "stock": 1, "stock_type": "manual", "note": c.note}}}, nil); err == nil {
				c.stockMoves++
			}
		case n%7 == 6:
			c.inFlight = "cash"
			if err = c.call("POST", "/api/cash_movement", map[string]any{"asocid": club, "amount": 2, "note": c.note}, nil); err == nil {
				c.cashIn++
			}
		case n%7 == 2 && len(c.toRefund) > 0:
			oid := c.toRefund[0]
			c.inFlight = "refund"
			if err = c.call("POST", "/api/order_refund", map[string]any{"asocid": club, "oid": oid, "pay": "cash",
				"products": []map[string]any{{"pid": c.pid, "quantity": 1}}}, nil); err == nil {
				c.refunds++
				c.toRefund = c.toRefund[1:]
			}
		default:
			var saved struct {
				Order struct {
					OID   int64   `json:"oid"`
					Total float64 `json:"order_total"`
				} `json:"order"`
			}
			c.inFlight = "cart"
			if err = c.call("POST", "/api/order", map[string]any{"asocid": club, "membership_id": c.member,
				"products": []map[string]any{{"pid": c.pid, "quantity": 1 + n%3}}}, &saved); err != nil {
				break
			}
			ack()
			method := methods[n%3]
			body := map[string]any{"asocid": club, "oid": saved.Order.OID, "type": method}
			if method == "cash" {
				body["tendered"] = 50
			}
			c.inFlight = "pay"
			if err = c.call("POST", "/api/order/pay", body, nil); err != nil {
				// a wallet without enough money is refused, not lost: the next round pays in cash
				if method == "wallet" && bytes.Contains([]byte(err.Error()), []byte("wallet")) {
					err = nil
					c.inFlight = ""
					continue
				}
				break
			}
			c.paid[saved.Order.OID] = method
			if len(c.paid)%4 == 0 {
				c.toRefund = append(c.toRefund, saved.Order.OID)
			}
		}
		if err != nil {
			if _, ok := err.(refusal); ok {
				c.refused = err
			}
			return // the server died
		}
		c.inFlight = ""
		ack()
	}
}

// settle takes the database's word for the call a kill interrupted: it is
// now known whether it happened.
func (c *counter) settle(t *testing.T, ctx context.Context, d *db.DB) {
	t.Helper()
	var paid []struct {
		ID      int64  `db:"id"`
		PayType string `db:"pay_type"`
	}
	if err := d.Select(ctx, &paid, `SELECT id, pay_type FROM orders WHERE member_id = ? AND paid > 0`, c.member); err != nil {
		t.Fatal(err)
	}
	for _, o := range paid {
		if _, ok := c.paid[o.ID]; !ok {
			c.paid[o.ID] = o.PayType
		}
	}
	get := func(q string, args ...any) int {
		var n int
		if err := d.Get(ctx, &n, q, args...); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := get(`SELECT COUNT(*) FROM order_refunds WHERE member_id = ?`, c.member); n > c.refunds {
		c.refunds, c.toRefund = n, c.toRefund[1:]
	}
	c.topUps = get(`SELECT COUNT(*) FROM wallet_movements WHERE member_id = ? AND order_id IS NULL AND amount > 0`, c.member)
	c.stockMoves = get(`SELECT COUNT(*) FROM stock_movements WHERE product_id = ? AND note = ?`, c.pid, c.note)
	c.cashIn = get(`SELECT COUNT(*) FROM cash_movements WHERE type = 'manual' AND note = ?`, c.note)
	c.inFlight = ""
}

func checkAfterCrash(t *testing.T, ctx context.Context, d *db.DB, club int64, counters []*counter, round int) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("after kill %d: "+format, append([]any{round + 1}, args...)...)
	}
	count := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := d.Get(ctx, &n, q, args...); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// every acknowledged write is there (an interrupted one may or may not be)
	between := func(what string, got, acked int, inFlight bool) {
		t.Helper()
		maybe := 0
		if inFlight {
			maybe = 1
		}
		if got < acked || got > acked+maybe {
			fail("%s: %d rows, %d acknowledged (interrupted: %v)", what, got, acked, inFlight)
		}
	}
	for _, c := range counters {
		for oid := range c.paid {
			if count(`SELECT COUNT(*) FROM orders WHERE id = ? AND paid > 0 AND status <> 'cart'`, oid) != 1 {
				fail("order %d was acknowledged as paid and is not", oid)
			}
		}
		between(c.note+" refunds", count(`SELECT COUNT(*) FROM order_refunds WHERE member_id = ?`, c.member), c.refunds, c.inFlight == "refund")
		between(c.note+" top-ups", count(`SELECT COUNT(*) FROM wallet_movements WHERE member_id = ? AND order_id IS NULL AND amount > 0`, c.member), c.topUps, c.inFlight == "topup")
		between(c.note+" stock moves", count(`SELECT COUNT(*) FROM stock_movements WHERE product_id = ? AND note = ?`, c.pid, c.note), c.stockMoves, c.inFlight == "stock")
		between(c.note+" cash moves", count(`SELECT COUNT(*) FROM cash_movements WHERE type = 'manual' AND note = ?`, c.note), c.cashIn, c.inFlight == "cash")
		paidNow := count(`SELECT COUNT(*) FROM orders WHERE member_id = ? AND paid > 0`, c.member)
		between(c.note+" paid orders", paidNow, len(c.paid), c.inFlight == "pay")
	}
	// no half-written order
	if n := count(`SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`); n > 0 {
		fail("%d orders without lines", n)
	}
	if n := count(`SELECT COUNT(*) FROM orders o WHERE o.paid > 0 AND o.pay_type IN ('cash', 'tpv') AND
		(SELECT COUNT(*) FROM cash_movements m WHERE m.order_id = o.id AND m.type = 'order' AND m.amount = o.total) <> 1`); n > 0 {
		fail("%d paid orders without their one payment movement", n)
	}
	if n := count(`SELECT COUNT(*) FROM orders o WHERE o.paid > 0 AND o.pay_type = 'wallet' AND
		(SELECT COALESCE(SUM(w.amount), 0) FROM wallet_movements w WHERE w.order_id = o.id AND w.amount < 0) <> -o.total`); n > 0 {
		fail("%d wallet-paid orders without their wallet movement", n)
	}
	if n := count(`SELECT COUNT(*) FROM orders o WHERE o.paid = 0 AND (EXISTS (SELECT 1 FROM cash_movements m WHERE m.order_id = o.id)
		OR EXISTS (SELECT 1 FROM wallet_movements w WHERE w.order_id = o.id) OR EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id))`); n > 0 {
		fail("%d unpaid orders with payments or refunds", n)
	}
	if n := count(`SELECT COUNT(*) FROM order_refunds r WHERE r.amount <> (SELECT COALESCE(SUM(x.amount), 0) FROM order_refund_lines x WHERE x.refund_id = r.id)`); n > 0 {
		fail("%d refunds whose lines do not add up", n)
	}
	// balances are the sums of their rows
	if n := count(`SELECT COUNT(*) FROM members m WHERE m.wallet <> (SELECT COALESCE(SUM(w.amount), 0) FROM wallet_movements w WHERE w.member_id = m.id)`); n > 0 {
		fail("%d wallets differ from the sum of their movements", n)
	}
	if n := count(`SELECT COUNT(*) FROM products p WHERE p.stock <> (SELECT COALESCE(SUM(s.quantity), 0) FROM stock_movements s WHERE s.product_id = p.id)`); n > 0 {
		fail("%d stocks differ from the sum of their movements", n)
	}
	// the cash report's cards are the orders and refunds they sum
	s, err := cash.New(d).Summarize(ctx, club, cash.Scope{})
	if err != nil {
		t.Fatal(err)
	}
	for _, card := range []struct {
		name string
		got  int64
		q    string
	}{
		{"cash orders", int64(s.CashOrderAmount), `SELECT COALESCE(SUM(total), 0) FROM orders WHERE club_id = ? AND paid > 0 AND pay_type = 'cash'`},
		{"card orders", int64(s.TpvOrderAmount), `SELECT COALESCE(SUM(total), 0) FROM orders WHERE club_id = ? AND paid > 0 AND pay_type = 'tpv'`},
		{"wallet orders", int64(s.WalletOrderAmount), `SELECT COALESCE(SUM(total), 0) FROM orders WHERE club_id = ? AND paid > 0 AND pay_type = 'wallet'`},
		{"cash refunds", int64(s.CashRefundAmount), `SELECT COALESCE(SUM(amount), 0) FROM order_refunds WHERE club_id = ? AND pay_type = 'cash'`},
		{"wallet top-ups", int64(s.WalletCashAmount), `SELECT COALESCE(SUM(amount), 0) FROM wallet_movements WHERE club_id = ? AND order_id IS NULL AND amount > 0`},
		{"manual movements", int64(s.ManualAmount), `SELECT COALESCE(SUM(amount), 0) FROM cash_movements WHERE club_id = ? AND type = 'manual'`},
	} {
		var want int64
		if err := d.Get(ctx, &want, card.q, club); err != nil {
			t.Fatal(err)
		}
		if card.got != want {
			fail("cash report %s %d, the rows sum %d", card.name, card.got, want)
		}
	}
	// the box holds what came in and went out in cash: cash sales less cash
	// refunds, cash top-ups and the hand-made movements (no close in the day)
	if box := s.CashOrderAmount - s.CashRefundAmount + s.WalletCashAmount + s.ManualAmount; s.CashBoxTotalAmount != box || s.AmountInitial != 0 {
		fail("cash box %d (initial %d), its parts sum %d", s.CashBoxTotalAmount, s.AmountInitial, box)
	}
}
