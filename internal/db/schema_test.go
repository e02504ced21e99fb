package db_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"socius/internal/db"
	"socius/internal/testkit"
)

// The migrations describe one schema. Both engines are migrated from scratch and their
// tables, columns, nullability, indexes and unique constraints compared: any drift between
// the engines (an engine's own file in migrations/<engine>, or SQLite's spelling of the shared
// files) fails here. Column types are left out (the engines
// spell them differently on purpose: INTEGER/BIGINT, TEXT/TIMESTAMPTZ…).
func TestOneSchemaTwoEngines(t *testing.T) {
	if os.Getenv("SOCIUS_TEST_POSTGRES_URL") == "" {
		t.Skip("PostgreSQL is not configured (SOCIUS_TEST_POSTGRES_URL)")
	}
	lite := describe(t, db.SQLite)
	pg := describe(t, db.Postgres)
	for _, line := range lite {
		if !slices.Contains(pg, line) {
			t.Errorf("only in SQLite: %s", line)
		}
	}
	for _, line := range pg {
		if !slices.Contains(lite, line) {
			t.Errorf("only in PostgreSQL: %s", line)
		}
	}
	if len(lite) < 100 {
		t.Fatalf("the schema read back is too small to be the product's (%d lines)", len(lite))
	}
}

// migrated is a fresh database of engine with every migration applied, closed when the test ends.
var migrated = testkit.Migrated

// describe migrates a fresh database of engine and lists its schema as comparable lines:
// "table t", "column t.c null|not null", "index t(c1,c2) unique|plain [partial]".
func describe(t *testing.T, engine string) []string {
	t.Helper()
	d := migrated(t, engine)
	ctx := context.Background()
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	nullness := func(notNull bool) string {
		if notNull {
			return "not null"
		}
		return "null"
	}
	if engine == db.SQLite {
		var tables []string
		if err := d.Select(ctx, &tables, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version' ORDER BY name`); err != nil {
			t.Fatal(err)
		}
		for _, table := range tables {
			add("table %s", table)
			var cols []struct {
				CID     int     `db:"cid"`
				Name    string  `db:"name"`
				Type    string  `db:"type"`
				NotNull bool    `db:"notnull"`
				Default *string `db:"dflt_value"`
				PK      int     `db:"pk"`
			}
			if err := d.Select(ctx, &cols, `SELECT * FROM pragma_table_info(?)`, table); err != nil {
				t.Fatal(err)
			}
			var pk []string
			for _, c := range cols {
				// a primary key column is never null, whatever SQLite reports for it
				add("column %s.%s %s", table, c.Name, nullness(c.NotNull || c.PK > 0))
				if c.PK > 0 {
					pk = append(pk, c.Name)
				}
			}
			add("primary key %s(%s)", table, strings.Join(pk, ","))
			var idx []struct {
				Seq     int    `db:"seq"`
				Name    string `db:"name"`
				Unique  bool   `db:"unique"`
				Origin  string `db:"origin"`
				Partial bool   `db:"partial"`
			}
			if err := d.Select(ctx, &idx, `SELECT * FROM pragma_index_list(?)`, table); err != nil {
				t.Fatal(err)
			}
			for _, ix := range idx {
				if ix.Origin == "pk" {
					continue
				}
				var names []*string
				if err := d.Select(ctx, &names, `SELECT name FROM pragma_index_info(?) ORDER BY seqno`, ix.Name); err != nil {
					t.Fatal(err)
				}
				add("index %s(%s) %s%s", table, joinCols(names), uniqueness(ix.Unique), partial(ix.Partial))
			}
		}
		return sorted(out)
	}
	var tables []string
	if err := d.Select(ctx, &tables, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
		AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version' ORDER BY table_name`); err != nil {
		t.Fatal(err)
	}
	for _, table := range tables {
		add("table %s", table)
		var cols []struct {
			Name     string `db:"column_name"`
			Nullable string `db:"is_nullable"`
		}
		if err := d.Select(ctx, &cols, `SELECT column_name, is_nullable FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`, table); err != nil {
			t.Fatal(err)
		}
		for _, c := range cols {
			add("column %s.%s %s", table, c.Name, nullness(c.Nullable == "NO"))
		}
		var idx []pgIndex
		// each index's key columns in order; an expression's position is left empty
		if err := d.Select(ctx, &idx, `SELECT i.relname AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary,
				x.indpred IS NOT NULL AS partial,
				COALESCE((SELECT string_agg(COALESCE(a.attname, ''), ',' ORDER BY k.ord)
					FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
					LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum AND k.attnum > 0
					WHERE k.ord <= x.indnkeyatts), '') AS cols
			FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class r ON r.oid = x.indrelid
			JOIN pg_namespace n ON n.oid = r.relnamespace
			WHERE n.nspname = current_schema() AND r.relname = ?`, table); err != nil {
			t.Fatal(err)
		}
		for _, ix := range idx {
			if ix.Primary {
				add("primary key %s(%s)", table, ix.Cols)
				continue
			}
			names := []*string{}
			for _, c := range strings.Split(ix.Cols, ",") {
				if c == "" {
					names = append(names, nil)
				} else {
					names = append(names, &c)
				}
			}
			add("index %s(%s) %s%s", table, joinCols(names), uniqueness(ix.Unique), partial(ix.Partial))
		}
		if !slices.ContainsFunc(idx, func(ix pgIndex) bool { return ix.Primary }) {
			add("primary key %s()", table)
		}
	}
	return sorted(out)
}

type pgIndex struct {
	Name    string `db:"name"`
	Unique  bool   `db:"is_unique"`
	Primary bool   `db:"is_primary"`
	Partial bool   `db:"partial"`
	Cols    string `db:"cols"`
}

func joinCols(names []*string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		if n == nil {
			parts[i] = "<expression>"
		} else {
			parts[i] = *n
		}
	}
	return strings.Join(parts, ",")
}

func uniqueness(unique bool) string {
	if unique {
		return "unique"
	}
	return "plain"
}

func partial(p bool) string {
	if p {
		return " partial"
	}
	return ""
}

func sorted(lines []string) []string {
	slices.Sort(lines)
	return slices.Compact(lines)
}

// ledgerTables hold orders and every money or stock row: their ids are order,
// receipt and movement numbers, which an audit reads as unique for all time.
var ledgerTables = []string{"orders", "order_lines", "order_refunds", "coupon_uses", "cash_movements", "cash_closes",
	"wallet_movements", "stock_movements", "inventory_movements"}

// Ids of orders and of every money or stock row are never reused, on both engines: on SQLite the
// table is AUTOINCREMENT (without it, the id of a deleted last row goes to the next one: a
// cancelled order's number was given to the next order); on PostgreSQL the id is an identity or
// sequence column, which never hands a value out twice. A table with a money or quantity column
// (amount, total, quantity, counted) and an id is held to the same rule, so a new ledger cannot
// be added without it. The behaviour itself is proved by deleting the last row and inserting.
func TestLedgerIdsAreNeverReused(t *testing.T) {
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) {
			d := migrated(t, engine)
			ctx := context.Background()
			var err error
			var tables []string
			query := `SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = current_schema()
				AND column_name IN ('amount', 'total', 'quantity', 'counted')
				AND table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id')`
			if engine == db.SQLite {
				query = `SELECT DISTINCT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
					WHERE m.type = 'table' AND c.name IN ('amount', 'total', 'quantity', 'counted')
					AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'id' AND pk = 1)`
			}
			if err := d.Select(ctx, &tables, query); err != nil {
				t.Fatal(err)
			}
			for _, table := range tables {
				if !slices.Contains(ledgerTables, table) {
					t.Errorf("%s has a money or quantity column: add it to ledgerTables (and make its id never reused)", table)
				}
			}
			for _, table := range ledgerTables {
				var ok bool
				if engine == db.SQLite {
					err = d.Get(ctx, &ok, `SELECT sql LIKE '%AUTOINCREMENT%' FROM sqlite_master WHERE type = 'table' AND name = ?`, table)
				} else {
					err = d.Get(ctx, &ok, `SELECT is_identity = 'YES' OR COALESCE(column_default, '') LIKE 'nextval(%' FROM information_schema.columns
						WHERE table_schema = current_schema() AND table_name = ? AND column_name = 'id'`, table)
				}
				if err != nil || !ok {
					t.Errorf("%s: its id may be reused (%v)", table, err)
				}
			}
			// the behaviour: the last row deleted, the next one still gets a new number
			if _, err := d.Exec(ctx, `INSERT INTO clubs (title, created) VALUES ('Alfa', 0)`); err != nil {
				t.Fatal(err)
			}
			next := func() int64 {
				id, err := db.Insert(ctx, d.W, `INSERT INTO cash_closes (club_id, counted, staff_user_id, created)
					VALUES ((SELECT MAX(id) FROM clubs), 0, 1, 0)`)
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			first := next()
			if _, err := d.Exec(ctx, `DELETE FROM cash_closes WHERE id = ?`, first); err != nil {
				t.Fatal(err)
			}
			if again := next(); again == first {
				t.Fatalf("the id %d of a deleted row was given to the next one", first)
			}
		})
	}
}
