// Package provider is the console of the provider who hosts the clubs: the
// clubs with their size and activity, a new club with its first
// Administrador (who is invited by mail and sets their own password), feature
// flags, suspension, and the audit log of every action taken there.
package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/auth"
	"socius/internal/club"
	"socius/internal/db"
	"socius/internal/member"
	"socius/internal/problem"
)

// Errors.
var (
	ErrEmail       error = problem.Invalidf("provider.email", "admin_email", "El correo del Administrador no es válido")
	ErrUnknownFlag error = problem.Invalidf("provider.unknown_flag", "flags", "Función desconocida")
	ErrNotFound    error = problem.NotFoundf("provider.club_not_found", "El club no existe")
)

// Actions of the audit log.
const (
	ActionCreate     = "club.create"
	ActionFlags      = "club.flags"
	ActionSuspend    = "club.suspend"
	ActionReactivate = "club.reactivate"
)

// AuditEntry is a row of the audit log.
type AuditEntry struct {
	ID        int64  `db:"id" json:"id"`
	At        int64  `db:"at" json:"at" doc:"Unix seconds"`
	UserID    int64  `db:"user_id" json:"user_id"`
	Username  string `db:"username" json:"username"`
	ClubID    int64  `db:"club_ref" json:"club_id"`
	ClubTitle string `db:"club_title" json:"club_title"`
	Action    string `db:"action" json:"action" enum:"club.create,club.flags,club.suspend,club.reactivate"`
	Change
	// Detail is Change as stored (JSON).
	Detail string `db:"detail" json:"-"`
}

// Change is what an action changed, in words of no language.
type Change struct {
	AdminEmail string   `json:"admin_email,omitempty" doc:"club.create: the Administrador's address"`
	FlagsOn    []string `json:"flags_on" doc:"club.create: the club's flags; club.flags: the flags switched on"`
	FlagsOff   []string `json:"flags_off" doc:"club.flags: the flags switched off"`
}

// ClubRow is a club as the console lists it.
type ClubRow struct {
	ID            int64    `json:"id"`
	Title         string   `json:"title"`
	Created       int64    `json:"created" doc:"Unix seconds"`
	Suspended     bool     `json:"suspended"`
	Flags         []string `json:"flags"`
	ActiveMembers int64    `json:"active_members"`
	LastSale      int64    `json:"last_sale" doc:"Unix seconds of the latest paid order, 0 when none"`
	Rows          int64    `json:"rows" doc:"Rows of the club's data in the database (every table with a club_id)"`
}

// Service runs the console.
type Service struct {
	db    *db.DB
	clubs *club.Service
	auth  *auth.Service
	now   func() time.Time
}

// New returns the console's service.
func New(d *db.DB, clubs *club.Service, a *auth.Service) *Service {
	return &Service{db: d, clubs: clubs, auth: a, now: time.Now}
}

// Clubs lists every club, by title, with its flags, active members, last sale and rows.
func (s *Service) Clubs(ctx context.Context) ([]ClubRow, error) {
	all, err := s.clubs.All(ctx)
	if err != nil {
		return nil, err
	}
	members, err := activeMembers(ctx, s.db.R)
	if err != nil {
		return nil, err
	}
	sales, err := lastSales(ctx, s.db.R)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.RowsByClub(ctx)
	if err != nil {
		return nil, err
	}
	by := func(fs []clubFigure) map[int64]int64 {
		m := map[int64]int64{}
		for _, f := range fs {
			m[f.Club] = f.N
		}
		return m
	}
	mm, sm := by(members), by(sales)
	out := make([]ClubRow, 0, len(all))
	for _, c := range all {
		flags := []string{}
		for _, f := range access.Flags {
			if c.Flags[f] {
				flags = append(flags, f)
			}
		}
		out = append(out, ClubRow{ID: c.ID, Title: c.Title, Created: c.Created, Suspended: c.Suspended, Flags: flags,
			ActiveMembers: mm[c.ID], LastSale: sm[c.ID], Rows: rows[c.ID]})
	}
	return out, nil
}

// NewClub is a club to open and its first Administrador.
type NewClub struct {
	Title                               string
	Flags                               []string
	AdminEmail, AdminName, AdminSurname string
}

// Opened is a club just opened: the account of its Administrador and the
// link with which they set its password.
type Opened struct {
	ClubID     int64
	UserID     int64
	Username   string
	Email      string
	Lang       string // the Administrador's language, when they have used the app
	NewAccount bool
	Token      string
}

// Open creates the club with its flags and its Administrador in one
// transaction, with the audit row, and the invitation's link, which only the
// holder of the e-mail's mailbox receives: the Administrador sets their
// password with it. The account is new, named by the e-mail, unless the
// e-mail already names one: that account is the Administrador, and its
// password too is set again through the link (Invite), so an account someone
// else made with that address (a member record's, say) cannot be how they
// get into the new club.
func (s *Service) Open(ctx context.Context, by *auth.User, n NewClub) (*Opened, error) {
	email := strings.TrimSpace(n.AdminEmail)
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		return nil, ErrEmail
	}
	if err := checkFlags(n.Flags); err != nil {
		return nil, err
	}
	existing, err := s.auth.UserByName(ctx, email)
	if err != nil && !errors.Is(err, auth.ErrNotFound) {
		return nil, err
	}
	o := &Opened{Email: email}
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		id, err := club.CreateIn(ctx, tx, n.Title, n.Flags)
		if err != nil {
			return err
		}
		o.ClubID = id
		name, surname := strings.TrimSpace(n.AdminName), strings.TrimSpace(n.AdminSurname)
		if existing != nil {
			o.UserID, o.Username, o.Lang = existing.ID, existing.Username, existing.Lang
			if name == "" && surname == "" {
				name, surname = existing.Name, existing.Surname
			}
		} else {
			o.NewAccount, o.Username = true, email
			o.UserID, err = s.auth.CreateUser(ctx, tx, auth.NewUser{Username: email, Email: email, Name: name, Surname: surname,
				Password: auth.RandomToken(18)}) // replaced by Invite below
			if err != nil {
				return err
			}
		}
		if err := auth.MarkNotActivated(ctx, tx, o.UserID); err != nil {
			return err
		}
		if o.Token, err = s.auth.Invite(ctx, tx, o.UserID); err != nil {
			return err
		}
		if _, err := member.CreateStaff(ctx, tx, member.Staff{Club: id, User: o.UserID, Name: name, Surname: surname, Email: email,
			Roles: []string{access.Administrador}}); err != nil {
			return err
		}
		return s.audit(ctx, tx, by, id, strings.TrimSpace(n.Title), ActionCreate, Change{AdminEmail: email, FlagsOn: n.Flags})
	})
	if err != nil {
		return nil, err
	}
	return o, nil
}

func checkFlags(flags []string) error {
	for _, f := range flags {
		if !access.IsFlag(f) {
			return ErrUnknownFlag
		}
	}
	return nil
}

// SetFlags makes the club's flags exactly flags; the audit row names what changed.
func (s *Service) SetFlags(ctx context.Context, by *auth.User, clubID int64, flags []string) error {
	if err := checkFlags(flags); err != nil {
		return err
	}
	c, err := s.club(ctx, clubID)
	if err != nil {
		return err
	}
	var ch Change
	for _, f := range access.Flags {
		switch on := slices.Contains(flags, f); {
		case on && !c.Flags[f]:
			ch.FlagsOn = append(ch.FlagsOn, f)
		case !on && c.Flags[f]:
			ch.FlagsOff = append(ch.FlagsOff, f)
		}
	}
	if len(ch.FlagsOn)+len(ch.FlagsOff) == 0 {
		return nil
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if err := club.SetFlagsIn(ctx, tx, clubID, flags); err != nil {
			return err
		}
		return s.audit(ctx, tx, by, clubID, c.Title, ActionFlags, ch)
	})
}

// Suspend closes the club to its staff and members (on) or opens it again.
func (s *Service) Suspend(ctx context.Context, by *auth.User, clubID int64, on bool) error {
	c, err := s.club(ctx, clubID)
	if err != nil {
		return err
	}
	if c.Suspended == on {
		return nil
	}
	action := ActionReactivate
	if on {
		action = ActionSuspend
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if err := club.SetSuspendedIn(ctx, tx, clubID, on); err != nil {
			return err
		}
		return s.audit(ctx, tx, by, clubID, c.Title, action, Change{})
	})
}

func (s *Service) club(ctx context.Context, id int64) (*club.Club, error) {
	c, err := s.clubs.Get(ctx, id)
	if errors.Is(err, club.ErrNotFound) {
		return nil, ErrNotFound
	}
	return c, err
}

func (s *Service) audit(ctx context.Context, tx *sqlx.Tx, by *auth.User, clubID int64, title, action string, ch Change) error {
	detail, err := json.Marshal(ch)
	if err != nil {
		return err
	}
	return insertAudit(ctx, tx, AuditEntry{At: s.now().Unix(), UserID: by.ID, Username: by.Username, ClubID: clubID,
		ClubTitle: title, Action: action, Detail: string(detail)})
}

// Audit is a page of the audit log, newest first, and the number of rows.
func (s *Service) Audit(ctx context.Context, page, size int) ([]AuditEntry, int, error) {
	n, err := countAudit(ctx, s.db.R)
	if err != nil {
		return nil, 0, err
	}
	rows, err := auditPage(ctx, s.db.R, size, page*size)
	if err != nil {
		return nil, 0, err
	}
	for i := range rows {
		if err := json.Unmarshal([]byte(rows[i].Detail), &rows[i].Change); err != nil {
			return nil, 0, fmt.Errorf("audit row %d: %w", rows[i].ID, err)
		}
		rows[i].FlagsOn, rows[i].FlagsOff = orEmpty(rows[i].FlagsOn), orEmpty(rows[i].FlagsOff)
	}
	return rows, n, nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
