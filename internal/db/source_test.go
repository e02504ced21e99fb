package db_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Packages whose SQL is not a domain's: the database layer itself (migrations,
// the erase that empties every table) and the test kit.
var exempt = map[string]bool{"db": true, "testkit": true}

// sqlRe is a statement in a string: SELECT … FROM, INSERT INTO, UPDATE x SET, DELETE FROM.
var sqlRe = regexp.MustCompile(`(?s)\bSELECT\b.+\bFROM\b|\b(?:INSERT\s+INTO|DELETE\s+FROM)\b|\bUPDATE\s+[a-z_]+\s+SET\b`)

// source is a non-test Go file of internal/, parsed, outside the exempt packages.
type source struct {
	path, pkg, name string
	file            *ast.File
}

// where names the file as the guards report it: package/file.go.
func (s source) where() string { return s.pkg + "/" + s.name }

// sources reads the Go source the guards check.
func sources(t *testing.T, fset *token.FileSet) []source {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []source
	for _, path := range paths {
		pkg := filepath.Base(filepath.Dir(path))
		if strings.HasSuffix(path, "_test.go") || exempt[pkg] {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, source{path: path, pkg: pkg, name: filepath.Base(path), file: f})
	}
	return out
}

// eachString calls fn with every string literal of the file, unquoted.
func (s source) eachString(fn func(lit *ast.BasicLit, text string)) {
	ast.Inspect(s.file, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if text, err := strconv.Unquote(lit.Value); err == nil {
			fn(lit, text)
		}
		return true
	})
}
