package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/auth"
	"socius/internal/member"
)

// ParseFlags reads "f1,f2" or "all".
func ParseFlags(s string) ([]string, error) {
	if strings.TrimSpace(s) == "all" {
		return access.Flags, nil
	}
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		if !access.IsFlag(f) {
			return nil, fmt.Errorf("unknown flag %q (known: %s)", f, strings.Join(access.Flags, ", "))
		}
		out = append(out, f)
	}
	return out, nil
}

// ParseRoles reads "Administrador,Manager".
func ParseRoles(s string) ([]string, error) {
	var out []string
	for _, r := range strings.Split(s, ",") {
		if r = strings.TrimSpace(r); r == "" {
			continue
		}
		if !access.IsRole(r) {
			return nil, fmt.Errorf("unknown role %q (known: %s)", r, strings.Join(access.Roles, ", "))
		}
		out = append(out, r)
	}
	return out, nil
}

// CreateClub adds a club.
func (a *App) CreateClub(ctx context.Context, title string, flags []string) (int64, error) {
	return a.Clubs.Create(ctx, title, flags)
}

// NewStaffUser is a new account, optionally staff of a club.
type NewStaffUser struct {
	auth.NewUser
	ClubID int64
	Roles  []string
	// ProviderAdmin opens the provider's console to the account.
	ProviderAdmin bool
}

// CreateUser adds an account and, with a club, its staff member record, in
// one transaction.
func (a *App) CreateUser(ctx context.Context, u NewStaffUser) (int64, error) {
	if u.ClubID != 0 {
		if _, err := a.Clubs.Get(ctx, u.ClubID); err != nil {
			return 0, fmt.Errorf("club %d: %w", u.ClubID, err)
		}
	}
	var uid int64
	err := a.DB.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		if uid, err = a.Auth.CreateUser(ctx, tx, u.NewUser); err != nil {
			return err
		}
		if u.ProviderAdmin {
			if err := a.Auth.SetProviderAdmin(ctx, tx, uid, true); err != nil {
				return err
			}
		}
		if u.ClubID != 0 {
			_, err = member.CreateStaff(ctx, tx, member.Staff{Club: u.ClubID, User: uid, Name: u.Name, Surname: u.Surname, DNI: u.DNI, Email: u.Email, Roles: u.Roles})
		}
		return err
	})
	return uid, err
}

// AddNovelty stores a provider novelty.
func (a *App) AddNovelty(ctx context.Context, title, body string) (int64, error) {
	return a.Novelties.Add(ctx, title, body)
}
