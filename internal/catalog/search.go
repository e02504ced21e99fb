package catalog

import (
	"context"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/textnorm"
)

// The product search words (product_terms).

// searchText is what the product search matches: title, code and subtitle, folded.
func searchText(in Input) string {
	return textnorm.Fold(in.Title + " " + in.Code + " " + in.Subtitle)
}

// searchTerms are the rows a product's search text gives the search index:
// every ending of every word ("haze", "aze", "ze", "e"), so a typed fragment
// found anywhere in a word of the title, code or subtitle is the start of one
// of them and is looked up as a prefix range of the index ("aze" finds
// Amnesia Haze, "0000017" the product coded 8400000000017).
func searchTerms(search string) []string {
	var terms []string
	for _, w := range strings.Fields(search) {
		for i := range w { // each rune's start
			terms = append(terms, w[i:])
		}
	}
	slices.Sort(terms)
	return slices.Compact(terms)
}

// indexTerms rewrites the search terms of a product (inside its save).
func indexTerms(ctx context.Context, q db.Q, clubID, pid int64, search string) error {
	if err := deleteTerms(ctx, q, pid); err != nil {
		return err
	}
	terms := searchTerms(search)
	const batch = 300
	for start := 0; start < len(terms); start += batch {
		if err := insertTerms(ctx, q, clubID, pid, terms[start:min(len(terms), start+batch)]); err != nil {
			return err
		}
	}
	return nil
}

// IndexMissingTerms writes the search terms of products whose terms are not
// those of their search text: saved before the search index existed or before
// it held every word's endings, or loaded straight into the table.
func IndexMissingTerms(ctx context.Context, d *db.DB) error {
	all, err := termCounts(ctx, d.W)
	if err != nil {
		return err
	}
	rows := all[:0]
	for _, r := range all {
		if r.Terms != len(searchTerms(r.Search)) {
			rows = append(rows, r)
		}
	}
	for start := 0; start < len(rows); start += 500 {
		err := d.Tx(ctx, func(tx *sqlx.Tx) error {
			for _, r := range rows[start:min(len(rows), start+500)] {
				if err := indexTerms(ctx, tx, r.ClubID, r.ID, r.Search); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
