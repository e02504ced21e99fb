package amount

import (
	"errors"
	"strconv"
	"testing"
)

// Any text either is refused or reads as a number that prints back to text reading the same
// number; nothing panics. Amounts and quantities arrive as text typed at the counter or sent by a
// client, so the parser meets everything.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "12.5", "-0.001", "+3", " 7.10 ", "1e3", "1.5E-2", ".5", "5.", "", "-", "1.2.3", "99999999999999999999", "0x10", "١٢"} {
		f.Add(s, uint8(2))
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, p uint8) {
		places := 2 + int(p%2)
		v, err := Parse(s, places)
		if err != nil {
			return
		}
		back, err := Parse(Format(v, places), places)
		if err != nil || back != v {
			t.Fatalf("Parse(%q) = %d, printed %q, read back %d (%v)", s, v, Format(v, places), back, err)
		}
	})
}

// Every amount within the bounds prints and reads back to itself; a whole number of euros or grams
// sent as JSON is taken exactly when within the bounds and refused with the bound's own error
// beyond them, never wrapped around.
func FuzzFormatAndDecode(f *testing.F) {
	for _, v := range []int64{0, 1, -1, 99, 100, 1050, -2501, 1_000_000_000, -1_000_000_000, 1_000_000_001, 9_223_372_036_854_775_807} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v int64) {
		if v <= int64(MaxMilli) && v >= -int64(MaxMilli) {
			for _, places := range []int{2, 3} {
				back, err := Parse(Format(v, places), places)
				if err != nil || back != v {
					t.Fatalf("%d printed %q read back %d (%v)", v, Format(v, places), back, err)
				}
			}
		}
		text := []byte(strconv.FormatInt(v, 10))
		var c Cents
		err := c.UnmarshalJSON(text)
		within := v <= 1_000_000_000 && v >= -1_000_000_000
		switch {
		case within && (err != nil || int64(c) != v*100):
			t.Fatalf("%d euros decoded to %d cents (%v)", v, c, err)
		case !within && !errors.Is(err, ErrMoneyTooLarge):
			t.Fatalf("%d euros: want ErrMoneyTooLarge, got %v (%d cents)", v, err, c)
		}
		var m Milli
		err = m.UnmarshalJSON(text)
		switch {
		case within && (err != nil || int64(m) != v*1000):
			t.Fatalf("%d grams decoded to %d thousandths (%v)", v, m, err)
		case !within && !errors.Is(err, ErrQuantityTooLarge):
			t.Fatalf("%d grams: want ErrQuantityTooLarge, got %v (%d)", v, err, m)
		}
	})
}
