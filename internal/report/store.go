package report

import (
	"context"
	"strings"

	"socius/internal/db"
)

// The reports' SQL. Reports own no table: they read orders, order_lines,
// products, members, wallet_movements and access_events.

const netQuantity, netReal, netTotal = `(l.quantity - l.refund_quantity)`, `(l.real_quantity - l.refund_real)`, `(l.total - l.refund_amount)`

// contains is a case-insensitive "column contains v" condition (nothing when
// v is blank); LIKE's wildcards in v match themselves.
func contains(col, v string) (string, string) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", ""
	}
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(v))
	return ` AND LOWER(` + col + `) LIKE ? ESCAPE '\'`, "%" + esc + "%"
}

// withdrawalsFrom is the FROM and WHERE of the withdrawals a filter keeps, with their arguments.
func withdrawalsFrom(clubID int64, f WithdrawalFilter) (string, []any) {
	from := ` FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN members m ON m.id = o.member_id
		WHERE o.club_id = ? AND o.status = 'completed' AND o.paid BETWEEN ? AND ? AND l.product_id IS NOT NULL
		AND l.quantity > l.refund_quantity`
	args := []any{clubID, f.Start, f.End}
	if f.MemberID != 0 {
		from += ` AND o.member_id = ?`
		args = append(args, f.MemberID)
	}
	for _, c := range []struct{ col, v string }{{"l.title", f.Title}, {"l.code", f.Code}, {"l.category", f.Category},
		{"CAST(m.number AS TEXT)", f.Number}, {"m.nombre", f.Name}, {"m.surname", f.Surname}} {
		if w, a := contains(c.col, c.v); w != "" {
			from, args = from+w, append(args, a)
		}
	}
	return from, args
}

// withdrawalTotals sums every withdrawal the filter keeps.
func withdrawalTotals(ctx context.Context, q db.Q, clubID int64, f WithdrawalFilter) (WithdrawalTotals, error) {
	from, args := withdrawalsFrom(clubID, f)
	var t WithdrawalTotals
	err := db.Get(ctx, q, &t, `SELECT COUNT(*) AS lines, COUNT(DISTINCT o.id) AS orders,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN `+netQuantity+` ELSE 0 END), 0) AS grams,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN `+netReal+` ELSE 0 END), 0) AS real_grams,
		COALESCE(SUM(CASE WHEN l.product_type = 'peso' THEN 0 ELSE `+netQuantity+` END), 0) AS units,
		COALESCE(SUM(`+netTotal+`), 0) AS total`+from, args...)
	return t, err
}

// withdrawalRows returns the withdrawals the filter keeps, newest first:
// limit of them from offset, or all when limit is not positive.
func withdrawalRows(ctx context.Context, q db.Q, clubID int64, f WithdrawalFilter, limit, offset int) ([]Withdrawal, error) {
	from, args := withdrawalsFrom(clubID, f)
	query := `SELECT l.id, l.order_id, o.paid, l.product_id, l.title, l.code, l.category, l.product_type, ` + netQuantity + ` AS quantity,
		` + netReal + ` AS real_quantity, ` + netTotal + ` AS total, o.member_id, m.number, m.nombre, m.surname` + from +
		` ORDER BY o.paid DESC, o.id DESC, l.position`
	if limit > 0 {
		query, args = query+` LIMIT ? OFFSET ?`, append(args, limit, offset)
	}
	out := []Withdrawal{}
	err := db.Select(ctx, q, &out, query, args...)
	return out, err
}

// salesFrom is the FROM and WHERE of the product lines the performance
// report's filter keeps, with their arguments.
func salesFrom(clubID int64, f SalesFilter) (string, []any) {
	from := ` FROM order_lines l JOIN orders o ON o.id = l.order_id JOIN products p ON p.id = l.product_id
		WHERE o.club_id = ? AND o.status = 'completed' AND o.paid BETWEEN ? AND ? AND l.product_id IS NOT NULL`
	args := []any{clubID, f.Start, f.End}
	if f.MemberID != 0 {
		from, args = from+` AND o.member_id = ?`, append(args, f.MemberID)
	}
	for _, c := range []struct{ col, v string }{{"p.title", f.Title}, {"l.category", f.Category}} {
		if w, a := contains(c.col, c.v); w != "" {
			from, args = from+w, append(args, a)
		}
	}
	return from, args
}

type productSalesRow struct {
	ProductSales
	Unlimited int `db:"unlimited"`
}

// salesByProduct groups the lines the filter keeps by product, by gross income.
func salesByProduct(ctx context.Context, q db.Q, clubID int64, f SalesFilter) ([]productSalesRow, error) {
	from, args := salesFrom(clubID, f)
	var rows []productSalesRow
	err := db.Select(ctx, q, &rows, `SELECT l.product_id AS pid, MIN(p.title) AS title, MIN(l.category) AS category, MIN(p.type) AS type,
		COUNT(DISTINCT l.order_id) AS orders, MIN(p.stock) AS stock, MIN(p.unlimited_stock) AS unlimited,
		SUM(`+netQuantity+`) AS quantity, SUM((l.unit_cost * `+netQuantity+` + 500) / 1000) AS cost_total,
		SUM(l.discount) AS discount, SUM(`+netTotal+`) AS amount`+from+
		` GROUP BY l.product_id ORDER BY SUM(`+netTotal+`) DESC, MIN(p.title), l.product_id`, args...)
	return rows, err
}

// salesOrders counts the distinct orders of the lines the filter keeps.
func salesOrders(ctx context.Context, q db.Q, clubID int64, f SalesFilter) (int, error) {
	from, args := salesFrom(clubID, f)
	var orders int
	err := db.Get(ctx, q, &orders, `SELECT COUNT(DISTINCT o.id)`+from, args...)
	return orders, err
}

// salesBuckets sums the completed orders paid in r by hour and payment method.
func salesBuckets(ctx context.Context, q db.Q, clubID, memberID int64, r Range) ([]bucket, error) {
	query := `SELECT o.paid / 3600 AS h, o.pay_type AS kind, SUM(o.total) AS v FROM orders o
		WHERE o.club_id = ? AND o.status = 'completed' AND o.paid BETWEEN ? AND ?`
	args := []any{clubID, r.Start, r.End}
	if memberID != 0 {
		query, args = query+` AND o.member_id = ?`, append(args, memberID)
	}
	var bs []bucket
	err := db.Select(ctx, q, &bs, query+` GROUP BY o.paid / 3600, o.pay_type`, args...)
	return bs, err
}

// walletBuckets sums the wallet top-ups, order payments and refunds of r by hour and operation.
func walletBuckets(ctx context.Context, q db.Q, clubID, memberID int64, r Range) ([]bucket, error) {
	query := `SELECT w.created / 3600 AS h, w.operation AS kind, SUM(w.amount) AS v FROM wallet_movements w
		WHERE w.club_id = ? AND w.created BETWEEN ? AND ? AND w.operation IN ('add', 'order', 'refund')`
	args := []any{clubID, r.Start, r.End}
	if memberID != 0 {
		query, args = query+` AND w.member_id = ?`, append(args, memberID)
	}
	var bs []bucket
	err := db.Select(ctx, q, &bs, query+` GROUP BY w.created / 3600, w.operation`, args...)
	return bs, err
}

// checkinBuckets counts the check-ins (ENTRA) of r by hour.
func checkinBuckets(ctx context.Context, q db.Q, clubID, memberID int64, r Range) ([]bucket, error) {
	query := `SELECT e.datetime / 3600 AS h, '' AS kind, COUNT(*) AS v FROM access_events e
		WHERE e.club_id = ? AND e.datetime BETWEEN ? AND ? AND e.action = 'ENTRA'`
	args := []any{clubID, r.Start, r.End}
	if memberID != 0 {
		query, args = query+` AND e.member_id = ?`, append(args, memberID)
	}
	var bs []bucket
	err := db.Select(ctx, q, &bs, query+` GROUP BY e.datetime / 3600`, args...)
	return bs, err
}

// takingsBetween sums and counts the completed orders paid in r.
func takingsBetween(ctx context.Context, q db.Q, clubID int64, r Range) (Takings, error) {
	var out Takings
	err := db.Get(ctx, q, &out, `SELECT COALESCE(SUM(o.total), 0) AS amount, COUNT(*) AS orders FROM orders o
		WHERE o.club_id = ? AND o.paid BETWEEN ? AND ? AND o.status = 'completed'`, clubID, r.Start, r.End)
	return out, err
}

// gramsBetween sums the weighed grams kept of the weight products of the completed orders paid in r.
func gramsBetween(ctx context.Context, q db.Q, clubID int64, r Range) (int64, error) {
	var g int64
	err := db.Get(ctx, q, &g, `SELECT COALESCE(SUM(`+netReal+`), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.club_id = ? AND o.paid BETWEEN ? AND ? AND o.status = 'completed' AND l.product_id IS NOT NULL
		AND l.product_type = 'peso'`, clubID, r.Start, r.End)
	return g, err
}

// inClub counts the members whose last access event since since is a check-in.
func inClub(ctx context.Context, q db.Q, clubID, since int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(DISTINCT e.member_id) FROM access_events e
		WHERE e.club_id = ? AND e.datetime >= ? AND e.action = 'ENTRA'
		AND NOT EXISTS (SELECT 1 FROM access_events l WHERE l.member_id = e.member_id AND l.club_id = e.club_id
			AND (l.datetime > e.datetime OR (l.datetime = e.datetime AND l.id > e.id)))`, clubID, since)
	return n, err
}
