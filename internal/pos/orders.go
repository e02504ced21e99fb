package pos

import (
	"context"
	"database/sql"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/files"
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

// Get returns one order of the club with its lines.
func (s *Service) Get(ctx context.Context, clubID, oid int64) (*Order, error) {
	return s.get(ctx, s.db.R, clubID, oid)
}

func (s *Service) get(ctx context.Context, q db.Q, clubID, oid int64) (*Order, error) {
	rows, err := orderByID(ctx, q, clubID, oid)
	if err != nil {
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
	lines, err := linesOfOrders(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		o := &out[index[l.OrderID]]
		o.Products = append(o.Products, l.api())
		o.Refunded += amount.Cents(l.RefundAmount)
	}
	refunds, err := refundsOfOrders(ctx, q, ids)
	if err != nil {
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
	where, args := orderFilter(clubID, f)
	total, err := countOrders(ctx, s.db.R, where, args)
	if err != nil {
		return nil, 0, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = DefaultPageSize
	}
	limit = min(limit, MaxPageSize)
	rows, err := orderPage(ctx, s.db.R, where, args, limit, max(f.Page, 0)*limit)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.expand(ctx, s.db.R, rows)
	return out, total, err
}

// OpenCount is how many orders of the club are in process (carts), over
// the orders_club index: the "open orders" figure of the today screen.
func (s *Service) OpenCount(ctx context.Context, clubID int64) (int, error) {
	return openOrderCount(ctx, s.db.R, clubID)
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
	// Birthdate (Unix seconds, 0: not known) and Created (the admission) for the club's rules.
	Birthdate int64 `db:"birthdate"`
	Created   int64 `db:"created"`
}

// Recipient is the member of one of the club's orders and that member's user
// (nil when the member has no account): who a notice about the order goes to.
func (s *Service) Recipient(ctx context.Context, clubID, oid int64) (memberID int64, userID *int64, err error) {
	rows, err := orderRecipient(ctx, s.db.R, clubID, oid)
	if err != nil {
		return 0, nil, err
	}
	if len(rows) == 0 {
		return 0, nil, ErrOrderNotFound
	}
	return rows[0].MemberID, rows[0].UserID, nil
}

func (s *Service) member(ctx context.Context, q db.Q, clubID, id int64) (*memberRow, error) {
	rows, err := counterMember(ctx, q, clubID, id)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0].Deleted == 1 {
		return nil, ErrMemberNotFound
	}
	return &rows[0], nil
}
