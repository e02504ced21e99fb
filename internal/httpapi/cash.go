package httpapi

import (
	"context"
	"time"

	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/problem"
	"socius/internal/report"
)

// The till (spec part 2 §7 "Cash"): the current period's movements and
// cards, manual movements, closes and the cash reports.
func (s *Server) registerCashRoutes() {
	register(s, op("GET", "/api/cash_movement/", "cashMovements", "The current period's movements (15 a page, newest first) and its summary cards"),
		Club("movementsreport", Query("asocid")), s.cashMovements)
	register(s, op("POST", "/api/cash_movement", "cashMove", "Put cash into the box (amount > 0) or take it out (< 0)"),
		Club("cashmovement", Body("asocid")), s.cashMove)
	register(s, op("GET", "/api/cash_close/", "cashCloses", "The club's closes, newest first (19 a page); with cid, that close's report"),
		Club("closeregisterhistory", Query("asocid")), s.cashCloses)
	register(s, op("POST", "/api/cash_close", "cashClose", "Close the register: counted amount and note; the next period starts with the counted amount"),
		Club("closeregister", Body("asocid")), s.cashClose)
	register(s, op("GET", "/api/report_cash/", "cashReport", "Cash report: the current period, or the movements between start_date and end_date (a day)"),
		Club("closingreport", Query("asocid")), s.cashReport)
}

type cashMovementsInput struct {
	Limit int `query:"limit" minimum:"0" maximum:"1000" doc:"Default 15"`
	Page  int `query:"page" minimum:"0" maximum:"1000000"`
}

type cashMovementsOutput struct {
	Body struct {
		Summary   *cash.Summary   `json:"summary"`
		Movements []cash.Movement `json:"movements"`
		Total     int             `json:"total"`
	}
}

func (s *Server) cashMovements(ctx context.Context, in *cashMovementsInput) (*cashMovementsOutput, error) {
	clubID := info(ctx).Club.ID
	out := &cashMovementsOutput{}
	var err error
	if out.Body.Summary, err = s.Cash.Summarize(ctx, clubID, cash.Scope{}); err != nil {
		return nil, err
	}
	out.Body.Movements, out.Body.Total, err = s.Cash.Movements(ctx, clubID, cash.Scope{}, in.Limit, in.Page)
	return out, err
}

type cashMoveInput struct {
	Body struct {
		ClubAsocid
		Amount amount.Cents `json:"amount" doc:"Euros; negative for a withdrawal"`
		Note   string       `json:"note,omitempty" maxLength:"1000"`
	}
}

type cashMoveOutput struct{ Body *cash.Movement }

func (s *Server) cashMove(ctx context.Context, in *cashMoveInput) (*cashMoveOutput, error) {
	ri := info(ctx)
	m, err := s.Cash.Move(ctx, ri.Club.ID, ri.User.ID, in.Body.Amount, in.Body.Note)
	return &cashMoveOutput{Body: m}, err
}

type cashClosesInput struct {
	CID   int64 `query:"cid" doc:"One close: its report"`
	Limit int   `query:"limit" minimum:"0" maximum:"1000" doc:"Default 19"`
	Page  int   `query:"page" minimum:"0" maximum:"1000000"`
}

type cashClosesOutput struct {
	Body struct {
		Data   []cash.Close `json:"data"`
		Total  int          `json:"total"`
		Close  *cash.Close  `json:"close,omitempty" doc:"With cid: the close"`
		Report *cash.Report `json:"report,omitempty" doc:"With cid: its period's report"`
	}
}

func (s *Server) cashCloses(ctx context.Context, in *cashClosesInput) (*cashClosesOutput, error) {
	clubID := info(ctx).Club.ID
	out := &cashClosesOutput{}
	if in.CID != 0 {
		c, err := s.Cash.GetClose(ctx, clubID, in.CID)
		if err != nil {
			return nil, err
		}
		out.Body.Data, out.Body.Total, out.Body.Close = []cash.Close{*c}, 1, c
		if out.Body.Report, err = s.Cash.Report(ctx, clubID, cash.Scope{CloseID: c.CID}); err != nil {
			return nil, err
		}
		return out, s.cashChart(ctx, out.Body.Report)
	}
	var err error
	out.Body.Data, out.Body.Total, err = s.Cash.Closes(ctx, clubID, in.Limit, in.Page)
	return out, err
}

type cashCloseInput struct {
	Body struct {
		ClubAsocid
		CurrentAmount amount.Cents `json:"current_amount" doc:"Euros counted in the box"`
		Note          string       `json:"note,omitempty" maxLength:"1000"`
	}
}

type cashCloseOutput struct{ Body *cash.Close }

func (s *Server) cashClose(ctx context.Context, in *cashCloseInput) (*cashCloseOutput, error) {
	ri := info(ctx)
	c, err := s.Cash.CloseRegister(ctx, ri.Club.ID, ri.User.ID, in.Body.CurrentAmount, in.Body.Note)
	return &cashCloseOutput{Body: c}, err
}

type CashReportQuery struct {
	StartDate int64  `query:"start_date" doc:"Unix seconds; with end_date, the movements between them (the daily closing report); without, the current period"`
	EndDate   int64  `query:"end_date"`
	Day       string `query:"day" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$" doc:"A day (YYYY-MM-DD) in the club's time zone, 00:00:00 to 23:59:59; instead of start_date and end_date"`
	Status    string `query:"status" enum:"all,null," doc:"Accepted as the spec sends it; the report covers every movement of the scope"`
}

type cashReportOutput struct{ Body *cash.Report }

func (s *Server) cashReport(ctx context.Context, in *CashReportQuery) (*cashReportOutput, error) {
	sc, err := in.scope(info(ctx).Club.Location())
	if err != nil {
		return nil, err
	}
	r, err := s.Cash.Report(ctx, info(ctx).Club.ID, sc)
	if err != nil {
		return nil, err
	}
	return &cashReportOutput{Body: r}, s.cashChart(ctx, r)
}

// cashChart adds a report's sales per local day, from its first movement to
// its last (nothing for a scope without movements).
func (s *Server) cashChart(ctx context.Context, r *cash.Report) error {
	r.Chart = []report.DaySales{}
	if r.Summary.FirstMovement == 0 {
		return nil
	}
	c := info(ctx).Club
	var err error
	r.Chart, err = s.Report.SalesPerDay(ctx, c.ID, 0, report.Range{Start: r.Summary.FirstMovement, End: r.Summary.EndMovement}, c.Location())
	return err
}

// scope is the report's movements: a local day, a time range or the current period.
func (in *CashReportQuery) scope(loc *time.Location) (cash.Scope, error) {
	if in.Day == "" {
		return cash.Scope{Start: in.StartDate, End: in.EndDate}, nil
	}
	r, err := report.Day(in.Day, loc)
	if err != nil {
		return cash.Scope{}, problem.Invalidf("report.day", "day", "Fecha no válida")
	}
	return cash.Scope{Start: r.Start, End: r.End}, nil
}
