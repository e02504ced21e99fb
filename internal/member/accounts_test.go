package member_test

import (
	"errors"
	"testing"

	"socius/internal/member"
	"socius/internal/problem"
)

// The quick registration requires DNI and phone and takes only a positive
// member number; an SMS invitation's phone is digits and spaces.
func TestRegistrationAndPhoneRules(t *testing.T) {
	code := func(err error) string {
		var inv *problem.Invalid
		if errors.As(err, &inv) {
			return inv.Code
		}
		return ""
	}
	for _, c := range []struct {
		dni, phone, number, code string
		want                     int64
	}{
		{"11111111H", "600000000", "", "", 0},
		{"11111111H", "600000000", " 42 ", "", 42},
		{" ", "600000000", "", "member.dni_phone_required", 0},
		{"11111111H", "  ", "", "member.dni_phone_required", 0},
		{"11111111H", "600000000", "0", "member.number_invalid", 0},
		{"11111111H", "600000000", "-3", "member.number_invalid", 0},
		{"11111111H", "600000000", "7a", "member.number_invalid", 0},
	} {
		n, err := member.CheckRegistration(c.dni, c.phone, c.number)
		if code(err) != c.code || (err == nil) != (c.code == "") {
			t.Errorf("%q %q %q: error %v, want code %q", c.dni, c.phone, c.number, err, c.code)
			continue
		}
		if got := int64(0); n != nil {
			got = *n
			if got != c.want {
				t.Errorf("%q: number %d, want %d", c.number, got, c.want)
			}
		} else if c.want != 0 {
			t.Errorf("%q: no number, want %d", c.number, c.want)
		}
	}
	for phone, ok := range map[string]bool{"600 00 00 00": true, "": true, "+34600": false, "600-000": false, "6OO": false} {
		if err := member.CheckPhone(phone); (err == nil) != ok || (!ok && code(err) != "member.phone_invalid") {
			t.Errorf("phone %q: %v", phone, err)
		}
	}
}
