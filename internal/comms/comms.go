// Package comms sends push notifications and SMS to members through
// pluggable senders. Every message is stored with its state: "sent",
// "not_sent" (no provider configured, or nowhere to deliver) or "failed"
// (the provider refused it). Nothing is ever reported as sent that was not.
package comms

import (
	"context"
	"errors"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

// Message states.
const (
	StateSent    = "sent"
	StateNotSent = "not_sent"
	StateFailed  = "failed"
)

// Channels.
const (
	ChannelPush = "push"
	ChannelSMS  = "sms"
)

// ErrNotConfigured is what an absent provider answers.
var ErrNotConfigured = errors.New("provider not configured")

// ErrNoDevice means the member has no device subscribed to push.
var ErrNoDevice = errors.New("no device subscribed")

// SMSSender delivers a text message to a phone number in E.164 form.
type SMSSender interface {
	SendSMS(ctx context.Context, to, body string) error
}

// PushSender delivers a notification to the devices of a user.
type PushSender interface {
	Push(ctx context.Context, uid int64, title, body string) error
}

// Message is a stored message.
type Message struct {
	ID        int64  `json:"id" db:"id"`
	Channel   string `json:"channel" db:"channel"`
	MemberID  *int64 `json:"member_id" db:"member_id"`
	Recipient string `json:"recipient" db:"recipient"`
	Body      string `json:"body" db:"body"`
	State     string `json:"state" db:"state"`
	Error     string `json:"error" db:"error"`
	Created   int64  `json:"created" db:"created"`
}

// Service stores and sends messages.
type Service struct {
	db   *db.DB
	sms  SMSSender
	push PushSender
}

// New returns the service; nil senders mean "not configured".
func New(d *db.DB, sms SMSSender, push PushSender) *Service {
	return &Service{db: d, sms: sms, push: push}
}

// Configured tells which providers are set up.
func (s *Service) Configured() (sms, push bool) { return s.sms != nil, s.push != nil }

// Recipient is a member with the user (online account) to reach.
type Recipient struct {
	MemberID int64
	UserID   int64
	Phone    string // E.164 for SMS
}

func (s *Service) record(ctx context.Context, clubID, staffUID int64, channel string, r Recipient, to, body string, sendErr error) (Message, error) {
	m := Message{Channel: channel, Recipient: to, Body: body, State: StateSent, Created: time.Now().Unix()}
	mid := r.MemberID
	m.MemberID = &mid
	switch {
	case errors.Is(sendErr, ErrNotConfigured), errors.Is(sendErr, ErrNoDevice):
		m.State, m.Error = StateNotSent, sendErr.Error()
	case sendErr != nil:
		m.State, m.Error = StateFailed, sendErr.Error()
	}
	id, err := insertMessage(ctx, s.db.W, clubID, m, r.MemberID, staffUID)
	m.ID = id
	return m, err
}

// Push sends one notification to each recipient's devices.
func (s *Service) Push(ctx context.Context, clubID, staffUID int64, title, body string, to []Recipient) ([]Message, error) {
	out := make([]Message, 0, len(to))
	for _, r := range to {
		err := ErrNotConfigured
		if s.push != nil {
			err = s.push.Push(ctx, r.UserID, title, body)
		}
		m, dbErr := s.record(ctx, clubID, staffUID, ChannelPush, r, "user:"+itoa(r.UserID), body, err)
		if dbErr != nil {
			return out, dbErr
		}
		out = append(out, m)
	}
	return out, nil
}

// SMS sends one text message.
func (s *Service) SMS(ctx context.Context, clubID, staffUID int64, r Recipient, body string) (Message, error) {
	err := ErrNotConfigured
	if s.sms != nil {
		err = s.sms.SendSMS(ctx, r.Phone, body)
	}
	return s.record(ctx, clubID, staffUID, ChannelSMS, r, r.Phone, body, err)
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// Subscribe stores a device's subscription for a user; an endpoint another
// user had registered (a shared device) moves to this one.
func (s *Service) Subscribe(ctx context.Context, uid int64, endpoint, p256dh, auth string) error {
	if err := checkEndpoint(endpoint); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if err := deleteSubscriptionByEndpoint(ctx, tx, endpoint); err != nil {
			return err
		}
		return insertSubscription(ctx, tx, uid, endpoint, p256dh, auth, time.Now().Unix())
	})
}
