package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"socius/internal/access"
	"socius/internal/db"
)

// A grow room's year: 30 strains, 150 batches harvested through the year
// and 250,000 dispensed lines taken from them (2 % refunded), with their
// destructions and intake, all inside this calendar year.
const (
	benchGrowLines   = 250_000
	benchGrowStrains = 30
	benchGrowBatches = 150
)

func loadGrowYear(ctx context.Context, d *db.DB, clubID int64, n int) error {
	loc, _ := time.LoadLocation("Europe/Madrid")
	now := time.Now()
	start := time.Date(now.In(loc).Year(), 1, 1, 0, 0, 0, 0, loc).Unix()
	span := now.Unix() - start
	insert := func(q string, rows []string, args []any, width int) error {
		for i := 0; i < len(rows); i += 500 {
			j := min(len(rows), i+500)
			if _, err := db.Exec(ctx, d.W, q+strings.Join(rows[i:j], ","), args[i*width:j*width]...); err != nil {
				return err
			}
		}
		return nil
	}
	var rows []string
	var args []any
	for i := range benchGrowStrains {
		rows = append(rows, "(?,?,?,?,?)")
		args = append(args, 8_000_000+i, clubID, fmt.Sprintf("Strain %02d", i), fmt.Sprintf("strain %02d", i), start)
	}
	if err := insert(`INSERT INTO strains (id, club_id, name, search, created) VALUES `, rows, args, 5); err != nil {
		return err
	}
	rows, args = nil, nil
	for i := range benchGrowStrains {
		rows = append(rows, "(?,?,'seed',?,'Samen GmbH',?,?)")
		args = append(args, clubID, 8_000_000+i, 10+i, start+int64(i)*86400, start)
	}
	if err := insert(`INSERT INTO grow_intakes (club_id, strain_id, kind, count, supplier, received, created) VALUES `, rows, args, 5); err != nil {
		return err
	}
	const dry = 2_000_000_000 // 2 kg a batch, milligrams
	rows, args = nil, nil
	var erows []string
	var eargs []any
	for i := range benchGrowBatches {
		id := 8_100_000 + i
		harvested := start + span*int64(i)/benchGrowBatches/2
		rows = append(rows, "(?,?,?,'Sala',?,20,20,'done',?,?,?,?,?,?,?,?)")
		args = append(args, id, clubID, 8_000_000+i%benchGrowStrains, harvested-90*86400, harvested, harvested, harvested+365*86400,
			dry, dry/4, 1500+rand.IntN(1500), 50, start)
		erows = append(erows, "(?,?,'harvest',?,?,?)", "(?,?,'destroy',?,?,?)")
		eargs = append(eargs, clubID, id, harvested, dry, start, clubID, id, harvested+86400, 10_000, start)
	}
	if err := insert(`INSERT INTO batches (id, club_id, strain_id, room, started, plants_start, plants, phase, phase_at, harvested_at, best_before,
		dry, held, thc, cbd, created) VALUES `, rows, args, 12); err != nil {
		return err
	}
	if err := insert(`INSERT INTO batch_events (club_id, batch_id, kind, at, grams, created) VALUES `, erows, eargs, 5); err != nil {
		return err
	}
	var pid int64
	if err := d.W.GetContext(ctx, &pid, d.W.Rebind(`SELECT id FROM products WHERE club_id = ? ORDER BY id LIMIT 1`), clubID); err != nil {
		return err
	}
	rows, args = nil, nil
	for i := range n {
		at := start + span*int64(i)/int64(n)
		batch := 8_100_000 + rand.IntN(benchGrowBatches)
		grams := int64(1000 + rand.IntN(4000))
		var refund any
		if i%50 == 0 {
			refund, grams = 9_000_000+i, -grams/2
		}
		rows = append(rows, "(?,?,?,?,?,?,?,?)")
		args = append(args, clubID, batch, pid, 6_000_000+i, 6_000_000+i, refund, grams, at)
		if len(rows) == 5000 || i == n-1 {
			if err := insert(`INSERT INTO batch_dispensations (club_id, batch_id, product_id, order_id, line_id, refund_id, grams, at) VALUES `, rows, args, 8); err != nil {
				return err
			}
			rows, args = rows[:0], args[:0]
		}
	}
	if d.Engine == db.Postgres {
		for _, t := range []string{"strains", "grow_intakes", "batches", "batch_events", "batch_dispensations"} {
			if _, err := d.W.ExecContext(ctx, `VACUUM ANALYZE `+t); err != nil {
				return err
			}
		}
		_, _ = d.W.ExecContext(ctx, `CHECKPOINT`)
		return nil
	}
	_, err := d.W.ExecContext(ctx, `ANALYZE`)
	return err
}

// benchCultivation: the authorities' report of this year and of a quarter
// over 250,000 dispensed lines.
func benchCultivation(ctx context.Context, e *env) []result {
	clubID, clients := benchClub(ctx, e, access.Manager, "dispensed lines from batches (a year)", benchGrowLines, func(ctx context.Context, d *db.DB, club int64, n int) error {
		if err := loadProducts(ctx, d, club, 10); err != nil {
			return err
		}
		return loadGrowYear(ctx, d, club, n)
	})
	year := time.Now().Year()
	annual := measure(e, "GET report_annual (a year)", func(w int) error {
		return clients[w].get(fmt.Sprintf("/api/report_annual?association=%d&year=%d", clubID, year))
	})
	quarter := measure(e, "GET report_annual (a quarter)", func(w int) error {
		return clients[w].get(fmt.Sprintf("/api/report_annual?association=%d&year=%d&quarter=%d", clubID, year, 1+rand.IntN(4)))
	})
	return withLimit(300*time.Millisecond, annual, quarter)
}
