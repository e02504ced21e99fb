package social

import (
	"context"
	"strings"

	"socius/internal/db"
	"socius/internal/files"
)

// The social tables' SQL: news, news_images, social_events,
// social_event_images, social_event_attendees, consultations,
// consultation_comments and tv_settings.

// insertImage stores a published item's image at position in table (news_images
// or social_event_images), whose column key names the item.
func insertImage(ctx context.Context, q db.Q, table, key string, id int64, position int, img files.Image) error {
	_, err := db.Exec(ctx, q, `INSERT INTO `+table+` (`+key+`, position, file_id, thumb_id) VALUES (?,?,?,?)`, id, position, img.File, img.Thumb)
	return err
}

// countPublishedImage counts the news and event images of the club that are
// the file or its thumbnail.
func countPublishedImage(ctx context.Context, q db.Q, clubID int64, fileID string) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT
		(SELECT COUNT(*) FROM news_images i JOIN news n ON n.id = i.news_id
		  WHERE n.club_id = ? AND (i.file_id = ? OR i.thumb_id = ?)) +
		(SELECT COUNT(*) FROM social_event_images i JOIN social_events e ON e.id = i.event_id
		  WHERE e.club_id = ? AND (i.file_id = ? OR i.thumb_id = ?))`,
		clubID, fileID, fileID, clubID, fileID, fileID)
	return n, err
}

// imagesOf runs a query of (owner, file_id, thumb_id) rows in order and groups the images by owner.
func imagesOf(ctx context.Context, q db.Q, query string, args ...any) (map[int64][]Image, error) {
	var rows []struct {
		Owner int64 `db:"owner"`
		Image
	}
	if err := db.Select(ctx, q, &rows, query, args...); err != nil {
		return nil, err
	}
	out := map[int64][]Image{}
	for _, r := range rows {
		out[r.Owner] = append(out[r.Owner], r.Image)
	}
	return out, nil
}

// readTV reads the club's saved TV settings over v (db.ErrNoRows when none were saved).
func readTV(ctx context.Context, q db.Q, clubID int64, v *TVSettings) error {
	return db.Get(ctx, q, v, `SELECT background_color, text_color, interval_ms, show_description, show_subtitle, show_qr FROM tv_settings WHERE club_id = ?`, clubID)
}

func saveTV(ctx context.Context, q db.Q, clubID int64, v TVSettings, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO tv_settings (club_id, background_color, text_color, interval_ms, show_description, show_subtitle, show_qr, changed)
		VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (club_id) DO UPDATE SET background_color = excluded.background_color, text_color = excluded.text_color,
		interval_ms = excluded.interval_ms, show_description = excluded.show_description, show_subtitle = excluded.show_subtitle,
		show_qr = excluded.show_qr, changed = excluded.changed`,
		clubID, v.BackgroundColor, v.TextColor, v.Interval, db.Bool(v.ShowDescription), db.Bool(v.ShowSubtitle), db.Bool(v.ShowQR), now)
	return err
}

// newsOfClub returns the club's news, newest first, without their images.
func newsOfClub(ctx context.Context, q db.Q, clubID int64) ([]News, error) {
	list := []News{}
	err := db.Select(ctx, q, &list, `SELECT id, title, subtitle, body, created FROM news WHERE club_id = ? ORDER BY created DESC, id DESC`, clubID)
	return list, err
}

// newsImages returns the images of the club's news by news item, in order.
func newsImages(ctx context.Context, q db.Q, clubID int64) (map[int64][]Image, error) {
	return imagesOf(ctx, q, `SELECT i.news_id AS owner, i.file_id, i.thumb_id FROM news_images i JOIN news n ON n.id = i.news_id
		WHERE n.club_id = ? ORDER BY i.news_id, i.position`, clubID)
}

func insertNews(ctx context.Context, q db.Q, clubID, userID int64, title, subtitle, body string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO news (club_id, title, subtitle, body, author_user_id, created) VALUES (?,?,?,?,?,?)`,
		clubID, title, subtitle, body, userID, now)
}

// deleteNews removes a news item of the club and reports whether there was one.
func deleteNews(ctx context.Context, q db.Q, clubID, id int64) (bool, error) {
	res, err := db.Exec(ctx, q, `DELETE FROM news WHERE id = ? AND club_id = ?`, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// eventsOfClub returns the club's events (or the one of id, not 0), the
// latest start first, with their counters and whether memberID attends,
// without their images.
func eventsOfClub(ctx context.Context, q db.Q, clubID, id, memberID int64) ([]Event, error) {
	list := []Event{}
	query := `SELECT e.id, e.title, e.body, e.start_date, e.end_date, e.created,
		(SELECT COUNT(*) FROM social_event_attendees a WHERE a.event_id = e.id) AS counter,
		EXISTS (SELECT 1 FROM social_event_attendees a WHERE a.event_id = e.id AND a.member_id = ?) AS attending
		FROM social_events e WHERE e.club_id = ?`
	args := []any{memberID, clubID}
	if id != 0 {
		query += ` AND e.id = ?`
		args = append(args, id)
	}
	err := db.Select(ctx, q, &list, query+` ORDER BY e.start_date DESC, e.id DESC`, args...)
	return list, err
}

// eventImages returns the images of the club's events by event, in order.
func eventImages(ctx context.Context, q db.Q, clubID int64) (map[int64][]Image, error) {
	return imagesOf(ctx, q, `SELECT i.event_id AS owner, i.file_id, i.thumb_id FROM social_event_images i JOIN social_events e ON e.id = i.event_id
		WHERE e.club_id = ? ORDER BY i.event_id, i.position`, clubID)
}

func insertEvent(ctx context.Context, q db.Q, clubID, userID int64, title, body, start, end string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO social_events (club_id, title, body, start_date, end_date, author_user_id, created) VALUES (?,?,?,?,?,?,?)`,
		clubID, title, body, start, end, userID, now)
}

// deleteEvent removes an event of the club and reports whether there was one.
func deleteEvent(ctx context.Context, q db.Q, clubID, id int64) (bool, error) {
	res, err := db.Exec(ctx, q, `DELETE FROM social_events WHERE id = ? AND club_id = ?`, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// countEvent counts the club's events of that id (0 or 1).
func countEvent(ctx context.Context, q db.Q, clubID, id int64) (int, error) {
	var found int
	err := db.Get(ctx, q, &found, `SELECT COUNT(*) FROM social_events WHERE id = ? AND club_id = ?`, id, clubID)
	return found, err
}

// insertAttendee signs a member up for an event; signing up again changes nothing.
func insertAttendee(ctx context.Context, q db.Q, eventID, memberID, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO social_event_attendees (event_id, member_id, created) VALUES (?,?,?) ON CONFLICT DO NOTHING`,
		eventID, memberID, now)
	return err
}

func countAttendees(ctx context.Context, q db.Q, eventID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM social_event_attendees WHERE event_id = ?`, eventID)
	return n, err
}

// consultationsOf returns the consultations of the club the viewer may see
// (or the one of id, not 0), the latest activity first, without comments.
func consultationsOf(ctx context.Context, q db.Q, clubID int64, v Viewer, id int64) ([]Consultation, error) {
	query := `SELECT id, member_id, title, body, name, created, last_activity FROM consultations WHERE club_id = ?`
	args := []any{clubID}
	if !v.AllOfClub {
		query += ` AND member_id = ?`
		args = append(args, v.MemberID)
	}
	if id != 0 {
		query += ` AND id = ?`
		args = append(args, id)
	}
	list := []Consultation{}
	err := db.Select(ctx, q, &list, query+` ORDER BY last_activity DESC, id DESC`, args...)
	return list, err
}

// commentsOf returns the comments of the club's consultations, in order:
// of those of ids only when narrow (ids is not empty then).
func commentsOf(ctx context.Context, q db.Q, clubID int64, ids []any, narrow bool) ([]Comment, error) {
	var comments []Comment
	cq := `SELECT c.id, c.consultation_id, c.name, c.body, c.staff, c.created FROM consultation_comments c
		JOIN consultations k ON k.id = c.consultation_id WHERE k.club_id = ?`
	cargs := []any{clubID}
	if narrow {
		cq += ` AND c.consultation_id IN (?` + strings.Repeat(",?", len(ids)-1) + `)`
		cargs = append(cargs, ids...)
	}
	err := db.Select(ctx, q, &comments, cq+` ORDER BY c.consultation_id, c.id`, cargs...)
	return comments, err
}

// insertConsultation opens a consultation from a member of the club, signed
// with the member's name; nothing when the member is not the club's.
func insertConsultation(ctx context.Context, q db.Q, clubID, memberID int64, title, body string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO consultations (club_id, member_id, title, body, name, created, last_activity)
		SELECT ?, m.id, ?, ?, TRIM(m.nombre || ' ' || m.surname), ?, ? FROM members m WHERE m.id = ? AND m.club_id = ?`,
		clubID, title, body, now, now, memberID, clubID)
}

// consultationTitle returns the title of the club's consultation of id if
// the viewer may see it (none otherwise).
func consultationTitle(ctx context.Context, q db.Q, clubID int64, v Viewer, id int64) ([]string, error) {
	query := `SELECT title FROM consultations WHERE id = ? AND club_id = ?`
	args := []any{id, clubID}
	if !v.AllOfClub {
		query += ` AND member_id = ?`
		args = append(args, v.MemberID)
	}
	var titles []string
	err := db.Select(ctx, q, &titles, query, args...)
	return titles, err
}

// staffName reads into name how a user signs: name and surname, else the username.
func staffName(ctx context.Context, q db.Q, uid int64, name *string) error {
	return db.Get(ctx, q, name, `SELECT `+db.StaffName("u")+` FROM users u WHERE u.id = ?`, uid)
}

func insertComment(ctx context.Context, q db.Q, consultationID, userID int64, staff bool, name, body string, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO consultation_comments (consultation_id, author_user_id, staff, name, body, created) VALUES (?,?,?,?,?,?)`,
		consultationID, userID, db.Bool(staff), name, body, now)
	return err
}

// touchConsultation stamps a consultation's latest activity.
func touchConsultation(ctx context.Context, q db.Q, id, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE consultations SET last_activity = ? WHERE id = ?`, now, id)
	return err
}

// deleteConsultation removes a consultation of the club and reports whether there was one.
func deleteConsultation(ctx context.Context, q db.Q, clubID, id int64) (bool, error) {
	res, err := db.Exec(ctx, q, `DELETE FROM consultations WHERE id = ? AND club_id = ?`, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// memberEvents lists the club's events the member signed up for, by start.
func memberEvents(ctx context.Context, q db.Q, clubID, memberID int64) ([]Attendance, error) {
	out := []Attendance{}
	err := db.Select(ctx, q, &out, `SELECT e.id AS event_id, e.title, e.start_date, e.end_date, a.created
		FROM social_event_attendees a JOIN social_events e ON e.id = a.event_id WHERE e.club_id = ? AND a.member_id = ?
		ORDER BY e.start_date, e.id`, clubID, memberID)
	return out, err
}
