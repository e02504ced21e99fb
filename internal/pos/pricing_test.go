package pos

import (
	"errors"
	"math/rand/v2"
	"testing"

	"socius/internal/problem"
)

// Coupons enter between the category discount and the manual one; each is
// limited to the discountable lines it applies to.
func TestPriceWithCoupons(t *testing.T) {
	lines := []PriceLine{
		{UnitPrice: 950, Quantity: 2105, Discountable: true},  // 20.00 €
		{UnitPrice: 150, Quantity: 2000},                      // 3.00 €, no discounts
		{UnitPrice: 1000, Quantity: 1000, Discountable: true}, // 10.00 €
	}
	only := func(i int) []bool { m := make([]bool, len(lines)); m[i] = true; return m }
	p := price(t, lines, 10, []CouponPrice{{Percent: true, Value: 1000}, {Value: 500, Applies: only(2)}}, 0)
	// category: 2.00 and 1.00; 10 %: 1.80 and 0.90; 5 € on the third line: 8.10 → 3.10
	if p.Lines[0].Total != 1620 || p.Lines[1].Total != 300 || p.Lines[2].Total != 310 || p.Coupons[0] != 270 || p.Coupons[1] != 500 {
		t.Fatalf("priced %+v coupons %v", p.Lines, p.Coupons)
	}
	// a euro coupon never takes more than its lines still cost
	p = price(t, lines, 0, []CouponPrice{{Value: 5000, Applies: only(2)}}, 0)
	if p.Coupons[0] != 1000 || p.Lines[2].Total != 0 || p.Total != 2300 {
		t.Fatalf("capped coupon: %+v %v", p.Lines, p.Coupons)
	}
	// a coupon limited to a line without discounts takes nothing
	p = price(t, lines, 0, []CouponPrice{{Percent: true, Value: 5000, Applies: only(1)}}, 0)
	if p.Coupons[0] != 0 || p.Total != 3300 {
		t.Fatalf("coupon on a line without discounts: %v %d", p.Coupons, p.Total)
	}
}

func price(t *testing.T, lines []PriceLine, percent int, coupons []CouponPrice, manual int64) Priced {
	t.Helper()
	p, err := Price(lines, percent, coupons, manual)
	if err != nil {
		t.Fatalf("Price: %v", err)
	}
	return p
}

// The manual discount reduces the order, spread over every line: the
// product discount flag limits the category's and the coupons' discounts
// only (a 2 € manual discount on an order of products without the flag
// used to be echoed back while the order's discount stayed 0).
func TestManualDiscountReducesEveryLine(t *testing.T) {
	lines := []PriceLine{{UnitPrice: 150, Quantity: 2000}, {UnitPrice: 100, Quantity: 1000}} // 3.00 € + 1.00 €, no flag
	p := price(t, lines, 10, nil, 200)
	if p.Discount != 200 || p.Total != 200 || p.Manual != 200 || p.Lines[0].Discount != 150 || p.Lines[1].Discount != 50 {
		t.Fatalf("a 2 € manual discount on 4 € of products without the flag: %+v", p)
	}
}

// Bounds: a price or quantity below zero, a line above 100.000 € or an order
// above 1.000.000 € is refused, and arithmetic never wraps. The attack:
// 184,467,440.737 units at 1,000,000,000 € priced at −95,516.16 €, and with
// 95,517.16 units at 1 € the order came to 1 €.
func TestPriceRefusesWhatItCannotHold(t *testing.T) {
	for _, c := range []struct {
		lines []PriceLine
		code  string
	}{
		{[]PriceLine{{UnitPrice: 100_000_000_000, Quantity: 184_467_440_737}, {UnitPrice: 100, Quantity: 95_517_160}}, "order.line_too_large"},
		{[]PriceLine{{UnitPrice: 100, Quantity: 95_517_160}}, ""}, // 95.517,16 €: a line within bounds
		{[]PriceLine{{UnitPrice: MaxLineCents, Quantity: 1001}}, "order.line_too_large"},
		{[]PriceLine{{UnitPrice: -100, Quantity: 1000}}, "order.line_negative"},
		{[]PriceLine{{UnitPrice: 100, Quantity: -1000}}, "order.line_negative"},
		{slicesRepeat(PriceLine{UnitPrice: MaxLineCents, Quantity: 1000}, 11), "order.total_too_large"},
		{slicesRepeat(PriceLine{UnitPrice: MaxLineCents, Quantity: 1000}, 10), ""},
	} {
		p, err := Price(c.lines, 0, nil, 0)
		var inv *problem.Invalid
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%+v refused: %v", c.lines[0], err)
		case c.code != "" && (!errors.As(err, &inv) || inv.Code != c.code):
			t.Errorf("%+v: got %+v, %v; want %s", c.lines[0], p, err, c.code)
		}
	}
}

func slicesRepeat(l PriceLine, n int) []PriceLine {
	out := make([]PriceLine, n)
	for i := range out {
		out[i] = l
	}
	return out
}

// Whatever the lines and discounts, totals add up, never go below zero and
// no line is discounted beyond its base.
func TestPriceInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n := 1 + r.IntN(6)
		lines := make([]PriceLine, n)
		for i := range lines {
			lines[i] = PriceLine{UnitPrice: r.Int64N(5000), Quantity: r.Int64N(20000), Discountable: r.IntN(4) > 0}
		}
		var coupons []CouponPrice
		for range r.IntN(3) {
			c := CouponPrice{Percent: r.IntN(2) == 0, Value: r.Int64N(12000)}
			if r.IntN(2) == 0 {
				c.Applies = make([]bool, n)
				for i := range c.Applies {
					c.Applies[i] = r.IntN(2) == 0
				}
			}
			coupons = append(coupons, c)
		}
		manual := r.Int64N(5000)
		p := price(t, lines, r.IntN(101), coupons, manual)
		var base, disc, total, given, manualOnly int64
		for i, l := range p.Lines {
			if l.Discount < 0 || l.Total < 0 || l.Total != l.Base-l.Discount {
				t.Fatalf("line %d: %+v (discountable %v)", i, l, lines[i].Discountable)
			}
			if !lines[i].Discountable {
				manualOnly += l.Discount
			}
			base, disc, total = base+l.Base, disc+l.Discount, total+l.Total
		}
		if manualOnly > p.Manual {
			t.Fatalf("lines without the discount flag took %d, more than the manual discount %d", manualOnly, p.Manual)
		}
		for i, c := range p.Coupons {
			if c < 0 || (!coupons[i].Percent && c > coupons[i].Value) {
				t.Fatalf("coupon %d took %d of %+v", i, c, coupons[i])
			}
			given += c
		}
		if base != p.Base || disc != p.Discount || total != p.Total || total < 0 || p.Manual > manual || given+p.Manual > disc {
			t.Fatalf("totals %+v from lines %d/%d/%d, coupons %d", p, base, disc, total, given)
		}
	}
}
