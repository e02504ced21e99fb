package observe

import (
	"database/sql"
	"net/http"
	"runtime"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the instance's Prometheus metrics (docs/operations.md lists
// them). Every label has a bounded set of values: the route table's patterns,
// methods and status classes; no id, name or club appears in one. A nil
// *Metrics counts nothing, so a server built without metrics pays nothing.
type Metrics struct {
	reg             *prometheus.Registry
	duration        *prometheus.HistogramVec
	inFlight        prometheus.Gauge
	ordersPaid      prometheus.Counter
	refunds         prometheus.Counter
	topUps          prometheus.Counter
	stockMovements  prometheus.Counter
	loginFailures   prometheus.Counter
	loginsThrottled prometheus.Counter
	streams         prometheus.Gauge
	schema          prometheus.Gauge
	ready           prometheus.Gauge
}

// NewMetrics registers the metrics, the Go and process collectors and the
// database pools' statistics (pools maps a name, the db_name label, to its pool).
func NewMetrics(version string, pools map[string]*sql.DB) *Metrics {
	reg := prometheus.NewRegistry()
	f := func(name, help string) prometheus.Counter {
		c := prometheus.NewCounter(prometheus.CounterOpts{Name: name, Help: help})
		reg.MustRegister(c)
		return c
	}
	g := func(name, help string) prometheus.Gauge {
		c := prometheus.NewGauge(prometheus.GaugeOpts{Name: name, Help: help})
		reg.MustRegister(c)
		return c
	}
	m := &Metrics{reg: reg,
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "socius_http_request_duration_seconds",
			Help:    "Time to answer a request, by method, route pattern and status class.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}}, []string{"method", "route", "code"}),
		inFlight:        g("socius_http_requests_in_flight", "Requests being served."),
		ordersPaid:      f("socius_orders_paid_total", "Orders paid or completed, every club."),
		refunds:         f("socius_refunds_total", "Refunds made, every club."),
		topUps:          f("socius_wallet_topups_total", "Wallet top-ups and corrections, every club."),
		stockMovements:  f("socius_stock_movements_total", "Stock changes made by hand or by a batch release, every club."),
		loginFailures:   f("socius_login_failures_total", "Logins refused for a wrong name or password."),
		loginsThrottled: f("socius_logins_throttled_total", "Logins refused by the throttle (429)."),
		streams:         g("socius_event_streams_open", "Live event streams open."),
		schema:          g("socius_schema_version", "Database migration version this instance sees."),
		ready:           g("socius_ready", "1 while /readyz answers 200."),
	}
	reg.MustRegister(m.duration)
	info := prometheus.NewGauge(prometheus.GaugeOpts{Name: "socius_build_info", Help: "The build: always 1.",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()}})
	info.Set(1)
	reg.MustRegister(info, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for name, p := range pools {
		reg.MustRegister(collectors.NewDBStatsCollector(p, name))
	}
	return m
}

// Handler serves the metrics (on the metrics address only).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Observe records one answered request.
func (m *Metrics) Observe(method, route string, status int, seconds float64) {
	if m == nil {
		return
	}
	m.duration.WithLabelValues(method, route, StatusClass(status)).Observe(seconds)
}

// StatusClass is "2xx", "4xx", …
func StatusClass(status int) string {
	switch {
	case status >= 500:
		return "5xx"
	case status >= 400:
		return "4xx"
	case status >= 300:
		return "3xx"
	case status >= 200:
		return "2xx"
	}
	return "1xx"
}

// InFlight counts a request in (+1) or out (-1).
func (m *Metrics) InFlight(d float64) {
	if m != nil {
		m.inFlight.Add(d)
	}
}

// Streams counts a live event stream opened (+1) or closed (-1).
func (m *Metrics) Streams(d float64) {
	if m != nil {
		m.streams.Add(d)
	}
}

// Event is a business event the metrics count.
type Event int

// The events counted.
const (
	OrderPaid Event = iota
	Refund
	TopUp
	StockMovement
	LoginFailure
	LoginThrottled
)

// Count adds one event.
func (m *Metrics) Count(e Event) {
	if m == nil {
		return
	}
	[]prometheus.Counter{m.ordersPaid, m.refunds, m.topUps, m.stockMovements, m.loginFailures, m.loginsThrottled}[e].Inc()
}

// SetReady records the last readiness answer and the schema version seen.
func (m *Metrics) SetReady(ready bool, schema int64) {
	if m == nil {
		return
	}
	v := 0.0
	if ready {
		v = 1
	}
	m.ready.Set(v)
	if schema > 0 {
		m.schema.Set(float64(schema))
	}
}
