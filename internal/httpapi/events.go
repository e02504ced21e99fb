package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"socius/internal/access"
	"socius/internal/club"
	"socius/internal/notify"
)

// StreamTimes are the clocks of the event stream; zero takes the default.
type StreamTimes struct {
	KeepAlive time.Duration // a comment line, so proxies and browsers keep an idle stream (25 s)
	Recheck   time.Duration // the reader's session and staff record are read again (1 min)
	Lifetime  time.Duration // the server ends the stream and the browser reconnects through the gate (30 min)
}

func (t StreamTimes) orDefaults() StreamTimes {
	return StreamTimes{KeepAlive: cmp.Or(t.KeepAlive, 25*time.Second), Recheck: cmp.Or(t.Recheck, time.Minute),
		Lifetime: cmp.Or(t.Lifetime, 30*time.Minute)}
}

const (
	// streamWriteWait is how long one write of the stream may wait for its reader. The stream
	// sets it before every write instead of living under the server's write timeout, which
	// bounds an ordinary answer from its request on.
	streamWriteWait = 30 * time.Second
	// A reconnecting browser is sent what it missed, when that is this recent and this few.
	replayWindow = 2 * time.Minute
	replayMax    = 100
)

// eventsGate admits a reader to the stream; each event then has a gate of its own.
var eventsGate = Club("club", Query("association"))

type eventsInput struct {
	LastEventID int64 `header:"Last-Event-ID" minimum:"0" doc:"The last event id the browser was sent; sent again by EventSource when it reconnects"`
}

// streamReader is who holds a stream, as the last check found them.
type streamReader struct {
	token  string
	userID int64
	club   *club.Club
	staff  *club.Staff
}

// mayRead reports whether the reader passes the gate of what the event reveals:
// the flags and roles of the route that would let them read it.
func (r *streamReader) mayRead(e notify.Event) bool {
	rule, ok := access.Screens[e.Gate]
	return ok && rule.Allows(r.club.Flags, r.staff.Roles)
}

// recheck reads the reader's session, staff record and club again, as the stream's gate
// would for a new request; false when the gate would now refuse them (or cannot tell).
func (s *Server) recheck(ctx context.Context, r *streamReader) bool {
	_, u, err := s.Auth.Peek(ctx, r.token)
	if err != nil || u.ID != r.userID {
		return false
	}
	st, err := s.Clubs.StaffOf(ctx, r.userID, r.club.ID)
	if err != nil || !st.IsStaff || !st.Active {
		return false
	}
	c, err := s.Clubs.Get(ctx, r.club.ID)
	if err != nil || c.Suspended || !eventsGate.Rule().Allows(c.Flags, st.Roles) {
		return false
	}
	r.club, r.staff = c, st
	return true
}

// recheckStreams has the event streams of the user's clubs check their readers now (a
// session of the user ended); recheckClubStreams those of one club (its staff changed).
// Were the signal lost, the streams' own round would still find the change.
func (s *Server) recheckStreams(ctx context.Context, userID int64) {
	clubs, err := s.Clubs.ForUser(ctx, userID)
	if err != nil {
		slog.WarnContext(ctx, "events: the streams were not told to check their readers", "user", userID, "err", err)
		return
	}
	for _, c := range clubs {
		s.recheckClubStreams(ctx, c.ID)
	}
}

func (s *Server) recheckClubStreams(ctx context.Context, clubID int64) {
	if err := s.Hub.Recheck(ctx, clubID); err != nil {
		slog.WarnContext(ctx, "events: the streams were not told to check their readers", "club", clubID, "err", err)
	}
}

// events streams the club's live events as Server-Sent Events: each only to a reader who
// may read what it reveals, while the reader's session and staff record last, and for at
// most the stream's lifetime, after which the browser reconnects through the gate.
func (s *Server) events(ctx context.Context, in *eventsInput) (*huma.StreamResponse, error) {
	ri := info(ctx)
	reader := &streamReader{token: ri.Token, userID: ri.User.ID, club: ri.Club, staff: ri.Staff}
	times := s.cfg.Stream.orDefaults()
	return &huma.StreamResponse{Body: func(hctx huma.Context) {
		rctx := hctx.Context()
		_, w := humago.Unwrap(hctx)
		hctx.SetHeader("Content-Type", "text/event-stream")
		hctx.SetHeader("Cache-Control", "no-store")
		hctx.SetHeader("X-Accel-Buffering", "no")
		hctx.SetStatus(http.StatusOK)
		rc := http.NewResponseController(w)
		send := func(text string) bool {
			_ = rc.SetWriteDeadline(time.Now().Add(streamWriteWait))
			if _, err := io.WriteString(w, text); err != nil {
				return false
			}
			return rc.Flush() == nil
		}
		// Leave the end of the answer time to be written, however long ago the last write was.
		defer func() { _ = rc.SetWriteDeadline(time.Now().Add(streamWriteWait)) }()

		sub := s.Hub.Subscribe(reader.club.ID)
		defer sub.Leave()
		s.cfg.Metrics.Streams(1)
		defer s.cfg.Metrics.Streams(-1)
		// The newest event's id goes to the browser, which sends it back when it reconnects.
		last, err := s.Hub.LastID(rctx, reader.club.ID)
		if err != nil {
			return
		}
		var missed []notify.Event
		if in.LastEventID > 0 && in.LastEventID < last {
			if missed, err = s.Hub.Since(rctx, reader.club.ID, in.LastEventID, time.Now().Add(-replayWindow).Unix(), replayMax); err != nil {
				return
			}
		}
		if !send(fmt.Sprintf("retry: 5000\nid: %d\n: connected\n\n", last)) {
			return
		}
		replayed := map[int64]bool{}
		for _, e := range missed {
			replayed[e.ID] = true
			if reader.mayRead(e) && !send(eventText(e)) {
				return
			}
		}

		keepAlive := time.NewTicker(times.KeepAlive)
		defer keepAlive.Stop()
		recheck := time.NewTicker(times.Recheck)
		defer recheck.Stop()
		end := time.NewTimer(times.Lifetime)
		defer end.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-end.C:
				return
			case <-s.life.closing:
				// This instance is stopping: the browser reconnects in a second, through the
				// balancer to one that is not, and asks for what it missed by its last id.
				send("retry: 1000\n: reconnect\n\n")
				return
			case <-keepAlive.C:
				if !send(": keep-alive\n\n") {
					return
				}
			case <-recheck.C:
				if !s.recheck(rctx, reader) {
					return
				}
			case <-sub.Recheck:
				if !s.recheck(rctx, reader) {
					return
				}
			case e := <-sub.Events:
				// A change signalled before this event is applied before it is sent.
				select {
				case <-sub.Recheck:
					if !s.recheck(rctx, reader) {
						return
					}
				default:
				}
				// The browser was told it has every event up to last: an older one the
				// tail hands out late was published before this stream began.
				if e.ID <= last || replayed[e.ID] || !reader.mayRead(e) {
					continue
				}
				if !send(eventText(e)) {
					return
				}
			}
		}
	}}, nil
}

func eventText(e notify.Event) string {
	b, _ := json.Marshal(e)
	return fmt.Sprintf("id: %d\ndata: %s\n\n", e.ID, b)
}
