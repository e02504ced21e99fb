// Package rules holds the law a club keeps: the jurisdiction rule packs
// (their values and legal sources, as data) and each club's choice of pack
// with the values it tightened. docs/club-rules.md explains each pack.
package rules

import (
	"slices"

	"socius/internal/amount"
	"socius/internal/locale"
	"socius/internal/problem"
)

// The packs a club may choose.
const (
	PackSpain   = "es"
	PackGermany = "de-kcang"
	PackMalta   = "mt-aruc"
	PackUruguay = "uy"
	PackCustom  = "custom"
)

// The statements a member may be asked to sign at admission.
const (
	DeclNotInOtherClub = "not_in_other_club"
	DeclResident       = "resident"
	DeclHabitualUse    = "habitual_use"
)

// Declarations are the statements known, in the order the form shows them.
var Declarations = []string{DeclNotInOtherClub, DeclResident, DeclHabitualUse}

// Values are a club's rules. A nil limit does not apply.
type Values struct {
	DayLimit                  *amount.Milli   `json:"day_limit_g" nullable:"true" doc:"Grams a member may receive in a calendar day; null: no limit"`
	MonthLimit                *amount.Milli   `json:"month_limit_g" nullable:"true" doc:"Grams in a calendar month; null: no limit"`
	YearLimit                 *amount.Milli   `json:"year_limit_g" nullable:"true" doc:"Grams in a calendar year; null: no limit"`
	YoungMaxAge               *int            `json:"young_max_age" nullable:"true" minimum:"18" maximum:"99" doc:"The young band: members from the minimum age up to this age; null: no band"`
	YoungMonthLimit           *amount.Milli   `json:"young_month_limit_g" nullable:"true" doc:"Grams a month for the young band"`
	YoungTHCMax               *amount.Percent `json:"young_thc_max" nullable:"true" doc:"Highest THC content in percent the young band may receive"`
	MinAge                    int             `json:"min_age" minimum:"18" maximum:"99" doc:"Minimum age to be admitted"`
	MaxMembers                *int            `json:"max_members" nullable:"true" minimum:"1" maximum:"1000000" doc:"Most active members; null: no limit"`
	WaitingDays               int             `json:"waiting_days" minimum:"0" maximum:"3650" doc:"Days between admission and the first dispensation"`
	GuarantorRequired         bool            `json:"guarantor_required" doc:"A new member needs an active member's guarantee"`
	GuarantorMinDays          int             `json:"guarantor_min_days" minimum:"0" maximum:"3650" doc:"How long the guarantor must have been an active member"`
	Declarations              []string        `json:"declarations" doc:"Statements a new member signs: not_in_other_club, resident, habitual_use"`
	Override                  bool            `json:"override" doc:"A Manager or Administrador may let a sale pass a limit with a written reason"`
	FeeExpiredBlocks          bool            `json:"fee_expired_blocks" doc:"A member whose fee has expired receives nothing"`
	RetentionYears            *int            `json:"retention_years" nullable:"true" minimum:"1" maximum:"100" doc:"Years the dispensation register keeps personal data; null: kept"`
	DeclarationRetentionYears *int            `json:"declaration_retention_years" nullable:"true" minimum:"1" maximum:"100" doc:"Years admission declarations are kept; null: kept"`
	LabRequired               bool            `json:"lab_required" doc:"A cultivation batch is released to a product only with a passed lab result"`
	SlipRequired              bool            `json:"slip_required" doc:"The counter prints the information slip with every dispensation"`
}

// Pack is a set of values and the law they come from.
type Pack struct {
	ID   string `json:"pack"`
	Name string `json:"name"`
	// Warnings is the health warnings text the information slip carries
	// (Spanish; the slip prints it in its reader's language).
	Warnings string `json:"warnings" doc:"The health warnings the information slip carries"`
	Legal    bool   `json:"legal" doc:"The values are the law's: a club may tighten them, never loosen them"`
	Source   string `json:"source" doc:"The law or practice the values rest on"`
	Values
	// Sources names, per value (its JSON name), the article it comes from.
	Sources map[string]string `json:"sources"`
}

func grams(g int64) *amount.Milli { v := amount.Milli(g * 1000); return &v }
func num(n int) *int              { return &n }
func pct(hundredths int64) *amount.Percent {
	v := amount.Percent(hundredths)
	return &v
}

// HealthWarnings is what the information slip says of the risks of cannabis
// and where to find help (KCanG § 21(3): the risks of consumption and the
// counselling and treatment services). Every pack carries it; a pack whose
// law words it otherwise gets its own.
const HealthWarnings = "El consumo de cannabis puede dañar la salud, sobre todo antes de los 25 años: afecta a la memoria, la atención y la salud mental, y puede crear dependencia. " +
	"No conduzca ni maneje máquinas después de consumir. No consuma durante el embarazo ni la lactancia. Guárdelo fuera del alcance de niños y jóvenes. " +
	"Si necesita ayuda, su club le informa de los servicios de prevención y tratamiento de adicciones de su zona."

// WarningsIn is the pack's health warnings in a language.
func (p *Pack) WarningsIn(l locale.Lang) string {
	if p.Warnings == HealthWarnings {
		return locale.Text(l, HealthWarnings)
	}
	return p.Warnings
}

// Packs are the rule packs, the data every check reads (shared/LAW.md).
var Packs = []Pack{
	{
		ID: PackSpain, Warnings: HealthWarnings, Name: "España (autorregulación del club)",
		Source:  "No national statute: the club's statutes and its federation's code; the member's monthly forecast stays the club's own cap",
		Values:  Values{MinAge: 18, Override: true, Declarations: []string{}},
		Sources: map[string]string{"min_age": "Statutes: members of age", "override": "The club's own rule"},
	},
	{
		ID: PackGermany, Warnings: HealthWarnings, Name: "Deutschland — Konsumcannabisgesetz (KCanG)", Legal: true,
		Source: "Konsumcannabisgesetz (KCanG), 2024, §§ 16, 19, 26",
		Values: Values{DayLimit: grams(25), MonthLimit: grams(50), YoungMaxAge: num(20), YoungMonthLimit: grams(30), YoungTHCMax: pct(10_00),
			MinAge: 18, MaxMembers: num(500), Declarations: []string{DeclNotInOtherClub, DeclResident},
			RetentionYears: num(5), DeclarationRetentionYears: num(3), LabRequired: true, SlipRequired: true},
		Sources: map[string]string{
			"day_limit_g": "KCanG § 19(3)", "month_limit_g": "KCanG § 19(3)", "young_max_age": "KCanG § 19(3)",
			"young_month_limit_g": "KCanG § 19(3)", "young_thc_max": "KCanG § 19(3)", "min_age": "KCanG § 16",
			"max_members": "KCanG § 16", "declarations": "KCanG § 16", "override": "KCanG § 19(3)",
			"retention_years": "KCanG § 26(2)", "declaration_retention_years": "KCanG § 16",
			"lab_required": "KCanG § 18", "slip_required": "KCanG § 21",
		},
	},
	{
		ID: PackMalta, Warnings: HealthWarnings, Name: "Malta — ARUC harm reduction associations", Legal: true,
		Source: "Authority on the Responsible Use of Cannabis (ARUC) regulations, 2023",
		Values: Values{DayLimit: grams(7), MonthLimit: grams(50), MinAge: 18, MaxMembers: num(500),
			Declarations: []string{DeclNotInOtherClub, DeclResident}},
		Sources: map[string]string{
			"day_limit_g": "ARUC regulations", "month_limit_g": "ARUC regulations", "min_age": "ARUC regulations",
			"max_members": "ARUC regulations", "declarations": "ARUC regulations", "override": "ARUC regulations",
		},
	},
	{
		ID: PackUruguay, Warnings: HealthWarnings, Name: "Uruguay — Ley 19.172 (IRCCA)", Legal: true,
		Source: "Ley 19.172, clubes de membresía (IRCCA)",
		Values: Values{MonthLimit: grams(40), YearLimit: grams(480), MinAge: 18, MaxMembers: num(45),
			Declarations: []string{DeclResident}},
		Sources: map[string]string{
			"month_limit_g": "Ley 19.172", "year_limit_g": "Ley 19.172", "min_age": "Ley 19.172",
			"max_members": "Ley 19.172", "declarations": "Ley 19.172", "override": "Ley 19.172",
		},
	},
	{
		ID: PackCustom, Warnings: HealthWarnings, Name: "Personalizado",
		Source:  "The club's own values",
		Values:  Values{MinAge: 18, Override: true, Declarations: []string{}},
		Sources: map[string]string{},
	},
}

// PackByID returns the pack, or nil.
func PackByID(id string) *Pack {
	for i := range Packs {
		if Packs[i].ID == id {
			return &Packs[i]
		}
	}
	return nil
}

var errUnknownPack = problem.Invalidf("rules.unknown_pack", "pack", "Este conjunto de normas no existe")

func errUnknownDeclaration(d string) error {
	return problem.Invalidf("rules.unknown_declaration", "declarations", "La declaración «%s» no existe", d).With("declaration", d)
}

// errLooser refuses a value that loosens a legal pack, naming the value and the law.
func errLooser(p *Pack, field string) error {
	return problem.Invalidf("rules.looser_than_law", field,
		"Este valor es menos estricto que la ley (%s): solo se puede endurecer", p.Sources[field]).
		With("field", field).With("source", p.Sources[field])
}

// Check validates values against their pack: known declarations, and for a
// legal pack, nothing looser than the law. The first problem found is named.
func (v *Values) Check(p *Pack) error {
	if err := KnownDeclarations(v.Declarations); err != nil {
		return err
	}
	if v.YoungMaxAge != nil && *v.YoungMaxAge < v.MinAge {
		return problem.Invalidf("rules.young_band", "young_max_age", "La franja joven debe empezar en la edad mínima")
	}
	if !p.Legal {
		return nil
	}
	law := p.Values
	switch {
	case looserLimit(law.DayLimit, v.DayLimit):
		return errLooser(p, "day_limit_g")
	case looserLimit(law.MonthLimit, v.MonthLimit):
		return errLooser(p, "month_limit_g")
	case looserLimit(law.YearLimit, v.YearLimit):
		return errLooser(p, "year_limit_g")
	case law.YoungMaxAge != nil && (v.YoungMaxAge == nil || *v.YoungMaxAge < *law.YoungMaxAge):
		return errLooser(p, "young_max_age")
	case looserLimit(law.YoungMonthLimit, v.YoungMonthLimit):
		return errLooser(p, "young_month_limit_g")
	case law.YoungTHCMax != nil && (v.YoungTHCMax == nil || *v.YoungTHCMax > *law.YoungTHCMax):
		return errLooser(p, "young_thc_max")
	case v.MinAge < law.MinAge:
		return errLooser(p, "min_age")
	case law.MaxMembers != nil && (v.MaxMembers == nil || *v.MaxMembers > *law.MaxMembers):
		return errLooser(p, "max_members")
	case v.WaitingDays < law.WaitingDays:
		return errLooser(p, "waiting_days")
	case law.GuarantorRequired && !v.GuarantorRequired:
		return errLooser(p, "guarantor_required")
	case v.GuarantorMinDays < law.GuarantorMinDays:
		return errLooser(p, "guarantor_min_days")
	case slices.ContainsFunc(law.Declarations, func(d string) bool { return !slices.Contains(v.Declarations, d) }):
		return errLooser(p, "declarations")
	case v.Override && !law.Override:
		return errLooser(p, "override")
	case law.FeeExpiredBlocks && !v.FeeExpiredBlocks:
		return errLooser(p, "fee_expired_blocks")
	// the law says how long records are kept, no more (privacy) and no less
	case !sameYears(law.RetentionYears, v.RetentionYears):
		return errLooser(p, "retention_years")
	case !sameYears(law.DeclarationRetentionYears, v.DeclarationRetentionYears):
		return errLooser(p, "declaration_retention_years")
	case law.LabRequired && !v.LabRequired:
		return errLooser(p, "lab_required")
	case law.SlipRequired && !v.SlipRequired:
		return errLooser(p, "slip_required")
	}
	return nil
}

// looserLimit: the law sets a limit and the club's is missing or higher.
func looserLimit(law, club *amount.Milli) bool {
	return law != nil && (club == nil || *club > *law)
}

func sameYears(law, club *int) bool {
	return law == nil || (club != nil && *club == *law)
}

// Rules are a club's pack and values.
type Rules struct {
	Pack string `json:"pack"`
	Values
	// Tightened names the values the club set stricter than its pack.
	Tightened []string `json:"tightened"`
}
