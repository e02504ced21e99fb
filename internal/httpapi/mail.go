package httpapi

import (
	"context"
	"log/slog"
	"time"
)

// sendMailLater sends a message after the request has answered: the reply
// takes the same time whether or not a message goes out (so it tells nothing
// about which accounts exist), and a slow mail server never holds a request.
// A failure is logged; the link it carried can be asked for again.
func (s *Server) sendMailLater(to, subject, body string) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.Mail.Send(ctx, to, subject, body); err != nil {
			slog.Error("mail not sent", "to", to, "subject", subject, "err", err)
		}
	}()
}
