package member

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/auth"
	"socius/internal/db"
)

// Accounts creates the online account (a user) of a member.
type Accounts interface {
	CreateUser(ctx context.Context, q db.Q, u auth.NewUser) (int64, error)
}

// Service implements the member rules.
type Service struct {
	db       *db.DB
	accounts Accounts
	countCap int
	onDelete []DeleteStep
	now      func() time.Time
}

// DeleteStep removes, inside a member's deletion, rows another package keeps
// for the member (pos's open cart): that package imports member, so its step
// is handed in rather than called by name.
type DeleteStep func(ctx context.Context, tx *sqlx.Tx, memberID int64) error

// OnDelete adds a step to every member deletion.
func (s *Service) OnDelete(step DeleteStep) { s.onDelete = append(s.onDelete, step) }

// New returns the member service.
func New(d *db.DB, accounts Accounts) *Service {
	return &Service{db: d, accounts: accounts, countCap: CountCap, now: time.Now}
}

// WithClock returns a copy of the service that reads the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// WithCountCap returns a copy of the service that stops counting at n (tests).
func (s *Service) WithCountCap(n int) *Service {
	c := *s
	c.countCap = n
	return &c
}
