package comms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"syscall"
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
// Endpoints come from the members' browsers, so they are called only through
// a client that reaches public addresses alone.
type WebPush struct {
	DB                    *db.DB
	PublicKey, PrivateKey string
	Subject               string // mailto: or https: contact of the sender
}

// pushClient is shared so connections to the push services are reused.
var pushClient = PublicClient(30 * time.Second)

// ErrInternalAddress refuses a connection to an address of the server's own
// networks.
var ErrInternalAddress = errors.New("connection to an internal address refused")

// PublicClient is an HTTP client that connects to public addresses only. The
// check runs on the address being dialled, after DNS resolution, so neither a
// name that resolves to an internal address nor one that changes its answer
// between checks (DNS rebinding) gets through; redirects are dialled the same
// way. No proxy is used: it would dial on the client's behalf, unchecked.
func PublicClient(timeout time.Duration) *http.Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second, Control: refuseInternal}
	return &http.Client{Timeout: timeout, Transport: &http.Transport{
		DialContext:         d.DialContext,
		ForceAttemptHTTP2:   true,
		MaxIdleConns:        20,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
	}}
}

// nonPublic are ranges the standard predicates leave out: shared address
// space (carrier NAT, some cloud metadata), "this network", IETF protocol
// assignments, benchmarking, reserved and NAT64.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
}

// refuseInternal is a net.Dialer Control: it refuses loopback, private,
// link-local, unspecified, multicast and the other non-public addresses.
func refuseInternal(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return ErrInternalAddress
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return ErrInternalAddress
	}
	ip = ip.Unmap()
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return fmt.Errorf("%w: %s", ErrInternalAddress, ip)
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return fmt.Errorf("%w: %s", ErrInternalAddress, ip)
		}
	}
	return nil
}

// Push implements PushSender: sent when at least one device accepted it.
func (w WebPush) Push(ctx context.Context, uid int64, title, body string) error {
	subs, err := userSubscriptions(ctx, w.DB.R, uid)
	if err != nil {
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
			Keys: webpush.Keys{P256dh: s.P256dh, Auth: s.Auth}}, &webpush.Options{HTTPClient: pushClient, Subscriber: w.Subject,
			VAPIDPublicKey: w.PublicKey, VAPIDPrivateKey: w.PrivateKey, TTL: 86400})
		if err != nil {
			lastErr = err
			continue
		}
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusGone || res.StatusCode == http.StatusNotFound:
			_ = deleteSubscription(ctx, w.DB.W, s.ID) // the device unsubscribed
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
