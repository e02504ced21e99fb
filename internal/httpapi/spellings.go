package httpapi

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/problem"
)

// The spec writes some values two ways, and existing clients of these paths send either: the
// server accepts both and answers in one. Some fields it names two ways as well (dayUnderTwoNames).

// Flag is a yes/no sent either as a boolean or as 0/1 (product thc, menuexport, status, discount,
// unlimited_stock; member online_account, is_staff, monedero_negativo; coupon status and
// cumulative; fee and variety status); it is answered as a boolean.
type Flag bool

// UnmarshalJSON reads true/false, 0/1 and "0"/"1".
func (f *Flag) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "true", "1", `"1"`, `"true"`:
		*f = true
	case "false", "0", `"0"`, `"false"`, "null":
		*f = false
	default:
		return fmt.Errorf("expected true, false, 0 or 1")
	}
	return nil
}

// Schema admits both spellings.
func (Flag) Schema(huma.Registry) *huma.Schema {
	zero, one := 0.0, 1.0
	return &huma.Schema{OneOf: []*huma.Schema{{Type: huma.TypeBoolean}, {Type: huma.TypeInteger, Minimum: &zero, Maximum: &one}}}
}

// flagPtr is an optional Flag as the *bool the services take.
func flagPtr(f *Flag) *bool { return (*bool)(f) }

// MemberStatus is a member's status_member, sent as 1/0 or as "active"/"inactive"; it is
// answered as 1/0.
type MemberStatus int

// UnmarshalJSON reads 1, 0, "1", "0", "active" and "inactive".
func (m *MemberStatus) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case "1", `"1"`, `"active"`:
		*m = 1
	case "0", `"0"`, `"inactive"`:
		*m = 0
	default:
		return fmt.Errorf("expected 1, 0, active or inactive")
	}
	return nil
}

// Schema admits both spellings.
func (MemberStatus) Schema(huma.Registry) *huma.Schema {
	zero, one := 0.0, 1.0
	return &huma.Schema{OneOf: []*huma.Schema{{Type: huma.TypeInteger, Minimum: &zero, Maximum: &one}, {Type: huma.TypeString, Enum: []any{"active", "inactive"}}}}
}

// UnixOrDay is a day sent as unix seconds, as the spec writes every date (any second of the day,
// read in the club's time zone), or as YYYY-MM-DD (an event's start_date and end_date); it is
// answered as unix seconds. Other text is kept for the service to refuse with its own message.
type UnixOrDay struct {
	unix int64
	text string
}

// UnmarshalJSON reads a number of seconds or a text.
func (d *UnixOrDay) UnmarshalJSON(b []byte) error {
	*d = UnixOrDay{}
	switch {
	case string(b) == "null":
		return nil
	case len(b) > 0 && b[0] == '"':
		return json.Unmarshal(b, &d.text)
	}
	return json.Unmarshal(b, &d.unix)
}

// Schema admits both spellings.
func (UnixOrDay) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{OneOf: []*huma.Schema{{Type: huma.TypeInteger, Format: "int64"}, {Type: huma.TypeString}}}
}

// Day is the calendar day (YYYY-MM-DD) d names in loc: "" when it names none (absent, or zero or
// negative seconds), the text as it came when it was sent as one.
func (d UnixOrDay) Day(loc *time.Location) string {
	if d.text != "" || d.unix <= 0 {
		return d.text
	}
	return time.Unix(d.unix, 0).In(loc).Format(time.DateOnly)
}

// dayUnderTwoNames is a day (unix seconds, 0 for none) a payload may send under two names: a
// coupon's from as its form sends it and from_date as its own list answers it, so a client that
// sends back what it read is understood. Either name may come, or both when they name the same
// day in loc; otherwise code refuses it, about the first name.
func dayUnderTwoNames(code, name string, a *int64, other string, b *int64, loc *time.Location) (int64, error) {
	switch {
	case b == nil:
		if a == nil {
			return 0, nil
		}
		return *a, nil
	case a == nil || *a == *b:
		return *b, nil
	case *a > 0 && *b > 0:
		x, y := time.Unix(*a, 0).In(loc), time.Unix(*b, 0).In(loc)
		if x.Format(time.DateOnly) == y.Format(time.DateOnly) {
			return *b, nil
		}
	}
	return 0, problem.Invalidf(code, name, "Las fechas %s y %s no coinciden: envía solo una de las dos", name, other)
}
