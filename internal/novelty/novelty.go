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

// Service keeps the provider's novelties.
type Service struct{ db *db.DB }

// New returns the novelty service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Add stores a novelty dated now.
func (s *Service) Add(ctx context.Context, title, body string) (int64, error) {
	if strings.TrimSpace(title) == "" {
		return 0, fmt.Errorf("title required")
	}
	return insertNovelty(ctx, s.db.W, strings.TrimSpace(title), time.Now().Unix(), body)
}

// List returns the newest first.
func (s *Service) List(ctx context.Context, limit int) ([]Novelty, error) {
	return newest(ctx, s.db.R, limit)
}
