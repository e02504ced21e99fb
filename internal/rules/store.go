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
	LabRequired               bool   `db:"lab_required"`
	SlipRequired              bool   `db:"slip_required"`
}

const rulesColumns = `pack, day_limit, month_limit, year_limit, young_max_age, young_month_limit, young_thc_max,
	min_age, max_members, waiting_days, guarantor_required, guarantor_min_days, declarations, override,
	fee_expired_blocks, retention_years, declaration_retention_years, lab_required, slip_required`

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
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (club_id) DO UPDATE SET pack = excluded.pack, day_limit = excluded.day_limit,
			month_limit = excluded.month_limit, year_limit = excluded.year_limit, young_max_age = excluded.young_max_age,
			young_month_limit = excluded.young_month_limit, young_thc_max = excluded.young_thc_max,
			min_age = excluded.min_age, max_members = excluded.max_members, waiting_days = excluded.waiting_days,
			guarantor_required = excluded.guarantor_required, guarantor_min_days = excluded.guarantor_min_days,
			declarations = excluded.declarations, override = excluded.override,
			fee_expired_blocks = excluded.fee_expired_blocks, retention_years = excluded.retention_years,
			declaration_retention_years = excluded.declaration_retention_years,
			lab_required = excluded.lab_required, slip_required = excluded.slip_required,
			updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
		clubID, r.Pack, nullable[int64](v.DayLimit), nullable[int64](v.MonthLimit), nullable[int64](v.YearLimit),
		nullable[int64](v.YoungMaxAge), nullable[int64](v.YoungMonthLimit), nullable[int64](v.YoungTHCMax), v.MinAge,
		nullable[int64](v.MaxMembers), v.WaitingDays,
		db.Bool(v.GuarantorRequired), v.GuarantorMinDays, strings.Join(v.Declarations, ","), db.Bool(v.Override),
		db.Bool(v.FeeExpiredBlocks), nullable[int64](v.RetentionYears), nullable[int64](v.DeclarationRetentionYears),
		db.Bool(v.LabRequired), db.Bool(v.SlipRequired), at, by)
	return err
}

func (row rulesRow) rules() Rules {
	v := Values{
		DayLimit: nullable[amount.Milli](row.DayLimit), MonthLimit: nullable[amount.Milli](row.MonthLimit),
		YearLimit: nullable[amount.Milli](row.YearLimit), YoungMaxAge: nullable[int](row.YoungMaxAge),
		YoungMonthLimit: nullable[amount.Milli](row.YoungMonthLimit), YoungTHCMax: nullable[amount.Percent](row.YoungTHCMax),
		MinAge: int(row.MinAge), MaxMembers: nullable[int](row.MaxMembers), WaitingDays: int(row.WaitingDays),
		GuarantorRequired: row.GuarantorRequired, GuarantorMinDays: int(row.GuarantorMinDays),
		Declarations: []string{}, Override: row.Override, FeeExpiredBlocks: row.FeeExpiredBlocks,
		RetentionYears: nullable[int](row.RetentionYears), DeclarationRetentionYears: nullable[int](row.DeclarationRetentionYears),
		LabRequired: row.LabRequired, SlipRequired: row.SlipRequired,
	}
	if row.Declarations != "" {
		v.Declarations = strings.Split(row.Declarations, ",")
	}
	return Rules{Pack: row.Pack, Values: v}
}

// nullable converts a nullable value between its Go type and its column's.
func nullable[U, T ~int | ~int64](v *T) *U {
	if v == nil {
		return nil
	}
	u := U(*v)
	return &u
}

// chosenClubs lists the clubs that chose a pack (the others keep es, which
// sets no retention).
func chosenClubs(ctx context.Context, q db.Q) ([]int64, error) {
	var ids []int64
	err := db.Select(ctx, q, &ids, `SELECT club_id FROM club_rules ORDER BY club_id`)
	return ids, err
}
