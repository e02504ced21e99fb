package httpapi

import (
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// The OpenAPI document says what an integrator needs beyond the shapes: how
// a call is authenticated (the session cookie, and the CSRF token on every
// state-changing call), which calls are public, and the errors each call
// really answers — always the APIError shape {message, code, field?, params?}.

// Security scheme names of the document.
const (
	schemeSession    = "session"
	schemeCSRF       = "csrfHeader"
	schemeCSRFCookie = "csrfCookie"
)

func (s *Server) describeAPI() {
	o := s.api.OpenAPI()
	o.Info.Description = "The API of Socius, the back office of cannabis social clubs. Paths and payloads follow the " +
		"functional specification. Log in with POST /api/user/login; the session lives in an HttpOnly cookie, and every " +
		"state-changing call sends the session's CSRF token (the login reply's `token`) in `X-CSRF-Token`. Before login, " +
		"GET /services/session/token sets a CSRF cookie and returns the same token for the header. Errors are " +
		"`{message, code, field?, params?}`: `message` is the Spanish text, `code` a stable key to translate."
	o.Info.License = &huma.License{Name: "Proprietary: licensed to the clubs and providers that run Socius",
		URL: "https://socius.example/licencia"}
	o.Servers = []*huma.Server{{URL: "/", Description: "The Socius server that serves this document (its SOCIUS_PUBLIC_URL)"}}
	if o.Components.SecuritySchemes == nil {
		o.Components.SecuritySchemes = map[string]*huma.SecurityScheme{}
	}
	o.Components.SecuritySchemes[schemeSession] = &huma.SecurityScheme{Type: "apiKey", In: "cookie", Name: sessionCookie,
		Description: "The session, set by POST /api/user/login (HttpOnly, SameSite=Lax)."}
	o.Components.SecuritySchemes[schemeCSRF] = &huma.SecurityScheme{Type: "apiKey", In: "header", Name: "X-CSRF-Token",
		Description: "The CSRF token: the session's (login reply `token`) after login, the one of GET /services/session/token before."}
	o.Components.SecuritySchemes[schemeCSRFCookie] = &huma.SecurityScheme{Type: "apiKey", In: "cookie", Name: csrfCookie,
		Description: "Before login, the cookie set by GET /services/session/token; the header must carry the same token."}

	for path, pi := range o.Paths {
		for method, op := range map[string]*huma.Operation{http.MethodGet: pi.Get, http.MethodPost: pi.Post,
			http.MethodPut: pi.Put, http.MethodDelete: pi.Delete, http.MethodPatch: pi.Patch} {
			if op != nil {
				describeOperation(path, method, op)
			}
		}
	}
}

func errorResponse(desc string) *huma.Response {
	return &huma.Response{Description: desc, Content: map[string]*huma.MediaType{
		"application/json": {Schema: &huma.Schema{Ref: "#/components/schemas/APIError"}}}}
}

func describeOperation(path, method string, op *huma.Operation) {
	g, _ := op.Metadata["gate"].(Gate)
	unsafe := unsafeMethod(method)
	session := map[string][]string{schemeSession: {}}
	switch {
	case g.Kind == gatePublic && !unsafe:
		op.Security = []map[string][]string{} // public: no credentials
	case g.Kind == gatePublic:
		// logged out (the CSRF cookie and header) or logged in (the session and its token)
		op.Security = []map[string][]string{{schemeCSRF: {}, schemeCSRFCookie: {}}, {schemeSession: {}, schemeCSRF: {}}}
	case unsafe:
		op.Security = []map[string][]string{{schemeSession: {}, schemeCSRF: {}}}
	default:
		op.Security = []map[string][]string{session}
	}
	if op.Responses == nil {
		op.Responses = map[string]*huma.Response{}
	}
	// Input problems answer 400 here (huma's default would be 422).
	delete(op.Responses, "422")
	if len(op.Parameters) > 0 || op.RequestBody != nil {
		op.Responses["400"] = errorResponse("Invalid input: request.invalid, request.too_large, or the rule's own code with its field")
	}
	if unsafe {
		op.Responses["401"] = errorResponse("Missing or wrong CSRF token (auth.csrf)")
	}
	switch g.Kind {
	case gatePublic:
	case gateProvider:
		op.Responses["403"] = errorResponse("No session (auth.anonymous), or not a provider administrator (access.denied)")
	default:
		op.Responses["403"] = errorResponse("No session (auth.anonymous), not active staff of the club, the club lacks the feature, or the role is missing")
	}
	if strings.Contains(path, "{") {
		op.Responses["404"] = errorResponse("Not found in this club")
	}
	if op.OperationID == "login" {
		op.Responses["401"] = errorResponse("Wrong username or password (auth.bad_credentials), or a wrong CSRF token (auth.csrf)")
		op.Responses["429"] = errorResponse("Too many failed logins from this address (auth.throttled)")
	}
}
