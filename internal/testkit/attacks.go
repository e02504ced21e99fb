package testkit

import (
	"strings"
	"sync"
	"testing"

	"socius/internal/problem"
)

// XSSPayloads are known script injections, each after ordinary formatting
// that must survive: what staff-written HTML is tested with.
var XSSPayloads = []string{
	`<script>alert(1)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<svg onload=alert(1)><circle r=1></svg>`,
	`<a href="javascript:alert(1)">pulsa</a>`,
	`<a href="JaVaScRiPt:alert(1)">pulsa</a>`,
	`<iframe src="https://example.test" srcdoc="<script>alert(1)</script>"></iframe>`,
	`<div style="background:url(javascript:alert(1))" onclick="alert(1)">x</div>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<form action="https://example.test"><input name=p autofocus onfocus=alert(1)></form>`,
	`<object data="data:text/html,<script>alert(1)</script>"></object>`,
	`<body onload=alert(1)>`,
	`"><script>alert(1)</script>`,
}

// xssFormatting is what staff legitimately write.
const xssFormatting = "<p>Hola <b>socios</b> <a href=\"https://club.example/\">web</a></p>"

// XSSBody is ordinary formatting followed by every payload.
func XSSBody() string { return xssFormatting + strings.Join(XSSPayloads, "") }

// CheckNoScript fails t when html keeps anything of XSSPayloads that could run.
func CheckNoScript(t testing.TB, where, html string) {
	t.Helper()
	low := strings.ToLower(html)
	for _, b := range []string{"<script", "onerror", "onload", "onclick", "onfocus", "javascript:", "<iframe", "srcdoc", "<object", "<form", "<svg", "style="} {
		if strings.Contains(low, b) {
			t.Fatalf("%s keeps %q: %s", where, b, html)
		}
	}
}

// CheckFormatting fails t when html lost the ordinary formatting of XSSBody.
func CheckFormatting(t testing.TB, where, html string) {
	t.Helper()
	if !strings.Contains(html, "<b>socios</b>") || !strings.Contains(html, `href="https://club.example/"`) {
		t.Fatalf("%s lost the ordinary formatting: %s", where, html)
	}
}

// Race runs call n times at once and counts the calls that succeeded; every
// other call must fail with the problem code loser.
func Race(t testing.TB, n int, loser string, call func() error) (wins int) {
	t.Helper()
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { errs <- call() })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		switch {
		case err == nil:
			wins++
		case problem.Code(err) != loser:
			t.Errorf("a losing call: want %s, got %v", loser, err)
		}
	}
	return wins
}
