package httpapi

import (
	"context"
	"fmt"
	"strings"
	"time"

	"socius/internal/amount"
	"socius/internal/locale"
	"socius/internal/pdfdoc"
	dispensations "socius/internal/register"
	"socius/internal/rules"
)

// The dispensation register (issue 28): its page, its spreadsheet and its
// printable PDF. The rows are the register's snapshots; the member's birth
// year is all it holds of the birth date.

type DispensationsQuery struct {
	PeriodQuery
	MembershipID int64 `query:"membership_id" doc:"One member"`
	Limit        int   `query:"limit" minimum:"0" maximum:"1000" doc:"Default 19"`
	Page         int   `query:"page" minimum:"0" maximum:"1000000"`
}

func (s *Server) dispensationFilter(ctx context.Context, in *DispensationsQuery) (dispensations.Filter, error) {
	if err := s.reportMember(ctx, in.MembershipID); err != nil {
		return dispensations.Filter{}, err
	}
	r, err := in.period()
	return dispensations.Filter{Start: r.Start, End: r.End, MemberID: in.MembershipID, Limit: in.Limit, Page: in.Page}, err
}

type dispensationsOutput struct{ Body *dispensations.RegisterPage }

func (s *Server) dispensationRegister(ctx context.Context, in *DispensationsQuery) (*dispensationsOutput, error) {
	f, err := s.dispensationFilter(ctx, in)
	if err != nil {
		return nil, err
	}
	r, err := s.Register.Report(ctx, info(ctx).Club.ID, f, info(ctx).Club.Location())
	return &dispensationsOutput{Body: r}, err
}

type dispensationsExportInput struct {
	DispensationsQuery
	Format string `query:"format" enum:"xlsx,csv,pdf" default:"xlsx"`
}

var dispensationsHeader = locale.Words("Fecha", "Pedido", "Nº socio", "Apellidos", "Nombre", "Año de nacimiento", "Producto", "Gramos",
	"THC (%)", "CBD (%)", "Atendido por")

// forgottenName stands in a forgotten row's name cells.
const forgottenName = "(datos personales retirados)"

func (s *Server) dispensationRegisterExport(ctx context.Context, in *dispensationsExportInput) (*downloadOutput, error) {
	f, err := s.dispensationFilter(ctx, &in.DispensationsQuery)
	if err != nil {
		return nil, err
	}
	f.Limit, f.Page = -1, 0
	c := info(ctx).Club
	r, err := s.Register.Report(ctx, c.ID, f, c.Location())
	if err != nil {
		return nil, err
	}
	if in.Format == "pdf" {
		rs, err := s.Rules.Get(ctx, c.ID)
		if err != nil {
			return nil, err
		}
		pack := rs.Pack
		if p := rules.PackByID(rs.Pack); p != nil {
			pack = p.Name
		}
		return registerPDF(ctx, c.Title, pack, f, r, c.Location())
	}
	rows := make([][]any, len(r.Rows))
	for i, d := range r.Rows {
		rows[i] = []any{localTime(ctx, d.Date, c.Location()), d.OID, nullCell(d.Number), surnames(ctx, d), nullCell(d.Nombre), nullCell(d.BirthYear), d.Product,
			d.Grams.Float(), percentCell(d.THC), percentCell(d.CBD), nullCell(d.Staff)}
	}
	return download(ctx, in.Format, "dispensations", "Dispensaciones", dispensationsHeader, rows)
}

// registerPDF is the printable register: the club and the period, the rule
// pack, every row, then the grams per member and month.
func registerPDF(ctx context.Context, clubName, pack string, f dispensations.Filter, r *dispensations.RegisterPage, loc *time.Location) (*downloadOutput, error) {
	lang := locale.From(ctx)
	day := func(t int64) string { return localDate(ctx, t, loc) }
	doc := pdfdoc.New(locale.Format(lang, "Registro de dispensaciones — %s", clubName), true,
		clubName+" · "+time.Now().In(loc).Format(locale.DateTimeLayout(lang)))
	doc.Line(locale.Format(lang, "Del %s al %s", day(f.Start), day(f.End)))
	doc.Line(locale.Format(lang, "Normas del club: %s", pack))
	doc.Line(locale.Format(lang, "%d dispensaciones; %s g en total, devoluciones descontadas", r.Total, gramsText(lang, r.Totals.Grams)))
	doc.Heading(tr(ctx, "Dispensaciones"))
	rows := make([][]string, len(r.Rows))
	for i, d := range r.Rows {
		product := d.Product
		if d.Refund {
			product += " (" + tr(ctx, "devolución") + ")"
		}
		rows[i] = []string{localTime(ctx, d.Date, loc), fmt.Sprint(d.OID), printed(d.Number), surnames(ctx, d), printed(d.Nombre), printed(d.BirthYear), product,
			gramsText(lang, d.Grams), percentText(lang, d.THC), percentText(lang, d.CBD), printed(d.Staff)}
	}
	doc.Table([]pdfdoc.Column{{Header: tr(ctx, "Fecha"), Width: 2.4}, {Header: tr(ctx, "Pedido"), Width: 1.1, Number: true},
		{Header: tr(ctx, "Nº socio"), Width: 1.1, Number: true}, {Header: tr(ctx, "Apellidos"), Width: 3}, {Header: tr(ctx, "Nombre"), Width: 2},
		{Header: tr(ctx, "Año nac."), Width: 1.1, Number: true}, {Header: tr(ctx, "Producto"), Width: 3},
		{Header: tr(ctx, "Gramos"), Width: 1.3, Number: true}, {Header: "THC %", Width: 1, Number: true}, {Header: "CBD %", Width: 1, Number: true},
		{Header: tr(ctx, "Atendido por"), Width: 2.2}}, rows, nil)
	doc.Heading(tr(ctx, "Totales por socio y mes"))
	totals := make([][]string, 0, len(r.Totals.ByMemberMonth)+1)
	for _, m := range r.Totals.ByMemberMonth {
		surname := printed(m.Surname)
		if m.MemberID == nil {
			surname = tr(ctx, forgottenName)
		}
		totals = append(totals, []string{printed(m.Number), surname, printed(m.Nombre), m.Month, gramsText(lang, m.Grams)})
	}
	totals = append(totals, []string{"", tr(ctx, "Total"), "", "", gramsText(lang, r.Totals.Grams)})
	doc.Table([]pdfdoc.Column{{Header: tr(ctx, "Nº socio"), Width: 1, Number: true}, {Header: tr(ctx, "Apellidos"), Width: 3},
		{Header: tr(ctx, "Nombre"), Width: 2}, {Header: tr(ctx, "Mes"), Width: 1}, {Header: tr(ctx, "Gramos"), Width: 1.2, Number: true}},
		totals, map[int]bool{len(totals) - 1: true})
	b, err := doc.Bytes()
	if err != nil {
		return nil, err
	}
	return &downloadOutput{ContentType: "application/pdf", ContentDisposition: `attachment; filename="dispensations.pdf"`, CacheControl: "no-store", Body: b}, nil
}

// surnames are a row's two surnames, or the mark of a forgotten row.
func surnames(ctx context.Context, d dispensations.DispensationRow) string {
	if d.Forgotten {
		return tr(ctx, forgottenName)
	}
	return strings.TrimSpace(printed(d.Surname) + " " + printed(d.Surname2))
}

// nullCell is a nullable value for a spreadsheet cell: empty when null.
func nullCell[T any](v *T) any {
	if v == nil {
		return nil
	}
	return *v
}

// printed is a nullable value as the PDF prints it: empty when null.
func printed[T any](v *T) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(*v)
}

func percentCell(p *amount.Percent) any {
	if p == nil {
		return nil
	}
	return float64(*p) / 100
}

// gramsText and percentText write a figure with all its decimals and the
// decimal comma of the register's Spanish, so the columns line up.
func gramsText(l locale.Lang, g amount.Milli) string { return fixed(l, int64(g), 1000, 3) }

func percentText(l locale.Lang, p *amount.Percent) string {
	if p == nil {
		return ""
	}
	return fixed(l, int64(*p), 100, 2)
}

// fixed writes v/unit with its decimals after the language's mark: a point
// in English, a comma in the other six.
func fixed(l locale.Lang, v, unit int64, places int) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d%s%0*d", sign, v/unit, locale.DecimalMark(l), places, v%unit)
}
