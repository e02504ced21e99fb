// Package textnorm folds text for searching: lower case, accents stripped, so
// a search for "jose" finds "José"; and tells text that says something from
// text that only looks filled (HasWords).
package textnorm

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold returns s lower-cased with diacritics removed and spaces collapsed.
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}

// HasWords reports whether s holds at least one Unicode letter or digit: a
// written reason is more than spaces, zero-width spaces, punctuation or
// symbols.
func HasWords(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
