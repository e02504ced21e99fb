package pos

import (
	"context"
	"errors"
	"slices"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/coupon"
	"socius/internal/db"
	"socius/internal/problem"
)

// OrderCoupon is a coupon on an order (spec: discount_coupon_order {id, title,
// discount, type}); amount is what it took off this order.
type OrderCoupon struct {
	ID       int64        `json:"id" db:"coupon_id"`
	Code     string       `json:"code" db:"code"`
	Title    string       `json:"title" db:"title"`
	Discount amount.Cents `json:"discount" db:"discount" doc:"The coupon's discount: euros (type 0) or percent"`
	Type     int          `json:"type" db:"type" doc:"0 euros, otherwise percent"`
	Amount   amount.Cents `json:"amount" db:"amount" doc:"Euros this coupon took off the order"`
	OrderID  int64        `json:"-" db:"order_id"`
}

// RemovedCoupon is a coupon a save took off an order because it no longer
// applies (the lines changed, it was deactivated or deleted), with the reason.
type RemovedCoupon struct {
	ID      int64             `json:"id"`
	Code    string            `json:"code"`
	Reason  string            `json:"message"`
	ErrCode string            `json:"code_reason" doc:"The reason's stable code (coupon.*)"`
	Params  map[string]string `json:"params,omitempty"`
}

var (
	errCouponManual   = problem.Invalidf("coupon.manual_discount", "code", "No se puede aplicar un descuento por cupón a un pedido que ya tiene aplicado un descuento manual")
	errManualCoupon   = problem.Invalidf("order.manual_with_coupon", "manual_discount_order", "No se puede aplicar un descuento manual a un pedido que ya tiene aplicado un descuento por cupón")
	errCouponFee      = problem.Invalidf("coupon.fee_line", "code", "No se puede aplicar un cupón a un pedido con un pago de cuota")
	errCouponRequired = problem.Invalidf("coupon.required", "code", "Escribe o escanea el código de un cupón")
	errCouponsTooMany = problem.Invalidf("coupon.too_many", "coupon_id", "Un pedido no puede tener más de 20 cupones")
)

// MaxCoupons is how many coupons one order may carry.
const MaxCoupons = 20

// couponCheck is what checking an order's coupons needs.
type couponCheck struct {
	ids    []int64        // the coupons the order is to carry, in order
	fresh  map[int64]bool // the ones being added now: a refusal is returned
	strict bool           // payment: any refusal is returned
	manual int64
}

// checkCoupons checks an order's coupons against its lines and member. A
// coupon being added, or any coupon at payment, that fails a rule refuses
// the call with that rule's message; a coupon already on the order that no
// longer applies is taken off and reported.
func (s *Service) checkCoupons(ctx context.Context, q db.Q, clubID int64, m *memberRow, rs []resolved, cc couponCheck) ([]*coupon.Coupon, []RemovedCoupon, error) {
	if len(cc.ids) == 0 {
		return nil, nil, nil
	}
	if len(cc.ids) > MaxCoupons {
		return nil, nil, errCouponsTooMany
	}
	loaded, err := coupon.Load(ctx, q, clubID, cc.ids)
	if err != nil {
		return nil, nil, err
	}
	uses, err := coupon.MemberUses(ctx, q, m.ID, cc.ids)
	if err != nil {
		return nil, nil, err
	}
	priced, err := priceLines(rs, m.Percent, nil, 0)
	if err != nil {
		return nil, nil, err
	}
	base := priced.Base
	facts := coupon.Facts{Now: s.now().Unix(), Timezone: m.Timezone, MemberType: m.Type, MemberCategory: m.CategoryID.Int64,
		Base: base, Lines: lineFacts(rs)}
	var kept []*coupon.Coupon
	var removed []RemovedCoupon
	for _, id := range cc.ids {
		c := loaded[id]
		if c == nil {
			if cc.fresh[id] || cc.strict {
				return nil, nil, coupon.ErrNotFound
			}
			continue
		}
		facts.MemberUses = uses[id]
		if err := c.Check(facts); err != nil {
			var inv *problem.Invalid
			if cc.fresh[id] || cc.strict || !errors.As(err, &inv) {
				return nil, nil, err
			}
			removed = append(removed, RemovedCoupon{ID: id, Code: c.Code, Reason: inv.Message, ErrCode: inv.Code, Params: inv.Params})
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) > 1 {
		for _, c := range kept {
			if !c.Cumulative {
				return nil, nil, problem.Invalidf("coupon.not_cumulative", "coupon_id", "El cupón %s no se puede combinar con otros cupones", c.Code).
					With("coupon", c.Code)
			}
		}
	}
	if len(kept) > 0 {
		adding := len(cc.fresh) > 0
		if cc.manual > 0 {
			if adding {
				return nil, nil, errCouponManual
			}
			return nil, nil, errManualCoupon
		}
		if slices.ContainsFunc(rs, func(r resolved) bool { return r.fee != nil }) {
			if adding {
				return nil, nil, errCouponFee
			}
			return nil, nil, errFeeDiscounted
		}
	}
	return kept, removed, nil
}

func lineFacts(rs []resolved) []coupon.LineFacts {
	out := make([]coupon.LineFacts, len(rs))
	for i, r := range rs {
		if r.product != nil {
			out[i] = coupon.LineFacts{ProductID: r.product.ID, CategoryID: r.product.CategoryID, Discountable: r.product.Discount == 1}
		}
	}
	return out
}

// couponPrices turns checked coupons into what pricing takes.
func couponPrices(kept []*coupon.Coupon, rs []resolved) []CouponPrice {
	out := make([]CouponPrice, len(kept))
	lines := lineFacts(rs)
	for i, c := range kept {
		out[i] = CouponPrice{Percent: c.Type == coupon.TypePercent, Value: int64(c.Discount), Applies: c.Applies(lines)}
	}
	return out
}

// writeCoupons replaces an order's coupons with the kept ones and what each took off.
func writeCoupons(ctx context.Context, tx *sqlx.Tx, oid int64, kept []*coupon.Coupon, amounts []int64) error {
	if err := deleteCartCoupons(ctx, tx, oid); err != nil {
		return err
	}
	for i, c := range kept {
		if err := insertOrderCoupon(ctx, tx, oid, c.ID, i, amounts[i]); err != nil {
			return err
		}
	}
	return nil
}

// ApplyInput is POST …_coupon/apply_coupon: a code typed or scanned, or
// coupons picked by id, for an order in process.
type ApplyInput struct {
	OID, MemberID int64
	Code          string
	IDs           []int64
}

// ApplyCoupons adds coupons to an order in process and prices it again, in
// one transaction. Each coupon must pass every rule now; it is counted as
// used only when the order is paid.
func (s *Service) ApplyCoupons(ctx context.Context, clubID int64, actor Actor, in ApplyInput) (*Order, error) {
	var oid int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if in.OID == 0 && in.MemberID == 0 {
			return errMemberRequired
		}
		o, err := s.lockOrder(ctx, tx, clubID, in.OID, in.MemberID)
		if err != nil {
			return err
		}
		if o.ID == 0 {
			return ErrOrderNotFound
		}
		add := slices.Clone(in.IDs)
		if in.Code != "" {
			c, err := coupon.ByCode(ctx, tx, clubID, in.Code)
			if err != nil {
				return err
			}
			add = append(add, c.ID)
		}
		if len(add) == 0 {
			return errCouponRequired
		}
		ids, err := orderCouponIDs(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		fresh := map[int64]bool{}
		for _, id := range add {
			if slices.Contains(ids, id) || fresh[id] {
				cs, err := coupon.Load(ctx, tx, clubID, []int64{id})
				if err != nil || cs[id] == nil {
					return coupon.ErrNotFound
				}
				return problem.Invalidf("coupon.already_applied", "code", "El cupón %s ya está aplicado a este pedido", cs[id].Code).With("coupon", cs[id].Code)
			}
			fresh[id] = true
			ids = append(ids, id)
		}
		lines, err := storedLines(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		oid, _, err = s.saveTx(ctx, tx, clubID, actor, o, SaveInput{Lines: lines, Coupons: &ids}, fresh)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, clubID, oid)
}

// Applicable returns the club's active coupons that could be added to an
// order in process now (the counter's coupon picker).
func (s *Service) Applicable(ctx context.Context, clubID, oid int64, list []coupon.Coupon) ([]coupon.Coupon, error) {
	o, err := s.openOrder(ctx, s.db.R, clubID, oid, 0)
	if err != nil {
		return nil, err
	}
	m, err := s.member(ctx, s.db.R, clubID, o.MemberID)
	if err != nil {
		return nil, err
	}
	lines, err := storedLines(ctx, s.db.R, o.ID)
	if err != nil {
		return nil, err
	}
	rs, err := s.resolve(ctx, s.db.R, clubID, lines)
	if err != nil {
		return nil, err
	}
	on, err := orderCouponIDs(ctx, s.db.R, o.ID)
	if err != nil {
		return nil, err
	}
	out := []coupon.Coupon{}
	for _, c := range list {
		if slices.Contains(on, c.ID) || c.Status != 1 {
			continue
		}
		ids := append(slices.Clone(on), c.ID)
		if _, _, err := s.checkCoupons(ctx, s.db.R, clubID, m, rs, couponCheck{ids: ids, fresh: map[int64]bool{c.ID: true}, manual: o.ManualDiscount}); err == nil {
			out = append(out, c)
		}
	}
	return out, nil
}

// storedLines are an order's lines as a save would send them.
func storedLines(ctx context.Context, q db.Q, oid int64) ([]LineInput, error) {
	stored, err := cartLines(ctx, q, oid)
	if err != nil {
		return nil, err
	}
	out := make([]LineInput, len(stored))
	for i, l := range stored {
		real := amount.Milli(l.RealQuantity)
		out[i] = LineInput{PID: l.ProductID.Int64, FeeID: l.FeeTypeID.Int64, Quantity: amount.Milli(l.Quantity), RealQuantity: &real}
	}
	return out, nil
}
