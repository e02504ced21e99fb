package db_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"socius/internal/db"
	"socius/internal/testkit"
)

// Instances started at once over one PostgreSQL database migrate once: each
// runs Migrate on an empty schema at the same moment; one applies the
// migrations, the others wait for its lock and find nothing left. Without the
// lock they race on the same CREATE TABLE and version rows, and some fail.
func TestInstancesStartingAtOnceMigrateOnce(t *testing.T) {
	if os.Getenv("SOCIUS_TEST_POSTGRES_URL") == "" {
		t.Skip("PostgreSQL only: SQLite has one writer")
	}
	dsn := testkit.DSN(t, "postgres")
	const instances = 6
	var wg sync.WaitGroup
	errs := make([]error, instances)
	start := make(chan struct{})
	for i := range instances {
		d, err := db.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		wg.Go(func() {
			<-start
			errs[i] = d.Migrate(context.Background())
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instance %d: %v", i, err)
		}
	}
	d, err := db.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	have, want, err := d.SchemaVersion(context.Background())
	if err != nil || have != want {
		t.Fatalf("schema version %d of %d: %v", have, want, err)
	}
	var rows, versions int
	if err := d.W.Get(&rows, `SELECT COUNT(*) FROM goose_db_version WHERE version_id > 0`); err != nil {
		t.Fatal(err)
	}
	if err := d.W.Get(&versions, `SELECT COUNT(DISTINCT version_id) FROM goose_db_version WHERE version_id > 0`); err != nil {
		t.Fatal(err)
	}
	if rows != versions {
		t.Fatalf("%d version rows for %d versions: a migration ran more than once", rows, versions)
	}
}
