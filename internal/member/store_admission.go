package member

import (
	"context"

	"socius/internal/db"
)

// The SQL of admission: the statements a member signed (member_declarations)
// and what the club's rules are checked against, each function taking the
// caller's transaction.

// insertDeclaration records a statement the member signs now.
func insertDeclaration(ctx context.Context, q db.Q, clubID, memberID int64, declaration string, at, staffUID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_declarations (club_id, member_id, declaration, signed_at, staff_user_id)
		VALUES (?, ?, ?, ?, ?)`, clubID, memberID, declaration, at, staffUID)
	return err
}

// declarationRow is a signature of a member's.
type declarationRow struct {
	MemberID int64 `db:"member_id"`
	Declaration
}

// declarationsOf reads every signature of the members of in (integers,
// inlined by the caller as expand does), oldest first.
func declarationsOf(ctx context.Context, q db.Q, in string) ([]declarationRow, error) {
	var out []declarationRow
	err := db.Select(ctx, q, &out, `SELECT d.member_id, d.declaration, d.signed_at, `+db.StaffName("u")+` AS staff
		FROM member_declarations d LEFT JOIN users u ON u.id = d.staff_user_id
		WHERE d.member_id IN (`+in+`) ORDER BY d.member_id, d.signed_at, d.id`)
	return out, err
}

// signedDeclarations lists the statements the member has signed, ever.
func signedDeclarations(ctx context.Context, q db.Q, memberID int64) ([]string, error) {
	var out []string
	err := db.Select(ctx, q, &out, `SELECT DISTINCT declaration FROM member_declarations WHERE member_id = ?`, memberID)
	return out, err
}

// deleteDeclarationsBefore deletes the club's declarations signed before a time.
func deleteDeclarationsBefore(ctx context.Context, q db.Q, clubID, before int64) (int64, error) {
	res, err := db.Exec(ctx, q, `DELETE FROM member_declarations WHERE club_id = ? AND signed_at < ?`, clubID, before)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// activeGuarantorsSince lists when the member's guarantors who are active
// members of the club were admitted.
func activeGuarantorsSince(ctx context.Context, q db.Q, clubID, memberID int64) ([]int64, error) {
	var out []int64
	err := db.Select(ctx, q, &out, `SELECT g.created FROM member_endorsements e JOIN members g ON g.id = e.endorser_id
		WHERE e.member_id = ? AND g.club_id = ? AND g.deleted = 0 AND g.status = 1`, memberID, clubID)
	return out, err
}

// countActiveMembers counts the club's active member records.
func countActiveMembers(ctx context.Context, q db.Q, clubID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members WHERE club_id = ? AND deleted = 0 AND status = 1`, clubID)
	return n, err
}

// clubTimezone is the club's time zone's name.
func clubTimezone(ctx context.Context, q db.Q, clubID int64) (string, error) {
	var tz string
	err := db.Get(ctx, q, &tz, `SELECT timezone FROM clubs WHERE id = ?`, clubID)
	return tz, err
}

// memberDeclarations reads every signature of one member of the club, oldest first.
func memberDeclarations(ctx context.Context, q db.Q, clubID, memberID int64) ([]Declaration, error) {
	out := []Declaration{}
	err := db.Select(ctx, q, &out, `SELECT d.declaration, d.signed_at, `+db.StaffName("u")+` AS staff
		FROM member_declarations d LEFT JOIN users u ON u.id = d.staff_user_id
		WHERE d.club_id = ? AND d.member_id = ? ORDER BY d.signed_at, d.id`, clubID, memberID)
	return out, err
}
