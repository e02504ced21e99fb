// Command bench runs the performance scenarios of DESIGN.md §Budgets against
// the real application over loopback HTTP, on SQLite and (when
// SOCIUS_TEST_POSTGRES_URL is set) PostgreSQL. Run it with `make bench`.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/app"
)

// scenario is one measured workload.
type scenario struct {
	name   string
	budget string
	run    func(ctx context.Context, env *env) []result
}

// result is one measured request kind.
type result struct {
	what    string
	samples []time.Duration
	elapsed time.Duration
	limit   time.Duration // the p99 budget; 0: none
	errors  int           // failed calls (the counter load counts them instead of stopping)
	// mustNotFail: the budget is no failed call (the counter load); its
	// latencies are reported, not judged: a closed loop without a person's
	// pauses queues 50 browsers on the machine's cores.
	mustNotFail bool
}

var scenarios = []scenario{
	{"session", "no budget (first scenario; argon2id dominates login)", benchSession},
	{"members", "p99 under 20 ms with 100,000 members in one club (DESIGN.md)", benchMemberSearch},
	{"products", "p99 under 20 ms with 20,000 products in one club (DESIGN.md)", benchProductList},
	{"reports", "p99 under 300 ms with 250,000 orders (a year of a busy club) for the close report, withdrawals and performance (issue 11)", benchReports},
	{"cultivation", "p99 under 300 ms for the annual report over a year of 250,000 dispensed lines (issue 30)", benchCultivation},
	{"pay", "HTTP keeps at least half the throughput of the same service calls straight on the database (DESIGN.md)", benchPay},
	{"observe", "metrics and the request log keep at least 0.95 of the pay throughput over HTTP (issue 31)", benchObserve},
	{"counter", "a busy Saturday: 50 staff browsers for 60 s without pauses, no failed call; latencies reported (issue 13)", benchCounter},
}

type env struct {
	engine string
	app    *app.App
	url    string
	conc   int
	dur    time.Duration
}

func main() {
	only := flag.String("only", "", "run only scenarios whose name contains this")
	dur := flag.Duration("duration", 5*time.Second, "measuring time per request kind")
	conc := flag.Int("concurrency", 8, "concurrent clients")
	out := flag.String("out", "", "write the report as Markdown to this file (docs/benchmarks.md)")
	flag.IntVar(&counterLoad.clients, "counter-clients", counterLoad.clients, "staff browsers of the counter load")
	flag.DurationVar(&counterLoad.duration, "counter-duration", counterLoad.duration, "length of the counter load")
	flag.Parse()
	started := time.Now()
	engines := []string{"sqlite"}
	if os.Getenv("SOCIUS_TEST_POSTGRES_URL") != "" {
		engines = append(engines, "postgres")
	}
	fmt.Printf("%-10s %-9s %-28s %9s %10s %9s %9s\n", "scenario", "engine", "request", "count", "req/s", "p50", "p99")
	for _, sc := range scenarios {
		if *only != "" && !strings.Contains(sc.name, *only) {
			continue
		}
		for _, engine := range engines {
			e, cleanup, err := start(engine, *conc, *dur)
			if err != nil {
				fmt.Fprintln(os.Stderr, "bench:", err)
				os.Exit(1)
			}
			for _, r := range sc.run(context.Background(), e) {
				report(sc.name, engine, r)
			}
			cleanup()
		}
		fmt.Printf("  budget: %s\n", sc.budget)
	}
	if *out != "" {
		if err := writeMarkdown(*out, engines, started); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		fmt.Println("report written to", *out)
	}
	if failed {
		fmt.Fprintln(os.Stderr, "bench: a scenario is over its budget or had failed calls")
		os.Exit(1)
	}
}

func report(name, engine string, r result) {
	s := slices.Clone(r.samples)
	slices.Sort(s)
	pct := func(p float64) time.Duration {
		if len(s) == 0 {
			return 0
		}
		return s[min(len(s)-1, int(float64(len(s))*p))]
	}
	rps := float64(len(s)) / r.elapsed.Seconds()
	row := row{scenario: name, engine: engine, what: r.what, count: len(s), rps: rps, p50: pct(0.50), p99: pct(0.99), limit: r.limit, errors: r.errors, judged: r.mustNotFail}
	rows = append(rows, row)
	verdict := ""
	if r.limit > 0 || r.errors > 0 || r.mustNotFail {
		verdict = "pass"
		if !row.pass() {
			verdict, failed = "FAIL", true
		}
	}
	fmt.Printf("%-10s %-9s %-28s %9d %10.0f %9s %9s %s\n", name, engine, r.what, len(s), rps,
		pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), verdict)
}

func start(engine string, conc int, dur time.Duration) (*env, func(), error) {
	dir, err := os.MkdirTemp("", "socius-bench-")
	if err != nil {
		return nil, nil, err
	}
	cfg, err := app.Load(map[string]*string{})
	if err != nil {
		return nil, nil, err
	}
	cfg.DataDir, cfg.DB, cfg.LoginLock = dir, filepath.Join(dir, "socius.db"), 1<<30
	// the figures are the product's; the request log's cost is the observe scenario's own subject
	cfg.LogRequests = false
	var dropSchema func()
	if engine == "postgres" {
		b := make([]byte, 6)
		_, _ = rand.Read(b)
		schema := "bench_" + hex.EncodeToString(b)
		base := os.Getenv("SOCIUS_TEST_POSTGRES_URL")
		admin, err := sqlx.Open("pgx", base)
		if err != nil {
			return nil, nil, err
		}
		if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
			return nil, nil, err
		}
		fmt.Println("  schema", schema)
		dropSchema = func() { _, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE"); admin.Close() }
		sep := "?"
		if strings.Contains(base, "?") {
			sep = "&"
		}
		cfg.DB = base + sep + "search_path=" + schema
	}
	a, err := app.Open(context.Background(), cfg)
	if err != nil {
		return nil, nil, err
	}
	srv := httptest.NewServer(a.API)
	return &env{engine: engine, app: a, url: srv.URL, conc: conc, dur: dur}, func() {
		srv.Close()
		a.Close()
		if dropSchema != nil && os.Getenv("BENCH_KEEP") == "" {
			dropSchema()
		}
		if os.Getenv("BENCH_KEEP") == "" {
			os.RemoveAll(dir)
		} else {
			fmt.Println("  kept", dir)
		}
	}, nil
}

// settle lets a bulk load's writes reach the disk before measuring: on
// PostgreSQL a checkpoint, so the load's own checkpoint does not land in the
// middle of the figures (best effort: it needs a superuser).
func settle(ctx context.Context, e *env) {
	if e.engine == "postgres" {
		_, _ = e.app.DB.W.ExecContext(ctx, `CHECKPOINT`)
	}
}

// measure runs fn from e.conc goroutines for e.dur and collects latencies.
func measure(e *env, what string, fn func(worker int) error) result {
	var mu sync.Mutex
	var all []time.Duration
	deadline := time.Now().Add(e.dur)
	var wg sync.WaitGroup
	begin := time.Now()
	var firstErr error
	for w := range e.conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var local []time.Duration
			for time.Now().Before(deadline) {
				t0 := time.Now()
				if err := fn(w); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			all = append(all, local...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		fmt.Fprintf(os.Stderr, "bench %s: %v\n", what, firstErr)
		os.Exit(1)
	}
	return result{what: what, samples: all, elapsed: time.Since(begin)}
}
