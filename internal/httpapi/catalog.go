package httpapi

import (
	"context"
	"errors"
	"net/http"

	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/club"
	"socius/internal/files"
	"socius/internal/locale"
)

// Catalogue, stock, categories and inventory (spec part 2 §7 "Products",
// "Categories", "Inventory").
func (s *Server) registerCatalogRoutes() {
	register(s, op("GET", "/api/dispensario", "productList", "Products of the club, a page at a time (product manager, point of sale, barcode lookup)"),
		Club("products_read", Query("asocid")), s.productList)
	save := op("POST", "/api/dispensario", "productSave", "Create or edit a product")
	save.MaxBodyBytes = 48 << 20
	register(s, save, Club("product_write", Body("asocid")), s.productSave)
	register(s, op("POST", "/api/dispensario/delete", "productDelete", "Delete products (their sales and history stay)"),
		Club("product_delete", Body("asocid")), s.productDelete)
	register(s, op("GET", "/api/dispensario/export", "productExport", "Every matching product as productos.xlsx or productos.csv"),
		Club("product_export", Query("asocid")), s.productExport)
	register(s, op("GET", "/api/mobile_dispensario", "mobileProducts", "Published products for the club's members"), User(), s.mobileProducts)
	register(s, op("GET", "/api/list_item/retrieve", "publicProduct", "A published product by its public QR link's token"), Public(), s.publicProduct)
	register(s, op("GET", "/api/public_image/{id}", "publicImage", "An image of a published product, or a club's logo or page picture"), Public(), s.publicImage)
	register(s, op("GET", "/api/preset_product", "presetProducts", "The varieties repository"), User(), s.presetProducts)
	register(s, op("GET", "/api/preset_product/{slug}", "presetImage", "A variety's picture"), Public(), s.presetImage)

	item := op("POST", "/api/item", "basicItemSave", "Create or edit a basic product")
	item.MaxBodyBytes = 48 << 20
	register(s, item, Club("dispensaryproductcreatebasic", Body("asocid")), s.basicItemSave)
	register(s, op("GET", "/api/item", "basicItems", "Basic products of the club"), Club("dispensary", Query("asocid")), s.basicItems)
	register(s, op("POST", "/api/item/delete", "basicItemDelete", "Delete a basic product"),
		Club("dispensarymanagerbasic", Body("asocid")), s.basicItemDelete)

	register(s, op("GET", "/api/product_stock", "stockList", "Products with stock, for the stock control screen"),
		Club("stockmanager", Query("asocid")), s.stockList)
	register(s, op("POST", "/api/product_stock", "stockAdjust", "Adjust or count stock (one movement row per product, all or nothing)"),
		Club("stock_adjust", Body("asocid")), s.stockAdjust)
	register(s, op("GET", "/api/stock_history", "stockHistory", "A product's stock movements between two dates"),
		Club("productHistoryReport", Query("asocid")), s.stockHistory)

	register(s, op("GET", "/api/association_category/", "clubCategories", "Categories of one type"), Club("", Query("association")), s.clubCategories)
	register(s, op("POST", "/api/association_category", "clubCategoryCreate", "Create a category"), Club("", Body("association")), s.clubCategoryCreate)
	register(s, op("PUT", "/api/association_category/{nid}", "clubCategoryUpdate", "Update a category"), Club("", Body("association")), s.clubCategoryUpdate)
	register(s, op("DELETE", "/api/association_category/{nid}", "clubCategoryDelete", "Delete a category"), Club("", Query("association")), s.clubCategoryDelete)

	register(s, op("GET", "/api/inventory", "inventoryList", "Inventory items with their movements"), Club("inventorymanager", Query("asocid")), s.inventoryList)
	register(s, op("POST", "/api/inventory", "inventorySave", "Create or edit an inventory item"), Club("inventorymanager", Body("asocid")), s.inventorySave)
	move := op("POST", "/api/inventory_movement", "inventoryMove", "Record an inventory movement")
	move.MaxBodyBytes = 48 << 20
	register(s, move, Club("inventorymanager", Body("asocid")), s.inventoryMove)
}

// ProductQuery is the filter of the product lists.
type ProductQuery struct {
	Status   string `query:"status" enum:",0,1,true,false" doc:"1: published only; 0: unpublished only"`
	Code     string `query:"code" maxLength:"64" doc:"Exact code (barcode lookup)"`
	PID      int64  `query:"pid" doc:"One product, with its body and every image"`
	Search   string `query:"search" maxLength:"80" doc:"Words of the title, code or subtitle"`
	Category int64  `query:"category"`
	Sort     string `query:"sort" enum:",list_name,code,price,cost,stock,category,changed"`
	Desc     bool   `query:"desc"`
	Page     int    `query:"page" minimum:"0" maximum:"1000000" doc:"0-based"`
	Limit    int    `query:"limit" minimum:"0" maximum:"500" doc:"Page size; 0 = 50"`
	InStock  bool   `query:"in_stock" doc:"Only products that can be sold now: stock above 0 or unlimited (the point of sale); counting stops at 240 (more)"`
}

func (q *ProductQuery) filter() catalog.Filter {
	f := catalog.Filter{Kind: catalog.KindPro, Code: q.Code, PID: q.PID, Search: q.Search, Category: q.Category,
		Sort: q.Sort, Desc: q.Desc, Page: q.Page, Limit: q.Limit, Full: q.PID != 0, InStock: q.InStock}
	if q.InStock {
		// the counter's grid: a fragment typed at the counter is answered at once
		f.CountCap = catalog.CountCap
	}
	switch q.Status {
	case "1", "true":
		t := true
		f.Status = &t
	case "0", "false":
		f.Status = new(bool)
	}
	return f
}

type productListOutput struct {
	Body struct {
		Data  []catalog.Product `json:"data"`
		Total int               `json:"total"`
		More  bool              `json:"more,omitempty" doc:"More than total products match (in_stock lists stop counting at 240)"`
	}
}

func (s *Server) productList(ctx context.Context, in *ProductQuery) (*productListOutput, error) {
	list, total, more, err := s.Catalog.List(ctx, info(ctx).Club.ID, in.filter())
	out := &productListOutput{}
	out.Body.Data, out.Body.Total, out.Body.More = list, total, more
	return out, err
}

// productPayload is the create payload of spec part 2 §3.
type productPayload struct {
	ClubAsocid
	PID               int64         `json:"pid,omitempty" doc:"Set when editing"`
	Title             string        `json:"title,omitempty" maxLength:"200"`
	Body              string        `json:"body,omitempty"`
	Category          int64         `json:"category,omitempty"`
	Price             *amount.Cents `json:"price,omitempty"`
	Cost              amount.Cents  `json:"cost,omitempty"`
	Code              string        `json:"code,omitempty" maxLength:"100"`
	Type              string        `json:"type,omitempty" enum:",peso,unidad,unidades,ambos"`
	Dominance         string        `json:"dominance,omitempty" enum:",indica,sativa,hibrido"`
	THC               Flag          `json:"thc,omitempty"`
	MenuExport        Flag          `json:"menuexport,omitempty"`
	Status            Flag          `json:"status,omitempty" doc:"Published"`
	Discount          Flag          `json:"discount,omitempty"`
	UnlimitedStock    Flag          `json:"unlimited_stock,omitempty"`
	InventoryTracking bool          `json:"inventory_tracking,omitempty"`
	JarWeight         amount.Milli  `json:"jar_weight,omitempty"`
	UnitWeight        amount.Milli  `json:"unit_weight,omitempty"`
	Images            []string      `json:"images,omitempty" maxItems:"8" doc:"base64 data URLs for new images, /api/files/… for kept ones"`

	THCPercent *amount.Percent `json:"thc_percent,omitempty" doc:"Average THC content in percent"`
	CBDPercent *amount.Percent `json:"cbd_percent,omitempty" doc:"Average CBD content in percent"`
}

type productSaveInput struct{ Body productPayload }

type productOutput struct{ Body catalog.Product }

func (s *Server) productSave(ctx context.Context, in *productSaveInput) (*productOutput, error) {
	b := in.Body
	p, err := s.Catalog.Save(ctx, info(ctx).Club.ID, catalog.Input{PID: b.PID, Kind: catalog.KindPro, Title: b.Title, Body: b.Body,
		Category: b.Category, Price: b.Price, Cost: b.Cost, Code: b.Code, Type: b.Type, Dominance: b.Dominance, THC: bool(b.THC),
		THCPercent: b.THCPercent, CBDPercent: b.CBDPercent, MenuExport: bool(b.MenuExport), Status: bool(b.Status), Discount: bool(b.Discount), UnlimitedStock: bool(b.UnlimitedStock),
		InventoryTracking: b.InventoryTracking, JarWeight: b.JarWeight, UnitWeight: b.UnitWeight, Images: b.Images})
	if err != nil {
		return nil, err
	}
	return &productOutput{Body: *p}, nil
}

type productDeleteInput struct {
	Body struct {
		ClubAsocid
		PID           int64   `json:"pid,omitempty"`
		ProductsArray []int64 `json:"productsArray,omitempty" maxItems:"500"`
	}
}

type productDeleteOutput struct{ Body []catalog.DeleteResult }

func (s *Server) productDelete(ctx context.Context, in *productDeleteInput) (*productDeleteOutput, error) {
	pids := in.Body.ProductsArray
	if in.Body.PID != 0 {
		pids = append(pids, in.Body.PID)
	}
	res, err := s.Catalog.Delete(ctx, info(ctx).Club.ID, catalog.KindPro, pids)
	return &productDeleteOutput{Body: res}, err
}

type productExportInput struct {
	ProductQuery
	Format string `query:"format" enum:"xlsx,csv" default:"xlsx"`
}

var productExportHeader = locale.Words("Código", "Producto", "Categoría", "Precio", "Coste", "Stock", "Tipo", "Dominancia",
	"Exportar a carta", "THC", "Publicado", "Descuento", "Stock ilimitado", "Peso del bote", "Peso por unidad")

// productExport writes every product that matches the manager's filter.
func (s *Server) productExport(ctx context.Context, in *productExportInput) (*downloadOutput, error) {
	f := in.filter()
	f.Page, f.Limit = 0, -1
	list, _, _, err := s.Catalog.List(ctx, info(ctx).Club.ID, f)
	if err != nil {
		return nil, err
	}
	rows := make([][]any, len(list))
	for i, p := range list {
		rows[i] = []any{p.Code, p.Titulo, p.Categorias, p.Precio.Float(), p.Coste.Float(), p.Stock.Float(), p.Type, p.Dominance,
			yes(ctx, p.MenuExport), yes(ctx, p.THC), yes(ctx, p.Status), yes(ctx, p.Discount), yes(ctx, p.UnlimitedStock), p.JarWeight.Float(), p.UnitWeight.Float()}
	}
	return download(ctx, in.Format, "productos", "Productos", productExportHeader, rows)
}

type clubQuery struct {
	Asocid int64 `query:"asocid" required:"true"`
}

type publicProductsOutput struct{ Body []catalog.PublicProduct }

// mobileProducts lists the published products to any active member of the club.
func (s *Server) mobileProducts(ctx context.Context, in *clubQuery) (*publicProductsOutput, error) {
	st, err := s.Clubs.StaffOf(ctx, info(ctx).User.ID, in.Asocid)
	if errors.Is(err, club.ErrNoMemberRecord) || (err == nil && !st.Active) {
		return nil, Fail(http.StatusForbidden, "access.denied", msgDenied, info(ctx).User.Username)
	}
	if err != nil {
		return nil, err
	}
	if err := s.notSuspended(ctx, in.Asocid); err != nil {
		return nil, err
	}
	t := true
	list, _, _, err := s.Catalog.List(ctx, in.Asocid, catalog.Filter{Kind: catalog.KindPro, Status: &t, Limit: -1, Full: true})
	if err != nil {
		return nil, err
	}
	out := make([]catalog.PublicProduct, len(list))
	for i := range list {
		out[i] = catalog.PublicOf(&list[i])
	}
	return &publicProductsOutput{Body: out}, nil
}

type publicProductInput struct {
	Association int64  `query:"association" required:"true"`
	Item        string `query:"item" required:"true" maxLength:"64" doc:"The product's public_token (a random token, never its id)"`
}

type publicProductOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         catalog.PublicProduct
}

func (s *Server) publicProduct(ctx context.Context, in *publicProductInput) (*publicProductOutput, error) {
	p, err := s.Catalog.Public(ctx, in.Association, in.Item)
	if err != nil {
		return nil, err
	}
	// a suspended club publishes nothing: its products' links answer as an unpublished one's
	if c, err := s.Clubs.Get(ctx, in.Association); err != nil || c.Suspended {
		return nil, catalog.ErrNotFound
	}
	return &publicProductOutput{CacheControl: "no-cache", Body: *p}, nil
}

// publicImage serves to anyone an image of a published product (the QR link
// opens logged out) and a club's current logo and page pictures (the designed
// club page shows them from a sandboxed frame, which carries no session);
// other files stay behind /api/files.
func (s *Server) publicImage(ctx context.Context, in *fileInput) (*fileOutput, error) {
	ok, err := s.Catalog.PublicImage(ctx, in.ID)
	if err == nil && !ok {
		ok, err = s.Clubs.PageImage(ctx, in.ID)
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, files.ErrNotFound
	}
	f, err := s.Files.Get(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if !files.Public(f.Purpose) {
		return nil, files.ErrNotFound
	}
	// Not immutable: unpublishing the product, or replacing the club's picture, withdraws the image.
	return &fileOutput{ContentType: f.ContentType, Disposition: disposition(f), CacheControl: "public, max-age=3600", ETag: `"` + f.ID[:32] + `"`,
		CSP: fileCSP, Body: f.Data}, nil
}

type presetsOutput struct{ Body []catalog.Preset }

func (s *Server) presetProducts(ctx context.Context, _ *struct{}) (*presetsOutput, error) {
	list, err := catalog.Presets()
	return &presetsOutput{Body: list}, err
}

type presetImageInput struct {
	Slug string `path:"slug" pattern:"^[a-z0-9-]+\\.svg$"`
}

func (s *Server) presetImage(ctx context.Context, in *presetImageInput) (*fileOutput, error) {
	svg, ok := catalog.PresetImage(in.Slug[:len(in.Slug)-len(".svg")])
	if !ok {
		return nil, files.ErrNotFound
	}
	return &fileOutput{ContentType: "image/svg+xml", CacheControl: "public, max-age=86400", CSP: "sandbox; default-src 'none'; style-src 'unsafe-inline'", Body: svg}, nil
}

// Basic products

type basicItemInput struct {
	Body struct {
		ClubAsocid
		NID        int64    `json:"nid,omitempty" doc:"Set when editing"`
		ListNID    int64    `json:"listnid,omitempty" doc:"The list (a product category)"`
		Title      string   `json:"title,omitempty" maxLength:"200"`
		Subtitle   string   `json:"subtitle,omitempty" maxLength:"200"`
		Body       string   `json:"body,omitempty"`
		ShowInTV   *bool    `json:"showintv,omitempty" doc:"Shown on the TV menus (default yes)"`
		Valoration int      `json:"valoration,omitempty" minimum:"0" maximum:"5"`
		Images     []string `json:"images,omitempty" maxItems:"8"`
	}
}

func (s *Server) basicItemSave(ctx context.Context, in *basicItemInput) (*productOutput, error) {
	b := in.Body
	tv := b.ShowInTV == nil || *b.ShowInTV
	p, err := s.Catalog.Save(ctx, info(ctx).Club.ID, catalog.Input{PID: b.NID, Kind: catalog.KindBasic, Title: b.Title,
		Subtitle: b.Subtitle, Body: b.Body, Category: b.ListNID, Status: true, ShowInTV: tv, Valoration: b.Valoration, Images: b.Images})
	if err != nil {
		return nil, err
	}
	return &productOutput{Body: *p}, nil
}

type basicItemsOutput struct{ Body []catalog.Product }

func (s *Server) basicItems(ctx context.Context, _ *struct{}) (*basicItemsOutput, error) {
	list, _, _, err := s.Catalog.List(ctx, info(ctx).Club.ID, catalog.Filter{Kind: catalog.KindBasic, Limit: -1, Full: true})
	return &basicItemsOutput{Body: list}, err
}

type basicDeleteInput struct {
	Body struct {
		ClubAsocid
		NID int64 `json:"nid"`
	}
}

func (s *Server) basicItemDelete(ctx context.Context, in *basicDeleteInput) (*productDeleteOutput, error) {
	var pids []int64
	if in.Body.NID != 0 {
		pids = []int64{in.Body.NID}
	}
	res, err := s.Catalog.Delete(ctx, info(ctx).Club.ID, catalog.KindBasic, pids)
	return &productDeleteOutput{Body: res}, err
}

// Stock
