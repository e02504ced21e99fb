package member

import (
	"context"
	"strings"

	"socius/internal/problem"
)

// CategoryType is the generic category type of member categories.
const CategoryType = "membership"

// Categories lists the club's member categories by title.
func (s *Service) Categories(ctx context.Context, clubID int64) ([]Category, error) {
	return memberCategories(ctx, s.db.R, clubID)
}

// ValidCategory checks a member category's title and discount (percent).
func ValidCategory(title string, descuento int) error {
	if strings.TrimSpace(title) == "" {
		return invalid("category.title_required", "title", "El nombre de la categoría es obligatorio")
	}
	if descuento < 0 || descuento > 100 {
		return invalid("category.discount_range", "descuento", "El descuento debe estar entre 0 y 100")
	}
	return nil
}

// ErrCategoryNotFound is returned for a category of another club or type.
var ErrCategoryNotFound error = problem.NotFoundf("category.not_found", "Categoría no encontrada")
