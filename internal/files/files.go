// Package files stores uploaded images and documents in the database,
// content-addressed (sha256), so every instance serves the same bytes and an
// image uploaded twice is stored once.
package files

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"socius/internal/db"
)

// MaxImageBytes caps an uploaded image.
const MaxImageBytes = 5 << 20

// Errors.
var (
	ErrNotImage = errors.New("not an accepted image")
	ErrTooLarge = errors.New("file too large")
	ErrNotFound = errors.New("file not found")
)

// File is a stored blob.
type File struct {
	ID          string `db:"id"`
	ClubID      *int64 `db:"club_id"`
	ContentType string `db:"content_type"`
	Data        []byte `db:"data"`
	Created     int64  `db:"created"`
}

var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

// SniffImage returns the content type of an accepted image, judged by its
// bytes, never by what the client claims.
func SniffImage(data []byte) (string, error) {
	if len(data) > MaxImageBytes {
		return "", ErrTooLarge
	}
	ct := http.DetectContentType(data)
	if imageTypes[ct] {
		return ct, nil
	}
	head := strings.TrimSpace(string(data[:min(len(data), 512)]))
	if strings.HasPrefix(head, "<svg") || (strings.HasPrefix(head, "<?xml") && strings.Contains(head, "<svg")) {
		return "image/svg+xml", nil
	}
	return "", ErrNotImage
}

// DecodeDataURL accepts "data:image/png;base64,…" or bare base64.
func DecodeDataURL(s string) ([]byte, error) {
	if i := strings.Index(s, ","); strings.HasPrefix(s, "data:") && i > 0 {
		s = s[i+1:]
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, ErrNotImage
	}
	return b, nil
}

// SaveImage checks and stores an image for a club, returning its id.
func SaveImage(ctx context.Context, q db.Q, clubID int64, data []byte) (string, error) {
	ct, err := SniffImage(data)
	if err != nil {
		return "", err
	}
	return Save(ctx, q, clubID, ct, "", data)
}

// Save stores bytes of a checked content type for a club, returning the id.
func Save(ctx context.Context, q db.Q, clubID int64, ct, name string, data []byte) (string, error) {
	// The club is part of the key: the same bytes uploaded by two clubs are two files, each served to its own staff.
	sum := sha256.Sum256(append([]byte(fmt.Sprintf("%d\x00%s\x00", clubID, ct)), data...))
	id := hex.EncodeToString(sum[:])
	var n int
	if err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM files WHERE id = ?`, id); err != nil {
		return "", err
	}
	if n == 0 {
		if _, err := db.Exec(ctx, q, `INSERT INTO files (id, club_id, content_type, size, data, name, created) VALUES (?,?,?,?,?,?,?)`,
			id, clubID, ct, len(data), data, name, time.Now().Unix()); err != nil {
			return "", err
		}
	}
	return id, nil
}

// Get loads a file.
func Get(ctx context.Context, d *db.DB, id string) (*File, error) {
	var f File
	err := d.Get(ctx, &f, `SELECT id, club_id, content_type, data, created FROM files WHERE id = ?`, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &f, err
}

// URL is the path a stored file is served at.
func URL(id string) string {
	if id == "" {
		return ""
	}
	return "/api/files/" + id
}
