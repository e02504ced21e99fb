package club

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"socius/internal/problem"
	"socius/internal/social"
)

// The club page's design (html_design) is the page designer's project: JSON
// of components (a tag, attributes, children, or an HTML string), CSS rules
// and assets. The designer loads it into its canvas, a frame of the app's own
// origin, so it is made inert before it is stored, whatever sent it: nothing
// in it may run there, whether or not the Content-Security-Policy would stop
// it. The tree is walked whatever its shape (a later designer version may nest
// things elsewhere); only what can run goes, the design stays.

var errDesign = problem.Invalidf("club.design_invalid", "html_design", "El diseño de la página no es válido")

// designPolicy sanitises the HTML strings of a design: the policy of news and
// events, plus what a page's design needs besides (classes its CSS rules
// name, phone links, pictures dropped into the designer, kept in the page).
var designPolicy = func() *bluemonday.Policy {
	p := social.Policy()
	p.AllowURLSchemes("tel")
	p.AllowStyling()
	p.AllowDataURIImages()
	return p
}()

// runnableTags are elements that run code or load a document of their own
// (a frame's srcdoc, an object's data): a design has no use for them.
var runnableTags = map[string]bool{"script": true, "iframe": true, "frame": true, "frameset": true, "object": true,
	"embed": true, "applet": true, "portal": true, "base": true, "meta": true, "link": true}

// runnableTypes are the designer's component types that render one of those.
var runnableTypes = map[string]bool{"script": true, "iframe": true}

// runnableKeys are properties that carry code: a component's script (the
// designer runs it in the canvas) and a frame's inline document.
var runnableKeys = map[string]bool{"script": true, "script-props": true, "script-export": true, "srcdoc": true}

// CleanDesign returns the design without scripts, event handler attributes
// and script URLs, however deep; blank stays blank. What is not JSON is refused.
func CleanDesign(design string) (string, error) {
	if strings.TrimSpace(design) == "" {
		return "", nil
	}
	dec := json.NewDecoder(strings.NewReader(design))
	dec.UseNumber() // numbers stay as written
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", errDesign
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", errDesign
	}
	v, _ = cleanValue(v)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// cleanValue returns v made inert, and false when v must go altogether.
func cleanValue(v any) (any, bool) {
	switch x := v.(type) {
	case string:
		return x, !scriptURL(x)
	case []any:
		out := x[:0]
		for _, e := range x {
			if e, ok := cleanValue(e); ok {
				out = append(out, e)
			}
		}
		return out, true
	case map[string]any:
		return cleanObject(x)
	}
	return v, true
}

func cleanObject(m map[string]any) (any, bool) {
	tag, _ := m["tagName"].(string)
	typ, _ := m["type"].(string)
	tag, typ = strings.ToLower(strings.TrimSpace(tag)), strings.ToLower(strings.TrimSpace(typ))
	if runnableTags[tag] || runnableTypes[typ] {
		return nil, false
	}
	// A text node's or comment's content is shown as text, never parsed.
	text := typ == "textnode" || typ == "comment"
	for k, val := range m {
		lk := strings.ToLower(k)
		if strings.HasPrefix(lk, "on") || runnableKeys[lk] {
			delete(m, k)
			continue
		}
		if s, ok := val.(string); ok {
			switch {
			case lk == "content" && text:
				continue
			case lk == "content" || lk == "components" || lk == "component":
				// HTML the designer parses into components, or sets as an element's inner HTML
				m[k] = strings.TrimSpace(designPolicy.Sanitize(s))
				continue
			}
		}
		if nv, ok := cleanValue(val); ok {
			m[k] = nv
		} else {
			delete(m, k)
		}
	}
	return m, true
}

// scriptURL reports whether s is, or holds as a CSS url(), an address that
// runs code or opens a document: javascript:, vbscript:, and data: other
// than a picture. Browsers ignore case, spaces and control characters there.
func scriptURL(s string) bool {
	n := strings.Map(func(r rune) rune {
		if r <= ' ' {
			return -1
		}
		return r
	}, strings.ToLower(s))
	if strings.Contains(n, "javascript:") || strings.Contains(n, "vbscript:") || strings.Contains(n, "livescript:") {
		return true
	}
	for u := n; ; {
		if u = strings.TrimLeft(u, `'"`); strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "data:image/") {
			return true
		}
		i := strings.Index(u, "url(")
		if i < 0 {
			return false
		}
		u = u[i+len("url("):]
	}
}
