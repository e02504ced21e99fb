package db

import "context"

// MigrateTo applies the embedded migrations up to version: a test of a
// migration's data fills the schema before it, then runs Migrate.
func (d *DB) MigrateTo(ctx context.Context, version int64) error {
	p, err := d.migrations(context.Background())
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}
