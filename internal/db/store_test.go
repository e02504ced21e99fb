package db_test

import (
	"bufio"
	"go/ast"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"testing"
)

// pendingStores lists the packages that do not yet keep all their SQL in
// store.go, or still have a Go file over maxFileLines (docs/architecture.md:
// each domain has <domain>.go for its types and errors, service.go for its
// rules and transactions, store.go for all its SQL). It is empty: every
// package is converted. An entry the guard no longer finds fails the test
// too, so the list never hides a breach.
var pendingStores = []string{}

// maxFileLines is the most lines a non-test Go file of a converted package has.
const maxFileLines = 450

// storeFileRe names the files that may hold SQL: store.go, or store_*.go when
// one file would pass maxFileLines.
var storeFileRe = regexp.MustCompile(`^store(_[a-z0-9_]+)?\.go$`)

// TestSQLLivesInStore reads the Go source of internal/ and fails on a SQL
// string literal outside a package's store.go, and on a Go file over
// maxFileLines lines, in any package not in pendingStores.
func TestSQLLivesInStore(t *testing.T) {
	found := map[string][]string{}
	fset := token.NewFileSet()
	for _, src := range sources(t, fset) {
		if n, err := countLines(src.path); err != nil {
			t.Fatal(err)
		} else if n > maxFileLines {
			found[src.pkg] = append(found[src.pkg], src.where()+" has "+strconv.Itoa(n)+" lines")
		}
		if storeFileRe.MatchString(src.name) {
			continue
		}
		src.eachString(func(lit *ast.BasicLit, s string) {
			if sqlRe.MatchString(s) {
				found[src.pkg] = append(found[src.pkg], fset.Position(lit.Pos()).String()+" holds SQL")
			}
		})
	}
	want := map[string]bool{}
	for _, p := range pendingStores {
		if want[p] {
			t.Errorf("%q is twice in pendingStores", p)
		}
		want[p] = true
	}
	var pkgs []string
	for p := range found {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	for _, p := range pkgs {
		if want[p] {
			continue
		}
		for _, b := range found[p] {
			t.Errorf("%s: a package keeps its SQL in store.go (or store_*.go) and its files under %d lines", b, maxFileLines)
		}
	}
	var gone []string
	for p := range want {
		if found[p] == nil {
			gone = append(gone, p)
		}
	}
	sort.Strings(gone)
	for _, g := range gone {
		t.Errorf("%q keeps its SQL in its store and its files short: take it off pendingStores", g)
	}
}

func countLines(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1024*1024), 1024*1024)
	for sc.Scan() {
		n++
	}
	return n, sc.Err()
}
