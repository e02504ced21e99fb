package files

import (
	"bytes"
	"cmp"
	"context"
	"image"
	_ "image/gif" // decoders for thumbnails
	"image/jpeg"
	_ "image/png"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"socius/internal/db"
)

// ThumbSize is the longest side of a table thumbnail (2× the 48 px shown, for sharp screens).
const ThumbSize = 96

// Thumbnail scales a raster image down to ThumbSize as JPEG. ok is false when
// the image is already small, vector or undecodable: the original serves then.
func Thumbnail(data []byte) (thumb []byte, ok bool) {
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= ThumbSize && h <= ThumbSize {
		return nil, false
	}
	if w >= h {
		w, h = ThumbSize, max(1, h*ThumbSize/w)
	} else {
		w, h = max(1, w*ThumbSize/h), ThumbSize
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	// JPEG has no transparency: paint white behind it.
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82}); err != nil {
		return nil, false
	}
	return buf.Bytes(), true
}

// Image is a stored image and its thumbnail (the same id when none was made).
type Image struct {
	File  string
	Thumb string
}

// StoreImages turns a list of images as the spec sends them (base64 data URLs
// for new ones, "/api/files/<id>" for ones already stored) into stored files
// with thumbnails, checking every one. An already stored image must belong to
// the club and have been uploaded for the same purpose (it is looked up, never
// trusted). All or nothing: the caller's transaction rolls back on error.
func StoreImages(ctx context.Context, q db.Q, clubID int64, purpose string, srcs []string) ([]Image, error) {
	out := make([]Image, 0, len(srcs))
	for _, src := range srcs {
		if id, ok := StoredID(src); ok {
			thumb, err := ownedThumb(ctx, q, clubID, purpose, id)
			if err != nil {
				return nil, err
			}
			if len(thumb) == 0 {
				return nil, ErrNotImage
			}
			out = append(out, Image{File: id, Thumb: cmp.Or(thumb[0], id)})
			continue
		}
		data, err := DecodeDataURL(src)
		if err != nil {
			return nil, err
		}
		id, err := SaveImage(ctx, q, clubID, purpose, data)
		if err != nil {
			return nil, err
		}
		img := Image{File: id, Thumb: id}
		if t, ok := Thumbnail(data); ok {
			if img.Thumb, err = Save(ctx, q, clubID, purpose, "image/jpeg", "", t); err != nil {
				return nil, err
			}
			if err := setThumb(ctx, q, id, img.Thumb); err != nil {
				return nil, err
			}
		}
		out = append(out, img)
	}
	return out, nil
}

// StoredID returns the file id of a "/api/files/<id>" URL.
func StoredID(url string) (string, bool) {
	const prefix = "/api/files/"
	if len(url) == len(prefix)+64 && strings.HasPrefix(url, prefix) {
		return url[len(prefix):], true
	}
	return "", false
}
