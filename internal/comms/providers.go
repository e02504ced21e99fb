package comms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"

	"socius/internal/db"
)

// HTTPSMS posts {"to","from","text"} as JSON to an SMS gateway with a
// bearer token; any 2xx answer counts as accepted.
type HTTPSMS struct {
	URL, Token, From string
	Client           *http.Client
}

// SendSMS implements SMSSender.
func (h HTTPSMS) SendSMS(ctx context.Context, to, body string) error {
	b, _ := json.Marshal(map[string]string{"to": to, "from": h.From, "text": body})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if h.Token != "" {
		req.Header.Set("Authorization", "Bearer "+h.Token)
	}
	c := h.Client
	if c == nil {
		c = &http.Client{Timeout: 15 * time.Second}
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 300))
		return fmt.Errorf("SMS gateway answered %d: %s", res.StatusCode, bytes.TrimSpace(msg))
	}
	return nil
}

// WebPush delivers to the subscriptions stored for a user (VAPID keys).
type WebPush struct {
	DB                    *db.DB
	PublicKey, PrivateKey string
	Subject               string // mailto: or https: contact of the sender
}

// Push implements PushSender: sent when at least one device accepted it.
func (w WebPush) Push(ctx context.Context, uid int64, title, body string) error {
	var subs []struct {
		ID       int64  `db:"id"`
		Endpoint string `db:"endpoint"`
		P256dh   string `db:"p256dh"`
		Auth     string `db:"auth"`
	}
	if err := w.DB.Select(ctx, &subs, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?`, uid); err != nil {
		return err
	}
	if len(subs) == 0 {
		return ErrNoDevice
	}
	payload, _ := json.Marshal(map[string]string{"title": title, "body": body})
	var lastErr error
	delivered := 0
	for _, s := range subs {
		res, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{Endpoint: s.Endpoint,
			Keys: webpush.Keys{P256dh: s.P256dh, Auth: s.Auth}}, &webpush.Options{Subscriber: w.Subject,
			VAPIDPublicKey: w.PublicKey, VAPIDPrivateKey: w.PrivateKey, TTL: 86400})
		if err != nil {
			lastErr = err
			continue
		}
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusGone || res.StatusCode == http.StatusNotFound:
			_, _ = w.DB.Exec(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, s.ID) // the device unsubscribed
			lastErr = fmt.Errorf("subscription gone")
		case res.StatusCode/100 != 2:
			lastErr = fmt.Errorf("push service answered %d", res.StatusCode)
		default:
			delivered++
		}
	}
	if delivered > 0 {
		return nil
	}
	return lastErr
}
