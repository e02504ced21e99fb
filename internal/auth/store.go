package auth

import (
	"context"
	"strings"

	"socius/internal/db"
)

// The auth tables' SQL: users, sessions, login_failures and password_resets.

const userCols = `id, username, email, password_hash, name, surname, dni, birthdate, phone, mj_id, status, created, last_login, lang, provider_admin`

// countUsername counts the accounts whose normalised username is norm.
func countUsername(ctx context.Context, q db.Q, norm string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM users WHERE username_norm = ?`, norm)
	return n, err
}

func insertUser(ctx context.Context, q db.Q, u NewUser, hash string, created int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO users (username, username_norm, email, email_norm, password_hash,
		name, surname, dni, birthdate, phone, created) VALUES (?,?,?,?,?,?,?,?,?,?,?)`,
		strings.TrimSpace(u.Username), Normalise(u.Username), strings.TrimSpace(u.Email), Normalise(u.Email),
		hash, u.Name, u.Surname, u.DNI, u.Birthdate, u.Phone, created)
}

// setPasswordHash replaces a user's password and marks the account activated.
func setPasswordHash(ctx context.Context, q db.Q, uid int64, hash string) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET password_hash = ?, activated = 1 WHERE id = ?`, hash, uid)
	return err
}

// userByName finds an account by normalised username or e-mail.
func userByName(ctx context.Context, q db.Q, norm string) (*User, error) {
	var u User
	err := db.Get(ctx, q, &u, `SELECT `+userCols+` FROM users WHERE username_norm = ? OR (email_norm = ? AND email_norm <> '') ORDER BY id LIMIT 1`, norm, norm)
	return &u, err
}

func userByID(ctx context.Context, q db.Q, id int64) (*User, error) {
	var u User
	err := db.Get(ctx, q, &u, `SELECT `+userCols+` FROM users WHERE id = ?`, id)
	return &u, err
}

// recordLogin notes a login's time and marks the account activated.
func recordLogin(ctx context.Context, q db.Q, uid, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET last_login = ?, activated = 1 WHERE id = ?`, now, uid)
	return err
}

// lockUser takes the account's row (a no-op UPDATE) until the transaction ends.
func lockUser(ctx context.Context, q db.Q, uid int64) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET status = status WHERE id = ?`, uid)
	return err
}

func insertSession(ctx context.Context, q db.Q, sess Session, tokenHash string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO sessions (id, token_hash, user_id, csrf, created, last_seen, expires)
			VALUES (?,?,?,?,?,?,?)`, sess.ID, tokenHash, sess.UserID, sess.CSRF, sess.Created, sess.LastSeen, sess.Expires)
	return err
}

func sessionByToken(ctx context.Context, q db.Q, tokenHash string) (*Session, error) {
	var sess Session
	err := db.Get(ctx, q, &sess, `SELECT id, user_id, csrf, created, last_seen, expires FROM sessions WHERE token_hash = ?`, tokenHash)
	return &sess, err
}

func touchSession(ctx context.Context, q db.Q, id string, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE sessions SET last_seen = ? WHERE id = ?`, now, id)
	return err
}

func deleteSession(ctx context.Context, q db.Q, id string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM sessions WHERE id = ?`, id)
	return err
}

func deleteSessionByToken(ctx context.Context, q db.Q, tokenHash string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
	return err
}

// deleteOtherSessions ends every session of the user but keep.
func deleteOtherSessions(ctx context.Context, q db.Q, uid int64, keep string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM sessions WHERE user_id = ? AND id <> ?`, uid, keep)
	return err
}

// deleteEndedSessions removes the sessions past their end or idle since before idleBefore.
func deleteEndedSessions(ctx context.Context, q db.Q, now, idleBefore int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM sessions WHERE expires < ? OR last_seen < ?`, now, idleBefore)
	return err
}

// clearFailures takes back an attempt's rows and the settled (or stale)
// failures of the pair and the account.
func clearFailures(ctx context.Context, q db.Q, rows []int64, pair, account string, stale int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM login_failures WHERE id IN (?,?,?)
			OR ((key = ? OR key = ?) AND (pending = 0 OR at < ?))`, rows[0], rows[1], rows[2], pair, account, stale)
	return err
}

func deleteFailuresBefore(ctx context.Context, q db.Q, since int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM login_failures WHERE at < ?`, since)
	return err
}

type failureCount struct {
	Key      string `db:"key"`
	Failures int    `db:"failures"`
	Attempts int    `db:"attempts"`
}

// failureCounts counts, per key of an attempt since since, the failures
// (settled, or pending since before stale) and all the attempts.
func failureCounts(ctx context.Context, q db.Q, k throttleKeys, stale, since int64) ([]failureCount, error) {
	var rows []failureCount
	err := db.Select(ctx, q, &rows, `SELECT key, SUM(CASE WHEN pending = 0 OR at < ? THEN 1 ELSE 0 END) AS failures,
			COUNT(*) AS attempts FROM login_failures WHERE key IN (?,?,?) AND at >= ? GROUP BY key`,
		stale, k.pair, k.account, k.addr, since)
	return rows, err
}

// insertAttempt records an attempt under way (pending) under key.
func insertAttempt(ctx context.Context, q db.Q, key string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO login_failures (key, at, pending) VALUES (?, ?, 1)`, key, now)
}

// markFailed turns an attempt's three rows into failures.
func markFailed(ctx context.Context, q db.Q, rows []int64) error {
	_, err := db.Exec(ctx, q, `UPDATE login_failures SET pending = 0 WHERE id IN (?,?,?)`, rows[0], rows[1], rows[2])
	return err
}

func deleteUserResets(ctx context.Context, q db.Q, uid int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM password_resets WHERE user_id = ?`, uid)
	return err
}

func deleteResetsExpiredBefore(ctx context.Context, q db.Q, before int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM password_resets WHERE expires < ?`, before)
	return err
}

// countOpenResets counts the user's reset links unused and unexpired at now.
func countOpenResets(ctx context.Context, q db.Q, uid, now int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND used = 0 AND expires >= ?`,
		uid, now)
	return n, err
}

// countResetsExpiringAfter counts the user's reset links that expire after t.
func countResetsExpiringAfter(ctx context.Context, q db.Q, uid, t int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM password_resets WHERE user_id = ? AND expires > ?`,
		uid, t)
	return n, err
}

func insertReset(ctx context.Context, q db.Q, tokenHash string, uid, expires int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO password_resets (token_hash, user_id, expires) VALUES (?,?,?)`,
		tokenHash, uid, expires)
	return err
}

// openResetUser is the user of an unused reset link unexpired at now.
func openResetUser(ctx context.Context, q db.Q, tokenHash string, now int64) (int64, error) {
	var uid int64
	err := db.Get(ctx, q, &uid, `SELECT user_id FROM password_resets WHERE token_hash = ? AND used = 0 AND expires >= ?`,
		tokenHash, now)
	return uid, err
}

// useReset marks an unused reset link used, answering the rows changed.
func useReset(ctx context.Context, q db.Q, tokenHash string) (int64, error) {
	res, err := db.Exec(ctx, q, `UPDATE password_resets SET used = 1 WHERE token_hash = ? AND used = 0`, tokenHash)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// setLanguage records the language a person uses; nothing is written when it
// is the one already recorded.
func setLanguage(ctx context.Context, q db.Q, uid int64, lang string) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET lang = ? WHERE id = ? AND lang <> ?`, lang, uid, lang)
	return err
}

// setProviderAdmin marks an account a provider administrator, or not.
func setProviderAdmin(ctx context.Context, q db.Q, uid int64, on bool) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET provider_admin = ? WHERE id = ?`, db.Bool(on), uid)
	return err
}
