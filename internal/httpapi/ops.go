package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"socius/internal/observe"
)

// What an operator and a load balancer see of the server: /healthz and
// /readyz, one log line and one metric sample per request, and the request id
// that ties them to what staff quote from an error.

// Readiness reports whether the database answers and holds this binary's
// schema, and the schema version it holds.
type Readiness func(ctx context.Context) (schema int64, err error)

// readyTimeout is how long /readyz waits for the database.
const readyTimeout = time.Second

// lifecycle is the server's shutdown state.
type lifecycle struct {
	closing   chan struct{} // closed when a shutdown begins: streams end, /readyz answers 503
	closeOnce sync.Once
	stopping  atomic.Bool
}

// BeginShutdown turns readiness to 503 and tells every open event stream to
// reconnect (to another instance, through the balancer). Requests keep being
// answered until the HTTP server stops them.
func (s *Server) BeginShutdown() {
	s.life.closeOnce.Do(func() {
		s.life.stopping.Store(true)
		close(s.life.closing)
		s.cfg.Metrics.SetReady(false, 0)
	})
}

func (s *Server) mountProbes() {
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write([]byte("ok\n"))
	})
	s.mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		reason := s.notReady(r.Context())
		if reason != "" {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(reason + "\n"))
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
}

// CheckReady runs the readiness check for the metrics (socius_ready and
// socius_schema_version), which would otherwise move only when a balancer asks.
func (s *Server) CheckReady(ctx context.Context) { s.notReady(ctx) }

// notReady is why the instance should get no traffic, "" when it should.
// The reasons name no host, user or error text: a stranger may ask.
func (s *Server) notReady(ctx context.Context) string {
	if s.life.stopping.Load() {
		return "shutting down"
	}
	if s.cfg.Ready == nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	schema, err := s.cfg.Ready(ctx)
	if s.life.stopping.Load() {
		return "shutting down"
	}
	s.cfg.Metrics.SetReady(err == nil, schema)
	if err != nil {
		var se SchemaError
		if ok := asSchemaError(err, &se); ok {
			slog.WarnContext(ctx, "not ready", "schema", se.Have, "binary", se.Want)
			return se.Error()
		}
		slog.WarnContext(ctx, "not ready", "err", err)
		return "database unreachable"
	}
	return ""
}

// SchemaError is a database whose schema is not this binary's. Its text, the
// answer of /readyz to anyone, says which way without the versions; the log
// and the socius_schema_version metric have them.
type SchemaError struct{ Have, Want int64 }

func (e SchemaError) Error() string {
	if e.Have > e.Want {
		return "schema newer than this binary"
	}
	return "schema not migrated"
}

func asSchemaError(err error, target *SchemaError) bool {
	for err != nil {
		if se, ok := err.(SchemaError); ok {
			*target = se
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// recorder keeps the status and size of an answer for the log and metrics.
// Unwrap lets http.ResponseController reach the connection (the event
// stream's flushes and deadlines).
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *recorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *recorder) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// observed serves r through next with a request id, then logs one line and
// records one sample. The route is the route table's pattern (never the path,
// which holds ids); the line names the user and club by id only, never a
// body, header or query, so no password, token, name or DNI reaches the log.
func (s *Server) observed(w http.ResponseWriter, r *http.Request, next http.Handler) {
	start := time.Now()
	// the proxy's id only from a proxy the server trusts: another client could
	// otherwise give its requests the id a club quoted, and mix them into its trace
	given := ""
	if s.cfg.TrustProxy {
		given = r.Header.Get("X-Request-ID")
	}
	req := &observe.Request{ID: observe.CleanRequestID(given)}
	w.Header().Set("X-Request-ID", req.ID)
	r = r.WithContext(observe.With(r.Context(), req))
	rec := &recorder{ResponseWriter: w}
	s.cfg.Metrics.InFlight(1)
	defer func() {
		s.cfg.Metrics.InFlight(-1)
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			slog.ErrorContext(r.Context(), "panic", "route", route(r.Pattern), "panic", fmt.Sprint(p))
			if rec.status == 0 {
				writeJSONError(rec, r, Fail(http.StatusInternalServerError, "server.error", "Error interno del servidor"))
			}
		}
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		d := time.Since(start)
		rt, method := route(r.Pattern), knownMethod(r.Method)
		s.cfg.Metrics.Observe(method, rt, status, d.Seconds())
		if e, ok := counted[countedAnswer{r.Pattern, status}]; ok {
			s.cfg.Metrics.Count(e)
		}
		if s.cfg.RequestLog != nil {
			s.cfg.RequestLog.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("method", method),
				slog.String("route", rt), slog.Int("status", status), slog.Float64("duration_ms", float64(d.Microseconds())/1000),
				slog.Int64("bytes", rec.bytes), slog.Int64("club", req.ClubID), slog.Int64("user", req.UserID))
		}
	}()
	next.ServeHTTP(rec, r)
}

// countedAnswer is a route's answer that the business metrics count.
type countedAnswer struct {
	pattern string
	status  int
}

// counted: the acknowledged writes the provider's dashboard follows, and the
// refused logins. Counted at the answer, so a call refused or failed counts nothing.
var counted = map[countedAnswer]observe.Event{
	{"POST /api/order/pay", 200}:          observe.OrderPaid,
	{"POST /api/order/complete", 200}:     observe.OrderPaid,
	{"POST /api/order_refund", 200}:       observe.Refund,
	{"PUT /api/wallet/{nid}", 200}:        observe.TopUp,
	{"POST /api/product_stock", 200}:      observe.StockMovement,
	{"POST /api/batch/{id}/release", 200}: observe.StockMovement,
	{"POST /api/batch/{id}/destroy", 200}: observe.StockMovement,
	{"POST /api/user/login", 401}:         observe.LoginFailure,
	{"POST /api/user/login", 429}:         observe.LoginThrottled,
}

// knownMethod is the request's method, or OTHER: a client may send any token
// as its method, and neither a label nor a log line should grow with them.
func knownMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// route is a pattern of the route table without its method, "other" for a
// request no route matched.
func route(pattern string) string {
	if _, p, ok := strings.Cut(pattern, " "); ok {
		pattern = p
	}
	if pattern == "" {
		return "other"
	}
	return pattern
}
