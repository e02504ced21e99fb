package httpapi

import (
	"context"
	"time"

	"socius/internal/locale"
	"socius/internal/pos"
	"socius/internal/report"
)

// The report screens (spec part 2 §7 "Orders and reports"): withdrawals,
// product performance, the charts, and every report's Excel and CSV export.
// Each route takes the gate of the screen it serves, so an export or a chart
// tells no one more than the report they may read.
func (s *Server) registerReportRoutes() {
	register(s, op("GET", "/api/report_withdrawals", "withdrawals", "Withdrawals: one row per product line of completed orders (19 a page) with the totals of the filter"),
		Club("dispensationReport", Query("asocid")), s.withdrawals)
	register(s, op("GET", "/api/report_withdrawals/export", "withdrawalsExport", "Every withdrawal of the filter as withdrawals.xlsx or withdrawals.csv"),
		Club("dispensationReport", Query("asocid")), s.withdrawalsExport)
	register(s, op("GET", "/api/report_dispensations", "dispensations", "The dispensation register: one row per product line with grams given (refunds negative, 19 a page), with the totals per member and month"),
		Club("dispensationregister", Query("asocid")), s.dispensationRegister)
	register(s, op("GET", "/api/report_dispensations/export", "dispensationsExport", "Every row of the register's filter as dispensations.xlsx, .csv or a printable dispensations.pdf"),
		Club("dispensationregister", Query("asocid")), s.dispensationRegisterExport)
	register(s, op("GET", "/api/report_sales_product", "salesByProduct", "Product performance: what each product sold in the period (15 a page), totals and top products"),
		Club("efficiencyReport", Query("asocid")), s.salesByProduct)
	register(s, op("GET", "/api/report_sales_product/export", "salesByProductExport", "Every product row of the filter as efficiency.xlsx or efficiency.csv"),
		Club("efficiencyReport", Query("asocid")), s.salesByProductExport)
	register(s, op("GET", "/api/order/export", "orderExport", "The orders of the filter as orders.xlsx or orders.csv"),
		Club("ordersReport", Query("asocid")), s.orderExport)
	register(s, op("GET", "/api/wallet_history/export", "walletExport", "The wallet movements of the period as wallet.xlsx or wallet.csv"),
		Club("walletReport", Query("asocid")), s.walletExport)
	register(s, op("GET", "/api/checkin_checkout/export", "accessExport", "Check-ins and check-outs of the period as accesscontrol.xlsx or accesscontrol.csv, titled with the range"),
		Club("accesscontrolreport", Query("association")), s.accessExport)
	register(s, op("GET", "/api/report_cash/export", "cashReportExport", "The movements of the current period or of a time range as cash.xlsx or cash.csv"),
		Club("closingreport", Query("asocid")), s.cashExport)
	register(s, op("GET", "/api/cash_close/export", "cashCloseExport", "The movements of one close (cid) as cash.xlsx or cash.csv"),
		Club("closeregisterhistory", Query("asocid")), s.cashCloseExport)
	register(s, op("GET", "/api/report_chart/sales", "chartSales", "Sales per local day by payment method (completed orders)"),
		Club("ordersReport", Query("asocid")), s.chartSales)
	register(s, op("GET", "/api/report_chart/wallet", "chartWallet", "Wallet top-ups against wallet spending per local day"),
		Club("walletReport", Query("asocid")), s.chartWallet)
	register(s, op("GET", "/api/report_chart/access", "chartAccess", "Check-ins per local hour of the day"),
		Club("accesscontrolreport", Query("asocid")), s.chartAccess)
}

// PeriodQuery is a report's period: unix seconds, the last 7 days to now by default.
type PeriodQuery struct {
	StartDate int64 `query:"start_date" minimum:"0" doc:"Unix seconds; default 7 days before end_date"`
	EndDate   int64 `query:"end_date" minimum:"0" doc:"Unix seconds; default now"`
}

func (p PeriodQuery) period() (report.Range, error) {
	return report.NewRange(lastWeek(p.StartDate, p.EndDate))
}

// reportMember refuses a report about a member (ms_id) who is not of the
// gate's club, so a report never says whether another club's member exists
// by answering an empty list for one and rows for the other.
func (s *Server) reportMember(ctx context.Context, id int64) error {
	if id == 0 {
		return nil
	}
	ours, err := s.Members.InClub(ctx, info(ctx).Club.ID, id)
	if err != nil {
		return err
	}
	if !ours {
		return pos.ErrMemberNotFound
	}
	return nil
}

type FormatQuery struct {
	Format string `query:"format" enum:"xlsx,csv" default:"xlsx"`
}

type WithdrawalsQuery struct {
	PeriodQuery
	MembershipID int64  `query:"membership_id" doc:"One member (the report's ms_id)"`
	Title        string `query:"title" maxLength:"100" doc:"Product contains (case-insensitive)"`
	Code         string `query:"code" maxLength:"100"`
	Category     string `query:"category" maxLength:"100"`
	Number       string `query:"number" maxLength:"20" doc:"Member number contains"`
	Nombre       string `query:"nombre" maxLength:"100"`
	Surname      string `query:"surname" maxLength:"100"`
	Limit        int    `query:"limit" minimum:"0" maximum:"1000" doc:"Default 19"`
	Page         int    `query:"page" minimum:"0" maximum:"1000000"`
}

func (s *Server) withdrawalFilter(ctx context.Context, in *WithdrawalsQuery) (report.WithdrawalFilter, error) {
	if err := s.reportMember(ctx, in.MembershipID); err != nil {
		return report.WithdrawalFilter{}, err
	}
	r, err := in.period()
	return report.WithdrawalFilter{Range: r, MemberID: in.MembershipID, Title: in.Title, Code: in.Code, Category: in.Category,
		Number: in.Number, Name: in.Nombre, Surname: in.Surname, Limit: in.Limit, Page: in.Page}, err
}

type withdrawalsOutput struct {
	Body struct {
		Data   []report.Withdrawal     `json:"data"`
		Total  int                     `json:"total" doc:"Rows the filter keeps"`
		Totals report.WithdrawalTotals `json:"totals"`
	}
}

func (s *Server) withdrawals(ctx context.Context, in *WithdrawalsQuery) (*withdrawalsOutput, error) {
	f, err := s.withdrawalFilter(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &withdrawalsOutput{}
	out.Body.Data, out.Body.Totals, err = s.Report.Withdrawals(ctx, info(ctx).Club.ID, f)
	out.Body.Total = out.Body.Totals.Lines
	return out, err
}

type withdrawalsExportInput struct {
	WithdrawalsQuery
	FormatQuery
}

var withdrawalsHeader = locale.Words("Pedido", "Fecha", "Producto", "SKU", "Categoría", "Cantidad", "Unidad", "Peso real (g)", "Total (€)",
	"Nº socio", "Nombre", "Apellido")

func (s *Server) withdrawalsExport(ctx context.Context, in *withdrawalsExportInput) (*downloadOutput, error) {
	f, err := s.withdrawalFilter(ctx, &in.WithdrawalsQuery)
	if err != nil {
		return nil, err
	}
	f.Limit, f.Page = -1, 0
	c := info(ctx).Club
	list, _, err := s.Report.Withdrawals(ctx, c.ID, f)
	if err != nil {
		return nil, err
	}
	rows := make([][]any, len(list))
	for i, w := range list {
		var real any
		unit := "u"
		if w.Type == "peso" {
			real, unit = w.RealQuantity.Float(), "g"
		}
		rows[i] = []any{w.OID, localTime(ctx, w.Date, c.Location()), w.Title, w.Code, w.Category, w.Quantity.Float(), unit, real, w.Total.Float(),
			w.Number, w.Name, w.Surname}
	}
	return download(ctx, in.Format, "withdrawals", "Retiradas", withdrawalsHeader, rows)
}

type SalesQuery struct {
	PeriodQuery
	CardID   int64  `query:"card_id" doc:"One member (the report's ms_id)"`
	Title    string `query:"title" maxLength:"100" doc:"Name contains (case-insensitive)"`
	Category string `query:"category" maxLength:"100" doc:"Category contains (case-insensitive)"`
	Limit    int    `query:"limit" minimum:"0" maximum:"1000" doc:"Default 15"`
	Page     int    `query:"page" minimum:"0" maximum:"1000000"`
}

func (s *Server) salesFilter(ctx context.Context, in *SalesQuery) (report.SalesFilter, error) {
	if err := s.reportMember(ctx, in.CardID); err != nil {
		return report.SalesFilter{}, err
	}
	r, err := in.period()
	return report.SalesFilter{Range: r, MemberID: in.CardID, Title: in.Title, Category: in.Category, Limit: in.Limit, Page: in.Page}, err
}

type salesOutput struct{ Body *report.Sales }

func (s *Server) salesByProduct(ctx context.Context, in *SalesQuery) (*salesOutput, error) {
	f, err := s.salesFilter(ctx, in)
	if err != nil {
		return nil, err
	}
	r, err := s.Report.Sales(ctx, info(ctx).Club.ID, f)
	return &salesOutput{Body: r}, err
}

type salesExportInput struct {
	SalesQuery
	FormatQuery
}

var salesHeader = locale.Words("Producto", "Categoría", "Pedidos", "Stock actual", "Cantidad despachada", "Unidad", "Coste total (€)",
	"Precio medio (€)", "Descuento (€)", "Ingreso bruto (€)", "Beneficio neto (€)")

func (s *Server) salesByProductExport(ctx context.Context, in *salesExportInput) (*downloadOutput, error) {
	f, err := s.salesFilter(ctx, &in.SalesQuery)
	if err != nil {
		return nil, err
	}
	f.Limit, f.Page = -1, 0
	r, err := s.Report.Sales(ctx, info(ctx).Club.ID, f)
	if err != nil {
		return nil, err
	}
	rows := make([][]any, len(r.Products))
	for i, p := range r.Products {
		var stock any = p.Stock.Float()
		if p.Unlimited {
			stock = "∞"
		}
		rows[i] = []any{p.Title, p.Category, p.Orders, stock, p.Quantity.Float(), unitOf(p.Type), p.CostTotal.Float(),
			p.AveragePrice.Float(), p.Discount.Float(), p.Amount.Float(), p.Profits.Float()}
	}
	return download(ctx, in.Format, "efficiency", "Rendimiento", salesHeader, rows)
}

func unitOf(productType string) string {
	if productType == "peso" {
		return "g"
	}
	return "u"
}

// localTime is a time as the club reads it, for a spreadsheet cell.
func localTime(ctx context.Context, t int64, loc *time.Location) string {
	if t == 0 {
		return ""
	}
	return time.Unix(t, 0).In(loc).Format(locale.DateTimeLayout(locale.From(ctx)))
}

type ChartQuery struct {
	PeriodQuery
	CardID int64 `query:"card_id" doc:"One member"`
}

func (s *Server) chartPeriod(ctx context.Context, in *ChartQuery) (report.Range, error) {
	if err := s.reportMember(ctx, in.CardID); err != nil {
		return report.Range{}, err
	}
	return in.period()
}

type chartSalesOutput struct{ Body []report.DaySales }

func (s *Server) chartSales(ctx context.Context, in *ChartQuery) (*chartSalesOutput, error) {
	r, err := s.chartPeriod(ctx, in)
	if err != nil {
		return nil, err
	}
	c := info(ctx).Club
	list, err := s.Report.SalesPerDay(ctx, c.ID, in.CardID, r, c.Location())
	return &chartSalesOutput{Body: list}, err
}

type chartWalletOutput struct{ Body []report.DayWallet }

func (s *Server) chartWallet(ctx context.Context, in *ChartQuery) (*chartWalletOutput, error) {
	r, err := s.chartPeriod(ctx, in)
	if err != nil {
		return nil, err
	}
	c := info(ctx).Club
	list, err := s.Report.WalletPerDay(ctx, c.ID, in.CardID, r, c.Location())
	return &chartWalletOutput{Body: list}, err
}

type chartAccessOutput struct{ Body []report.HourCount }

func (s *Server) chartAccess(ctx context.Context, in *ChartQuery) (*chartAccessOutput, error) {
	r, err := s.chartPeriod(ctx, in)
	if err != nil {
		return nil, err
	}
	c := info(ctx).Club
	list, err := s.Report.CheckinsPerHour(ctx, c.ID, in.CardID, r, c.Location())
	return &chartAccessOutput{Body: list}, err
}
