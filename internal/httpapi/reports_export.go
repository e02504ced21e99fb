package httpapi

import (
	"context"
	"fmt"
	"strings"

	"socius/internal/cash"
	"socius/internal/locale"
	"socius/internal/pos"
)

// The reports' files: orders, wallet, access and cash movements.

type orderExportInput struct {
	OrderListQuery
	FormatQuery
}

var orderExportHeader = locale.Words("Pedido", "Fecha", "Estado", "Nº socio", "Nombre", "Apellido", "Productos", "Base (€)", "Descuento (€)",
	"Total (€)", "Reembolsado (€)", "Pago", "Cobrado por", "Motivo de la devolución")

func (s *Server) orderExport(ctx context.Context, in *orderExportInput) (*downloadOutput, error) {
	if err := s.reportMember(ctx, in.MembershipID); err != nil {
		return nil, err
	}
	c := info(ctx).Club
	var rows [][]any
	for page := 0; ; page++ {
		list, total, err := s.POS.List(ctx, c.ID, pos.Filter{Start: in.StartDate, End: in.EndDate, MemberID: in.MembershipID,
			Status: in.Status, Limit: pos.MaxPageSize, Page: page})
		if err != nil {
			return nil, err
		}
		for _, o := range list {
			lines := make([]string, len(o.Products))
			for i, l := range o.Products {
				lines[i] = fmt.Sprintf("%s × %s%s", l.Product.Title, decimalText(ctx, l.Quantity.String()), map[bool]string{true: " g"}[l.Product.Type == "peso"])
			}
			status := tr(ctx, "En proceso")
			if o.Status == pos.StatusCompleted {
				status = tr(ctx, "Completado")
			}
			rows = append(rows, []any{o.OID, localTime(ctx, max(o.Paid, o.Created), c.Location()), status, o.Card.Number, o.Card.Nombre, o.Card.Surname,
				strings.Join(lines, ", "), o.BasePrice.Float(), o.Discount.Float(), o.Total.Float(), o.Refunded.Float(), payName(ctx, o.PayType), o.PaidBy,
				refundReasons(o.Refunds)})
		}
		if len(list) == 0 || len(rows) >= total {
			break
		}
	}
	return download(ctx, in.Format, "orders", "Pedidos", orderExportHeader, rows)
}

// refundReasons is the reasons staff gave for an order's refunds, in order,
// the empty ones left out.
func refundReasons(refunds []pos.Refund) string {
	var out []string
	for _, r := range refunds {
		if r.Reason != "" {
			out = append(out, r.Reason)
		}
	}
	return strings.Join(out, " · ")
}

// payName is a payment method as the club's staff call it.
func payName(ctx context.Context, t string) string {
	switch t {
	case "cash":
		return tr(ctx, "Efectivo")
	case "tpv":
		return tr(ctx, "Tarjeta")
	case "wallet":
		return tr(ctx, "Monedero")
	}
	return t
}

type walletExportInput struct {
	WalletHistoryQuery
	FormatQuery
}

var walletHeader = locale.Words("Fecha", "Transacción", "Importe (€)", "Total acumulado (€)", "Tipo de pago", "Socio", "Nº socio", "Personal")

func (s *Server) walletExport(ctx context.Context, in *walletExportInput) (*downloadOutput, error) {
	if err := s.reportMember(ctx, in.CardID); err != nil {
		return nil, err
	}
	c := info(ctx).Club
	start, end := lastWeek(in.StartDate, in.EndDate)
	list, err := s.POS.WalletHistory(ctx, c.ID, in.CardID, start, end)
	if err != nil {
		return nil, err
	}
	names := map[string]string{"add": tr(ctx, "Recarga"), "remove": tr(ctx, "Corrección"), "order": tr(ctx, "Pedido"), "refund": tr(ctx, "Devolución")}
	rows := make([][]any, len(list))
	for i, w := range list {
		rows[i] = []any{localTime(ctx, w.Date, c.Location()), names[w.Operation], w.Amount.Float(), w.Balance.Float(), payName(ctx, w.PayType),
			strings.TrimSpace(w.Member.Nombre + " " + w.Member.Surname), w.Member.Number, w.Staff}
	}
	return download(ctx, in.Format, "wallet", "Monedero", walletHeader, rows)
}

type accessExportInput struct {
	AccessHistoryQuery
	FormatQuery
}

var accessHeader = locale.Words("ID", "Fecha", "Acción", "Nº socio", "Nombre", "Primer apellido", "Segundo apellido", "DNI")

func (s *Server) accessExport(ctx context.Context, in *accessExportInput) (*downloadOutput, error) {
	res, err := s.accessHistory(ctx, &in.AccessHistoryQuery)
	if err != nil {
		return nil, err
	}
	loc := info(ctx).Club.Location()
	rows := make([][]any, len(res.Body.Data))
	for i, a := range res.Body.Data {
		m := a.Membercard
		rows[i] = []any{a.ID, localTime(ctx, a.Datetime, loc), accessAction(ctx, a.Action), m.Number, m.Nombre, m.Surname, m.Surname2, m.DNI}
	}
	title := [][]any{{tr(ctx, "Control de accesos")},
		{locale.Format(locale.From(ctx), "Desde %s hasta %s", localTime(ctx, in.StartDate, loc), localTime(ctx, in.EndDate, loc))}, {}}
	return downloadTitled(ctx, in.Format, "accesscontrol", "Accesos", title, accessHeader, rows)
}

// accessAction is a check-in's action (ENTRA, SALE) in the request's language.
func accessAction(ctx context.Context, action string) string {
	switch action {
	case "ENTRA":
		return tr(ctx, "ENTRA")
	case "SALE":
		return tr(ctx, "SALE")
	}
	return action
}

type cashExportInput struct {
	CashReportQuery
	FormatQuery
}

type cashCloseExportInput struct {
	CID int64 `query:"cid" required:"true" doc:"The close"`
	FormatQuery
}

var cashHeader = locale.Words("Movimiento", "Fecha", "Tipo", "Método", "Importe (€)", "Pedido", "Personal", "Nota", "Estado")

func (s *Server) cashExport(ctx context.Context, in *cashExportInput) (*downloadOutput, error) {
	sc, err := in.scope(info(ctx).Club.Location())
	if err != nil {
		return nil, err
	}
	return s.cashMovementsFile(ctx, sc, in.Format)
}

func (s *Server) cashCloseExport(ctx context.Context, in *cashCloseExportInput) (*downloadOutput, error) {
	c, err := s.Cash.GetClose(ctx, info(ctx).Club.ID, in.CID)
	if err != nil {
		return nil, err
	}
	return s.cashMovementsFile(ctx, cash.Scope{CloseID: c.CID}, in.Format)
}

// cashMovementsFile writes a scope's movements, oldest first, and its box
// total as the last row.
func (s *Server) cashMovementsFile(ctx context.Context, sc cash.Scope, format string) (*downloadOutput, error) {
	c := info(ctx).Club
	list, _, err := s.Cash.Movements(ctx, c.ID, sc, -1, 0)
	if err != nil {
		return nil, err
	}
	sum, err := s.Cash.Summarize(ctx, c.ID, sc)
	if err != nil {
		return nil, err
	}
	types := map[string]string{"manual": tr(ctx, "Manual"), "automatic": tr(ctx, "Importe inicial"), "wallet": tr(ctx, "Monedero"), "order": tr(ctx, "Pedido")}
	rows := make([][]any, 0, len(list)+2)
	for i := len(list) - 1; i >= 0; i-- {
		m := list[i]
		var order any
		if m.OrderID != 0 {
			order = m.OrderID
		}
		status := tr(ctx, "Abierto")
		if m.Status == "closed" {
			status = tr(ctx, "Cerrado")
		}
		rows = append(rows, []any{m.MID, localTime(ctx, m.Created, c.Location()), types[m.Action], payName(ctx, m.PayType), m.Amount.Float(), order,
			m.Employee, m.Note, status})
	}
	rows = append(rows, []any{}, []any{nil, nil, tr(ctx, "Total en caja"), nil, sum.CashBoxTotalAmount.Float()})
	// the closes of the scope with what each found short or over, as the report shows them
	closes, err := s.Cash.ClosesIn(ctx, c.ID, sc)
	if err != nil {
		return nil, err
	}
	if len(closes) > 0 {
		head := []any{}
		for _, h := range locale.TextsIn(locale.From(ctx), locale.Words("Cierre", "Fecha", "Esperado (€)", "Contado (€)", "Diferencia (€)", "Personal", "Nota")) {
			head = append(head, h)
		}
		rows = append(rows, []any{}, head)
		for _, cl := range closes {
			rows = append(rows, []any{cl.CID, localTime(ctx, cl.Created, c.Location()), cl.Expected.Float(), cl.Counted.Float(), cl.Difference.Float(),
				cl.Worker, cl.Note})
		}
	}
	return download(ctx, format, "cash", "Caja", cashHeader, rows)
}
