package member

import (
	"context"

	"socius/internal/db"
)

// The SQL of the member search: the search words (member_terms) and the
// query over them, each function taking the caller's transaction or pool.

// deleteTerms removes the member's search words.
func deleteTerms(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_terms WHERE member_id = ?`, memberID)
	return err
}

func insertTerm(ctx context.Context, q db.Q, clubID int64, t Term, memberID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_terms (club_id, field, term, member_id) VALUES (?,?,?,?)`, clubID, t.Field, t.Word, memberID)
	return err
}
