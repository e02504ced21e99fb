package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

type eventsInput struct {
	Association int64 `query:"association" required:"true"`
}

// events streams the club's live events as Server-Sent Events.
func (s *Server) events(ctx context.Context, _ *eventsInput) (*huma.StreamResponse, error) {
	clubID := info(ctx).Club.ID
	return &huma.StreamResponse{Body: func(hctx huma.Context) {
		_, w := humago.Unwrap(hctx)
		hctx.SetHeader("Content-Type", "text/event-stream")
		hctx.SetHeader("Cache-Control", "no-store")
		hctx.SetHeader("X-Accel-Buffering", "no")
		hctx.SetStatus(http.StatusOK)
		rc := http.NewResponseController(w)
		ch, leave := s.hub.Subscribe(clubID)
		defer leave()
		fmt.Fprint(w, "retry: 5000\n: connected\n\n")
		_ = rc.Flush()
		keepAlive := time.NewTicker(25 * time.Second)
		defer keepAlive.Stop()
		for {
			select {
			case <-hctx.Context().Done():
				return
			case <-keepAlive.C:
				fmt.Fprint(w, ": keep-alive\n\n")
			case e := <-ch:
				b, _ := json.Marshal(e)
				fmt.Fprintf(w, "id: %d\ndata: %s\n\n", e.ID, b)
			}
			if rc.Flush() != nil {
				return
			}
		}
	}}, nil
}
