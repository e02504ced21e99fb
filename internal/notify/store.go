package notify

import (
	"context"

	"github.com/jackc/pgx/v5"

	"socius/internal/db"
)

// The club_events table's SQL.

// lastEventID is the id of the newest event of any club (0 when there is none).
func lastEventID(ctx context.Context, q db.Q) (int64, error) {
	var id int64
	err := db.Get(ctx, q, &id, `SELECT COALESCE(MAX(id), 0) FROM club_events`)
	return id, err
}

func insertEvent(ctx context.Context, q db.Q, e Event, created int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO club_events (club_id, gate, type, title, body, created) VALUES (?,?,?,?,?,?)`,
		e.ClubID, e.Gate, e.Type, e.Title, e.Body, created)
}

// notifyListeners wakes the tails of the other instances (PostgreSQL only).
func notifyListeners(ctx context.Context, q db.Q) error {
	_, err := q.ExecContext(ctx, `SELECT pg_notify('socius_events', '')`)
	return err
}

// clubEventsSince returns the club's events after id created at notBefore or
// later, leaving out the recheck signals, oldest first, at most limit.
func clubEventsSince(ctx context.Context, q db.Q, clubID, id, notBefore int64, limit int) ([]Event, error) {
	var evs []Event
	err := db.Select(ctx, q, &evs, `SELECT id, club_id, gate, type, title, body, created FROM club_events
		WHERE club_id = ? AND id > ? AND created >= ? AND type <> ? ORDER BY id LIMIT ?`, clubID, id, notBefore, recheck, limit)
	return evs, err
}

// lastClubEventID is the id of the club's newest event (0 when it has none).
func lastClubEventID(ctx context.Context, q db.Q, clubID int64) (int64, error) {
	var id int64
	err := db.Get(ctx, q, &id, `SELECT COALESCE(MAX(id), 0) FROM club_events WHERE club_id = ?`, clubID)
	return id, err
}

// eventsAfter returns every club's events after id, oldest first, 500 at most.
func eventsAfter(ctx context.Context, q db.Q, id int64) ([]Event, error) {
	var evs []Event
	err := db.Select(ctx, q, &evs, `SELECT id, club_id, gate, type, title, body, created FROM club_events WHERE id > ? ORDER BY id LIMIT 500`, id)
	return evs, err
}

// listenEvents subscribes a connection of its own to the channel
// notifyListeners wakes (PostgreSQL only).
func listenEvents(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, "LISTEN socius_events")
	return err
}
