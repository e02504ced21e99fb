package pdfdoc

import (
	"bytes"
	"strings"
	"testing"
)

// A slip per page, on either size, with a label too long for its column.
func TestSlips(t *testing.T) {
	for _, size := range []string{SlipRoll, SlipA6} {
		b, err := Slips("Hoja informativa", size, []Slip{
			{Title: "Hoja informativa", Fields: [][2]string{{"Variedad", "Critical"}, {"Consumir preferentemente antes de", "26/11/2027"}, {"Cosecha", "—"}},
				Text: strings.Repeat("Übermäßiger Konsum schadet — 12,50 € ", 20)},
			{Title: "Informationszettel", Fields: [][2]string{{"Sorte", "Gelato"}}},
		})
		if err != nil || !bytes.HasPrefix(b, []byte("%PDF")) || bytes.Count(b, []byte("/Type /Page\n")) != 2 {
			t.Fatalf("%s: %d bytes, %d pages, %v", size, len(b), bytes.Count(b, []byte("/Type /Page\n")), err)
		}
	}
}
