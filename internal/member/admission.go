package member

import (
	"context"
	"slices"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/rules"
	"socius/internal/tz"
)

// Declaration is a member's latest signature of a statement (rules.Declarations).
type Declaration struct {
	Declaration string `json:"declaration" db:"declaration" doc:"not_in_other_club, resident or habitual_use"`
	SignedAt    int64  `json:"signed_at" db:"signed_at" doc:"When it was signed, Unix seconds"`
	Staff       string `json:"staff" db:"staff" doc:"The staff user who took the signature"`
}

// signDeclarations records the statements the member signs now: a statement
// signed again is a new signature, the old one kept until the retention job
// forgets it.
func signDeclarations(ctx context.Context, tx *sqlx.Tx, clubID, memberID, staffUID int64, ds []string, now int64) error {
	for _, d := range slices.Compact(slices.Sorted(slices.Values(ds))) {
		if err := insertDeclaration(ctx, tx, clubID, memberID, d, now, staffUID); err != nil {
			return err
		}
	}
	return nil
}

// checkAdmission holds a member who becomes active (created, or made active
// again) to the club's rules, reading in the save's transaction what the save
// wrote: its guarantors, the declarations signed now and before, the club's
// active members with this one.
func checkAdmission(ctx context.Context, tx *sqlx.Tx, clubID, id int64, m *Member, now time.Time) error {
	r, err := rules.ForClub(ctx, tx, clubID)
	if err != nil {
		return err
	}
	zone, err := clubTimezone(ctx, tx, clubID)
	if err != nil {
		return err
	}
	a := rules.Admission{Now: now, Location: tz.Location(zone), Birthdate: m.Birthdate, Active: m.StatusMember == 1}
	if r.GuarantorRequired {
		if a.Guarantors, err = activeGuarantorsSince(ctx, tx, clubID, id); err != nil {
			return err
		}
	}
	if len(r.Declarations) > 0 {
		if a.Signed, err = signedDeclarations(ctx, tx, id); err != nil {
			return err
		}
	}
	if r.MaxMembers != nil && a.Active {
		if a.ActiveMembers, err = countActiveMembers(ctx, tx, clubID); err != nil {
			return err
		}
	}
	return r.CheckAdmission(a)
}

// ForgetDeclarations deletes the club's declarations signed before a time
// (Unix seconds), in the caller's transaction, and says how many: the
// retention of the club's rules (declaration_retention_years) calls it.
func ForgetDeclarations(ctx context.Context, q db.Q, clubID int64, signedBefore int64) (int64, error) {
	return deleteDeclarationsBefore(ctx, q, clubID, signedBefore)
}

// latestByKind keeps, of a member's signatures oldest first, the latest of
// each statement, in the order the form lists them.
func latestByKind(sigs []Declaration) []Declaration {
	latest := map[string]Declaration{}
	for _, d := range sigs {
		latest[d.Declaration] = d
	}
	out := []Declaration{}
	for _, kind := range rules.Declarations {
		if d, ok := latest[kind]; ok {
			out = append(out, d)
		}
	}
	return out
}
