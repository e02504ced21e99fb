// Package httpapi is the HTTP face of Socius: the route table with its gates,
// one file per domain, the error mapping and the single-page app.
package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"socius/internal/auth"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/club"
	"socius/internal/comms"
	"socius/internal/coupon"
	"socius/internal/cultivation"
	"socius/internal/dataexport"
	"socius/internal/files"
	"socius/internal/inventory"
	"socius/internal/locale"
	"socius/internal/member"
	"socius/internal/notify"
	"socius/internal/novelty"
	"socius/internal/observe"
	"socius/internal/pos"
	"socius/internal/provider"
	dispensations "socius/internal/register"
	"socius/internal/report"
	"socius/internal/retention"
	"socius/internal/rules"
	"socius/internal/social"
	"socius/internal/version"
)

// Mailer sends a message; the app wires SMTP or the log.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// Config is what the handlers need from the app configuration.
type Config struct {
	TrustProxy   bool
	ProvidersURL string
	ProviderName string
	AppStoreURL  string // members' app download page
	PlayStoreURL string
	VueVersion   string // announced to the update bar; defaults to this build's
	PublicURL    string // base of links in e-mails
	VAPIDPublic  string // Web Push public key the members' app subscribes with
	Stream       StreamTimes
	// Ready tells /readyz whether the database answers with this binary's schema (nil: always).
	Ready Readiness
	// Metrics counts requests and business events (nil: none); RequestLog gets one line per
	// request (nil: none).
	Metrics    *observe.Metrics
	RequestLog *slog.Logger
}

// Services are the domain services the handlers call: the one list of them,
// built by app.Open and passed here as it is (app.App embeds it). A new domain
// adds its field here and its constructor there.
type Services struct {
	Auth      *auth.Service
	Clubs     *club.Service
	Members   *member.Service
	Catalog   *catalog.Service
	Inventory *inventory.Service
	POS       *pos.Service
	Coupons   *coupon.Service
	Cash      *cash.Service
	Report    *report.Service
	Social    *social.Service
	Files     *files.Service
	Novelties *novelty.Service
	Rules     *rules.Service
	Register  *dispensations.Service
	// Cultivation keeps strains, batches and where each gram came from.
	Cultivation *cultivation.Service
	Retention   *retention.Service
	Comms       *comms.Service
	// DataExport writes a member's data export (GDPR articles 15 and 20).
	DataExport *dataexport.Service
	// Provider runs the provider's console.
	Provider *provider.Service
	Hub      *notify.Hub
	Mail     Mailer
}

// Server holds the dependencies of the handlers.
type Server struct {
	Services
	cfg    Config
	api    huma.API
	mux    *http.ServeMux
	routes []Route
	life   lifecycle
}

// New builds the API and the app handler.
func New(cfg Config, d Services) *Server {
	if cfg.VueVersion == "" {
		cfg.VueVersion = version.Current
	}
	s := &Server{Services: d, cfg: cfg, mux: http.NewServeMux(), life: lifecycle{closing: make(chan struct{})}}
	hc := huma.Config{
		OpenAPI: &huma.OpenAPI{
			OpenAPI: "3.1.0",
			Info:    &huma.Info{Title: "Socius API", Version: version.Current},
			Components: &huma.Components{
				Schemas: huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer),
			},
		},
		OpenAPIPath:   "/api/openapi",
		Formats:       huma.DefaultFormats,
		DefaultFormat: "application/json",
		Transformers:  []huma.Transformer{translateErrors},
	}
	s.api = humago.New(s.mux, hc)
	s.api.UseMiddleware(s.sessionMiddleware)
	s.registerRoutes()
	s.describeAPI()
	s.mountApp()
	s.mountProbes()
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) { // unknown API paths keep the error shape
		writeJSONError(w, r, Fail(http.StatusNotFound, "not_found", "No encontrado"))
	})
	return s
}

// OpenAPI returns the API description (also served at /api/openapi.json).
func (s *Server) OpenAPI() *huma.OpenAPI { return s.api.OpenAPI() }

// ServeHTTP adds the security headers and serves API and app.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "+
		"script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'; frame-src 'self' blob: data:; "+
		"font-src 'self' data:; media-src 'self' blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'")
	if s.secure(r) {
		h.Set("Strict-Transport-Security", "max-age=31536000")
	}
	s.observed(w, r, s.mux)
}

// writeJSONError answers a plain handler's request with the API's error shape.
func writeJSONError(w http.ResponseWriter, r *http.Request, e *APIError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(e.Status)
	_ = json.NewEncoder(w).Encode(e.answer(r.Context(), locale.Parse(r.Header.Get("Accept-Language"))))
}

// secure tells whether the browser reached us over HTTPS: directly, or
// through a trusted proxy that says so.
func (s *Server) secure(r *http.Request) bool {
	return r.TLS != nil || (s.cfg.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}
