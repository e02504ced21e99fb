// Package inventory keeps the club's raw material: items (a harvest, a batch)
// and their movements in and out of the stores. An item's current amount is
// the sum of its movements (added minus removed; a move changes only where
// the material is).
package inventory

import (
	"socius/internal/amount"
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
