package pos

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
)

// LineProduct is the product of an order line (spec: product {pid, code, title, category}).
type LineProduct struct {
	PID      int64  `json:"pid"`
	Code     string `json:"code"`
	Title    string `json:"title"`
	Category string `json:"category"`
	Type     string `json:"type" doc:"peso, unidad or ambos; fee for a fee line"`
}

// Line is an order line (spec: Order line).
type Line struct {
	ID             int64        `json:"id"`
	Product        LineProduct  `json:"product"`
	FeeID          int64        `json:"fee_id,omitempty" doc:"Set on a fee-payment line"`
	UnitPrice      amount.Cents `json:"unit_price" doc:"Price per gram or unit, frozen when the order is paid"`
	Quantity       amount.Milli `json:"quantity"`
	RealQuantity   amount.Milli `json:"real_quantity"`
	Grams          amount.Milli `json:"grams" doc:"What the line counts towards the member's monthly consumption"`
	TotalBasePrice amount.Cents `json:"total_base_price"`
	TotalDiscount  amount.Cents `json:"total_discount"`
	Total          amount.Cents `json:"total" doc:"What the line costs: total_base_price − total_discount"`
	RefundQuantity amount.Milli `json:"refund_quantity"`
	Amount         amount.Cents `json:"amount" doc:"Money refunded for this line so far"`
}

// MemberCard is the order's member (spec: membership_card).
type MemberCard struct {
	Number  int64  `json:"number" db:"number"`
	Nombre  string `json:"nombre" db:"nombre"`
	Surname string `json:"surname" db:"surname"`
	DNI     string `json:"dni" db:"dni"`
}

// Order is spec part 1 §3 Order.
type Order struct {
	OrderID        int64           `json:"order_id"`
	OID            int64           `json:"oid"`
	Asocid         int64           `json:"asocid"`
	MembershipID   int64           `json:"membership_id"`
	Created        int64           `json:"order_created"`
	Changed        int64           `json:"order_changed"`
	Paid           int64           `json:"order_paid" doc:"When it was paid (unix seconds); 0 while in process"`
	Status         string          `json:"order_status" enum:"cart,completed"`
	BasePrice      amount.Cents    `json:"order_base_price"`
	Discount       amount.Cents    `json:"order_discount"`
	Total          amount.Cents    `json:"order_total"`
	ManualDiscount amount.Cents    `json:"manual_discount_order"`
	Coupons        []OrderCoupon   `json:"discount_coupon_order"`
	PayType        string          `json:"pay_type" doc:"cash, wallet or tpv once paid; empty for a zero total"`
	Signature      string          `json:"order_signature" doc:"URL of the member's signature, when one was required"`
	OverrideReason string          `json:"override_reason" doc:"Why a Manager or Administrador let the order pass the member's consumption forecast"`
	Staff          string          `json:"staff" doc:"Who made the order"`
	PaidBy         string          `json:"paid_by" doc:"Who took the payment"`
	Card           MemberCard      `json:"membership_card"`
	Products       []Line          `json:"products"`
	Refunded       amount.Cents    `json:"refunded" doc:"Money refunded so far"`
	Refunds        []Refund        `json:"refunds" doc:"Each refund of the order, oldest first"`
	RemovedCoupons []RemovedCoupon `json:"removed_coupons,omitempty" doc:"Coupons this save took off because they no longer apply, with the reason"`
	Replayed       bool            `json:"-"`
}

// Refund is one refund of a paid order: when, how much, which way the money
// went back, who gave it and why.
type Refund struct {
	ID      int64          `json:"id" db:"id"`
	OrderID int64          `json:"-" db:"order_id"`
	Created int64          `json:"created" db:"created"`
	Amount  amount.Cents   `json:"amount" db:"amount"`
	PayType string         `json:"pay_type" db:"pay_type" doc:"cash, wallet or tpv"`
	Staff   sql.NullString `json:"-" db:"staff"`
	By      string         `json:"staff" db:"-" doc:"Who gave the refund"`
	Reason  string         `json:"reason" db:"reason" doc:"Why, as staff wrote it (may be empty)"`
}

// LineInput is a line of a save (spec: products[{pid, quantity, real_quantity, total}]).
// total is the client's figure and is never used.
type LineInput struct {
	PID          int64
	FeeID        int64
	Quantity     amount.Milli
	RealQuantity *amount.Milli
}

// SaveInput is POST /api/order: the whole cart of one member.
type SaveInput struct {
	OID, MemberID  int64
	Lines          []LineInput
	ManualDiscount *amount.Cents // nil keeps the order's
	Coupons        *[]int64      // the coupons the order is to carry; nil keeps the order's
}

type orderRow struct {
	ID             int64          `db:"id"`
	ClubID         int64          `db:"club_id"`
	MemberID       int64          `db:"member_id"`
	Status         string         `db:"status"`
	BasePrice      int64          `db:"base_price"`
	Discount       int64          `db:"discount"`
	Total          int64          `db:"total"`
	ManualDiscount int64          `db:"manual_discount"`
	PayType        string         `db:"pay_type"`
	PayKey         string         `db:"pay_key"`
	Signature      string         `db:"signature"`
	OverrideReason string         `db:"override_reason"`
	Created        int64          `db:"created"`
	Changed        int64          `db:"changed"`
	Paid           int64          `db:"paid"`
	Staff          sql.NullString `db:"staff"`
	PaidBy         sql.NullString `db:"paid_by"`
	Number         int64          `db:"number"`
	Nombre         string         `db:"nombre"`
	Surname        string         `db:"surname"`
	DNI            string         `db:"dni"`
}

type lineRow struct {
	ID             int64         `db:"id"`
	OrderID        int64         `db:"order_id"`
	ProductID      sql.NullInt64 `db:"product_id"`
	FeeTypeID      sql.NullInt64 `db:"fee_type_id"`
	Title          string        `db:"title"`
	Code           string        `db:"code"`
	Category       string        `db:"category"`
	ProductType    string        `db:"product_type"`
	UnitPrice      int64         `db:"unit_price"`
	Quantity       int64         `db:"quantity"`
	RealQuantity   int64         `db:"real_quantity"`
	Grams          int64         `db:"grams"`
	BasePrice      int64         `db:"base_price"`
	Discount       int64         `db:"discount"`
	Total          int64         `db:"total"`
	RefundQuantity int64         `db:"refund_quantity"`
	RefundReal     int64         `db:"refund_real"`
	RefundGrams    int64         `db:"refund_grams"`
	RefundAmount   int64         `db:"refund_amount"`
}

var orderSelect = `SELECT o.id, o.club_id, o.member_id, o.status, o.base_price, o.discount, o.total, o.manual_discount,
	o.pay_type, o.pay_key, o.signature, o.override_reason, o.created, o.changed, o.paid,
	` + db.StaffName("su") + ` AS staff, ` + db.StaffName("pu") + ` AS paid_by,
	m.number, m.nombre, m.surname, m.dni
	FROM orders o JOIN members m ON m.id = o.member_id
	LEFT JOIN users su ON su.id = o.staff_user_id LEFT JOIN users pu ON pu.id = o.paid_by_user_id`

const lineCols = `id, order_id, product_id, fee_type_id, title, code, category, product_type, unit_price, quantity,
	real_quantity, grams, base_price, discount, total, refund_quantity, refund_real, refund_grams, refund_amount`

// Get returns one order of the club with its lines.
func (s *Service) Get(ctx context.Context, clubID, oid int64) (*Order, error) {
	return s.get(ctx, s.db.R, clubID, oid)
}

func (s *Service) get(ctx context.Context, q db.Q, clubID, oid int64) (*Order, error) {
	var rows []orderRow
	if err := db.Select(ctx, q, &rows, orderSelect+` WHERE o.id = ? AND o.club_id = ?`, oid, clubID); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrOrderNotFound
	}
	out, err := s.expand(ctx, q, rows)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// expand adds the lines to order rows and shapes them for the API.
func (s *Service) expand(ctx context.Context, q db.Q, rows []orderRow) ([]Order, error) {
	out := make([]Order, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]any, len(rows))
	index := map[int64]int{}
	for i, r := range rows {
		ids[i] = r.ID
		index[r.ID] = i
		out[i] = Order{OrderID: r.ID, OID: r.ID, Asocid: r.ClubID, MembershipID: r.MemberID, Created: r.Created, Changed: r.Changed,
			Paid: r.Paid, Status: r.Status, BasePrice: amount.Cents(r.BasePrice), Discount: amount.Cents(r.Discount),
			Total: amount.Cents(r.Total), ManualDiscount: amount.Cents(r.ManualDiscount), Coupons: []OrderCoupon{}, PayType: r.PayType,
			OverrideReason: r.OverrideReason, Staff: r.Staff.String, PaidBy: r.PaidBy.String,
			Card: MemberCard{Number: r.Number, Nombre: r.Nombre, Surname: r.Surname, DNI: r.DNI}, Products: []Line{}, Refunds: []Refund{}}
		if r.Signature != "" {
			out[i].Signature = files.URL(r.Signature)
		}
	}
	var lines []lineRow
	if err := db.Select(ctx, q, &lines, `SELECT `+lineCols+` FROM order_lines WHERE order_id IN (?`+
		repeat(len(ids))+`) ORDER BY order_id, position`, ids...); err != nil {
		return nil, err
	}
	for _, l := range lines {
		o := &out[index[l.OrderID]]
		o.Products = append(o.Products, l.api())
		o.Refunded += amount.Cents(l.RefundAmount)
	}
	var refunds []Refund
	if err := db.Select(ctx, q, &refunds, `SELECT r.id, r.order_id, r.created, r.amount, r.pay_type, r.reason, `+db.StaffName("u")+` AS staff
		FROM order_refunds r LEFT JOIN users u ON u.id = r.staff_user_id WHERE r.order_id IN (?`+repeat(len(ids))+`) ORDER BY r.order_id, r.id`, ids...); err != nil {
		return nil, err
	}
	for _, r := range refunds {
		r.By = r.Staff.String
		o := &out[index[r.OrderID]]
		o.Refunds = append(o.Refunds, r)
	}
	coupons, err := orderCoupons(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	for _, c := range coupons {
		o := &out[index[c.OrderID]]
		o.Coupons = append(o.Coupons, c)
	}
	return out, nil
}

func (l lineRow) api() Line {
	return Line{ID: l.ID, Product: LineProduct{PID: l.ProductID.Int64, Code: l.Code, Title: l.Title, Category: l.Category, Type: l.ProductType},
		FeeID: l.FeeTypeID.Int64, UnitPrice: amount.Cents(l.UnitPrice), Quantity: amount.Milli(l.Quantity),
		RealQuantity: amount.Milli(l.RealQuantity), Grams: amount.Milli(l.Grams), TotalBasePrice: amount.Cents(l.BasePrice),
		TotalDiscount: amount.Cents(l.Discount), Total: amount.Cents(l.Total), RefundQuantity: amount.Milli(l.RefundQuantity),
		Amount: amount.Cents(l.RefundAmount)}
}

// Filter narrows the order list (GET /api/order/).
type Filter struct {
	Start, End int64 // unix seconds; 0 = open. Completed orders by payment time, open ones by creation.
	MemberID   int64
	Status     string
	Limit      int
	Page       int
}

// List returns a page of the club's orders, newest first, and the total.
func (s *Service) List(ctx context.Context, clubID int64, f Filter) ([]Order, int, error) {
	where := ` WHERE o.club_id = ?`
	args := []any{clubID}
	if f.Status != "" {
		where += ` AND o.status = ?`
		args = append(args, f.Status)
	}
	if f.MemberID != 0 {
		where += ` AND o.member_id = ?`
		args = append(args, f.MemberID)
	}
	at := `(CASE WHEN o.paid > 0 THEN o.paid ELSE o.created END)`
	if f.Status == StatusCompleted {
		at = `o.paid` // a completed order always has paid > 0: the range then reads the orders_paid index
	}
	if f.Start != 0 {
		where += ` AND ` + at + ` >= ?`
		args = append(args, f.Start)
	}
	if f.End != 0 {
		where += ` AND ` + at + ` <= ?`
		args = append(args, f.End)
	}
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM orders o`+where, args...); err != nil {
		return nil, 0, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	var rows []orderRow
	if err := s.db.Select(ctx, &rows, orderSelect+where+` ORDER BY o.id DESC LIMIT ? OFFSET ?`,
		append(args, limit, max(f.Page, 0)*limit)...); err != nil {
		return nil, 0, err
	}
	out, err := s.expand(ctx, s.db.R, rows)
	return out, total, err
}

// OpenCount is how many orders of the club are in process (carts), over
// the orders_club index: the "open orders" figure of the today screen.
func (s *Service) OpenCount(ctx context.Context, clubID int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM orders o WHERE o.club_id = ? AND o.status = ?`, clubID, StatusCart)
	return n, err
}

// member is what the counter needs of a member.
type memberRow struct {
	ID       int64  `db:"id"`
	Status   int    `db:"status"`
	Deleted  int    `db:"deleted"`
	Wallet   int64  `db:"wallet"`
	Negative int    `db:"monedero_negativo"`
	Forecast int64  `db:"consum_forecast"`
	EndDate  int64  `db:"end_date"`
	Percent  int    `db:"descuento"`
	Timezone string `db:"timezone"`
	// Type (ludico or terapeutico) and category: what a coupon may be limited to.
	Type       string        `db:"type"`
	CategoryID sql.NullInt64 `db:"category_id"`
}

// Recipient is the member of one of the club's orders and that member's user
// (nil when the member has no account): who a notice about the order goes to.
func (s *Service) Recipient(ctx context.Context, clubID, oid int64) (memberID int64, userID *int64, err error) {
	var rows []struct {
		MemberID int64  `db:"member_id"`
		UserID   *int64 `db:"user_id"`
	}
	if err := s.db.Select(ctx, &rows, `SELECT o.member_id, m.user_id FROM orders o JOIN members m ON m.id = o.member_id
		WHERE o.id = ? AND o.club_id = ? AND m.club_id = ?`, oid, clubID, clubID); err != nil {
		return 0, nil, err
	}
	if len(rows) == 0 {
		return 0, nil, ErrOrderNotFound
	}
	return rows[0].MemberID, rows[0].UserID, nil
}

func (s *Service) member(ctx context.Context, q db.Q, clubID, id int64) (*memberRow, error) {
	var rows []memberRow
	if err := db.Select(ctx, q, &rows, `SELECT m.id, m.status, m.deleted, m.wallet, m.monedero_negativo, m.consum_forecast, m.end_date,
		COALESCE(c.descuento, 0) AS descuento, cl.timezone, m.type, m.category_id
		FROM members m JOIN clubs cl ON cl.id = m.club_id
		LEFT JOIN club_categories c ON c.id = m.category_id AND c.club_id = m.club_id
		WHERE m.id = ? AND m.club_id = ?`, id, clubID); err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0].Deleted == 1 {
		return nil, ErrMemberNotFound
	}
	return &rows[0], nil
}

// productRow is a product as priced at the counter.
type productRow struct {
	ID           int64  `db:"id"`
	Title        string `db:"title"`
	Code         string `db:"code"`
	Category     string `db:"category"`
	CategoryID   int64  `db:"category_id"`
	Type         string `db:"type"`
	Price        int64  `db:"price"`
	Cost         int64  `db:"cost"`
	Stock        int64  `db:"stock"`
	Unlimited    int    `db:"unlimited_stock"`
	Discount     int    `db:"discount"`
	UnitWeight   int64  `db:"unit_weight"`
	Discrepancy  int64  `db:"-"`
	Discountable bool   `db:"-"`
}

// grams is what a quantity of the product weighs for the monthly
// consumption: the real weight of a weight product, units × unit weight
// otherwise (0 when the product has no unit weight: drinks, merchandise).
func (p productRow) grams(quantity, real int64) (int64, error) {
	if p.Type == "peso" {
		return real, nil
	}
	g, err := amount.MulDiv(quantity, p.UnitWeight, 1000)
	if err != nil || g < 0 || amount.Milli(g).Check() != nil {
		// a wrapped weight once counted −709,551 g against the month
		return 0, errGramsTooLarge
	}
	return g, nil
}

// resolved is a line ready to price and store.
type resolved struct {
	in      LineInput
	product *productRow
	fee     *FeeType
	real    int64
	grams   int64 // what the line counts towards the member's month
}

// resolve looks every line's product or fee up inside the club and applies
// the quantity, stock and real-weight rules of part 1 §5.
func (s *Service) resolve(ctx context.Context, q db.Q, clubID int64, in []LineInput) ([]resolved, error) {
	discrepancy, err := s.discrepancy(ctx, q, clubID)
	if err != nil {
		return nil, err
	}
	var out []resolved
	seen := map[string]int{}
	for i, l := range in {
		field := fmt.Sprintf("products[%d]", i)
		if l.Quantity.Check() != nil || (l.RealQuantity != nil && l.RealQuantity.Check() != nil) {
			return nil, problem.Invalidf("stock.too_large", field+".quantity", "%s", amount.ErrQuantityTooLarge.Error())
		}
		if l.Quantity < 0 || (l.RealQuantity != nil && *l.RealQuantity < 0) {
			return nil, errQuantity.At(field + ".quantity")
		}
		if l.Quantity == 0 { // spec: removing a product sets its quantity to 0 and saves
			continue
		}
		key := fmt.Sprintf("p%d", l.PID)
		if l.FeeID != 0 {
			key = fmt.Sprintf("f%d", l.FeeID)
		}
		if j, ok := seen[key]; ok { // the same product twice is one line
			out[j].in.Quantity += l.Quantity
			out[j].real += realOf(l)
			if out[j].in.Quantity.Check() != nil || amount.Milli(out[j].real).Check() != nil {
				return nil, problem.Invalidf("stock.too_large", field+".quantity", "%s", amount.ErrQuantityTooLarge.Error())
			}
			continue
		}
		r := resolved{in: l, real: realOf(l)}
		if l.FeeID != 0 {
			f, err := s.fee(ctx, q, clubID, l.FeeID)
			if err != nil {
				return nil, err
			}
			if !f.Status { // a fee type switched off is no longer sold
				return nil, errFeeInactive.With("fee", f.Title)
			}
			r.fee = f
			r.in.Quantity, r.real = 1000, 0 // a fee is paid once per line
		} else {
			var ps []productRow
			if err := db.Select(ctx, q, &ps, `SELECT p.id, p.title, p.code, COALESCE(c.title, '') AS category, COALESCE(p.category_id, 0) AS category_id, p.type, p.price, p.stock,
				p.unlimited_stock, p.discount, p.unit_weight, p.cost FROM products p LEFT JOIN club_categories c ON c.id = p.category_id
				WHERE p.id = ? AND p.club_id = ? AND p.kind = 'pro' AND p.deleted = 0`, l.PID, clubID); err != nil {
				return nil, err
			}
			if len(ps) == 0 {
				return nil, ErrProduct
			}
			r.product = &ps[0]
		}
		seen[key] = len(out)
		out = append(out, r)
	}
	if len(out) > MaxLines {
		return nil, errTooManyLines
	}
	for i, r := range out {
		p := r.product
		if p == nil {
			continue
		}
		field := fmt.Sprintf("products[%d]", i)
		if p.Type != "peso" {
			// only a weighed product has a real weight: a unit product's stock and
			// grams follow the units charged (0.001 units charged with a real
			// quantity of 100 took 100 out of the stock)
			out[i].real, r.real = int64(r.in.Quantity), int64(r.in.Quantity)
		}
		if p.Unlimited == 0 && r.real > p.Stock {
			return nil, problem.Invalidf("order.stock_insufficient", field+".quantity", "No hay stock suficiente de %s", p.Title).With("product", p.Title)
		}
		// spec: the real weight must not exceed the quantity by more than the
		// club's percent; nor fall short of it by more, or 100 g charged with a
		// real weight of 0.001 g would count 0.001 g against the month and the stock
		if p.Type == "peso" {
			pct := amount.Format(discrepancy, 2)
			q := int64(r.in.Quantity)
			switch {
			case r.real*10000 > q*(10000+discrepancy):
				return nil, problem.Invalidf("order.real_weight_exceeded", field+".real_quantity", "El peso real no debe exceder en %s%%", pct).
					With("percent", pct)
			case r.real*10000 < q*(10000-discrepancy):
				return nil, problem.Invalidf("order.real_weight_short", field+".real_quantity", "El peso real no puede ser inferior a la cantidad en más de un %s%%", pct).
					With("percent", pct)
			}
		}
		if out[i].grams, err = p.grams(int64(r.in.Quantity), r.real); err != nil {
			return nil, err.(*problem.Invalid).At(field + ".quantity")
		}
	}
	return out, nil
}

func realOf(l LineInput) int64 {
	if l.RealQuantity != nil && *l.RealQuantity > 0 {
		return int64(*l.RealQuantity)
	}
	return int64(l.Quantity)
}

// discrepancy is the club's weight-discrepancy percent in hundredths
// (stored as "7.5" for 7.5 %; 0 when not set), at most 100 %.
func (s *Service) discrepancy(ctx context.Context, q db.Q, clubID int64) (int64, error) {
	var titles []string
	if err := db.Select(ctx, q, &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'weight_discrepancy' ORDER BY id LIMIT 1`, clubID); err != nil {
		return 0, err
	}
	if len(titles) > 0 {
		if v, err := amount.Parse(titles[0], 2); err == nil && v > 0 {
			return min(v, 10000), nil
		}
	}
	return 0, nil
}

// priceLines prices resolved lines for a member category percent, coupons and a manual discount.
func priceLines(rs []resolved, percent int, coupons []CouponPrice, manual int64) (Priced, error) {
	pl := make([]PriceLine, len(rs))
	for i, r := range rs {
		if r.fee != nil {
			pl[i] = PriceLine{UnitPrice: int64(r.fee.Price), Quantity: 1000}
			continue
		}
		pl[i] = PriceLine{UnitPrice: r.product.Price, Quantity: int64(r.in.Quantity), Discountable: r.product.Discount == 1}
	}
	priced, err := Price(pl, percent, coupons, manual)
	if err != nil {
		return Priced{}, err
	}
	return priced, checkCost(rs)
}

// checkCost refuses a line whose cost (what the club paid for the grams or
// units sold) passes the line bound: the sales report multiplies cost by
// quantity, and that product must stay within int64 like the price's.
func checkCost(rs []resolved) error {
	for i, r := range rs {
		if r.product == nil {
			continue
		}
		c, err := amount.MulDiv(max(r.product.Cost, 0), int64(r.in.Quantity), 1000)
		if err != nil || c > MaxLineCents {
			return errLineCostTooLarge.At(fmt.Sprintf("products[%d]", i))
		}
	}
	return nil
}

// Save stores the whole cart of a member: its lines (quantity 0 removes a
// line), priced by the server, the manual discount and the coupons. With no
// lines left the order is cancelled (deleted) and nil is returned.
func (s *Service) Save(ctx context.Context, clubID int64, actor Actor, in SaveInput) (*Order, error) {
	if in.ManualDiscount != nil {
		if err := checkMoney(*in.ManualDiscount, "manual_discount_order"); err != nil {
			return nil, err
		}
		if *in.ManualDiscount < 0 {
			return nil, errDiscountNegative
		}
	}
	var oid int64
	var removed []RemovedCoupon
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		o, err := s.lockOrder(ctx, tx, clubID, in.OID, in.MemberID)
		if err != nil {
			return err
		}
		fresh := map[int64]bool{}
		if in.Coupons != nil && o.ID != 0 {
			on, err := orderCouponIDs(ctx, tx, o.ID)
			if err != nil {
				return err
			}
			for _, id := range *in.Coupons {
				fresh[id] = !slices.Contains(on, id)
			}
		} else if in.Coupons != nil {
			for _, id := range *in.Coupons {
				fresh[id] = true
			}
		}
		oid, removed, err = s.saveTx(ctx, tx, clubID, actor, o, in, fresh)
		return err
	})
	if err != nil || oid == 0 {
		return nil, err
	}
	o, err := s.Get(ctx, clubID, oid)
	if o != nil {
		o.RemovedCoupons = removed
	}
	return o, err
}

// lockOrder takes the order a write is about (an update that changes
// nothing still takes the row's lock on PostgreSQL, and SQLite's writer
// holds the whole database), so a save, a cancel, a coupon and a pay of one
// order run one after the other; each then reads the order as the one before
// it left it. A paid order refuses the write.
func (s *Service) lockOrder(ctx context.Context, tx *sqlx.Tx, clubID, oid, memberID int64) (*orderRow, error) {
	return s.findOrder(ctx, tx, clubID, oid, memberID, true)
}

// saveTx is a save inside its transaction: the order's lines, coupons (fresh
// ones must apply; the others are taken off when they no longer do) and
// manual discount, checked and priced. It returns the order's id, 0 when the
// order was cancelled.
func (s *Service) saveTx(ctx context.Context, tx *sqlx.Tx, clubID int64, actor Actor, o *orderRow, in SaveInput, fresh map[int64]bool) (int64, []RemovedCoupon, error) {
	now := s.now().Unix()
	m, err := s.member(ctx, tx, clubID, o.MemberID)
	if err != nil {
		return 0, nil, err
	}
	if m.Status != 1 {
		return 0, nil, errMemberInactive
	}
	rs, err := s.resolve(ctx, tx, clubID, in.Lines)
	if err != nil {
		return 0, nil, err
	}
	manual := o.ManualDiscount
	if in.ManualDiscount != nil {
		manual = int64(*in.ManualDiscount)
	}
	priced, err := priceLines(rs, m.Percent, nil, 0)
	if err != nil {
		return 0, nil, err
	}
	// spec: a manual discount up to what the order costs (after the member
	// category's discount): more would be silently cut
	if manual > priced.Total {
		return 0, nil, errDiscountTooLarge
	}
	if len(rs) == 0 {
		if o.ID != 0 {
			return 0, nil, deleteCart(ctx, tx, o.ID)
		}
		return 0, nil, nil
	}
	var ids []int64
	if in.Coupons != nil {
		ids = uniq(*in.Coupons)
	} else if o.ID != 0 {
		if ids, err = orderCouponIDs(ctx, tx, o.ID); err != nil {
			return 0, nil, err
		}
	}
	kept, removed, err := s.checkCoupons(ctx, tx, clubID, m, rs, couponCheck{ids: ids, fresh: fresh, manual: manual})
	if err != nil {
		return 0, nil, err
	}
	if manual > 0 && slices.ContainsFunc(rs, func(r resolved) bool { return r.fee != nil }) {
		return 0, nil, errFeeDiscounted
	}
	if priced, err = priceLines(rs, m.Percent, couponPrices(kept, rs), manual); err != nil {
		return 0, nil, err
	}
	if o.ID == 0 {
		o.ID, err = db.Insert(ctx, tx, `INSERT INTO orders (club_id, member_id, status, staff_user_id, created, changed) VALUES (?,?,?,?,?,?)`,
			clubID, o.MemberID, StatusCart, actor.UserID, now, now)
		if db.IsUnique(err) {
			return 0, nil, problem.Invalidf("order.open_exists", "membership_id", "Este socio ya tiene un pedido abierto")
		}
		if err != nil {
			return 0, nil, err
		}
	}
	if err := writeLines(ctx, tx, o.ID, rs, priced); err != nil {
		return 0, nil, err
	}
	if err := writeCoupons(ctx, tx, o.ID, kept, priced.Coupons); err != nil {
		return 0, nil, err
	}
	res, err := db.Exec(ctx, tx, `UPDATE orders SET base_price = ?, discount = ?, total = ?, manual_discount = ?, changed = ?
		WHERE id = ? AND status = ?`, priced.Base, priced.Discount, priced.Total, manual, now, o.ID, StatusCart)
	if err == nil {
		err = mustChangeCart(res)
	}
	return o.ID, removed, err
}

// deleteCart cancels an order in process (spec: cancelling deletes it); a
// paid order is never deleted.
func deleteCart(ctx context.Context, tx *sqlx.Tx, oid int64) error {
	res, err := db.Exec(ctx, tx, `DELETE FROM orders WHERE id = ? AND status = ?`, oid, StatusCart)
	if err != nil {
		return err
	}
	return mustChangeCart(res)
}

// DropMemberCart deletes a member's order in process inside the caller's
// transaction: a deleted member keeps no cart (wired to member.Service.OnDelete).
func DropMemberCart(ctx context.Context, tx *sqlx.Tx, memberID int64) error {
	_, err := db.Exec(ctx, tx, `DELETE FROM orders WHERE member_id = ? AND status = ?`, memberID, StatusCart)
	return err
}

// mustChangeCart refuses a write to an order that changed no row: the order
// is no longer in process. Under the order's lock this cannot happen; it is
// the second wall behind lockOrder.
func mustChangeCart(res sql.Result) error {
	n, err := res.RowsAffected()
	if err == nil && n != 1 {
		return errNotCart
	}
	return err
}

// uniq is ids without repeats, in their first order.
func uniq(ids []int64) []int64 {
	out := []int64{}
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// repeat is the ",?" of an IN list of n values after its first "?".
func repeat(n int) string { return strings.Repeat(",?", n-1) }

// writeLines replaces the lines of an order in process with priced ones.
func writeLines(ctx context.Context, tx *sqlx.Tx, oid int64, rs []resolved, priced Priced) error {
	if _, err := db.Exec(ctx, tx, `DELETE FROM order_lines WHERE order_id IN (SELECT id FROM orders WHERE id = ? AND status = ?)`,
		oid, StatusCart); err != nil {
		return err
	}
	for i, r := range rs {
		pl := priced.Lines[i]
		var pid, fid any
		var title, code, category, typ string
		var unit, cost, grams int64
		if r.fee != nil {
			fid, title, code, typ, unit = r.fee.PID, r.fee.Title, r.fee.Code, "fee", int64(r.fee.Price)
		} else {
			p := r.product
			pid, title, code, category, typ, unit, cost = p.ID, p.Title, p.Code, p.Category, p.Type, p.Price, p.Cost
			grams = r.grams
		}
		if _, err := db.Exec(ctx, tx, `INSERT INTO order_lines (order_id, position, product_id, fee_type_id, title, code, category,
			product_type, unit_price, unit_cost, quantity, real_quantity, grams, base_price, discount, total) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			oid, i, pid, fid, title, code, category, typ, unit, cost, int64(r.in.Quantity), r.real, grams, pl.Base, pl.Discount, pl.Total); err != nil {
			return err
		}
	}
	return nil
}

// openOrder finds the order a read is about: by oid (in the club, in
// process, of that member) or the member's open order; ID 0 = none yet.
// Writes use lockOrder.
func (s *Service) openOrder(ctx context.Context, q db.Q, clubID, oid, memberID int64) (*orderRow, error) {
	return s.findOrder(ctx, q, clubID, oid, memberID, false)
}

func (s *Service) findOrder(ctx context.Context, q db.Q, clubID, oid, memberID int64, lock bool) (*orderRow, error) {
	var rows []orderRow
	var err error
	const cols = `id, club_id, member_id, status, manual_discount, pay_key`
	read, returning := `SELECT `+cols+` FROM orders WHERE `, ""
	if lock {
		read, returning = `UPDATE orders SET changed = changed WHERE `, ` RETURNING `+cols
	}
	switch {
	case oid != 0:
		err = db.Select(ctx, q, &rows, read+`id = ? AND club_id = ?`+returning, oid, clubID)
		if err == nil && len(rows) == 0 {
			return nil, ErrOrderNotFound
		}
	case memberID != 0:
		err = db.Select(ctx, q, &rows, read+`member_id = ? AND club_id = ? AND status = ?`+returning, memberID, clubID, StatusCart)
		if err == nil && len(rows) == 0 {
			return &orderRow{MemberID: memberID}, nil
		}
	default:
		return nil, errMemberRequired
	}
	if err != nil {
		return nil, err
	}
	o := &rows[0]
	if memberID != 0 && o.MemberID != memberID {
		return nil, errOtherMember
	}
	if o.Status != StatusCart {
		return nil, errNotCart
	}
	return o, nil
}

// Delete cancels an order in process (spec: cancelling deletes the order).
func (s *Service) Delete(ctx context.Context, clubID, oid int64) error {
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := s.lockOrder(ctx, tx, clubID, oid, 0); err != nil {
			return err
		}
		return deleteCart(ctx, tx, oid)
	})
}
