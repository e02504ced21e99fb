// Package amount holds money (int64 euro cents) and quantities (int64
// thousandths: milligrams or thousandths of a unit). JSON carries them as
// decimal numbers, parsed and printed exactly, so a thousand adjustments of
// 0.001 add up to exactly 1.
package amount

import (
	"errors"
	"strconv"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// Cents is money in euro cents; JSON: euros with at most two decimals.
type Cents int64

// Milli is a quantity in thousandths; JSON: a number with at most three decimals.
type Milli int64

// ErrDecimals is returned for a number with more decimals than its kind keeps.
var ErrDecimals = errors.New("too many decimals")

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

func unmarshal(b []byte, places int) (int64, error) {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return 0, nil
	}
	return Parse(s, places)
}

func (c Cents) MarshalJSON() ([]byte, error) { return []byte(Format(int64(c), 2)), nil }
func (c *Cents) UnmarshalJSON(b []byte) error {
	v, err := unmarshal(b, 2)
	*c = Cents(v)
	return err
}
func (m Milli) MarshalJSON() ([]byte, error) { return []byte(Format(int64(m), 3)), nil }
func (m *Milli) UnmarshalJSON(b []byte) error {
	v, err := unmarshal(b, 3)
	*m = Milli(v)
	return err
}

// String forms for exports.
func (c Cents) String() string { return Format(int64(c), 2) }
func (m Milli) String() string { return Format(int64(m), 3) }

// Float is for spreadsheet cells only, never for arithmetic.
func (c Cents) Float() float64 { f, _ := strconv.ParseFloat(c.String(), 64); return f }
func (m Milli) Float() float64 { f, _ := strconv.ParseFloat(m.String(), 64); return f }

// Schema makes both appear as numbers in the OpenAPI document.
func (Cents) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeNumber, Description: "Euros, at most two decimals"}
}
func (Milli) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeNumber, Description: "Quantity (grams or units), at most three decimals"}
}
