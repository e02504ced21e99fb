package member

import (
	"context"

	"socius/internal/db"
)

// The SQL of a member's data export: the account linked to the member and
// the member's check-ins and check-outs.

// memberAccount reads the online account linked to the club's member (none
// is an empty list): no hash, token or session column is selected.
func memberAccount(ctx context.Context, q db.Q, clubID, nid int64) ([]Account, error) {
	out := []Account{}
	err := db.Select(ctx, q, &out, `SELECT u.username, u.email, u.name, u.surname, u.dni, u.phone, u.birthdate, u.created, u.last_login, u.lang,
		u.activated = 1 AS activated, u.status = 1 AS active FROM members m JOIN users u ON u.id = m.user_id
		WHERE m.id = ? AND m.club_id = ?`, nid, clubID)
	return out, err
}

// memberAccessEvents lists the check-ins and check-outs of the club's member, oldest first.
func memberAccessEvents(ctx context.Context, q db.Q, clubID, nid int64) ([]AccessEvent, error) {
	out := []AccessEvent{}
	err := db.Select(ctx, q, &out, `SELECT id, action, datetime, member_id FROM access_events WHERE club_id = ? AND member_id = ?
		ORDER BY datetime, id`, clubID, nid)
	return out, err
}
