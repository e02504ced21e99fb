package httpapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"socius/internal/auth"
	"socius/internal/club"
	"socius/internal/locale"
	"socius/internal/observe"
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
	w       http.ResponseWriter // to clear the connection's read deadline (register)
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
	_ = json.NewEncoder(ctx.BodyWriter()).Encode(e.answer(ctx.Context(), locale.Parse(ctx.Header("Accept-Language"))))
}

// rememberLanguage records the language the web app says it speaks with a
// login or a change (the app sends its language with every call). Reads are
// not heard: a browser's own requests (the event stream, images) carry the
// browser's language rather than the app's.
func (s *Server) rememberLanguage(ctx context.Context, u *auth.User, r *http.Request) {
	l, ok := locale.Named(r.Header.Get("Accept-Language"))
	if u == nil || !ok || u.Lang == string(l) {
		return
	}
	if err := s.Auth.SetLanguage(ctx, u.ID, string(l)); err != nil {
		slog.WarnContext(ctx, "language not recorded", "user", u.ID, "err", err)
		return
	}
	u.Lang = string(l)
}

// userLanguage is the language a person last used the app in, or otherwise.
func userLanguage(u *auth.User, otherwise locale.Lang) locale.Lang {
	if u != nil && u.Lang != "" && locale.Valid(u.Lang) {
		return locale.Lang(u.Lang)
	}
	return otherwise
}

// translateErrors is the transformer that writes every error a handler
// returns in the request's language.
func translateErrors(ctx huma.Context, _ string, v any) (any, error) {
	if e, ok := v.(*APIError); ok {
		return e.answer(ctx.Context(), locale.Parse(ctx.Header("Accept-Language"))), nil
	}
	return v, nil
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
	r, w := humago.Unwrap(ctx)
	ri := &reqInfo{Addr: s.clientAddr(r), r: r, w: w, Secure: s.secure(r)}
	if c, err := r.Cookie(sessionCookie); err == nil && c.Value != "" {
		sess, u, err := s.Auth.Authenticate(ctx.Context(), c.Value)
		switch {
		case err == nil:
			ri.Token, ri.Session, ri.User = c.Value, sess, u
			if req := observe.From(ctx.Context()); req != nil {
				req.UserID = u.ID
			}
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
		// only once the token is right: another site's form cannot change it
		s.rememberLanguage(ctx.Context(), ri.User, r)
	}
	ctx = huma.WithContext(ctx, locale.With(ctx.Context(), locale.Parse(r.Header.Get("Accept-Language"))))
	next(huma.WithValue(ctx, reqKey, ri))
}

// gateMiddleware enforces the part of a route's gate that needs no body:
// anonymous callers are refused before anything is read, and a club named in
// the query or the path is checked here. A club named in the body or the form
// is checked by register's wrapper once huma has decoded it (clubGate).
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
		if g.Kind == gateProvider && !ri.User.ProviderAdmin {
			s.writeErr(ctx, Fail(403, "access.denied", msgDenied, ri.User.Username))
			return
		}
		if g.Kind == gateClub && (g.From.In == "query" || g.From.In == "path") {
			var raw string
			if g.From.In == "query" {
				raw = ctx.Query(g.From.Name)
			} else {
				raw = ctx.Param(g.From.Name)
			}
			if e := s.clubGate(ctx.Context(), g, raw); e != nil {
				s.writeErr(ctx, e)
				return
			}
		}
		next(ctx)
	}
}

// clubGate checks the club a request names (raw, "" when it names none) for a
// club gate: the user is active staff of it (or an active member, where the
// gate lets members in), the club has the screen's flag and the user one of its
// roles. On success the club and the staff record go into the request's info.
func (s *Server) clubGate(ctx context.Context, g Gate, raw string) *APIError {
	ri := info(ctx)
	if raw == "" && g.ClubOptional {
		ids, err := s.Clubs.ForUser(ctx, ri.User.ID)
		if err != nil {
			return toAPIError(err)
		}
		if len(ids) == 0 {
			return toAPIError(domainError(club.ErrNoMemberRecord))
		}
		raw = strconv.FormatInt(ids[0].ID, 10)
	}
	if raw == "" {
		return Fail(400, "club.required", "Falta el club (%s)", g.From.Name)
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return toAPIError(domainError(club.ErrNoMemberRecord))
	}
	st, err := s.Clubs.StaffOf(ctx, ri.User.ID, id)
	if err != nil {
		return toAPIError(domainError(err))
	}
	member := g.Members && st.Active
	if (!st.IsStaff || !st.Active) && !member {
		return Fail(403, "access.denied", msgDenied, ri.User.Username)
	}
	c, err := s.Clubs.Get(ctx, id)
	if errors.Is(err, club.ErrNotFound) { // gone since the member check: the same answer as no record
		err = club.ErrNoMemberRecord
	}
	if err != nil {
		return toAPIError(domainError(err))
	}
	rule := g.Rule()
	// a suspended club: the provider's refusal, as for a feature the club lacks
	if !rule.FlagsOK(c.Flags) || (c.Suspended && !g.EvenSuspended) {
		return Fail(403, "access.feature", msgDenied, ri.User.Username)
	}
	if !member && !rule.RolesOK(st.Roles) {
		return Fail(403, "access.role", msgDenied, ri.User.Username)
	}
	ri.Club, ri.Staff = c, st
	if req := observe.From(ctx); req != nil {
		req.ClubID = c.ID
	}
	return nil
}

func toAPIError(err error) *APIError {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	e := Fail(500, "server.error", "Error interno del servidor")
	e.cause = err // logged with the request's id when answered
	return e
}
