package textnorm_test

import (
	"testing"

	"socius/internal/textnorm"
)

func TestHasWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", false},
		{"   \t\n", false},
		{"\u200b\u200b", false},              // zero-width spaces
		{"\u200b \u00a0\u3000\ufeff", false}, // zero-width, no-break and ideographic spaces, BOM
		{"...!?-_/*", false},
		{"€ $ © ™ 😀", false},          // symbols and an emoji
		{"\u0301\u0308", false},       // combining marks alone
		{"\u202e\u200d\u2060", false}, // direction and joiner controls
		{"Receta médica", true},
		{"  \u200b ok \u200b ", true},
		{"12", true},
		{"٣", true},  // an Arabic-Indic digit
		{"処方", true}, // letters of another script
		{"ñ", true},
		{"...a", true},
	} {
		if got := textnorm.HasWords(c.in); got != c.want {
			t.Errorf("HasWords(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
