package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"time"

	"socius/internal/access"
	"socius/internal/catalog"
	"socius/internal/db"
	"socius/internal/textnorm"
)

const benchProducts = 20_000

var benchVarieties = []string{"Amnesia", "Critical", "Kush", "Haze", "Gelato", "Widow", "Diesel", "Cookies", "Zkittlez",
	"Lemon", "Skunk", "Blueberry", "Cheese", "Durban", "Gorilla", "Purple", "Northern", "Jack", "Moby", "Wedding"}

// loadProducts writes n products of a club straight into the tables (ten
// categories, one image each, the stock as one movement), in batches.
func loadProducts(ctx context.Context, d *db.DB, clubID int64, n int) error {
	now := time.Now().Unix()
	cats := make([]int64, 10)
	for i := range cats {
		id, err := db.Insert(ctx, d.W, `INSERT INTO club_categories (club_id, type, title, created) VALUES (?, 'dispensary', ?, ?)`,
			clubID, fmt.Sprintf("Categoría %02d", i), now)
		if err != nil {
			return err
		}
		cats[i] = id
	}
	file := strings.Repeat("ab", 32)
	if _, err := db.Exec(ctx, d.W, `INSERT INTO files (id, club_id, content_type, size, data, created) VALUES (?,?,?,?,?,?)`,
		file, clubID, "image/png", 3, []byte{1, 2, 3}, now); err != nil {
		return err
	}
	const batch = 400
	for start := 0; start < n; start += batch {
		tx, err := d.W.BeginTxx(ctx, nil)
		if err != nil {
			return err
		}
		var prows, irows, mrows []string
		var pargs, iargs, margs []any
		for i := start; i < min(n, start+batch); i++ {
			id := int64(2_000_000 + i)
			title := fmt.Sprintf("%s %s %d", benchVarieties[i%len(benchVarieties)], benchVarieties[(i/20)%len(benchVarieties)], i)
			code := fmt.Sprintf("84%011d", i)
			stock := int64(rand.IntN(500_000))
			prows = append(prows, "(?,?,'pro',?,?,?,?,?,?,'peso','hibrido',?,?,?,?,?,?)")
			pargs = append(pargs, id, clubID, title, code, cats[i%len(cats)], 500+i%1500, 200+i%700, stock, i%10 != 0,
				32_000, textnorm.Fold(title), textnorm.Fold(title+" "+code), catalog.NewPublicToken(), now)
			irows = append(irows, "(?,0,?,?)")
			iargs = append(iargs, id, file, file)
			mrows = append(mrows, "(?,?,'manual',?,?,'',0,?)")
			margs = append(margs, clubID, id, stock, stock, now)
		}
		stmts := []struct {
			q    string
			rows []string
			args []any
		}{
			{`INSERT INTO products (id, club_id, kind, title, code, category_id, price, cost, stock, type, dominance, status,
				jar_weight, sort_key, search, public_token, created) VALUES `, prows, pargs},
			{`INSERT INTO product_images (product_id, position, file_id, thumb_id) VALUES `, irows, iargs},
			{`INSERT INTO stock_movements (club_id, product_id, type, quantity, new_level, note, staff_user_id, created) VALUES `, mrows, margs},
		}
		for _, s := range stmts {
			q := s.q + strings.Join(s.rows, ",")
			if strings.HasPrefix(s.q, "INSERT INTO products") {
				q = strings.Replace(q, "created) VALUES", "created, changed) VALUES", 1)
				q = strings.ReplaceAll(q, "?,?,?,?,?)", "?,?,?,?,?,"+fmt.Sprint(now)+")")
			}
			if _, err := db.Exec(ctx, tx, q, fixBool(s.args)...); err != nil {
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	if err := catalog.IndexMissingTerms(ctx, d); err != nil {
		return err
	}
	if d.Engine == db.Postgres {
		for _, t := range []string{"products", "product_terms", "product_images", "stock_movements"} {
			if _, err := d.W.ExecContext(ctx, `VACUUM ANALYZE `+t); err != nil {
				return err
			}
		}
		return nil
	}
	_, err := d.W.ExecContext(ctx, `ANALYZE`)
	return err
}

// benchProductList: the point of sale's product list and the product
// manager's page with 20,000 products in one club.
func benchProductList(ctx context.Context, e *env) []result {
	clubID, clients := benchClub(ctx, e, access.Budtender, "products", benchProducts, loadProducts)
	base := fmt.Sprintf("/api/dispensario?asocid=%d&", clubID)
	pos := measure(e, "GET dispensario POS page", func(w int) error {
		return clients[w].get(base + "in_stock=true&limit=24&page=0")
	})
	search := measure(e, "GET dispensario POS search", func(w int) error {
		q := url.Values{"in_stock": {"true"}, "limit": {"24"}, "search": {strings.ToLower(benchVarieties[rand.IntN(len(benchVarieties))][:4])}}
		return clients[w].get(base + q.Encode())
	})
	code := measure(e, "GET dispensario by barcode", func(w int) error {
		return clients[w].get(base + fmt.Sprintf("code=84%011d", rand.IntN(benchProducts)))
	})
	manager := measure(e, "GET dispensario manager page", func(w int) error {
		return clients[w].get(base + fmt.Sprintf("limit=14&sort=list_name&page=%d", rand.IntN(benchProducts/14)))
	})
	return withLimit(20*time.Millisecond, pos, search, code, manager)
}
