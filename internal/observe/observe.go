// Package observe is what an operator sees of a running instance: the
// Prometheus metrics, the request id that ties a request's log lines together,
// and the log handler that writes it.
package observe

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strings"
)

type ctxKey int

const requestKey ctxKey = 0

// Request is what the log line of one request says besides its method, route
// and status: filled in as the request is served (the session names the user,
// the club gate the club).
type Request struct {
	ID     string
	UserID int64
	ClubID int64
}

// With returns ctx carrying r.
func With(ctx context.Context, r *Request) context.Context {
	return context.WithValue(ctx, requestKey, r)
}

// From returns the request ctx carries, or nil.
func From(ctx context.Context) *Request {
	r, _ := ctx.Value(requestKey).(*Request)
	return r
}

// RequestID is the id of the request ctx belongs to, "" outside one.
func RequestID(ctx context.Context) string {
	if r := From(ctx); r != nil {
		return r.ID
	}
	return ""
}

// MaxRequestIDLen bounds an id a proxy sends: it goes into every log line.
const MaxRequestIDLen = 64

// CleanRequestID keeps a proxy's X-Request-ID when it is a short token of
// letters, digits and . _ : - (other characters are dropped, so a log line
// cannot be forged through it), and makes a new id otherwise.
func CleanRequestID(v string) string {
	var b strings.Builder
	for _, c := range v {
		if b.Len() >= MaxRequestIDLen {
			break
		}
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("._:-", c) {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return NewRequestID()
	}
	return b.String()
}

// NewRequestID is 16 random hex digits.
func NewRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Handler adds the request id of the context to every record logged with
// one (slog.InfoContext and the like), so each line of a request can be
// found by the id staff quote from an error.
type Handler struct{ slog.Handler }

// Handle adds request_id.
func (h Handler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

// WithAttrs keeps the wrapper.
func (h Handler) WithAttrs(as []slog.Attr) slog.Handler { return Handler{h.Handler.WithAttrs(as)} }

// WithGroup keeps the wrapper.
func (h Handler) WithGroup(name string) slog.Handler { return Handler{h.Handler.WithGroup(name)} }
