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
	Type         string       `json:"type" db:"type" enum:"manual,stock,sale,refund"`
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
// point of sale's transaction, recording the movement.
func MoveStock(ctx context.Context, tx *sqlx.Tx, clubID, staffUserID int64, kind string, c StockChange) (*StockMovement, error) {
	if kind != MoveSale && kind != MoveRefund {
		return nil, fmt.Errorf("catalog: MoveStock of kind %q", kind)
	}
	return moveStock(ctx, tx, clubID, staffUserID, kind, c)
}

// moveStock changes one product's stock and records the movement.
func moveStock(ctx context.Context, tx *sqlx.Tx, clubID, staffUserID int64, kind string, c StockChange) (*StockMovement, error) {
	var p []struct {
		Title     string `db:"title"`
		Unlimited bool   `db:"unlimited_stock"`
		Level     int64  `db:"stock"`
		Price     int64  `db:"price"`
		Cost      int64  `db:"cost"`
	}
	if c.Quantity.Check() != nil {
		return nil, problem.Invalidf("stock.too_large", "new_stock", "%s", amount.ErrQuantityTooLarge.Error())
	}
	// The UPDATE takes the row lock first, so concurrent changes queue and none is lost.
	// It applies only while the new level stays within ±MaxMilli, so the sum can never
	// overflow in either database.
	// A sale may not take a limited stock below zero: the check is part of the
	// UPDATE, so two counters selling the last grams cannot both succeed.
	q, limit := int64(c.Quantity), int64(amount.MaxMilli)
	if err := db.Select(ctx, tx, &p, `UPDATE products SET stock = stock + ? WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0
		AND stock BETWEEN ? AND ? AND (? <> 'sale' OR unlimited_stock = 1 OR stock + ? >= 0) RETURNING title, unlimited_stock, stock, price, cost`,
		q, c.PID, clubID, KindPro, -limit-q, limit-q, kind, q); err != nil {
		return nil, err
	}
	if len(p) == 0 {
		if err := db.Select(ctx, tx, &p, `SELECT title, unlimited_stock, stock, price, cost FROM products WHERE id = ? AND club_id = ? AND kind = ? AND deleted = 0`,
			c.PID, clubID, KindPro); err != nil {
			return nil, err
		}
		if len(p) == 0 {
			return nil, ErrNotFound
		}
		switch {
		case p[0].Unlimited && (kind == MoveManual || kind == MoveCount): // refused below
		case kind == MoveSale && q < 0 && p[0].Level+q < 0:
			return nil, problem.Invalidf("order.stock_insufficient", "products", "No hay stock suficiente de %s", p[0].Title).With("product", p[0].Title)
		case q < 0 && kind != MoveSale:
			return nil, problem.Invalidf("stock.negative", "new_stock", errNegativeStockText, p[0].Title).With("product", p[0].Title)
		default:
			return nil, problem.Invalidf("stock.too_large", "new_stock", "El stock de %s no puede superar 1.000.000.000", p[0].Title).With("product", p[0].Title)
		}
	}
	if p[0].Unlimited && (kind == MoveManual || kind == MoveCount) {
		return nil, problem.Invalidf("stock.unlimited", "pid", "%s tiene stock ilimitado: su stock no se ajusta", p[0].Title).With("product", p[0].Title)
	}
	if q > 0 {
		if err := checkStockValue(p[0].Title, p[0].Price, p[0].Cost, p[0].Level); err != nil {
			return nil, err
		}
	}
	if p[0].Level < 0 && kind != MoveSale && kind != MoveRefund {
		return nil, problem.Invalidf("stock.negative", "new_stock", errNegativeStockText, p[0].Title).With("product", p[0].Title)
	}
	at := c.At
	if at == 0 {
		at = time.Now().Unix()
	}
	m := &StockMovement{PID: c.PID, Created: at, Type: kind, Quantity: c.Quantity, NewLevel: amount.Milli(p[0].Level), Note: strings.TrimSpace(c.Note)}
	id, err := db.Insert(ctx, tx, `INSERT INTO stock_movements (club_id, product_id, type, quantity, new_level, note, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?)`, clubID, c.PID, kind, int64(c.Quantity), int64(m.NewLevel), m.Note, staffUserID, m.Created)
	if err != nil {
		return nil, err
	}
	m.ID = id
	return m, db.Get(ctx, tx, &m.EmployeeName, `SELECT `+employeeName+` FROM users u WHERE u.id = ?`, staffUserID)
}

// employeeName is how movements name the staff user who made them.
var employeeName = db.StaffName("u")

// History lists a product's movements between two times, newest first.
func (s *Service) History(ctx context.Context, clubID, pid, from, to int64) ([]StockMovement, error) {
	var n int
	if err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM products WHERE id = ? AND club_id = ?`, pid, clubID); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	out := []StockMovement{}
	err := s.db.Select(ctx, &out, `SELECT m.id, m.product_id, m.created, m.type, m.quantity, m.new_level, m.note,
		`+employeeName+` AS employee_name
		FROM stock_movements m LEFT JOIN users u ON u.id = m.staff_user_id
		WHERE m.product_id = ? AND m.club_id = ? AND m.created BETWEEN ? AND ? ORDER BY m.created DESC, m.id DESC`, pid, clubID, from, to)
	return out, err
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
	const where = ` FROM products WHERE club_id = ? AND kind = ? AND deleted = 0 AND status = 1 AND unlimited_stock = 0 AND stock <= ?`
	args := []any{clubID, KindPro, int64(level)}
	var n int
	if err := s.db.Get(ctx, &n, `SELECT COUNT(*)`+where, args...); err != nil {
		return nil, 0, err
	}
	out := []LowProduct{}
	if n == 0 || limit <= 0 {
		return out, n, nil
	}
	err := s.db.Select(ctx, &out, `SELECT id, title, type, stock`+where+` ORDER BY stock, sort_key, id LIMIT ?`, append(args, limit)...)
	return out, n, err
}
