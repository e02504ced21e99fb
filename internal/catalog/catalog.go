// Package catalog holds the club's products (professional and basic), their
// images, stock and stock movements, and the starter repository of preset
// varieties.
package catalog

import (
	"slices"
	"strings"

	"socius/internal/amount"
	"socius/internal/problem"
)

// Product kinds.
const (
	KindPro   = "pro"
	KindBasic = "basic"
)

// Product types (spec: peso | unidad | ambos; "unidades" is read as unidad).
const (
	TypeWeight = "peso"
	TypeUnit   = "unidad"
	TypeBoth   = "ambos"
)

// Stock movement types: the modal's manual adjustment, the stock control
// count, and later the point of sale's sales and refunds.
// Cultivation adds grams released from a batch and grams destroyed from
// stock, each naming its batch in the note.
const (
	MoveManual    = "manual"
	MoveCount     = "stock"
	MoveSale      = "sale"
	MoveRefund    = "refund"
	MoveBatch     = "batch"
	MoveDestroyed = "destroyed"
)

// CategoryType is the club category type of product categories (and basic lists).
const CategoryType = "dispensary"

// Limits.
const (
	MaxNote      = 200
	MaxTitle     = 120
	MaxCode      = 64
	MaxBody      = 20000
	MaxImages    = 8
	MaxPageSize  = 500
	DefaultLimit = 50
)

// Dominances of spec part 2 §9.
var Dominances = []string{"indica", "sativa", "hibrido"}

// Errors.
var (
	ErrNotFound         = &problem.NotFound{Code: "product.not_found", Message: "Producto no encontrado"}
	ErrCategoryNotFound = &problem.NotFound{Code: "category.not_found", Message: "Categoría no encontrada"}
	ErrNothingSelected  = problem.Invalidf("product.none_selected", "pid", "Primero debes seleccionar un producto")
)

// Messages several checks share (constants, so each is a format the API can translate).
const (
	errRequired          = "Obligatorio"
	errNegativeStockText = "El stock de %s no puede quedar por debajo de cero"
)

// MaxStockValue bounds what a product's stock is worth at its price or its
// cost (10.000.000 €): far above any club's shelf, and low enough that the
// value of every product of a club, and of every line sold, stays within
// int64 in Go and in both databases (docs/api-contract.md).
const MaxStockValue = 10_000_000 * 100

// checkStockValue refuses a price, cost and stock level whose product passes
// MaxStockValue; the caller's transaction then changes nothing.
func checkStockValue(title string, price, cost, stock int64) error {
	v, err := amount.MulDiv(max(price, cost, 0), max(stock, 0), 1000)
	if err != nil || v > MaxStockValue {
		return problem.Invalidf("product.value_too_large", "price", "El stock de %s no puede valer más de 10.000.000 € a su precio o a su coste", title).
			With("product", title)
	}
	return nil
}

// Image of a product: the stored image and its table thumbnail.
type Image struct {
	Img   string `json:"img"`
	Thumb string `json:"thumb"`
}

// Product is a product of the catalogue (spec part 2 §3 "Product").
type Product struct {
	PID               int64        `json:"pid" db:"id"`
	Kind              string       `json:"kind" db:"kind" enum:"pro,basic"`
	Titulo            string       `json:"titulo" db:"title"`
	Subtitle          string       `json:"subtitle" db:"subtitle"`
	Cuerpo            string       `json:"cuerpo" db:"body"`
	Precio            amount.Cents `json:"precio" db:"price"`
	Coste             amount.Cents `json:"coste" db:"cost"`
	Code              string       `json:"code" db:"code"`
	Category          *int64       `json:"category" db:"category_id"`
	Categorias        string       `json:"categorias" db:"category_title" doc:"Category title"`
	Imagenes          []Image      `json:"imagenes" db:"-" doc:"Every image of one product; the first only in lists"`
	Thumb             string       `json:"thumb" db:"-" doc:"Thumbnail of the first image, for tables"`
	Stock             amount.Milli `json:"stock" db:"stock"`
	Type              string       `json:"type" db:"type" enum:"peso,unidad,ambos"`
	Dominance         string       `json:"dominance" db:"dominance"`
	THC               bool         `json:"thc" db:"thc"`
	MenuExport        bool         `json:"menu_export" db:"menu_export"`
	Status            bool         `json:"status" db:"status" doc:"Published"`
	Discount          bool         `json:"discount" db:"discount"`
	UnlimitedStock    bool         `json:"unlimited_stock" db:"unlimited_stock"`
	InventoryTracking bool         `json:"inventory_tracking" db:"inventory_tracking"`
	JarWeight         amount.Milli `json:"jar_weight" db:"jar_weight"`
	UnitWeight        amount.Milli `json:"unit_weight" db:"unit_weight"`
	ShowInTV          bool         `json:"showintv" db:"showintv"`
	Valoration        int          `json:"valoration" db:"valoration"`
	ListName          string       `json:"list_name" db:"-" doc:"The name lists sort by"`
	PublicToken       string       `json:"public_token" db:"public_token" doc:"The item of the product's public link (its QR code): a random token, not the id"`
	Created           int64        `json:"created" db:"created"`
	Changed           int64        `json:"changed" db:"changed"`

	// The lab's figures (hundredths of a percent), which the young band's THC cap reads.
	THCPercent *amount.Percent `json:"thc_percent" db:"thc_percent" nullable:"true" doc:"Average THC content in percent; null: not known"`
	CBDPercent *amount.Percent `json:"cbd_percent" db:"cbd_percent" nullable:"true" doc:"Average CBD content in percent; null: not known"`
}

// PublicProduct is what anyone with the product's QR link sees: published
// data only (no cost, stock, code or internal flags).
type PublicProduct struct {
	PID        int64        `json:"pid"`
	Titulo     string       `json:"titulo"`
	Subtitle   string       `json:"subtitle"`
	Cuerpo     string       `json:"cuerpo"`
	Categorias string       `json:"categorias"`
	Precio     amount.Cents `json:"precio"`
	Type       string       `json:"type"`
	Dominance  string       `json:"dominance"`
	THC        bool         `json:"thc"`
	Imagenes   []Image      `json:"imagenes"`
	Club       string       `json:"club" doc:"Club name"`
}

// Input is a product create or edit (spec part 2 §3 create payload).
type Input struct {
	PID               int64
	Kind              string
	Title             string
	Subtitle          string
	Body              string
	Category          int64
	Price             *amount.Cents
	Cost              amount.Cents
	Code              string
	Type              string
	Dominance         string
	THC               bool
	MenuExport        bool
	Status            bool
	Discount          bool
	UnlimitedStock    bool
	InventoryTracking bool
	JarWeight         amount.Milli
	UnitWeight        amount.Milli
	ShowInTV          bool
	Valoration        int
	Images            []string

	THCPercent, CBDPercent *amount.Percent
}

// NormaliseType reads the two spellings of the unit type.
func NormaliseType(t string) string {
	if t == "unidades" {
		return TypeUnit
	}
	return t
}

// validate applies spec part 2 §5 and fixes what the rules fix (jar weight
// only for peso).
func (in *Input) validate() error {
	in.Title = strings.TrimSpace(in.Title)
	in.Code = strings.TrimSpace(in.Code)
	in.Type = NormaliseType(in.Type)
	switch {
	case in.Title == "":
		return problem.Invalidf("product.required", "title", errRequired)
	case len([]rune(in.Title)) > MaxTitle:
		return problem.Invalidf("product.title_too_long", "title", "El título no puede tener más de %d caracteres", MaxTitle)
	case len([]rune(in.Code)) > MaxCode:
		return problem.Invalidf("product.code_too_long", "code", "El código no puede tener más de %d caracteres", MaxCode)
	case len(in.Body) > MaxBody:
		return problem.Invalidf("product.body_too_long", "body", "La descripción es demasiado larga")
	case len(in.Images) > MaxImages:
		return problem.Invalidf("product.too_many_images", "images", "Como máximo %d imágenes", MaxImages)
	case in.Category == 0:
		return problem.Invalidf("product.required", "category", errRequired)
	case in.Valoration < 0 || in.Valoration > 5:
		return problem.Invalidf("product.valoration_range", "valoration", "La valoración va de 0 a 5")
	}
	if in.Kind == KindBasic {
		in.Type, in.Dominance, in.UnlimitedStock = TypeUnit, "", true
		return nil
	}
	switch {
	case in.Dominance == "":
		return problem.Invalidf("product.required", "dominance", errRequired)
	case !slices.Contains(Dominances, in.Dominance):
		return problem.Invalidf("product.dominance_invalid", "dominance", "La dominancia debe ser indica, sativa o hibrido")
	case in.Price == nil:
		return problem.Invalidf("product.required", "price", errRequired)
	case *in.Price < 0:
		return problem.Invalidf("product.price_negative", "price", "El precio no puede ser negativo")
	case in.Cost < 0:
		return problem.Invalidf("product.cost_negative", "cost", "El coste no puede ser negativo")
	case in.Type == "":
		return problem.Invalidf("product.required", "type", errRequired)
	case in.Type != TypeWeight && in.Type != TypeUnit && in.Type != TypeBoth:
		return problem.Invalidf("product.type_invalid", "type", "El tipo debe ser peso, unidad o ambos")
	case in.Type == TypeBoth && in.UnitWeight <= 0:
		return problem.Invalidf("product.unit_weight_required", "unit_weight", "El peso por unidad es obligatorio para los productos por peso y unidad")
	case in.UnitWeight < 0 || in.JarWeight < 0:
		return problem.Invalidf("product.weight_negative", "jar_weight", "Los pesos no pueden ser negativos")
	}
	if in.Type != TypeWeight {
		in.JarWeight = 0 // the jar weighs only with products sold by weight
	}
	return nil
}
