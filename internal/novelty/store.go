package novelty

import (
	"context"

	"socius/internal/db"
)

// The novelties table's SQL.

func insertNovelty(ctx context.Context, q db.Q, title string, date int64, body string) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO novelties (title, date, body) VALUES (?, ?, ?)`, title, date, body)
}

// newest returns at most limit novelties, the newest first.
func newest(ctx context.Context, q db.Q, limit int) ([]Novelty, error) {
	out := []Novelty{}
	err := db.Select(ctx, q, &out, `SELECT id, title, date, body FROM novelties ORDER BY date DESC, id DESC LIMIT ?`, limit)
	return out, err
}
