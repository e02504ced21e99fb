package db

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// Both engines run the same versions, and SQLite's spelling leaves none of
// PostgreSQL's types behind in what SQLite runs.
func TestEachEngineRunsEveryMigration(t *testing.T) {
	lite, err := migrationFiles(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrationFiles(Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := slices.Sorted(maps.Keys(lite)), slices.Sorted(maps.Keys(pg)); !slices.Equal(a, b) {
		t.Fatalf("the engines run different migrations:\nsqlite   %v\npostgres %v", a, b)
	}
	if len(lite) < 16 {
		t.Fatalf("only %d migrations found", len(lite))
	}
	for name, f := range lite {
		for _, word := range []string{"BIGINT", "BYTEA", "GENERATED", `COLLATE "C"`} {
			if strings.Contains(string(f.Data), word) {
				t.Errorf("%s still says %s on SQLite", name, word)
			}
		}
	}
}
