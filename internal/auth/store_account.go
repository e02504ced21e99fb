package auth

import (
	"context"

	"socius/internal/db"
)

// MarkNotActivated flags an account made for a person (a member's online
// account) as never used, inside the caller's transaction: the first login or
// password set activates it.
func MarkNotActivated(ctx context.Context, q db.Q, uid int64) error {
	_, err := db.Exec(ctx, q, `UPDATE users SET activated = 0 WHERE id = ?`, uid)
	return err
}
