package rules

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"socius/internal/amount"
	"socius/internal/db"
)

// The club_rules table's SQL.

type rulesRow struct {
	Pack                      string `db:"pack"`
	DayLimit                  *int64 `db:"day_limit"`
	MonthLimit                *int64 `db:"month_limit"`
	YearLimit                 *int64 `db:"year_limit"`
	YoungMaxAge               *int64 `db:"young_max_age"`
	YoungMonthLimit           *int64 `db:"young_month_limit"`
	YoungTHCMax               *int64 `db:"young_thc_max"`
	MinAge                    int64  `db:"min_age"`
	MaxMembers                *int64 `db:"max_members"`
	WaitingDays               int64  `db:"waiting_days"`
	GuarantorRequired         bool   `db:"guarantor_required"`
	GuarantorMinDays          int64  `db:"guarantor_min_days"`
	Declarations              string `db:"declarations"`
	Override                  bool   `db:"override"`
	FeeExpiredBlocks          bool   `db:"fee_expired_blocks"`
	RetentionYears            *int64 `db:"retention_years"`
	DeclarationRetentionYears *int64 `db:"declaration_retention_years"`
}

const rulesColumns = `pack, day_limit, month_limit, year_limit, young_max_age, young_month_limit, young_thc_max,
	min_age, max_members, waiting_days, guarantor_required, guarantor_min_days, declarations, override,
	fee_expired_blocks, retention_years, declaration_retention_years`

// clubRules reads the club's row; found is false when the club never chose.
func clubRules(ctx context.Context, q db.Q, clubID int64) (r Rules, found bool, err error) {
	var row rulesRow
	err = db.Get(ctx, q, &row, `SELECT `+rulesColumns+` FROM club_rules WHERE club_id = ?`, clubID)
	if errors.Is(err, sql.ErrNoRows) {
		return Rules{}, false, nil
	}
	if err != nil {
		return Rules{}, false, err
	}
	return row.rules(), true, nil
}

// saveRules writes the club's row, whole.
func saveRules(ctx context.Context, q db.Q, clubID int64, r Rules, at, by int64) error {
	v := r.Values
	_, err := db.Exec(ctx, q, `INSERT INTO club_rules (club_id, `+rulesColumns+`, updated_at, updated_by)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (club_id) DO UPDATE SET pack = excluded.pack, day_limit = excluded.day_limit,
			month_limit = excluded.month_limit, year_limit = excluded.year_limit, young_max_age = excluded.young_max_age,
			young_month_limit = excluded.young_month_limit, young_thc_max = excluded.young_thc_max,
			min_age = excluded.min_age, max_members = excluded.max_members, waiting_days = excluded.waiting_days,
			guarantor_required = excluded.guarantor_required, guarantor_min_days = excluded.guarantor_min_days,
			declarations = excluded.declarations, override = excluded.override,
			fee_expired_blocks = excluded.fee_expired_blocks, retention_years = excluded.retention_years,
			declaration_retention_years = excluded.declaration_retention_years,
			updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		clubID, r.Pack, milli(v.DayLimit), milli(v.MonthLimit), milli(v.YearLimit), intp(v.YoungMaxAge),
		milli(v.YoungMonthLimit), percent(v.YoungTHCMax), v.MinAge, intp(v.MaxMembers), v.WaitingDays,
		db.Bool(v.GuarantorRequired), v.GuarantorMinDays, strings.Join(v.Declarations, ","), db.Bool(v.Override),
		db.Bool(v.FeeExpiredBlocks), intp(v.RetentionYears), intp(v.DeclarationRetentionYears), at, by)
	return err
}

func (row rulesRow) rules() Rules {
	v := Values{
		DayLimit: toMilli(row.DayLimit), MonthLimit: toMilli(row.MonthLimit), YearLimit: toMilli(row.YearLimit),
		YoungMaxAge: toInt(row.YoungMaxAge), YoungMonthLimit: toMilli(row.YoungMonthLimit),
		MinAge: int(row.MinAge), MaxMembers: toInt(row.MaxMembers), WaitingDays: int(row.WaitingDays),
		GuarantorRequired: row.GuarantorRequired, GuarantorMinDays: int(row.GuarantorMinDays),
		Declarations: []string{}, Override: row.Override, FeeExpiredBlocks: row.FeeExpiredBlocks,
		RetentionYears: toInt(row.RetentionYears), DeclarationRetentionYears: toInt(row.DeclarationRetentionYears),
	}
	if row.YoungTHCMax != nil {
		p := amount.Percent(*row.YoungTHCMax)
		v.YoungTHCMax = &p
	}
	if row.Declarations != "" {
		v.Declarations = strings.Split(row.Declarations, ",")
	}
	return Rules{Pack: row.Pack, Values: v}
}

func milli(m *amount.Milli) *int64 {
	if m == nil {
		return nil
	}
	v := int64(*m)
	return &v
}

func percent(p *amount.Percent) *int64 {
	if p == nil {
		return nil
	}
	v := int64(*p)
	return &v
}

func intp(n *int) *int64 {
	if n == nil {
		return nil
	}
	v := int64(*n)
	return &v
}

func toMilli(v *int64) *amount.Milli {
	if v == nil {
		return nil
	}
	m := amount.Milli(*v)
	return &m
}

func toInt(v *int64) *int {
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}
