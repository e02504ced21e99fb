// Package social holds what a club publishes to its members: news and events
// (spec part 2 §2 "News", "Events"; §3 News, Event). Staff write HTML bodies;
// they are sanitised here, before they are stored, with an allow-list policy,
// and the web app sanitises them again when it shows them.
package social

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
)

// Policy keeps the formatting a rich text body needs (paragraphs, headings,
// lists, emphasis, links, images, tables) and drops scripts, event handlers,
// styles, frames, forms and every URL scheme but http(s) and mailto. Each
// call builds a new one, for a caller to widen (the club page's design).
func Policy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}

var policy = Policy()

// Sanitize returns staff-written HTML as it may be stored and shown.
func Sanitize(html string) string { return strings.TrimSpace(policy.Sanitize(html)) }

// Limits of a published item.
const (
	MaxTitle  = 200
	MaxBody   = 100_000
	MaxImages = 10
)

// Service publishes news and events.
type Service struct{ db *db.DB }

// New returns the social service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Image is a published picture and its thumbnail, as file ids.
type Image struct {
	File  string `db:"file_id"`
	Thumb string `db:"thumb_id"`
}

var (
	errTitle     = problem.Invalidf("social.title_required", "title", "El título es obligatorio")
	errTitleLong = problem.Invalidf("social.title_too_long", "title", "El título no puede tener más de 200 caracteres")
	errBodyLong  = problem.Invalidf("social.body_too_long", "body", "El texto es demasiado largo")
	errImages    = problem.Invalidf("social.too_many_images", "images", "Puedes subir hasta 10 imágenes")
	errImage     = problem.Invalidf("social.image_invalid", "images", "La imagen no es válida (PNG, JPEG, GIF o WebP de hasta 5 MB)")
)

// checkText validates a title and a body and returns the body sanitised.
func checkText(title *string, body string) (string, error) {
	*title = strings.TrimSpace(*title)
	if *title == "" {
		return "", errTitle
	}
	if utf8.RuneCountInString(*title) > MaxTitle {
		return "", errTitleLong
	}
	if len(body) > MaxBody {
		return "", errBodyLong
	}
	return Sanitize(body), nil
}

// storeImages saves a published item's images in order, all or nothing.
func storeImages(ctx context.Context, q db.Q, clubID int64, purpose, table, key string, id int64, srcs []string) error {
	if len(srcs) > MaxImages {
		return errImages
	}
	imgs, err := files.StoreImages(ctx, q, clubID, purpose, srcs)
	if errors.Is(err, files.ErrNotImage) || errors.Is(err, files.ErrTooLarge) {
		return errImage
	}
	if err != nil {
		return err
	}
	for i, img := range imgs {
		if err := insertImage(ctx, q, table, key, id, i, img); err != nil {
			return err
		}
	}
	return nil
}

// ImageShown reports whether a file is a picture (or its thumbnail) of a news
// item or an event that exists in the club: only those are shown to members,
// and only while the item is published.
func (s *Service) ImageShown(ctx context.Context, clubID int64, fileID string) (bool, error) {
	n, err := countPublishedImage(ctx, s.db.R, clubID, fileID)
	return n > 0, err
}
