package catalog

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
)

// The products a club shows the public and its members' app.

// NewPublicToken is a new product's public link token: 16 bytes from the
// operating system's random source, as 32 hex digits, so a link cannot be
// guessed from another or counted to (the ids are sequential).
func NewPublicToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails: crypto/rand stops the program rather than return fewer bytes
	return hex.EncodeToString(b)
}

// Public returns a published product of the club by its public link token
// (its QR code); an id, another club's token or an unpublished product's
// finds nothing.
func (s *Service) Public(ctx context.Context, clubID int64, token string) (*PublicProduct, error) {
	var pids []int64
	if err := s.db.Select(ctx, &pids, `SELECT id FROM products WHERE public_token = ? AND club_id = ? AND status = 1 AND deleted = 0`,
		token, clubID); err != nil {
		return nil, err
	}
	if len(pids) == 0 {
		return nil, ErrNotFound
	}
	p, err := s.Get(ctx, clubID, pids[0])
	if err != nil {
		return nil, err
	}
	pub := PublicOf(p)
	out := &pub
	if err := s.db.Get(ctx, &out.Club, `SELECT title FROM clubs WHERE id = ?`, clubID); err != nil {
		return nil, err
	}
	return out, nil
}

// PublicOf keeps the public fields of a product, its images at their public address.
func PublicOf(p *Product) PublicProduct {
	out := PublicProduct{PID: p.PID, Titulo: p.Titulo, Subtitle: p.Subtitle, Cuerpo: p.Cuerpo, Categorias: p.Categorias,
		Precio: p.Precio, Type: p.Type, Dominance: p.Dominance, THC: p.THC, Imagenes: make([]Image, len(p.Imagenes))}
	for i, img := range p.Imagenes {
		out.Imagenes[i] = Image{Img: publicURL(img.Img), Thumb: publicURL(img.Thumb)}
	}
	return out
}

func publicURL(u string) string { return strings.Replace(u, "/api/files/", "/api/public_image/", 1) }

// PublicImage says whether a file is an image (or thumbnail) of a published
// product, which anyone may see.
func (s *Service) PublicImage(ctx context.Context, fileID string) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM product_images i JOIN products p ON p.id = i.product_id
		JOIN files f ON f.id = ? AND f.club_id = p.club_id AND f.purpose = 'product_image'
		WHERE (i.file_id = f.id OR i.thumb_id = f.id) AND p.status = 1 AND p.deleted = 0`, fileID)
	return n > 0, err
}
