// Package access holds the roles, the club feature flags and the gate tables of
// spec part 1 §6 and part 2 §6 as data. The API routes and the web app (through
// the generated gates.json) read the same table, so a screen and its calls are
// always guarded alike.
package access

import (
	"encoding/json"
	"slices"
)

// Feature flags of a club (spec part 1 §1).
const (
	Socios                    = "socios"
	Comunicacion              = "comunicacion"
	ComunicacionAvanzada      = "comunicacion_avanzada"
	SoftwareGestionClub       = "software_gestion_club"
	FuncionesAvanzadasGestion = "funciones_avanzadas_gestion"
	GestionAvanzadaSocios     = "gestion_avanzada_socios"
	Cupones                   = "cupones"
	Monedero                  = "monedero"
	FirmaPedido               = "firma_pedido"
	FirmaDigital              = "firma_digital"
	FirmaContrato             = "firma_contrato"
	// Cultivo: the club grows what it gives out and keeps its cultivation
	// records (strains, batches, harvest, lab, destruction, the annual report).
	Cultivo = "cultivo"
)

// Flags lists every feature flag in a stable order.
var Flags = []string{Socios, Comunicacion, ComunicacionAvanzada, SoftwareGestionClub,
	FuncionesAvanzadasGestion, GestionAvanzadaSocios, Cupones, Monedero, FirmaPedido,
	FirmaDigital, FirmaContrato, Cultivo}

// Staff roles, spelled as the spec and the stored data spell them.
const (
	Recepcion     = "Recepción"
	Budtender     = "Budtender"
	Manager       = "Manager"
	Administrador = "Administrador"
	Caja          = "Caja"
	Inventario    = "Inventario"
	Social        = "Social"
)

// Roles lists every staff role.
var Roles = []string{Recepcion, Budtender, Manager, Administrador, Caja, Inventario, Social}

// IsFlag reports whether f is a known feature flag.
func IsFlag(f string) bool { return slices.Contains(Flags, f) }

// IsRole reports whether r is a known staff role.
func IsRole(r string) bool { return slices.Contains(Roles, r) }

// Rule is a gate: the club needs any one of Flags and the user any one of Roles.
// An empty list means no requirement on that side.
type Rule struct {
	Flags []string `json:"flags"`
	Roles []string `json:"roles"`
}

// Allows reports whether a club with clubFlags and a user with userRoles pass.
func (r Rule) Allows(clubFlags map[string]bool, userRoles []string) bool {
	return r.FlagsOK(clubFlags) && r.RolesOK(userRoles)
}

// FlagsOK reports whether the club has one of the rule's flags.
func (r Rule) FlagsOK(clubFlags map[string]bool) bool {
	if len(r.Flags) == 0 {
		return true
	}
	for _, f := range r.Flags {
		if clubFlags[f] {
			return true
		}
	}
	return false
}

// RolesOK reports whether the user has one of the rule's roles.
func (r Rule) RolesOK(userRoles []string) bool {
	if len(r.Roles) == 0 {
		return true
	}
	for _, role := range r.Roles {
		if slices.Contains(userRoles, role) {
			return true
		}
	}
	return false
}

func rule(flags []string, roles ...string) Rule { return Rule{Flags: flags, Roles: roles} }

func f(flags ...string) []string { return flags }

var (
	amr    = []string{Administrador, Manager, Recepcion}
	am     = []string{Administrador, Manager}
	ams    = []string{Administrador, Manager, Social}
	amb    = []string{Administrador, Manager, Budtender}
	amc    = []string{Administrador, Manager, Caja}
	amcb   = []string{Administrador, Manager, Caja, Budtender}
	sgc    = f(SoftwareGestionClub)
	com    = f(Comunicacion)
	wallet = f(FuncionesAvanzadasGestion, Monedero)
)

// Screens is the gate of every screen and side-menu dialog, keyed by route name.
// Rows marked "spec" come from the §6 tables; the others are choices where the
// spec is silent, written down here so the web app and the API agree on them.
var Screens = map[string]Rule{
	// spec part 1 §6
	"patientmanager":  rule(f(Socios), Manager, Administrador, Recepcion),
	"patientcreate":   rule(f(Socios), Administrador, Manager, Recepcion, Social),
	"staffmanager":    rule(f(Socios, Comunicacion), am...),
	"pos":             rule(sgc, amb...),
	"ordersInProcess": rule(sgc, amb...),
	"cupons":          rule(f(FuncionesAvanzadasGestion, Cupones), Manager, Administrador),
	"cuponUsesList":   rule(f(FuncionesAvanzadasGestion, Cupones), Manager, Administrador),
	"cuponcreate":     rule(f(Socios, Comunicacion, Cupones), amr...),
	"accesscontrol":   rule(f(Socios), amr...), // member detail: check in/out roles
	// chosen: wallet roles are "not shown"; the counter roles that take money.
	"wallet": rule(wallet, Administrador, Manager, Budtender, Recepcion, Caja),
	// chosen: member-side screens follow the member manager.
	"usersmanager":   rule(f(Socios), am...),
	"uservalidation": rule(f(Socios), amr...),
	"dniread":        rule(f(Socios), amr...),
	"userinvite":     rule(f(Socios), amr...),
	// spec part 2 §6
	"news":                     rule(com, ams...),
	"newscreate":               rule(com, ams...),
	"clubmanager":              rule(com, ams...),
	"htmleditor":               rule(com, ams...),
	"events":                   rule(com, ams...),
	"eventcreate":              rule(com, ams...),
	"tvshows":                  rule(com, ams...),
	"tvshow1":                  rule(com, ams...),
	"tvshow2":                  rule(com, ams...),
	"tvshow3":                  rule(com, ams...),
	"tvshowsettings":           rule(com, ams...),
	"consults":                 rule(com, ams...),
	"pushnotificationsmanager": rule(com, ams...),
	"smsmanager":               rule(com, ams...),
	// spec: Administrador, Manager, Budtender; the product manager's "new" and
	// "modify" (part 2 §6) also allow Inventario, so the form admits the union.
	"dispensaryproductcreatepro": rule(sgc, Administrador, Manager, Budtender, Inventario),
	"dispensarymanagerpro":       rule(sgc, Administrador, Manager, Budtender, Inventario),
	"inventorymanager":           rule(sgc, am...),
	"ordersReport":               rule(sgc, amb...),
	"accesscontrolreport":        rule(sgc, am...),
	"movementsreport":            rule(sgc, amcb...),
	"closingregisterreport":      rule(sgc, amcb...),
	"closeregisterhistory":       rule(sgc, amcb...),
	"closingreport":              rule(f(SoftwareGestionClub, Monedero), amcb...),
	"stockmanager":               rule(sgc, Administrador, Manager, Inventario),
	"dispensationReport":         rule(sgc, am...),
	"dispensationregister":       rule(sgc, am...), // chosen: the register names members and their birth year (issue 28)
	"productHistoryReport":       rule(sgc, am...),
	"walletReport":               rule(wallet, Administrador, Manager, Budtender, Recepcion),
	"efficiencyReport":           rule(sgc, Administrador, Manager, Budtender, Recepcion),
	// chosen: the basic catalogue feeds the TV menus and the member app.
	"dispensarymanagerbasic":       rule(f(SoftwareGestionClub, Comunicacion), Administrador, Manager, Social, Inventario),
	"dispensaryproductcreatebasic": rule(f(SoftwareGestionClub, Comunicacion), Administrador, Manager, Social, Inventario),
	"dispensary":                   rule(f(SoftwareGestionClub, Comunicacion), nil...),
	// side-menu Administration dialogs: "Manager, Administrador, Caja" (part 2 §6)
	"walletamounts":       rule(wallet, amc...),
	"feetypes":            rule(f(Socios), amc...),
	"membercategories":    rule(f(Socios), amc...),
	"productcategories":   rule(sgc, amc...),
	"cashamounts":         rule(sgc, amc...),
	"weightdiscrepancy":   rule(sgc, amc...),
	"paymentmethods":      rule(sgc, amc...),
	"consumptionforecast": rule(f(Socios), amc...),
	// chosen: the law the club keeps is the Administrador's to set (issue: "clubrules");
	// Managers read it, as they answer for the counter.
	"clubrules":       rule(nil, Administrador),
	"club_rules_read": rule(nil, am...),
	// cultivation (issue 30): the grow room's records are the Inventario's
	// work, with the Manager and the Administrador; the counter's roles read
	// which batches a product's stock holds, and print the information slip
	// of an order they sold (any club with a point of sale: the slip is
	// offered under every pack, printed with each sale where the pack asks).
	"strains":         rule(f(Cultivo), Administrador, Manager, Inventario),
	"growintake":      rule(f(Cultivo), Administrador, Manager, Inventario),
	"batches":         rule(f(Cultivo), Administrador, Manager, Inventario),
	"batch":           rule(f(Cultivo), Administrador, Manager, Inventario),
	"annualreport":    rule(f(Cultivo), Administrador, Manager, Inventario),
	"product_batches": rule(f(Cultivo), Administrador, Manager, Budtender, Inventario),
	"order_slip":      rule(sgc, amb...),
	// cash dialogs follow the cash screens
	"closeregister": rule(sgc, amcb...),
	"cashmovement":  rule(sgc, amcb...),
	// API-only rules (no screen of their own), chosen where the spec is silent:
	// finding a member is needed at the counter (POS), the desk and the staff screens.
	"members_read":  rule(f(Socios, Comunicacion, SoftwareGestionClub), Administrador, Manager, Recepcion, Budtender, Social),
	"member_delete": rule(f(Socios), am...),                                // member detail: delete
	"member_export": rule(f(Socios, Comunicacion), Manager, Administrador), // Excel and CSV export
	// a member's data export (GDPR articles 15 and 20): everything the club holds
	// about one person, whatever the club's features, so the Administrador's
	// alone (the controller's answer to the member), and logged
	"member_data_export": rule(nil, Administrador),
	"push_send":          rule(f(Socios, Comunicacion), ams...), // push manager and staff screens
	// the counter's "your order is ready" push: only that fixed text, only to
	// the order's own member, so the POS roles may send it.
	"order_notify": rule(f(ComunicacionAvanzada), amb...),
	// coupons: the list is read by the coupon screens and by the counter's
	// coupon picker; applying one to an order is the counter's work.
	"coupons_read": rule(f(FuncionesAvanzadasGestion, Cupones, Socios, Comunicacion), Administrador, Manager, Recepcion, Budtender),
	"coupon_apply": rule(f(FuncionesAvanzadasGestion, Cupones), amb...),
	// catalogue: reading follows the product manager and the point of sale;
	// writing, deleting, stock and exports follow the product manager's actions (part 2 §6).
	"products_read":  rule(sgc, Administrador, Manager, Budtender, Inventario),
	"product_write":  rule(sgc, Administrador, Manager, Budtender, Inventario),
	"product_delete": rule(sgc, Administrador, Manager, Inventario),
	"product_export": rule(sgc, am...),
	"stock_adjust":   rule(sgc, Administrador, Manager, Inventario),
	// fee types are read by their dialog (Manager, Administrador, Caja) and
	// by the fee renewal at the counter (the POS roles).
	"fees_read": rule(f(Socios, SoftwareGestionClub), Administrador, Manager, Caja, Budtender),
	// any staff member of the club
	"club":        {},
	"today":       {}, // the landing screen; each of its figures follows its own screen's gate (httpapi.TodayFigures)
	"userprofile": {},
	"novelties":   {},
	"descarga":    {},
}

// Supervisors are the roles that may let a sale pass a member's monthly
// consumption forecast at the point of sale, and refund an order to a method
// other than the one it was paid with. The same roles set what that
// check reads (a member's forecast and negative wallet, the club's switch of
// the check), so it cannot be passed by changing what it reads instead. A
// rule of roles alone, not a screen.
var Supervisors = rule(nil, Manager, Administrador)

// MenuGroups gates the side-menu groups themselves (spec: "Menu entries hide
// when the club lacks the flags socios or comunicacion"; part 2 §6 for admin and
// reports). An entry shows only when its group and its own screen both pass.
// Every screen a role may open has its entry for that role, so a group lets in
// every role one of its entries does: the reports group is Manager's and
// Administrador's (part 2 §6), and also Caja's and the Budtender's (the cash
// movements, cash close and daily closing reports, and for the Budtender the
// orders report) and Recepción's (the wallet and product performance reports),
// each seeing only the reports its role opens.
var MenuGroups = map[string]Rule{
	"members": rule(f(Socios)),
	"pos":     rule(sgc),
	"cash":    rule(f(SoftwareGestionClub, Monedero)),
	"admin":   rule(nil, Manager, Administrador, Caja),
	"reports": rule(nil, Manager, Administrador, Caja, Budtender, Recepcion),
	"social":  rule(com),
	// the grow room's screens
	"cultivation": rule(f(Cultivo), Administrador, Manager, Inventario),
}

// Screen returns the rule of a screen; it panics on an unknown name because a
// route naming a missing gate is a programming error caught at start.
func Screen(name string) Rule {
	r, ok := Screens[name]
	if !ok {
		panic("access: unknown screen " + name)
	}
	return r
}

// GatesJSON is the table the web app reads (web/src/shared/access/gates.json).
func GatesJSON() ([]byte, error) {
	out := struct {
		Flags      []string        `json:"flags"`
		Roles      []string        `json:"roles"`
		Screens    map[string]Rule `json:"screens"`
		MenuGroups map[string]Rule `json:"menuGroups"`
	}{Flags, Roles, normalise(Screens), normalise(MenuGroups)}
	return json.MarshalIndent(out, "", "  ")
}

func normalise(in map[string]Rule) map[string]Rule {
	out := make(map[string]Rule, len(in))
	for k, r := range in {
		if r.Flags == nil {
			r.Flags = []string{}
		}
		if r.Roles == nil {
			r.Roles = []string{}
		}
		out[k] = r
	}
	return out
}
