package comms

import (
	"context"

	"socius/internal/db"
)

// The comms tables' SQL: messages (what was sent to whom) and
// push_subscriptions (each device of a user that takes Web Push).

func insertMessage(ctx context.Context, q db.Q, clubID int64, m Message, memberID, staffUID int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO messages (club_id, channel, member_id, recipient, body, state, error, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?,?)`, clubID, m.Channel, memberID, m.Recipient, m.Body, m.State, m.Error, staffUID, m.Created)
}

// subscription is one device's Web Push subscription.
type subscription struct {
	ID       int64  `db:"id"`
	Endpoint string `db:"endpoint"`
	P256dh   string `db:"p256dh"`
	Auth     string `db:"auth"`
}

func userSubscriptions(ctx context.Context, q db.Q, uid int64) ([]subscription, error) {
	var out []subscription
	err := db.Select(ctx, q, &out, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?`, uid)
	return out, err
}

func deleteSubscription(ctx context.Context, q db.Q, id int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM push_subscriptions WHERE id = ?`, id)
	return err
}

func deleteSubscriptionByEndpoint(ctx context.Context, q db.Q, endpoint string) error {
	_, err := db.Exec(ctx, q, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
	return err
}

func insertSubscription(ctx context.Context, q db.Q, uid int64, endpoint, p256dh, auth string, created int64) error {
	_, err := db.Insert(ctx, q, `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created) VALUES (?,?,?,?,?)`,
		uid, endpoint, p256dh, auth, created)
	return err
}

// memberMessages lists the messages sent to the club's member, oldest first.
func memberMessages(ctx context.Context, q db.Q, clubID, memberID int64) ([]Message, error) {
	out := []Message{}
	err := db.Select(ctx, q, &out, `SELECT id, channel, member_id, recipient, body, state, error, created FROM messages
		WHERE club_id = ? AND member_id = ? ORDER BY created, id`, clubID, memberID)
	return out, err
}
