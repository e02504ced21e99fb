// Package coupon keeps a club's coupons (spec part 1 "Coupons"): their
// rules, their uses, and the checks the point of sale runs when a coupon is
// applied to an order and again when the order is paid. Pricing itself is the
// point of sale's (pos.Price): a coupon enters it as a CouponPrice.
package coupon

import (
	"regexp"
	"strings"

	"socius/internal/amount"
	"socius/internal/problem"
)

// Coupon types (spec: 0 euros, 1 percent).
const (
	TypeEuros   = 0
	TypePercent = 1
)

// Member types a coupon can be limited to (spec: 1 recreational, 2 therapeutic).
const (
	UserLudico      = 1
	UserTerapeutico = 2
)

// Limits (spec part 1 §9: notes 200).
const (
	MaxNotes   = 200
	MaxTitle   = 200
	MaxScope   = 500
	MaxPerPage = 1000
)

// ProductRef names a product a coupon is limited to.
type ProductRef struct {
	PID   int64  `json:"pid" db:"product_id"`
	Title string `json:"title" db:"title"`
}

// Coupon is spec part 1 §3 Coupon. Discount is euros for type 0 and a percent
// for type 1, both with two decimals.
type Coupon struct {
	ID                int64        `json:"id" db:"id"`
	Code              string       `json:"code" db:"code"`
	Title             string       `json:"title" db:"title" doc:"Shown as the coupon's description"`
	Description       string       `json:"description" db:"description"`
	Type              int          `json:"type" db:"type" enum:"0,1" doc:"0 euros, 1 percent"`
	Discount          amount.Cents `json:"discount" db:"discount" doc:"Euros off, or the percent, two decimals"`
	Status            int          `json:"status" db:"status" enum:"0,1" doc:"1 active"`
	FromDate          int64        `json:"from_date" db:"from_date" doc:"First second of the first day (club time zone); 0 = no start"`
	ToDate            int64        `json:"to_date" db:"to_date" doc:"Last second of the last day (club time zone); 0 = no end"`
	UseNumberCoupon   int          `json:"use_number_coupon" db:"use_number_coupon" doc:"Uses in all; 0 = unlimited"`
	UseNumberUser     int          `json:"use_number_user" db:"use_number_user" doc:"Uses per member; 0 = unlimited"`
	UseUserType       int          `json:"use_user_type" db:"use_user_type" enum:"0,1,2" doc:"1 recreational, 2 therapeutic; 0 any"`
	UseUserCategory   int64        `json:"use_user_category" db:"use_user_category" doc:"Member category; 0 any"`
	ProductCategories []int64      `json:"product_categories" db:"-" doc:"Product categories it is limited to"`
	UseProducts       []int64      `json:"use_products" db:"-" doc:"Products it is limited to"`
	Products          []ProductRef `json:"products" db:"-" doc:"The use_products with their titles"`
	MinAmountOrder    amount.Cents `json:"min_amount_order" db:"min_amount_order" doc:"The order's base price must reach it; 0 = none"`
	CumulativeFlag    int          `json:"-" db:"cumulative"`
	Cumulative        bool         `json:"cumulative" db:"-" doc:"May join other cumulative coupons on one order"`
	Notes             string       `json:"notes" db:"notes"`
	Uses              int          `json:"uses" db:"uses" doc:"Paid orders that used it"`
	Deleted           int          `json:"-" db:"deleted"`
	Created           int64        `json:"created" db:"created"`
	Changed           int64        `json:"changed" db:"changed"`
}

// Use is spec part 1 §3 Coupon use: a paid order that used the coupon.
type Use struct {
	ID       int64  `json:"id" db:"id"`
	CouponID int64  `json:"coupon_id" db:"coupon_id"`
	Code     string `json:"code" db:"code"`
	Title    string `json:"title" db:"title" doc:"The member (partner) who used it"`
	Number   int64  `json:"number" db:"number" doc:"The member's number"`
	OrderID  int64  `json:"order_id" db:"order_id"`
	UseDate  int64  `json:"use_date" db:"created"`
}

// Errors.
var (
	ErrNotFound = &problem.NotFound{Code: "coupon.not_found", Message: "Cupón no encontrado"}

	errFields      = problem.Invalidf("coupon.fields_required", "", "Debes completar los campos")
	errNumeric     = problem.Invalidf("coupon.numeric", "", "Introduce valores numéricos")
	errPositive    = problem.Invalidf("coupon.discount_positive", "discount", "El descuento debe ser mayor que 0")
	errPercent     = problem.Invalidf("coupon.percent_range", "discount", "El descuento en porcentaje debe estar entre 0 y 100")
	errType        = problem.Invalidf("coupon.type_invalid", "type", "El tipo de descuento debe ser 0 (euros) o 1 (porcentaje)")
	errUserType    = problem.Invalidf("coupon.user_type_invalid", "use_user_type", "El tipo de socio debe ser 1 (lúdico) o 2 (terapéutico)")
	errDates       = problem.Invalidf("coupon.dates", "to", "La fecha de fin no puede ser anterior a la de inicio")
	errNotes       = problem.Invalidf("coupon.notes_too_long", "notes", "Las notas no pueden tener más de 200 caracteres")
	errTitle       = problem.Invalidf("coupon.title_too_long", "title", "La descripción no puede tener más de 200 caracteres")
	errCode        = problem.Invalidf("coupon.code_invalid", "code", "El código solo puede tener letras, números, guiones y guiones bajos (hasta 40)")
	errScope       = problem.Invalidf("coupon.scope_too_large", "use_products", "Un cupón puede limitarse a 500 productos o categorías como mucho")
	errCategory    = &problem.NotFound{Code: "category.not_found", Message: "Categoría no encontrada"}
	errProduct     = &problem.NotFound{Code: "product.not_found", Message: "Producto no encontrado"}
	codePattern    = regexp.MustCompile(`^[\p{L}\p{N}_-]{1,40}$`)
	errStatusValue = problem.Invalidf("coupon.status_invalid", "status", "El estado debe ser 0 o 1")

	// ErrSwitchForbidden and ErrTermsForbidden refuse an edit by a caller who
	// may not switch coupons on and off (see Input.MaySwitch).
	ErrSwitchForbidden error = problem.Refuse(problem.Forbidden, "coupon.switch_forbidden", "Solo un Manager o un Administrador puede activar o desactivar un cupón")
	ErrTermsForbidden  error = problem.Refuse(problem.Forbidden, "coupon.terms_forbidden",
		"Solo un Manager o un Administrador puede cambiar el código, el descuento o las condiciones de un cupón activo; puedes cambiar su descripción y sus notas")
)

// Input is a create (ID 0) or an edit.
type Input struct {
	ID                              int64
	Code, Title, Description, Notes string
	Type                            int
	Discount                        *amount.Cents
	Status                          *int // nil: on when creating (off without MaySwitch), as it is when editing
	From, To                        int64
	UsesCoupon, UsesUser, UserType  int
	UserCategory                    int64
	ProductCategories, Products     []int64
	MinAmount                       amount.Cents
	Cumulative                      bool
	Timezone                        string

	// MaySwitch is the caller passing the gate of switching coupons on and off
	// (the coupon list's, Manager and Administrador). The spec gives the
	// coupon form, which creates, also to Recepción, but switching and the
	// list where a coupon in use is reached only to those two. So an edit by
	// a caller without it keeps the coupon's switch (a status that differs is
	// refused), and on a coupon that is on may change only its wording (title,
	// description, notes): its code, value, dates, limits and scope are what
	// a Manager or Administrador switched on. A switched-off coupon may be
	// reworked freely, since it stays off until one of them switches it on.
	MaySwitch bool
}

// Key is a code as compared: codes are unique per club whatever their case.
func Key(code string) string { return strings.ToLower(strings.TrimSpace(code)) }

func errTaken(code string) error {
	return problem.Invalidf("coupon.code_taken", "code", "Ya existe un cupón con el código %s", code).With("code", code)
}

// Facts is what the checks need of the order and its member.
type Facts struct {
	Now            int64
	Timezone       string
	MemberType     string // ludico or terapeutico
	MemberCategory int64
	MemberUses     int   // paid orders of this member that used the coupon
	Base           int64 // the order's base price, cents
	Lines          []LineFacts
}

// LineFacts is an order line as a coupon's scope sees it.
type LineFacts struct {
	ProductID, CategoryID int64
	Discountable          bool
}
