// Package coupon keeps a club's coupons (spec part 1 "Coupons"): their
// rules, their uses, and the checks the point of sale runs when a coupon is
// applied to an order and again when the order is paid. Pricing itself is the
// point of sale's (pos.Price): a coupon enters it as a CouponPrice.
package coupon

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/club"
	"socius/internal/db"
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
	ErrSwitchForbidden = errors.New("Solo un Manager o un Administrador puede activar o desactivar un cupón")
	ErrTermsForbidden  = errors.New("Solo un Manager o un Administrador puede cambiar el código, el descuento o las condiciones de un cupón activo; puedes cambiar su descripción y sus notas")
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

// Service keeps the coupons.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d, now: time.Now} }

// WithClock is the service at another time (the demo's coupons, made when
// its month of history began).
func (s *Service) WithClock(now func() time.Time) *Service { c := *s; c.now = now; return &c }

// Key is a code as compared: codes are unique per club whatever their case.
func Key(code string) string { return strings.ToLower(strings.TrimSpace(code)) }

const columns = `id, code, title, description, type, discount, status, from_date, to_date, use_number_coupon,
	use_number_user, use_user_type, COALESCE(use_user_category, 0) AS use_user_category, min_amount_order,
	cumulative, notes, uses, deleted, created, changed`

// List returns the club's coupons, newest first.
func (s *Service) List(ctx context.Context, clubID int64) ([]Coupon, error) {
	var out []Coupon
	if err := s.db.Select(ctx, &out, `SELECT `+columns+` FROM coupons WHERE club_id = ? AND deleted = 0 ORDER BY created DESC, id DESC`, clubID); err != nil {
		return nil, err
	}
	return out, scopes(ctx, s.db.R, out)
}

// Get returns one of the club's coupons.
func (s *Service) Get(ctx context.Context, clubID, id int64) (*Coupon, error) {
	cs, err := Load(ctx, s.db.R, clubID, []int64{id})
	if err != nil {
		return nil, err
	}
	c := cs[id]
	if c == nil || c.Deleted == 1 {
		return nil, ErrNotFound
	}
	return c, nil
}

// Load returns coupons of the club by id (deleted ones included, so a
// check can say so), with what they are limited to.
func Load(ctx context.Context, q db.Q, clubID int64, ids []int64) (map[int64]*Coupon, error) {
	out := map[int64]*Coupon{}
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT `+columns+` FROM coupons WHERE club_id = ? AND id IN (?)`, clubID, ids)
	if err != nil {
		return nil, err
	}
	var rows []Coupon
	if err := db.Select(ctx, q, &rows, query, args...); err != nil {
		return nil, err
	}
	if err := scopes(ctx, q, rows); err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].ID] = &rows[i]
	}
	return out, nil
}

// ByCode finds a coupon of the club by its code, whatever its case.
func ByCode(ctx context.Context, q db.Q, clubID int64, code string) (*Coupon, error) {
	var ids []int64
	if err := db.Select(ctx, q, &ids, `SELECT id FROM coupons WHERE club_id = ? AND code_key = ? AND deleted = 0`, clubID, Key(code)); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, problem.Invalidf("coupon.code_unknown", "code", "No existe ningún cupón con el código %s", strings.TrimSpace(code)).
			With("code", strings.TrimSpace(code))
	}
	cs, err := Load(ctx, q, clubID, ids)
	if err != nil {
		return nil, err
	}
	return cs[ids[0]], nil
}

// scopes fills the product categories and products of coupons.
func scopes(ctx context.Context, q db.Q, list []Coupon) error {
	if len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	at := map[int64]*Coupon{}
	for i := range list {
		c := &list[i]
		ids[i], at[c.ID] = c.ID, c
		c.ProductCategories, c.UseProducts, c.Products = []int64{}, []int64{}, []ProductRef{}
		c.Cumulative = c.CumulativeFlag == 1
	}
	query, args, err := sqlx.In(`SELECT coupon_id, category_id FROM coupon_categories WHERE coupon_id IN (?) ORDER BY coupon_id, category_id`, ids)
	if err != nil {
		return err
	}
	var cats []struct {
		Coupon   int64 `db:"coupon_id"`
		Category int64 `db:"category_id"`
	}
	if err := db.Select(ctx, q, &cats, query, args...); err != nil {
		return err
	}
	for _, r := range cats {
		at[r.Coupon].ProductCategories = append(at[r.Coupon].ProductCategories, r.Category)
	}
	query, args, err = sqlx.In(`SELECT cp.coupon_id, cp.product_id, p.title FROM coupon_products cp JOIN products p ON p.id = cp.product_id
		WHERE cp.coupon_id IN (?) ORDER BY cp.coupon_id, p.title, cp.product_id`, ids)
	if err != nil {
		return err
	}
	var prods []struct {
		Coupon int64 `db:"coupon_id"`
		ProductRef
	}
	if err := db.Select(ctx, q, &prods, query, args...); err != nil {
		return err
	}
	for _, r := range prods {
		c := at[r.Coupon]
		c.UseProducts = append(c.UseProducts, r.PID)
		c.Products = append(c.Products, r.ProductRef)
	}
	return nil
}

// dayBounds turns the chosen from and to into the first second of the from
// day and the last second of the to day in the club's time zone, so a coupon
// "until the 31st" works all of the 31st.
func dayBounds(from, to int64, tz string) (int64, int64) {
	loc := location(tz)
	if from > 0 {
		t := time.Unix(from, 0).In(loc)
		from = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc).Unix()
	}
	if to > 0 {
		t := time.Unix(to, 0).In(loc)
		to = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, loc).Unix() - 1
	}
	return from, to
}

func location(tz string) *time.Location { return club.Location(tz) }

// day is a date as the spec shows it (dd/MM/yyyy) in the club's time zone.
func day(t int64, tz string) string { return time.Unix(t, 0).In(location(tz)).Format("02/01/2006") }

func (in *Input) validate() error {
	in.Code, in.Title = strings.TrimSpace(in.Code), strings.TrimSpace(in.Title)
	switch {
	case in.Code == "":
		return errFields.At("code")
	case in.Title == "":
		return errFields.At("title")
	case in.Discount == nil:
		return errFields.At("discount")
	case !codePattern.MatchString(in.Code):
		return errCode
	case len([]rune(in.Title)) > MaxTitle:
		return errTitle
	case len([]rune(in.Notes)) > MaxNotes:
		return errNotes
	case in.Type != TypeEuros && in.Type != TypePercent:
		return errType
	case in.Status != nil && *in.Status != 0 && *in.Status != 1:
		return errStatusValue
	case *in.Discount <= 0:
		return errPositive
	case in.Type == TypePercent && *in.Discount > 10000:
		return errPercent
	case in.Discount.Check() != nil || in.MinAmount.Check() != nil:
		return problem.Invalidf("amount.too_large", "discount", "%s", amount.ErrMoneyTooLarge.Error())
	case in.UsesCoupon < 0:
		return errNumeric.At("use_number_coupon")
	case in.UsesUser < 0:
		return errNumeric.At("use_number_user")
	case in.MinAmount < 0:
		return errNumeric.At("min_amount_order")
	case in.From < 0 || in.To < 0:
		return errNumeric.At("from")
	case in.UserType != 0 && in.UserType != UserLudico && in.UserType != UserTerapeutico:
		return errUserType
	case len(in.ProductCategories)+len(in.Products) > MaxScope:
		return errScope
	}
	in.From, in.To = dayBounds(in.From, in.To, in.Timezone)
	if in.From > 0 && in.To > 0 && in.To < in.From {
		return errDates
	}
	return nil
}

// Save creates a coupon (in.ID 0) or edits one of the club's. Every category
// and product it names must be the club's own.
func (s *Service) Save(ctx context.Context, clubID, staffID int64, in Input) (*Coupon, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	id := in.ID
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		now := s.now().Unix()
		status := 1
		if id == 0 && !in.MaySwitch {
			// Recepción creates coupons (the spec gives them the form) but does not
			// switch them on: a coupon they make waits, off, for a Manager or an
			// Administrador; made on, a 100 % coupon was a free order at the counter
			status = 0
		}
		if id != 0 {
			// The row is taken first (an UPDATE locks it), so the switch and
			// terms checked here are the ones this edit replaces, not ones an
			// activate call racing with it has just changed.
			res, err := db.Exec(ctx, tx, `UPDATE coupons SET changed = changed WHERE id = ? AND club_id = ? AND deleted = 0`, id, clubID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
			cs, err := Load(ctx, tx, clubID, []int64{id})
			if err != nil {
				return err
			}
			cur := cs[id]
			if err := in.allowedOn(cur); err != nil {
				return err
			}
			status = cur.Status
		}
		if in.Status != nil && (id != 0 || in.MaySwitch) { // an edit's status was checked by allowedOn
			status = *in.Status
		}
		if in.UserCategory != 0 && !owned(ctx, tx, `SELECT id FROM club_categories WHERE id = ? AND club_id = ? AND type = 'membership'`, in.UserCategory, clubID) {
			return errCategory
		}
		for _, c := range in.ProductCategories {
			if !owned(ctx, tx, `SELECT id FROM club_categories WHERE id = ? AND club_id = ? AND type = 'dispensary'`, c, clubID) {
				return errCategory
			}
		}
		for _, p := range in.Products {
			if !owned(ctx, tx, `SELECT id FROM products WHERE id = ? AND club_id = ? AND deleted = 0`, p, clubID) {
				return errProduct
			}
		}
		var taken []int64
		if err := db.Select(ctx, tx, &taken, `SELECT id FROM coupons WHERE club_id = ? AND code_key = ? AND deleted = 0 AND id <> ?`,
			clubID, Key(in.Code), id); err != nil {
			return err
		}
		if len(taken) > 0 {
			return errTaken(in.Code)
		}
		var category any
		if in.UserCategory != 0 {
			category = in.UserCategory
		}
		cumulative := 0
		if in.Cumulative {
			cumulative = 1
		}
		vals := []any{in.Code, Key(in.Code), in.Title, strings.TrimSpace(in.Description), in.Type, int64(*in.Discount), status,
			in.From, in.To, in.UsesCoupon, in.UsesUser, in.UserType, category, int64(in.MinAmount), cumulative, in.Notes, now}
		var err error
		if id == 0 {
			id, err = db.Insert(ctx, tx, `INSERT INTO coupons (code, code_key, title, description, type, discount, status, from_date, to_date,
				use_number_coupon, use_number_user, use_user_type, use_user_category, min_amount_order, cumulative, notes, changed,
				club_id, staff_user_id, created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, append(vals, clubID, staffID, now)...)
		} else {
			var res sql.Result
			res, err = db.Exec(ctx, tx, `UPDATE coupons SET code = ?, code_key = ?, title = ?, description = ?, type = ?, discount = ?,
				status = ?, from_date = ?, to_date = ?, use_number_coupon = ?, use_number_user = ?, use_user_type = ?,
				use_user_category = ?, min_amount_order = ?, cumulative = ?, notes = ?, changed = ?
				WHERE id = ? AND club_id = ? AND deleted = 0`, append(vals, id, clubID)...)
			if err == nil {
				if n, _ := res.RowsAffected(); n == 0 {
					return ErrNotFound
				}
			}
		}
		if db.IsUnique(err) {
			return errTaken(in.Code)
		}
		if err != nil {
			return err
		}
		for _, q := range []string{`DELETE FROM coupon_categories WHERE coupon_id = ?`, `DELETE FROM coupon_products WHERE coupon_id = ?`} {
			if _, err := db.Exec(ctx, tx, q, id); err != nil {
				return err
			}
		}
		for _, c := range dedupe(in.ProductCategories) {
			if _, err := db.Exec(ctx, tx, `INSERT INTO coupon_categories (coupon_id, category_id) VALUES (?, ?)`, id, c); err != nil {
				return err
			}
		}
		for _, p := range dedupe(in.Products) {
			if _, err := db.Exec(ctx, tx, `INSERT INTO coupon_products (coupon_id, product_id) VALUES (?, ?)`, id, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, clubID, id)
}

// allowedOn checks an edit of cur by a caller without MaySwitch.
func (in *Input) allowedOn(cur *Coupon) error {
	if in.MaySwitch {
		return nil
	}
	if in.Status != nil && *in.Status != cur.Status {
		return ErrSwitchForbidden
	}
	if cur.Status == 1 && !in.sameTerms(cur) {
		return ErrTermsForbidden
	}
	return nil
}

// sameTerms reports whether a validated input leaves everything but the
// wording of c as it is.
func (in *Input) sameTerms(c *Coupon) bool {
	return Key(in.Code) == Key(c.Code) && in.Type == c.Type && *in.Discount == c.Discount &&
		in.From == c.FromDate && in.To == c.ToDate && in.UsesCoupon == c.UseNumberCoupon && in.UsesUser == c.UseNumberUser &&
		in.UserType == c.UseUserType && in.UserCategory == c.UseUserCategory && in.MinAmount == c.MinAmountOrder &&
		in.Cumulative == c.Cumulative && slices.Equal(dedupe(in.ProductCategories), dedupe(c.ProductCategories)) &&
		slices.Equal(dedupe(in.Products), dedupe(c.UseProducts))
}

func errTaken(code string) error {
	return problem.Invalidf("coupon.code_taken", "code", "Ya existe un cupón con el código %s", code).With("code", code)
}

func owned(ctx context.Context, q db.Q, query string, id, clubID int64) bool {
	var ids []int64
	return db.Select(ctx, q, &ids, query, id, clubID) == nil && len(ids) > 0
}

func dedupe(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// Activate turns one of the club's coupons on or off.
func (s *Service) Activate(ctx context.Context, clubID, id int64, on bool) (*Coupon, error) {
	status := 0
	if on {
		status = 1
	}
	res, err := s.db.Exec(ctx, `UPDATE coupons SET status = ?, changed = ? WHERE id = ? AND club_id = ? AND deleted = 0`,
		status, s.now().Unix(), id, clubID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, ErrNotFound
	}
	return s.Get(ctx, clubID, id)
}

// Delete removes one of the club's coupons. Its row stays (paid orders and
// uses name it) and its code is free again; an open order that carries it
// loses it at its next save, and cannot be paid with it.
func (s *Service) Delete(ctx context.Context, clubID, id int64) error {
	res, err := s.db.Exec(ctx, `UPDATE coupons SET deleted = 1, status = 0, changed = ? WHERE id = ? AND club_id = ? AND deleted = 0`,
		s.now().Unix(), id, clubID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// Uses returns a page of the uses of one of the club's coupons (every
// coupon's when couponID is 0), newest first, and their number.
func (s *Service) Uses(ctx context.Context, clubID, couponID int64, limit, page int) ([]Use, int, error) {
	where := ` WHERE u.club_id = ?`
	args := []any{clubID}
	if couponID != 0 {
		if _, err := s.Get(ctx, clubID, couponID); err != nil {
			return nil, 0, err
		}
		where += ` AND u.coupon_id = ?`
		args = append(args, couponID)
	}
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM coupon_uses u`+where, args...); err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > MaxPerPage {
		limit = 15
	}
	out := []Use{}
	err := s.db.Select(ctx, &out, `SELECT u.id, u.coupon_id, c.code, TRIM(m.nombre || ' ' || m.surname) AS title, m.number, u.order_id, u.created
		FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id JOIN members m ON m.id = u.member_id`+where+`
		ORDER BY u.created DESC, u.id DESC LIMIT ? OFFSET ?`, append(args, limit, max(page, 0)*limit)...)
	return out, total, err
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

// Applies marks the lines a coupon is limited to (nil: the whole order).
func (c *Coupon) Applies(lines []LineFacts) []bool {
	if len(c.ProductCategories) == 0 && len(c.UseProducts) == 0 {
		return nil
	}
	out := make([]bool, len(lines))
	for i, l := range lines {
		out[i] = l.ProductID != 0 && (slices.Contains(c.UseProducts, l.ProductID) || slices.Contains(c.ProductCategories, l.CategoryID))
	}
	return out
}

// Check says why the coupon cannot be used on the order, or nil. Each
// refusal names the rule that failed.
func (c *Coupon) Check(f Facts) error {
	with := func(e *problem.Invalid) error { return e.With("coupon", c.Code) }
	switch {
	case c.Deleted == 1:
		return with(problem.Invalidf("coupon.deleted", "coupon_id", "El cupón %s se ha eliminado", c.Code))
	case c.Status != 1:
		return with(problem.Invalidf("coupon.inactive", "coupon_id", "El cupón %s no está activo", c.Code))
	case c.FromDate > 0 && f.Now < c.FromDate:
		d := day(c.FromDate, f.Timezone)
		return with(problem.Invalidf("coupon.not_started", "coupon_id", "El cupón %s es válido a partir del %s", c.Code, d).With("date", d))
	case c.ToDate > 0 && f.Now > c.ToDate:
		d := day(c.ToDate, f.Timezone)
		return with(problem.Invalidf("coupon.expired", "coupon_id", "El cupón %s caducó el %s", c.Code, d).With("date", d))
	case c.UseNumberCoupon > 0 && c.Uses >= c.UseNumberCoupon:
		return with(problem.Invalidf("coupon.used_up", "coupon_id", "El cupón %s ya se ha usado las %d veces que permite", c.Code, c.UseNumberCoupon).
			With("uses", fmt.Sprint(c.UseNumberCoupon)))
	case c.UseNumberUser > 0 && f.MemberUses >= c.UseNumberUser:
		return with(problem.Invalidf("coupon.member_used_up", "coupon_id", "Este socio ya ha usado el cupón %s las %d veces que permite por socio", c.Code, c.UseNumberUser).
			With("uses", fmt.Sprint(c.UseNumberUser)))
	case c.UseUserType == UserLudico && f.MemberType != "ludico":
		return with(problem.Invalidf("coupon.only_ludico", "coupon_id", "El cupón %s es solo para socios lúdicos", c.Code))
	case c.UseUserType == UserTerapeutico && f.MemberType != "terapeutico":
		return with(problem.Invalidf("coupon.only_terapeutico", "coupon_id", "El cupón %s es solo para socios terapéuticos", c.Code))
	case c.UseUserCategory != 0 && f.MemberCategory != c.UseUserCategory:
		return with(problem.Invalidf("coupon.member_category", "coupon_id", "El cupón %s es solo para socios de otra categoría", c.Code))
	case c.MinAmountOrder > 0 && f.Base < int64(c.MinAmountOrder):
		return with(problem.Invalidf("coupon.min_amount", "coupon_id", "El cupón %s necesita un pedido de al menos %s €", c.Code, c.MinAmountOrder.String()).
			With("amount", c.MinAmountOrder.String()))
	}
	applies := c.Applies(f.Lines)
	inScope := false
	for i, l := range f.Lines {
		if applies == nil || applies[i] {
			if l.Discountable {
				return nil
			}
			inScope = inScope || l.ProductID != 0
		}
	}
	if inScope { // say why, or the person is left guessing: the products exist, they take no discounts
		return with(problem.Invalidf("coupon.no_discountable", "coupon_id",
			"El cupón %s no se aplica: ningún producto del pedido admite descuentos (se activa en la ficha del producto)", c.Code))
	}
	return with(problem.Invalidf("coupon.no_lines", "coupon_id", "Ningún producto del pedido entra en el cupón %s", c.Code))
}

// MemberUses counts, per coupon, the paid orders of a member that used it.
func MemberUses(ctx context.Context, q db.Q, memberID int64, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	query, args, err := sqlx.In(`SELECT coupon_id, COUNT(*) AS n FROM coupon_uses WHERE member_id = ? AND coupon_id IN (?) GROUP BY coupon_id`, memberID, ids)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		ID int64 `db:"coupon_id"`
		N  int   `db:"n"`
	}
	if err := db.Select(ctx, q, &rows, query, args...); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.N
	}
	return out, nil
}

// Record counts one use of a coupon by a paid order, inside the pay
// transaction. The coupon's row is taken first (a conditional increment), so
// two pays racing for its last use queue and the second is refused; the
// member's uses are counted after that, under the same lock.
func Record(ctx context.Context, tx *sqlx.Tx, clubID int64, c *Coupon, orderID, memberID, now int64) error {
	var limits []int
	if err := db.Select(ctx, tx, &limits, `UPDATE coupons SET uses = uses + 1 WHERE id = ? AND club_id = ? AND deleted = 0 AND status = 1
		AND (use_number_coupon = 0 OR uses < use_number_coupon) RETURNING use_number_user`, c.ID, clubID); err != nil {
		return err
	}
	if len(limits) == 0 {
		fresh, err := Load(ctx, tx, clubID, []int64{c.ID})
		if err != nil {
			return err
		}
		if f := fresh[c.ID]; f != nil {
			if err := f.Check(Facts{Now: now, MemberUses: -1 << 30}); err != nil {
				return err
			}
		}
		return ErrNotFound
	}
	if limits[0] > 0 {
		var n int
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = ? AND member_id = ?`, c.ID, memberID); err != nil {
			return err
		}
		if n >= limits[0] {
			return c.Check(Facts{Now: now, MemberUses: n, Lines: []LineFacts{{Discountable: true}}})
		}
	}
	_, err := db.Exec(ctx, tx, `INSERT INTO coupon_uses (club_id, coupon_id, order_id, member_id, created) VALUES (?,?,?,?,?)`,
		clubID, c.ID, orderID, memberID, now)
	return err
}

// GiveBack returns the uses an order counted, inside the transaction that
// refunds the whole order: the coupons may be used again as if it had never
// been paid.
func GiveBack(ctx context.Context, tx *sqlx.Tx, orderID int64) error {
	if _, err := db.Exec(ctx, tx, `UPDATE coupons SET uses = uses - 1
		WHERE id IN (SELECT coupon_id FROM coupon_uses WHERE order_id = ?)`, orderID); err != nil {
		return err
	}
	_, err := db.Exec(ctx, tx, `DELETE FROM coupon_uses WHERE order_id = ?`, orderID)
	return err
}
