package db_test

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// owners names the one package that writes each table. A package that needs
// another's table changes it through the owner's functions, inside the same
// transaction (docs/architecture.md). A new table gets its line here.
var owners = map[string]string{
	"access_events":             "member",
	"account_links":             "member",
	"cash_closes":               "cash",
	"cash_movements":            "cash",
	"batch_dispensations":       "cultivation",
	"batch_events":              "cultivation",
	"batch_stock":               "cultivation",
	"batches":                   "cultivation",
	"grow_intakes":              "cultivation",
	"strains":                   "cultivation",
	"dispensations":             "register",
	"club_categories":           "club",
	"club_events":               "notify",
	"club_flags":                "club",
	"club_rules":                "rules",
	"clubs":                     "club",
	"consultation_comments":     "social",
	"consultations":             "social",
	"coupon_categories":         "coupon",
	"coupon_products":           "coupon",
	"coupon_uses":               "coupon",
	"coupons":                   "coupon",
	"fee_types":                 "pos",
	"files":                     "files",
	"inventory_items":           "inventory",
	"inventory_movement_images": "inventory",
	"inventory_movements":       "inventory",
	"login_failures":            "auth",
	"member_data_exports":       "dataexport",
	"member_declarations":       "member",
	"member_documents":          "member",
	"member_endorsements":       "member",
	"member_roles":              "member",
	"member_terms":              "member",
	"members":                   "member",
	"messages":                  "comms",
	"news":                      "social",
	"news_images":               "social",
	"novelties":                 "novelty",
	"provider_audit":            "provider",
	"order_coupons":             "pos",
	"order_lines":               "pos",
	"order_refund_lines":        "pos",
	"order_refunds":             "pos",
	"orders":                    "pos",
	"password_resets":           "auth",
	"product_images":            "catalog",
	"product_terms":             "catalog",
	"products":                  "catalog",
	"push_subscriptions":        "comms",
	"retention_runs":            "retention",
	"sessions":                  "auth",
	"social_event_attendees":    "social",
	"social_event_images":       "social",
	"social_events":             "social",
	"stock_movements":           "catalog",
	"tv_settings":               "social",
	"users":                     "auth",
	"wallet_movements":          "pos",
}

// pending is what the guard still finds out of place, as "package writes
// table" and "httpapi/<file> runs SQL". It is empty: every table has its one
// writer and the HTTP layer holds no SQL. A line the guard no longer finds
// fails the test too, so the list never hides a breach.
var pending = []string{}

var writeRe = regexp.MustCompile(`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)`)

// TestEveryTableHasOneOwner reads the Go source of internal/ and fails on a
// write to a table outside its owning package, on any SQL in the HTTP layer,
// and on a table written nowhere in owners.
func TestEveryTableHasOneOwner(t *testing.T) {
	found := map[string]bool{}
	fset := token.NewFileSet()
	for _, src := range sources(t, fset) {
		where := src.where()
		if src.pkg == "httpapi" {
			for _, imp := range src.file.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if p == "socius/internal/db" || p == "github.com/jmoiron/sqlx" || p == "database/sql" {
					found[where+" imports "+p] = true
				}
			}
		}
		src.eachString(func(lit *ast.BasicLit, s string) {
			if src.pkg == "httpapi" && sqlRe.MatchString(s) {
				found[where+" runs SQL"] = true
			}
			for _, m := range writeRe.FindAllStringSubmatch(s, -1) {
				table := m[1]
				if table == "set" || table == "SET" {
					continue // ON CONFLICT … DO UPDATE SET
				}
				owner, known := owners[table]
				switch {
				case !known:
					t.Errorf("%s (%s) writes %s, a table with no owner: add it to owners", where, fset.Position(lit.Pos()), table)
				case owner != src.pkg:
					found[src.pkg+" writes "+table] = true
				}
			}
		})
	}
	want := map[string]bool{}
	for _, p := range pending {
		want[p] = true
	}
	var breaches, gone []string
	for k := range found {
		if !want[k] {
			breaches = append(breaches, k)
		}
	}
	for k := range want {
		if !found[k] {
			gone = append(gone, k)
		}
	}
	sort.Strings(breaches)
	sort.Strings(gone)
	for _, b := range breaches {
		t.Errorf("%s: a table is written by its owner only, and the HTTP layer runs no SQL (owners in this file)", b)
	}
	for _, g := range gone {
		t.Errorf("%q is no longer found: take it off pending", g)
	}
}

// TestOwnersNameRealPackagesAndTables keeps the table above true: every owner
// is a package of internal/ and every table is created by a migration.
func TestOwnersNameRealPackagesAndTables(t *testing.T) {
	all, _ := filepath.Glob(filepath.Join("migrations", "*.sql"))
	own, _ := filepath.Glob(filepath.Join("migrations", "*", "*.sql"))
	all = append(all, own...)
	var text strings.Builder
	for _, p := range all {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		text.Write(b)
	}
	for table, pkg := range owners {
		if _, err := os.Stat(filepath.Join("..", pkg)); err != nil {
			t.Errorf("%s's owner %s is not a package of internal/", table, pkg)
		}
		if !regexp.MustCompile(`(?i)CREATE TABLE (IF NOT EXISTS )?` + table + `\b`).MatchString(text.String()) {
			t.Errorf("%s: no migration creates it", table)
		}
	}
}
