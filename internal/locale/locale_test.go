package locale

import (
	"context"
	"testing"
)

func TestParse(t *testing.T) {
	for header, want := range map[string]Lang{"": ES, "de-DE,de;q=0.9,en;q=0.8": DE, "de-AT": DE, "en-GB": EN, "ca-ES": CAT, "cat": CAT,
		"nl,pt-PT;q=0.8": PT, "FR_fr": FR, "it": IT, "es-ES": ES, "xx, yy": ES, "zz-ZZ,de": DE} {
		if got := Parse(header); got != want {
			t.Errorf("Parse(%q) = %q, want %q", header, got, want)
		}
	}
}

func TestTextAndFormat(t *testing.T) {
	catalog[DE]["prueba %s de %d"] = "Test %[2]d von %[1]s"
	defer delete(catalog[DE], "prueba %s de %d")
	if Text(DE, "ley: %s") != "Gesetz: %s" {
		t.Fatalf("the German of a law's reference: %q", Text(DE, "ley: %s"))
	}
	if got := Format(DE, "prueba %s de %d", "x", 3); got != "Test 3 von x" {
		t.Errorf("a reordered translation: %q", got)
	}
	if got := Format(ES, "prueba %s de %d", "x", 3); got != "prueba x de 3" {
		t.Errorf("Spanish is the source: %q", got)
	}
	// a phrase inside a message is written in the message's language
	if got := Format(DE, "prueba %s de %d", P("ley: %s", "KCanG § 16"), 1); got != "Test 1 von Gesetz: KCanG § 16" {
		t.Errorf("a phrase: %q", got)
	}
	if got := P("ley: %s", "KCanG § 16").String(); got != "ley: KCanG § 16" {
		t.Errorf("a phrase prints in Spanish: %q", got)
	}
	if got := Text(FR, "un texto que nadie tradujo"); got != "un texto que nadie tradujo" {
		t.Errorf("no translation falls back to Spanish: %q", got)
	}
	if got := T(With(context.Background(), DE), "Sí"); got != Text(DE, "Sí") || got == "Sí" {
		t.Errorf("T in German: %q", got)
	}
	if From(context.Background()) != ES {
		t.Error("a context with no language is Spanish")
	}
	if DateLayout(DE) != "02.01.2006" || DateLayout(ES) != "02/01/2006" {
		t.Error("date layouts")
	}
}

func TestVerbs(t *testing.T) {
	if a, b := verbs("%s de %d, %s"), verbs("%[3]s %[1]s %[2]d"); len(a) != 3 || a[0] != b[0] || a[1] != b[1] || a[2] != b[2] {
		t.Errorf("%v vs %v", a, b)
	}
	if a, b := verbs("%s de %d"), verbs("%d de %s"); a[0] == b[0] && a[1] == b[1] {
		t.Errorf("swapped verbs without indexes must differ: %v %v", a, b)
	}
}
