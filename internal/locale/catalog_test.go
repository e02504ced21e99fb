package locale

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A text the server writes for a person is found where it is written:
//   - the message of problem.Invalidf / NotFoundf / Refuse and of the API's Fail,
//   - the Message of a problem.Invalid or APIError literal,
//   - the arguments of locale.T, Text, Format, Words and of a package's own tr,
//   - the messages of package amount's errors (they travel inside other messages).
//
// A message that is not a literal nor a constant of its package is reported,
// so that no text escapes the catalog by being built at run time.
type found struct {
	msgids   map[string][]string // text → where
	unsolved []string
}

var messageArg = map[string]int{
	"problem.Invalidf": 2, "problem.NotFoundf": 1, "problem.Refuse": 2, "Fail": 2,
	"locale.T": 1, "locale.Text": 1, "locale.Format": 1, "locale.P": 0, "P": 0, "T": 1, "Text": 1, "Format": 1, "tr": 1,
	// wrappers of problem.Invalidf
	"invalid": 2, "r.refusal": 3, "number": 2,
	// the sheet's name of an export
	"download": 3, "downloadTitled": 3,
}

func scan(t *testing.T, root string) found {
	t.Helper()
	f := found{msgids: map[string][]string{}}
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], file)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, files := range pkgs {
		consts := map[string]string{}
		for _, file := range files {
			ast.Inspect(file, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok {
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							if s, ok := literal(vs.Values[i], nil); ok {
								consts[name.Name] = s
							}
						}
					}
				}
				return true
			})
		}
		for _, file := range files {
			inLocale := file.Name.Name == "locale"
			ast.Inspect(file, func(n ast.Node) bool {
				add := func(e ast.Expr) {
					pos := fset.Position(e.Pos()).String()
					if s, ok := literal(e, consts); ok {
						if s != "%s" { // a message written elsewhere, passed on
							f.msgids[s] = append(f.msgids[s], pos)
						}
					} else {
						f.unsolved = append(f.unsolved, pos)
					}
				}
				switch n := n.(type) {
				case *ast.CallExpr:
					name := callee(n.Fun)
					if inLocale && (name == "T" || name == "Text" || name == "Format" || name == "P") {
						return true // the package's own plumbing
					}
					if name == "errors.New" && filepath.Base(dir) == "amount" && len(n.Args) == 1 {
						add(n.Args[0])
					}
					if name == "locale.Words" || name == "Words" && !inLocale {
						for _, a := range n.Args {
							add(a)
						}
					}
					if i, ok := messageArg[name]; ok && i < len(n.Args) {
						if (name == "T" || name == "Text" || name == "Format" || name == "P") && !strings.Contains(dir, "locale") {
							return true // another package's T is not ours
						}
						add(n.Args[i])
					}
				case *ast.CompositeLit:
					name := callee(n.Type)
					if name == "problem.Invalid" || name == "APIError" || name == "problem.NotFound" || name == "problem.Refused" {
						for _, el := range n.Elts {
							// a literal's message is collected; one copied from another error is not ours to check
							if kv, ok := el.(*ast.KeyValueExpr); ok && callee(kv.Key) == "Message" {
								if _, ok := literal(kv.Value, consts); ok {
									add(kv.Value)
								}
							}
						}
					}
				}
				return true
			})
		}
	}
	return f
}

func callee(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			return x.Name + "." + e.Sel.Name
		}
	}
	return ""
}

// literal is the text of a string literal, a constant of the package, or a
// sum of those.
func literal(e ast.Expr, consts map[string]string) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		}
	case *ast.Ident:
		s, ok := consts[e.Name]
		return s, ok
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			a, ok1 := literal(e.X, consts)
			b, ok2 := literal(e.Y, consts)
			return a + b, ok1 && ok2
		}
	case *ast.ParenExpr:
		return literal(e.X, consts)
	}
	return "", false
}

// verbs are a format's verbs, each with the argument it takes ("%[2]s" and the
// second plain verb are the same), so a translation may reorder but never
// drop, add or retype one.
func verbs(format string) []string {
	re := regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)
	var out []string
	next := 1
	for _, m := range re.FindAllStringSubmatch(format, -1) {
		if m[4] == "%" {
			continue
		}
		n := next
		if m[2] != "" {
			n, _ = strconv.Atoi(m[2])
		}
		next = n + 1
		out = append(out, strconv.Itoa(n)+m[4])
	}
	sort.Strings(out)
	return out
}

func TestEveryTextTheServerWritesIsTranslated(t *testing.T) {
	f := scan(t, "..")
	if len(f.msgids) < 150 {
		t.Fatalf("the scan found only %d texts: it no longer sees the calls that write them", len(f.msgids))
	}
	sort.Strings(f.unsolved)
	for _, pos := range f.unsolved {
		if !allowedDynamic(pos) {
			t.Errorf("%s: a message that is not a literal: write the Spanish as a literal or a constant so it can be translated", pos)
		}
	}
	for _, l := range All[1:] {
		for es, where := range f.msgids {
			tr, ok := catalog[l][es]
			if !ok || strings.TrimSpace(tr) == "" {
				t.Errorf("%s: no translation of %q (%s)", l, es, where[0])
				continue
			}
			if a, b := strings.Join(verbs(es), ","), strings.Join(verbs(tr), ","); a != b {
				t.Errorf("%s: %q has the verbs %s, its translation %q has %s", l, es, a, tr, b)
			}
		}
	}
}

func TestTheCatalogHoldsNoStaleTexts(t *testing.T) {
	f := scan(t, "..")
	for _, l := range All[1:] {
		for es := range catalog[l] {
			if _, ok := f.msgids[es]; !ok {
				t.Errorf("%s: %q is translated but no code writes it any more", l, es)
			}
		}
	}
}

// allowedDynamic are the places whose message is rightly not a literal: they
// pass on a message that was itself written (and translated) elsewhere.
func allowedDynamic(pos string) bool {
	for _, p := range dynamicMessages {
		if strings.Contains(filepath.ToSlash(pos), p) {
			return true
		}
	}
	return false
}

// Each is a wrapper whose message is its caller's literal (the callers are
// collected under the wrapper's name in messageArg) or a message copied on.
var dynamicMessages = []string{
	"member/member.go",   // invalid(code, field, msg, args...)
	"rules/admission.go", // (*Rules).refusal
	"httpapi/respond.go", // Fail itself, and huma's own messages passed on
	"httpapi/export.go",  // tr, passOn and download themselves
}
