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
	pid, err := publicProductID(ctx, s.db.R, clubID, token)
	if err != nil {
		return nil, err
	}
	if pid == 0 {
		return nil, ErrNotFound
	}
	p, err := s.Get(ctx, clubID, pid)
	if err != nil {
		return nil, err
	}
	pub := PublicOf(p)
	out := &pub
	if out.Club, err = clubTitle(ctx, s.db.R, clubID); err != nil {
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
	n, err := publishedImageCount(ctx, s.db.R, fileID)
	return n > 0, err
}
