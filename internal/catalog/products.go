package catalog

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
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
	total, err := countMatches(ctx, s.db.R, where, args, f.CountCap)
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
	ids, err := pageIDs(ctx, s.db.R, &f, where, args, limit, offset)
	if err != nil {
		return nil, 0, false, err
	}
	out := []Product{}
	if len(ids) == 0 {
		return out, total, more, nil
	}
	rows, err := productsByIDs(ctx, s.db.R, ids, f.Full)
	if err != nil {
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
	rows, err := productImages(ctx, q, ids, all)
	if err != nil {
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
	p, err := productByID(ctx, q, clubID, pid)
	if err != nil {
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
			if err := lockCodes(ctx, tx, clubID); err != nil {
				return err
			}
		}
		ok, err := isProductCategory(ctx, tx, clubID, in.Category)
		if err != nil {
			return err
		}
		if !ok {
			return problem.Invalidf("category.not_found", "category", "Categoría no encontrada")
		}
		if in.Code != "" {
			other, err := codeHolders(ctx, tx, clubID, in.Code, in.PID)
			if err != nil {
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
		if in.PID == 0 {
			if pid, err = insertProduct(ctx, tx, clubID, in, price, now, NewPublicToken()); err != nil {
				return err
			}
		} else {
			pid = in.PID
			ok, err := updateProduct(ctx, tx, clubID, pid, in, price, now)
			if err != nil {
				return err
			}
			if !ok {
				return ErrNotFound
			}
			if err := deleteImages(ctx, tx, pid); err != nil {
				return err
			}
		}
		stock, err := stockLevel(ctx, tx, pid)
		if err != nil {
			return err
		}
		if err := checkStockValue(in.Title, price, int64(in.Cost), stock); err != nil {
			return err
		}
		if err := indexTerms(ctx, tx, clubID, pid, searchText(in)); err != nil {
			return err
		}
		for i, img := range imgs {
			if err := insertImage(ctx, tx, pid, i, img.File, img.Thumb); err != nil {
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
			ok, err := markDeleted(ctx, tx, clubID, kind, pid, now)
			if err != nil {
				return err
			}
			if !ok {
				return ErrNotFound
			}
			r := DeleteResult{PID: pid}
			moves, err := countMovements(ctx, tx, pid)
			if err != nil {
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
