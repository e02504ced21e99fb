package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/club"
	"socius/internal/inventory"
	"socius/internal/problem"
)

// Stock, club categories and the raw-material inventory.

type stockListInput struct {
	ProductQuery
	UnlimitedStock string `query:"unlimited_stock" enum:",true,false" doc:"false: only products whose stock is counted"`
}

func (s *Server) stockList(ctx context.Context, in *stockListInput) (*productListOutput, error) {
	f := in.filter()
	if in.UnlimitedStock != "" {
		u := in.UnlimitedStock == "true"
		f.Unlimited = &u
	}
	list, total, more, err := s.Catalog.List(ctx, info(ctx).Club.ID, f)
	out := &productListOutput{}
	out.Body.Data, out.Body.Total, out.Body.More = list, total, more
	return out, err
}

// StockRow is a row of the products form of a stock request.
type StockRow struct {
	PID       int64        `json:"pid"`
	Stock     amount.Milli `json:"stock" doc:"Signed change"`
	StockType string       `json:"stock_type" enum:"manual,stock"`
	Note      string       `json:"note,omitempty"`
}

// StockDataRow is a row of the data form of a stock request.
type StockDataRow struct {
	PID      int64        `json:"pid"`
	NewStock amount.Milli `json:"new_stock" doc:"Signed change"`
	Note     string       `json:"note,omitempty"`
}

type stockAdjustInput struct {
	Body struct {
		ClubAsocid
		Products  []StockRow     `json:"products,omitempty" maxItems:"1000"`
		Data      []StockDataRow `json:"data,omitempty" maxItems:"1000"`
		StockType string         `json:"stock_type,omitempty" enum:",manual,stock" doc:"Type of every row of data"`
	}
}

type stockAdjustOutput struct{ Body []catalog.StockMovement }

// stockAdjust takes both forms of spec part 2 §7: products[{pid, stock,
// stock_type, note}] or data[{pid, note, new_stock}] with one stock_type.
// Either way the number is the signed change (the modal's ± quantity, or the
// control screen's counted − current − jar weight).
func (s *Server) stockAdjust(ctx context.Context, in *stockAdjustInput) (*stockAdjustOutput, error) {
	var changes []catalog.StockChange
	for _, p := range in.Body.Products {
		changes = append(changes, catalog.StockChange{PID: p.PID, Kind: p.StockType, Quantity: p.Stock, Note: p.Note})
	}
	for _, d := range in.Body.Data {
		changes = append(changes, catalog.StockChange{PID: d.PID, Kind: in.Body.StockType, Quantity: d.NewStock, Note: d.Note})
	}
	ri := info(ctx)
	moves, err := s.Catalog.AdjustStock(ctx, ri.Club.ID, ri.User.ID, changes)
	var inv *problem.Invalid
	if errors.As(err, &inv) && len(in.Body.Data) > 0 && len(in.Body.Products) == 0 {
		// name the row as the request did: data[i] rather than products[i]
		inv.Field = strings.Replace(inv.Field, "products[", "data[", 1)
	}
	return &stockAdjustOutput{Body: moves}, err
}

type stockHistoryInput struct {
	PID       int64 `query:"pid" required:"true"`
	StartDate int64 `query:"start_date" doc:"Unix seconds; default 7 days ago"`
	EndDate   int64 `query:"end_date" doc:"Unix seconds; default now"`
}

type stockHistoryOutput struct{ Body []catalog.StockMovement }

func (s *Server) stockHistory(ctx context.Context, in *stockHistoryInput) (*stockHistoryOutput, error) {
	start, end := lastWeek(in.StartDate, in.EndDate)
	list, err := s.Catalog.History(ctx, info(ctx).Club.ID, in.PID, start, end)
	return &stockHistoryOutput{Body: list}, err
}

// Categories of each type

type clubCategoriesInput struct {
	Type string `query:"type" required:"true" enum:"dispensary,cash-register,weight_discrepancy,consumptionforecast,consumption_check,payment_methods,wallet,stock_alert"`
}

type clubCategoriesOutput struct{ Body []club.ClubCategory }

func (s *Server) clubCategories(ctx context.Context, in *clubCategoriesInput) (*clubCategoriesOutput, error) {
	list, err := s.Clubs.Categories(ctx, info(ctx).Club.ID, in.Type)
	return &clubCategoriesOutput{Body: list}, err
}

// mayEditCategory checks the gate of the dialog that owns a category type.
func (s *Server) mayEditCategory(ctx context.Context, typ string) error {
	screen, ok := club.CategoryScreens[typ]
	if !ok {
		return club.ErrCategoryType
	}
	ri := info(ctx)
	rule := access.Screen(screen)
	if !rule.FlagsOK(ri.Club.Flags) {
		return Fail(http.StatusForbidden, "access.feature", msgDenied, ri.User.Username)
	}
	if !rule.RolesOK(ri.Staff.Roles) {
		return Fail(http.StatusForbidden, "access.role", msgDenied, ri.User.Username)
	}
	if typ == "consumption_check" && !access.Supervisors.RolesOK(ri.Staff.Roles) {
		return club.ErrCheckSupervisorOnly
	}
	return nil
}

type clubCategoryCreateInput struct {
	Body struct {
		ClubAssociation
		Type  string `json:"type" enum:"dispensary,cash-register,weight_discrepancy,consumptionforecast,consumption_check,payment_methods,wallet,stock_alert"`
		Title string `json:"title,omitempty" maxLength:"200"`
	}
}

type clubCategoryOutput struct{ Body club.ClubCategory }

func (s *Server) clubCategoryCreate(ctx context.Context, in *clubCategoryCreateInput) (*clubCategoryOutput, error) {
	if err := s.mayEditCategory(ctx, in.Body.Type); err != nil {
		return nil, err
	}
	c, err := s.Clubs.SaveCategory(ctx, info(ctx).Club.ID, 0, in.Body.Type, in.Body.Title)
	if err != nil {
		return nil, err
	}
	return &clubCategoryOutput{Body: *c}, nil
}

type clubCategoryUpdateInput struct {
	NID  int64 `path:"nid"`
	Body struct {
		ClubAssociation
		Title string `json:"title,omitempty" maxLength:"200"`
	}
}

func (s *Server) clubCategoryUpdate(ctx context.Context, in *clubCategoryUpdateInput) (*clubCategoryOutput, error) {
	typ, err := s.Clubs.CategoryTypeOf(ctx, info(ctx).Club.ID, in.NID)
	if err != nil {
		return nil, err
	}
	if err := s.mayEditCategory(ctx, typ); err != nil {
		return nil, err
	}
	c, err := s.Clubs.SaveCategory(ctx, info(ctx).Club.ID, in.NID, typ, in.Body.Title)
	if err != nil {
		return nil, err
	}
	return &clubCategoryOutput{Body: *c}, nil
}

type clubCategoryDeleteInput struct {
	NID int64 `path:"nid"`
}

func (s *Server) clubCategoryDelete(ctx context.Context, in *clubCategoryDeleteInput) (*okOutput, error) {
	typ, err := s.Clubs.CategoryTypeOf(ctx, info(ctx).Club.ID, in.NID)
	if err != nil {
		return nil, err
	}
	if err := s.mayEditCategory(ctx, typ); err != nil {
		return nil, err
	}
	return &okOutput{}, s.Clubs.DeleteCategory(ctx, info(ctx).Club.ID, in.NID)
}

// Inventory

type inventoryListInput struct {
	NID int64 `query:"nid" doc:"One item"`
}

type inventoryListOutput struct{ Body []inventory.InventoryItem }

func (s *Server) inventoryList(ctx context.Context, in *inventoryListInput) (*inventoryListOutput, error) {
	list, err := s.Inventory.List(ctx, info(ctx).Club.ID, in.NID)
	return &inventoryListOutput{Body: list}, err
}

type inventorySaveInput struct {
	Body struct {
		ClubAsocid
		NID       int64  `json:"nid,omitempty" doc:"Set when editing"`
		Title     string `json:"title,omitempty" maxLength:"200"`
		Category  int64  `json:"category,omitempty"`
		Dominance string `json:"dominance,omitempty" enum:",indica,sativa,hibrido"`
		Type      string `json:"type,omitempty" enum:",indoor,outdoor,eco"`
		Status    *Flag  `json:"status,omitempty" doc:"Active (default yes)"`
	}
}

type inventoryItemOutput struct{ Body inventory.InventoryItem }

func (s *Server) inventorySave(ctx context.Context, in *inventorySaveInput) (*inventoryItemOutput, error) {
	b := in.Body
	it, err := s.Inventory.SaveItem(ctx, info(ctx).Club.ID, inventory.ItemInput{IID: b.NID, Title: b.Title, Category: b.Category,
		Type: b.Type, Dominance: b.Dominance, Status: b.Status == nil || bool(*b.Status)})
	if err != nil {
		return nil, err
	}
	return &inventoryItemOutput{Body: *it}, nil
}

type inventoryMoveInput struct {
	Body struct {
		ClubAsocid
		IID          int64        `json:"iid" required:"true"`
		Action       string       `json:"action" enum:"add,remove,move"`
		Amount       amount.Milli `json:"amount"`
		Cost         amount.Cents `json:"cost,omitempty"`
		Location     string       `json:"location" enum:"almacen_interno,almacen_externo,dispensario,barra"`
		FromLocation string       `json:"from_location,omitempty" enum:",almacen_interno,almacen_externo,dispensario,barra" doc:"Where a move takes the material from"`
		Note         string       `json:"note,omitempty"`
		Images       []string     `json:"images,omitempty" maxItems:"8"`
	}
}

func (s *Server) inventoryMove(ctx context.Context, in *inventoryMoveInput) (*inventoryItemOutput, error) {
	b, ri := in.Body, info(ctx)
	it, err := s.Inventory.Record(ctx, ri.Club.ID, ri.User.ID, inventory.MovementInput{IID: b.IID, Action: b.Action, Amount: b.Amount,
		Cost: b.Cost, Location: b.Location, FromLocation: b.FromLocation, Note: b.Note, Images: b.Images})
	if err != nil {
		return nil, err
	}
	return &inventoryItemOutput{Body: *it}, nil
}
