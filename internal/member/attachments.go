package member

import (
	"context"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/files"
)

// A member's photo, signature, guarantors and documents, written with the
// member in the save's transaction.

// fileField resolves a photo or signature: a data URL is stored, the stored
// URL keeps it (only a file uploaded for the same purpose), "" removes it.
func fileField(ctx context.Context, tx *sqlx.Tx, clubID int64, purpose string, in *string, curURL string) (string, error) {
	if in == nil {
		return strings.TrimPrefix(curURL, "/api/files/"), nil
	}
	v := strings.TrimSpace(*in)
	switch {
	case v == "":
		return "", nil
	case strings.HasPrefix(v, "/api/files/"):
		id := strings.TrimPrefix(v, "/api/files/")
		if err := owned(ctx, tx, clubID, purpose, id); err != nil {
			return "", err
		}
		return id, nil
	case len(v) == 64 && strings.Trim(v, "0123456789abcdef") == "":
		if err := owned(ctx, tx, clubID, purpose, v); err != nil {
			return "", err
		}
		return v, nil
	}
	b, err := files.DecodeDataURL(v)
	if err != nil {
		return "", err
	}
	return files.SaveImage(ctx, tx, clubID, purpose, b)
}

func owned(ctx context.Context, q db.Q, clubID int64, purpose, fid string) error {
	ok, err := files.Owned(ctx, q, clubID, purpose, fid)
	if err != nil {
		return err
	}
	if !ok {
		return invalid("member.file_unknown", "documents", "El archivo no existe en este club")
	}
	return nil
}

func setEndorsements(ctx context.Context, tx *sqlx.Tx, clubID, id int64, nids []int64) error {
	if err := deleteEndorsements(ctx, tx, id); err != nil {
		return err
	}
	for _, g := range slices.Compact(slices.Sorted(slices.Values(nids))) {
		if g == id {
			return invalid("member.guarantor_self", "endorsement_member", "Un socio no puede avalarse a sí mismo")
		}
		n, err := countLiveMember(ctx, tx, clubID, g)
		if err != nil {
			return err
		}
		if n == 0 {
			return invalid("member.guarantor_unknown", "endorsement_member", "El socio avalista %d no existe en este club", g)
		}
		if err := insertEndorsement(ctx, tx, id, g); err != nil {
			return err
		}
	}
	return nil
}

func setDocuments(ctx context.Context, tx *sqlx.Tx, clubID, id int64, fids []string) error {
	if err := deleteDocuments(ctx, tx, id); err != nil {
		return err
	}
	for _, fid := range slices.Compact(slices.Sorted(slices.Values(fids))) {
		if err := owned(ctx, tx, clubID, files.MemberDocument, fid); err != nil {
			return err
		}
		if err := insertDocument(ctx, tx, id, fid); err != nil {
			return err
		}
	}
	return nil
}
