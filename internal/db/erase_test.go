package db_test

import (
	"context"
	"testing"

	"socius/internal/access"
	"socius/internal/testkit"
)

// Erase (socius demo --force) leaves the schema and its migrations and
// nothing else: every table empty, and the ids starting again at 1, on both
// engines (SQLite's AUTOINCREMENT tables keep their counters apart).
func TestEraseEmptiesEveryTable(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		club := k.Club("Club Borrado", access.Flags...)
		staff := k.User("borrado", club, access.Administrador)
		for range 3 {
			if _, err := k.App.Cash.Move(ctx, club, staff, 10_00, "Fondo"); err != nil {
				t.Fatal(err)
			}
		}
		if err := k.App.DB.Erase(ctx); err != nil {
			t.Fatal(err)
		}
		var tables []string
		list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version'`
		if k.Engine == "postgres" {
			list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
				AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version'`
		}
		if err := k.App.DB.Select(ctx, &tables, list); err != nil || len(tables) < 30 {
			t.Fatalf("tables: %v %v", tables, err)
		}
		for _, table := range tables {
			if n := k.Count(table, ""); n != 0 {
				t.Errorf("%s keeps %d rows", table, n)
			}
		}
		if n := k.Count("goose_db_version", ""); n == 0 {
			t.Fatal("the migrations' record was erased")
		}
		again := k.Club("Club Nuevo")
		staff = k.User("nuevo", again, access.Administrador)
		m, err := k.App.Cash.Move(ctx, again, staff, 10_00, "Fondo")
		if err != nil {
			t.Fatal(err)
		}
		if again != 1 || m.MID != 1 {
			t.Fatalf("after the erase: club %d, cash movement %d; want both 1", again, m.MID)
		}
	})
}
