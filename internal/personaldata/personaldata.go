// Package personaldata is the shape in which each domain hands over what it
// holds about one member for the member's data export (GDPR articles 15 and
// 20): the data as the JSON document carries it, and the same facts as
// fields, tables and texts for the printed copy. It imports nothing of
// Socius's domains, so every domain can fill a Section without an import
// cycle; internal/dataexport puts the sections together.
package personaldata

import "context"

// Source is what one package holds about a member of a club, as one or more
// sections. A member of another club is none of its business: a source only
// reads rows of clubID.
type Source func(ctx context.Context, clubID, memberID int64) ([]Section, error)

// Section is one part of the export.
type Section struct {
	// Key names Data in the JSON document; the printed heading is the label
	// "section.<Key>".
	Key string
	// Data is what the JSON document carries under Key: a record or a list
	// (an empty list, never null, when there is nothing).
	Data any
	// The printed copy: label and value pairs, tables, then texts.
	Fields []Field
	Tables []Table
	Texts  []Text
}

// Field is a printed "label: value" line.
type Field struct {
	Label string // a label of the export's dictionary
	Value any
}

// Table is a printed table; a table without rows prints that nothing is kept.
type Table struct {
	Title   string // a label of the dictionary shown above the table, or ""
	Columns []Column
	Rows    [][]any
}

// Column is a table's column: its label, its share of the width and whether
// it holds figures (right-aligned).
type Column struct {
	Label  string
	Width  float64
	Number bool
}

// Text is a message printed whole (a table cell would cut it): a line of
// values about it, then its body.
type Text struct {
	About []any
	Body  string
}

// The values a printed copy formats in the reader's language and the club's
// time zone, besides text, integers, flags, amount.Cents (euros) and
// amount.Milli (grams).
type (
	// Time is a moment in unix seconds, printed as date and time (0: none).
	Time int64
	// Date is a day in unix seconds, printed as a date (0: none).
	Date int64
	// Day is a calendar day of the club written YYYY-MM-DD.
	Day string
	// Term is a word of the dictionary: a status, a method, an operation.
	Term string
)
