package httpapi

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/amount"
	"socius/internal/cultivation"
	"socius/internal/locale"
	"socius/internal/pdfdoc"
	"socius/internal/pos"
	"socius/internal/problem"
	"socius/internal/rules"
)

// Cultivation (issue 30): strains, seeds and cuttings taken in, batches with
// their harvest, lab results, destructions and releases, the mass balance,
// the authorities' report and the information slip.

func (s *Server) registerCultivationRoutes() {
	gate := func(screen, in string) Gate { return Club(screen, ClubRef{in, "association"}) }
	register(s, op("GET", "/api/strain", "strains", "The club's strains"), gate("strains", "query"), s.strains)
	register(s, op("POST", "/api/strain", "strainSave", "Add a strain, or edit one with its id"), gate("strains", "body"), s.strainSave)
	register(s, op("DELETE", "/api/strain/{id}", "strainDelete", "Delete a strain no batch or intake names"), gate("strains", "query"), s.strainDelete)
	register(s, op("GET", "/api/grow_intake", "growIntakes", "Seeds and cuttings taken in during a year"), gate("growintake", "query"), s.growIntakes)
	register(s, op("POST", "/api/grow_intake", "growIntakeAdd", "Record seeds or cuttings taken in, with their supplier"), gate("growintake", "body"), s.growIntakeAdd)
	register(s, op("GET", "/api/batch", "batches", "The club's batches, in one phase or all"), gate("batches", "query"), s.batches)
	register(s, op("POST", "/api/batch", "batchStart", "Start a batch"), gate("batches", "body"), s.batchStart)
	register(s, op("GET", "/api/batch/balance", "batchBalance", "The mass balance of every batch and strain"), gate("batches", "query"), s.batchBalance)
	register(s, op("GET", "/api/batch/{id}", "batch", "A batch with its timeline, products and balance"), gate("batch", "query"), s.batch)
	register(s, op("POST", "/api/batch/{id}/phase", "batchPhase", "Move a batch on to a later phase"), gate("batch", "body"), s.batchPhase)
	register(s, op("POST", "/api/batch/{id}/harvest", "batchHarvest", "Record a batch's harvest"), gate("batch", "body"), s.batchHarvest)
	register(s, op("POST", "/api/batch/{id}/lab", "batchLab", "Record a lab result"), gate("batch", "body"), s.batchLab)
	register(s, op("POST", "/api/batch/{id}/destroy", "batchDestroy", "Record grams or plants destroyed"), gate("batch", "body"), s.batchDestroy)
	register(s, op("POST", "/api/batch/{id}/release", "batchRelease", "Release dry grams from a batch into a product's stock"), gate("batch", "body"), s.batchRelease)
	register(s, op("GET", "/api/product_batches", "productBatches", "The batches whose grams are in a product's stock, in the order a sale takes them"),
		gate("product_batches", "query"), s.productBatches)
	// one path answers JSON or, with format, the spreadsheet (the issue's
	// contract), so its JSON body's schema is named here
	annual := op("GET", "/api/report_annual", "annualReport", "The authorities' report per strain for a year, a quarter or a month, or its spreadsheet")
	annual.Responses = map[string]*huma.Response{"200": {Description: "The report (JSON), or with format its xlsx or csv file",
		Content: map[string]*huma.MediaType{"application/json": {Schema: s.api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[cultivation.AnnualReport](), true, "")}}}}
	register(s, annual, gate("annualreport", "query"), s.annualReport)
	register(s, op("GET", "/api/order/{oid}/slip", "orderSlip", "The information slip of each dispensed line of a paid order (PDF)"),
		Club("order_slip", Query("asocid")), s.orderSlip)
}

type strainsOutput struct{ Body []cultivation.Strain }

func (s *Server) strains(ctx context.Context, _ *struct{}) (*strainsOutput, error) {
	list, err := s.Cultivation.Strains(ctx, info(ctx).Club.ID)
	return &strainsOutput{Body: list}, err
}

type strainSaveInput struct {
	Body struct {
		ClubAssociation
		ID     int64           `json:"id,omitempty" doc:"Set when editing"`
		Name   string          `json:"name" maxLength:"500"`
		THCMin *amount.Percent `json:"thc_min,omitempty"`
		THCMax *amount.Percent `json:"thc_max,omitempty"`
		CBDMin *amount.Percent `json:"cbd_min,omitempty"`
		CBDMax *amount.Percent `json:"cbd_max,omitempty"`
		Notes  string          `json:"notes,omitempty" maxLength:"10000"`
	}
}

type strainOutput struct{ Body *cultivation.Strain }

func (s *Server) strainSave(ctx context.Context, in *strainSaveInput) (*strainOutput, error) {
	b := in.Body
	st, err := s.Cultivation.SaveStrain(ctx, info(ctx).Club.ID, cultivation.StrainInput{ID: b.ID, Name: b.Name,
		THCMin: b.THCMin, THCMax: b.THCMax, CBDMin: b.CBDMin, CBDMax: b.CBDMax, Notes: b.Notes})
	return &strainOutput{Body: st}, err
}

type idPathInput struct {
	ID int64 `path:"id"`
}

func (s *Server) strainDelete(ctx context.Context, in *idPathInput) (*okOutput, error) {
	return &okOutput{}, s.Cultivation.DeleteStrain(ctx, info(ctx).Club.ID, in.ID)
}

type YearQuery struct {
	Year int `query:"year" minimum:"2000" maximum:"2200" doc:"Default: this year in the club's time zone"`
}

// year is the asked year, or this one in the club's zone.
func (y YearQuery) year(loc *time.Location) int {
	if y.Year != 0 {
		return y.Year
	}
	return time.Now().In(loc).Year()
}

type growIntakesOutput struct{ Body []cultivation.GrowIntake }

func (s *Server) growIntakes(ctx context.Context, in *YearQuery) (*growIntakesOutput, error) {
	c := info(ctx).Club
	from, to, err := cultivation.Period(in.year(c.Location()), 0, 0, c.Location())
	if err != nil {
		return nil, err
	}
	list, err := s.Cultivation.Intakes(ctx, c.ID, from, to)
	return &growIntakesOutput{Body: list}, err
}

type growIntakeInput struct {
	Body struct {
		ClubAssociation
		Strain          int64  `json:"strain"`
		Kind            string `json:"kind" enum:"seed,cutting"`
		Count           int64  `json:"count" minimum:"1" maximum:"1000000"`
		Supplier        string `json:"supplier" maxLength:"1000"`
		SupplierAddress string `json:"supplier_address,omitempty" maxLength:"2000"`
		Date            int64  `json:"date,omitempty" minimum:"0" maximum:"100000000000" doc:"When it came in, Unix seconds; default now"`
	}
}

type growIntakeOutput struct{ Body *cultivation.GrowIntake }

func (s *Server) growIntakeAdd(ctx context.Context, in *growIntakeInput) (*growIntakeOutput, error) {
	b, ri := in.Body, info(ctx)
	it, err := s.Cultivation.AddIntake(ctx, ri.Club.ID, ri.User.ID, cultivation.IntakeInput{StrainID: b.Strain, Kind: b.Kind, Count: b.Count,
		Supplier: b.Supplier, SupplierAddress: b.SupplierAddress, Received: b.Date})
	return &growIntakeOutput{Body: it}, err
}

type batchesInput struct {
	Phase string `query:"phase" enum:",germination,vegetative,flowering,drying,curing,done"`
}

type batchesOutput struct{ Body []cultivation.Batch }

func (s *Server) batches(ctx context.Context, in *batchesInput) (*batchesOutput, error) {
	list, err := s.Cultivation.Batches(ctx, info(ctx).Club.ID, in.Phase)
	return &batchesOutput{Body: list}, err
}

type batchStartInput struct {
	Body struct {
		ClubAssociation
		Strain  int64  `json:"strain"`
		Room    string `json:"room,omitempty" maxLength:"500"`
		Started int64  `json:"started,omitempty" minimum:"0" maximum:"100000000000" doc:"Unix seconds; default now"`
		Plants  int64  `json:"plants" minimum:"1" maximum:"1000000"`
	}
}

type batchOutput struct{ Body *cultivation.BatchDetail }

func (s *Server) batchStart(ctx context.Context, in *batchStartInput) (*batchOutput, error) {
	b, ri := in.Body, info(ctx)
	d, err := s.Cultivation.StartBatch(ctx, ri.Club.ID, ri.User.ID, cultivation.BatchInput{StrainID: b.Strain, Room: b.Room, Started: b.Started, Plants: b.Plants})
	return &batchOutput{Body: d}, err
}

type batchBalanceOutput struct{ Body *cultivation.BalanceCheck }

func (s *Server) batchBalance(ctx context.Context, _ *struct{}) (*batchBalanceOutput, error) {
	b, err := s.Cultivation.CheckBalance(ctx, info(ctx).Club.ID)
	return &batchBalanceOutput{Body: b}, err
}

func (s *Server) batch(ctx context.Context, in *idPathInput) (*batchOutput, error) {
	d, err := s.Cultivation.Batch(ctx, info(ctx).Club.ID, in.ID)
	return &batchOutput{Body: d}, err
}

type batchPhaseInput struct {
	ID   int64 `path:"id"`
	Body struct {
		ClubAssociation
		Phase string `json:"phase" enum:"germination,vegetative,flowering,drying,curing,done"`
	}
}

func (s *Server) batchPhase(ctx context.Context, in *batchPhaseInput) (*batchOutput, error) {
	ri := info(ctx)
	d, err := s.Cultivation.SetPhase(ctx, ri.Club.ID, ri.User.ID, in.ID, in.Body.Phase)
	return &batchOutput{Body: d}, err
}

type batchHarvestInput struct {
	ID   int64 `path:"id"`
	Body struct {
		ClubAssociation
		WetG        amount.Milli `json:"wet_g,omitempty"`
		DryG        amount.Milli `json:"dry_g"`
		HarvestedAt int64        `json:"harvested_at,omitempty" minimum:"0" maximum:"100000000000" doc:"Unix seconds; default now"`
		BestBefore  int64        `json:"best_before" minimum:"0" maximum:"100000000000"`
	}
}

func (s *Server) batchHarvest(ctx context.Context, in *batchHarvestInput) (*batchOutput, error) {
	b, ri := in.Body, info(ctx)
	d, err := s.Cultivation.Harvest(ctx, ri.Club.ID, ri.User.ID, in.ID, cultivation.HarvestInput{Wet: b.WetG, Dry: b.DryG, HarvestedAt: b.HarvestedAt, BestBefore: b.BestBefore})
	return &batchOutput{Body: d}, err
}

type batchLabInput struct {
	ID   int64 `path:"id"`
	Body struct {
		ClubAssociation
		THCPercent *amount.Percent `json:"thc_percent"`
		CBDPercent *amount.Percent `json:"cbd_percent,omitempty"`
		Lab        string          `json:"lab" maxLength:"1000"`
		SampledAt  int64           `json:"sampled_at,omitempty" minimum:"0" maximum:"100000000000" doc:"Unix seconds; default now"`
		Passed     bool            `json:"passed"`
	}
}

func (s *Server) batchLab(ctx context.Context, in *batchLabInput) (*batchOutput, error) {
	b, ri := in.Body, info(ctx)
	d, err := s.Cultivation.Lab(ctx, ri.Club.ID, ri.User.ID, in.ID, cultivation.LabInput{THC: b.THCPercent, CBD: b.CBDPercent, Lab: b.Lab, SampledAt: b.SampledAt, Passed: b.Passed})
	return &batchOutput{Body: d}, err
}

type batchDestroyInput struct {
	ID   int64 `path:"id"`
	Body struct {
		ClubAssociation
		Grams   amount.Milli `json:"grams,omitempty"`
		Plants  int64        `json:"plants,omitempty" minimum:"0" maximum:"1000000"`
		PID     int64        `json:"pid,omitempty" doc:"Grams destroyed from this product's stock rather than from the batch"`
		Reason  string       `json:"reason" maxLength:"2000"`
		Witness string       `json:"witness,omitempty" maxLength:"500"`
	}
}

func (s *Server) batchDestroy(ctx context.Context, in *batchDestroyInput) (*batchOutput, error) {
	b, ri := in.Body, info(ctx)
	d, err := s.Cultivation.Destroy(ctx, ri.Club.ID, ri.User.ID, in.ID, cultivation.DestroyInput{Grams: b.Grams, Plants: b.Plants, PID: b.PID, Reason: b.Reason, Witness: b.Witness})
	return &batchOutput{Body: d}, err
}

type batchReleaseInput struct {
	ID   int64 `path:"id"`
	Body struct {
		ClubAssociation
		PID   int64        `json:"pid"`
		Grams amount.Milli `json:"grams"`
	}
}

func (s *Server) batchRelease(ctx context.Context, in *batchReleaseInput) (*batchOutput, error) {
	b, ri := in.Body, info(ctx)
	d, err := s.Cultivation.Release(ctx, ri.Club.ID, ri.User.ID, in.ID, cultivation.ReleaseInput{PID: b.PID, Grams: b.Grams})
	return &batchOutput{Body: d}, err
}

type productBatchesInput struct {
	PID int64 `query:"pid" required:"true"`
}

type productBatchesOutput struct{ Body []cultivation.ProductBatch }

func (s *Server) productBatches(ctx context.Context, in *productBatchesInput) (*productBatchesOutput, error) {
	list, err := s.Cultivation.ProductBatches(ctx, info(ctx).Club.ID, in.PID)
	return &productBatchesOutput{Body: list}, err
}

type annualReportInput struct {
	YearQuery
	Quarter int    `query:"quarter" minimum:"0" maximum:"4" doc:"1 to 4: that quarter only (Malta's quarterly report)"`
	Month   int    `query:"month" minimum:"0" maximum:"12" doc:"1 to 12: that month only (a federation's monthly ledger)"`
	Format  string `query:"format" enum:",xlsx,csv" doc:"A spreadsheet instead of JSON"`
}

type annualReportOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               any
}

var annualReportHeader = locale.Words("Variedad", "Semillas recibidas", "Esquejes recibidos", "Cosechado (g)", "Dispensado (g)",
	"Destruido (g)", "Stock al cierre (g)", "THC medio (%)", "CBD medio (%)")

func (s *Server) annualReport(ctx context.Context, in *annualReportInput) (*annualReportOutput, error) {
	c := info(ctx).Club
	from, to, err := cultivation.Period(in.year(c.Location()), in.Quarter, in.Month, c.Location())
	if err != nil {
		return nil, err
	}
	r, err := s.Cultivation.AnnualReport(ctx, c.ID, from, to)
	if err != nil {
		return nil, err
	}
	if in.Format == "" {
		return &annualReportOutput{ContentType: "application/json", CacheControl: "no-store", Body: r}, nil
	}
	rows := make([][]any, 0, len(r.Rows)+1)
	for _, x := range append(r.Rows, r.Totals) {
		name := x.Strain
		if x.StrainID == 0 {
			name = tr(ctx, "Total")
		}
		rows = append(rows, []any{name, x.IntakeSeeds, x.IntakeCuttings, x.Harvested.Float(), x.Dispensed.Float(), x.Destroyed.Float(),
			x.StockEnd.Float(), percentCell(x.AvgTHC), percentCell(x.AvgCBD)})
	}
	title := [][]any{{c.Title}, {locale.Format(locale.From(ctx), "Del %s al %s", localDate(ctx, from, c.Location()), localDate(ctx, to, c.Location()))}}
	d, err := downloadTitled(ctx, in.Format, "annual-report", "Informe anual", title, annualReportHeader, rows)
	if err != nil {
		return nil, err
	}
	return &annualReportOutput{ContentType: d.ContentType, ContentDisposition: d.ContentDisposition, CacheControl: d.CacheControl, Body: d.Body}, nil
}

type orderSlipInput struct {
	OID  int64  `path:"oid"`
	Size string `query:"size" enum:"80mm,a6" default:"80mm" doc:"A receipt printer's 80 mm roll or an A6 sheet"`
}

// orderSlip is the information slip (KCanG § 21) of each dispensed line of a
// paid order: one per batch the line's grams came from, and one for grams
// from stock without a batch, with the rule pack's health warnings.
func (s *Server) orderSlip(ctx context.Context, in *orderSlipInput) (*downloadOutput, error) {
	c := info(ctx).Club
	o, err := s.POS.Get(ctx, c.ID, in.OID)
	if err != nil {
		return nil, err
	}
	if o.Status != "completed" {
		return nil, errSlipUnpaid
	}
	portions, err := s.Cultivation.OrderPortions(ctx, c.ID, o.OID)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, l := range o.Products {
		ids = append(ids, l.ID)
	}
	recorded, err := s.Register.SaleContent(ctx, c.ID, ids)
	if err != nil {
		return nil, err
	}
	rs, err := s.Rules.Get(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	warnings := ""
	if p := rules.PackByID(rs.Pack); p != nil {
		warnings = p.WarningsIn(locale.From(ctx))
	}
	lang := locale.From(ctx)
	day := func(t *int64) string {
		if t == nil {
			return "—"
		}
		return localDate(ctx, *t, c.Location())
	}
	pct := func(p *amount.Percent) string {
		if p == nil {
			return "—"
		}
		return percentText(lang, p) + " %"
	}
	slip := func(l pos.Line, strain string, grams amount.Milli, harvested, bestBefore *int64, thc, cbd *amount.Percent) pdfdoc.Slip {
		return pdfdoc.Slip{Title: tr(ctx, "Hoja informativa"), Text: warnings, Fields: [][2]string{
			{tr(ctx, "Club"), c.Title},
			{tr(ctx, "Pedido"), fmt.Sprintf("#%d · %s", o.OID, localTime(ctx, o.Paid, c.Location()))},
			{tr(ctx, "Producto"), l.Product.Title},
			{tr(ctx, "Variedad"), strain},
			{tr(ctx, "Peso"), gramsText(lang, grams) + " g"},
			{tr(ctx, "Cosecha"), day(harvested)},
			{tr(ctx, "Consumir preferentemente antes de"), day(bestBefore)},
			{tr(ctx, "THC medio"), pct(thc)},
			{tr(ctx, "CBD medio"), pct(cbd)},
		}}
	}
	var slips []pdfdoc.Slip
	for _, l := range o.Products {
		if l.Product.PID == 0 || l.Grams <= 0 {
			continue // fees and lines without grams are not dispensations
		}
		left := l.RealQuantity
		for _, p := range portions {
			if p.LineID == l.ID {
				slips = append(slips, slip(l, p.Strain, p.Grams, p.HarvestedAt, p.BestBefore, p.THC, p.CBD))
				left -= p.Grams
			}
		}
		if left > 0 {
			r := recorded[l.ID]
			slips = append(slips, slip(l, "—", left, nil, nil, r.THC, r.CBD))
		}
	}
	if len(slips) == 0 {
		return nil, errSlipNothing
	}
	b, err := pdfdoc.Slips(locale.Format(lang, "Hoja informativa — pedido #%d", o.OID), in.Size, slips)
	if err != nil {
		return nil, err
	}
	return &downloadOutput{ContentType: "application/pdf", CacheControl: "no-store",
		ContentDisposition: fmt.Sprintf(`inline; filename="slip-%d.pdf"`, o.OID), Body: b}, nil
}

var (
	errSlipUnpaid  = problem.Invalidf("slip.unpaid", "oid", "El pedido aún no está pagado: no tiene hoja informativa")
	errSlipNothing = problem.Invalidf("slip.nothing", "oid", "El pedido no tiene productos con gramos: no tiene hoja informativa")
)
