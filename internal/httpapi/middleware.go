package httpapi

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"socius/internal/access"
	"socius/internal/auth"
	"socius/internal/club"
)

const (
	sessionCookie = "socius_session"
	csrfCookie    = "socius_csrf"
)

type ctxKey int

const reqKey ctxKey = 0

// reqInfo is what the middlewares learn about a request.
type reqInfo struct {
	Token   string
	Session *auth.Session
	User    *auth.User
	Addr    string
	Secure  bool
	Club    *club.Club
	Staff   *club.Staff
	r       *http.Request
}

func info(ctx context.Context) *reqInfo {
	if ri, ok := ctx.Value(reqKey).(*reqInfo); ok {
		return ri
	}
	return &reqInfo{}
}

func (s *Server) writeErr(ctx huma.Context, e *APIError) {
	ctx.SetHeader("Content-Type", "application/json")
	ctx.SetStatus(e.Status)
	_ = json.NewEncoder(ctx.BodyWriter()).Encode(e)
}

func (s *Server) clientAddr(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			return strings.TrimSpace(strings.Split(xff, ",")[0])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func unsafeMethod(m string) bool {
	return m != http.MethodGet && m != http.MethodHead && m != http.MethodOptions
}

// sessionMiddleware loads the session from its cookie and checks the CSRF
// token of every state-changing request: the session's token when logged in,
// the anonymous cookie's token (from /services/session/token) otherwise.
func (s *Server) sessionMiddleware(ctx huma.Context, next func(huma.Context)) {
	r, _ := humago.Unwrap(ctx)
	ri := &reqInfo{Addr: s.clientAddr(r), r: r, Secure: s.secure(r)}
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		sess, u, err := s.Auth.Authenticate(ctx.Context(), c.Value)
		switch {
		case err == nil:
			ri.Token, ri.Session, ri.User = c.Value, sess, u
		case !errors.Is(err, auth.ErrNotFound):
			s.writeErr(ctx, toAPIError(err))
			return
		}
	}
	if unsafeMethod(r.Method) {
		want := ""
		if ri.Session != nil {
			want = ri.Session.CSRF
		} else if c, err := r.Cookie(csrfCookie); err == nil {
			want = c.Value
		}
		got := r.Header.Get("X-CSRF-Token")
		if want == "" || subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			s.writeErr(ctx, Fail(401, "auth.csrf", msgCSRF))
			return
		}
	}
	next(huma.WithValue(ctx, reqKey, ri))
}

// gateMiddleware enforces a route's gate before its handler runs.
func (s *Server) gateMiddleware(g Gate) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		ri := info(ctx.Context())
		if g.Kind == gatePublic {
			next(ctx)
			return
		}
		if ri.User == nil {
			s.writeErr(ctx, Fail(403, "auth.anonymous", msgAnonymous))
			return
		}
		if g.Kind == gateUser {
			next(ctx)
			return
		}
		raw, found, bad := s.clubRef(ctx, g.From)
		if bad != nil {
			s.writeErr(ctx, bad)
			return
		}
		if !found && g.ClubOptional {
			ids, err := s.Clubs.ForUser(ctx.Context(), ri.User.ID)
			if err != nil {
				s.writeErr(ctx, toAPIError(err))
				return
			}
			if len(ids) == 0 {
				s.writeErr(ctx, Fail(400, "club.no_member_record", club.ErrNoMemberRecord.Error()))
				return
			}
			raw, found = strconv.FormatInt(ids[0].ID, 10), true
		}
		if !found || raw == "" {
			s.writeErr(ctx, Fail(400, "club.required", "Falta el club ("+g.From.Name+")"))
			return
		}
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			s.writeErr(ctx, Fail(400, "club.no_member_record", club.ErrNoMemberRecord.Error()))
			return
		}
		st, err := s.Clubs.StaffOf(ctx.Context(), ri.User.ID, id)
		if err != nil {
			s.writeErr(ctx, toAPIError(domainError(err)))
			return
		}
		member := g.Members && st.Active
		if (!st.IsStaff || !st.Active) && !member {
			s.writeErr(ctx, Fail(403, "access.denied", denied(ri.User.Username)))
			return
		}
		c, err := s.Clubs.Get(ctx.Context(), id)
		if errors.Is(err, club.ErrNotFound) { // gone since the member check: the same answer as no record
			err = club.ErrNoMemberRecord
		}
		if err != nil {
			s.writeErr(ctx, toAPIError(domainError(err)))
			return
		}
		rule := access.Rule{}
		if g.Screen != "" {
			rule = access.Screen(g.Screen)
		}
		if !rule.FlagsOK(c.Flags) {
			s.writeErr(ctx, Fail(403, "access.feature", denied(ri.User.Username)))
			return
		}
		if !member && !rule.RolesOK(st.Roles) {
			s.writeErr(ctx, Fail(403, "access.role", denied(ri.User.Username)))
			return
		}
		ri.Club, ri.Staff = c, st
		next(ctx)
	}
}

func toAPIError(err error) *APIError {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	slog.Error("internal error", "err", err)
	return Fail(500, "server.error", "Error interno del servidor")
}

// clubRef finds the club id where the route says it is. A body field is read
// from a buffered copy, so the handler still gets the whole body; a body that
// cannot be read is refused here as huma would refuse it, not as a missing club.
func (s *Server) clubRef(ctx huma.Context, ref ClubRef) (string, bool, *APIError) {
	switch ref.In {
	case "query":
		v := ctx.Query(ref.Name)
		return v, v != "", nil
	case "path":
		v := ctx.Param(ref.Name)
		return v, v != "", nil
	case "form":
		r, _ := humago.Unwrap(ctx)
		r.Body = http.MaxBytesReader(nil, r.Body, bodyLimit(ctx))
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			return "", false, nil
		}
		v := r.FormValue(ref.Name)
		return v, v != "", nil
	case "body":
		r, _ := humago.Unwrap(ctx)
		limit := bodyLimit(ctx)
		buf, err := io.ReadAll(io.LimitReader(r.Body, limit+1))
		if err != nil {
			return "", false, nil
		}
		r.Body = io.NopCloser(bytes.NewReader(buf))
		if int64(len(buf)) >= limit { // huma's own rule: a body that reaches the limit is too large
			return "", false, errTooLarge()
		}
		if len(buf) == 0 {
			return "", false, nil
		}
		ct := ctx.Header("Content-Type")
		if ct == "" {
			ct = "application/json"
		}
		var raw json.RawMessage
		if s.api.Unmarshal(ct, buf, &raw) != nil { // the formats huma would accept, and only valid JSON
			return "", false, errNotJSON()
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return "", false, Fail(400, "request.invalid", "Datos no válidos: body: expected object")
		}
		v, ok := m[ref.Name]
		if !ok {
			return "", false, nil
		}
		var n json.Number
		if json.Unmarshal(v, &n) == nil {
			return n.String(), true, nil
		}
		var str string
		if json.Unmarshal(v, &str) == nil {
			return str, true, nil
		}
		return "", true, nil
	}
	return "", false, nil
}

// bodyLimit is the operation's body size limit (huma's default when unset).
func bodyLimit(ctx huma.Context) int64 {
	if limit := ctx.Operation().MaxBodyBytes; limit > 0 {
		return limit
	}
	return 1 << 20
}
