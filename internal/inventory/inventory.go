// Package inventory keeps the club's raw material: items (a harvest, a batch)
// and their movements in and out of the stores. An item's current amount is
// the sum of its movements (added minus removed; a move changes only where
// the material is).
package inventory

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
)

// Values of spec part 2 §9.
var (
	Types      = []string{"indoor", "outdoor", "eco"}
	Dominances = []string{"indica", "sativa", "hibrido"}
	Actions    = []string{"add", "remove", "move"}
	Locations  = []string{"almacen_interno", "almacen_externo", "dispensario", "barra"}
)

// LocationNames are the stores as the Spanish messages name them.
var LocationNames = map[string]string{"almacen_interno": "el almacén interno", "almacen_externo": "el almacén externo",
	"dispensario": "el dispensario", "barra": "la barra"}

// MaxNote caps a movement's note.
const MaxNote = 200

// Errors.
var ErrNotFound = &problem.NotFound{Code: "inventory.not_found", Message: "Elemento de inventario no encontrado"}

// InventoryMovement is a row of an item's movements.
type InventoryMovement struct {
	IID          int64        `json:"iid" db:"item_id"`
	MID          int64        `json:"mid" db:"id"`
	Action       string       `json:"action" db:"action" enum:"add,remove,move"`
	Amount       amount.Milli `json:"amount" db:"amount"`
	Cost         amount.Cents `json:"cost" db:"cost"`
	Location     string       `json:"location" db:"location"`
	FromLocation string       `json:"from_location" db:"from_location" doc:"Where a move took the material from"`
	Note         string       `json:"note" db:"note"`
	Created      int64        `json:"created" db:"created"`
	EmployeeName string       `json:"employee_name" db:"employee_name"`
	Images       []string     `json:"images" db:"-"`
}

// Totals are an item's movement totals (spec: inventory_movement).
type Totals struct {
	AddTotal    amount.Milli `json:"add_total"`
	RemoveTotal amount.Milli `json:"remove_total"`
	MoveTotal   amount.Milli `json:"move_total"`
	AmountNow   amount.Milli `json:"amount_actual"`
	// ByLocation is the amount in each store after every movement.
	ByLocation map[string]amount.Milli `json:"by_location"`
	Movement   []InventoryMovement     `json:"movement"`
}

// InventoryItem is an inventory item.
type InventoryItem struct {
	IID               int64  `json:"iid" db:"id"`
	Title             string `json:"title" db:"title"`
	Category          *int64 `json:"category" db:"category_id"`
	CategoryTitle     string `json:"category_title" db:"category_title"`
	Type              string `json:"type" db:"type" enum:"indoor,outdoor,eco"`
	Dominance         string `json:"dominance" db:"dominance"`
	Status            bool   `json:"status" db:"status" doc:"Active"`
	Created           int64  `json:"created" db:"created"`
	InventoryMovement Totals `json:"inventory_movement" db:"-"`
}

// ItemInput creates or edits an item.
type ItemInput struct {
	IID       int64
	Title     string
	Category  int64
	Type      string
	Dominance string
	Status    bool
}

// MovementInput records a movement.
type MovementInput struct {
	IID          int64
	Action       string
	Amount       amount.Milli
	Cost         amount.Cents
	Location     string
	FromLocation string
	Note         string
	Images       []string
}

// Service is the inventory of every club.
type Service struct{ db *db.DB }

// New returns the inventory service.
func New(d *db.DB) *Service { return &Service{db: d} }

// List returns the club's items (or one) with their totals and movements, newest item first.
func (s *Service) List(ctx context.Context, clubID, iid int64) ([]InventoryItem, error) {
	q := `SELECT i.id, i.title, i.category_id, COALESCE(c.title, '') AS category_title, i.type, i.dominance, i.status, i.created
		FROM inventory_items i LEFT JOIN club_categories c ON c.id = i.category_id WHERE i.club_id = ?`
	args := []any{clubID}
	if iid != 0 {
		q, args = q+" AND i.id = ?", append(args, iid)
	}
	items := []InventoryItem{}
	if err := s.db.Select(ctx, &items, q+" ORDER BY i.id DESC", args...); err != nil {
		return nil, err
	}
	if iid != 0 && len(items) == 0 {
		return nil, ErrNotFound
	}
	mq := `SELECT m.id, m.item_id, m.action, m.amount, m.cost, m.location, m.from_location, m.note, m.created,
		` + db.StaffName("u") + ` AS employee_name
		FROM inventory_movements m LEFT JOIN users u ON u.id = m.staff_user_id WHERE m.club_id = ?`
	margs := []any{clubID}
	if iid != 0 {
		mq, margs = mq+" AND m.item_id = ?", append(margs, iid)
	}
	var moves []InventoryMovement
	if err := s.db.Select(ctx, &moves, mq+" ORDER BY m.id DESC", margs...); err != nil {
		return nil, err
	}
	var imgs []struct {
		MID  int64  `db:"movement_id"`
		File string `db:"file_id"`
	}
	iq := `SELECT g.movement_id, g.file_id FROM inventory_movement_images g JOIN inventory_movements m ON m.id = g.movement_id WHERE m.club_id = ?`
	if err := s.db.Select(ctx, &imgs, iq+" ORDER BY g.movement_id, g.position", clubID); err != nil {
		return nil, err
	}
	byMove := map[int64][]string{}
	for _, g := range imgs {
		byMove[g.MID] = append(byMove[g.MID], files.URL(g.File))
	}
	at := map[int64]*Totals{}
	for i := range items {
		items[i].InventoryMovement = Totals{Movement: []InventoryMovement{}, ByLocation: map[string]amount.Milli{}}
		at[items[i].IID] = &items[i].InventoryMovement
	}
	for _, m := range moves {
		t := at[m.IID]
		if t == nil {
			continue
		}
		m.Images = byMove[m.MID]
		if m.Images == nil {
			m.Images = []string{}
		}
		switch m.Action {
		case "add":
			t.AddTotal += m.Amount
			t.AmountNow += m.Amount
			t.ByLocation[m.Location] += m.Amount
		case "remove":
			t.RemoveTotal += m.Amount
			t.AmountNow -= m.Amount
			t.ByLocation[m.Location] -= m.Amount
		case "move":
			t.MoveTotal += m.Amount
			t.ByLocation[m.FromLocation] -= m.Amount
			t.ByLocation[m.Location] += m.Amount
		}
		t.Movement = append(t.Movement, m)
	}
	for _, t := range at {
		for loc, v := range t.ByLocation {
			if v == 0 {
				delete(t.ByLocation, loc)
			}
		}
	}
	return items, nil
}

// SaveItem creates (IID 0) or edits an item.
func (s *Service) SaveItem(ctx context.Context, clubID int64, in ItemInput) (*InventoryItem, error) {
	in.Title = strings.TrimSpace(in.Title)
	switch {
	case in.Title == "":
		return nil, problem.Invalidf("inventory.required", "title", "Obligatorio")
	case len([]rune(in.Title)) > 120:
		return nil, problem.Invalidf("inventory.title_too_long", "title", "El título no puede tener más de 120 caracteres")
	case !slices.Contains(Types, in.Type):
		return nil, problem.Invalidf("inventory.type_invalid", "type", "El tipo debe ser indoor, outdoor o eco")
	case !slices.Contains(Dominances, in.Dominance):
		return nil, problem.Invalidf("inventory.dominance_invalid", "dominance", "La dominancia debe ser indica, sativa o hibrido")
	}
	var cat any
	if in.Category != 0 {
		var n int
		if err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = 'dispensary'`, in.Category, clubID); err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, problem.Invalidf("category.not_found", "category", "Categoría no encontrada")
		}
		cat = in.Category
	}
	now := time.Now().Unix()
	iid := in.IID
	if iid == 0 {
		var err error
		iid, err = db.Insert(ctx, s.db.W, `INSERT INTO inventory_items (club_id, title, category_id, type, dominance, status, created, changed)
			VALUES (?,?,?,?,?,?,?,?)`, clubID, in.Title, cat, in.Type, in.Dominance, b2i(in.Status), now, now)
		if err != nil {
			return nil, err
		}
	} else {
		res, err := s.db.Exec(ctx, `UPDATE inventory_items SET title = ?, category_id = ?, type = ?, dominance = ?, status = ?, changed = ?
			WHERE id = ? AND club_id = ?`, in.Title, cat, in.Type, in.Dominance, b2i(in.Status), now, iid, clubID)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, ErrNotFound
		}
	}
	list, err := s.List(ctx, clubID, iid)
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

// Record adds a movement. Removing or moving more than there is (in that
// store) is refused; the check and the write share one transaction.
func (s *Service) Record(ctx context.Context, clubID, staffUserID int64, in MovementInput) (*InventoryItem, error) {
	in.Note = strings.TrimSpace(in.Note)
	switch {
	case !slices.Contains(Actions, in.Action):
		return nil, problem.Invalidf("inventory.action_invalid", "action", "La acción debe ser add, remove o move")
	case in.Amount <= 0:
		return nil, problem.Invalidf("inventory.amount_positive", "amount", "La cantidad debe ser mayor que cero")
	case in.Cost < 0:
		return nil, problem.Invalidf("inventory.cost_negative", "cost", "El coste no puede ser negativo")
	case !slices.Contains(Locations, in.Location):
		return nil, problem.Invalidf("inventory.location_invalid", "location", "Ubicación no válida")
	case in.Action == "move" && !slices.Contains(Locations, in.FromLocation):
		return nil, problem.Invalidf("inventory.from_required", "from_location", "Indica desde qué ubicación se mueve")
	case in.Action == "move" && in.FromLocation == in.Location:
		return nil, problem.Invalidf("inventory.same_location", "location", "El origen y el destino deben ser distintos")
	case len([]rune(in.Note)) > MaxNote:
		return nil, problem.Invalidf("inventory.note_too_long", "note", "La nota no puede tener más de %d caracteres", MaxNote)
	case len(in.Images) > 8:
		return nil, problem.Invalidf("inventory.too_many_images", "images", "Como máximo 8 imágenes")
	}
	if in.Action != "move" {
		in.FromLocation = ""
	}
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		// Lock the item row (PostgreSQL) so two removals cannot both pass the check.
		res, err := db.Exec(ctx, tx, `UPDATE inventory_items SET changed = ? WHERE id = ? AND club_id = ?`, time.Now().Unix(), in.IID, clubID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if in.Action != "add" {
			from := in.Location
			if in.Action == "move" {
				from = in.FromLocation
			}
			var have int64
			if err := db.Get(ctx, tx, &have, `SELECT COALESCE(SUM(CASE
				WHEN action = 'add' AND location = ? THEN amount
				WHEN action = 'remove' AND location = ? THEN -amount
				WHEN action = 'move' AND location = ? THEN amount
				WHEN action = 'move' AND from_location = ? THEN -amount
				ELSE 0 END), 0) FROM inventory_movements WHERE item_id = ?`, from, from, from, from, in.IID); err != nil {
				return err
			}
			if have < int64(in.Amount) {
				left := amount.Milli(have).String()
				return problem.Invalidf("inventory.not_enough", "amount", "No hay suficiente cantidad en %s: quedan %s g", LocationNames[from], left).
					With("location", from).With("left", left)
			}
		}
		imgs, err := files.StoreImages(ctx, tx, clubID, files.InventoryImage, in.Images)
		if err != nil {
			return err
		}
		mid, err := db.Insert(ctx, tx, `INSERT INTO inventory_movements (club_id, item_id, action, amount, cost, location, from_location, note, staff_user_id, created)
			VALUES (?,?,?,?,?,?,?,?,?,?)`, clubID, in.IID, in.Action, int64(in.Amount), int64(in.Cost), in.Location, in.FromLocation, in.Note, staffUserID, time.Now().Unix())
		if err != nil {
			return err
		}
		for i, img := range imgs {
			if _, err := db.Exec(ctx, tx, `INSERT INTO inventory_movement_images (movement_id, position, file_id) VALUES (?,?,?)`, mid, i, img.File); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	list, err := s.List(ctx, clubID, in.IID)
	if err != nil {
		return nil, err
	}
	return &list[0], nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
