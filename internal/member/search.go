package member

import (
	"context"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/textnorm"
)

// Filter narrows a search; empty fields do not filter.
type Filter struct {
	Number  int64
	Nombre  string
	Surname string
	// Name is a person as one types them at the counter ("Lucía Martínez",
	// "martinez lucia"): every word starts a word of the name or of the surnames.
	Name     string
	DNI      string
	Keychain string
	Email    string
	Telefono string
	Status   *int  // 1 active, 0 inactive, nil all
	IsStaff  *bool // nil all
	UID      int64
	NID      int64
}

// term fields of member_terms.
const (
	fieldName    = "n"
	fieldSurname = "s"
	fieldDNI     = "d"
	fieldEmail   = "e"
	fieldPhone   = "t"
	// fieldPerson is not stored: a word of Filter.Name, found under fieldName or fieldSurname.
	fieldPerson = "ns"
)

// termField is the condition on a term's field (alias a) and its arguments.
func termField(a, field string) (string, []any) {
	if field == fieldPerson {
		return a + `.field IN (?, ?)`, []any{fieldName, fieldSurname}
	}
	return a + `.field = ?`, []any{field}
}

func words(s string) []string {
	f := textnorm.Fold(s)
	return strings.FieldsFunc(f, func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '.' || r == '@' })
}

// prefixEnd is the smallest string greater than every string starting with p.
func prefixEnd(p string) string { return p + "\U0010FFFF" }

// CountCap is where counting stops: past it a search reports "more than
// CountCap" instead of an exact total, so that a one-letter fragment over a
// club of 100,000 members still answers at once.
const CountCap = 1000

// Search returns one page (0-based) of the club's members matching f, the
// total (exact up to s.countCap) and whether there are more than s.countCap.
func (s *Service) Search(ctx context.Context, clubID int64, f Filter, limit, page int) ([]Member, int, bool, error) {
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
		where, args = append(where, "m.is_staff = ?"), append(args, boolInt(*f.IsStaff))
	}
	if f.UID > 0 {
		where, args = append(where, "m.user_id = ?"), append(args, f.UID)
	}
	if f.NID > 0 {
		where, args = append(where, "m.id = ?"), append(args, f.NID)
	}
	// Every word of a text filter must start a word of that field.
	var terms []Term
	for _, p := range [][2]string{{fieldName, f.Nombre}, {fieldSurname, f.Surname}, {fieldPerson, f.Name}, {fieldDNI, f.DNI},
		{fieldEmail, f.Email}, {fieldPhone, f.Telefono}} {
		for _, w := range fieldWords(p[0], p[1]) {
			terms = append(terms, Term{p[0], w})
		}
	}
	// The longest word drives the search; the others are checked per member.
	slices.SortStableFunc(terms, func(a, b Term) int { return len(b.Word) - len(a.Word) })
	probe := func(t Term) (string, []any) {
		fc, fa := termField("t", t.Field)
		return `EXISTS (SELECT 1 FROM member_terms t WHERE t.member_id = m.id AND ` + fc + ` AND t.term >= ? AND t.term < ?)`,
			append(fa, t.Word, prefixEnd(t.Word))
	}
	for _, t := range terms[min(1, len(terms)):] {
		c, a := probe(t)
		where, args = append(where, c), append(args, a...)
	}
	cond := strings.Join(where, " AND ")

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
		if err := s.db.Get(ctx, &c, `SELECT COUNT(*) AS n, COUNT(DISTINCT member_id) AS d FROM (`+matches+` LIMIT ?) x`, append(margs, s.countCap+1)...); err != nil {
			return nil, 0, false, err
		}
		total = c.Members
		if c.Rows > s.countCap {
			total = s.countCap + 1
		}
		if total <= s.countCap {
			pageFrom, pageArgs = memberFrom+` WHERE m.id IN (`+matches+`)`, margs
		} else {
			// many matches: walk the members in number order and check each
			c, a := probe(d)
			pageFrom = memberFrom + ` WHERE ` + cond + ` AND ` + c
			pageArgs = append(slices.Clone(args), a...)
		}
	} else {
		if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM (SELECT 1 FROM members m WHERE `+cond+` LIMIT ?) x`, append(slices.Clone(args), s.countCap+1)...); err != nil {
			return nil, 0, false, err
		}
		pageFrom, pageArgs = memberFrom+` WHERE `+cond, args
	}
	more := total > s.countCap
	total = min(total, s.countCap)
	q := `SELECT ` + memberCols + pageFrom + ` ORDER BY m.number`
	if limit > 0 {
		q += ` LIMIT ? OFFSET ?`
		pageArgs = append(pageArgs, limit, limit*max(page, 0))
	}
	var rows []row
	if err := s.db.Select(ctx, &rows, q, pageArgs...); err != nil {
		return nil, 0, false, err
	}
	out, err := s.expand(ctx, s.db.R, rows)
	return out, total, more, err
}

// Term is one search word of a member.
type Term struct{ Field, Word string }

// digits keeps only the digits of a phone number, so "611 22 33 44" and
// "611223344" are the same word.
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// fieldWords splits a field's text into its search words.
func fieldWords(field, text string) []string {
	if field == fieldPhone {
		if d := digits(text); d != "" {
			return []string{d}
		}
		return nil
	}
	return words(text)
}

// Terms returns the search words of a member's fields, once each.
func Terms(nombre, surname, surname2, dni, email, phone string) []Term {
	var out []Term
	seen := map[Term]bool{}
	for _, p := range [][2]string{{fieldName, nombre}, {fieldSurname, surname + " " + surname2}, {fieldDNI, dni},
		{fieldEmail, email}, {fieldPhone, phone}} {
		for _, w := range fieldWords(p[0], p[1]) {
			t := Term{p[0], w}
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// indexTerms rewrites the search words of a member (inside tx).
func indexTerms(ctx context.Context, tx *sqlx.Tx, clubID, id int64, nombre, surname, surname2, dni, email, phone string) error {
	if err := deleteTerms(ctx, tx, id); err != nil {
		return err
	}
	for _, t := range Terms(nombre, surname, surname2, dni, email, phone) {
		if err := insertTerm(ctx, tx, clubID, t, id); err != nil {
			return err
		}
	}
	return nil
}
