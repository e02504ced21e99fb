// Package notify carries live club events (push messages, consultation
// updates) to the browsers of that club's staff over Server-Sent Events.
// Events are rows in club_events; every server instance tails the table, so
// an event published by another instance, or by the command line, reaches
// every open browser. On PostgreSQL a NOTIFY wakes the tail at once.
//
// Each event names the gate of what it reveals (a key of access.Screens);
// the stream sends it only to a reader who passes that gate. The same path
// carries a club's "check your readers again" signal (Recheck), so a logout
// or a staff change made on one instance reaches the streams of every one.
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
	Gate    string `db:"gate" json:"-"` // key of access.Screens a reader must pass; "" reaches no one
	Type    string `db:"type" json:"type"`
	Title   string `db:"title" json:"title"`
	Body    string `db:"body" json:"body"`
	Created int64  `db:"created" json:"created"`
}

// recheck is the type of a club's signal to its streams: their readers'
// sessions or staff records changed. It has no gate, so it is never sent.
const recheck = "recheck"

// Subscription is one stream's share of a club's events.
type Subscription struct {
	Events <-chan Event
	// Recheck receives when the club's staff or a session changed: the
	// stream checks its reader again before sending anything more.
	Recheck <-chan struct{}
	leave   func()
}

// Leave ends the subscription.
func (s *Subscription) Leave() { s.leave() }

type subscriber struct {
	events  chan Event
	recheck chan struct{}
}

// Hub fans events out to subscribers.
type Hub struct {
	db   *db.DB
	mu   sync.Mutex
	subs map[int64]map[*subscriber]struct{}
	last int64
	wake chan struct{}
}

// NewHub returns a hub that starts tailing from the newest stored event.
func NewHub(d *db.DB) *Hub {
	h := &Hub{db: d, subs: map[int64]map[*subscriber]struct{}{}, wake: make(chan struct{}, 1)}
	h.last, _ = lastEventID(context.Background(), d.R)
	return h
}

// Publish stores an event; subscribers receive it from the tail.
func Publish(ctx context.Context, d *db.DB, e Event) (int64, error) {
	id, err := insertEvent(ctx, d.W, e, time.Now().Unix())
	if err == nil && d.Engine == db.Postgres {
		_ = notifyListeners(ctx, d.W)
	}
	return id, err
}

// Publish stores an event and wakes this instance's tail at once.
func (h *Hub) Publish(ctx context.Context, e Event) (int64, error) {
	id, err := Publish(ctx, h.db, e)
	if err == nil {
		h.Wake()
	}
	return id, err
}

// Recheck tells the streams of each club, on every instance, to check their
// readers again now (a logout, a staff record or its roles changed).
func (h *Hub) Recheck(ctx context.Context, clubIDs ...int64) error {
	for _, id := range clubIDs {
		if _, err := h.Publish(ctx, Event{ClubID: id, Type: recheck}); err != nil {
			return err
		}
	}
	return nil
}

// Since returns the club's events after id created at notBefore or later,
// oldest first, at most limit: what a reconnecting browser missed.
func (h *Hub) Since(ctx context.Context, clubID, id, notBefore int64, limit int) ([]Event, error) {
	return clubEventsSince(ctx, h.db.R, clubID, id, notBefore, limit)
}

// LastID is the id of the club's newest event (0 when it has none).
func (h *Hub) LastID(ctx context.Context, clubID int64) (int64, error) {
	return lastClubEventID(ctx, h.db.R, clubID)
}

// Wake makes the tail poll now.
func (h *Hub) Wake() {
	select {
	case h.wake <- struct{}{}:
	default:
	}
}

// Subscribe registers a listener for one club; Leave ends it.
func (h *Hub) Subscribe(clubID int64) *Subscription {
	sub := &subscriber{events: make(chan Event, 16), recheck: make(chan struct{}, 1)}
	h.mu.Lock()
	if h.subs[clubID] == nil {
		h.subs[clubID] = map[*subscriber]struct{}{}
	}
	h.subs[clubID][sub] = struct{}{}
	h.mu.Unlock()
	return &Subscription{Events: sub.events, Recheck: sub.recheck, leave: func() {
		h.mu.Lock()
		delete(h.subs[clubID], sub)
		if len(h.subs[clubID]) == 0 {
			delete(h.subs, clubID)
		}
		h.mu.Unlock()
	}}
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
	evs, err := eventsAfter(ctx, h.db.R, h.last)
	if err != nil {
		if ctx.Err() == nil {
			slog.Warn("notify: tail failed", "err", err)
		}
		return
	}
	for _, e := range evs {
		h.last = e.ID
		h.mu.Lock()
		for sub := range h.subs[e.ClubID] {
			if e.Type == recheck {
				select {
				case sub.recheck <- struct{}{}: // one pending signal is enough: it is never lost, only merged
				default:
				}
				continue
			}
			select {
			case sub.events <- e:
			default: // a stalled browser loses a transient message, never blocks the hub
			}
		}
		h.mu.Unlock()
	}
}
