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
	clubtz "socius/internal/tz"
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
	ID         int64  `db:"id"`
	Title      string `db:"title"`
	Body       string `db:"body"`
	Logo       string `db:"logo"`
	Images     string `db:"images"` // JSON list of file ids
	FullHTML   string `db:"full_html"`
	HTMLDesign string `db:"html_design"`
	Timezone   string `db:"timezone"`
	Created    int64  `db:"created"`
	// Suspended: the provider has closed the club; its staff and members are refused (spec's
	// "club has no access" alert), its data kept.
	Suspended bool            `db:"suspended"`
	Flags     map[string]bool `db:"-"`
}

// Location is the club's time zone: Europe/Madrid unless the club names
// another that this machine knows.
func (c *Club) Location() *time.Location { return Location(c.Timezone) }

// Location is the time zone named tz, Europe/Madrid when tz is blank or
// unknown (see package tz, which the member rules read below this package).
func Location(tz string) *time.Location { return clubtz.Location(tz) }

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
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		id, err = CreateIn(ctx, tx, title, flags)
		return err
	})
	return id, err
}

// CreateIn adds a club with the given flags inside the caller's transaction.
func CreateIn(ctx context.Context, tx *sqlx.Tx, title string, flags []string) (int64, error) {
	title = strings.TrimSpace(title)
	if title == "" {
		return 0, ErrTitleRequired
	}
	for _, f := range flags {
		if !access.IsFlag(f) {
			return 0, fmt.Errorf("%w: %s", ErrUnknownFlag, f)
		}
	}
	id, err := insertClub(ctx, tx, title, time.Now().Unix())
	if err != nil {
		return 0, err
	}
	return id, setFlags(ctx, tx, id, flags, nil)
}

// SetFlagsIn makes the club's flags exactly flags, inside the caller's transaction.
func SetFlagsIn(ctx context.Context, tx *sqlx.Tx, id int64, flags []string) error {
	for _, f := range flags {
		if !access.IsFlag(f) {
			return fmt.Errorf("%w: %s", ErrUnknownFlag, f)
		}
	}
	var off []string
	for _, f := range access.Flags {
		if !slices.Contains(flags, f) {
			off = append(off, f)
		}
	}
	return setFlags(ctx, tx, id, flags, off)
}

// SetSuspendedIn suspends or reactivates a club inside the caller's transaction.
func SetSuspendedIn(ctx context.Context, tx *sqlx.Tx, id int64, on bool) error {
	n, err := setSuspended(ctx, tx, id, on)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return err
}

// All lists every club with its flags, by title.
func (s *Service) All(ctx context.Context) ([]Club, error) {
	clubs, flags, err := allClubs(ctx, s.db.R)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*Club{}
	for i := range clubs {
		clubs[i].Flags = map[string]bool{}
		byID[clubs[i].ID] = &clubs[i]
	}
	for _, f := range flags {
		if c := byID[f.ClubID]; c != nil {
			c.Flags[f.Flag] = true
		}
	}
	return clubs, nil
}

func setFlags(ctx context.Context, tx *sqlx.Tx, id int64, set, unset []string) error {
	for _, f := range unset {
		if err := deleteFlag(ctx, tx, id, f); err != nil {
			return err
		}
	}
	for _, f := range set {
		if err := deleteFlag(ctx, tx, id, f); err != nil {
			return err
		}
		if err := insertFlag(ctx, tx, id, f); err != nil {
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

// Get loads a club with its flags.
func (s *Service) Get(ctx context.Context, id int64) (*Club, error) {
	c, err := clubByID(ctx, s.db.R, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	flags, err := clubFlags(ctx, s.db.R, id)
	if err != nil {
		return nil, err
	}
	c.Flags = map[string]bool{}
	for _, f := range flags {
		c.Flags[f] = true
	}
	return c, nil
}

// Count returns how many clubs exist.
func (s *Service) Count(ctx context.Context) (int, error) {
	return countClubs(ctx, s.db.R)
}

// Summary is a club in the user's club list.
type Summary struct {
	ID        int64  `db:"id"`
	Title     string `db:"title"`
	Logo      string `db:"logo"`
	Suspended bool   `db:"suspended"`
}

// ForUser lists the clubs where the user is active staff, by title.
func (s *Service) ForUser(ctx context.Context, uid int64) ([]Summary, error) {
	return clubsOfStaff(ctx, s.db.R, uid)
}

// StaffOf returns the user's member record in the club, or ErrNoMemberRecord.
func (s *Service) StaffOf(ctx context.Context, uid, clubID int64) (*Staff, error) {
	row, err := memberRecordOf(ctx, s.db.R, uid, clubID)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNoMemberRecord
	}
	if err != nil {
		return nil, err
	}
	st := &Staff{MemberID: row.ID, Active: row.Status == 1, IsStaff: row.IsStaff == 1, Roles: []string{}}
	if st.IsStaff {
		if st.Roles, err = staffRoles(ctx, s.db.R, row.ID); err != nil {
			return nil, err
		}
	}
	return st, nil
}

// Payments derives the payment permissions of a club.
func (s *Service) Payments(ctx context.Context, clubID int64) (Payments, error) {
	titles, err := categoryTitles(ctx, s.db.R, clubID, "payment_methods", 1)
	if err != nil {
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
	n, err := pageImageCount(ctx, s.db.R, fileID)
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
		set := func(col string, v any) error { return setClubColumn(ctx, tx, id, col, v) }
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
	if err := deleteCategoriesOfType(ctx, tx, clubID, "payment_methods"); err != nil {
		return err
	}
	_, err := insertCategory(ctx, tx, clubID, "payment_methods", title, 0, time.Now().Unix())
	return err
}
