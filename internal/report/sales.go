package report

import (
	"cmp"
	"context"
	"slices"

	"socius/internal/amount"
)

// ProductSales is spec part 2 §3 Product sales row: what one product sold in
// completed orders of the period, less its refunds. Cost is the cost frozen
// on each line when it was sold; average price is per gram or unit.
type ProductSales struct {
	PID          int64        `json:"pid" db:"pid"`
	Title        string       `json:"title" db:"title"`
	Category     string       `json:"category" db:"category"`
	Type         string       `json:"type" db:"type"`
	Orders       int          `json:"order" db:"orders"`
	Stock        amount.Milli `json:"stock" db:"stock" doc:"The product's stock now"`
	Unlimited    bool         `json:"unlimited_stock" db:"-"`
	Quantity     amount.Milli `json:"quantity" db:"quantity" doc:"Grams or units dispatched"`
	CostTotal    amount.Cents `json:"cost_total" db:"cost_total"`
	AveragePrice amount.Cents `json:"average_price" db:"-" doc:"Gross income per gram or unit"`
	Discount     amount.Cents `json:"discount" db:"discount"`
	Amount       amount.Cents `json:"amount" db:"amount" doc:"Gross income"`
	Profits      amount.Cents `json:"profits" db:"-" doc:"Gross income less total cost"`
}

// SalesFilter narrows the performance report: the period, one member, and
// name and category (case-insensitive contains).
type SalesFilter struct {
	Range
	MemberID        int64
	Title, Category string
	Limit, Page     int // Limit < 0: every row (exports)
}

// SalesTotals are the performance report's header totals over every row the
// filter keeps (grams and units apart).
type SalesTotals struct {
	Products  int          `json:"products"`
	Orders    int          `json:"orders" doc:"Distinct orders"`
	Grams     amount.Milli `json:"grams"`
	Units     amount.Milli `json:"units"`
	CostTotal amount.Cents `json:"cost_total"`
	Discount  amount.Cents `json:"discount"`
	Amount    amount.Cents `json:"amount"`
	Profits   amount.Cents `json:"profits"`
}

// Sales is a page of the performance report, its totals and the charts'
// top products.
type Sales struct {
	Products  []ProductSales `json:"products"`
	Total     int            `json:"total" doc:"Rows the filter keeps"`
	Totals    SalesTotals    `json:"totals"`
	TopGrams  []ProductSales `json:"top_grams" doc:"The 10 weight products most dispatched by grams"`
	TopAmount []ProductSales `json:"top_amount" doc:"The 10 products with the most gross income"`
}

// SalesPageSize is the performance report's page (spec §9: 15).
const SalesPageSize = 15

// TopSize is how many products a top chart shows.
const TopSize = 10

// Sales groups the period's product lines by product in one query (a club
// has at most a few thousand products, so the groups are paged and totalled
// here), ordered by gross income.
func (s *Service) Sales(ctx context.Context, clubID int64, f SalesFilter) (*Sales, error) {
	rows, err := salesByProduct(ctx, s.db.R, clubID, f)
	if err != nil {
		return nil, err
	}
	orders, err := salesOrders(ctx, s.db.R, clubID, f)
	if err != nil {
		return nil, err
	}
	out := &Sales{Products: []ProductSales{}, Total: len(rows), TopGrams: []ProductSales{}, TopAmount: []ProductSales{}}
	all := make([]ProductSales, len(rows))
	t := &out.Totals
	t.Products, t.Orders = len(rows), orders
	for i, r := range rows {
		p := r.ProductSales
		p.Unlimited = r.Unlimited == 1
		p.Profits = p.Amount - p.CostTotal
		if p.Quantity > 0 { // an average is at most the amount per thousandth: it fits
			avg, _ := amount.MulDiv(int64(p.Amount), 1000, int64(p.Quantity))
			p.AveragePrice = amount.Cents(avg)
		}
		all[i] = p
		if p.Type == "peso" {
			t.Grams += p.Quantity
		} else {
			t.Units += p.Quantity
		}
		t.CostTotal, t.Discount, t.Amount, t.Profits = t.CostTotal+p.CostTotal, t.Discount+p.Discount, t.Amount+p.Amount, t.Profits+p.Profits
	}
	limit := f.Limit
	if limit == 0 {
		limit = SalesPageSize
	}
	if limit < 0 {
		out.Products = all
	} else if from := max(f.Page, 0) * limit; from < len(all) {
		out.Products = all[from:min(from+limit, len(all))]
	}
	out.TopAmount = append(out.TopAmount, all[:min(TopSize, len(all))]...)
	grams := slices.DeleteFunc(slices.Clone(all), func(p ProductSales) bool { return p.Type != "peso" || p.Quantity <= 0 })
	slices.SortStableFunc(grams, func(a, b ProductSales) int { return cmp.Compare(b.Quantity, a.Quantity) })
	out.TopGrams = append(out.TopGrams, grams[:min(TopSize, len(grams))]...)
	return out, nil
}
