// Package notify carries live club events (push messages, consultation
// updates) to the browsers of that club's staff over Server-Sent Events.
// Events are rows in club_events; every server instance tails the table, so
// an event published by another instance, or by the command line, reaches
// every open browser. On PostgreSQL a NOTIFY wakes the tail at once.
package notify

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"socius/internal/db"
)

// Event is one message for a club.
type Event struct {
	ID      int64  `db:"id" json:"id"`
	ClubID  int64  `db:"club_id" json:"association"`
	Type    string `db:"type" json:"type"`
	Title   string `db:"title" json:"title"`
	Body    string `db:"body" json:"body"`
	Created int64  `db:"created" json:"created"`
}

// Hub fans events out to subscribers.
type Hub struct {
	db   *db.DB
	mu   sync.Mutex
	subs map[int64]map[chan Event]struct{}
	last int64
	wake chan struct{}
}

// NewHub returns a hub that starts tailing from the newest stored event.
func NewHub(d *db.DB) *Hub {
	h := &Hub{db: d, subs: map[int64]map[chan Event]struct{}{}, wake: make(chan struct{}, 1)}
	_ = d.Get(context.Background(), &h.last, `SELECT COALESCE(MAX(id), 0) FROM club_events`)
	return h
}

// Publish stores an event; subscribers receive it from the tail.
func Publish(ctx context.Context, d *db.DB, clubID int64, typ, title, body string) (int64, error) {
	id, err := db.Insert(ctx, d.W, `INSERT INTO club_events (club_id, type, title, body, created) VALUES (?,?,?,?,?)`,
		clubID, typ, title, body, time.Now().Unix())
	if err == nil && d.Engine == db.Postgres {
		_, _ = d.W.ExecContext(ctx, `SELECT pg_notify('socius_events', '')`)
	}
	return id, err
}

// Publish stores an event and wakes this instance's tail at once.
func (h *Hub) Publish(ctx context.Context, clubID int64, typ, title, body string) (int64, error) {
	id, err := Publish(ctx, h.db, clubID, typ, title, body)
	if err == nil {
		h.Wake()
	}
	return id, err
}

// Wake makes the tail poll now.
func (h *Hub) Wake() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Subscribe registers a listener for one club; call the returned func to leave.
func (h *Hub) Subscribe(clubID int64) (<-chan Event, func()) {
	ch := make(chan Event, 16)
	h.mu.Lock()
	if h.subs[clubID] == nil {
		h.subs[clubID] = map[chan Event]struct{}{}
	}
	h.subs[clubID][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[clubID], ch)
		if len(h.subs[clubID]) == 0 {
			delete(h.subs, clubID)
		}
		h.mu.Unlock()
	}
}

// Run tails club_events until ctx ends, polling every interval.
func (h *Hub) Run(ctx context.Context, interval time.Duration) {
	if h.db.Engine == db.Postgres {
		go h.listen(ctx)
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-h.wake:
		}
		h.poll(ctx)
	}
}

func (h *Hub) poll(ctx context.Context) {
	var evs []Event
	if err := h.db.Select(ctx, &evs, `SELECT id, club_id, type, title, body, created FROM club_events WHERE id > ? ORDER BY id LIMIT 500`, h.last); err != nil {
		if ctx.Err() == nil {
			slog.Warn("notify: tail failed", "err", err)
		}
		return
	}
	for _, e := range evs {
		h.last = e.ID
		h.mu.Lock()
		for ch := range h.subs[e.ClubID] {
			select {
			case ch <- e:
			default: // a stalled browser loses a transient message, never blocks the hub
			}
		}
		h.mu.Unlock()
	}
}
