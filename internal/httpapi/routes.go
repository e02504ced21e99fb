package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/access"
)

type gateKind int

const (
	gatePublic   gateKind = iota // anyone
	gateUser                     // any logged-in user
	gateClub                     // staff of the named club, with the screen's flag and role
	gateProvider                 // a provider administrator (no club needed)
)

// ClubRef says where a request names its club.
type ClubRef struct{ In, Name string }

// Query, Path and Body name the club's parameter of a route.
func Query(name string) ClubRef { return ClubRef{"query", name} }
func Path(name string) ClubRef  { return ClubRef{"path", name} }
func Body(name string) ClubRef  { return ClubRef{"body", name} }
func Form(name string) ClubRef  { return ClubRef{"form", name} }

// Gate is who may call a route.
type Gate struct {
	Kind         gateKind
	Screen       string // key of access.Screens; "" = any staff of the club
	From         ClubRef
	ClubOptional bool // without a club the user's first club is used
	// Members lets every active member of the club through (staff with any
	// role or none, and members who are not staff), as long as the club has
	// the screen's flag: what the club publishes to its members.
	Members bool
	// EvenSuspended lets the club's staff through while the provider has
	// suspended the club: the club's own description, which tells the web app so.
	EvenSuspended bool
}

// OrMembers opens a club gate to the club's active members.
func (g Gate) OrMembers() Gate { g.Members = true; return g }

// Public, User, Provider and Club build gates.
func Public() Gate   { return Gate{Kind: gatePublic} }
func User() Gate     { return Gate{Kind: gateUser} }
func Provider() Gate { return Gate{Kind: gateProvider} }
func Club(screen string, from ClubRef) Gate {
	if screen != "" {
		access.Screen(screen) // panics at start on an unknown screen
	}
	return Gate{Kind: gateClub, Screen: screen, From: from}
}

// Route describes a registered route for the gate tests and the docs.
type Route struct {
	Method, Path string
	Gate         Gate
}

// Rule returns the access rule of a club route.
func (g Gate) Rule() access.Rule {
	if g.Screen == "" {
		return access.Rule{}
	}
	return access.Screen(g.Screen)
}

func op(method, path, id, summary string) huma.Operation {
	return huma.Operation{Method: method, Path: path, OperationID: id, Summary: summary,
		Tags: []string{strings.Split(strings.TrimPrefix(path, "/"), "/")[1]}}
}

// register adds one route with its gate. The middleware refuses anonymous
// callers and checks a club named in the query or the path before the body is
// read; a club named in the body or the form is checked here, after huma has
// decoded and validated the body and before the handler runs.
func register[I, O any](s *Server, o huma.Operation, g Gate, h func(context.Context, *I) (*O, error)) {
	o.Middlewares = append(o.Middlewares, s.gateMiddleware(g))
	if isForm[I]() {
		o.Middlewares = append(o.Middlewares, limitForm)
	}
	if g.Kind == gateClub && (g.From.In == "query" || g.From.In == "path") {
		// The gate reads this parameter, not the handler: declared here so the document has it.
		desc := "Club id"
		if g.ClubOptional {
			desc = "Club id; without it the user's first club"
		}
		p := &huma.Param{Name: g.From.Name, In: g.From.In, Required: !g.ClubOptional, Description: desc,
			Schema: &huma.Schema{Type: "integer", Format: "int64", Description: desc}}
		if g.From.In == "query" {
			p.Explode = new(bool)
		}
		o.Parameters = append(o.Parameters, p)
	}
	clubOf := inputClub[I](g)
	readsBody := hasBody[I]()
	if o.Metadata == nil {
		o.Metadata = map[string]any{}
	}
	o.Metadata["gate"] = g
	if g.Kind != gatePublic {
		o.Errors = append(o.Errors, http.StatusForbidden)
	}
	s.routes = append(s.routes, Route{Method: o.Method, Path: o.Path, Gate: g})
	huma.Register(s.api, o, func(ctx context.Context, in *I) (*O, error) {
		ri := info(ctx)
		if ri.w != nil && (readsBody || ri.r.Body == http.NoBody) {
			// Nothing is left to read. A read deadline left on the connection (huma's body timeout,
			// the server's ReadTimeout) would end net/http's background read with a timeout, and that
			// cancels the request's context mid-handler (golang/go#70834): a slow save would fail.
			_ = http.NewResponseController(ri.w).SetReadDeadline(time.Time{})
		}
		if clubOf != nil {
			if err := s.clubGate(ctx, g, clubOf(in)); err != nil {
				return nil, err
			}
		}
		out, err := h(ctx, in)
		return out, domainError(err)
	})
}

// Routes lists every API route with its gate.
func (s *Server) Routes() []Route { return s.routes }

// The whole route table: every API route and its gate, in one place.
func (s *Server) registerRoutes() {
	// Session (spec part 1 §7 "Session")
	register(s, op("GET", "/services/session/token", "sessionToken", "CSRF token"), Public(), s.sessionToken)
	register(s, op("POST", "/api/user/login", "login", "Log in"), Public(), s.login)
	register(s, op("POST", "/api/user/logout", "logout", "Log out"), Public(), s.logout)
	register(s, op("GET", "/api/user/me", "me", "Current user profile"), User(), s.me)
	register(s, op("POST", "/api/change_password", "changePassword", "Change own password"), User(), s.changePassword)
	register(s, op("POST", "/api/user/request_new_password", "requestNewPassword", "Send a password reset link"), Public(), s.requestNewPassword)
	register(s, op("POST", "/api/user/reset_password", "resetPassword", "Set a password with a reset link"), Public(), s.resetPassword)
	register(s, op("GET", "/api/account_link", "accountLink", "The club asking to link an existing account (from the link mailed to the account's e-mail)"), Public(), s.accountLink)
	register(s, op("POST", "/api/account_link", "accountLinkAnswer", "Accept or decline a club's request to link an existing account"), Public(), s.accountLinkAnswer)
	register(s, op("GET", "/api/vue_version", "vueVersion", "Server version for the update bar"), Public(), s.vueVersion)
	register(s, op("GET", "/api/app_config", "appConfig", "Provider settings the app shows"), Public(), s.appConfig)
	register(s, op("GET", "/api/updates_news", "updatesNews", "Provider novelties, newest first"), User(), s.updatesNews)

	// Clubs
	register(s, op("GET", "/api/association/mine", "myClubs", "Clubs where the user is staff"), User(), s.myClubs)
	// The law the club keeps: its rule pack and the values it tightened
	register(s, op("GET", "/api/rule_packs", "rulePacks", "The rule packs, their values and legal sources"), User(), s.rulePacks)
	register(s, op("GET", "/api/club_rules", "clubRules", "The club's rule pack and values"), Club("club_rules_read", Query("association")), s.clubRules)
	register(s, op("PUT", "/api/club_rules", "clubRulesSet", "Choose the club's rule pack and tighten its values"), Club("clubrules", Body("association")), s.clubRulesSet)
	register(s, op("GET", "/api/club_rules/retention", "retentionRuns", "The club's last retention runs: what each removed"), Club("club_rules_read", Query("association")), s.retentionRuns)
	register(s, op("POST", "/api/club_rules/retention", "retentionRun", "Remove now the personal data the club's rules no longer keep"), Club("clubrules", Body("association")), s.retentionRun)
	retrieve := Club("club", Query("association"))
	retrieve.ClubOptional, retrieve.EvenSuspended = true, true
	register(s, op("GET", "/api/association/retrieve", "clubRetrieve", "Club page, flags, permissions and the caller's roles"), retrieve, s.clubRetrieve)
	put := op("PUT", "/api/association/{id}", "clubUpdate", "Update the club page")
	put.MaxBodyBytes = 40 << 20
	register(s, put, Club("clubmanager", Path("id")), s.clubUpdate)
	register(s, op("GET", "/api/files/{id}", "file", "A stored image or document"), User(), s.file)
	register(s, op("GET", "/api/today", "today", "The club's day so far (sales, grams, members in, open orders, cash, low stock, fees ending): only the figures the caller's roles may see"),
		Club("today", Query("association")), s.today)

	// Members (spec part 1 §7 "Members", "Wallet and access")
	s.registerMemberRoutes()

	// Catalogue, stock, categories, inventory (spec part 2 §7)
	s.registerCatalogRoutes()

	// Cultivation: strains, batches, the mass balance, the authorities' report, the information slip
	s.registerCultivationRoutes()
	s.registerProvider()

	// Point of sale, wallet and fees (spec part 1 §7 "Orders", "Wallet and access")
	s.registerOrderRoutes()

	// Coupons (spec part 1 §7 "Coupons")
	s.registerCouponRoutes()

	// Cash register and cash reports (spec part 2 §7 "Cash")
	s.registerCashRoutes()
	// Sales, wallet and access reports, charts and exports (spec part 2 §7 "Orders and reports")
	s.registerReportRoutes()

	// News and events (spec part 2 §7 "Club and communication")
	s.registerSocialRoutes()

	// Web Push devices of members' accounts
	register(s, op("GET", "/api/push_public_key", "pushPublicKey", "VAPID public key for Web Push subscriptions"), Public(), s.pushPublicKey)
	register(s, op("POST", "/api/push_subscription", "pushSubscribe", "Register this device for Web Push"), User(), s.pushSubscribe)

	// Live events for the notification box
	register(s, op("GET", "/api/events", "events", "Server-Sent Events of the club"), eventsGate, s.events)
}
