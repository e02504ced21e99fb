package catalog

import (
	"context"

	"socius/internal/db"
)

// ClearCategory takes a deleted category off the products that still name
// it (deleted ones: a live product keeps its category), inside the caller's
// transaction.
func ClearCategory(ctx context.Context, q db.Q, categoryID int64) error {
	_, err := db.Exec(ctx, q, `UPDATE products SET category_id = NULL WHERE category_id = ?`, categoryID)
	return err
}
