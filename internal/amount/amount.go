// Package amount holds money (int64 euro cents) and quantities (int64
// thousandths: milligrams or thousandths of a unit). JSON carries them as
// decimal numbers, parsed and printed exactly, so a thousand adjustments of
// 0.001 add up to exactly 1.
package amount

import (
	"errors"
	"math/big"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// Cents is money in euro cents; JSON: euros with at most two decimals.
type Cents int64

// Milli is a quantity in thousandths; JSON: a number with at most three decimals.
type Milli int64

// Percent is a share in hundredths of a percentage point (a THC content, a
// limit on it); JSON: a percentage from 0 to 100 with at most two decimals.
type Percent int64

// MaxPercent is 100 %.
const MaxPercent Percent = 100_00

// ErrPercentRange refuses a percentage outside 0–100; its text is what the person reads.
var ErrPercentRange = errors.New("El porcentaje debe estar entre 0 y 100")

// Bounds of what the API accepts, far above any real club (a thousand million
// euros; a thousand million grams or units) and far below int64, so sums of
// many of them (stock levels, totals) cannot overflow.
const (
	MaxCents Cents = 1_000_000_000 * 100
	MaxMilli Milli = 1_000_000_000 * 1000
)

// ErrDecimals is returned for a number with more decimals than its kind keeps.
var ErrDecimals = errors.New("too many decimals")

// ErrMoneyTooLarge and ErrQuantityTooLarge refuse numbers beyond the bounds;
// their text is what the person reads.
var (
	ErrMoneyTooLarge    = errors.New("El importe no puede superar 1.000.000.000 €")
	ErrQuantityTooLarge = errors.New("La cantidad no puede superar 1.000.000.000")
)

// Check refuses money beyond ±MaxCents.
func (c Cents) Check() error {
	if c > MaxCents || c < -MaxCents {
		return ErrMoneyTooLarge
	}
	return nil
}

// Check refuses quantities beyond ±MaxMilli.
func (m Milli) Check() error {
	if m > MaxMilli || m < -MaxMilli {
		return ErrQuantityTooLarge
	}
	return nil
}

// Parse reads a decimal number with at most places decimals into an integer
// scaled by 10^places, exactly (no float).
func Parse(s string, places int) (int64, error) {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "eE") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return 0, err
		}
		s = strconv.FormatFloat(f, 'f', -1, 64)
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	if len(frac) > places {
		return 0, ErrDecimals
	}
	if whole == "" {
		whole = "0"
	}
	frac += strings.Repeat("0", places-len(frac))
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		v = -v
	}
	return v, nil
}

// Format prints an integer scaled by 10^places as a decimal without trailing zeros.
func Format(v int64, places int) string {
	neg := v < 0
	if neg {
		v = -v
	}
	s := strconv.FormatInt(v, 10)
	if len(s) <= places {
		s = strings.Repeat("0", places-len(s)+1) + s
	}
	whole, frac := s[:len(s)-places], strings.TrimRight(s[len(s)-places:], "0")
	if frac != "" {
		whole += "." + frac
	}
	if neg && whole != "0" {
		whole = "-" + whole
	}
	return whole
}

// unmarshal parses a JSON number (or numeric string) and refuses it with
// tooLarge when it is beyond ±max or beyond int64 itself.
func unmarshal(b []byte, places int, max int64, tooLarge error) (int64, error) {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return 0, nil
	}
	v, err := Parse(s, places)
	if errors.Is(err, strconv.ErrRange) || (err == nil && (v > max || v < -max)) {
		return 0, tooLarge
	}
	return v, err
}

func (c Cents) MarshalJSON() ([]byte, error) { return []byte(Format(int64(c), 2)), nil }
func (c *Cents) UnmarshalJSON(b []byte) error {
	v, err := unmarshal(b, 2, int64(MaxCents), ErrMoneyTooLarge)
	if err != nil {
		return err
	}
	*c = Cents(v)
	return nil
}
func (m Milli) MarshalJSON() ([]byte, error) { return []byte(Format(int64(m), 3)), nil }
func (m *Milli) UnmarshalJSON(b []byte) error {
	v, err := unmarshal(b, 3, int64(MaxMilli), ErrQuantityTooLarge)
	if err != nil {
		return err
	}
	*m = Milli(v)
	return nil
}

func (p Percent) MarshalJSON() ([]byte, error) { return []byte(Format(int64(p), 2)), nil }
func (p *Percent) UnmarshalJSON(b []byte) error {
	v, err := unmarshal(b, 2, int64(MaxPercent), ErrPercentRange)
	if err == nil && v < 0 {
		err = ErrPercentRange
	}
	if err != nil {
		return err
	}
	*p = Percent(v)
	return nil
}
func (p Percent) String() string { return Format(int64(p), 2) }
func (Percent) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeNumber, Description: "A percentage from 0 to 100, at most two decimals"}
}

// String forms for exports.
func (c Cents) String() string { return Format(int64(c), 2) }
func (m Milli) String() string { return Format(int64(m), 3) }

// Float is for spreadsheet cells only, never for arithmetic.
func (c Cents) Float() float64 { f, _ := strconv.ParseFloat(c.String(), 64); return f }
func (m Milli) Float() float64 { f, _ := strconv.ParseFloat(m.String(), 64); return f }

// Schema makes both appear as numbers in the OpenAPI document.
func (Cents) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeNumber, Description: "Euros, at most two decimals and 1000000000 either way"}
}
func (Milli) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeNumber, Description: "Quantity (grams or units), at most three decimals and 1000000000 either way"}
}

// ErrOverflow is a product, sum or quotient of money or quantities that
// int64 cannot hold. Arithmetic on amounts refuses it instead of wrapping:
// a wrapped line price is a negative price, and a negative price is money
// created out of nothing.
var ErrOverflow = errors.New("amount: result out of range")

// MulDiv returns v×num/den rounded half away from zero, exactly (no float and
// no overflow of the product), or ErrOverflow when the result does not fit
// in int64. It is the one rounding of money: a line's price (price per unit ×
// thousandths / 1000), a percentage (× pct / 100) and a share of an amount all
// go through it, once, at the line.
func MulDiv(v, num, den int64) (int64, error) {
	if den == 0 {
		panic("amount: MulDiv by zero")
	}
	p := new(big.Int).Mul(big.NewInt(v), big.NewInt(num))
	d := big.NewInt(den)
	neg := (p.Sign() < 0) != (d.Sign() < 0)
	p.Abs(p)
	d.Abs(d)
	q, r := new(big.Int).QuoRem(p, d, new(big.Int))
	if r.Lsh(r, 1).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	if !q.IsInt64() {
		return 0, ErrOverflow
	}
	return q.Int64(), nil
}

// Add returns a+b, or ErrOverflow when the sum does not fit in int64.
func Add(a, b int64) (int64, error) {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		return 0, ErrOverflow
	}
	return s, nil
}
