package amount

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

func TestParseFormat(t *testing.T) {
	cases := []struct {
		in     string
		places int
		want   int64
		out    string
	}{
		{"12.5", 3, 12500, "12.5"}, {"0.001", 3, 1, "0.001"}, {"-3.25", 2, -325, "-3.25"},
		{"7", 2, 700, "7"}, {"0", 3, 0, "0"}, {"-0.5", 3, -500, "-0.5"}, {"1e2", 2, 10000, "100"}, {".75", 2, 75, "0.75"},
	}
	for _, c := range cases {
		v, err := Parse(c.in, c.places)
		if err != nil || v != c.want {
			t.Fatalf("Parse(%q) = %d, %v; want %d", c.in, v, err, c.want)
		}
		if got := Format(v, c.places); got != c.out {
			t.Fatalf("Format(%d) = %q; want %q", v, got, c.out)
		}
	}
	if _, err := Parse("1.0001", 3); err != ErrDecimals {
		t.Fatalf("four decimals in thousandths: %v", err)
	}
	if _, err := Parse("1.234", 2); err != ErrDecimals {
		t.Fatalf("three decimals in cents: %v", err)
	}
	if _, err := Parse("abc", 2); err == nil {
		t.Fatal("letters accepted")
	}
}

func TestNoDriftAfterAThousandAdjustments(t *testing.T) {
	var total Milli
	for range 1000 {
		var m Milli
		if err := json.Unmarshal([]byte("0.001"), &m); err != nil {
			t.Fatal(err)
		}
		total += m
	}
	b, _ := json.Marshal(total)
	if string(b) != "1" {
		t.Fatalf("1000 × 0.001 = %s", b)
	}
	var c Cents
	if err := json.Unmarshal([]byte("0.1"), &c); err != nil || c*3 != 30 {
		t.Fatalf("0.1 € × 3 = %d cents, %v", c*3, err)
	}
}

func TestBounds(t *testing.T) {
	for _, in := range []string{"1000000000", "-1000000000", "999999999.999", "1e9"} {
		var m Milli
		if err := json.Unmarshal([]byte(in), &m); err != nil || m.Check() != nil {
			t.Fatalf("quantity %s refused: %v", in, err)
		}
	}
	for _, in := range []string{"1000000000.001", "-1000000000.001", "9223372036854775.807", "9223372036854775808", "1e300", `"1e10"`} {
		var m Milli
		if err := json.Unmarshal([]byte(in), &m); !errors.Is(err, ErrQuantityTooLarge) || m != 0 {
			t.Fatalf("quantity %s: %v, %d", in, err, m)
		}
	}
	for _, in := range []string{"1000000000.01", "-92233720368547758.08", "1e12"} {
		var c Cents
		if err := json.Unmarshal([]byte(in), &c); !errors.Is(err, ErrMoneyTooLarge) || c != 0 {
			t.Fatalf("money %s: %v, %d", in, err, c)
		}
	}
	var c Cents
	if err := json.Unmarshal([]byte("-1000000000"), &c); err != nil || c != -MaxCents {
		t.Fatalf("money at the bound: %v, %d", err, c)
	}
	if (MaxMilli+1).Check() == nil || (-MaxCents-1).Check() == nil || MaxMilli.Check() != nil {
		t.Fatal("Check does not hold the bounds")
	}
}

func TestMulDivRoundsHalfAwayFromZeroOnce(t *testing.T) {
	cases := []struct{ v, num, den, want int64 }{
		{950, 2105, 1000, 2000}, // 9.50 €/g × 2.105 g = 19.9975 € → 20.00 €
		{950, 1500, 1000, 1425}, // exact
		{1, 1, 2, 1},            // half goes up
		{-1, 1, 2, -1},          // and away from zero below it
		{1999, 15, 100, 300},    // 15 % of 19.99 € = 2.9985 € → 3.00 €
		{1333, 1, 3, 444},       // 4.443… → 4.44
		{int64(MaxCents), int64(MaxMilli), 1_000_000, int64(MaxCents) * 1_000_000}, // the product passes int64, the result does not
	}
	for _, c := range cases {
		if got, err := MulDiv(c.v, c.num, c.den); got != c.want || err != nil {
			t.Errorf("MulDiv(%d, %d, %d) = %d, %v; want %d", c.v, c.num, c.den, got, err, c.want)
		}
	}
}

// A result past int64 is refused, never wrapped: the attack priced
// 184,467,440.737 units at 1,000,000,000 € as −95,516.16 €.
func TestMulDivAndAddRefuseOverflow(t *testing.T) {
	for _, c := range []struct{ v, num, den int64 }{
		{int64(MaxCents), 184_467_440_737, 1000},
		{math.MaxInt64, 2, 1},
		{math.MinInt64, 1, -1},
		{-math.MaxInt64, 3, 2},
	} {
		if got, err := MulDiv(c.v, c.num, c.den); !errors.Is(err, ErrOverflow) {
			t.Errorf("MulDiv(%d, %d, %d) = %d, %v; want ErrOverflow", c.v, c.num, c.den, got, err)
		}
	}
	if got, err := MulDiv(math.MaxInt64, 1, 1); err != nil || got != math.MaxInt64 {
		t.Errorf("MulDiv(MaxInt64, 1, 1) = %d, %v", got, err)
	}
	for _, c := range [][2]int64{{math.MaxInt64, 1}, {math.MinInt64, -1}, {math.MaxInt64 / 2, math.MaxInt64/2 + 2}} {
		if got, err := Add(c[0], c[1]); !errors.Is(err, ErrOverflow) {
			t.Errorf("Add(%d, %d) = %d, %v; want ErrOverflow", c[0], c[1], got, err)
		}
	}
	if got, err := Add(math.MaxInt64, -1); err != nil || got != math.MaxInt64-1 {
		t.Errorf("Add(MaxInt64, -1) = %d, %v", got, err)
	}
}
