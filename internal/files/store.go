package files

import (
	"context"

	"socius/internal/db"
)

// The files table's SQL.

// countFile counts the files stored under id (0 or 1).
func countFile(ctx context.Context, q db.Q, id string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM files WHERE id = ?`, id)
	return n, err
}

func insertFile(ctx context.Context, q db.Q, id string, clubID int64, purpose, ct, name string, data []byte, created int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO files (id, club_id, purpose, content_type, size, data, name, created) VALUES (?,?,?,?,?,?,?,?)`,
		id, clubID, purpose, ct, len(data), data, name, created)
	return err
}

// countOwnedFile counts the files stored under id for the club and purpose (0 or 1).
func countOwnedFile(ctx context.Context, q db.Q, clubID int64, purpose, id string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM files WHERE id = ? AND club_id = ? AND purpose = ?`, id, clubID, purpose)
	return n, err
}

func fileByID(ctx context.Context, q db.Q, id string) (*File, error) {
	var f File
	err := db.Get(ctx, q, &f, `SELECT id, club_id, purpose, content_type, data, created FROM files WHERE id = ?`, id)
	return &f, err
}

// ownedThumb returns the thumbnail id of the club's file of that purpose:
// none when there is no such file, [""] when it has no thumbnail.
func ownedThumb(ctx context.Context, q db.Q, clubID int64, purpose, id string) ([]string, error) {
	var thumb []string
	err := db.Select(ctx, q, &thumb, `SELECT thumb FROM files WHERE id = ? AND club_id = ? AND purpose = ?`, id, clubID, purpose)
	return thumb, err
}

func setThumb(ctx context.Context, q db.Q, id, thumb string) error {
	_, err := db.Exec(ctx, q, `UPDATE files SET thumb = ? WHERE id = ?`, thumb, id)
	return err
}
