package coupon

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/problem"
)

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

// List returns the club's coupons, newest first.
func (s *Service) List(ctx context.Context, clubID int64) ([]Coupon, error) {
	out, err := listCoupons(ctx, s.db.R, clubID)
	if err != nil {
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
	rows, err := couponsByID(ctx, q, clubID, ids)
	if err != nil {
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
	ids, err := couponIDsByCode(ctx, q, clubID, Key(code))
	if err != nil {
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
	cats, err := scopeCategories(ctx, q, ids)
	if err != nil {
		return err
	}
	for _, r := range cats {
		at[r.Coupon].ProductCategories = append(at[r.Coupon].ProductCategories, r.Category)
	}
	prods, err := scopeProducts(ctx, q, ids)
	if err != nil {
		return err
	}
	for _, r := range prods {
		c := at[r.Coupon]
		c.UseProducts = append(c.UseProducts, r.PID)
		c.Products = append(c.Products, r.ProductRef)
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
			found, err := lockCoupon(ctx, tx, clubID, id)
			if err != nil {
				return err
			}
			if !found {
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
		if in.UserCategory != 0 && !ownsMemberCategory(ctx, tx, clubID, in.UserCategory) {
			return errCategory
		}
		for _, c := range in.ProductCategories {
			if !ownsProductCategory(ctx, tx, clubID, c) {
				return errCategory
			}
		}
		for _, p := range in.Products {
			if !ownsProduct(ctx, tx, clubID, p) {
				return errProduct
			}
		}
		taken, err := otherCouponIDsByCode(ctx, tx, clubID, Key(in.Code), id)
		if err != nil {
			return err
		}
		if len(taken) > 0 {
			return errTaken(in.Code)
		}
		if id == 0 {
			id, err = insertCoupon(ctx, tx, clubID, staffID, &in, status, now)
		} else {
			var found bool
			found, err = updateCoupon(ctx, tx, clubID, id, &in, status, now)
			if err == nil && !found {
				return ErrNotFound
			}
		}
		if db.IsUnique(err) {
			return errTaken(in.Code)
		}
		if err != nil {
			return err
		}
		if err := deleteCouponCategories(ctx, tx, id); err != nil {
			return err
		}
		if err := deleteCouponProducts(ctx, tx, id); err != nil {
			return err
		}
		for _, c := range dedupe(in.ProductCategories) {
			if err := insertCouponCategory(ctx, tx, id, c); err != nil {
				return err
			}
		}
		for _, p := range dedupe(in.Products) {
			if err := insertCouponProduct(ctx, tx, id, p); err != nil {
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

// Activate turns one of the club's coupons on or off.
func (s *Service) Activate(ctx context.Context, clubID, id int64, on bool) (*Coupon, error) {
	status := 0
	if on {
		status = 1
	}
	found, err := setCouponStatus(ctx, s.db.W, clubID, id, status, s.now().Unix())
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNotFound
	}
	return s.Get(ctx, clubID, id)
}

// Delete removes one of the club's coupons. Its row stays (paid orders and
// uses name it) and its code is free again; an open order that carries it
// loses it at its next save, and cannot be paid with it.
func (s *Service) Delete(ctx context.Context, clubID, id int64) error {
	found, err := markCouponDeleted(ctx, s.db.W, clubID, id, s.now().Unix())
	if err != nil {
		return err
	}
	if !found {
		return ErrNotFound
	}
	return nil
}

// Uses returns a page of the uses of one of the club's coupons (every
// coupon's when couponID is 0), newest first, and their number.
func (s *Service) Uses(ctx context.Context, clubID, couponID int64, limit, page int) ([]Use, int, error) {
	if couponID != 0 {
		if _, err := s.Get(ctx, clubID, couponID); err != nil {
			return nil, 0, err
		}
	}
	total, err := countUses(ctx, s.db.R, clubID, couponID)
	if err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > MaxPerPage {
		limit = 15
	}
	out, err := usesPage(ctx, s.db.R, clubID, couponID, limit, max(page, 0)*limit)
	return out, total, err
}

// MemberUses counts, per coupon, the paid orders of a member that used it.
func MemberUses(ctx context.Context, q db.Q, memberID int64, ids []int64) (map[int64]int, error) {
	out := map[int64]int{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := memberUseCounts(ctx, q, memberID, ids)
	if err != nil {
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
	limits, err := takeUse(ctx, tx, clubID, c.ID)
	if err != nil {
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
		n, err := countMemberUses(ctx, tx, c.ID, memberID)
		if err != nil {
			return err
		}
		if n >= limits[0] {
			return c.Check(Facts{Now: now, MemberUses: n, Lines: []LineFacts{{Discountable: true}}})
		}
	}
	return insertUse(ctx, tx, clubID, c.ID, orderID, memberID, now)
}

// GiveBack returns the uses an order counted, inside the transaction that
// refunds the whole order: the coupons may be used again as if it had never
// been paid.
func GiveBack(ctx context.Context, tx *sqlx.Tx, orderID int64) error {
	if err := returnOrderUses(ctx, tx, orderID); err != nil {
		return err
	}
	return deleteOrderUses(ctx, tx, orderID)
}
