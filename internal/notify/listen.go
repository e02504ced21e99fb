package notify

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// listen wakes the tail whenever another instance publishes (PostgreSQL).
func (h *Hub) listen(ctx context.Context) {
	for ctx.Err() == nil {
		conn, err := pgx.Connect(ctx, h.db.DSN)
		if err == nil {
			if err = listenEvents(ctx, conn); err == nil {
				for {
					if _, err = conn.WaitForNotification(ctx); err != nil {
						break
					}
					h.Wake()
				}
			}
			conn.Close(context.Background())
		}
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
		}
	}
}
