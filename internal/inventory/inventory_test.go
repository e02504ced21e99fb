package inventory_test

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/inventory"
	"socius/internal/problem"
	"socius/internal/testkit"
)

// world is two clubs, each with a product category, and a staff user of the first.
type world struct {
	k               *testkit.Kit
	s               *inventory.Service
	alfa, beta      int64
	flores, betaCat int64
	staff           int64
	ctx             context.Context
	t               *testing.T
}

func newWorld(t *testing.T, k *testkit.Kit) *world {
	t.Helper()
	w := &world{k: k, s: k.App.Inventory, ctx: context.Background(), t: t,
		alfa: k.Club("Alfa", access.Socios), beta: k.Club("Beta", access.Socios)}
	w.staff = k.User("almacen", w.alfa, access.Inventario)
	w.flores = w.category(w.alfa, "dispensary", "Flores")
	w.betaCat = w.category(w.beta, "dispensary", "Beta")
	return w
}

func (w *world) category(club int64, typ, title string) int64 {
	w.t.Helper()
	c, err := w.k.App.Clubs.SaveCategory(w.ctx, club, 0, typ, title)
	if err != nil {
		w.t.Fatal(err)
	}
	return c.NID
}

// item creates an item of Alfa in Flores.
func (w *world) item(title string) int64 {
	w.t.Helper()
	it, err := w.s.SaveItem(w.ctx, w.alfa, inventory.ItemInput{Title: title, Category: w.flores, Type: "indoor", Dominance: "sativa", Status: true})
	if err != nil {
		w.t.Fatal(err)
	}
	return it.IID
}

func (w *world) record(iid int64, action string, grams amount.Milli, to, from string) (*inventory.InventoryItem, error) {
	return w.s.Record(w.ctx, w.alfa, w.staff, inventory.MovementInput{IID: iid, Action: action, Amount: grams,
		Cost: 1250, Location: to, FromLocation: from, Note: "n"})
}

func (w *world) mustRecord(iid int64, action string, grams amount.Milli, to, from string) *inventory.InventoryItem {
	w.t.Helper()
	it, err := w.record(iid, action, grams, to, from)
	if err != nil {
		w.t.Fatalf("%s %s: %v", action, grams, err)
	}
	return it
}

// An item needs a title (at most 120 characters), one of the spec's types
// and dominances, and a product category of its own club; a refused item is
// not written, and an edit reaches only the club's own items.
func TestItemRules(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		notProducts := w.category(w.alfa, "wallet", "5")
		ok := func() inventory.ItemInput {
			return inventory.ItemInput{Title: "  Cosecha  ", Category: w.flores, Type: "indoor", Dominance: "sativa", Status: true}
		}
		for _, c := range []struct {
			what string
			edit func(*inventory.ItemInput)
			code string
		}{
			{"no title", func(in *inventory.ItemInput) { in.Title = "" }, "inventory.required"},
			{"blank title", func(in *inventory.ItemInput) { in.Title = "   " }, "inventory.required"},
			{"121 characters", func(in *inventory.ItemInput) { in.Title = strings.Repeat("ñ", 121) }, "inventory.title_too_long"},
			{"no type", func(in *inventory.ItemInput) { in.Type = "" }, "inventory.type_invalid"},
			{"unknown type", func(in *inventory.ItemInput) { in.Type = "hydro" }, "inventory.type_invalid"},
			{"no dominance", func(in *inventory.ItemInput) { in.Dominance = "" }, "inventory.dominance_invalid"},
			{"unknown dominance", func(in *inventory.ItemInput) { in.Dominance = "ruderalis" }, "inventory.dominance_invalid"},
			{"another club's category", func(in *inventory.ItemInput) { in.Category = w.betaCat }, "category.not_found"},
			{"a category that is not a product category", func(in *inventory.ItemInput) { in.Category = notProducts }, "category.not_found"},
		} {
			in := ok()
			c.edit(&in)
			_, err := w.s.SaveItem(w.ctx, w.alfa, in)
			if got := problem.Code(err); got != c.code {
				t.Errorf("%s: want %s, got %q (%v)", c.what, c.code, got, err)
			}
		}
		_, err := w.s.SaveItem(w.ctx, w.alfa, inventory.ItemInput{Type: "indoor", Dominance: "indica"})
		var inv *problem.Invalid
		if !errors.As(err, &inv) || inv.Message != "Obligatorio" || inv.Field != "title" {
			t.Errorf("no title: %#v", err)
		}
		if n := k.Count("inventory_items", ""); n != 0 {
			t.Fatalf("refused items wrote %d rows", n)
		}

		in := ok()
		in.Title = strings.Repeat("ñ", 120)
		if _, err := w.s.SaveItem(w.ctx, w.alfa, in); err != nil {
			t.Fatalf("120 characters: %v", err)
		}
		it, err := w.s.SaveItem(w.ctx, w.alfa, ok())
		if err != nil {
			t.Fatal(err)
		}
		if it.Title != "Cosecha" || it.CategoryTitle != "Flores" || it.Category == nil || *it.Category != w.flores || !it.Status ||
			it.Type != "indoor" || it.Dominance != "sativa" || it.InventoryMovement.AmountNow != 0 || len(it.InventoryMovement.Movement) != 0 {
			t.Fatalf("new item: %+v", it)
		}
		// No category is allowed; an edit changes the item in place.
		edited, err := w.s.SaveItem(w.ctx, w.alfa, inventory.ItemInput{IID: it.IID, Title: "Cosecha 2", Type: "eco", Dominance: "hibrido"})
		if err != nil || edited.IID != it.IID || edited.Title != "Cosecha 2" || edited.Category != nil || edited.CategoryTitle != "" || edited.Status {
			t.Fatalf("edit: %+v %v", edited, err)
		}
		// Another club cannot edit it, nor an unknown id; neither writes anything.
		if _, err := w.s.SaveItem(w.ctx, w.beta, inventory.ItemInput{IID: it.IID, Title: "Robado", Type: "indoor", Dominance: "indica"}); !errors.Is(err, inventory.ErrNotFound) {
			t.Fatalf("Beta edits Alfa's item: %v", err)
		}
		if _, err := w.s.SaveItem(w.ctx, w.alfa, inventory.ItemInput{IID: it.IID + 100, Title: "X", Type: "indoor", Dominance: "indica"}); !errors.Is(err, inventory.ErrNotFound) {
			t.Fatalf("unknown item: %v", err)
		}
		if n := k.Count("inventory_items", "title = 'Cosecha 2'"); n != 1 || k.Count("inventory_items", "") != 2 {
			t.Fatalf("after refused edits: %d items named Cosecha 2 of %d", n, k.Count("inventory_items", ""))
		}
	})
}

// A movement names an action of the spec, a positive amount, a cost of 0
// or more, a store, and for a move a different store it comes from; its
// note is at most 200 characters and it carries at most 8 images. A refused
// movement writes nothing.
func TestMovementRules(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		iid := w.item("Cosecha")
		w.mustRecord(iid, "add", 1000_000, "almacen_interno", "")
		ok := func() inventory.MovementInput {
			return inventory.MovementInput{IID: iid, Action: "move", Amount: 1000, Cost: 0, Location: "dispensario", FromLocation: "almacen_interno"}
		}
		for _, c := range []struct {
			what string
			edit func(*inventory.MovementInput)
			code string
		}{
			{"no action", func(in *inventory.MovementInput) { in.Action = "" }, "inventory.action_invalid"},
			{"unknown action", func(in *inventory.MovementInput) { in.Action = "steal" }, "inventory.action_invalid"},
			{"zero amount", func(in *inventory.MovementInput) { in.Amount = 0 }, "inventory.amount_positive"},
			{"negative amount", func(in *inventory.MovementInput) { in.Amount = -1 }, "inventory.amount_positive"},
			{"negative cost", func(in *inventory.MovementInput) { in.Cost = -1 }, "inventory.cost_negative"},
			{"no store", func(in *inventory.MovementInput) { in.Location = "" }, "inventory.location_invalid"},
			{"unknown store", func(in *inventory.MovementInput) { in.Location = "garaje" }, "inventory.location_invalid"},
			{"move without origin", func(in *inventory.MovementInput) { in.FromLocation = "" }, "inventory.from_required"},
			{"move from an unknown store", func(in *inventory.MovementInput) { in.FromLocation = "garaje" }, "inventory.from_required"},
			{"move to the same store", func(in *inventory.MovementInput) { in.Location = "almacen_interno" }, "inventory.same_location"},
			{"201 characters of note", func(in *inventory.MovementInput) { in.Note = strings.Repeat("é", 201) }, "inventory.note_too_long"},
			{"9 images", func(in *inventory.MovementInput) { in.Images = make([]string, 9) }, "inventory.too_many_images"},
			{"no item", func(in *inventory.MovementInput) { in.IID = 0 }, "inventory.not_found"},
		} {
			in := ok()
			c.edit(&in)
			_, err := w.s.Record(w.ctx, w.alfa, w.staff, in)
			if got := problem.Code(err); got != c.code {
				t.Errorf("%s: want %s, got %q (%v)", c.what, c.code, got, err)
			}
		}
		// Another club's staff cannot record on Alfa's item.
		if _, err := w.s.Record(w.ctx, w.beta, w.staff, inventory.MovementInput{IID: iid, Action: "add", Amount: 1, Location: "barra"}); !errors.Is(err, inventory.ErrNotFound) {
			t.Errorf("Beta records on Alfa's item: %v", err)
		}
		if n := k.Count("inventory_movements", ""); n != 1 {
			t.Fatalf("refused movements wrote %d rows beside the first", n-1)
		}
		// The limits themselves pass: a 200-character note, a move between two stores, a cost of 0.
		in := ok()
		in.Note = "  " + strings.Repeat("é", 200) + "  "
		it, err := w.s.Record(w.ctx, w.alfa, w.staff, in)
		if err != nil {
			t.Fatalf("a move with a 200-character note: %v", err)
		}
		if m := it.InventoryMovement.Movement[0]; m.Note != strings.Repeat("é", 200) || m.FromLocation != "almacen_interno" || m.Location != "dispensario" || m.Cost != 0 {
			t.Fatalf("the move: %+v", m)
		}
		// Only a move keeps where the material came from.
		it = w.mustRecord(iid, "add", 1, "barra", "dispensario")
		if m := it.InventoryMovement.Movement[0]; m.Action != "add" || m.FromLocation != "" || m.Cost != 1250 {
			t.Fatalf("an add kept an origin: %+v", m)
		}
	})
}

// Removing or moving more than a store holds is refused, naming the store
// and what is left there, and writes nothing; the totals are the sums of the
// movements (a move changes only where the material is).
func TestNoNegativeStockAndTotals(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		iid := w.item("Cosecha")
		w.mustRecord(iid, "add", 1000_000, "almacen_interno", "")
		w.mustRecord(iid, "move", 300_500, "dispensario", "almacen_interno")

		before := k.Count("inventory_movements", "")
		_, err := w.record(iid, "remove", 301_000, "dispensario", "")
		var inv *problem.Invalid
		if !errors.As(err, &inv) || inv.Code != "inventory.not_enough" || inv.Field != "amount" ||
			inv.Message != "No hay suficiente cantidad en el dispensario: quedan 300.5 g" ||
			!maps.Equal(inv.Params, map[string]string{"location": "dispensario", "left": "300.5"}) {
			t.Fatalf("remove more than the dispensary holds: %#v", err)
		}
		// A move is checked against the store it leaves, not the whole item.
		_, err = w.record(iid, "move", 300_501, "barra", "dispensario")
		if !errors.As(err, &inv) || inv.Code != "inventory.not_enough" || inv.Params["location"] != "dispensario" {
			t.Fatalf("move more than the dispensary holds: %#v", err)
		}
		// A store never added to holds nothing.
		_, err = w.record(iid, "remove", 1, "barra", "")
		if !errors.As(err, &inv) || inv.Code != "inventory.not_enough" || inv.Message != "No hay suficiente cantidad en la barra: quedan 0 g" {
			t.Fatalf("remove from an empty store: %#v", err)
		}
		if n := k.Count("inventory_movements", ""); n != before {
			t.Fatalf("refused movements wrote %d rows", n-before)
		}

		// All of a store may go.
		w.mustRecord(iid, "move", 300_500, "barra", "dispensario")
		w.mustRecord(iid, "move", 300_500, "dispensario", "barra")
		it := w.mustRecord(iid, "remove", 100_250, "dispensario", "")
		tot := it.InventoryMovement
		if tot.AddTotal != 1000_000 || tot.RemoveTotal != 100_250 || tot.MoveTotal != 901_500 || tot.AmountNow != 899_750 ||
			!maps.Equal(tot.ByLocation, map[string]amount.Milli{"dispensario": 200_250, "almacen_interno": 699_500}) || len(tot.Movement) != 5 {
			t.Fatalf("totals: %+v", tot)
		}
		if m := tot.Movement[0]; m.Action != "remove" || m.Amount != 100_250 || m.EmployeeName != "Almacen" || m.IID != iid || len(m.Images) != 0 {
			t.Fatalf("newest movement first: %+v", m)
		}
	})
}

// Two removals racing for the same grams: one wins, the other is refused,
// and the store never goes below zero.
func TestRacingRemovals(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		iid := w.item("Cosecha")
		w.mustRecord(iid, "add", 900_000, "almacen_interno", "")
		w.mustRecord(iid, "add", 200_250, "dispensario", "")
		wins := testkit.Race(t, 2, "inventory.not_enough", func() error {
			_, err := w.record(iid, "remove", 200_000, "dispensario", "")
			return err
		})
		if wins != 1 {
			t.Fatalf("%d of two racing removals of 200 g out of 200.25 g passed", wins)
		}
		list, err := w.s.List(w.ctx, w.alfa, iid)
		if err != nil {
			t.Fatal(err)
		}
		if tot := list[0].InventoryMovement; tot.AmountNow != 900_250 || tot.ByLocation["dispensario"] != 250 {
			t.Fatalf("after the race: %+v", tot)
		}
	})
}

// A club lists its own items, newest first, with their category's title;
// another club sees none of them, and asking for one by id finds nothing.
func TestListIsTheClubs(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		w := newWorld(t, k)
		first := w.item("Primera")
		second := w.item("Segunda")
		w.mustRecord(first, "add", 5000, "barra", "")
		w.mustRecord(second, "add", 7000, "barra", "")
		list, err := w.s.List(w.ctx, w.alfa, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].IID != second || list[1].IID != first || list[0].CategoryTitle != "Flores" ||
			list[0].InventoryMovement.AmountNow != 7000 || list[1].InventoryMovement.AmountNow != 5000 ||
			len(list[0].InventoryMovement.Movement) != 1 || list[1].InventoryMovement.Movement[0].IID != first {
			t.Fatalf("Alfa's list: %+v", list)
		}
		one, err := w.s.List(w.ctx, w.alfa, first)
		if err != nil || len(one) != 1 || one[0].IID != first {
			t.Fatalf("one item: %+v %v", one, err)
		}
		if list, err := w.s.List(w.ctx, w.beta, 0); err != nil || len(list) != 0 {
			t.Fatalf("Beta sees Alfa's inventory: %+v %v", list, err)
		}
		if _, err := w.s.List(w.ctx, w.beta, first); !errors.Is(err, inventory.ErrNotFound) {
			t.Fatalf("Beta reads Alfa's item: %v", err)
		}
	})
}
