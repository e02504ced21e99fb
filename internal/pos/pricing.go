package pos

import (
	"errors"
	"fmt"

	"socius/internal/amount"
	"socius/internal/problem"
)

// PriceLine is what pricing needs of an order line.
type PriceLine struct {
	UnitPrice int64 // cents per gram or per unit
	Quantity  int64 // thousandths (milligrams or thousandths of a unit)
	// Discountable lines take the member category's discount and a share of
	// the order's discounts: products with their discount flag on. Fees and
	// products without the flag are charged in full.
	Discountable bool
}

// PricedLine is a line's money, in cents: Total = Base − Discount.
type PricedLine struct{ Base, Discount, Total int64 }

// Priced is an order's money, in cents. Base = Σ line bases; Discount = Σ line
// discounts; Total = Base − Discount, never below 0.
type Priced struct {
	Lines                 []PricedLine
	Base, Discount, Total int64
	// Manual is the manual discount actually given: what was asked, limited
	// to what the discountable lines still cost.
	Manual int64
	// Coupons is what each coupon took off, in the order given.
	Coupons []int64
}

// CouponPrice is a coupon as pricing sees it.
type CouponPrice struct {
	Percent bool
	// Value is cents for a euro coupon, hundredths of a percent (0–10000)
	// for a percent one.
	Value int64
	// Applies marks the lines the coupon is limited to; nil = every line.
	// Only discountable lines take a coupon's discount either way.
	Applies []bool
}

// Bounds of an order's money, far above anything a club sells at a counter
// and far below int64, so no sum of lines, of a day's orders or of a year's
// till can overflow in Go or in either database (docs/api-contract.md).
const (
	MaxLineCents  = 100_000 * 100   // 100.000 € a line
	MaxOrderCents = 1_000_000 * 100 // 1.000.000 € an order
)

var (
	errLineNegative  = problem.Invalidf("order.line_negative", "products", "El precio y la cantidad de una línea no pueden ser negativos")
	errLineTooLarge  = problem.Invalidf("order.line_too_large", "products", "Una línea no puede superar 100.000 €")
	errOrderTooLarge = problem.Invalidf("order.total_too_large", "products", "Un pedido no puede superar 1.000.000 €")
	// errPricedInvalid is a priced order that breaks an invariant pricing
	// guarantees: never expected, it stops a pay instead of storing it.
	errPricedInvalid = errors.New("pos: priced order breaks its invariants")
)

// Price computes every line and the order's totals from the frozen unit
// prices, the quantities, the member category's discount percent, the
// coupons and the manual discount, rounding once per line with
// amount.MulDiv. The server is the only one that prices: totals sent by a
// client are never used.
//
// Steps, in order: base price of each line; the category discount on the
// discountable lines; each coupon in turn on the discountable lines it applies
// to (a percent of what each line still costs, or euros spread over them and
// never more than they still cost); the manual discount, spread over every
// line in proportion to what each still costs (spec: "up to
// order_base_price"; a fee line never meets a manual discount, the save
// refuses the pair). Spreading keeps each line's share exact, so refunds of
// part of an order give back exactly what was paid for that part.
//
// A negative price or quantity, a line above MaxLineCents or an order above
// MaxOrderCents is refused: arithmetic never wraps, and no line or total is
// ever below zero.
func Price(lines []PriceLine, categoryPercent int, coupons []CouponPrice, manual int64) (Priced, error) {
	out := Priced{Lines: make([]PricedLine, len(lines)), Coupons: make([]int64, len(coupons))}
	categoryPercent = min(max(categoryPercent, 0), 100)
	for i, l := range lines {
		at := fmt.Sprintf("products[%d]", i)
		if l.UnitPrice < 0 || l.Quantity < 0 {
			return Priced{}, errLineNegative.At(at)
		}
		base, err := amount.MulDiv(l.UnitPrice, l.Quantity, 1000)
		if err != nil || base > MaxLineCents {
			return Priced{}, errLineTooLarge.At(at)
		}
		var disc int64
		if l.Discountable && categoryPercent > 0 {
			disc = mulDiv(base, int64(categoryPercent), 100)
		}
		out.Lines[i] = PricedLine{Base: base, Discount: disc}
		if out.Base += base; out.Base > MaxOrderCents {
			return Priced{}, errOrderTooLarge
		}
	}
	for c, cp := range coupons {
		takes := func(i int) bool { return lines[i].Discountable && (cp.Applies == nil || cp.Applies[i]) }
		if cp.Percent {
			pct := min(max(cp.Value, 0), 10000)
			for i := range lines {
				if takes(i) {
					d := mulDiv(out.Lines[i].Base-out.Lines[i].Discount, pct, 10000)
					out.Lines[i].Discount += d
					out.Coupons[c] += d
				}
			}
			continue
		}
		remaining := still(out.Lines, takes)
		out.Coupons[c] = min(max(cp.Value, 0), remaining)
		spread(out.Lines, takes, out.Coupons[c], remaining)
	}
	every := func(int) bool { return true }
	remaining := still(out.Lines, every)
	out.Manual = min(max(manual, 0), remaining)
	spread(out.Lines, every, out.Manual, remaining)
	out.Base = 0
	for i := range out.Lines {
		pl := &out.Lines[i]
		pl.Total = pl.Base - pl.Discount
		out.Base += pl.Base
		out.Discount += pl.Discount
		out.Total += pl.Total
	}
	return out, out.Check()
}

// Check verifies what Price guarantees, so a caller about to store or charge
// an order can hold it to them again: every line 0 ≤ total ≤ base ≤
// MaxLineCents, the totals the sums of the lines, the order ≤ MaxOrderCents.
func (p Priced) Check() error {
	var base, disc, total int64
	for _, l := range p.Lines {
		if l.Base < 0 || l.Discount < 0 || l.Total < 0 || l.Base > MaxLineCents || l.Total != l.Base-l.Discount {
			return errPricedInvalid
		}
		base, disc, total = base+l.Base, disc+l.Discount, total+l.Total
	}
	if base != p.Base || disc != p.Discount || total != p.Total || p.Total < 0 || p.Base > MaxOrderCents {
		return errPricedInvalid
	}
	return nil
}

// mulDiv is amount.MulDiv where the operands are already bounded (a line's
// base by MaxLineCents, a percent or a share of it), so the result cannot
// leave int64; a failure there is a broken invariant, not bad input.
func mulDiv(v, num, den int64) int64 {
	r, err := amount.MulDiv(v, num, den)
	if err != nil {
		panic(fmt.Sprintf("pos: %d×%d/%d out of range", v, num, den))
	}
	return r
}

// still is what the lines taken still cost after their discounts so far.
func still(priced []PricedLine, takes func(int) bool) int64 {
	var n int64
	for i, p := range priced {
		if takes(i) {
			n += p.Base - p.Discount
		}
	}
	return n
}

// spread shares an order-level discount d (0 ≤ d ≤ remaining, what the lines
// taken still cost) over those lines by cumulative rounding: each share is the
// difference of two rounded running totals, so the shares add up to d exactly
// and none exceeds what its line still costs.
func spread(priced []PricedLine, takes func(int) bool, d, remaining int64) {
	if d == 0 || remaining == 0 {
		return
	}
	var cum, given int64
	for i := range priced {
		if !takes(i) {
			continue
		}
		cum += priced[i].Base - priced[i].Discount
		upTo := mulDiv(d, cum, remaining)
		priced[i].Discount += upTo - given
		given = upTo
	}
}

// Share is the part of a paid amount that a part of a quantity is worth:
// paid × part / whole, rounded once. A refund of the rest of a line gets the
// rest of its money instead, so a line refunded in several steps returns
// exactly what was paid for it.
func Share(paid, part, whole int64) int64 {
	if whole == 0 {
		return 0
	}
	return mulDiv(paid, part, whole)
}
