package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/textnorm"
)

// The SQL of the product list: the WHERE clause a Filter builds, with the
// planned walk of the display-order index, and the statements that count
// and read a page.

const productColumns = `p.id, p.kind, p.title, p.subtitle, p.body, p.price, p.cost, p.code, p.category_id,
	COALESCE(c.title, '') AS category_title, p.stock, p.type, p.dominance, p.thc, p.menu_export, p.status,
	p.discount, p.unlimited_stock, p.inventory_tracking, p.jar_weight, p.unit_weight, p.showintv,
	p.valoration, p.thc_percent, p.cbd_percent, p.created, p.changed, COALESCE(p.public_token, '') AS public_token`

var sorts = map[string]string{
	"list_name": "p.sort_key", "code": "p.code", "price": "p.price", "stock": "p.stock",
	"category": "c.title", "changed": "p.changed", "cost": "p.cost",
}

func (f *Filter) where(clubID int64, walk walkPlan) (string, []any) {
	kind := f.Kind
	if kind == "" {
		kind = KindPro
	}
	w := []string{"p.club_id = ?", "p.kind = ?", "p.deleted = 0"}
	args := []any{clubID, kind}
	if f.Status != nil {
		w, args = append(w, "p.status = ?"), append(args, db.Bool(*f.Status))
	}
	if f.Code != "" {
		w, args = append(w, "p.code = ?"), append(args, strings.TrimSpace(f.Code))
	}
	if f.PID != 0 {
		w, args = append(w, "p.id = ?"), append(args, f.PID)
	}
	if f.Category != 0 {
		w, args = append(w, "p.category_id = ?"), append(args, f.Category)
	}
	if f.Unlimited != nil {
		w, args = append(w, "p.unlimited_stock = ?"), append(args, db.Bool(*f.Unlimited))
	}
	if f.InStock {
		w = append(w, "(p.stock > 0 OR p.unlimited_stock = 1)")
	}
	// each typed word is found in a word of the title, code or subtitle (the start of
	// one of its endings, see searchTerms)
	match := "p.id IN (SELECT t.product_id FROM product_terms t WHERE t.club_id = ? AND t.term >= ? AND t.term < ?)"
	switch {
	case walk == walkPostgres:
		// under an OR the planner keeps the words as a hashed subplan: the display-order
		// index is walked and each product probed in that hash, instead of one index
		// lookup per product (a tenth of the time at 20,000 products)
		match = "(" + match + " OR false)"
	case walk == walkSQLite:
		match = "+" + match // an expression, so the planner cannot drive the query from the words
	}
	for _, word := range strings.Fields(textnorm.Fold(f.Search)) {
		w = append(w, match)
		args = append(args, clubID, word, word+"\U0010FFFF")
	}
	return strings.Join(w, " AND "), args
}

// How a search with many matches reads the list: from the words (no walk), or
// by walking the display-order index and keeping the matching products, the
// way each engine's planner does best.
type walkPlan int

const (
	noWalk walkPlan = iota
	walkSQLite
	walkPostgres
)

func (f *Filter) order() string {
	col, ok := sorts[f.Sort]
	if !ok {
		col = "p.sort_key"
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	return fmt.Sprintf("%s %s, p.id %s", col, dir, dir)
}

// countMatches counts the products matching where, stopping past limit when
// limit > 0.
func countMatches(ctx context.Context, q db.Q, where string, args []any, limit int) (int, error) {
	var n int
	query := `SELECT COUNT(*) FROM products p WHERE ` + where
	if limit > 0 {
		query = fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT 1 FROM products p WHERE %s LIMIT %d) capped`, where, limit+1)
	}
	err := db.Get(ctx, q, &n, query, args...)
	return n, err
}

// pageIDs reads the ids of a page of the products matching where, in the
// filter's order; limit <= 0 reads them all.
func pageIDs(ctx context.Context, q db.Q, f *Filter, where string, args []any, limit, offset int) ([]int64, error) {
	from := ` FROM products p`
	if f.Sort == "category" {
		from += ` LEFT JOIN club_categories c ON c.id = p.category_id`
	}
	query := `SELECT p.id` + from + ` WHERE ` + where + ` ORDER BY ` + f.order()
	if limit > 0 {
		query += fmt.Sprintf(" LIMIT %d OFFSET %d", limit, offset)
	}
	var ids []int64
	err := db.Select(ctx, q, &ids, query, args...)
	return ids, err
}

// productsByIDs reads the rows of the products, in no order; full rows carry
// the body, list rows an empty one.
func productsByIDs(ctx context.Context, q db.Q, ids []int64, full bool) ([]Product, error) {
	cols := productColumns
	if !full {
		cols = strings.Replace(cols, "p.body,", "'' AS body,", 1)
	}
	query, args, err := sqlx.In(`SELECT `+cols+` FROM products p LEFT JOIN club_categories c ON c.id = p.category_id WHERE p.id IN (?)`, ids)
	if err != nil {
		return nil, err
	}
	var rows []Product
	err = db.Select(ctx, q, &rows, query, args...)
	return rows, err
}

// productByID reads a live product of the club: one row, or none.
func productByID(ctx context.Context, q db.Q, clubID, pid int64) ([]Product, error) {
	var p []Product
	err := db.Select(ctx, q, &p, `SELECT `+productColumns+` FROM products p LEFT JOIN club_categories c ON c.id = p.category_id
		WHERE p.id = ? AND p.club_id = ? AND p.deleted = 0`, pid, clubID)
	return p, err
}

// imageRow is one image of a product.
type imageRow struct {
	PID   int64  `db:"product_id"`
	File  string `db:"file_id"`
	Thumb string `db:"thumb_id"`
}

// productImages reads the images of the products, by product and position:
// all of them, or only each one's first.
func productImages(ctx context.Context, q db.Q, ids []int64, all bool) ([]imageRow, error) {
	first := " AND position = 0"
	if all {
		first = ""
	}
	query, args, err := sqlx.In(`SELECT product_id, file_id, thumb_id FROM product_images WHERE product_id IN (?)`+first+` ORDER BY product_id, position`, ids)
	if err != nil {
		return nil, err
	}
	var rows []imageRow
	err = db.Select(ctx, q, &rows, query, args...)
	return rows, err
}
