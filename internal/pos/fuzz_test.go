package pos

import (
	"encoding/binary"
	"testing"
)

// fuzzReader draws bounded numbers from the fuzzer's bytes (zeros once they run out).
type fuzzReader struct{ b []byte }

func (r *fuzzReader) n(max uint64) int64 {
	if max == 0 {
		return 0
	}
	var buf [8]byte
	k := copy(buf[:], r.b)
	r.b = r.b[k:]
	return int64(binary.LittleEndian.Uint64(buf[:]) % max)
}

// Whatever the lines, category discount, coupons and manual discount, an order's money keeps its
// rules: no line or total below zero or above its base, lines that take no discount pay in full
// but for their share of the manual discount,
// a euro coupon takes at most its value, the manual discount at most what was asked, the totals
// are the sums of the lines; and refunding any part of a line gives back at most what was paid
// for it, and all of it for the whole line.
func FuzzPrice(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
	f.Add([]byte("category 10%, a 5 euro coupon and a manual discount on three lines"))
	f.Add(make([]byte, 200))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fuzzReader{b: data}
		n := 1 + int(r.n(8))
		lines := make([]PriceLine, n)
		for i := range lines {
			// up to 10,000 € a gram or unit, up to 10 kg or units, and never a line above MaxLineCents
			lines[i] = PriceLine{UnitPrice: r.n(1_000_001), Quantity: r.n(10_000_001), Discountable: r.n(4) > 0}
			if lines[i].UnitPrice*lines[i].Quantity > MaxLineCents*1000 {
				lines[i].Quantity = MaxLineCents * 1000 / max(lines[i].UnitPrice, 1)
			}
		}
		coupons := make([]CouponPrice, r.n(4))
		for c := range coupons {
			coupons[c] = CouponPrice{Percent: r.n(2) == 0, Value: r.n(20_001) - 1000}
			if r.n(2) == 0 {
				coupons[c].Applies = make([]bool, n)
				for i := range n {
					coupons[c].Applies[i] = r.n(2) == 0
				}
			}
		}
		manual := r.n(2_000_000) - 1000
		category := int(r.n(101))
		p, err := Price(lines, category, coupons, manual)
		if err != nil {
			t.Fatalf("lines within every bound refused: %v", err)
		}

		var base, disc, total, manualOnly int64
		for i, l := range p.Lines {
			if l.Discount < 0 || l.Total < 0 || l.Total > l.Base || l.Total != l.Base-l.Discount {
				t.Fatalf("line %d: %+v", i, l)
			}
			if !lines[i].Discountable {
				manualOnly += l.Discount
			}
			base, disc, total = base+l.Base, disc+l.Discount, total+l.Total
		}
		if manualOnly > p.Manual {
			t.Fatalf("lines that take no category or coupon discount got %d, more than the manual %d", manualOnly, p.Manual)
		}
		if base != p.Base || disc != p.Discount || total != p.Total || p.Total < 0 || p.Total > p.Base {
			t.Fatalf("totals %d/%d/%d against lines %d/%d/%d", p.Base, p.Discount, p.Total, base, disc, total)
		}
		var given int64
		for c, took := range p.Coupons {
			if took < 0 || (!coupons[c].Percent && took > max(coupons[c].Value, 0)) {
				t.Fatalf("coupon %d (%+v) took %d", c, coupons[c], took)
			}
			given += took
		}
		if p.Manual < 0 || p.Manual > max(manual, 0) || given+p.Manual > p.Discount {
			t.Fatalf("manual %d of %d asked, coupons %d, discount %d", p.Manual, manual, given, p.Discount)
		}

		for i, l := range p.Lines {
			q := lines[i].Quantity
			part := r.n(uint64(q) + 1)
			first := Share(l.Total, part, q)
			if first < 0 || first > l.Total {
				t.Fatalf("refund of %d of %d thousandths gives %d of %d paid", part, q, first, l.Total)
			}
			if q > 0 && Share(l.Total, q, q) != l.Total {
				t.Fatalf("the whole line refunds %d of %d paid", Share(l.Total, q, q), l.Total)
			}
		}
	})
}
