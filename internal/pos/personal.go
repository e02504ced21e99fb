package pos

import (
	"context"
	"math"
	"slices"

	pd "socius/internal/personaldata"
)

// PersonalData is what the counter holds about a member of the club: every
// order with its lines, coupons and refunds (a fee paid is an order's line),
// and the wallet's ledger, oldest first.
func (s *Service) PersonalData(ctx context.Context, clubID, memberID int64) ([]pd.Section, error) {
	rows, err := memberOrders(ctx, s.db.R, clubID, memberID)
	if err != nil {
		return nil, err
	}
	orders, err := s.expand(ctx, s.db.R, rows)
	if err != nil {
		return nil, err
	}
	wallet, err := walletHistory(ctx, s.db.R, clubID, memberID, 0, math.MaxInt64)
	if err != nil {
		return nil, err
	}
	slices.Reverse(wallet)
	return []pd.Section{ordersSection(orders), walletSection(wallet)}, nil
}

func ordersSection(orders []Order) pd.Section {
	list := pd.Table{Rows: [][]any{}, Columns: []pd.Column{{Label: "order.id", Width: 1, Number: true},
		{Label: "order.date", Width: 2}, {Label: "order.status", Width: 1.5}, {Label: "order.pay_type", Width: 1.5},
		{Label: "order.total", Width: 1.2, Number: true}, {Label: "order.refunded", Width: 1.2, Number: true}, {Label: "order.staff", Width: 2.5}}}
	lines := pd.Table{Title: "order.lines", Rows: [][]any{}, Columns: []pd.Column{{Label: "order.id", Width: 1, Number: true},
		{Label: "line.product", Width: 3.5}, {Label: "line.quantity", Width: 1.2, Number: true}, {Label: "line.grams", Width: 1.2, Number: true},
		{Label: "line.unit_price", Width: 1.2, Number: true}, {Label: "line.total", Width: 1.2, Number: true},
		{Label: "line.refunded", Width: 1.2, Number: true}}}
	refunds := pd.Table{Title: "order.refunds", Rows: [][]any{}, Columns: []pd.Column{{Label: "order.id", Width: 1, Number: true},
		{Label: "refund.date", Width: 2}, {Label: "refund.amount", Width: 1.2, Number: true}, {Label: "refund.pay_type", Width: 1.5},
		{Label: "refund.staff", Width: 2}, {Label: "refund.reason", Width: 3}}}
	for _, o := range orders {
		staff := o.Staff
		if o.PaidBy != "" && o.PaidBy != o.Staff {
			staff += " / " + o.PaidBy
		}
		list.Rows = append(list.Rows, []any{o.OID, pd.Time(max(o.Paid, o.Created)), pd.Term("status." + o.Status), payTerm(o.PayType),
			o.Total, o.Refunded, staff})
		for _, l := range o.Products {
			lines.Rows = append(lines.Rows, []any{o.OID, l.Product.Title, l.Quantity, l.Grams, l.UnitPrice, l.Total, l.RefundQuantity})
		}
		for _, r := range o.Refunds {
			refunds.Rows = append(refunds.Rows, []any{o.OID, pd.Time(r.Created), r.Amount, payTerm(r.PayType), r.By, r.Reason})
		}
	}
	return pd.Section{Key: "orders", Data: orders, Tables: []pd.Table{list, lines, refunds}}
}

func walletSection(moves []WalletMovement) pd.Section {
	t := pd.Table{Rows: [][]any{}, Columns: []pd.Column{{Label: "wallet.date", Width: 2}, {Label: "wallet.operation", Width: 1.6},
		{Label: "wallet.amount", Width: 1.2, Number: true}, {Label: "wallet.balance", Width: 1.2, Number: true},
		{Label: "wallet.pay_type", Width: 1.4}, {Label: "order.id", Width: 1, Number: true}, {Label: "wallet.staff", Width: 2.4}}}
	for _, m := range moves {
		var order any
		if m.OrderID != 0 {
			order = m.OrderID
		}
		t.Rows = append(t.Rows, []any{pd.Time(m.Date), pd.Term("wallet." + m.Operation), m.Amount, m.Balance, payTerm(m.PayType), order, m.Staff})
	}
	return pd.Section{Key: "wallet", Data: moves, Tables: []pd.Table{t}}
}

// payTerm is a payment method as a word of the export's dictionary ("" for none).
func payTerm(payType string) any {
	if payType == "" {
		return ""
	}
	return pd.Term("pay." + payType)
}
