package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/problem"
)

// StockChange is one product's change in a stock request. Quantity is the
// signed change (spec: new_stock, or stock in the other form).
type StockChange struct {
	PID      int64
	Kind     string // manual (the modal) or stock (the control count)
	Quantity amount.Milli
	Note     string
	// At is when the change happened (unix seconds); 0 is now. The point of
	// sale sets it from its clock, so a sale's movement carries the sale's
	// time; the API never sets it.
	At int64
}

// StockMovement is a row of the stock history (spec: stock history entry).
type StockMovement struct {
	ID           int64        `json:"id" db:"id"`
	PID          int64        `json:"pid" db:"product_id"`
	EmployeeName string       `json:"employee_name" db:"employee_name"`
	Created      int64        `json:"created" db:"created"`
	Type         string       `json:"type" db:"type" enum:"manual,stock,sale,refund,batch,destroyed" doc:"batch: grams released from a cultivation batch; destroyed: grams destroyed from stock (the note names the batch)"`
	Quantity     amount.Milli `json:"quantity" db:"quantity"`
	NewLevel     amount.Milli `json:"new_level" db:"new_level"`
	Note         string       `json:"note" db:"note"`
}

// AdjustStock applies every change in one transaction (all or nothing), each
// as a movement row beside the stock it changes. The change is added to the
// stock in the database (stock = stock + change), so two staff adjusting the
// same product at once both count.
func (s *Service) AdjustStock(ctx context.Context, clubID, staffUserID int64, changes []StockChange) ([]StockMovement, error) {
	if len(changes) == 0 {
		return nil, ErrNothingSelected
	}
	for i, c := range changes {
		field := fmt.Sprintf("products[%d]", i)
		kind := c.Kind
		switch {
		case kind != MoveManual && kind != MoveCount:
			return nil, problem.Invalidf("stock.type_invalid", field+".stock_type", "El tipo de movimiento debe ser manual o stock")
		case len([]rune(c.Note)) > MaxNote:
			return nil, problem.Invalidf("stock.note_too_long", field+".note", "La nota no puede tener más de %d caracteres", MaxNote)
		case kind == MoveManual && c.Quantity == 0:
			return nil, problem.Invalidf("stock.quantity_zero", field+".new_stock", "La cantidad debe ser distinta de cero")
		}
	}
	out := make([]StockMovement, 0, len(changes))
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		for i, c := range changes {
			m, err := moveStock(ctx, tx, clubID, staffUserID, c.Kind, c)
			if pi := (*problem.Invalid)(nil); errors.As(err, &pi) {
				err = pi.At(fmt.Sprintf("products[%d].%s", i, pi.Field))
			}
			if err != nil {
				return err
			}
			out = append(out, *m)
		}
		return nil
	})
	return out, err
}

// MoveStock changes one product's stock by a sale or a refund inside the
// point of sale's transaction, or by a batch's release or a destruction
// inside cultivation's, recording the movement.
func MoveStock(ctx context.Context, tx *sqlx.Tx, clubID, staffUserID int64, kind string, c StockChange) (*StockMovement, error) {
	if kind != MoveSale && kind != MoveRefund && kind != MoveBatch && kind != MoveDestroyed {
		return nil, fmt.Errorf("catalog: MoveStock of kind %q", kind)
	}
	return moveStock(ctx, tx, clubID, staffUserID, kind, c)
}

// moveStock changes one product's stock and records the movement.
func moveStock(ctx context.Context, tx *sqlx.Tx, clubID, staffUserID int64, kind string, c StockChange) (*StockMovement, error) {
	if c.Quantity.Check() != nil {
		return nil, problem.Invalidf("stock.too_large", "new_stock", "%s", amount.ErrQuantityTooLarge.Error())
	}
	// The UPDATE takes the row lock first, so concurrent changes queue and none is
	// lost; the row is read only when the UPDATE refused the change, to say why.
	q := int64(c.Quantity)
	p, err := addStock(ctx, tx, clubID, c.PID, kind, q)
	if err != nil {
		return nil, err
	}
	if p == nil {
		if p, err = stockOf(ctx, tx, clubID, c.PID); err != nil {
			return nil, err
		}
		if p == nil {
			return nil, ErrNotFound
		}
		switch {
		case p.Unlimited && kind != MoveSale && kind != MoveRefund: // refused below
		case kind == MoveSale && q < 0 && p.Level+q < 0:
			return nil, problem.Invalidf("order.stock_insufficient", "products", "No hay stock suficiente de %s", p.Title).With("product", p.Title)
		case q < 0 && kind != MoveSale:
			return nil, problem.Invalidf("stock.negative", "new_stock", errNegativeStockText, p.Title).With("product", p.Title)
		default:
			return nil, problem.Invalidf("stock.too_large", "new_stock", "El stock de %s no puede superar 1.000.000.000", p.Title).With("product", p.Title)
		}
	}
	if p.Unlimited && kind != MoveSale && kind != MoveRefund {
		return nil, problem.Invalidf("stock.unlimited", "pid", "%s tiene stock ilimitado: su stock no se ajusta", p.Title).With("product", p.Title)
	}
	if q > 0 {
		if err := checkStockValue(p.Title, p.Price, p.Cost, p.Level); err != nil {
			return nil, err
		}
	}
	if p.Level < 0 && kind != MoveSale && kind != MoveRefund {
		return nil, problem.Invalidf("stock.negative", "new_stock", errNegativeStockText, p.Title).With("product", p.Title)
	}
	at := c.At
	if at == 0 {
		at = time.Now().Unix()
	}
	m := &StockMovement{PID: c.PID, Created: at, Type: kind, Quantity: c.Quantity, NewLevel: amount.Milli(p.Level), Note: strings.TrimSpace(c.Note)}
	if m.ID, err = insertMovement(ctx, tx, clubID, staffUserID, m); err != nil {
		return nil, err
	}
	m.EmployeeName, err = staffName(ctx, tx, staffUserID)
	return m, err
}

// History lists a product's movements between two times, newest first.
func (s *Service) History(ctx context.Context, clubID, pid, from, to int64) ([]StockMovement, error) {
	ok, err := productInClub(ctx, s.db.R, clubID, pid)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrNotFound
	}
	return movements(ctx, s.db.R, clubID, pid, from, to)
}

// LowProduct is a product of the point of sale at or below the club's stock
// alert level.
type LowProduct struct {
	PID   int64        `json:"pid" db:"id"`
	Title string       `json:"title" db:"title"`
	Type  string       `json:"type" db:"type" doc:"peso (grams) or unidad/unidades"`
	Stock amount.Milli `json:"stock" db:"stock"`
}

// LowStock lists the club's published point-of-sale products whose stock is
// at or below level (unlimited stock aside), the lowest first, up to limit of
// them, and counts them all. It reads the products_published index.
func (s *Service) LowStock(ctx context.Context, clubID int64, level amount.Milli, limit int) ([]LowProduct, int, error) {
	n, err := countLowStock(ctx, s.db.R, clubID, level)
	if err != nil {
		return nil, 0, err
	}
	if n == 0 || limit <= 0 {
		return []LowProduct{}, n, nil
	}
	out, err := lowStock(ctx, s.db.R, clubID, level, limit)
	return out, n, err
}

// Batchable is a product as cultivation sees it when a batch is released
// into it.
type Batchable struct {
	ID        int64  `db:"id"`
	Title     string `db:"title"`
	Type      string `db:"type"`
	Unlimited bool   `db:"unlimited_stock"`
}

// ProductForBatch reads a live professional product of the club inside q, or
// nil when there is none.
func ProductForBatch(ctx context.Context, q db.Q, clubID, pid int64) (*Batchable, error) {
	return batchable(ctx, q, clubID, pid)
}

// SetContent writes a product's average THC and CBD inside q: cultivation
// keeps them the grams-weighted average of the batches in its stock.
func SetContent(ctx context.Context, q db.Q, clubID, pid int64, thc, cbd *amount.Percent) error {
	return setContent(ctx, q, clubID, pid, thc, cbd)
}
