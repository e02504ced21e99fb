// Package member holds the club's members (socios, "ficha_socio"): their
// records, search, staff roles, categories, guarantors, documents, and the
// check-in/check-out log.
package member

import (
	"socius/internal/amount"
	"strings"

	"socius/internal/problem"
)

// Member types.
const (
	Ludico      = "ludico"
	Terapeutico = "terapeutico"
)

// Access actions.
const (
	ActionIn  = "ENTRA"
	ActionOut = "SALE"
)

// Limits of spec part 1 §5 and §9.
const (
	MaxEmail          = 60
	MaxNotes          = 200
	DefaultForecast   = 60
	MaxPageSize       = 100
	DefaultPageSize   = 14
	deletedNamePrefix = "Socio eliminado"
)

// ValidationError carries the spec's Spanish message and a stable code.
type ValidationError = problem.Invalid

func invalid(code, field, msg string, args ...any) *ValidationError {
	return problem.Invalidf(code, field, msg, args...)
}

// Errors, each with the stable code the web app translates.
var (
	ErrNotFound  error = problem.NotFoundf("member.not_found", "Socio no encontrado")
	ErrAdminOnly error = problem.Refuse(problem.Forbidden, "member.admin_only", "Solo un Administrador puede cambiar la fecha de fin de cuota, el acceso de personal y sus roles")
	// ErrStaffAdminOnly guards staff records: a lower role could otherwise lock
	// an Administrador out or send their links to itself.
	ErrStaffAdminOnly error = problem.Refuse(problem.Forbidden, "member.staff_admin_only",
		"Solo un Administrador puede cambiar el estado, el correo, el teléfono o la cuenta online de un miembro del personal, o eliminar su ficha")
	ErrNoOnlineAccount error = problem.Invalidf("member.no_online_account", "", "Este socio no dispone de cuenta online")
	ErrLinkPending     error = problem.Invalidf("member.link_pending", "", "El socio aún no ha aceptado vincular su cuenta online a este club")
	ErrAccountActive   error = problem.Invalidf("member.account_active", "", "Esta cuenta online ya está activa: el socio entra con su propio usuario y contraseña")
	// ErrSupervisorOnly guards the limits the counter enforces (see Actor.Supervisor).
	ErrSupervisorOnly error = problem.Refuse(problem.Forbidden, "member.limits_supervisor_only",
		"Solo un Manager o un Administrador puede cambiar la previsión de consumo de un socio o dejar que su monedero quede en negativo")
)

// Address is memcard_address.
type Address struct {
	Thoroughfare string `json:"thoroughfare" maxLength:"200"`
	Locality     string `json:"locality" maxLength:"100"`
	PostalCode   string `json:"postal_code" maxLength:"20"`
	Country      string `json:"country" maxLength:"60"`
}

// URLRef is the spec's {url} reference of a file.
type URLRef struct {
	URL string `json:"url"`
}

// Document is an uploaded member document.
type Document struct {
	FID  string `json:"fid"`
	URL  string `json:"url"`
	Name string `json:"name"`
}

// Category is a member category (descuento 0–100).
type Category struct {
	NID         int64  `json:"nid" db:"id"`
	Title       string `json:"title" db:"title"`
	Descuento   int    `json:"descuento" db:"descuento"`
	Association int64  `json:"association" db:"club_id"`
}

// LinkedUser is the member's online account.
type LinkedUser struct {
	UID      int64  `json:"uid"`
	Telefono string `json:"telefono"`
}

// Guarantor is a guarantor member as shown in the form.
type Guarantor struct {
	NID     int64  `json:"nid"`
	Number  int64  `json:"number"`
	Nombre  string `json:"nombre"`
	Surname string `json:"surname"`
}

// Member is the ficha_socio as the API returns it.
type Member struct {
	NID               int64        `json:"nid"`
	MembershipID      int64        `json:"membership_id"`
	Association       int64        `json:"association"`
	Number            int64        `json:"number"`
	Nombre            string       `json:"nombre"`
	Surname           string       `json:"surname"`
	Surname2          string       `json:"surname2"`
	DNI               string       `json:"dni"`
	Email             string       `json:"email"`
	Telefono          string       `json:"telefono"`
	CountryCode       string       `json:"country_code"`
	Birthdate         int64        `json:"birthdate"`
	Foto              URLRef       `json:"foto"`
	Type              string       `json:"type"`
	StatusMember      int          `json:"status_member"`
	IsStaff           bool         `json:"is_staff"`
	EndDate           int64        `json:"end_date"`
	MemberCreated     int64        `json:"member_created"`
	Monedero          amount.Cents `json:"monedero" doc:"Wallet balance in euros; the sum of its wallet movements"`
	MonederoNegativo  bool         `json:"monedero_negativo"`
	ConsumForecast    int64        `json:"consum_forecast"`
	Notes             string       `json:"notes"`
	Documents         []Document   `json:"documents"`
	MemcardRoles      []string     `json:"memcard_roles"`
	MemcardAddress    Address      `json:"memcard_address"`
	EndorsementMember []Guarantor  `json:"endorsement_member"`
	Signature         URLRef       `json:"signature"`
	CategoryMember    *Category    `json:"category_member,omitempty" doc:"absent when the member has no category"`
	User              *LinkedUser  `json:"user,omitempty" doc:"absent when the member has no online account"`
	Keychain          string       `json:"keychain"`
	OnlineAccount     bool         `json:"online_account"`
	LinkPending       bool         `json:"account_link_pending" doc:"The e-mail is a person's existing account: the club asked to link it and waits for the person to accept"`
	// LinkRequest is set by a save that asked to link an existing account:
	// the caller mails its token to the account's own e-mail.
	LinkRequest *LinkRequest `json:"-"`
	// Declarations are the statements signed at admission (rules.Declarations).
	Declarations []Declaration `json:"declarations" doc:"The latest signature of each statement the member signed at admission"`
}

// FullName is "Nombre Surname Surname2".
func (m *Member) FullName() string {
	return strings.Join(strings.Fields(m.Nombre+" "+m.Surname+" "+m.Surname2), " ")
}

// AccountHolder is a member with an online account: whom a push reaches.
type AccountHolder struct {
	MemberID int64 `db:"id"`
	UserID   int64 `db:"user_id"`
}

// ClubUser is an online account of a club member (users manager).
type ClubUser struct {
	UID              int64  `json:"uid" db:"uid"`
	Name             string `json:"name" db:"username"`
	Mail             string `json:"mail" db:"email"`
	FieldUserName    string `json:"field_user_name" db:"name"`
	FieldUserSurname string `json:"field_user_surname" db:"surname"`
	FieldUserDNI     string `json:"field_user_dni" db:"dni"`
	FieldUserTlf     string `json:"field_user_tlf" db:"phone"`
	Created          int64  `json:"created" db:"created"`
	Login            int64  `json:"login" db:"last_login"`
	Status           int    `json:"status" db:"status"`
	IDSocio          int64  `json:"idsocio" db:"member_id"`
	Number           int64  `json:"number" db:"number"`
	IsStaff          bool   `json:"is_staff" db:"is_staff"`
}

// AccessRow is an access event with the member card (spec part 1 §3).
type AccessRow struct {
	ID         int64          `json:"id"`
	Datetime   int64          `json:"datetime"`
	Action     string         `json:"action"`
	Membercard AccessCardInfo `json:"membercard"`
}

// AccessCardInfo is the member part of an access row.
type AccessCardInfo struct {
	Number   int64  `json:"number" db:"number"`
	Nombre   string `json:"nombre" db:"nombre"`
	Surname  string `json:"surname" db:"surname"`
	Surname2 string `json:"surname2" db:"surname2"`
	DNI      string `json:"dni" db:"dni"`
}
