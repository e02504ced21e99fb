package club

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/problem"
)

// ClubCategory is a generic category of a club (spec part 2 §3 "Category").
type ClubCategory struct {
	NID         int64  `json:"nid" db:"id"`
	Association int64  `json:"association" db:"club_id"`
	Type        string `json:"type" db:"type"`
	Title       string `json:"title" db:"title"`
}

// CategoryScreens maps each association_category type to the side-menu
// dialog (a key of access.Screens) whose roles may change it. Member
// categories have their own calls (membership_category).
var CategoryScreens = map[string]string{
	"dispensary":          "productcategories",
	"cash-register":       "cashamounts",
	"weight_discrepancy":  "weightdiscrepancy",
	"consumptionforecast": "consumptionforecast",
	// "off" stops the point of sale refusing sales past a member's forecast
	"consumption_check": "consumptionforecast",
	"payment_methods":   "paymentmethods",
	"wallet":            "walletamounts",
	// grams or units at or below which a product counts as low on the today screen
	StockAlertType: "stockmanager",
}

// StockAlertType is the category type of the club's stock alert level.
const StockAlertType = "stock_alert"

// StockAlert is the club's stock alert level in thousandths (of a gram or a
// unit): a product with that stock or less is low. 0 when the club has not
// set one, so only what has run out is low.
func (s *Service) StockAlert(ctx context.Context, clubID int64) (amount.Milli, error) {
	titles, err := categoryTitles(ctx, s.db.R, clubID, StockAlertType, 1)
	if err != nil {
		return 0, err
	}
	if len(titles) == 0 {
		return 0, nil
	}
	v, err := amount.Parse(titles[0], 3)
	if err != nil || v < 0 {
		return 0, nil
	}
	return amount.Milli(v), nil
}

// The refusals of a club setting's change: an unknown type, and the
// forecast check that only a supervisor may switch (off, the counter lets
// every sale pass the monthly forecast, which only a supervisor may let one
// sale do; Caja keeps the dialog's other setting).
var (
	ErrCategoryType        = problem.Invalidf("category.type_invalid", "", "Tipo de categoría no válido")
	ErrCheckSupervisorOnly = problem.Refuse(problem.Forbidden, "category.check_supervisor_only",
		"Solo un Manager o un Administrador puede activar o desactivar el control de la previsión de consumo")
)

// ErrCategoryNotFound is a category of another club or an unknown id.
var ErrCategoryNotFound = &problem.NotFound{Code: "category.not_found", Message: "Categoría no encontrada"}

// CategoryTypeOf returns the type of one of the club's categories.
func (s *Service) CategoryTypeOf(ctx context.Context, clubID, nid int64) (string, error) {
	t, err := categoryTypes(ctx, s.db.R, clubID, nid)
	if err != nil {
		return "", err
	}
	if len(t) == 0 {
		return "", ErrCategoryNotFound
	}
	return t[0], nil
}

// Categories lists the club's categories of a type, oldest first (the
// settings dialogs edit the first one).
func (s *Service) Categories(ctx context.Context, clubID int64, typ string) ([]ClubCategory, error) {
	return categoriesOf(ctx, s.db.R, clubID, typ, typ == "dispensary")
}

// validCategoryTitle applies the rules of each type (spec part 2 §3 and §5)
// and returns the title as stored.
func validCategoryTitle(typ, title string) (string, error) {
	title = strings.TrimSpace(title)
	number := func(places int, max int64, msg string) (string, error) {
		v, err := amount.Parse(strings.ReplaceAll(title, ",", "."), places)
		if err != nil || title == "" || v < 0 || (max > 0 && v > max) {
			return "", problem.Invalidf("category.number_invalid", "title", "%s", msg)
		}
		return amount.Format(v, places), nil
	}
	switch typ {
	case "dispensary":
		if title == "" {
			return "", problem.Invalidf("category.title_required", "title", "El nombre de la categoría es obligatorio")
		}
		if len([]rune(title)) > 80 {
			return "", problem.Invalidf("category.title_too_long", "title", "El nombre no puede tener más de 80 caracteres")
		}
		return title, nil
	case "cash-register", "wallet":
		return number(2, 0, "El importe debe ser un número mayor o igual que 0")
	case "weight_discrepancy":
		return number(2, 10000, "El porcentaje debe ser un número entre 0 y 100")
	case "consumptionforecast":
		return number(3, 0, "La previsión de consumo debe ser un número mayor o igual que 0")
	case StockAlertType:
		return number(3, 1_000_000_000, "El aviso de stock debe ser un número mayor o igual que 0")
	case "consumption_check":
		if title != "on" && title != "off" {
			return "", problem.Invalidf("category.check_invalid", "title", "El valor debe ser on u off")
		}
		return title, nil
	case "payment_methods":
		var parts []string
		for _, m := range []string{"wallet", "card", "cash"} {
			if strings.Contains(title, m) {
				parts = append(parts, "-"+m)
			}
		}
		if len(parts) == 0 {
			return "", problem.Invalidf("payment_methods.none", "title", "Debes seleccionar al menos uno")
		}
		return strings.Join(parts, ""), nil
	}
	return "", problem.Invalidf("category.type_invalid", "type", "Tipo de categoría no válido")
}

// SaveCategory creates (nid 0) or updates a category.
func (s *Service) SaveCategory(ctx context.Context, clubID, nid int64, typ, title string) (*ClubCategory, error) {
	title, err := validCategoryTitle(typ, title)
	if err != nil {
		return nil, err
	}
	c := &ClubCategory{NID: nid, Association: clubID, Type: typ, Title: title}
	if nid == 0 {
		c.NID, err = insertCategory(ctx, s.db.W, clubID, typ, title, 0, time.Now().Unix())
		return c, err
	}
	found, err := updateCategory(ctx, s.db.W, clubID, nid, typ, title, nil)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrCategoryNotFound
	}
	return c, nil
}

// DeleteCategory removes a category. A product category still used by a
// product stays (the product needs one); deleted products forget it.
func (s *Service) DeleteCategory(ctx context.Context, clubID, nid int64) error {
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		n, err := productsInCategory(ctx, tx, nid)
		if err != nil {
			return err
		}
		if n > 0 {
			return problem.Invalidf("category.in_use", "nid", "No se puede eliminar una categoría que tiene %d productos: cámbialos de categoría antes", n).
				With("count", strconv.Itoa(n))
		}
		if err := catalog.ClearCategory(ctx, tx, nid); err != nil {
			return err
		}
		found, err := deleteCategory(ctx, tx, clubID, nid, "")
		if err != nil {
			return err
		}
		if !found {
			return ErrCategoryNotFound
		}
		return nil
	})
}

// SaveMemberCategory creates (nid 0) or updates a member category: a title
// and the discount its members get at the counter.
func (s *Service) SaveMemberCategory(ctx context.Context, clubID, nid int64, title string, descuento int) (*member.Category, error) {
	if err := member.ValidCategory(title, descuento); err != nil {
		return nil, err
	}
	title = strings.TrimSpace(title)
	if nid == 0 {
		id, err := insertCategory(ctx, s.db.W, clubID, member.CategoryType, title, descuento, time.Now().Unix())
		if err != nil {
			return nil, err
		}
		return &member.Category{NID: id, Title: title, Descuento: descuento, Association: clubID}, nil
	}
	found, err := updateCategory(ctx, s.db.W, clubID, nid, member.CategoryType, title, &descuento)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, member.ErrCategoryNotFound
	}
	return &member.Category{NID: nid, Title: title, Descuento: descuento, Association: clubID}, nil
}

// DeleteMemberCategory removes a member category; its members keep none.
func (s *Service) DeleteMemberCategory(ctx context.Context, clubID, nid int64) error {
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		found, err := deleteCategory(ctx, tx, clubID, nid, member.CategoryType)
		if err != nil {
			return err
		}
		if !found {
			return member.ErrCategoryNotFound
		}
		return member.ClearCategory(ctx, tx, clubID, nid)
	})
}
