package pos

import (
	"context"
	"fmt"
	"strings"
	"time"

	"socius/internal/amount"
	"socius/internal/club"
	"socius/internal/db"
	"socius/internal/locale"
	"socius/internal/problem"
	"socius/internal/rules"
	"socius/internal/textnorm"
)

// Dispensed is what a member received in the current day, month and year of
// the club's time zone: paid lines minus refunds, in thousandths of a gram.
type Dispensed struct {
	Day, Month, Year            int64
	DayStart, MonthStart, Start int64 // Start: the year's first second
}

// periodStarts are the first seconds of the day, month and year of t in tz.
func periodStarts(t time.Time, tz string) (day, month, year int64) {
	loc := club.Location(tz)
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc).Unix(),
		time.Date(l.Year(), l.Month(), 1, 0, 0, 0, 0, loc).Unix(),
		time.Date(l.Year(), 1, 1, 0, 0, 0, 0, loc).Unix()
}

// dispensed sums a member's grams of the day, month and year around now.
func dispensed(ctx context.Context, q db.Q, memberID int64, now time.Time, tz string) (Dispensed, error) {
	var d Dispensed
	var err error
	d.DayStart, d.MonthStart, d.Start = periodStarts(now, tz)
	for _, p := range []struct {
		sum   *int64
		since int64
	}{{&d.Day, d.DayStart}, {&d.Month, d.MonthStart}, {&d.Year, d.Start}} {
		if *p.sum, err = monthGrams(ctx, q, memberID, p.since); err != nil {
			return d, err
		}
	}
	return d, nil
}

// ageAt is the age in whole years on t of someone born at birth (Unix
// seconds), both read in tz.
func ageAt(birth int64, t time.Time, tz string) int {
	return rules.AgeAt(birth, t, club.Location(tz))
}

// limitBroken is one limit the order would pass.
type limitBroken struct {
	code          string        // rules.day_limit…
	name, period  locale.Phrase // the limit's name and its period ("hoy", "este mes"), translated with the message
	limit, taken  int64         // the limit, and what the member took in its period
	since         int64         // the period's first second
	supervisorMay bool          // the pack lets a supervisor pass it with a reason
}

func (l limitBroken) error(grams int64, tz string) error {
	left := max(l.limit-l.taken, 0)
	return problem.Invalidf(l.code, "override_reason",
		"Con este pedido el socio pasaría del %s de %s g: %s lleva %s g y le quedan %s g; el pedido son %s g",
		l.name, amount.Milli(l.limit).String(), l.period, amount.Milli(l.taken).String(), amount.Milli(left).String(), amount.Milli(grams).String()).
		With("limit", amount.Milli(l.limit).String()).With("taken", amount.Milli(l.taken).String()).
		With("left", amount.Milli(left).String()).With("grams", amount.Milli(grams).String()).
		With("since", time.Unix(l.since, 0).In(club.Location(tz)).Format("2006-01-02")).
		With("override", overrideParam(l.supervisorMay))
}

// overrideParam tells the counter whether a supervisor's reason can pass a
// limit, so it asks for one only where it would be heard.
func overrideParam(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "refused"
}

var (
	errOverrideNotAllowed = problem.Invalidf("rules.override_not_allowed", "override_reason",
		"Las normas de este club no permiten pasar un límite: el pedido debe ajustarse a ellos")
	errBirthdateRequired = problem.Invalidf("rules.birthdate_required", "membership_id",
		"Las normas del club dependen de la edad: anota la fecha de nacimiento del socio antes de dispensarle")
	errTHCMax = func(title string, max amount.Percent) error {
		return problem.Invalidf("rules.thc_max", "products",
			"«%s» no se puede dispensar a un socio de la franja joven: su THC no consta o pasa del %s %%", title, max.String()).
			With("product", title).With("thc_max", max.String())
	}
	errFeeExpired = problem.Invalidf("rules.fee_expired", "membership_id",
		"La cuota del socio ha vencido: renuévala antes de dispensarle")
	errWaitingDays = func(days int, from int64, tz string) error {
		date := time.Unix(from, 0).In(club.Location(tz))
		return problem.Invalidf("rules.waiting_days", "membership_id",
			"Un socio nuevo espera %d días antes de su primera dispensación", days).
			With("days", fmt.Sprint(days)).With("from", date.Format("2006-01-02"))
	}
)

// checkRules holds the order to the club's rule pack, in the pay's
// transaction. A member has one cart, whose pay locks it, so two counters'
// pays for one member already queue; the grams are still summed under a lock
// on the member, so the limits hold should that ever change.
func (p *payment) checkRules(ctx context.Context) error {
	r, err := rules.ForClub(ctx, p.tx, p.club)
	if err != nil {
		return err
	}
	p.rules = r
	reason := strings.TrimSpace(p.in.Override)
	if reason != "" && !r.Override {
		return errOverrideNotAllowed
	}
	var grams int64
	for _, l := range p.lines {
		grams += l.grams
	}
	if grams == 0 {
		return nil
	}
	m, now := p.member, p.s.now()
	if r.FeeExpiredBlocks && m.EndDate < now.Unix() && !p.paysFee() {
		return errFeeExpired
	}
	if from := m.Created + int64(r.WaitingDays)*86400; r.WaitingDays > 0 && now.Unix() < from {
		return errWaitingDays(r.WaitingDays, from, m.Timezone)
	}
	young := false
	if r.YoungMaxAge != nil {
		if m.Birthdate == 0 {
			return errBirthdateRequired
		}
		young = ageAt(m.Birthdate, now, m.Timezone) <= *r.YoungMaxAge
	}
	if young && r.YoungTHCMax != nil {
		for _, l := range p.lines {
			if l.grams > 0 && (l.product == nil || l.product.THC == nil || *l.product.THC > int64(*r.YoungTHCMax)) {
				return errTHCMax(l.title(), *r.YoungTHCMax)
			}
		}
	}
	if err := db.Lock(ctx, p.tx, db.LockGrams, m.ID); err != nil {
		return err
	}
	if p.dispensed, err = dispensed(ctx, p.tx, m.ID, now, m.Timezone); err != nil {
		return err
	}
	broken := p.brokenLimit(grams, young)
	switch {
	case broken == nil:
		return nil
	case !r.Override || !textnorm.HasWords(reason):
		return broken.error(grams, m.Timezone)
	case !p.actor.Supervisor:
		return errOverrideRole
	}
	p.override = reason
	return nil
}

// brokenLimit is the first limit the order's grams would pass, or nil.
func (p *payment) brokenLimit(grams int64, young bool) *limitBroken {
	r, d := p.rules, p.dispensed
	check := func(limit *amount.Milli, taken, since int64, code string, name, period locale.Phrase) *limitBroken {
		if limit == nil || taken+grams <= int64(*limit) {
			return nil
		}
		return &limitBroken{code: code, name: name, period: period, limit: int64(*limit), taken: taken, since: since, supervisorMay: r.Override}
	}
	for _, l := range []*limitBroken{
		check(r.DayLimit, d.Day, d.DayStart, "rules.day_limit", locale.P("límite diario"), locale.P("hoy")),
		youngOnly(young, check(r.YoungMonthLimit, d.Month, d.MonthStart, "rules.young_month_limit", locale.P("límite mensual de los socios jóvenes"), locale.P("este mes"))),
		check(r.MonthLimit, d.Month, d.MonthStart, "rules.month_limit", locale.P("límite mensual"), locale.P("este mes")),
		check(r.YearLimit, d.Year, d.Start, "rules.year_limit", locale.P("límite anual"), locale.P("este año")),
	} {
		if l != nil {
			return l
		}
	}
	return nil
}

func youngOnly(young bool, l *limitBroken) *limitBroken {
	if !young {
		return nil
	}
	return l
}

// paysFee says whether the order renews the member's fee.
func (p *payment) paysFee() bool {
	for _, l := range p.lines {
		if l.fee != nil {
			return true
		}
	}
	return false
}
