package httpapi

import (
	"context"
	"log/slog"
	"time"
)

// sendMailLater sends a message after the request has answered: the reply
// takes the same time whether or not a message goes out (so it tells nothing
// about which accounts exist), and a slow mail server never holds a request.
// A failure is logged under the asking request's id; the link it carried can
// be asked for again.
func (s *Server) sendMailLater(ctx context.Context, to, subject, body string) {
	// the request's values (its id) without its end: the mail outlives the answer
	ctx = context.WithoutCancel(ctx)
	go func() {
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		if err := s.Mail.Send(ctx, to, subject, body); err != nil {
			slog.ErrorContext(ctx, "mail not sent", "to", to, "subject", subject, "err", err)
		}
	}()
}
