package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"

	"socius/internal/httpapi"
	"socius/internal/observe"
	"socius/internal/version"
)

// benchObserve: what the metrics and the request log cost a pay. The same
// save-and-pay over HTTP x8, through an API without them and one with both
// (Prometheus metrics, one JSON log line per request to a file), four times each,
// alternately; the throughput with them over without (issue 31: at least 0.95).
func benchObserve(ctx context.Context, e *env) []result {
	p := newPayBench(ctx, e)
	e.conc = 8
	members := p.members(ctx, e, "obs")
	logFile, err := os.Create(filepath.Join(e.app.Cfg.DataDir, "requests.log"))
	must(err)
	defer logFile.Close()
	cfg := httpapi.Config{PublicURL: e.app.Cfg.PublicURL, ProviderName: e.app.Cfg.ProviderName}
	plain := httptest.NewServer(httpapi.New(cfg, e.app.Services))
	defer plain.Close()
	cfg.Metrics = observe.NewMetrics(version.Current, e.app.DB.Pools())
	cfg.RequestLog = slog.New(observe.Handler{Handler: slog.NewJSONHandler(logFile, nil)})
	observed := httptest.NewServer(httpapi.New(cfg, e.app.Services))
	defer observed.Close()

	// in the order without, with, with, without (twice): the database grows as the run goes, and each
	// side gets as much of its early and late part as the other
	var without, with []result
	for _, observedTurn := range []bool{false, true, true, false, false, true, true, false} {
		if observedTurn {
			with = append(with, p.overHTTP(e, observed.URL, "pay HTTP x8, metrics and log", members))
		} else {
			without = append(without, p.overHTTP(e, plain.URL, "pay HTTP x8, no metrics or log", members))
		}
	}
	rate := func(rs []result) float64 {
		n, secs := 0, 0.0
		for _, r := range rs {
			n += len(r.samples)
			secs += r.elapsed.Seconds()
		}
		return float64(n) / secs
	}
	ratio := rate(with) / rate(without)
	fmt.Printf("  pay x8 on %s: with metrics and log / without %.2f (goal ≥ 0.95)\n", e.engine, ratio)
	observeRatios = append(observeRatios, payRatio{conc: 8, engine: e.engine, ratio: ratio})
	if ratio < 0.95 {
		failed = true
	}
	return []result{merge(without), merge(with)}
}

// merge is one result of several runs of the same request kind.
func merge(rs []result) result {
	m := result{what: rs[0].what}
	for _, r := range rs {
		m.samples = append(m.samples, r.samples...)
		m.elapsed += r.elapsed
		m.errors += r.errors
	}
	return m
}
