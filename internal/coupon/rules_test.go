package coupon

import (
	"errors"
	"testing"
	"time"

	"socius/internal/amount"
	"socius/internal/problem"
)

const madrid = "Europe/Madrid"

func at(s string) int64 {
	loc, _ := time.LoadLocation(madrid)
	t, err := time.ParseInLocation("2006-01-02 15:04:05", s, loc)
	if err != nil {
		panic(err)
	}
	return t.Unix()
}

// A coupon "from the 1st to the 31st" covers all of both days in the club's
// time zone, across a change of summer time.
func TestCouponDaysAreWholeDaysOfTheClub(t *testing.T) {
	from, to := dayBounds(at("2026-03-01 17:30:00"), at("2026-03-31 09:00:00"), madrid)
	if from != at("2026-03-01 00:00:00") || to != at("2026-03-31 23:59:59") {
		t.Fatalf("bounds %s .. %s", time.Unix(from, 0), time.Unix(to, 0))
	}
	if f, e := dayBounds(0, 0, madrid); f != 0 || e != 0 {
		t.Fatalf("no dates became %d .. %d", f, e)
	}
}

// Each refusal of a coupon at the counter names its rule, in the order the
// rules are checked, and a coupon that passes them all applies.
func TestCouponCheckNamesTheRuleThatFailed(t *testing.T) {
	ok := func() Coupon {
		return Coupon{Code: "VERANO", Status: 1, FromDate: at("2026-06-01 00:00:00"), ToDate: at("2026-08-31 23:59:59"),
			UseNumberCoupon: 10, Uses: 9, UseNumberUser: 2, UseUserType: UserLudico, UseUserCategory: 7, MinAmountOrder: 2000}
	}
	facts := func() Facts {
		return Facts{Now: at("2026-07-15 12:00:00"), Timezone: madrid, MemberType: "ludico", MemberCategory: 7, MemberUses: 1,
			Base: 2000, Lines: []LineFacts{{ProductID: 1, CategoryID: 3, Discountable: true}}}
	}
	for _, c := range []struct {
		name string
		edit func(*Coupon, *Facts)
		code string
	}{
		{"applies", func(*Coupon, *Facts) {}, ""},
		{"deleted", func(c *Coupon, _ *Facts) { c.Deleted = 1; c.Status = 0 }, "coupon.deleted"},
		{"off", func(c *Coupon, _ *Facts) { c.Status = 0 }, "coupon.inactive"},
		{"a second before its first day", func(_ *Coupon, f *Facts) { f.Now = at("2026-05-31 23:59:59") }, "coupon.not_started"},
		{"its last second", func(_ *Coupon, f *Facts) { f.Now = at("2026-08-31 23:59:59") }, ""},
		{"after its last day", func(_ *Coupon, f *Facts) { f.Now = at("2026-09-01 00:00:00") }, "coupon.expired"},
		{"used up", func(c *Coupon, _ *Facts) { c.Uses = 10 }, "coupon.used_up"},
		{"used up by the member", func(_ *Coupon, f *Facts) { f.MemberUses = 2 }, "coupon.member_used_up"},
		{"therapeutic member", func(_ *Coupon, f *Facts) { f.MemberType = "terapeutico" }, "coupon.only_ludico"},
		{"therapeutic only", func(c *Coupon, _ *Facts) { c.UseUserType = UserTerapeutico }, "coupon.only_terapeutico"},
		{"other category", func(_ *Coupon, f *Facts) { f.MemberCategory = 8 }, "coupon.member_category"},
		{"a cent short", func(_ *Coupon, f *Facts) { f.Base = 1999 }, "coupon.min_amount"},
		{"nothing takes discounts", func(_ *Coupon, f *Facts) { f.Lines[0].Discountable = false }, "coupon.no_discountable"},
		{"a fee only", func(_ *Coupon, f *Facts) { f.Lines = []LineFacts{{}} }, "coupon.no_lines"},
		{"limited to other products", func(c *Coupon, _ *Facts) { c.UseProducts = []int64{2} }, "coupon.no_lines"},
		{"limited to the line's category", func(c *Coupon, _ *Facts) { c.ProductCategories = []int64{3} }, ""},
	} {
		cp, f := ok(), facts()
		c.edit(&cp, &f)
		if got := problem.Code(cp.Check(f)); got != c.code {
			t.Errorf("%s: %q, want %q", c.name, got, c.code)
		}
	}
}

// A coupon form is refused field by field, and a caller who may not switch
// coupons keeps an active coupon's terms.
func TestCouponFormRules(t *testing.T) {
	cents := func(v amount.Cents) *amount.Cents { return &v }
	good := func() Input {
		return Input{Code: "VERANO-26", Title: "Verano", Type: TypePercent, Discount: cents(1000), Timezone: madrid}
	}
	for _, c := range []struct {
		name string
		edit func(*Input)
		code string
	}{
		{"valid", func(*Input) {}, ""},
		{"no code", func(in *Input) { in.Code = "  " }, "coupon.fields_required"},
		{"no discount", func(in *Input) { in.Discount = nil }, "coupon.fields_required"},
		{"code with a space", func(in *Input) { in.Code = "VER ANO" }, "coupon.code_invalid"},
		{"zero", func(in *Input) { in.Discount = cents(0) }, "coupon.discount_positive"},
		{"over 100 %", func(in *Input) { in.Discount = cents(10001) }, "coupon.percent_range"},
		{"100 %", func(in *Input) { in.Discount = cents(10000) }, ""},
		{"ends before it starts", func(in *Input) { in.From, in.To = at("2026-07-02 10:00:00"), at("2026-07-01 10:00:00") }, "coupon.dates"},
		{"one day", func(in *Input) { in.From, in.To = at("2026-07-01 10:00:00"), at("2026-07-01 09:00:00") }, ""},
	} {
		in := good()
		c.edit(&in)
		err := in.validate()
		if got := problem.Code(err); got != c.code || (err == nil) != (c.code == "") {
			t.Errorf("%s: %v (%q), want %q", c.name, err, got, c.code)
		}
	}

	cur := &Coupon{Code: "VERANO-26", Type: TypePercent, Discount: 1000, Status: 1}
	on, off := 1, 0
	for _, c := range []struct {
		name   string
		edit   func(*Input)
		status int
		want   error
	}{
		{"rewording an active coupon", func(in *Input) { in.Title = "Verano 2026" }, 1, nil},
		{"switching it off", func(in *Input) { in.Status = &off }, 1, ErrSwitchForbidden},
		{"keeping its switch", func(in *Input) { in.Status = &on }, 1, nil},
		{"raising an active coupon's discount", func(in *Input) { in.Discount = cents(2000) }, 1, ErrTermsForbidden},
		{"raising a switched-off coupon's discount", func(in *Input) { in.Discount = cents(2000) }, 0, nil},
	} {
		in := good()
		c.edit(&in)
		if err := in.validate(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		cp := *cur
		cp.Status = c.status
		if err := in.allowedOn(&cp); !errors.Is(err, c.want) && !(err == nil && c.want == nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		in.MaySwitch = true
		if err := in.allowedOn(&cp); err != nil {
			t.Errorf("%s by a Manager: %v", c.name, err)
		}
	}
}
