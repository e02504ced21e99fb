package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

// Service implements the account rules.
type Service struct {
	db  *db.DB
	cfg Config
}

// New returns the auth service.
func New(d *db.DB, cfg Config) *Service {
	if cfg.FastHashing && !testing.Testing() {
		panic("auth: fast password hashing outside a test binary")
	}
	if cfg.IdleTimeout == 0 {
		cfg.IdleTimeout = 8 * time.Hour
	}
	if cfg.MaxAge == 0 {
		cfg.MaxAge = 30 * 24 * time.Hour
	}
	if cfg.ThrottleWindow == 0 {
		cfg.ThrottleWindow = 15 * time.Minute
	}
	if cfg.SlowAfter == 0 {
		cfg.SlowAfter = 3
	}
	if cfg.LockAfter == 0 {
		cfg.LockAfter = 10
	}
	if cfg.AddressLimit == 0 {
		cfg.AddressLimit = 100
	}
	if cfg.AddressSlowAfter == 0 {
		// A shared address (a club's NAT) sees everyone's typos: slow it well
		// after a single account, and well before its ceiling.
		cfg.AddressSlowAfter = max(1, min(cfg.SlowAfter*cfg.LockAfter, cfg.AddressLimit/2))
	}
	if cfg.SlowStep == 0 {
		cfg.SlowStep = 400 * time.Millisecond
	}
	if cfg.MaxDelay == 0 {
		cfg.MaxDelay = 5 * time.Second
	}
	if cfg.ResetValidity == 0 {
		cfg.ResetValidity = time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = func(ctx context.Context, d time.Duration) {
			select {
			case <-ctx.Done():
			case <-time.After(d):
			}
		}
	}
	return &Service{db: d, cfg: cfg}
}

// Config returns the effective configuration.
func (s *Service) Config() Config { return s.cfg }

func (s *Service) now() int64 { return s.cfg.Now().Unix() }

// Normalise folds a username or e-mail for lookups.
func Normalise(v string) string { return strings.ToLower(strings.TrimSpace(v)) }

func checkLen(p string) error {
	n := utf8.RuneCountInString(p)
	if n < MinPasswordLen {
		return ErrPasswordTooShort
	}
	if n > MaxPasswordLen {
		return ErrPasswordTooLong
	}
	return nil
}

// hash stores a password at the service's cost.
func (s *Service) hash(password string) (string, error) {
	if s.cfg.FastHashing {
		return hashPassword(password, testCost)
	}
	return HashPassword(password)
}

// dummy is the hash an unknown username is checked against, at the service's cost.
func (s *Service) dummy() string {
	if s.cfg.FastHashing {
		return testDummyHash
	}
	return dummyHash
}

// CreateUser stores a new account inside tx (or the pool when tx is nil).
func (s *Service) CreateUser(ctx context.Context, q db.Q, u NewUser) (int64, error) {
	if strings.TrimSpace(u.Username) == "" {
		return 0, fmt.Errorf("username required")
	}
	if err := checkLen(u.Password); err != nil {
		return 0, err
	}
	hash, err := s.hash(u.Password)
	if err != nil {
		return 0, err
	}
	if q == nil {
		q = s.db.W
	}
	n, err := countUsername(ctx, q, Normalise(u.Username))
	if err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, ErrUsernameTaken
	}
	return insertUser(ctx, q, u, hash, s.now())
}

// SetPassword replaces a user's password (operators, reset links) and ends
// every session of that user.
func (s *Service) SetPassword(ctx context.Context, username, password string) error {
	if err := checkLen(password); err != nil {
		return err
	}
	u, err := s.UserByName(ctx, username)
	if err != nil {
		return err
	}
	return s.setPassword(ctx, u.ID, password, "")
}

func (s *Service) setPassword(ctx context.Context, uid int64, password, keepSession string) error {
	hash, err := s.hash(password)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if err := setPasswordHash(ctx, tx, uid, hash); err != nil {
			return err
		}
		if err := deleteUserResets(ctx, tx, uid); err != nil {
			return err
		}
		return deleteOtherSessions(ctx, tx, uid, keepSession)
	})
}

// UserByName finds an account by username or e-mail.
func (s *Service) UserByName(ctx context.Context, name string) (*User, error) {
	u, err := userByName(ctx, s.db.R, Normalise(name))
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return u, err
}

// SetLanguage records the language the person uses the app in (one of the
// app's; the caller checks it), for what is sent to them later.
func (s *Service) SetLanguage(ctx context.Context, uid int64, lang string) error {
	return setLanguage(ctx, s.db.W, uid, lang)
}

// UserByID loads an account.
func (s *Service) UserByID(ctx context.Context, id int64) (*User, error) {
	u, err := userByID(ctx, s.db.R, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return u, err
}

// RandomToken returns a URL-safe random token of n bytes.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// touchEvery limits last_seen writes to one a minute per session.
const touchEvery = 60

// Authenticate returns the session and user of a cookie token, or ErrNotFound
// when there is none or it has expired. The request counts as use: the
// session's idle time starts again.
func (s *Service) Authenticate(ctx context.Context, token string) (*Session, *User, error) {
	return s.authenticate(ctx, token, true)
}

// Peek is Authenticate for a check the person did not make (a live stream
// asking again whether its reader is still logged in): it does not count as
// use, so an open tab left alone still ends at the idle timeout.
func (s *Service) Peek(ctx context.Context, token string) (*Session, *User, error) {
	return s.authenticate(ctx, token, false)
}

func (s *Service) authenticate(ctx context.Context, token string, touch bool) (*Session, *User, error) {
	if token == "" {
		return nil, nil, ErrNotFound
	}
	sess, err := sessionByToken(ctx, s.db.R, hashToken(token))
	if errors.Is(err, db.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	if now > sess.Expires || now-sess.LastSeen > int64(s.cfg.IdleTimeout/time.Second) {
		_ = deleteSession(ctx, s.db.W, sess.ID)
		return nil, nil, ErrNotFound
	}
	u, err := s.UserByID(ctx, sess.UserID)
	if err != nil {
		return nil, nil, err
	}
	if u.Status != 1 {
		return nil, nil, ErrNotFound
	}
	if touch && now-sess.LastSeen >= touchEvery {
		if err := touchSession(ctx, s.db.W, sess.ID, now); err != nil {
			return nil, nil, err
		}
		sess.LastSeen = now
	}
	return sess, u, nil
}

// Logout ends the session of a cookie token.
func (s *Service) Logout(ctx context.Context, token string) error {
	return deleteSessionByToken(ctx, s.db.W, hashToken(token))
}

// ChangePassword checks the current password and sets a new one; the other
// sessions of the user end, this one stays.
func (s *Service) ChangePassword(ctx context.Context, sess *Session, oldPassword, newPassword string) error {
	u, err := s.UserByID(ctx, sess.UserID)
	if err != nil {
		return err
	}
	ok, err := CheckPassword(u.Hash, oldPassword)
	if err != nil {
		return err
	}
	if !ok {
		return ErrWrongPassword
	}
	if err := checkLen(newPassword); err != nil {
		return err
	}
	return s.setPassword(ctx, u.ID, newPassword, sess.ID)
}

// RequestReset creates a reset token for the account named by username or
// e-mail. It returns the user and the token, ErrNotFound or ErrResetLimited
// (which callers must not reveal to the client). An unknown name goes the
// same way as a known one, so the time taken tells nothing.
func (s *Service) RequestReset(ctx context.Context, name string) (*User, string, error) {
	u, err := s.UserByName(ctx, name)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, "", err
	}
	var uid int64
	if u != nil {
		uid = u.ID
	}
	token := RandomToken(32)
	now := s.now()
	validity := int64(s.cfg.ResetValidity / time.Second)
	window := int64(resetWindow / time.Second)
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		// Locks the account's row so that concurrent requests count each other.
		if err := lockUser(ctx, tx, uid); err != nil {
			return err
		}
		// A row expired for longer than the window no longer counts.
		if err := deleteResetsExpiredBefore(ctx, tx, now-window); err != nil {
			return err
		}
		open, err := countOpenResets(ctx, tx, uid, now)
		if err != nil {
			return err
		}
		// A row was made ResetValidity before it expires.
		recent, err := countResetsExpiringAfter(ctx, tx, uid, now-window+validity)
		if err != nil {
			return err
		}
		if u == nil {
			return ErrNotFound
		}
		if open >= MaxOpenResets || recent >= MaxResetsWindow {
			return ErrResetLimited
		}
		return insertReset(ctx, tx, hashToken(token), u.ID, now+validity)
	})
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// InviteValidity is how long the link of an invitation (an account made for a
// person, who sets its password) stays open: longer than a reset's hour, as
// the person may read the mail days later.
const InviteValidity = 7 * 24 * time.Hour

// Invite makes the link with which the person of an account sets its
// password, inside the caller's transaction; it works once, like a reset's.
// Whoever held the account before loses it: its password becomes one nobody
// knows, its sessions and other links end. Only the holder of the mailbox the
// link goes to can use the account after this.
func (s *Service) Invite(ctx context.Context, q db.Q, uid int64) (string, error) {
	hash, err := s.hash(RandomToken(18))
	if err != nil {
		return "", err
	}
	if err := setPasswordHash(ctx, q, uid, hash); err != nil {
		return "", err
	}
	if err := deleteUserResets(ctx, q, uid); err != nil {
		return "", err
	}
	if err := deleteOtherSessions(ctx, q, uid, ""); err != nil {
		return "", err
	}
	token := RandomToken(32)
	return token, insertReset(ctx, q, hashToken(token), uid, s.now()+int64(InviteValidity/time.Second))
}

// SetProviderAdmin opens or closes the provider's console to an account.
func (s *Service) SetProviderAdmin(ctx context.Context, q db.Q, uid int64, on bool) error {
	return setProviderAdmin(ctx, q, uid, on)
}

// ResetPassword sets a new password with a reset token; the token works once.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if err := checkLen(password); err != nil {
		return err
	}
	uid, err := openResetUser(ctx, s.db.R, hashToken(token), s.now())
	if errors.Is(err, db.ErrNoRows) {
		return ErrResetInvalid
	}
	if err != nil {
		return err
	}
	n, err := useReset(ctx, s.db.W, hashToken(token))
	if err != nil {
		return err
	}
	if n != 1 {
		return ErrResetInvalid
	}
	return s.setPassword(ctx, uid, password, "")
}

// SetClock replaces the clock and the throttling sleep (tests).
func (s *Service) SetClock(now func() time.Time, sleep func(context.Context, time.Duration)) {
	if now != nil {
		s.cfg.Now = now
	}
	if sleep != nil {
		s.cfg.Sleep = sleep
	}
}
