package cultivation

import (
	"cmp"
	"context"
	"slices"
	"time"

	"socius/internal/amount"
	"socius/internal/db"
)

// balances adds up the club's batches' (or one batch's) mass balance from
// their rows.
func balances(ctx context.Context, q db.Q, clubID, batchID int64) (map[int64]MassBalance, error) {
	rows, err := balanceRows(ctx, q, clubID, batchID)
	if err != nil {
		return nil, err
	}
	out := map[int64]MassBalance{}
	add := func(name string, set func(*MassBalance, amount.Milli)) {
		for _, r := range rows[name] {
			b := out[r.BatchID]
			set(&b, amount.Milli(r.Grams))
			out[r.BatchID] = b
		}
	}
	add("held", func(b *MassBalance, g amount.Milli) { b.Held = g })
	add("harvested", func(b *MassBalance, g amount.Milli) { b.Harvested = g })
	add("released", func(b *MassBalance, g amount.Milli) { b.Released = g })
	add("destroyedBatch", func(b *MassBalance, g amount.Milli) { b.DestroyedInBatch = g })
	add("destroyedStock", func(b *MassBalance, g amount.Milli) { b.DestroyedFromStock = g })
	add("sold", func(b *MassBalance, g amount.Milli) { b.Sold = g })
	add("refunded", func(b *MassBalance, g amount.Milli) { b.Refunded = g })
	add("inStock", func(b *MassBalance, g amount.Milli) { b.InStock = g })
	for id, b := range out {
		out[id] = b.settle()
	}
	return out, nil
}

// settle works out the two differences.
func (b MassBalance) settle() MassBalance {
	b.BatchDifference = b.Harvested - b.Released - b.DestroyedInBatch - b.Held
	b.StockDifference = b.Released - (b.Sold - b.Refunded) - b.DestroyedFromStock - b.InStock
	return b
}

// plus adds another balance's figures.
func (b MassBalance) plus(o MassBalance) MassBalance {
	b.Harvested += o.Harvested
	b.Released += o.Released
	b.DestroyedInBatch += o.DestroyedInBatch
	b.Held += o.Held
	b.Sold += o.Sold
	b.Refunded += o.Refunded
	b.DestroyedFromStock += o.DestroyedFromStock
	b.InStock += o.InStock
	return b.settle()
}

// BatchBalance is one batch's balance in the club's check.
type BatchBalance struct {
	BatchID int64       `json:"batch"`
	Strain  string      `json:"strain"`
	Balance MassBalance `json:"balance"`
	Holds   bool        `json:"holds"`
}

// StrainBalance is the balance of all of a strain's batches.
type StrainBalance struct {
	StrainID int64       `json:"strain"`
	Strain   string      `json:"strain_name"`
	Balance  MassBalance `json:"balance"`
	Holds    bool        `json:"holds"`
}

// BalanceCheck is GET /api/batch/balance: every batch's and strain's mass
// balance, and whether all of them hold.
type BalanceCheck struct {
	Holds    bool            `json:"holds"`
	Batches  []BatchBalance  `json:"batches"`
	Strains  []StrainBalance `json:"strains"`
	Failures int             `json:"failures" doc:"Batches whose balance does not hold"`
}

// CheckBalance adds up every batch's mass balance.
func (s *Service) CheckBalance(ctx context.Context, clubID int64) (*BalanceCheck, error) {
	bal, err := balances(ctx, s.db.R, clubID, 0)
	if err != nil {
		return nil, err
	}
	bs, err := batchStrains(ctx, s.db.R, clubID)
	if err != nil {
		return nil, err
	}
	out := &BalanceCheck{Holds: true, Batches: []BatchBalance{}, Strains: []StrainBalance{}}
	byStrain := map[int64]*StrainBalance{}
	for _, b := range bs {
		bb := bal[b.ID].settle()
		out.Batches = append(out.Batches, BatchBalance{BatchID: b.ID, Strain: b.Strain, Balance: bb, Holds: bb.Holds()})
		if !bb.Holds() {
			out.Holds = false
			out.Failures++
		}
		sb := byStrain[b.StrainID]
		if sb == nil {
			sb = &StrainBalance{StrainID: b.StrainID, Strain: b.Strain}
			byStrain[b.StrainID] = sb
		}
		sb.Balance = sb.Balance.plus(bb)
	}
	for _, sb := range byStrain {
		sb.Holds = sb.Balance.Holds()
		out.Strains = append(out.Strains, *sb)
	}
	slices.SortFunc(out.Batches, func(a, b BatchBalance) int { return cmp.Compare(a.BatchID, b.BatchID) })
	slices.SortFunc(out.Strains, func(a, b StrainBalance) int {
		return cmp.Or(cmp.Compare(a.Strain, b.Strain), cmp.Compare(a.StrainID, b.StrainID))
	})
	return out, nil
}

// ReportRow is one strain's line of the authorities' report (KCanG § 26(3)).
type AnnualReportRow struct {
	StrainID       int64           `json:"strain_id"`
	Strain         string          `json:"strain"`
	IntakeSeeds    int64           `json:"intake_seeds"`
	IntakeCuttings int64           `json:"intake_cuttings"`
	Harvested      amount.Milli    `json:"harvested_g" doc:"Dry grams harvested in the period"`
	Dispensed      amount.Milli    `json:"dispensed_g" doc:"Grams dispensed in the period, refunds deducted"`
	Destroyed      amount.Milli    `json:"destroyed_g" doc:"Grams destroyed in the period, in batches and from stock"`
	StockEnd       amount.Milli    `json:"stock_end_g" doc:"Grams in batches and in stock at the period's end"`
	AvgTHC         *amount.Percent `json:"avg_thc" nullable:"true" doc:"THC of what was dispensed (else harvested) in the period, weighted by grams; null: not known"`
	AvgCBD         *amount.Percent `json:"avg_cbd" nullable:"true"`
}

// Report is GET /api/report_annual.
type AnnualReport struct {
	From   int64             `json:"from"`
	To     int64             `json:"to"`
	Rows   []AnnualReportRow `json:"rows"`
	Totals AnnualReportRow   `json:"totals"`
}

// Period is the year, or a quarter or a month of it, in the club's zone.
func Period(year, quarter, month int, loc *time.Location) (from, to int64, err error) {
	if quarter != 0 && month != 0 {
		return 0, 0, errPeriod
	}
	start := time.Date(year, 1, 1, 0, 0, 0, 0, loc)
	end := start.AddDate(1, 0, 0)
	switch {
	case quarter != 0:
		start = start.AddDate(0, 3*(quarter-1), 0)
		end = start.AddDate(0, 3, 0)
	case month != 0:
		start = start.AddDate(0, month-1, 0)
		end = start.AddDate(0, 1, 0)
	}
	return start.Unix(), end.Unix() - 1, nil
}

// Report adds up, per strain, the seeds and cuttings taken in, the grams
// harvested, dispensed and destroyed between from and to, and the grams in
// batches and stock at to: now's figures less what happened after.
func (s *Service) AnnualReport(ctx context.Context, clubID, from, to int64) (*AnnualReport, error) {
	q := s.db.R
	bs, err := batchStrains(ctx, q, clubID)
	if err != nil {
		return nil, err
	}
	in, err := periodFigures(ctx, q, clubID, from, to)
	if err != nil {
		return nil, err
	}
	after, err := periodFigures(ctx, q, clubID, to+1, 1<<62)
	if err != nil {
		return nil, err
	}
	now, err := stockNow(ctx, q, clubID)
	if err != nil {
		return nil, err
	}
	intakes, err := intakeCounts(ctx, q, clubID, from, to)
	if err != nil {
		return nil, err
	}
	strains, err := strainList(ctx, q, clubID)
	if err != nil {
		return nil, err
	}
	sum := func(m map[string][]perBatch, name string) map[int64]int64 {
		out := map[int64]int64{}
		for _, r := range m[name] {
			out[r.BatchID] += r.Grams
		}
		return out
	}
	harvested, dispensed, destroyed := sum(in, "harvested"), sum(in, "dispensed"), sum(in, "destroyed")
	harvestedAfter, dispensedAfter, destroyedAfter := sum(after, "harvested"), sum(after, "dispensed"), sum(after, "destroyed")
	stock := sum(map[string][]perBatch{"now": now}, "now")

	rows := map[int64]*AnnualReportRow{}
	for _, st := range strains {
		rows[st.ID] = &AnnualReportRow{StrainID: st.ID, Strain: st.Name}
	}
	content := map[int64]*weights{}
	for _, b := range bs {
		r := rows[b.StrainID]
		if r == nil {
			continue
		}
		r.Harvested += amount.Milli(harvested[b.ID])
		r.Dispensed += amount.Milli(dispensed[b.ID])
		r.Destroyed += amount.Milli(destroyed[b.ID])
		// the stock then: now's, plus what left after, less what came after
		r.StockEnd += amount.Milli(stock[b.ID] + dispensedAfter[b.ID] + destroyedAfter[b.ID] - harvestedAfter[b.ID])
		w := content[b.StrainID]
		if w == nil {
			w = &weights{}
			content[b.StrainID] = w
		}
		w.dispensed = append(w.dispensed, weight{dispensed[b.ID], b.THC, b.CBD})
		w.harvested = append(w.harvested, weight{harvested[b.ID], b.THC, b.CBD})
	}
	for _, c := range intakes {
		if r := rows[c.StrainID]; r != nil {
			if c.Kind == Seed {
				r.IntakeSeeds += c.Count
			} else {
				r.IntakeCuttings += c.Count
			}
		}
	}
	out := &AnnualReport{From: from, To: to, Rows: []AnnualReportRow{}, Totals: AnnualReportRow{Strain: "Total"}}
	var all weights
	for _, st := range strains {
		r := rows[st.ID]
		if w := content[st.ID]; w != nil {
			r.AvgTHC, r.AvgCBD = w.average()
			all.dispensed = append(all.dispensed, w.dispensed...)
			all.harvested = append(all.harvested, w.harvested...)
		}
		if *r == (AnnualReportRow{StrainID: r.StrainID, Strain: r.Strain}) {
			continue // a strain with nothing in the period or in stock
		}
		out.Rows = append(out.Rows, *r)
		t := &out.Totals
		t.IntakeSeeds += r.IntakeSeeds
		t.IntakeCuttings += r.IntakeCuttings
		t.Harvested += r.Harvested
		t.Dispensed += r.Dispensed
		t.Destroyed += r.Destroyed
		t.StockEnd += r.StockEnd
	}
	out.Totals.AvgTHC, out.Totals.AvgCBD = all.average()
	return out, nil
}

// weight is a batch's grams in a period with its lab figures.
type weight struct {
	grams    int64
	thc, cbd *amount.Percent
}

// weights are a strain's batches' grams dispensed and harvested in a period.
type weights struct{ dispensed, harvested []weight }

// average is the THC and CBD of what was dispensed, weighted by grams, or of
// what was harvested when nothing with a known figure was dispensed.
func (w weights) average() (thc, cbd *amount.Percent) {
	for _, set := range [][]weight{w.dispensed, w.harvested} {
		thc = weighted(set, func(x weight) (int64, *amount.Percent) { return x.grams, x.thc })
		if thc != nil {
			return thc, weighted(set, func(x weight) (int64, *amount.Percent) { return x.grams, x.cbd })
		}
	}
	return nil, nil
}

// OrderPortions are what each line of the club's order took from each batch
// when it was sold.
func (s *Service) OrderPortions(ctx context.Context, clubID, orderID int64) ([]Portion, error) {
	return orderPortions(ctx, s.db.R, clubID, orderID)
}
