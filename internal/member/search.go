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

func words(s string) []string {
	f := textnorm.Fold(s)
	return strings.FieldsFunc(f, func(r rune) bool { return r == ' ' || r == '-' || r == ',' || r == '.' || r == '@' })
}

// CountCap is where counting stops: past it a search reports "more than
// CountCap" instead of an exact total, so that a one-letter fragment over a
// club of 100,000 members still answers at once.
const CountCap = 1000

// Search returns one page (0-based) of the club's members matching f, the
// total (exact up to s.countCap) and whether there are more than s.countCap.
func (s *Service) Search(ctx context.Context, clubID int64, f Filter, limit, page int) ([]Member, int, bool, error) {
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
	rows, total, more, err := searchMembers(ctx, s.db.R, clubID, f, terms, s.countCap, limit, page)
	if err != nil {
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
