package dataexport

import (
	"context"

	"socius/internal/db"
)

// The SQL of member_data_exports, the log of the exports made, and the name
// an export is signed with.

func insertExport(ctx context.Context, q db.Q, clubID, memberID, staffUID int64, format string, at int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_data_exports (club_id, member_id, staff_user_id, format, at) VALUES (?,?,?,?,?)`,
		clubID, memberID, staffUID, format, at)
	return err
}

// exportsOf lists the exports of the club's member, newest first.
func exportsOf(ctx context.Context, q db.Q, clubID, memberID int64) ([]Record, error) {
	out := []Record{}
	err := db.Select(ctx, q, &out, `SELECT x.at, x.format, `+db.StaffName("u")+` AS staff FROM member_data_exports x
		LEFT JOIN users u ON u.id = x.staff_user_id WHERE x.club_id = ? AND x.member_id = ? ORDER BY x.at DESC, x.id DESC LIMIT 100`,
		clubID, memberID)
	return out, err
}

// staffName is how a user signs: name and surname, else the username.
func staffName(ctx context.Context, q db.Q, uid int64) (string, error) {
	var names []string
	err := db.Select(ctx, q, &names, `SELECT `+db.StaffName("u")+` FROM users u WHERE u.id = ?`, uid)
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}
