package cash

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
)

// Entry is money that comes into the till or leaves it with a sale, a refund
// or a wallet top-up: amounts in cents, times in unix seconds.
type Entry struct {
	Club    int64
	Type    string // TypeOrder or TypeWallet
	PayType string // cash, tpv or wallet
	Cents   int64  // positive in, negative out
	Order   int64  // 0 for none
	Member  int64
	Staff   int64
	At      int64
}

// Record writes an entry inside the caller's transaction, holding the till
// shared: a close waits for it, so a pay under way when the close starts is
// counted in the closed period, and its row's id comes before the close's
// opening movement (the date-range box figures rely on that order).
func Record(ctx context.Context, tx *sqlx.Tx, e Entry) error {
	if err := db.LockShared(ctx, tx, db.LockTill, e.Club); err != nil {
		return err
	}
	var order any
	if e.Order != 0 {
		order = e.Order
	}
	_, err := db.Exec(ctx, tx, `INSERT INTO cash_movements (club_id, type, pay_type, amount, order_id, member_id, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?)`, e.Club, e.Type, e.PayType, e.Cents, order, e.Member, e.Staff, e.At)
	return err
}

// where selects the movements (alias m) of a scope.
func (sc Scope) where(clubID int64) (string, []any) {
	switch {
	case sc.CloseID != 0:
		return `m.club_id = ? AND m.close_id = ?`, []any{clubID, sc.CloseID}
	case sc.dates():
		return `m.club_id = ? AND m.created >= ? AND m.created <= ?`, []any{clubID, sc.Start, sc.end()}
	}
	return `m.club_id = ? AND m.close_id IS NULL`, []any{clubID}
}

type group struct {
	Type    string `db:"type"`
	PayType string `db:"pay_type"`
	Out     int    `db:"out"`
	N       int    `db:"n"`
	Sum     int64  `db:"total"`
	First   int64  `db:"first"`
	Last    int64  `db:"last"`
}

// movementGroups adds up a scope's movements by type, method and direction.
func movementGroups(ctx context.Context, q db.Q, clubID int64, sc Scope) ([]group, error) {
	where, args := sc.where(clubID)
	var groups []group
	err := db.Select(ctx, q, &groups, `SELECT m.type, m.pay_type, CASE WHEN m.amount < 0 THEN 1 ELSE 0 END AS out,
		COUNT(*) AS n, COALESCE(SUM(m.amount), 0) AS total, MIN(m.created) AS first, MAX(m.created) AS last
		FROM cash_movements m WHERE `+where+` GROUP BY m.type, m.pay_type, CASE WHEN m.amount < 0 THEN 1 ELSE 0 END`, args...)
	return groups, err
}

// boxAt is the cash the box held at time t: the counted amount of the last
// close before t and every cash movement since.
func boxAt(ctx context.Context, q db.Q, clubID, t int64) (amount.Cents, error) {
	const last = `SELECT %s FROM cash_movements a WHERE a.club_id = ? AND a.type = 'automatic' AND a.created <= ? ORDER BY a.created DESC, a.id DESC LIMIT 1`
	var cents int64
	// The movements after the close are those with a later id; the time bound
	// (a minute before the close, for a payment stamped just before it and
	// committed after) lets the index skip the year before.
	err := db.Get(ctx, q, &cents, `SELECT COALESCE((`+fmt.Sprintf(last, "a.amount")+`), 0) + COALESCE((SELECT SUM(m.amount) FROM cash_movements m
		WHERE m.club_id = ? AND m.pay_type = 'cash' AND m.type <> 'automatic' AND m.created <= ?
		AND m.created >= COALESCE((`+fmt.Sprintf(last, "a.created")+`), 0) - 60
		AND m.id > COALESCE((`+fmt.Sprintf(last, "a.id")+`), 0)), 0)`, clubID, t, clubID, t, clubID, t, clubID, t)
	return amount.Cents(cents), err
}

// countMovements counts a scope's movements.
func countMovements(ctx context.Context, q db.Q, clubID int64, sc Scope) (int, error) {
	where, args := sc.where(clubID)
	var total int
	err := db.Get(ctx, q, &total, `SELECT COUNT(*) FROM cash_movements m WHERE `+where, args...)
	return total, err
}

// movementsPage returns a scope's movements, newest first: limit of them
// from offset, or all when limit is negative.
func movementsPage(ctx context.Context, q db.Q, clubID int64, sc Scope, limit, offset int) ([]Movement, error) {
	where, args := sc.where(clubID)
	query := `SELECT m.id, m.created, ` + db.StaffName("u") + ` AS employee_name, m.type, m.pay_type, m.amount,
		CASE WHEN m.close_id IS NULL THEN 'open' ELSE 'closed' END AS status, m.note, COALESCE(m.order_id, 0) AS order_id
		FROM cash_movements m LEFT JOIN users u ON u.id = m.staff_user_id WHERE ` + where + ` ORDER BY m.created DESC, m.id DESC`
	if limit >= 0 {
		query += ` LIMIT ? OFFSET ?`
		args = append(args, limit, offset)
	}
	out := []Movement{}
	err := db.Select(ctx, q, &out, query, args...)
	return out, err
}

// insertManual records cash put into the box by hand (cents > 0) or taken out.
func insertManual(ctx context.Context, q db.Q, clubID, staffID int64, cents amount.Cents, note string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO cash_movements (club_id, type, pay_type, amount, note, staff_user_id, created)
			VALUES (?,?,?,?,?,?,?)`, clubID, TypeManual, PayCash, int64(cents), note, staffID, now)
}

// insertOpening records the counted amount a close leaves in the box: the
// next period's 'automatic' movement.
func insertOpening(ctx context.Context, q db.Q, clubID, staffID int64, counted amount.Cents, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO cash_movements (club_id, type, pay_type, amount, note, staff_user_id, created) VALUES (?,?,?,?,?,?,?)`,
		clubID, TypeAutomatic, PayCash, int64(counted), "", staffID, now)
	return err
}

// claimOpenMovements gives the club's movements of the current period to a
// close, in one statement.
func claimOpenMovements(ctx context.Context, q db.Q, clubID, closeID int64) error {
	_, err := db.Exec(ctx, q, `UPDATE cash_movements SET close_id = ? WHERE club_id = ? AND close_id IS NULL`, closeID, clubID)
	return err
}

func insertClose(ctx context.Context, q db.Q, clubID, staffID int64, counted amount.Cents, note string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO cash_closes (club_id, counted, note, staff_user_id, created) VALUES (?,?,?,?,?)`,
		clubID, int64(counted), note, staffID, now)
}

// setCloseFigures writes what the close's movements say the box held.
func setCloseFigures(ctx context.Context, q db.Q, id int64, expected amount.Cents, first, last int64) error {
	_, err := db.Exec(ctx, q, `UPDATE cash_closes SET expected = ?, first_movement = ?, last_movement = ? WHERE id = ?`,
		int64(expected), first, last, id)
	return err
}

var closeSelect = `SELECT c.id, c.created, c.counted, c.expected, c.note, c.first_movement, c.last_movement, ` +
	db.StaffName("u") + ` AS worker_name FROM cash_closes c LEFT JOIN users u ON u.id = c.staff_user_id`

// closeByID returns the club's close of that id (none when there is none).
func closeByID(ctx context.Context, q db.Q, clubID, id int64) ([]Close, error) {
	var out []Close
	err := db.Select(ctx, q, &out, closeSelect+` WHERE c.id = ? AND c.club_id = ?`, id, clubID)
	return out, err
}

// closeOfClub is closeByID with its conditions the other way round, as the
// report reads it.
func closeOfClub(ctx context.Context, q db.Q, clubID, id int64) ([]Close, error) {
	out := []Close{}
	err := db.Select(ctx, q, &out, closeSelect+` WHERE c.club_id = ? AND c.id = ?`, clubID, id)
	return out, err
}

// closesBetween returns the club's closes made from start to end, oldest first.
func closesBetween(ctx context.Context, q db.Q, clubID, start, end int64) ([]Close, error) {
	out := []Close{}
	err := db.Select(ctx, q, &out, closeSelect+` WHERE c.club_id = ? AND c.created >= ? AND c.created <= ? ORDER BY c.created, c.id`,
		clubID, start, end)
	return out, err
}

func countCloses(ctx context.Context, q db.Q, clubID int64) (int, error) {
	var total int
	err := db.Get(ctx, q, &total, `SELECT COUNT(*) FROM cash_closes WHERE club_id = ?`, clubID)
	return total, err
}

// closesPage returns limit of the club's closes from offset, newest first.
func closesPage(ctx context.Context, q db.Q, clubID int64, limit, offset int) ([]Close, error) {
	out := []Close{}
	err := db.Select(ctx, q, &out, closeSelect+` WHERE c.club_id = ? ORDER BY c.id DESC LIMIT ? OFFSET ?`,
		clubID, limit, offset)
	return out, err
}

// paidInScope is the ids of the orders whose payment is a movement of the
// scope, as a subquery, with its arguments after the club's.
func paidInScope(clubID int64, sc Scope) (string, []any) {
	where, args := sc.where(clubID)
	return `SELECT m.order_id FROM cash_movements m WHERE ` + where + ` AND m.type = 'order' AND m.amount > 0`, append([]any{clubID}, args...)
}

// paidOrders returns the orders paid in the scope.
func paidOrders(ctx context.Context, q db.Q, clubID int64, sc Scope) ([]ReportOrder, error) {
	paid, args := paidInScope(clubID, sc)
	var out []ReportOrder
	err := db.Select(ctx, q, &out, `SELECT o.id, o.paid, mb.number, mb.nombre, mb.surname, o.base_price, o.discount, o.total, o.pay_type
			FROM orders o JOIN members mb ON mb.id = o.member_id WHERE o.club_id = ? AND o.id IN (`+paid+`) ORDER BY o.paid, o.id`, args...)
	return out, err
}

// productsSold adds up, per product or fee, the lines of the orders paid in the scope.
func productsSold(ctx context.Context, q db.Q, clubID int64, sc Scope) ([]ReportProduct, error) {
	paid, args := paidInScope(clubID, sc)
	var out []ReportProduct
	err := db.Select(ctx, q, &out, `SELECT MIN(l.code) AS code, MIN(l.title) AS title, SUM(l.quantity) AS quantity, SUM(l.total) AS amount,
			SUM(l.discount) AS discount, COUNT(DISTINCT l.order_id) AS orders
			FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.club_id = ? AND o.id IN (`+paid+`)
			GROUP BY COALESCE(l.product_id, -l.fee_type_id) ORDER BY SUM(l.total) DESC, MIN(l.title)`, args...)
	return out, err
}

// memberTotals adds up, per member, the orders paid in the scope.
func memberTotals(ctx context.Context, q db.Q, clubID int64, sc Scope) ([]ReportMember, error) {
	paid, args := paidInScope(clubID, sc)
	var out []ReportMember
	err := db.Select(ctx, q, &out, `SELECT o.member_id, MIN(mb.number) AS number, MIN(TRIM(mb.nombre || ' ' || mb.surname)) AS name,
			SUM(o.total) AS amount, SUM(o.discount) AS discount, COUNT(*) AS orders
			FROM orders o JOIN members mb ON mb.id = o.member_id WHERE o.club_id = ? AND o.id IN (`+paid+`)
			GROUP BY o.member_id ORDER BY SUM(o.total) DESC, o.member_id`, args...)
	return out, err
}

// employeeTotals adds up, per staff user who took them, the orders paid in the scope.
func employeeTotals(ctx context.Context, q db.Q, clubID int64, sc Scope) ([]ReportEmployee, error) {
	paid, args := paidInScope(clubID, sc)
	var out []ReportEmployee
	err := db.Select(ctx, q, &out, `SELECT COALESCE(o.paid_by_user_id, 0) AS uid, MIN(`+db.StaffName("u")+`) AS employee_name,
			SUM(o.total) AS amount, COUNT(*) AS orders
			FROM orders o LEFT JOIN users u ON u.id = o.paid_by_user_id WHERE o.club_id = ? AND o.id IN (`+paid+`)
			GROUP BY o.paid_by_user_id ORDER BY SUM(o.total) DESC`, args...)
	return out, err
}
