package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
	"socius/internal/textnorm"
)

// Service is the catalogue of every club.
type Service struct {
	db        *db.DB
	walkAbove int
}

// New returns the catalogue service.
func New(d *db.DB) *Service { return &Service{db: d, walkAbove: walkAbove} }

// WithWalkAbove returns a copy of the service that walks the list's index
// from n matches (tests: both ways of reading a search give the same page).
func (s *Service) WithWalkAbove(n int) *Service {
	c := *s
	c.walkAbove = n
	return &c
}

// Filter selects products of a list.
type Filter struct {
	Kind     string
	Status   *bool
	Code     string
	PID      int64
	Search   string // words, each found inside a word of the title, code or subtitle
	Category int64
	// Unlimited, when set, keeps only products with (true) or without (false) unlimited stock.
	Unlimited *bool
	// InStock keeps only products that can be sold: stock above 0 or unlimited.
	InStock bool
	// Full rows carry the body and every image; list rows only the first image.
	Full  bool
	Sort  string // list_name (default), code, price, stock, category, changed
	Desc  bool
	Page  int
	Limit int // 0: DefaultLimit; -1: no limit (exports)
	// CountCap, when set, stops counting matches there: the list reports
	// "more than CountCap" instead of an exact total (the counter's grid).
	CountCap int
}

// CountCap is where the counter's product grid stops counting: ten pages of
// 24. Past it the grid says "more" and staff type a longer fragment; nobody
// pages further at a counter, and counting every match of a one-letter
// fragment in a large catalogue costs more than the rest of the request.
const CountCap = 240

// walkAbove is the number of matches from which a search walks the list's
// index in display order and tests each product against the words (a page
// fills after a few hundred entries); below it the matches are read by id
// and sorted, which is cheaper when they are few.
const walkAbove = 200

const productColumns = `p.id, p.kind, p.title, p.subtitle, p.body, p.price, p.cost, p.code, p.category_id,
	COALESCE(c.title, '') AS category_title, p.stock, p.type, p.dominance, p.thc, p.menu_export, p.status,
	p.discount, p.unlimited_stock, p.inventory_tracking, p.jar_weight, p.unit_weight, p.showintv,
	p.valoration, p.created, p.changed, COALESCE(p.public_token, '') AS public_token`

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
		w, args = append(w, "p.status = ?"), append(args, b2i(*f.Status))
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
		w, args = append(w, "p.unlimited_stock = ?"), append(args, b2i(*f.Unlimited))
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

func (f *Filter) page() (limit, offset int) {
	limit = f.Limit
	switch {
	case limit == 0:
		limit = DefaultLimit
	case limit > MaxPageSize:
		limit = MaxPageSize
	}
	return limit, max(f.Page, 0) * max(limit, 0)
}

// List returns a page of products with their images and the number of matches
// (more: there are more than f.CountCap). The page is found first as ids alone
// (an index walk, cheap at any offset), then only those rows are read.
func (s *Service) List(ctx context.Context, clubID int64, f Filter) (_ []Product, total int, more bool, _ error) {
	where, args := f.where(clubID, noWalk)
	total, err := s.count(ctx, where, args, f.CountCap)
	if err != nil {
		return nil, 0, false, err
	}
	if f.CountCap > 0 && total > f.CountCap {
		total, more = f.CountCap, true
	}
	if f.Search != "" && total > s.walkAbove {
		plan := walkSQLite
		if s.db.Engine == db.Postgres {
			plan = walkPostgres
		}
		where, args = f.where(clubID, plan)
	}
	limit, offset := f.page()
	from := ` FROM products p`
	if f.Sort == "category" {
		from += ` LEFT JOIN club_categories c ON c.id = p.category_id`
	}
	q := `SELECT p.id` + from + ` WHERE ` + where + ` ORDER BY ` + f.order()
	if limit > 0 {
		q += fmt.Sprintf(" LIMIT %d OFFSET %d", limit, offset)
	}
	var ids []int64
	if err := s.db.Select(ctx, &ids, q, args...); err != nil {
		return nil, 0, false, err
	}
	out := []Product{}
	if len(ids) == 0 {
		return out, total, more, nil
	}
	cols := productColumns
	if !f.Full {
		cols = strings.Replace(cols, "p.body,", "'' AS body,", 1)
	}
	rq, rargs, err := sqlx.In(`SELECT `+cols+` FROM products p LEFT JOIN club_categories c ON c.id = p.category_id WHERE p.id IN (?)`, ids)
	if err != nil {
		return nil, 0, false, err
	}
	var rows []Product
	if err := s.db.Select(ctx, &rows, rq, rargs...); err != nil {
		return nil, 0, false, err
	}
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	out = make([]Product, len(rows))
	for _, r := range rows {
		out[at[r.PID]] = r
	}
	return out, total, more, s.withImages(ctx, s.db.R, out, f.Full)
}

// count counts the matches, stopping past limit when limit > 0.
func (s *Service) count(ctx context.Context, where string, args []any, limit int) (int, error) {
	var n int
	q := `SELECT COUNT(*) FROM products p WHERE ` + where
	if limit > 0 {
		q = fmt.Sprintf(`SELECT COUNT(*) FROM (SELECT 1 FROM products p WHERE %s LIMIT %d) capped`, where, limit+1)
	}
	return n, s.db.Get(ctx, &n, q, args...)
}

func (s *Service) withImages(ctx context.Context, q db.Q, list []Product, all bool) error {
	if len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	at := make(map[int64]int, len(list))
	for i := range list {
		ids[i], at[list[i].PID] = list[i].PID, i
		list[i].Imagenes = []Image{}
		list[i].ListName = list[i].Titulo
	}
	first := " AND position = 0"
	if all {
		first = ""
	}
	query, args, err := sqlx.In(`SELECT product_id, file_id, thumb_id FROM product_images WHERE product_id IN (?)`+first+` ORDER BY product_id, position`, ids)
	if err != nil {
		return err
	}
	var rows []struct {
		PID   int64  `db:"product_id"`
		File  string `db:"file_id"`
		Thumb string `db:"thumb_id"`
	}
	if err := db.Select(ctx, q, &rows, query, args...); err != nil {
		return err
	}
	for _, r := range rows {
		p := &list[at[r.PID]]
		p.Imagenes = append(p.Imagenes, Image{Img: files.URL(r.File), Thumb: files.URL(r.Thumb)})
		if p.Thumb == "" {
			p.Thumb = files.URL(r.Thumb)
		}
	}
	return nil
}

// Get returns one product of the club (deleted ones are not found).
func (s *Service) Get(ctx context.Context, clubID, pid int64) (*Product, error) {
	return s.get(ctx, s.db.R, clubID, pid)
}

func (s *Service) get(ctx context.Context, q db.Q, clubID, pid int64) (*Product, error) {
	var p []Product
	if err := db.Select(ctx, q, &p, `SELECT `+productColumns+` FROM products p LEFT JOIN club_categories c ON c.id = p.category_id
		WHERE p.id = ? AND p.club_id = ? AND p.deleted = 0`, pid, clubID); err != nil {
		return nil, err
	}
	if len(p) == 0 {
		return nil, ErrNotFound
	}
	return &p[0], s.withImages(ctx, q, p, true)
}

// Save creates (PID 0) or edits a product with its images. The stock is not
// part of a save: it changes only through stock movements.
func (s *Service) Save(ctx context.Context, clubID int64, in Input) (*Product, error) {
	if in.Kind == "" {
		in.Kind = KindPro
	}
	if err := in.validate(); err != nil {
		return nil, err
	}
	var pid int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if s.db.Engine == db.Postgres { // codes are read then written: one writer per club, as SQLite has
			if _, err := db.Exec(ctx, tx, `SELECT pg_advisory_xact_lock(2, ?)`, clubID); err != nil {
				return err
			}
		}
		var n int
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = ?`, in.Category, clubID, CategoryType); err != nil {
			return err
		}
		if n == 0 {
			return problem.Invalidf("category.not_found", "category", "Categoría no encontrada")
		}
		if in.Code != "" {
			var other []string
			if err := db.Select(ctx, tx, &other, `SELECT title FROM products WHERE club_id = ? AND code = ? AND deleted = 0 AND id <> ?`, clubID, in.Code, in.PID); err != nil {
				return err
			}
			if len(other) > 0 {
				return problem.Invalidf("product.code_taken", "code", "El código %s ya es del producto %s", in.Code, other[0]).
					With("code", in.Code).With("product", other[0])
			}
		}
		imgs, err := files.StoreImages(ctx, tx, clubID, files.ProductImage, in.Images)
		if err != nil {
			return err
		}
		now := time.Now().Unix()
		price := int64(0)
		if in.Price != nil {
			price = int64(*in.Price)
		}
		cols := []any{in.Kind, in.Title, in.Subtitle, in.Body, in.Code, in.Category, price, int64(in.Cost), in.Type, in.Dominance,
			b2i(in.THC), b2i(in.MenuExport), b2i(in.Status), b2i(in.Discount), b2i(in.UnlimitedStock), b2i(in.InventoryTracking),
			int64(in.JarWeight), int64(in.UnitWeight), b2i(in.ShowInTV), in.Valoration, textnorm.Fold(in.Title), searchText(in), now}
		if in.PID == 0 {
			pid, err = db.Insert(ctx, tx, `INSERT INTO products (kind, title, subtitle, body, code, category_id, price, cost, type, dominance,
				thc, menu_export, status, discount, unlimited_stock, inventory_tracking, jar_weight, unit_weight, showintv, valoration,
				sort_key, search, changed, club_id, created, public_token) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
				append(cols, clubID, now, NewPublicToken())...)
			if err != nil {
				return err
			}
		} else {
			pid = in.PID
			res, err := db.Exec(ctx, tx, `UPDATE products SET kind = ?, title = ?, subtitle = ?, body = ?, code = ?, category_id = ?, price = ?,
				cost = ?, type = ?, dominance = ?, thc = ?, menu_export = ?, status = ?, discount = ?, unlimited_stock = ?,
				inventory_tracking = ?, jar_weight = ?, unit_weight = ?, showintv = ?, valoration = ?, sort_key = ?, search = ?, changed = ?
				WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`, append(cols, pid, clubID, in.Kind)...)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
			if _, err := db.Exec(ctx, tx, `DELETE FROM product_images WHERE product_id = ?`, pid); err != nil {
				return err
			}
		}
		var stock int64
		if err := db.Get(ctx, tx, &stock, `SELECT stock FROM products WHERE id = ?`, pid); err != nil {
			return err
		}
		if err := checkStockValue(in.Title, price, int64(in.Cost), stock); err != nil {
			return err
		}
		if err := indexTerms(ctx, tx, clubID, pid, searchText(in)); err != nil {
			return err
		}
		for i, img := range imgs {
			if _, err := db.Exec(ctx, tx, `INSERT INTO product_images (product_id, position, file_id, thumb_id) VALUES (?,?,?,?)`,
				pid, i, img.File, img.Thumb); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.get(ctx, s.db.W, clubID, pid)
}

// DeleteResult is one product of a delete; Message explains what was kept.
type DeleteResult struct {
	PID     int64  `json:"pid"`
	Message string `json:"message,omitempty"`
}

// Delete marks products deleted. Their movements (and later their sales)
// stay, so history and reports are unchanged; a product with movements
// says so in its result.
func (s *Service) Delete(ctx context.Context, clubID int64, kind string, pids []int64) ([]DeleteResult, error) {
	if len(pids) == 0 {
		return nil, ErrNothingSelected
	}
	out := make([]DeleteResult, 0, len(pids))
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().Unix()
		for _, pid := range pids {
			res, err := db.Exec(ctx, tx, `UPDATE products SET deleted = 1, status = 0, changed = ? WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`, now, pid, clubID, kind)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
			r := DeleteResult{PID: pid}
			var moves int
			if err := db.Get(ctx, tx, &moves, `SELECT COUNT(*) FROM stock_movements WHERE product_id = ?`, pid); err != nil {
				return err
			}
			if moves > 0 {
				r.Message = "El producto se ha eliminado. Su historial de stock y sus ventas se conservan en los informes."
			}
			out = append(out, r)
		}
		return nil
	})
	return out, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
