// Package club holds clubs (associations), their feature flags, their generic
// categories and the staff membership of users (the roles of a user in a club
// are those of their staff member record there).
package club

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
)

// Errors.
var (
	ErrNotFound             = errors.New("club not found")
	ErrNoMemberRecord error = problem.Invalidf("club.no_member_record", "", "Este usuario no dispone de ficha de socio en este club")
	ErrNotStaff             = errors.New("not staff of this club")
	ErrUnknownFlag          = errors.New("unknown feature flag")
	ErrTitleRequired  error = problem.Invalidf("club.title_required", "title", "El nombre del club es obligatorio")
)

// Club is an association.
type Club struct {
	ID         int64           `db:"id"`
	Title      string          `db:"title"`
	Body       string          `db:"body"`
	Logo       string          `db:"logo"`
	Images     string          `db:"images"` // JSON list of file ids
	FullHTML   string          `db:"full_html"`
	HTMLDesign string          `db:"html_design"`
	Timezone   string          `db:"timezone"`
	Created    int64           `db:"created"`
	Flags      map[string]bool `db:"-"`
}

// Location is the club's time zone: Europe/Madrid unless the club names
// another that this machine knows.
func (c *Club) Location() *time.Location { return Location(c.Timezone) }

// Location is the time zone named tz, Europe/Madrid when tz is blank or
// unknown, UTC only where no zone data exists at all.
func Location(tz string) *time.Location {
	if loc, err := time.LoadLocation(tz); err == nil && tz != "" {
		return loc
	}
	if loc, err := time.LoadLocation("Europe/Madrid"); err == nil {
		return loc
	}
	return time.UTC
}

// ImageIDs decodes the image list.
func (c *Club) ImageIDs() []string {
	var ids []string
	_ = json.Unmarshal([]byte(c.Images), &ids)
	return ids
}

// Payment permissions derived from the club's payment_methods category
// (its title combines -cash, -card and -wallet). A club that never saved the
// setting has all three (spec part 2 §4: "With no saved record all three
// are enabled by default").
type Payments struct{ Cash, Card, Wallet bool }

// Staff is a user's standing in one club.
type Staff struct {
	MemberID int64
	Active   bool
	IsStaff  bool
	Roles    []string
}

// Service implements the club rules.
type Service struct{ db *db.DB }

// New returns the club service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Create adds a club with the given flags.
func (s *Service) Create(ctx context.Context, title string, flags []string) (int64, error) {
	title = strings.TrimSpace(title)
	if title == "" {
		return 0, fmt.Errorf("title required")
	}
	for _, f := range flags {
		if !access.IsFlag(f) {
			return 0, fmt.Errorf("%w: %s", ErrUnknownFlag, f)
		}
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		id, err = db.Insert(ctx, tx, `INSERT INTO clubs (title, created) VALUES (?, ?)`, title, time.Now().Unix())
		if err != nil {
			return err
		}
		return setFlags(ctx, tx, id, flags, nil)
	})
	return id, err
}

func setFlags(ctx context.Context, tx *sqlx.Tx, id int64, set, unset []string) error {
	for _, f := range unset {
		if _, err := db.Exec(ctx, tx, `DELETE FROM club_flags WHERE club_id = ? AND flag = ?`, id, f); err != nil {
			return err
		}
	}
	for _, f := range set {
		if _, err := db.Exec(ctx, tx, `DELETE FROM club_flags WHERE club_id = ? AND flag = ?`, id, f); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `INSERT INTO club_flags (club_id, flag) VALUES (?, ?)`, id, f); err != nil {
			return err
		}
	}
	return nil
}

// SetFlags switches feature flags on and off.
func (s *Service) SetFlags(ctx context.Context, id int64, set, unset []string) error {
	for _, f := range append(slices.Clone(set), unset...) {
		if !access.IsFlag(f) {
			return fmt.Errorf("%w: %s", ErrUnknownFlag, f)
		}
	}
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error { return setFlags(ctx, tx, id, set, unset) })
}

const clubCols = `id, title, body, logo, images, full_html, html_design, timezone, created`

// Get loads a club with its flags.
func (s *Service) Get(ctx context.Context, id int64) (*Club, error) {
	var c Club
	err := s.db.Get(ctx, &c, `SELECT `+clubCols+` FROM clubs WHERE id = ?`, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	var flags []string
	if err := s.db.Select(ctx, &flags, `SELECT flag FROM club_flags WHERE club_id = ?`, id); err != nil {
		return nil, err
	}
	c.Flags = map[string]bool{}
	for _, f := range flags {
		c.Flags[f] = true
	}
	return &c, nil
}

// Count returns how many clubs exist.
func (s *Service) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM clubs`)
	return n, err
}

// Summary is a club in the user's club list.
type Summary struct {
	ID    int64  `db:"id"`
	Title string `db:"title"`
	Logo  string `db:"logo"`
}

// ForUser lists the clubs where the user is active staff, by title.
func (s *Service) ForUser(ctx context.Context, uid int64) ([]Summary, error) {
	out := []Summary{}
	err := s.db.Select(ctx, &out, `SELECT c.id, c.title, c.logo FROM clubs c
		JOIN members m ON m.club_id = c.id
		WHERE m.user_id = ? AND m.is_staff = 1 AND m.status = 1 ORDER BY c.title, c.id`, uid)
	return out, err
}

// StaffOf returns the user's member record in the club, or ErrNoMemberRecord.
func (s *Service) StaffOf(ctx context.Context, uid, clubID int64) (*Staff, error) {
	var row struct {
		ID      int64 `db:"id"`
		Status  int   `db:"status"`
		IsStaff int   `db:"is_staff"`
	}
	err := s.db.Get(ctx, &row, `SELECT id, status, is_staff FROM members WHERE user_id = ? AND club_id = ? ORDER BY is_staff DESC, id LIMIT 1`, uid, clubID)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNoMemberRecord
	}
	if err != nil {
		return nil, err
	}
	st := &Staff{MemberID: row.ID, Active: row.Status == 1, IsStaff: row.IsStaff == 1, Roles: []string{}}
	if st.IsStaff {
		if err := s.db.Select(ctx, &st.Roles, `SELECT role FROM member_roles WHERE member_id = ? ORDER BY role`, row.ID); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// Payments derives the payment permissions of a club.
func (s *Service) Payments(ctx context.Context, clubID int64) (Payments, error) {
	var titles []string
	if err := s.db.Select(ctx, &titles, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'payment_methods' ORDER BY id LIMIT 1`, clubID); err != nil {
		return Payments{}, err
	}
	if len(titles) == 0 {
		return Payments{Cash: true, Card: true, Wallet: true}, nil
	}
	t := titles[0]
	return Payments{Cash: strings.Contains(t, "cash"), Card: strings.Contains(t, "card"), Wallet: strings.Contains(t, "wallet")}, nil
}

// Update holds the editable fields of a club page; nil leaves a field alone.
type Update struct {
	Title, Body, FullHTML, HTMLDesign *string
	Logo                              *[]byte
	Images                            *[][]byte
	KeepImages                        []string // ids of stored images to keep, in order, before new ones
}

// PageImage reports whether a stored file is, now, a club's logo or one of its page's pictures:
// those are the club's public face (the designed page shows them from a frame without a session),
// and stop being public as soon as they are replaced or removed.
func (s *Service) PageImage(ctx context.Context, fileID string) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM clubs c JOIN files f ON f.id = ? AND f.club_id = c.id AND f.purpose = 'club_image'
		WHERE c.logo = f.id OR c.images LIKE '%"' || f.id || '"%'`, fileID)
	return n > 0, err
}

// Save applies an update in one transaction; images are checked and stored,
// the design is made inert (CleanDesign).
func (s *Service) Save(ctx context.Context, id int64, u Update) error {
	if _, err := s.Get(ctx, id); err != nil {
		return err
	}
	if u.HTMLDesign != nil {
		clean, err := CleanDesign(*u.HTMLDesign)
		if err != nil {
			return err
		}
		u.HTMLDesign = &clean
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		set := func(col string, v any) error {
			_, err := db.Exec(ctx, tx, `UPDATE clubs SET `+col+` = ? WHERE id = ?`, v, id)
			return err
		}
		if u.Title != nil {
			if strings.TrimSpace(*u.Title) == "" {
				return ErrTitleRequired
			}
			if err := set("title", strings.TrimSpace(*u.Title)); err != nil {
				return err
			}
		}
		for col, v := range map[string]*string{"body": u.Body, "full_html": u.FullHTML, "html_design": u.HTMLDesign} {
			if v != nil {
				if err := set(col, *v); err != nil {
					return err
				}
			}
		}
		if u.Logo != nil {
			fid, err := files.SaveImage(ctx, tx, id, files.ClubImage, *u.Logo)
			if err != nil {
				return err
			}
			if err := set("logo", fid); err != nil {
				return err
			}
		}
		if u.Images != nil || u.KeepImages != nil {
			ids := slices.Clone(u.KeepImages)
			for _, fid := range ids {
				// a kept image must be one of this club's page images, never another file of the club
				if ok, err := files.Owned(ctx, tx, id, files.ClubImage, fid); err != nil || !ok {
					return cmp.Or(err, files.ErrNotImage)
				}
			}
			if u.Images != nil {
				for _, img := range *u.Images {
					fid, err := files.SaveImage(ctx, tx, id, files.ClubImage, img)
					if err != nil {
						return err
					}
					ids = append(ids, fid)
				}
			}
			if ids == nil {
				ids = []string{}
			}
			b, _ := json.Marshal(ids)
			if err := set("images", string(b)); err != nil {
				return err
			}
		}
		return nil
	})
}

// SetPaymentMethods stores the payment_methods setting (e.g. "-cash-card-wallet"),
// replacing the one saved before.
func SetPaymentMethods(ctx context.Context, tx *sqlx.Tx, clubID int64, title string) error {
	if _, err := db.Exec(ctx, tx, `DELETE FROM club_categories WHERE club_id = ? AND type = 'payment_methods'`, clubID); err != nil {
		return err
	}
	_, err := db.Exec(ctx, tx, `INSERT INTO club_categories (club_id, type, title, created) VALUES (?, 'payment_methods', ?, ?)`,
		clubID, title, time.Now().Unix())
	return err
}
