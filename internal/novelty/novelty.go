// Package novelty holds the provider's news for staff ("Novedades").
package novelty

import (
	"context"
	"fmt"
	"strings"
	"time"

	"socius/internal/db"
)

// Novelty is one news item.
type Novelty struct {
	ID    int64  `db:"id" json:"nid"`
	Title string `db:"title" json:"title"`
	Date  int64  `db:"date" json:"date"`
	Body  string `db:"body" json:"body"`
}

// Add stores a novelty dated now.
func Add(ctx context.Context, d *db.DB, title, body string) (int64, error) {
	if strings.TrimSpace(title) == "" {
		return 0, fmt.Errorf("title required")
	}
	return insertNovelty(ctx, d.W, strings.TrimSpace(title), time.Now().Unix(), body)
}

// List returns the newest first.
func List(ctx context.Context, d *db.DB, limit int) ([]Novelty, error) {
	return newest(ctx, d.R, limit)
}
