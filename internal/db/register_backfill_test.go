package db_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"socius/internal/db"
	"socius/internal/testkit"
)

// Migration 0020 writes the register's rows of what the counter sold and
// refunded before it: each paid product line with grams, each refund line
// negative (its share of the line's grams, half away from zero), with the
// member's birth year, the product's THC and CBD and the staff's name; no
// cart, fee or line without grams.
func TestRegisterBackfill(t *testing.T) {
	for _, engine := range testkit.Engines() {
		t.Run(engine, func(t *testing.T) {
			ctx := context.Background()
			d, err := db.Open(testkit.DSN(t, engine))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			if err := d.MigrateTo(ctx, 19); err != nil {
				t.Fatal(err)
			}
			madrid, _ := time.LoadLocation("Europe/Madrid")
			born := time.Date(1990, 1, 1, 12, 0, 0, 0, madrid).Unix()
			for _, q := range []struct {
				sql  string
				args []any
			}{
				{`INSERT INTO clubs (id, title, created) VALUES (1, 'Alfa', 1)`, nil},
				{`INSERT INTO users (id, username, username_norm, password_hash, name, surname, created) VALUES
					(1, 'bruno', 'bruno', 'x', 'Bruno', 'Díaz', 1), (2, 'caja', 'caja', 'x', '', '', 1)`, nil},
				{`INSERT INTO members (id, club_id, number, nombre, surname, surname2, birthdate, created) VALUES
					(1, 1, 7, 'Ana', 'García', 'Ruiz', ?, 1), (2, 1, 8, 'Bea', 'Alonso', '', 0, 1)`, []any{born}},
				{`INSERT INTO products (id, club_id, title, sort_key, thc_percent, cbd_percent, created, changed) VALUES
					(1, 1, 'Amnesia', 'amnesia', 1550, 80, 1, 1), (2, 1, 'Agua', 'agua', NULL, NULL, 1, 1)`, nil},
				{`INSERT INTO orders (id, club_id, member_id, status, staff_user_id, paid_by_user_id, created, changed, paid) VALUES
					(1, 1, 1, 'completed', 2, 1, 900, 1000, 1000), (2, 1, 2, 'cart', 2, NULL, 1500, 1500, 0),
					(3, 1, 2, 'completed', 2, NULL, 1900, 2000, 2000)`, nil},
				{`INSERT INTO order_lines (id, order_id, position, product_id, title, unit_price, quantity, real_quantity, grams, base_price, discount, total) VALUES
					(1, 1, 0, 1, 'Amnesia (vendida)', 500, 3000, 3000, 3000, 1500, 0, 1500),
					(2, 1, 1, 2, 'Agua', 100, 1000, 1000, 0, 100, 0, 100),
					(3, 1, 2, NULL, 'Cuota', 1000, 1000, 1000, 0, 1000, 0, 1000),
					(4, 2, 0, 1, 'Amnesia', 500, 1000, 1000, 1000, 500, 0, 500),
					(5, 3, 0, 1, 'Amnesia', 500, 2000, 2000, 1001, 1000, 0, 1000)`, nil},
				{`INSERT INTO order_refunds (id, club_id, order_id, member_id, pay_type, amount, grams, staff_user_id, created) VALUES
					(1, 1, 1, 1, 'cash', 600, 1000, 2, 3000), (2, 1, 3, 2, 'cash', 500, 501, 1, 4000)`, nil},
				{`INSERT INTO order_refund_lines (refund_id, line_id, quantity, real_quantity, amount) VALUES
					(1, 1, 1000, 1000, 500), (1, 2, 1000, 1000, 100), (2, 5, 1000, 1000, 500)`, nil},
			} {
				if _, err := d.W.ExecContext(ctx, d.W.Rebind(q.sql), q.args...); err != nil {
					t.Fatalf("%s: %v", q.sql, err)
				}
			}
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			type row struct {
				At        int64   `db:"at"`
				Order     int64   `db:"order_id"`
				Line      int64   `db:"line_id"`
				Refund    *int64  `db:"refund_id"`
				Member    *int64  `db:"member_id"`
				Number    *int64  `db:"number"`
				Names     *string `db:"names"`
				BirthYear *int64  `db:"birth_year"`
				Product   string  `db:"product"`
				Grams     int64   `db:"grams"`
				THC       *int64  `db:"thc_percent"`
				CBD       *int64  `db:"cbd_percent"`
				Staff     *string `db:"staff"`
				StaffUser *int64  `db:"staff_user_id"`
				Forgotten bool    `db:"forgotten"`
			}
			var rows []row
			if err := d.Select(ctx, &rows, `SELECT at, order_id, line_id, refund_id, member_id, number,
				nombre || ' ' || surname || ' ' || surname2 AS names, birth_year, product, grams, thc_percent, cbd_percent,
				staff, staff_user_id, forgotten FROM dispensations ORDER BY id`); err != nil {
				t.Fatal(err)
			}
			i := func(v int64) *int64 { return &v }
			s := func(v string) *string { return &v }
			want := []row{
				{1000, 1, 1, nil, i(1), i(7), s("Ana García Ruiz"), i(1990), "Amnesia (vendida)", 3000, i(1550), i(80), s("Bruno Díaz"), i(1), false},
				{2000, 3, 5, nil, i(2), i(8), s("Bea Alonso "), nil, "Amnesia", 1001, i(1550), i(80), s("caja"), i(2), false},
				{3000, 1, 1, i(1), i(1), i(7), s("Ana García Ruiz"), i(1990), "Amnesia (vendida)", -1000, i(1550), i(80), s("caja"), i(2), false},
				{4000, 3, 5, i(2), i(2), i(8), s("Bea Alonso "), nil, "Amnesia", -501, i(1550), i(80), s("Bruno Díaz"), i(1), false},
			}
			if len(rows) != len(want) {
				t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
			}
			for n := range want {
				if got := describeRow(rows[n]); got != describeRow(want[n]) {
					t.Errorf("row %d:\n got  %s\n want %s", n, got, describeRow(want[n]))
				}
			}
		})
	}
}

// describeRow is a row with its pointers followed, to compare and print.
func describeRow(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
