package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/catalog"
)

// counterLoad sets the busy Saturday: how many staff browsers, for how long.
var counterLoad = struct {
	clients  int
	duration time.Duration
	members  int
}{50, 60 * time.Second, 5_000}

// benchCounter: a busy Saturday. Many staff browsers at once each serve
// members in a loop: find the member by name and by key fob, open the
// product list, save an order of two lines, pay it (cash or card), look at
// the stock, and now and then read the day's cash report. Every call is
// timed by kind; a failed call is counted, never retried (there must be
// none). Afterwards the database size and the process's memory.
func benchCounter(ctx context.Context, e *env) []result {
	flags := slices.DeleteFunc(slices.Clone(access.Flags), func(f string) bool { return f == access.FirmaPedido || f == access.FirmaDigital })
	clubID, err := e.app.CreateClub(ctx, "Bench counter", flags)
	must(err)
	uid, err := e.app.CreateUser(ctx, app.NewStaffUser{NewUser: auth.NewUser{Username: "bench", Password: "bench-password",
		Email: "bench@example.test"}, ClubID: clubID, Roles: []string{access.Manager, access.Budtender, access.Recepcion}})
	must(err)
	t0 := time.Now()
	must(loadMembers(ctx, e.app.DB, clubID, counterLoad.members))
	must(loadProducts(ctx, e.app.DB, clubID, 500))
	_, err = e.app.Clubs.SaveCategory(ctx, clubID, 0, "consumption_check", "off")
	must(err)
	cat, err := e.app.Clubs.SaveCategory(ctx, clubID, 0, "dispensary", "Mostrador")
	must(err)
	var pids []int64
	for i, typ := range []string{"peso", "unidad"} {
		p, err := e.app.Catalog.Save(ctx, clubID, benchProduct(fmt.Sprintf("Mostrador %d", i), typ, cat.NID))
		must(err)
		_, err = e.app.Catalog.AdjustStock(ctx, clubID, uid, []catalog.StockChange{{PID: p.PID, Kind: catalog.MoveManual, Quantity: amount.Milli(900_000_000), Note: "bench"}}) // 900 kg or units: far more than a run sells, within a product's 10.000.000 € of stock
		must(err)
		pids = append(pids, p.PID)
	}
	// one member per browser buys (a member has one open order); any member is looked up
	var buyers []int64
	must(e.app.DB.Select(ctx, &buyers, `SELECT id FROM members WHERE club_id = ? AND status = 1 AND deleted = 0 ORDER BY id LIMIT ?`, clubID, counterLoad.clients))
	fmt.Printf("  (%d members, 502 products loaded on %s in %s)\n", counterLoad.members, e.engine, time.Since(t0).Round(time.Second))
	settle(ctx, e)

	clients := make([]*client, counterLoad.clients)
	for i := range clients {
		clients[i] = newClient(e.url)
		must(clients[i].login("bench", "bench-password"))
	}
	names := []string{"mar", "jose", "garcia", "nuria", "ib", "fer", "lopez", "pe", "alv", "domenech"}
	kinds := []string{"GET ficha_socio by name", "GET ficha_socio by key fob", "GET dispensario POS page", "POST order (2 lines)",
		"POST order/pay", "GET product_stock", "GET report_cash today"}
	var mu sync.Mutex
	samples := map[string][]time.Duration{}
	errors := map[string]int{}
	var firstErr error
	deadline := time.Now().Add(counterLoad.duration)
	begin := time.Now()
	var wg sync.WaitGroup
	for w := range clients {
		wg.Go(func() {
			c := clients[w]
			local := map[string][]time.Duration{}
			localErr := map[string]int{}
			call := func(kind string, fn func() error) bool {
				t := time.Now()
				err := fn()
				local[kind] = append(local[kind], time.Since(t))
				if err != nil {
					localErr[kind]++
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
				return err == nil
			}
			base := fmt.Sprintf("?asocid=%d&", clubID)
			for n := 0; time.Now().Before(deadline); n++ {
				call(kinds[0], func() error {
					return c.get(fmt.Sprintf("/api/ficha_socio?association=%d&limit=14&nombre=%s", clubID, url.QueryEscape(names[rand.IntN(len(names))])))
				})
				call(kinds[1], func() error {
					return c.get(fmt.Sprintf("/api/ficha_socio?association=%d&limit=14&keychain=%010d", clubID, 7_000_000_000+int64(rand.IntN(counterLoad.members))*13))
				})
				call(kinds[2], func() error { return c.get("/api/dispensario" + base + "in_stock=true&limit=24&page=0") })
				var saved struct {
					Order struct {
						OID   int64   `json:"oid"`
						Total float64 `json:"total"`
					} `json:"order"`
				}
				if call(kinds[3], func() error {
					return c.do("POST", "/api/order", map[string]any{"asocid": clubID, "membership_id": buyers[w], "products": []map[string]any{
						{"pid": pids[0], "quantity": 1 + float64(rand.IntN(40))/10}, {"pid": pids[1], "quantity": 1}}}, &saved)
				}) {
					method := []string{"cash", "tpv"}[n%2]
					call(kinds[4], func() error {
						return c.do("POST", "/api/order/pay", map[string]any{"asocid": clubID, "oid": saved.Order.OID, "type": method}, nil)
					})
				}
				call(kinds[5], func() error { return c.get("/api/product_stock" + base + "limit=50&page=0") })
				if (n+w)%10 == 0 { // a tenth of the rounds, spread over the browsers
					call(kinds[6], func() error { return c.get("/api/report_cash/" + base + "day=" + time.Now().Format(time.DateOnly)) })
				}
			}
			mu.Lock()
			for k, v := range local {
				samples[k] = append(samples[k], v...)
			}
			for k, v := range localErr {
				errors[k] += v
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(begin)
	if firstErr != nil {
		fmt.Fprintf(os.Stderr, "bench counter: first error: %v\n", firstErr)
	}
	var out []result
	for _, k := range kinds {
		out = append(out, result{what: k, samples: samples[k], elapsed: elapsed, errors: errors[k], mustNotFail: true})
	}
	size := databaseSize(ctx, e)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	facts = append(facts, fact{"counter", e.engine, fmt.Sprintf("%d browsers for %s: database %s after the run; Go heap in use %.0f MB, memory from the OS %.0f MB, resident %s (one process: server and the browsers' HTTP clients)",
		counterLoad.clients, counterLoad.duration, mb(size), float64(ms.HeapInuse)/1e6, float64(ms.Sys)/1e6, residentMemory())})
	return out
}

func databaseSize(ctx context.Context, e *env) int64 {
	if e.engine == "postgres" {
		var n int64
		_ = e.app.DB.Get(ctx, &n, `SELECT COALESCE(SUM(pg_total_relation_size(quote_ident(table_name))), 0)::bigint
			FROM information_schema.tables WHERE table_schema = current_schema()`)
		return n
	}
	var n int64
	for _, suffix := range []string{"", "-wal"} {
		if st, err := os.Stat(e.app.DB.DSN + suffix); err == nil {
			n += st.Size()
		}
	}
	return n
}

func mb(n int64) string { return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB" }

// residentMemory is the process's resident set (VmRSS) where /proc has it.
func residentMemory() string {
	b, err := os.ReadFile(filepath.Join("/proc", "self", "status"))
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return mb(kb * 1000)
		}
	}
	return "unknown"
}
