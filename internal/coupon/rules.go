package coupon

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"socius/internal/amount"
	"socius/internal/club"
	"socius/internal/problem"
)

// dayBounds turns the chosen from and to into the first second of the from
// day and the last second of the to day in the club's time zone, so a coupon
// "until the 31st" works all of the 31st.
func dayBounds(from, to int64, tz string) (int64, int64) {
	loc := location(tz)
	if from > 0 {
		t := time.Unix(from, 0).In(loc)
		from = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, loc).Unix()
	}
	if to > 0 {
		t := time.Unix(to, 0).In(loc)
		to = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, loc).Unix() - 1
	}
	return from, to
}

func location(tz string) *time.Location { return club.Location(tz) }

// day is a date as the spec shows it (dd/MM/yyyy) in the club's time zone.
func day(t int64, tz string) string { return time.Unix(t, 0).In(location(tz)).Format("02/01/2006") }

func (in *Input) validate() error {
	in.Code, in.Title = strings.TrimSpace(in.Code), strings.TrimSpace(in.Title)
	switch {
	case in.Code == "":
		return errFields.At("code")
	case in.Title == "":
		return errFields.At("title")
	case in.Discount == nil:
		return errFields.At("discount")
	case !codePattern.MatchString(in.Code):
		return errCode
	case len([]rune(in.Title)) > MaxTitle:
		return errTitle
	case len([]rune(in.Notes)) > MaxNotes:
		return errNotes
	case in.Type != TypeEuros && in.Type != TypePercent:
		return errType
	case in.Status != nil && *in.Status != 0 && *in.Status != 1:
		return errStatusValue
	case *in.Discount <= 0:
		return errPositive
	case in.Type == TypePercent && *in.Discount > 10000:
		return errPercent
	case in.Discount.Check() != nil || in.MinAmount.Check() != nil:
		return problem.Invalidf("amount.too_large", "discount", "%s", amount.ErrMoneyTooLarge.Error())
	case in.UsesCoupon < 0:
		return errNumeric.At("use_number_coupon")
	case in.UsesUser < 0:
		return errNumeric.At("use_number_user")
	case in.MinAmount < 0:
		return errNumeric.At("min_amount_order")
	case in.From < 0 || in.To < 0:
		return errNumeric.At("from")
	case in.UserType != 0 && in.UserType != UserLudico && in.UserType != UserTerapeutico:
		return errUserType
	case len(in.ProductCategories)+len(in.Products) > MaxScope:
		return errScope
	}
	in.From, in.To = dayBounds(in.From, in.To, in.Timezone)
	if in.From > 0 && in.To > 0 && in.To < in.From {
		return errDates
	}
	return nil
}

// allowedOn checks an edit of cur by a caller without MaySwitch.
func (in *Input) allowedOn(cur *Coupon) error {
	if in.MaySwitch {
		return nil
	}
	if in.Status != nil && *in.Status != cur.Status {
		return ErrSwitchForbidden
	}
	if cur.Status == 1 && !in.sameTerms(cur) {
		return ErrTermsForbidden
	}
	return nil
}

// sameTerms reports whether a validated input leaves everything but the
// wording of c as it is.
func (in *Input) sameTerms(c *Coupon) bool {
	return Key(in.Code) == Key(c.Code) && in.Type == c.Type && *in.Discount == c.Discount &&
		in.From == c.FromDate && in.To == c.ToDate && in.UsesCoupon == c.UseNumberCoupon && in.UsesUser == c.UseNumberUser &&
		in.UserType == c.UseUserType && in.UserCategory == c.UseUserCategory && in.MinAmount == c.MinAmountOrder &&
		in.Cumulative == c.Cumulative && slices.Equal(dedupe(in.ProductCategories), dedupe(c.ProductCategories)) &&
		slices.Equal(dedupe(in.Products), dedupe(c.UseProducts))
}

func dedupe(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// Applies marks the lines a coupon is limited to (nil: the whole order).
func (c *Coupon) Applies(lines []LineFacts) []bool {
	if len(c.ProductCategories) == 0 && len(c.UseProducts) == 0 {
		return nil
	}
	out := make([]bool, len(lines))
	for i, l := range lines {
		out[i] = l.ProductID != 0 && (slices.Contains(c.UseProducts, l.ProductID) || slices.Contains(c.ProductCategories, l.CategoryID))
	}
	return out
}

// Check says why the coupon cannot be used on the order, or nil. Each
// refusal names the rule that failed.
func (c *Coupon) Check(f Facts) error {
	with := func(e *problem.Invalid) error { return e.With("coupon", c.Code) }
	switch {
	case c.Deleted == 1:
		return with(problem.Invalidf("coupon.deleted", "coupon_id", "El cupón %s se ha eliminado", c.Code))
	case c.Status != 1:
		return with(problem.Invalidf("coupon.inactive", "coupon_id", "El cupón %s no está activo", c.Code))
	case c.FromDate > 0 && f.Now < c.FromDate:
		d := day(c.FromDate, f.Timezone)
		return with(problem.Invalidf("coupon.not_started", "coupon_id", "El cupón %s es válido a partir del %s", c.Code, d).With("date", d))
	case c.ToDate > 0 && f.Now > c.ToDate:
		d := day(c.ToDate, f.Timezone)
		return with(problem.Invalidf("coupon.expired", "coupon_id", "El cupón %s caducó el %s", c.Code, d).With("date", d))
	case c.UseNumberCoupon > 0 && c.Uses >= c.UseNumberCoupon:
		return with(problem.Invalidf("coupon.used_up", "coupon_id", "El cupón %s ya se ha usado las %d veces que permite", c.Code, c.UseNumberCoupon).
			With("uses", fmt.Sprint(c.UseNumberCoupon)))
	case c.UseNumberUser > 0 && f.MemberUses >= c.UseNumberUser:
		return with(problem.Invalidf("coupon.member_used_up", "coupon_id", "Este socio ya ha usado el cupón %s las %d veces que permite por socio", c.Code, c.UseNumberUser).
			With("uses", fmt.Sprint(c.UseNumberUser)))
	case c.UseUserType == UserLudico && f.MemberType != "ludico":
		return with(problem.Invalidf("coupon.only_ludico", "coupon_id", "El cupón %s es solo para socios lúdicos", c.Code))
	case c.UseUserType == UserTerapeutico && f.MemberType != "terapeutico":
		return with(problem.Invalidf("coupon.only_terapeutico", "coupon_id", "El cupón %s es solo para socios terapéuticos", c.Code))
	case c.UseUserCategory != 0 && f.MemberCategory != c.UseUserCategory:
		return with(problem.Invalidf("coupon.member_category", "coupon_id", "El cupón %s es solo para socios de otra categoría", c.Code))
	case c.MinAmountOrder > 0 && f.Base < int64(c.MinAmountOrder):
		return with(problem.Invalidf("coupon.min_amount", "coupon_id", "El cupón %s necesita un pedido de al menos %s €", c.Code, c.MinAmountOrder.String()).
			With("amount", c.MinAmountOrder.String()))
	}
	applies := c.Applies(f.Lines)
	inScope := false
	for i, l := range f.Lines {
		if applies == nil || applies[i] {
			if l.Discountable {
				return nil
			}
			inScope = inScope || l.ProductID != 0
		}
	}
	if inScope { // say why, or the person is left guessing: the products exist, they take no discounts
		return with(problem.Invalidf("coupon.no_discountable", "coupon_id",
			"El cupón %s no se aplica: ningún producto del pedido admite descuentos (se activa en la ficha del producto)", c.Code))
	}
	return with(problem.Invalidf("coupon.no_lines", "coupon_id", "Ningún producto del pedido entra en el cupón %s", c.Code))
}
