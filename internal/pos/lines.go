package pos

import (
	"context"
	"fmt"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/problem"
)

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
	THC          *int64 `db:"thc_percent"` // hundredths of a percent; nil: not known
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

// title names the line's product or fee.
func (r resolved) title() string {
	if r.product != nil {
		return r.product.Title
	}
	if r.fee != nil {
		return r.fee.Title
	}
	return ""
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
			ps, err := counterProduct(ctx, q, clubID, l.PID)
			if err != nil {
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
	titles, err := weightDiscrepancySetting(ctx, q, clubID)
	if err != nil {
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
