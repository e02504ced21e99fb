package httpapi

import "testing"

// Each answer the business metrics count is an answer of a route that
// exists: a renamed route would otherwise stop being counted in silence.
func TestCountedAnswersAreRoutes(t *testing.T) {
	s := New(Config{}, Services{})
	have := map[string]bool{}
	for _, r := range s.Routes() {
		have[r.Method+" "+r.Path] = true
	}
	for a := range counted {
		if !have[a.pattern] {
			t.Errorf("counted %q is no route", a.pattern)
		}
	}
}
