package rules

import (
	"context"
	"encoding/json"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
)

// Service keeps each club's rules.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d, now: time.Now} }

// Get returns the club's rules: its pack (es when it never chose) and values.
func (s *Service) Get(ctx context.Context, clubID int64) (*Rules, error) {
	return ForClub(ctx, s.db.R, clubID)
}

// ForClub reads the club's rules through q, so a sale checks them inside its
// own transaction.
func ForClub(ctx context.Context, q db.Q, clubID int64) (*Rules, error) {
	r, found, err := clubRules(ctx, q, clubID)
	if err != nil {
		return nil, err
	}
	if !found {
		p := PackByID(PackSpain)
		r = Rules{Pack: p.ID, Values: p.Values}
	}
	r.Tightened = tightened(PackByID(r.Pack), r.Values)
	return &r, nil
}

// Change is a new pack and the values the club sets; a value left out (nil)
// is the pack's.
type Change struct {
	Pack                      string          `json:"pack" enum:"es,de-kcang,mt-aruc,uy,custom"`
	DayLimit                  *amount.Milli   `json:"day_limit_g,omitempty"`
	MonthLimit                *amount.Milli   `json:"month_limit_g,omitempty"`
	YearLimit                 *amount.Milli   `json:"year_limit_g,omitempty"`
	YoungMaxAge               *int            `json:"young_max_age,omitempty" minimum:"18" maximum:"99"`
	YoungMonthLimit           *amount.Milli   `json:"young_month_limit_g,omitempty"`
	YoungTHCMax               *amount.Percent `json:"young_thc_max,omitempty"`
	MinAge                    *int            `json:"min_age,omitempty" minimum:"18" maximum:"99"`
	MaxMembers                *int            `json:"max_members,omitempty" minimum:"1" maximum:"1000000"`
	WaitingDays               *int            `json:"waiting_days,omitempty" minimum:"0" maximum:"3650"`
	GuarantorRequired         *bool           `json:"guarantor_required,omitempty"`
	GuarantorMinDays          *int            `json:"guarantor_min_days,omitempty" minimum:"0" maximum:"3650"`
	Declarations              []string        `json:"declarations,omitempty" maxItems:"3"`
	Override                  *bool           `json:"override,omitempty"`
	FeeExpiredBlocks          *bool           `json:"fee_expired_blocks,omitempty"`
	RetentionYears            *int            `json:"retention_years,omitempty" minimum:"1" maximum:"100"`
	DeclarationRetentionYears *int            `json:"declaration_retention_years,omitempty" minimum:"1" maximum:"100"`
	LabRequired               *bool           `json:"lab_required,omitempty"`
	SlipRequired              *bool           `json:"slip_required,omitempty"`
}

// Set gives the club a pack with the values it chose, refusing any looser than
// a legal pack's; nothing changes on a refusal.
func (s *Service) Set(ctx context.Context, clubID, userID int64, c Change) (*Rules, error) {
	p := PackByID(c.Pack)
	if p == nil {
		return nil, errUnknownPack
	}
	v := c.apply(p.Values)
	if err := v.Check(p); err != nil {
		return nil, err
	}
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		return saveRules(ctx, tx, clubID, Rules{Pack: p.ID, Values: v}, s.now().Unix(), userID)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, clubID)
}

// apply lays the change over the pack's values.
func (c Change) apply(v Values) Values {
	setPtr(&v.DayLimit, c.DayLimit)
	setPtr(&v.MonthLimit, c.MonthLimit)
	setPtr(&v.YearLimit, c.YearLimit)
	setPtr(&v.YoungMaxAge, c.YoungMaxAge)
	setPtr(&v.YoungMonthLimit, c.YoungMonthLimit)
	setPtr(&v.YoungTHCMax, c.YoungTHCMax)
	set(&v.MinAge, c.MinAge)
	setPtr(&v.MaxMembers, c.MaxMembers)
	set(&v.WaitingDays, c.WaitingDays)
	set(&v.GuarantorRequired, c.GuarantorRequired)
	set(&v.GuarantorMinDays, c.GuarantorMinDays)
	if c.Declarations != nil {
		v.Declarations = c.Declarations
	}
	set(&v.Override, c.Override)
	set(&v.FeeExpiredBlocks, c.FeeExpiredBlocks)
	setPtr(&v.RetentionYears, c.RetentionYears)
	setPtr(&v.DeclarationRetentionYears, c.DeclarationRetentionYears)
	set(&v.LabRequired, c.LabRequired)
	set(&v.SlipRequired, c.SlipRequired)
	return v
}

// set and setPtr take a value the change gives (not nil).
func set[T any](dst *T, src *T) {
	if src != nil {
		*dst = *src
	}
}

func setPtr[T any](dst **T, src *T) {
	if src != nil {
		*dst = src
	}
}

// tightened names the values (by their JSON names) that differ from the pack's.
func tightened(p *Pack, v Values) []string {
	out := []string{}
	if p == nil {
		return out
	}
	mine, law := fields(v), fields(p.Values)
	for _, name := range valueNames {
		if string(mine[name]) != string(law[name]) {
			out = append(out, name)
		}
	}
	return out
}

// valueNames are Values' JSON names in the order the screen lists them.
var valueNames = []string{"day_limit_g", "month_limit_g", "year_limit_g", "young_max_age", "young_month_limit_g",
	"young_thc_max", "min_age", "max_members", "waiting_days", "guarantor_required", "guarantor_min_days",
	"declarations", "override", "fee_expired_blocks", "retention_years", "declaration_retention_years", "lab_required", "slip_required"}

func fields(v Values) map[string]json.RawMessage {
	b, _ := json.Marshal(v)
	m := map[string]json.RawMessage{}
	_ = json.Unmarshal(b, &m)
	return m
}

// ChosenClubs lists the clubs that chose a pack; a club that never chose
// keeps es.
func (s *Service) ChosenClubs(ctx context.Context) ([]int64, error) { return chosenClubs(ctx, s.db.R) }
