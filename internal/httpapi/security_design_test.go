package httpapi_test

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/testkit"
)

// The page designer's project (html_design) was stored as sent and loaded
// into the designer's canvas, a frame of the app's own origin: a design
// carrying a script, an inline handler or a javascript: link was held back
// only by the Content-Security-Policy. The server now strips them from the
// project on save, however deep, and keeps the design itself.
func TestSecurityDesignIsInert(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		club := k.Club("Diseño", access.Flags...)
		k.User("disenadora", club, access.Administrador)
		c := mustLogin(t, k, "disenadora", testkit.Password)

		deep := map[string]any{"tagName": "div", "components": []any{map[string]any{"tagName": "div", "components": []any{
			map[string]any{"type": "image", "attributes": map[string]any{"src": "/api/public_image/x", "alt": "Logo del club", "onerror": "alert(1)", "OnLoad": "alert(2)"}},
			map[string]any{"type": "link", "attributes": map[string]any{"href": " JaVa\tScRiPt:alert(3)", "title": "Malo"}, "components": []any{
				map[string]any{"type": "textnode", "content": "Enlace malo"}}},
			map[string]any{"type": "link", "attributes": map[string]any{"href": "https://www.instagram.com/club", "target": "_blank"}, "components": []any{
				map[string]any{"type": "textnode", "content": "Instagram"}}},
			map[string]any{"type": "link", "attributes": map[string]any{"href": "mailto:hola@club.example"}, "content": "Escríbenos"},
			map[string]any{"type": "link", "attributes": map[string]any{"href": "tel:+34600000000"}, "content": "Llámanos"},
			map[string]any{"tagName": "script", "content": "alert(4)"},
			map[string]any{"type": "script", "attributes": map[string]any{"src": "https://evil.example/x.js"}},
			map[string]any{"tagName": "SCRIPT", "components": []any{map[string]any{"type": "textnode", "content": "alert(5)"}}},
			map[string]any{"type": "text", "content": `<b>Horario</b> de 10 a 20<img src=x onerror="alert(6)"><script>alert(7)</script><a href="javascript:alert(8)">x</a>`},
			map[string]any{"tagName": "div", "script": "alert(9)", "script-props": []any{"a"}, "attributes": map[string]any{"class": "hero"},
				"components": `<p class="lead" onclick="alert(10)">Bienvenida</p><script>alert(11)</script>`},
			map[string]any{"tagName": "iframe", "attributes": map[string]any{"srcdoc": "<script>alert(12)</script>"}},
			map[string]any{"tagName": "object", "attributes": map[string]any{"data": "data:text/html,<script>alert(13)</script>"}},
			map[string]any{"tagName": "a", "attributes": map[string]any{"href": "vbscript:msgbox(14)"}, "content": "vb"},
			map[string]any{"tagName": "a", "attributes": map[string]any{"href": "data:text/html;base64,PHNjcmlwdD5hbGVydCgxNSk8L3NjcmlwdD4="}, "content": "datos"},
			map[string]any{"tagName": "img", "attributes": map[string]any{"src": "data:image/jpeg;base64,/9j/4AAQSkZJRg==", "alt": "Foto"}},
			map[string]any{"tagName": "svg", "components": []any{map[string]any{"tagName": "a", "attributes": map[string]any{"xlink:href": "javascript:alert(16)"}}}},
		}}}}
		for range 30 { // nested deep
			deep = map[string]any{"tagName": "section", "components": []any{deep}}
		}
		project := map[string]any{
			"assets": []any{map[string]any{"type": "image", "src": "javascript:alert(17)"}, map[string]any{"type": "image", "src": "/api/public_image/logo"}},
			"styles": []any{map[string]any{"selectors": []any{"hero"}, "style": map[string]any{"color": "#5b2d7e", "background-image": "url( 'javascript:alert(18)' )"}}},
			"pages": []any{map[string]any{"id": "p1", "frames": []any{map[string]any{"component": map[string]any{"type": "wrapper", "components": []any{deep}}}}},
				map[string]any{"id": "p2", "component": `<h1 class="club-name">Club Diseño</h1><img src="x" onerror="alert(19)"><script>alert(20)</script>`}},
			"symbols":     []any{},
			"dataSources": []any{},
		}
		raw, _ := json.Marshal(project)
		res := c.Do("PUT", fmt.Sprintf("/api/association/%d", club), map[string]any{"html_design": string(raw), "full_html": "<p>x</p>"})
		expectOK(t, "save the design", res)
		read := c.Do("GET", fmt.Sprintf("/api/association/retrieve?association=%d", club), nil)
		expectOK(t, "read the club", read)
		saved, _ := read.JSON["html_design"].(string)
		var back any
		if err := json.Unmarshal([]byte(saved), &back); err != nil {
			t.Fatalf("the saved design is not JSON: %v %q", err, saved)
		}
		texts := strings.ToLower(strings.Join(designTexts(back), "\n"))

		var kept []string
		bads := []string{"<script", `"script"`, "alert(", "javascript:", "vbscript:", "data:text/html", "onerror", "onclick", "onload",
			"srcdoc", "iframe", "object", "evil.example"}
		for _, bad := range bads {
			if strings.Contains(texts, bad) {
				kept = append(kept, bad)
			}
		}
		if len(kept) > 0 {
			t.Fatalf("the saved design still holds %d of the %d dangerous kinds: %v\n%s", len(kept), len(bads), kept, texts)
		}
		for _, good := range []string{"logo del club", "/api/public_image/x", "enlace malo", "https://www.instagram.com/club", "_blank", "instagram",
			"mailto:hola@club.example", "escríbenos", "tel:+34600000000", "llámanos", "<b>horario</b> de 10 a 20", "hero", "lead", "bienvenida",
			"data:image/jpeg;base64,/9j/4aaqskzjrg==", "foto", "#5b2d7e", "/api/public_image/logo", "club-name", "club diseño", `"svg"`, `"section"`, `"wrapper"`} {
			if !strings.Contains(texts, good) {
				t.Errorf("the saved design lost %q", good)
			}
		}
	})
}

// designTexts lists every key and string of a decoded JSON value, keys as
// "key", tags as "tag" so a tag name can be told from words.
func designTexts(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, e := range x {
			out = append(out, designTexts(e)...)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for key := range x {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			out = append(out, `"`+key+`"`)
			if s, ok := x[key].(string); ok && (key == "tagName" || key == "type") {
				out = append(out, `"`+strings.ToLower(s)+`"`)
			}
			out = append(out, designTexts(x[key])...)
		}
	}
	return out
}
