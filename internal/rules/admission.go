package rules

import (
	"slices"
	"socius/internal/locale"
	"strconv"
	"time"

	"socius/internal/problem"
)

// Admission is what the club's rules are held against when a person becomes
// an active member (created, or an inactive member made active again): the
// facts the member package reads in the save's transaction.
type Admission struct {
	Now      time.Time
	Location *time.Location // the club's time zone: where a birthday begins
	// Birthdate in Unix seconds; 0: not known.
	Birthdate int64
	// Active: the record will count among the club's active members.
	Active bool
	// ActiveMembers is how many active members the club would have with
	// this one; read only when the rules set a maximum.
	ActiveMembers int
	// Guarantors are the admission dates (Unix seconds) of the member's
	// guarantors who are themselves active members of the club.
	Guarantors []int64
	// Signed are the declarations the member signed, now or before.
	Signed []string
}

// AgeAt is the age in whole years on t of someone born at birth (Unix
// seconds), both read in loc.
func AgeAt(birth int64, t time.Time, loc *time.Location) int {
	b, n := time.Unix(birth, 0).In(loc), t.In(loc)
	age := n.Year() - b.Year()
	if n.Month() < b.Month() || (n.Month() == b.Month() && n.Day() < b.Day()) {
		age--
	}
	return age
}

// BirthdateRequired: the pack admits nobody whose age it cannot read. Spain's
// clubs have always admitted members without a birth date, so under es the
// minimum age is checked only where a birth date is given.
func (r *Rules) BirthdateRequired() bool { return r.Pack != PackSpain }

// KnownDeclarations refuses a declaration that is not one of Declarations.
func KnownDeclarations(ds []string) error {
	for _, d := range ds {
		if !slices.Contains(Declarations, d) {
			return errUnknownDeclaration(d)
		}
	}
	return nil
}

// declarationNames are the statements as the Spanish messages name them.
var declarationNames = map[string]locale.Phrase{
	DeclNotInOtherClub: locale.P("no ser socio de otra asociación"),
	DeclResident:       locale.P("residir en el país"),
	DeclHabitualUse:    locale.P("consumo habitual"),
}

// Source is the law a value comes from: the article of a legal pack's value
// the club kept as the law set it; "" where the value is the club's own.
func (r *Rules) Source(field string) string {
	p := PackByID(r.Pack)
	if p == nil || !p.Legal || slices.Contains(r.Tightened, field) {
		return ""
	}
	return p.Sources[field]
}

// refusal is a refusal of the admission rules; format has one %s, after its
// args, where the law the value rests on is named (or the club's rules, where
// the value is the club's own), and the params carry that law as source.
func (r *Rules) refusal(code, field, valueField, format string, args ...any) *problem.Invalid {
	src := r.Source(valueField)
	note := locale.P("normas del club")
	if src != "" {
		note = locale.P("ley: %s", src)
	}
	return problem.Invalidf(code, field, format, append(args, note)...).With("source", src)
}

// CheckAdmission holds a new or returning member to the club's rules and
// returns the first refusal, in the order the member form asks: birth date,
// guarantor, declarations, then the club's room for one more active member.
func (r *Rules) CheckAdmission(a Admission) error {
	switch {
	case a.Birthdate == 0 && r.BirthdateRequired():
		return r.refusal("rules.birthdate_required", "birthday", "min_age",
			"Las normas del club dependen de la edad (%s): anota la fecha de nacimiento del socio para darle de alta").
			With("min_age", strconv.Itoa(r.MinAge))
	case a.Birthdate != 0 && AgeAt(a.Birthdate, a.Now, a.Location) < r.MinAge:
		age := AgeAt(a.Birthdate, a.Now, a.Location)
		return r.refusal("rules.min_age", "birthday", "min_age",
			"El socio debe tener al menos %d años y tiene %d (%s)", r.MinAge, age).
			With("min_age", strconv.Itoa(r.MinAge)).With("age", strconv.Itoa(age))
	}
	if r.GuarantorRequired && !r.guaranteed(a) {
		if r.GuarantorMinDays == 0 {
			return r.refusal("rules.guarantor_required", "endorsement_member", "guarantor_required",
				"El socio necesita el aval de un socio activo (%s)").With("min_days", "0")
		}
		return r.refusal("rules.guarantor_required", "endorsement_member", "guarantor_min_days",
			"El socio necesita el aval de un socio activo desde hace al menos %d días (%s)", r.GuarantorMinDays).
			With("min_days", strconv.Itoa(r.GuarantorMinDays))
	}
	for _, d := range r.Declarations {
		if !slices.Contains(a.Signed, d) {
			return r.refusal("rules.declaration_required", "declarations", "declarations",
				"Falta la declaración firmada del socio: «%s» (%s)", declarationNames[d]).With("declaration", d)
		}
	}
	if r.MaxMembers != nil && a.Active && a.ActiveMembers > *r.MaxMembers {
		return r.refusal("rules.max_members", "status_member", "max_members",
			"El club ya tiene %d socios activos, el máximo (%s): da de baja a otro o guarda este socio como inactivo", *r.MaxMembers).
			With("max_members", strconv.Itoa(*r.MaxMembers))
	}
	return nil
}

// guaranteed: one of the guarantors has been a member long enough.
func (r *Rules) guaranteed(a Admission) bool {
	since := a.Now.Unix() - int64(r.GuarantorMinDays)*86400
	return slices.ContainsFunc(a.Guarantors, func(admitted int64) bool { return admitted <= since })
}
