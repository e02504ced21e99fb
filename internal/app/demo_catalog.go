package app

import (
	"context"
	"encoding/base64"

	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/inventory"
)

// demoProducts: category, preset variety (its text and picture), code, price
// €, cost €, type, stock today (grams or units: the month of history starts
// with this plus what it sells).
var demoProducts = []struct {
	category, preset, title, code string
	price, cost                   amount.Cents
	typ                           string
	stock                         amount.Milli
	unlimited                     bool
}{
	{"Flores", "amnesia-haze", "", "8400000000017", 900, 350, catalog.TypeWeight, 250_000, false},
	{"Flores", "critical", "", "8400000000024", 750, 280, catalog.TypeWeight, 420_500, false},
	{"Flores", "og-kush", "", "8400000000031", 1000, 400, catalog.TypeWeight, 180_250, false},
	{"Flores", "white-widow", "", "8400000000048", 850, 320, catalog.TypeWeight, 96_000, false},
	{"Flores", "northern-lights", "", "8400000000055", 800, 300, catalog.TypeWeight, 12_500, false},
	{"Flores", "gelato", "", "8400000000062", 1100, 450, catalog.TypeWeight, 60_000, false},
	{"Extracciones", "lemon-haze", "Lemon Haze Ice-o-lator", "8400000000079", 1500, 700, catalog.TypeWeight, 35_000, false},
	{"Extracciones", "zkittlez", "Zkittlez Rosin", "8400000000086", 2000, 1000, catalog.TypeWeight, 18_000, false},
	{"Comestibles", "", "Galleta de avena", "8400000000093", 400, 150, catalog.TypeUnit, 40_000, false},
	{"Comestibles", "", "Brownie", "8400000000109", 500, 180, catalog.TypeBoth, 24_000, false},
	{"Bebidas", "", "Agua mineral 50 cl", "8400000000116", 100, 30, catalog.TypeUnit, 0, true},
	{"Bebidas", "", "Café", "", 120, 25, catalog.TypeUnit, 0, true},
}

// demoProduct is a demo product as the history sells it.
type demoProduct struct {
	pid, category   int64
	title, kind     string
	code, typ       string
	price           amount.Cents
	unitWeight      amount.Milli
	stock           amount.Milli // today's
	unlimited, disc bool
}

// loadDemoCatalog fills the demo club's catalogue: product categories, a
// dozen products (their stock comes with the history, as adjustment
// movements like any stock), a basic list for the TV menus and two
// inventory items.
func (a *App) loadDemoCatalog(ctx context.Context, clubID, staffUID int64) ([]demoProduct, error) {
	cats := map[string]int64{}
	for _, title := range []string{"Flores", "Extracciones", "Comestibles", "Bebidas"} {
		c, err := a.Clubs.SaveCategory(ctx, clubID, 0, catalog.CategoryType, title)
		if err != nil {
			return nil, err
		}
		cats[title] = c.NID
	}
	for _, setting := range [][2]string{{"weight_discrepancy", "5"}, {"consumptionforecast", "60"}, {"cash-register", "150"}} {
		if _, err := a.Clubs.SaveCategory(ctx, clubID, 0, setting[0], setting[1]); err != nil {
			return nil, err
		}
	}
	presets, err := catalog.Presets()
	if err != nil {
		return nil, err
	}
	var out []demoProduct
	for _, d := range demoProducts {
		in := catalog.Input{Kind: catalog.KindPro, Title: d.title, Category: cats[d.category], Price: &d.price, Cost: d.cost,
			Code: d.code, Type: d.typ, Dominance: "hibrido", Status: true, MenuExport: true, UnlimitedStock: d.unlimited, THC: d.category != "Bebidas",
			// what the club grows and makes takes the members' category discounts and the coupons; drinks sell at their price
			Discount: d.category != "Bebidas"}
		for _, p := range presets {
			if p.Slug == d.preset {
				in.Body, in.Dominance, in.THC = p.Body, p.Dominance, p.THC
				if in.Title == "" {
					in.Title = p.Title
				}
				svg, _ := catalog.PresetImage(p.Slug)
				in.Images = []string{"data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)}
			}
		}
		if d.typ == catalog.TypeWeight {
			in.JarWeight = 32_000
		}
		if d.typ == catalog.TypeBoth {
			in.UnitWeight = 2_500
		}
		p, err := a.Catalog.Save(ctx, clubID, in)
		if err != nil {
			return nil, err
		}
		out = append(out, demoProduct{pid: p.PID, category: cats[d.category], title: in.Title, kind: d.category, code: d.code, typ: d.typ,
			price: d.price, unitWeight: in.UnitWeight, stock: d.stock, unlimited: d.unlimited, disc: in.Discount})
	}
	for _, b := range [][3]string{{"Flores", "Amnesia Haze", "Sativa de aroma cítrico"}, {"Flores", "Critical", "Índica clásica, dulce y terrosa"},
		{"Bebidas", "Café", "Espresso de tueste natural"}} {
		if _, err := a.Catalog.Save(ctx, clubID, catalog.Input{Kind: catalog.KindBasic, Title: b[1], Subtitle: b[2], Category: cats[b[0]],
			Status: true, ShowInTV: true, Valoration: 4}); err != nil {
			return nil, err
		}
	}
	for _, it := range []inventory.ItemInput{{Title: "Cosecha interior otoño", Category: cats["Flores"], Type: "indoor", Dominance: "indica", Status: true},
		{Title: "Cosecha exterior verano", Category: cats["Flores"], Type: "outdoor", Dominance: "sativa", Status: true}} {
		item, err := a.Inventory.SaveItem(ctx, clubID, it)
		if err != nil {
			return nil, err
		}
		if _, err := a.Inventory.Record(ctx, clubID, staffUID, inventory.MovementInput{IID: item.IID, Action: "add", Amount: 2_500_000,
			Cost: 120000, Location: "almacen_interno", Note: "Entrada de cosecha"}); err != nil {
			return nil, err
		}
		if _, err := a.Inventory.Record(ctx, clubID, staffUID, inventory.MovementInput{IID: item.IID, Action: "move", Amount: 500_000,
			FromLocation: "almacen_interno", Location: "dispensario", Note: "Para envasar"}); err != nil {
			return nil, err
		}
	}
	return out, nil
}
