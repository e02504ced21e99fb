package member

import (
	"context"
	"slices"
	"strings"

	"socius/internal/db"
)

// The SQL of the member search: the search words (member_terms) and the
// query over them, each function taking the caller's transaction or pool.

// deleteTerms removes the member's search words.
func deleteTerms(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_terms WHERE member_id = ?`, memberID)
	return err
}

func insertTerm(ctx context.Context, q db.Q, clubID int64, t Term, memberID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO member_terms (club_id, field, term, member_id) VALUES (?,?,?,?)`, clubID, t.Field, t.Word, memberID)
	return err
}

// termField is the condition on a term's field (alias a) and its arguments.
func termField(a, field string) (string, []any) {
	if field == fieldPerson {
		return a + `.field IN (?, ?)`, []any{fieldName, fieldSurname}
	}
	return a + `.field = ?`, []any{field}
}

// prefixEnd is the smallest string greater than every string starting with p.
func prefixEnd(p string) string { return p + "\U0010FFFF" }

// termProbe is the condition that member m has a word of t's field starting
// with t's word, and its arguments.
func termProbe(t Term) (string, []any) {
	fc, fa := termField("t", t.Field)
	return `EXISTS (SELECT 1 FROM member_terms t WHERE t.member_id = m.id AND ` + fc + ` AND t.term >= ? AND t.term < ?)`,
		append(fa, t.Word, prefixEnd(t.Word))
}

// searchConds is the condition on the club's live members m that f's exact
// fields and every search word but the first (the driving one) hold, and its
// arguments. Every column name is this function's own.
func searchConds(clubID int64, f Filter, terms []Term) (string, []any) {
	where := []string{"m.club_id = ?", "m.deleted = 0"}
	args := []any{clubID}
	if f.Number > 0 {
		where, args = append(where, "m.number = ?"), append(args, f.Number)
	}
	if k := strings.TrimSpace(f.Keychain); k != "" {
		where, args = append(where, "m.keychain = ?"), append(args, k)
	}
	if f.Status != nil {
		where, args = append(where, "m.status = ?"), append(args, *f.Status)
	}
	if f.IsStaff != nil {
		where, args = append(where, "m.is_staff = ?"), append(args, db.Bool(*f.IsStaff))
	}
	if f.UID > 0 {
		where, args = append(where, "m.user_id = ?"), append(args, f.UID)
	}
	if f.NID > 0 {
		where, args = append(where, "m.id = ?"), append(args, f.NID)
	}
	for _, t := range terms[min(1, len(terms)):] {
		c, a := termProbe(t)
		where, args = append(where, c), append(args, a...)
	}
	return strings.Join(where, " AND "), args
}

// searchMembers reads one page (0-based, all with limit 0) of the club's
// members matching f and every word of terms, by number, with the total
// (exact up to countCap) and whether there are more than countCap. terms[0],
// when there is one, drives the search.
func searchMembers(ctx context.Context, q db.Q, clubID int64, f Filter, terms []Term, countCap, limit, page int) ([]row, int, bool, error) {
	cond, args := searchConds(clubID, f, terms)

	// Count up to the cap, and fetch the page the cheaper way for the result's size.
	var total int
	var pageFrom string
	var pageArgs []any
	if len(terms) > 0 {
		d := terms[0]
		fc, fa := termField("d", d.Field)
		matches := `SELECT d.member_id FROM member_terms d JOIN members m ON m.id = d.member_id
			WHERE d.club_id = ? AND ` + fc + ` AND d.term >= ? AND d.term < ? AND ` + cond
		margs := append(append([]any{clubID}, fa...), d.Word, prefixEnd(d.Word))
		margs = append(margs, args...)
		// A member matches once per matching word ("María Mar"): count the rows
		// up to the cap without sorting, and the distinct members among them.
		var c struct {
			Rows    int `db:"n"`
			Members int `db:"d"`
		}
		if err := db.Get(ctx, q, &c, `SELECT COUNT(*) AS n, COUNT(DISTINCT member_id) AS d FROM (`+matches+` LIMIT ?) x`, append(margs, countCap+1)...); err != nil {
			return nil, 0, false, err
		}
		total = c.Members
		if c.Rows > countCap {
			total = countCap + 1
		}
		if total <= countCap {
			pageFrom, pageArgs = memberFrom+` WHERE m.id IN (`+matches+`)`, margs
		} else {
			// many matches: walk the members in number order and check each
			c, a := termProbe(d)
			pageFrom = memberFrom + ` WHERE ` + cond + ` AND ` + c
			pageArgs = append(slices.Clone(args), a...)
		}
	} else {
		if err := db.Get(ctx, q, &total, `SELECT COUNT(*) FROM (SELECT 1 FROM members m WHERE `+cond+` LIMIT ?) x`, append(slices.Clone(args), countCap+1)...); err != nil {
			return nil, 0, false, err
		}
		pageFrom, pageArgs = memberFrom+` WHERE `+cond, args
	}
	more := total > countCap
	total = min(total, countCap)
	query := `SELECT ` + memberCols + pageFrom + ` ORDER BY m.number`
	if limit > 0 {
		query += ` LIMIT ? OFFSET ?`
		pageArgs = append(pageArgs, limit, limit*max(page, 0))
	}
	var rows []row
	if err := db.Select(ctx, q, &rows, query, pageArgs...); err != nil {
		return nil, 0, false, err
	}
	return rows, total, more, nil
}
