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
	"io"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/problem"
)

// Purposes a file is uploaded for. The purpose is fixed at upload and is part
// of the file's id: a member's document can never be reused as a product
// image, and only the public purposes are ever served without a login.
const (
	MemberPhoto    = "member_photo"
	MemberDocument = "member_document"
	Signature      = "signature"
	ProductImage   = "product_image"
	InventoryImage = "inventory_image"
	ClubImage      = "club_image"
	NewsImage      = "news_image"
	EventImage     = "event_image"
)

// ForMembers reports whether files of a purpose may be shown to the club's
// members (news and event pictures, while their item is published).
func ForMembers(purpose string) bool { return purpose == NewsImage || purpose == EventImage }

// Public reports whether files of a purpose may be shown to anyone (a
// published product's picture, the club's page).
func Public(purpose string) bool { return purpose == ProductImage || purpose == ClubImage }

// MaxImageBytes caps an uploaded image.
const MaxImageBytes = 5 << 20

// Errors.
var (
	ErrNotImage error = problem.Invalidf("file.not_image", "", "El archivo no es una imagen válida (PNG, JPEG, GIF, WebP o SVG)")
	ErrTooLarge error = problem.Invalidf("file.too_large", "", "La imagen es demasiado grande (máximo 5 MB)")
	ErrNotFound error = problem.NotFoundf("not_found", "No encontrado")
)

// File is a stored blob.
type File struct {
	ID          string `db:"id"`
	ClubID      *int64 `db:"club_id"`
	Purpose     string `db:"purpose"`
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
		// A picture needs no script, event handler, embedded document or
		// outside reference; an SVG that has one is refused, not cleaned.
		if svgActive.Match(data) {
			return "", ErrNotImage
		}
		return "image/svg+xml", nil
	}
	return "", ErrNotImage
}

var svgActive = regexp.MustCompile(`(?i)<\s*(script|foreignobject|iframe|embed|object|handler|listener|set|animate)\b|\son[a-z]+\s*=|javascript:|data:text/html|(href|src)\s*=\s*["']?\s*(https?:|//)|<!entity|@import`)

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

// SaveImage checks and stores an image for a club and purpose, returning its id.
func SaveImage(ctx context.Context, q db.Q, clubID int64, purpose string, data []byte) (string, error) {
	ct, err := SniffImage(data)
	if err != nil {
		return "", err
	}
	return Save(ctx, q, clubID, purpose, ct, "", data)
}

// Save stores bytes of a checked content type for a club and purpose,
// returning the id.
func Save(ctx context.Context, q db.Q, clubID int64, purpose, ct, name string, data []byte) (string, error) {
	// The club and the purpose are part of the key: the same bytes uploaded
	// by two clubs, or as a document and as a product image, are two files.
	sum := sha256.Sum256(append([]byte(fmt.Sprintf("%d\x00%s\x00%s\x00", clubID, purpose, ct)), data...))
	id := hex.EncodeToString(sum[:])
	n, err := countFile(ctx, q, id)
	if err != nil {
		return "", err
	}
	if n == 0 {
		if err := insertFile(ctx, q, id, clubID, purpose, ct, name, data, time.Now().Unix()); err != nil {
			return "", err
		}
	}
	return id, nil
}

// Owned reports whether a stored file belongs to the club with that purpose.
func Owned(ctx context.Context, q db.Q, clubID int64, purpose, id string) (bool, error) {
	n, err := countOwnedFile(ctx, q, clubID, purpose, id)
	return n > 0, err
}

// Service reads stored files and stores uploads for the API.
type Service struct{ db *db.DB }

// New returns the files service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Get loads a file.
func (s *Service) Get(ctx context.Context, id string) (*File, error) {
	f, err := fileByID(ctx, s.db.R, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return f, err
}

// Upload is one file of a multi-file upload.
type Upload struct {
	Name, ContentType string
	Data              []byte
}

// SaveAll stores every file in one transaction, so a failed one stores
// none, and answers their ids in order.
func (s *Service) SaveAll(ctx context.Context, clubID int64, purpose string, ups []Upload) ([]string, error) {
	ids := make([]string, 0, len(ups))
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		for _, u := range ups {
			id, err := Save(ctx, tx, clubID, purpose, u.ContentType, u.Name, u.Data)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	return ids, err
}

// MaxDocumentBytes caps a member document.
const MaxDocumentBytes = 10 << 20

var documentTypes = map[string]bool{"application/pdf": true, "image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

var errNoFile = problem.Invalidf("file.none", "", "No se ha recibido ningún archivo")

// Documents reads an upload of member documents: PDF or images by their
// content, MaxDocumentBytes each. One refused file refuses them all.
func Documents(fhs []*multipart.FileHeader) ([]Upload, error) {
	if len(fhs) == 0 {
		return nil, errNoFile
	}
	var ups []Upload
	for _, fh := range fhs {
		if fh.Size > MaxDocumentBytes {
			return nil, problem.Invalidf("file.too_large", "", "El archivo %s es demasiado grande (máximo 10 MB)", fh.Filename)
		}
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(io.LimitReader(f, MaxDocumentBytes+1))
		f.Close()
		if err != nil {
			return nil, err
		}
		ct := http.DetectContentType(data)
		if !documentTypes[ct] {
			return nil, problem.Invalidf("file.type", "", "El archivo %s no es un PDF ni una imagen", fh.Filename)
		}
		ups = append(ups, Upload{Name: fh.Filename, ContentType: ct, Data: data})
	}
	return ups, nil
}

// URL is the path a stored file is served at.
func URL(id string) string {
	if id == "" {
		return ""
	}
	return "/api/files/" + id
}
