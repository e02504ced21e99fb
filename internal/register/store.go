package register

import (
	"context"
	"strings"

	"socius/internal/db"
)

// The dispensations table's SQL, each function taking the caller's
// transaction or pool.

// who is what Record copies of the member and the staff user.
type who struct {
	Number    int64   `db:"number"`
	Surname   string  `db:"surname"`
	Surname2  string  `db:"surname2"`
	Nombre    string  `db:"nombre"`
	Birthdate int64   `db:"birthdate"`
	Timezone  string  `db:"timezone"`
	Staff     *string `db:"staff"`
}

// recipient reads the club's member and the staff user's display name.
func recipient(ctx context.Context, q db.Q, clubID, memberID, staffUserID int64) (who, error) {
	var w who
	err := db.Get(ctx, q, &w, `SELECT m.number, m.surname, m.surname2, m.nombre, m.birthdate, cl.timezone,
		(SELECT `+db.StaffName("u")+` FROM users u WHERE u.id = ?) AS staff
		FROM members m JOIN clubs cl ON cl.id = m.club_id WHERE m.id = ? AND m.club_id = ?`, staffUserID, memberID, clubID)
	return w, err
}

// figures are a product's THC and CBD in hundredths of a percent, nil when
// not known.
type figures struct {
	ID  int64  `db:"id"`
	THC *int64 `db:"thc_percent"`
	CBD *int64 `db:"cbd_percent"`
}

// productFigures reads the THC and CBD of the lines' products, by product.
func productFigures(ctx context.Context, q db.Q, clubID int64, lines []Line) (map[int64]figures, error) {
	args := []any{clubID}
	for _, l := range lines {
		args = append(args, l.ProductID)
	}
	var rows []figures
	err := db.Select(ctx, q, &rows, `SELECT id, thc_percent, cbd_percent FROM products WHERE club_id = ? AND id IN (`+marks(len(lines))+`)`, args...)
	return byID(rows), err
}

// saleFigures reads the THC and CBD the sale of the lines recorded, by line.
func saleFigures(ctx context.Context, q db.Q, clubID int64, lines []Line) (map[int64]figures, error) {
	args := []any{clubID}
	for _, l := range lines {
		args = append(args, l.LineID)
	}
	var rows []figures
	err := db.Select(ctx, q, &rows, `SELECT line_id AS id, thc_percent, cbd_percent FROM dispensations
		WHERE club_id = ? AND refund_id IS NULL AND line_id IN (`+marks(len(lines))+`)`, args...)
	return byID(rows), err
}

func byID(rows []figures) map[int64]figures {
	out := make(map[int64]figures, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out
}

// row is one register row to write.
type row struct {
	club, at, order, line     int64
	refund                    *int64
	member, number            int64
	surname, surname2, nombre string
	birthYear                 *int64
	product                   int64
	title                     string
	grams                     int64
	thc, cbd, staffUser       *int64
	staff                     *string
}

const rowCols = `club_id, at, order_id, line_id, refund_id, member_id, number, surname, surname2, nombre, birth_year,
	product_id, product, grams, thc_percent, cbd_percent, staff, staff_user_id`

// insertRows writes rows in one statement.
func insertRows(ctx context.Context, q db.Q, rows []row) error {
	values := make([]string, len(rows))
	args := make([]any, 0, len(rows)*18)
	for i, r := range rows {
		values[i] = `(` + marks(18) + `)`
		args = append(args, r.club, r.at, r.order, r.line, r.refund, r.member, r.number, r.surname, r.surname2, r.nombre, r.birthYear,
			r.product, r.title, r.grams, r.thc, r.cbd, r.staff, r.staffUser)
	}
	_, err := db.Exec(ctx, q, `INSERT INTO dispensations (`+rowCols+`) VALUES `+strings.Join(values, ", "), args...)
	return err
}

// forgetBefore empties the personal columns of the club's rows older than
// before, once each.
func forgetBefore(ctx context.Context, q db.Q, clubID, before int64) (int64, error) {
	res, err := db.Exec(ctx, q, `UPDATE dispensations SET member_id = NULL, number = NULL, surname = NULL, surname2 = NULL,
		nombre = NULL, birth_year = NULL, staff = NULL, staff_user_id = NULL, forgotten = 1
		WHERE club_id = ? AND at < ? AND forgotten = 0`, clubID, before)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// where is the WHERE clause of the rows a filter keeps, with its arguments.
func where(clubID int64, f Filter) (string, []any) {
	clause := ` WHERE club_id = ? AND at BETWEEN ? AND ?`
	args := []any{clubID, f.Start, f.End}
	if f.MemberID != 0 {
		clause, args = clause+` AND member_id = ?`, append(args, f.MemberID)
	}
	return clause, args
}

// summary is the count, grams and time span of the rows a filter keeps.
type summary struct {
	N     int   `db:"n"`
	Grams int64 `db:"grams"`
	First int64 `db:"first"`
	Last  int64 `db:"last"`
}

func summarize(ctx context.Context, q db.Q, clubID int64, f Filter) (summary, error) {
	clause, args := where(clubID, f)
	var s summary
	err := db.Get(ctx, q, &s, `SELECT COUNT(*) AS n, COALESCE(SUM(grams), 0) AS grams, COALESCE(MIN(at), 0) AS first,
		COALESCE(MAX(at), 0) AS last FROM dispensations`+clause, args...)
	return s, err
}

const rowSelect = `SELECT id, at, order_id, CASE WHEN refund_id IS NULL THEN 0 ELSE 1 END AS refund, member_id, number, surname, surname2,
	nombre, birth_year, product, grams, thc_percent, cbd_percent, staff, forgotten FROM dispensations`

// rowPage reads the rows a filter keeps in the register's order (oldest
// first): limit of them from offset, or every one when limit is not positive.
func rowPage(ctx context.Context, q db.Q, clubID int64, f Filter, limit, offset int) ([]DispensationRow, error) {
	clause, args := where(clubID, f)
	query := rowSelect + clause + ` ORDER BY at, id`
	if limit > 0 {
		query, args = query+` LIMIT ? OFFSET ?`, append(args, limit, offset)
	}
	out := []DispensationRow{}
	err := db.Select(ctx, q, &out, query, args...)
	return out, err
}

// memberMonthRow is the grams of one member (nil once forgotten) in the
// month of index Month among the month starts given to memberMonths.
type memberMonthRow struct {
	MemberID *int64  `db:"member_id"`
	Number   *int64  `db:"number"`
	Surname  *string `db:"surname"`
	Nombre   *string `db:"nombre"`
	Month    int     `db:"month"`
	Grams    int64   `db:"grams"`
}

// memberMonths sums the grams the filter keeps by member and month; bounds
// are the first seconds of the second and later months of the span, so a
// row's month is the number of bounds at or before it.
func memberMonths(ctx context.Context, q db.Q, clubID int64, f Filter, bounds []int64) ([]memberMonthRow, error) {
	clause, args := where(clubID, f)
	month := `0`
	var monthArgs []any
	if len(bounds) > 0 {
		var b strings.Builder
		b.WriteString(`CASE`)
		for i, at := range bounds {
			b.WriteString(` WHEN at < ? THEN ` + itoa(i))
			monthArgs = append(monthArgs, at)
		}
		b.WriteString(` ELSE ` + itoa(len(bounds)) + ` END`)
		month = b.String()
	}
	var out []memberMonthRow
	err := db.Select(ctx, q, &out, `SELECT member_id, MAX(number) AS number, MAX(surname) AS surname, MAX(nombre) AS nombre, month,
		SUM(grams) AS grams FROM (SELECT member_id, number, surname, nombre, grams, `+month+` AS month FROM dispensations`+clause+`) d
		GROUP BY member_id, month`, append(monthArgs, args...)...)
	return out, err
}

// marks is n comma-separated placeholders.
func marks(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }
