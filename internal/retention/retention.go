// Package retention forgets what the law says to forget: the personal data of
// dispensation records and the admission declarations older than the club's
// rules keep them (KCanG § 26(2): five years; § 16: three). It runs once a
// day for every club that chose a pack, and on demand from the club's rules;
// each run leaves a row saying what it removed.
package retention

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/rules"
)

// How a run started.
const (
	Daily  = "daily"
	Manual = "manual"
)

// Forget removes the personal data of one kind of record of the club made
// before the time and says how many records it changed. The owners of the
// records hand it in (the register's dispensations, the members'
// declarations), so this package needs neither.
type Forget func(ctx context.Context, q db.Q, clubID, before int64) (int64, error)

// Run is what one run removed.
type Run struct {
	ID                     int64  `json:"id" db:"id"`
	At                     int64  `json:"at" db:"at" doc:"When it ran (unix seconds)"`
	Trigger                string `json:"trigger" db:"trigger" enum:"daily,manual"`
	Staff                  string `json:"staff" db:"staff" doc:"Who asked for it; empty for the daily run"`
	DispensationsBefore    *int64 `json:"dispensations_before" db:"dispensations_before" nullable:"true" doc:"Dispensations before this time lost their personal data; null: the rules keep them"`
	DispensationsForgotten int64  `json:"dispensations_forgotten" db:"dispensations_forgotten"`
	DeclarationsBefore     *int64 `json:"declarations_before" db:"declarations_before" nullable:"true" doc:"Declarations signed before this time were removed; null: the rules keep them"`
	DeclarationsRemoved    int64  `json:"declarations_removed" db:"declarations_removed"`
}

// Service runs the retention.
type Service struct {
	db                          *db.DB
	rules                       *rules.Service
	dispensations, declarations Forget
	mu                          sync.RWMutex
	now                         func() time.Time
}

// New returns the service.
func New(d *db.DB, r *rules.Service, dispensations, declarations Forget) *Service {
	return &Service{db: d, rules: r, dispensations: dispensations, declarations: declarations, now: time.Now}
}

// SetClock makes the service read the time from now (tests move it years on).
func (s *Service) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.now = now
}

func (s *Service) clock() time.Time {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.now()
}

// dailyGap is how soon after a daily run the next one may run for the same
// club: every instance checks each hour, and the first to find the club due
// runs it.
const dailyGap = 20 * time.Hour

// RunClub runs the retention of one club now, asked for by a staff user.
func (s *Service) RunClub(ctx context.Context, clubID, staffUserID int64) (*Run, error) {
	var run *Run
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		var err error
		run, err = s.run(ctx, tx, clubID, Manual, &staffUserID)
		return err
	})
	if err != nil {
		return nil, err
	}
	runs, err := selectRuns(ctx, s.db.W, clubID, 1)
	if err != nil || len(runs) == 0 {
		return run, err
	}
	return &runs[0], nil
}

// RunDaily runs the retention of every club that chose a pack and has not
// had its daily run in the last day; it returns how many clubs ran. A club
// that fails is logged and the others go on.
func (s *Service) RunDaily(ctx context.Context) (int, error) {
	clubs, err := s.rules.ChosenClubs(ctx)
	if err != nil {
		return 0, err
	}
	ran := 0
	for _, clubID := range clubs {
		err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
			run, err := s.run(ctx, tx, clubID, Daily, nil)
			if run != nil {
				ran++
			}
			return err
		})
		if err != nil {
			slog.Error("retention run failed", "club", clubID, "err", err)
		}
	}
	return ran, nil
}

// run removes what the club's rules no longer keep and writes the run's
// row. A daily run of a club that had one in the last day, or whose rules
// keep everything, writes nothing and returns nil.
func (s *Service) run(ctx context.Context, tx *sqlx.Tx, clubID int64, trigger string, staffUserID *int64) (*Run, error) {
	// One instance at a time per club: the second waits here, then finds the daily run done.
	if err := db.Lock(ctx, tx, db.LockRetention, clubID); err != nil {
		return nil, err
	}
	if trigger == Daily {
		last, err := lastDaily(ctx, tx, clubID)
		if err != nil || (last != 0 && s.clock().Sub(time.Unix(last, 0)) < dailyGap) {
			return nil, err
		}
	}
	r, err := rules.ForClub(ctx, tx, clubID)
	if err != nil {
		return nil, err
	}
	now := s.clock()
	if trigger == Daily && r.RetentionYears == nil && r.DeclarationRetentionYears == nil {
		return nil, nil
	}
	run := &Run{At: now.Unix(), Trigger: trigger}
	if r.RetentionYears != nil {
		before := now.AddDate(-*r.RetentionYears, 0, 0).Unix()
		run.DispensationsBefore = &before
		if run.DispensationsForgotten, err = s.dispensations(ctx, tx, clubID, before); err != nil {
			return nil, err
		}
	}
	if r.DeclarationRetentionYears != nil {
		before := now.AddDate(-*r.DeclarationRetentionYears, 0, 0).Unix()
		run.DeclarationsBefore = &before
		if run.DeclarationsRemoved, err = s.declarations(ctx, tx, clubID, before); err != nil {
			return nil, err
		}
	}
	run.ID, err = insertRun(ctx, tx, clubID, run, staffUserID)
	return run, err
}

// Runs lists the club's last runs, newest first.
func (s *Service) Runs(ctx context.Context, clubID int64, limit int) ([]Run, error) {
	return selectRuns(ctx, s.db.R, clubID, limit)
}

// Loop runs the daily retention until ctx ends: a minute after the start,
// then every hour (each club runs once a day; the hourly look means a
// restart never makes a club wait a whole day more).
func (s *Service) Loop(ctx context.Context) {
	wait := time.Minute
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = time.Hour
		if n, err := s.RunDaily(ctx); err != nil {
			slog.Error("retention", "err", err)
		} else if n > 0 {
			slog.Info("retention ran", "clubs", n)
		}
	}
}
