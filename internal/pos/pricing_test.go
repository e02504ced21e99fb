package pos

import (
	"math/rand/v2"
	"testing"
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
	p := Price(lines, 10, []CouponPrice{{Percent: true, Value: 1000}, {Value: 500, Applies: only(2)}}, 0)
	// category: 2.00 and 1.00; 10 %: 1.80 and 0.90; 5 € on the third line: 8.10 → 3.10
	if p.Lines[0].Total != 1620 || p.Lines[1].Total != 300 || p.Lines[2].Total != 310 || p.Coupons[0] != 270 || p.Coupons[1] != 500 {
		t.Fatalf("priced %+v coupons %v", p.Lines, p.Coupons)
	}
	// a euro coupon never takes more than its lines still cost
	p = Price(lines, 0, []CouponPrice{{Value: 5000, Applies: only(2)}}, 0)
	if p.Coupons[0] != 1000 || p.Lines[2].Total != 0 || p.Total != 2300 {
		t.Fatalf("capped coupon: %+v %v", p.Lines, p.Coupons)
	}
	// a coupon limited to a line without discounts takes nothing
	p = Price(lines, 0, []CouponPrice{{Percent: true, Value: 5000, Applies: only(1)}}, 0)
	if p.Coupons[0] != 0 || p.Total != 3300 {
		t.Fatalf("coupon on a line without discounts: %v %d", p.Coupons, p.Total)
	}
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
		p := Price(lines, r.IntN(101), coupons, manual)
		var base, disc, total, given int64
		for i, l := range p.Lines {
			if l.Discount < 0 || l.Total < 0 || l.Total != l.Base-l.Discount || (!lines[i].Discountable && l.Discount != 0) {
				t.Fatalf("line %d: %+v (discountable %v)", i, l, lines[i].Discountable)
			}
			base, disc, total = base+l.Base, disc+l.Discount, total+l.Total
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
