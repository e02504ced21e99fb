// Package auth holds staff accounts, password hashing, server-side sessions,
// CSRF tokens, login throttling and password resets.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/problem"
)

// Errors returned by the service; httpapi maps them to status codes.
var (
	ErrBadCredentials   = errors.New("bad credentials")
	ErrThrottled        = errors.New("too many failed logins")
	ErrWrongPassword    = errors.New("wrong current password")
	ErrPasswordTooShort = errors.New("password too short")
	ErrPasswordTooLong  = errors.New("password too long")
	ErrResetInvalid     = errors.New("reset token invalid or expired")
	ErrUsernameTaken    = errors.New("username taken")
	ErrNotFound         = errors.New("not found")
	// ErrResetLimited: too many reset links for one account. The public
	// request answers as if it had worked; a staff invitation shows this.
	ErrResetLimited = &problem.Invalid{Code: "auth.reset_limited",
		Message: "Ya se han enviado varios enlaces para cambiar la contraseña de esta cuenta. Usa el último o espera una hora antes de pedir otro"}
)

// Reset links per account: enough for a lost mail or two, too few to flood a
// mailbox. Open links are unused and unexpired; requests are counted over
// resetWindow.
const (
	MaxOpenResets   = 3
	MaxResetsWindow = 5
	resetWindow     = time.Hour
)

// Password length limits: the spec caps the inputs at 30 characters.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 30
)

// User is a staff account.
type User struct {
	ID        int64  `db:"id"`
	Username  string `db:"username"`
	Email     string `db:"email"`
	Hash      string `db:"password_hash"`
	Name      string `db:"name"`
	Surname   string `db:"surname"`
	DNI       string `db:"dni"`
	Birthdate int64  `db:"birthdate"`
	Phone     string `db:"phone"`
	MjID      string `db:"mj_id"`
	Status    int    `db:"status"`
	Created   int64  `db:"created"`
	LastLogin int64  `db:"last_login"`
}

// Session is a logged-in browser.
type Session struct {
	ID       string `db:"id"`
	UserID   int64  `db:"user_id"`
	CSRF     string `db:"csrf"`
	Created  int64  `db:"created"`
	LastSeen int64  `db:"last_seen"`
	Expires  int64  `db:"expires"`
}

// Config holds the tunables; zero values get sensible defaults.
//
// Failed logins are counted over ThrottleWindow per account and address
// pair, per account and per address. Only a pair (one place hammering one
// account) and an address past its high ceiling are refused; an account as
// such is only slowed, so nobody can lock its owner out from elsewhere.
type Config struct {
	IdleTimeout      time.Duration // session ends after this long without a request
	MaxAge           time.Duration // and never lives longer than this
	ThrottleWindow   time.Duration // failures are counted over this window
	SlowAfter        int           // failures of an account before each attempt on it is slowed
	LockAfter        int           // failures of an account from one address before that pair is refused (429)
	AddressLimit     int           // failures from one address, any accounts, before it is refused (429)
	AddressSlowAfter int           // failures from one address before its attempts are slowed
	SlowStep         time.Duration // added delay per failure past the slow threshold
	MaxDelay         time.Duration // the delay never exceeds this
	ResetValidity    time.Duration
	Now              func() time.Time
	Sleep            func(context.Context, time.Duration)
}

// Service implements the account rules.
type Service struct {
	db  *db.DB
	cfg Config
}

// New returns the auth service.
func New(d *db.DB, cfg Config) *Service {
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

// NewUser holds the fields of a new account.
type NewUser struct {
	Username, Password, Email, Name, Surname, DNI, Phone string
	Birthdate                                            int64
}

// CreateUser stores a new account inside tx (or the pool when tx is nil).
func (s *Service) CreateUser(ctx context.Context, q db.Q, u NewUser) (int64, error) {
	if strings.TrimSpace(u.Username) == "" {
		return 0, fmt.Errorf("username required")
	}
	if err := checkLen(u.Password); err != nil {
		return 0, err
	}
	hash, err := HashPassword(u.Password)
	if err != nil {
		return 0, err
	}
	if q == nil {
		q = s.db.W
	}
	var n int
	if err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM users WHERE username_norm = ?`, Normalise(u.Username)); err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, ErrUsernameTaken
	}
	return db.Insert(ctx, q, `INSERT INTO users (username, username_norm, email, email_norm, password_hash,
		name, surname, dni, birthdate, phone, created) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
		strings.TrimSpace(u.Username), Normalise(u.Username), strings.TrimSpace(u.Email), Normalise(u.Email),
		hash, u.Name, u.Surname, u.DNI, u.Birthdate, u.Phone, s.now())
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
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := db.Exec(ctx, tx, `UPDATE users SET password_hash = ?, activated = 1 WHERE id = ?`, hash, uid); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `DELETE FROM password_resets WHERE user_id = ?`, uid); err != nil {
			return err
		}
		_, err := db.Exec(ctx, tx, `DELETE FROM sessions WHERE user_id = ? AND id <> ?`, uid, keepSession)
		return err
	})
}

const userCols = `id, username, email, password_hash, name, surname, dni, birthdate, phone, mj_id, status, created, last_login`

// UserByName finds an account by username or e-mail.
func (s *Service) UserByName(ctx context.Context, name string) (*User, error) {
	var u User
	n := Normalise(name)
	err := s.db.Get(ctx, &u, `SELECT `+userCols+` FROM users WHERE username_norm = ? OR (email_norm = ? AND email_norm <> '') ORDER BY id LIMIT 1`, n, n)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &u, err
}

// UserByID loads an account.
func (s *Service) UserByID(ctx context.Context, id int64) (*User, error) {
	var u User
	err := s.db.Get(ctx, &u, `SELECT `+userCols+` FROM users WHERE id = ?`, id)
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	return &u, err
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

// LoginResult is a new session: Token goes into the cookie, Session.CSRF to the client.
type LoginResult struct {
	User    *User
	Session Session
	Token   string
}

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
		_, _ = CheckPassword(dummyHash, password)
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
			if _, err := db.Exec(ctx, tx, `DELETE FROM sessions WHERE token_hash = ?`, hashToken(oldToken)); err != nil {
				return err
			}
		}
		// Knowing the password ends the slow-down of the account and of this
		// pair; the address keeps its other failures (one's own account must
		// not clear an address that tried others), only this attempt is
		// taken back. Other attempts under way keep their rows: each ends
		// as what it turns out to be.
		if _, err := db.Exec(ctx, tx, `DELETE FROM login_failures WHERE id IN (?,?,?)
			OR ((key = ? OR key = ?) AND (pending = 0 OR at < ?))`, rows[0], rows[1], rows[2], k.pair, k.account, stale); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `DELETE FROM sessions WHERE expires < ? OR last_seen < ?`, now, now-int64(s.cfg.IdleTimeout/time.Second)); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `UPDATE users SET last_login = ?, activated = 1 WHERE id = ?`, now, u.ID); err != nil {
			return err
		}
		_, err := db.Exec(ctx, tx, `INSERT INTO sessions (id, token_hash, user_id, csrf, created, last_seen, expires)
			VALUES (?,?,?,?,?,?,?)`, res.Session.ID, hashToken(res.Token), u.ID, res.Session.CSRF, now, now, res.Session.Expires)
		return err
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
		if _, err := db.Exec(ctx, tx, `DELETE FROM login_failures WHERE at < ?`, since); err != nil {
			return err
		}
		var rows []struct {
			Key      string `db:"key"`
			Failures int    `db:"failures"`
			Attempts int    `db:"attempts"`
		}
		if err := db.Select(ctx, tx, &rows, `SELECT key, SUM(CASE WHEN pending = 0 OR at < ? THEN 1 ELSE 0 END) AS failures,
			COUNT(*) AS attempts FROM login_failures WHERE key IN (?,?,?) AND at >= ? GROUP BY key`,
			stale, k.pair, k.account, k.addr, since); err != nil {
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
			id, err := db.Insert(ctx, tx, `INSERT INTO login_failures (key, at, pending) VALUES (?, ?, 1)`, key, now)
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
	_, _ = s.db.Exec(context.WithoutCancel(ctx), `UPDATE login_failures SET pending = 0 WHERE id IN (?,?,?)`, rows[0], rows[1], rows[2])
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
	var sess Session
	err := s.db.Get(ctx, &sess, `SELECT id, user_id, csrf, created, last_seen, expires FROM sessions WHERE token_hash = ?`, hashToken(token))
	if errors.Is(err, db.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	if now > sess.Expires || now-sess.LastSeen > int64(s.cfg.IdleTimeout/time.Second) {
		_, _ = s.db.Exec(ctx, `DELETE FROM sessions WHERE id = ?`, sess.ID)
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
		if _, err := s.db.Exec(ctx, `UPDATE sessions SET last_seen = ? WHERE id = ?`, now, sess.ID); err != nil {
			return nil, nil, err
		}
		sess.LastSeen = now
	}
	return &sess, u, nil
}

// Logout ends the session of a cookie token.
func (s *Service) Logout(ctx context.Context, token string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hashToken(token))
	return err
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
		if _, err := db.Exec(ctx, tx, `UPDATE users SET status = status WHERE id = ?`, uid); err != nil {
			return err
		}
		// A row expired for longer than the window no longer counts.
		if _, err := db.Exec(ctx, tx, `DELETE FROM password_resets WHERE expires < ?`, now-window); err != nil {
			return err
		}
		var open, recent int
		if err := db.Get(ctx, tx, &open, `SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND used = 0 AND expires >= ?`,
			uid, now); err != nil {
			return err
		}
		// A row was made ResetValidity before it expires.
		if err := db.Get(ctx, tx, &recent, `SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND expires > ?`,
			uid, now-window+validity); err != nil {
			return err
		}
		if u == nil {
			return ErrNotFound
		}
		if open >= MaxOpenResets || recent >= MaxResetsWindow {
			return ErrResetLimited
		}
		_, err := db.Exec(ctx, tx, `INSERT INTO password_resets (token_hash, user_id, expires) VALUES (?,?,?)`,
			hashToken(token), u.ID, now+validity)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return u, token, nil
}

// ResetPassword sets a new password with a reset token; the token works once.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if err := checkLen(password); err != nil {
		return err
	}
	var uid int64
	err := s.db.Get(ctx, &uid, `SELECT user_id FROM password_resets WHERE token_hash = ? AND used = 0 AND expires >= ?`,
		hashToken(token), s.now())
	if errors.Is(err, db.ErrNoRows) {
		return ErrResetInvalid
	}
	if err != nil {
		return err
	}
	res, err := s.db.Exec(ctx, `UPDATE password_resets SET used = 1 WHERE token_hash = ? AND used = 0`, hashToken(token))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
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
