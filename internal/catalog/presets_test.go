package catalog

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestPresetsAreWellFormed(t *testing.T) {
	list, err := Presets()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 30 {
		t.Fatalf("%d varieties", len(list))
	}
	slug := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, p := range list {
		if !slug.MatchString(p.Slug) || seen[p.Slug] {
			t.Fatalf("slug %q invalid or repeated", p.Slug)
		}
		seen[p.Slug] = true
		if p.Title == "" || len(p.Body) < 100 || !slices.Contains(Dominances, p.Dominance) {
			t.Fatalf("variety %s: %+v", p.Slug, p)
		}
		svg, ok := PresetImage(p.Slug)
		if !ok || !strings.HasPrefix(string(svg), "<svg") || !strings.Contains(string(svg), "</svg>") {
			t.Fatalf("picture of %s", p.Slug)
		}
	}
	if _, ok := PresetImage("nope"); ok {
		t.Fatal("picture of an unknown variety")
	}
}
