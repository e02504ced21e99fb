package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// row is one measured request kind on one engine, as printed and written.
type row struct {
	scenario, engine, what string
	count                  int
	rps                    float64
	p50, p99, limit        time.Duration
	errors                 int
	judged                 bool // judged by its errors alone
}

func (r row) pass() bool { return r.errors == 0 && (r.limit == 0 || r.p99 <= r.limit) }

// payRatio is the pay scenario's HTTP/floor throughput ratio.
type payRatio struct {
	conc   int
	engine string
	ratio  float64
}

// fact is a line of the report that is not a latency (sizes, memory).
type fact struct{ scenario, engine, text string }

var (
	rows   []row
	ratios []payRatio
	// observeRatios: pay throughput with metrics and the request log over without
	observeRatios []payRatio
	facts         []fact
	failed        bool
)

func withLimit(limit time.Duration, rs ...result) []result {
	for i := range rs {
		rs[i].limit = limit
	}
	return rs
}

func ms(d time.Duration) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000)
}

// writeMarkdown writes docs/benchmarks.md: every request kind with SQLite
// and PostgreSQL side by side, its budget and verdict, the pay floor ratio,
// the counter load's facts, the login page's JavaScript and the machine.
func writeMarkdown(path string, engines []string, started time.Time) error {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# Benchmarks\n\nWritten by `make bench` on %s (%s in all). Latencies in milliseconds, p50 / p99, measured over loopback HTTP against the real application; ", started.UTC().Format("2006-01-02 15:04 MST"), time.Since(started).Round(time.Second))
	w("budgets are DESIGN.md's. Tests never time anything: this file is where the figures live.\n\n")
	w("## Machine\n\n%s\n\n", machine())

	type key struct{ scenario, what string }
	var order []key
	byKey := map[key]map[string]row{}
	for _, r := range rows {
		k := key{r.scenario, r.what}
		if byKey[k] == nil {
			byKey[k] = map[string]row{}
			order = append(order, k)
		}
		byKey[k][r.engine] = r
	}
	w("## Requests\n\n| scenario | request |")
	for _, e := range engines {
		w(" %s p50 / p99 | %s req/s |", engineName(e), engineName(e))
	}
	w(" budget (p99) | errors | verdict |\n|---|---|")
	for range engines {
		w("---:|---:|")
	}
	w("---:|---:|---|\n")
	for _, k := range order {
		w("| %s | %s |", k.scenario, k.what)
		verdict, errs, limit := "pass", 0, time.Duration(0)
		for _, e := range engines {
			r, ok := byKey[k][e]
			if !ok {
				w(" – | – |")
				continue
			}
			w(" %s / %s | %.0f |", ms(r.p50), ms(r.p99), r.rps)
			errs += r.errors
			limit = max(limit, r.limit)
			if !r.pass() {
				verdict = "**FAIL**"
			}
		}
		budget := ms(limit)
		judged := false
		for _, r := range byKey[k] {
			judged = judged || r.judged
		}
		if limit == 0 && judged {
			budget = "no failed call"
		} else if limit == 0 && errs == 0 {
			verdict = "no budget"
		}
		w(" %s | %d | %s |\n", budget, errs, verdict)
	}
	if len(ratios) > 0 {
		w("\n## Pay floor\n\nSaving and paying a three-line order over HTTP against the same service calls made straight on the database in the same run (DESIGN.md: HTTP keeps at least half).\n\n| clients | engine | HTTP / floor | goal | verdict |\n|---:|---|---:|---:|---|\n")
		for _, r := range ratios {
			v := "pass"
			if r.ratio < 0.5 {
				v = "**FAIL**"
			}
			w("| %d | %s | %.2f | ≥ 0.50 | %s |\n", r.conc, engineName(r.engine), r.ratio, v)
		}
	}
	if len(observeRatios) > 0 {
		w("\n## Metrics and request log\n\nSaving and paying over HTTP x8 through an API with Prometheus metrics and one JSON log line per request (to a file), against the same API without them, alternately in the same run (issue 31: at least 0.95 of the throughput).\n\n| clients | engine | with / without | goal | verdict |\n|---:|---|---:|---:|---|\n")
		for _, r := range observeRatios {
			v := "pass"
			if r.ratio < 0.95 {
				v = "**FAIL**"
			}
			w("| %d | %s | %.2f | ≥ 0.95 | %s |\n", r.conc, engineName(r.engine), r.ratio, v)
		}
	}
	if len(facts) > 0 {
		w("\n## After the counter load\n\n")
		for _, f := range facts {
			w("- %s, %s: %s\n", f.scenario, engineName(f.engine), f.text)
		}
	}
	w("\n## Login page JavaScript\n\n%s\n", bundle())
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func engineName(e string) string {
	if e == "postgres" {
		return "PostgreSQL"
	}
	return "SQLite"
}

// machine describes where the figures were taken.
func machine() string {
	cpu := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
		f.Close()
	}
	mem := ""
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int64
		fmt.Sscanf(strings.TrimPrefix(strings.SplitN(string(b), "\n", 2)[0], "MemTotal:"), "%d", &kb)
		mem = fmt.Sprintf(", %.0f GiB of memory", float64(kb)/(1<<20))
	}
	pg := ""
	if os.Getenv("SOCIUS_TEST_POSTGRES_URL") != "" {
		if out, err := exec.Command("psql", "--version").Output(); err == nil {
			pg = "; PostgreSQL client " + strings.TrimSpace(strings.TrimPrefix(string(out), "psql (PostgreSQL)")) + " on the same machine"
		} else {
			pg = "; PostgreSQL on the same machine"
		}
	}
	return fmt.Sprintf("%s, %d cores%s; %s/%s, %s%s.", cpu, runtime.NumCPU(), mem, runtime.GOOS, runtime.GOARCH, runtime.Version(), pg)
}

// bundle reads the login page's compressed JavaScript from the web build.
func bundle() string {
	out, err := exec.Command("node", "web/scripts/check-bundle.mjs", "--json").Output()
	if err != nil && len(out) == 0 {
		return "Not measured: build the web app first (`make web`)."
	}
	var r struct {
		Total, Budget int
	}
	if json.Unmarshal(out, &r) != nil {
		return "Not measured: " + strings.TrimSpace(string(out))
	}
	v := "pass"
	if r.Total > r.Budget {
		v, failed = "**FAIL**", true
	}
	return fmt.Sprintf("| loaded by the login route (gzip) | budget | verdict |\n|---:|---:|---|\n| %.1f KB | %.1f KB | %s |\n", float64(r.Total)/1000, float64(r.Budget)/1000, v)
}
