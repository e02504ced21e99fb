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

// Service is the inventory of every club.
type Service struct{ db *db.DB }

// New returns the inventory service.
func New(d *db.DB) *Service { return &Service{db: d} }

// List returns the club's items (or one) with their totals and movements, newest item first.
func (s *Service) List(ctx context.Context, clubID, iid int64) ([]InventoryItem, error) {
	items, err := listItems(ctx, s.db.R, clubID, iid)
	if err != nil {
		return nil, err
	}
	if iid != 0 && len(items) == 0 {
		return nil, ErrNotFound
	}
	moves, err := listMovements(ctx, s.db.R, clubID, iid)
	if err != nil {
		return nil, err
	}
	imgs, err := movementImages(ctx, s.db.R, clubID)
	if err != nil {
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
		n, err := countProductCategory(ctx, s.db.R, clubID, in.Category)
		if err != nil {
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
		iid, err = insertItem(ctx, s.db.W, clubID, in, cat, now)
		if err != nil {
			return nil, err
		}
	} else {
		found, err := updateItem(ctx, s.db.W, clubID, iid, in, cat, now)
		if err != nil {
			return nil, err
		}
		if !found {
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
		found, err := lockItem(ctx, tx, clubID, in.IID, time.Now().Unix())
		if err != nil {
			return err
		}
		if !found {
			return ErrNotFound
		}
		if in.Action != "add" {
			from := in.Location
			if in.Action == "move" {
				from = in.FromLocation
			}
			have, err := amountAt(ctx, tx, in.IID, from)
			if err != nil {
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
		mid, err := insertMovement(ctx, tx, clubID, staffUserID, in, time.Now().Unix())
		if err != nil {
			return err
		}
		for i, img := range imgs {
			if err := insertMovementImage(ctx, tx, mid, i, img.File); err != nil {
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
