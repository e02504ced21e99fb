package auth

import (
	"context"
	"errors"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

// Login checks the credentials, applying the throttling described at Config,
// and opens a new session (the old one, if any, is ended: the session id
// rotates at login).
func (s *Service) Login(ctx context.Context, username, password, addr, oldToken string) (*LoginResult, error) {
	u, err := s.UserByName(ctx, username)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	k := newThrottleKeys(u, username, addr)
	delay, rows, err := s.admit(ctx, k)
	if err != nil {
		return nil, err
	}
	res, err := s.login(ctx, u, password, oldToken, delay, k, rows)
	if err != nil {
		s.failed(ctx, rows)
	}
	return res, err
}

// login is an admitted attempt: it waits its delay, checks the password and
// opens the session, taking the attempt's rows back with the account's and
// the pair's failures.
func (s *Service) login(ctx context.Context, u *User, password, oldToken string, delay time.Duration, k throttleKeys, rows []int64) (*LoginResult, error) {
	if delay > 0 {
		s.cfg.Sleep(ctx, delay)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if u == nil {
		_, _ = CheckPassword(s.dummy(), password)
		return nil, ErrBadCredentials
	}
	ok, err := CheckPassword(u.Hash, password)
	if err != nil {
		return nil, err
	}
	if !ok || u.Status != 1 {
		return nil, ErrBadCredentials
	}
	now := s.now()
	stale := now - int64(s.pendingFor()/time.Second)
	res := &LoginResult{User: u, Token: RandomToken(32)}
	res.Session = Session{ID: RandomToken(12), UserID: u.ID, CSRF: RandomToken(24), Created: now, LastSeen: now,
		Expires: now + int64(s.cfg.MaxAge/time.Second)}
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if oldToken != "" {
			if err := deleteSessionByToken(ctx, tx, hashToken(oldToken)); err != nil {
				return err
			}
		}
		// Knowing the password ends the slow-down of the account and of this
		// pair; the address keeps its other failures (one's own account must
		// not clear an address that tried others), only this attempt is
		// taken back. Other attempts under way keep their rows: each ends
		// as what it turns out to be.
		if err := clearFailures(ctx, tx, rows, k.pair, k.account, stale); err != nil {
			return err
		}
		if err := deleteEndedSessions(ctx, tx, now, now-int64(s.cfg.IdleTimeout/time.Second)); err != nil {
			return err
		}
		if err := recordLogin(ctx, tx, u.ID, now); err != nil {
			return err
		}
		return insertSession(ctx, tx, res.Session, hashToken(res.Token))
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// throttleKeys name the counters of one attempt in login_failures.
type throttleKeys struct{ pair, account, addr string }

// newThrottleKeys counts a known account by id, whichever of its names was
// typed, and an unknown name under a prefix of its own so that it cannot
// stand for an id.
func newThrottleKeys(u *User, username, addr string) throttleKeys {
	account := "n:" + Normalise(username)
	if u != nil {
		account = "u:" + strconv.FormatInt(u.ID, 10)
	}
	return throttleKeys{pair: "p:" + addr + " " + account, account: account, addr: "a:" + addr}
}

// admitWait is how often an attempt that waits for others under way looks
// again.
const admitWait = 50 * time.Millisecond

// admit refuses a locked pair or address, or records the attempt as under
// way (pending) before its password is checked: it becomes a failure unless
// it opens a session (see failed), so an abandoned attempt still counts.
// Only failures lock and slow down; but the pair's and the address's limits
// count the attempts under way too, and an attempt that would pass a limit
// if they all failed waits for them to end. So a burst of wrong passwords
// checks no more of them than the limit allows, and a burst of right ones
// all get in. It returns the delay to apply and the attempt's rows.
func (s *Service) admit(ctx context.Context, k throttleKeys) (time.Duration, []int64, error) {
	for {
		delay, rows, err := s.tryAdmit(ctx, k)
		if !errors.Is(err, errAttemptsUnderWay) {
			return delay, rows, err
		}
		t := time.NewTimer(admitWait)
		select {
		case <-ctx.Done():
			t.Stop()
			return 0, nil, ctx.Err()
		case <-t.C:
		}
	}
}

// errAttemptsUnderWay: the attempt must wait for others to end.
var errAttemptsUnderWay = errors.New("login attempts under way")

func (s *Service) tryAdmit(ctx context.Context, k throttleKeys) (time.Duration, []int64, error) {
	now := s.now()
	since := now - int64(s.cfg.ThrottleWindow/time.Second)
	stale := now - int64(s.pendingFor()/time.Second)
	var delay time.Duration
	var ids []int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		// Attempts from one address are counted and recorded one at a time,
		// so attempts at once cannot all count the same rows.
		h := fnv.New32a()
		h.Write([]byte(k.addr))
		if err := db.Lock(ctx, tx, db.LockLogin, int64(h.Sum32())); err != nil {
			return err
		}
		if err := deleteFailuresBefore(ctx, tx, since); err != nil {
			return err
		}
		rows, err := failureCounts(ctx, tx, k, stale, since)
		if err != nil {
			return err
		}
		failures, attempts := map[string]int{}, map[string]int{}
		for _, r := range rows {
			failures[r.Key], attempts[r.Key] = r.Failures, r.Attempts
		}
		if failures[k.pair] >= s.cfg.LockAfter || failures[k.addr] >= s.cfg.AddressLimit {
			return ErrThrottled
		}
		if attempts[k.pair] >= s.cfg.LockAfter || attempts[k.addr] >= s.cfg.AddressLimit {
			return errAttemptsUnderWay
		}
		// The pair's failures are the account's too, so the account's
		// delay covers the pair.
		delay = min(max(s.slowdown(failures[k.account], s.cfg.SlowAfter), s.slowdown(failures[k.addr], s.cfg.AddressSlowAfter)), s.cfg.MaxDelay)
		for _, key := range []string{k.pair, k.account, k.addr} {
			id, err := insertAttempt(ctx, tx, key, now)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	return delay, ids, err
}

// failed turns an admitted attempt that opened no session (a wrong
// password, an unknown or inactive account, a client gone during its delay)
// into failures. It is written even when the client has gone, so that
// hanging up does not spare a guess; should it not be written, the attempt
// counts as a failure anyway once it is older than pendingFor.
func (s *Service) failed(ctx context.Context, rows []int64) {
	_ = markFailed(context.WithoutCancel(ctx), s.db.W, rows)
}

// pendingFor is how long an attempt is taken to be under way: past it (its
// server stopped during the check) it counts as a failure.
func (s *Service) pendingFor() time.Duration { return s.cfg.MaxDelay + time.Minute }

// slowdown grows by one step per failure from the after-th on.
func (s *Service) slowdown(failures, after int) time.Duration {
	if failures < after {
		return 0
	}
	return time.Duration(failures-after+1) * s.cfg.SlowStep
}
