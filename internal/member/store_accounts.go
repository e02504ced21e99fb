package member

import (
	"context"

	"socius/internal/db"
)

// The SQL of a member's online account: the account looked up for the
// member's e-mail, the link requests (account_links) and the member's user.
// Each function takes the caller's transaction or pool.

// userByLogin is the oldest account whose username or e-mail is norm (already
// normalised), or 0 when there is none.
func userByLogin(ctx context.Context, q db.Q, norm string) (int64, error) {
	var ids []int64
	if err := db.Select(ctx, q, &ids, `SELECT id FROM users WHERE username_norm = ? OR email_norm = ? ORDER BY id LIMIT 1`,
		norm, norm); err != nil {
		return 0, err
	}
	if len(ids) > 0 {
		return ids[0], nil
	}
	return 0, nil
}

// otherMembersOfUser counts the club's live members other than id linked to the user.
func otherMembersOfUser(ctx context.Context, q db.Q, uid, clubID, id int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members WHERE user_id = ? AND club_id = ? AND id <> ? AND deleted = 0`, uid, clubID, id)
	return n, err
}

// openLinks counts the member's link requests to the user still valid at now.
func openLinks(ctx context.Context, q db.Q, memberID, uid, now int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM account_links WHERE member_id = ? AND user_id = ? AND expires >= ?`,
		memberID, uid, now)
	return n, err
}

func userEmail(ctx context.Context, q db.Q, uid int64) (string, error) {
	var email string
	err := db.Get(ctx, q, &email, `SELECT email FROM users WHERE id = ?`, uid)
	return email, err
}

// deleteLinks removes every link request of the member.
func deleteLinks(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM account_links WHERE member_id = ?`, memberID)
	return err
}

func insertLink(ctx context.Context, q db.Q, memberID, uid int64, tokenHash string, staffUID, created, expires int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO account_links (member_id, user_id, token_hash, staff_user_id, created, expires) VALUES (?,?,?,?,?,?)`,
		memberID, uid, tokenHash, staffUID, created, expires)
	return err
}

// setMemberUser links the member record to a user.
func setMemberUser(ctx context.Context, q db.Q, memberID, uid int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET user_id = ? WHERE id = ?`, uid, memberID)
	return err
}

// linkRow is an open link request with what the person is shown.
type linkRow struct {
	MemberID int64  `db:"member_id"`
	UserID   int64  `db:"user_id"`
	Club     string `db:"title"`
	Username string `db:"username"`
	Number   int64  `db:"number"`
}

// linkByTokenHash reads the link request of a token's hash, valid at now and
// of a live member; nil when there is none.
func linkByTokenHash(ctx context.Context, q db.Q, tokenHash string, now int64) (*linkRow, error) {
	var rows []linkRow
	if err := db.Select(ctx, q, &rows, `SELECT l.member_id, l.user_id, c.title, u.username, m.number FROM account_links l
		JOIN members m ON m.id = l.member_id AND m.deleted = 0 JOIN clubs c ON c.id = m.club_id JOIN users u ON u.id = l.user_id
		WHERE l.token_hash = ? AND l.expires >= ?`, tokenHash, now); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

// turnOffOnlineAccount turns off the online account of a member not linked to a user.
func turnOffOnlineAccount(ctx context.Context, q db.Q, memberID, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET online_account = 0, changed = ? WHERE id = ? AND user_id IS NULL`, now, memberID)
	return err
}

// membersOfUserInClubOf counts the live members linked to the user in the club of the member.
func membersOfUserInClubOf(ctx context.Context, q db.Q, uid, memberID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM members WHERE user_id = ? AND deleted = 0
			AND club_id = (SELECT club_id FROM members WHERE id = ?)`, uid, memberID)
	return n, err
}

// linkMemberToUser links a member not yet linked to the user and turns its online account on.
func linkMemberToUser(ctx context.Context, q db.Q, memberID, uid, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET user_id = ?, online_account = 1, changed = ? WHERE id = ? AND user_id IS NULL`,
		uid, now, memberID)
	return err
}

// accountState reads whether the user's account is activated and how many
// live members of other clubs it belongs to.
func accountState(ctx context.Context, q db.Q, clubID, uid int64) (activated, others int, err error) {
	var row struct {
		Activated int `db:"activated"`
		Others    int `db:"others"`
	}
	if err := db.Get(ctx, q, &row, `SELECT u.activated, (SELECT COUNT(*) FROM members o WHERE o.user_id = u.id AND o.club_id <> ? AND o.deleted = 0) AS others
		FROM users u WHERE u.id = ?`, clubID, uid); err != nil {
		return 0, 0, err
	}
	return row.Activated, row.Others, nil
}
