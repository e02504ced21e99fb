package pos

import (
	"context"
	"database/sql"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/problem"
)

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
		o.ID, err = insertCart(ctx, tx, clubID, o.MemberID, actor.UserID, now)
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
	err = priceCart(ctx, tx, o.ID, priced, manual, now)
	return o.ID, removed, err
}

// DropMemberCart deletes a member's order in process inside the caller's
// transaction: a deleted member keeps no cart (wired to member.Service.OnDelete).
func DropMemberCart(ctx context.Context, tx *sqlx.Tx, memberID int64) error {
	return deleteMemberCart(ctx, tx, memberID)
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
	if err := deleteCartLines(ctx, tx, oid); err != nil {
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
		if err := insertLine(ctx, tx, oid, lineValues{Position: i, ProductID: pid, FeeTypeID: fid, Title: title, Code: code, Category: category,
			Type: typ, Unit: unit, Cost: cost, Quantity: int64(r.in.Quantity), Real: r.real, Grams: grams, Priced: pl}); err != nil {
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
	switch {
	case oid != 0:
		rows, err = orderOfClub(ctx, q, clubID, oid, lock)
		if err == nil && len(rows) == 0 {
			return nil, ErrOrderNotFound
		}
	case memberID != 0:
		rows, err = memberCart(ctx, q, clubID, memberID, lock)
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
