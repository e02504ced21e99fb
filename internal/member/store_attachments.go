package member

import (
	"context"

	"socius/internal/db"
)

// The SQL of a member's guarantors (member_endorsements) and documents
// (member_documents), each function taking the caller's transaction.

// deleteEndorsements removes the member's guarantors (not the members it endorses).
func deleteEndorsements(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_endorsements WHERE member_id = ?`, memberID)
	return err
}

func insertEndorsement(ctx context.Context, q db.Q, memberID, endorserID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_endorsements (member_id, endorser_id) VALUES (?, ?)`, memberID, endorserID)
	return err
}

// countLiveMember counts the club's live members with the id (0 or 1).
func countLiveMember(ctx context.Context, q db.Q, clubID, id int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members WHERE id = ? AND club_id = ? AND deleted = 0`, id, clubID)
	return n, err
}

func deleteDocuments(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_documents WHERE member_id = ?`, memberID)
	return err
}

// insertDocument attaches a stored file to the member under the file's name.
func insertDocument(ctx context.Context, q db.Q, memberID int64, fileID string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_documents (member_id, file_id, name) SELECT ?, id, name FROM files WHERE id = ?`, memberID, fileID)
	return err
}
