package cultivation_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/cultivation"
	"socius/internal/member"
	"socius/internal/pos"
	"socius/internal/problem"
	"socius/internal/register"
	"socius/internal/rules"
	"socius/internal/testkit"
)

// farm is a club that grows what it sells: a counter and a grow room on one
// clock the test moves, a weighed flower with counted stock, and Ana.
type farm struct {
	t           *testing.T
	k           *testkit.Kit
	ctx         context.Context
	now         time.Time
	pos         *pos.Service
	grow        *cultivation.Service
	club, admin int64
	flower      int64
	ana         int64
	budtender   pos.Actor
	madrid      *time.Location
}

var cashOnly = pos.Methods{Cash: true}

func newFarm(t *testing.T, k *testkit.Kit) *farm {
	t.Helper()
	madrid, _ := time.LoadLocation("Europe/Madrid")
	f := &farm{t: t, k: k, ctx: context.Background(), now: time.Date(2025, 1, 10, 10, 0, 0, 0, madrid), madrid: madrid}
	f.pos = k.App.POS.WithClock(func() time.Time { return f.now })
	f.grow = k.App.Cultivation.WithClock(func() time.Time { return f.now })
	f.club = k.Club("Alfa", access.Socios, access.SoftwareGestionClub, access.Cultivo)
	f.admin = k.User("admin", f.club, access.Administrador)
	f.budtender = pos.Actor{UserID: k.User("budtender", f.club, access.Budtender)}
	cat, err := k.App.Clubs.SaveCategory(f.ctx, f.club, 0, "dispensary", "Flores")
	if err != nil {
		t.Fatal(err)
	}
	// the member's monthly forecast is not what these tests are about
	if _, err := k.App.Clubs.SaveCategory(f.ctx, f.club, 0, "consumption_check", "off"); err != nil {
		t.Fatal(err)
	}
	price := amount.Cents(500)
	p, err := k.App.Catalog.Save(f.ctx, f.club, catalog.Input{Kind: catalog.KindPro, Title: "Amnesia", Category: cat.NID, Price: &price,
		Type: catalog.TypeWeight, Dominance: "sativa", Status: true})
	if err != nil {
		t.Fatal(err)
	}
	f.flower = p.PID
	name, surname, dni := "Ana", "García", "11111111H"
	born := time.Date(1990, 5, 20, 12, 0, 0, 0, madrid).Unix()
	m, err := k.App.Members.Save(f.ctx, f.club, member.Actor{UserID: f.admin, IsAdmin: true, Supervisor: true},
		member.Input{Nombre: &name, Surname: &surname, DNI: &dni, Birthday: &born})
	if err != nil {
		t.Fatal(err)
	}
	f.ana = m.NID
	return f
}

// must answers v, or stops the test (a panic fails it with its stack).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// refused says that err is a validation failure with the code.
func refused(t *testing.T, err error, code string) {
	t.Helper()
	var inv *problem.Invalid
	if !errors.As(err, &inv) || inv.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

func pct(v int64) *amount.Percent { p := amount.Percent(v); return &p }

// harvested starts a batch of the strain, grows it to flowering and harvests
// dry grams with a best-before date days after now.
func (f *farm) harvested(strain int64, dry int64, bestBeforeDays int) int64 {
	f.t.Helper()
	b := must(f.grow.StartBatch(f.ctx, f.club, f.admin, cultivation.BatchInput{StrainID: strain, Room: "Sala 1", Plants: 10,
		Started: f.now.AddDate(0, 0, -90).Unix()}))
	must(f.grow.SetPhase(f.ctx, f.club, f.admin, b.ID, cultivation.Flowering))
	must(f.grow.Harvest(f.ctx, f.club, f.admin, b.ID, cultivation.HarvestInput{Dry: amount.Milli(dry), Wet: amount.Milli(dry * 4),
		HarvestedAt: f.now.Unix(), BestBefore: f.now.AddDate(0, 0, bestBeforeDays).Unix()}))
	return b.ID
}

func (f *farm) passed(batch int64, thc, cbd int64) {
	f.t.Helper()
	must(f.grow.Lab(f.ctx, f.club, f.admin, batch, cultivation.LabInput{THC: pct(thc), CBD: pct(cbd), Lab: "Labor Nord", Passed: true}))
}

func (f *farm) release(batch, pid, grams int64) {
	f.t.Helper()
	must(f.grow.Release(f.ctx, f.club, f.admin, batch, cultivation.ReleaseInput{PID: pid, Grams: amount.Milli(grams)}))
}

func (f *farm) sell(grams int64) (int64, error) {
	o, err := f.pos.Save(f.ctx, f.club, f.budtender, pos.SaveInput{MemberID: f.ana, Lines: []pos.LineInput{{PID: f.flower, Quantity: amount.Milli(grams)}}})
	if err != nil {
		return 0, err
	}
	_, err = f.pos.Pay(f.ctx, f.club, f.budtender, cashOnly, pos.PayInput{OID: o.OID, MemberID: f.ana, Type: pos.PayCash})
	return o.OID, err
}

func (f *farm) sold(grams int64) int64 {
	f.t.Helper()
	return must(f.sell(grams))
}

func (f *farm) refund(oid, grams int64) error {
	_, err := f.pos.Refund(f.ctx, f.club, f.budtender, cashOnly, pos.RefundInput{OID: oid, PayType: pos.PayCash,
		Lines: []pos.RefundLine{{PID: f.flower, Quantity: amount.Milli(grams)}}})
	return err
}

func (f *farm) balanced() *cultivation.BalanceCheck {
	f.t.Helper()
	b := must(f.grow.CheckBalance(f.ctx, f.club))
	if !b.Holds {
		f.t.Fatalf("the mass balance does not hold: %+v", b)
	}
	return b
}

func (f *farm) stock() int64 {
	f.t.Helper()
	var s int64
	if err := f.k.App.DB.Get(f.ctx, &s, `SELECT stock FROM products WHERE id = ?`, f.flower); err != nil {
		f.t.Fatal(err)
	}
	return s
}

// From seed to member: a strain, its seeds, a batch through its phases and
// harvest, a lab result the law asks for before release, the grams released
// to a product whose THC follows them, a sale that takes the oldest
// best-before first and records the batches, a refund that gives the grams
// back to them, destructions in the batch and from stock; the balance holds.
func TestSeedToMember(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		f := newFarm(t, k)
		haze := must(f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Haze", THCMin: pct(15_00), THCMax: pct(22_00)}))
		_, err := f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: " háze "})
		refused(t, err, "strain.name_taken")
		_, err = f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Kush", THCMin: pct(20_00), THCMax: pct(10_00)})
		refused(t, err, "strain.thc_range")
		must(f.grow.AddIntake(f.ctx, f.club, f.admin, cultivation.IntakeInput{StrainID: haze.ID, Kind: cultivation.Seed, Count: 20,
			Supplier: "Samen GmbH", SupplierAddress: "Hauptstr. 1, Berlin"}))
		_, err = f.grow.AddIntake(f.ctx, f.club, f.admin, cultivation.IntakeInput{StrainID: haze.ID, Kind: "clone", Count: 1, Supplier: "X"})
		refused(t, err, "grow_intake.kind_invalid")

		// the law's rules: a passed lab result before any release
		must(k.App.Rules.Set(f.ctx, f.club, f.admin, rules.Change{Pack: rules.PackGermany}))
		b := must(f.grow.StartBatch(f.ctx, f.club, f.admin, cultivation.BatchInput{StrainID: haze.ID, Room: "Sala 1", Plants: 12,
			Started: f.now.AddDate(0, -3, 0).Unix()}))
		_, err = f.grow.Harvest(f.ctx, f.club, f.admin, b.ID, cultivation.HarvestInput{Dry: 1000_000, BestBefore: f.now.AddDate(1, 0, 0).Unix()})
		refused(t, err, "batch.not_flowering")
		must(f.grow.SetPhase(f.ctx, f.club, f.admin, b.ID, cultivation.Vegetative))
		_, err = f.grow.SetPhase(f.ctx, f.club, f.admin, b.ID, cultivation.Germination)
		refused(t, err, "batch.phase_backwards")
		must(f.grow.SetPhase(f.ctx, f.club, f.admin, b.ID, cultivation.Flowering))
		d := must(f.grow.Harvest(f.ctx, f.club, f.admin, b.ID, cultivation.HarvestInput{Wet: 4000_000, Dry: 1000_000,
			HarvestedAt: f.now.Unix(), BestBefore: f.now.AddDate(1, 0, 0).Unix()}))
		if d.Phase != cultivation.Drying || d.Held != 1000_000 || *d.Dry != 1000_000 {
			t.Fatalf("after the harvest: %+v", d.Batch)
		}
		_, err = f.grow.Harvest(f.ctx, f.club, f.admin, b.ID, cultivation.HarvestInput{Dry: 1, BestBefore: f.now.AddDate(1, 0, 0).Unix()})
		refused(t, err, "batch.harvested")

		_, err = f.grow.Release(f.ctx, f.club, f.admin, b.ID, cultivation.ReleaseInput{PID: f.flower, Grams: 100_000})
		refused(t, err, "batch.lab_missing")
		must(f.grow.Lab(f.ctx, f.club, f.admin, b.ID, cultivation.LabInput{THC: pct(30_00), Lab: "Labor Nord", Passed: false}))
		_, err = f.grow.Release(f.ctx, f.club, f.admin, b.ID, cultivation.ReleaseInput{PID: f.flower, Grams: 100_000})
		refused(t, err, "batch.lab_missing")
		f.passed(b.ID, 18_50, 50)
		_, err = f.grow.Release(f.ctx, f.club, f.admin, b.ID, cultivation.ReleaseInput{PID: f.flower, Grams: 1000_001})
		refused(t, err, "batch.grams_too_many")
		f.release(b.ID, f.flower, 400_000)
		if f.stock() != 400_000 {
			t.Fatalf("the product's stock after the release: %d", f.stock())
		}
		p := must(k.App.Catalog.Get(f.ctx, f.club, f.flower))
		if p.THCPercent == nil || *p.THCPercent != 18_50 || p.CBDPercent == nil || *p.CBDPercent != 50 {
			t.Fatalf("the product's content follows its batch: %v %v", p.THCPercent, p.CBDPercent)
		}

		// a younger batch with an earlier best-before date is sold first
		older := f.harvested(haze.ID, 200_000, 30)
		f.passed(older, 12_00, 1_00)
		f.release(older, f.flower, 5_000)
		p = must(k.App.Catalog.Get(f.ctx, f.club, f.flower))
		if want := amount.Percent((400_000*18_50 + 5_000*12_00 + 202_500) / 405_000); *p.THCPercent != want {
			t.Fatalf("THC weighted by grams: %s, want %s", p.THCPercent, want)
		}
		oid := f.sold(8_000) // 5 g from the older batch, 3 g from the first
		portions := must(f.grow.OrderPortions(f.ctx, f.club, oid))
		if len(portions) != 2 || portions[0].BatchID != older || portions[0].Grams != 5_000 || portions[1].BatchID != b.ID || portions[1].Grams != 3_000 {
			t.Fatalf("the sale's batches: %+v", portions)
		}
		reg := must(k.App.Register.Report(f.ctx, f.club, register.Filter{End: f.now.Unix() + 1}, f.madrid))
		if want := amount.Percent((5_000*12_00 + 3_000*18_50 + 4_000) / 8_000); reg.Rows[0].THC == nil || *reg.Rows[0].THC != want {
			t.Fatalf("the register records the batches' THC %s, got %v", want, reg.Rows[0].THC)
		}
		// the refund gives grams back to the batch taken last first
		if err := f.refund(oid, 4_000); err != nil {
			t.Fatal(err)
		}
		held := must(f.grow.ProductBatches(f.ctx, f.club, f.flower))
		if len(held) != 2 || held[0].BatchID != older || held[0].Grams != 1_000 || held[1].BatchID != b.ID || held[1].Grams != 400_000 {
			t.Fatalf("after the refund: %+v", held)
		}

		// destructions: in the batch, from stock (a movement naming the batch), plants
		must(f.grow.Destroy(f.ctx, f.club, f.admin, b.ID, cultivation.DestroyInput{Grams: 50_000, Reason: "Moho", Witness: "Eva"}))
		must(f.grow.Destroy(f.ctx, f.club, f.admin, b.ID, cultivation.DestroyInput{Grams: 10_000, PID: f.flower, Reason: "Caducado"}))
		_, err = f.grow.Destroy(f.ctx, f.club, f.admin, older, cultivation.DestroyInput{Grams: 2_000, PID: f.flower, Reason: "Caducado"})
		refused(t, err, "batch.stock_short")
		must(f.grow.Destroy(f.ctx, f.club, f.admin, b.ID, cultivation.DestroyInput{Plants: 2, Reason: "Plaga"}))
		_, err = f.grow.Destroy(f.ctx, f.club, f.admin, b.ID, cultivation.DestroyInput{Grams: 1, Plants: 1, Reason: "Plaga"})
		refused(t, err, "batch.destroy_what")
		_, err = f.grow.Destroy(f.ctx, f.club, f.admin, b.ID, cultivation.DestroyInput{Plants: 1, Reason: " … "})
		refused(t, err, "batch.reason_required")
		if n := k.Count("stock_movements", "product_id = ? AND type = ? AND note LIKE ?", f.flower, catalog.MoveDestroyed, "Lote #%"); n != 1 {
			t.Fatalf("one destroyed movement naming the batch, got %d", n)
		}

		d = must(f.grow.Batch(f.ctx, f.club, b.ID))
		want := cultivation.MassBalance{Harvested: 1000_000, Released: 400_000, DestroyedInBatch: 50_000, Held: 550_000,
			Sold: 3_000, Refunded: 3_000, DestroyedFromStock: 10_000, InStock: 390_000}
		if d.Balance != want || !d.Balanced || d.Plants != 10 {
			t.Fatalf("the batch's balance: %+v plants %d, want %+v", d.Balance, d.Plants, want)
		}
		f.balanced()
		if got, want := f.stock(), int64(391_000); got != want {
			t.Fatalf("the product's stock is its batches' grams: %d, want %d", got, want)
		}
		// a strain in use stays
		refused(t, f.grow.DeleteStrain(f.ctx, f.club, haze.ID), "strain.in_use")
	})
}

// The mass balance holds after any sequence of releases, sales, refunds and
// destructions, and the product's stock is always its batches' grams.
func TestMassBalanceHoldsUnderAnySequence(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		f := newFarm(t, k)
		rng := rand.New(rand.NewPCG(30, uint64(len(k.App.DB.Engine))))
		strain := must(f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Haze"}))
		batches := []int64{f.harvested(strain.ID, 500_000, 60), f.harvested(strain.ID, 300_000, 20), f.harvested(strain.ID, 400_000, 90)}
		for _, b := range batches {
			f.passed(b, int64(10_00+rng.IntN(15_00)), int64(rng.IntN(2_00)))
		}
		var orders []int64
		steps := map[string]int{}
		for i := range 60 {
			f.now = f.now.Add(time.Hour)
			b := batches[rng.IntN(len(batches))]
			grams := int64(1+rng.IntN(40)) * 1_000
			var err error
			switch op := rng.IntN(5); op {
			case 0:
				_, err = f.grow.Release(f.ctx, f.club, f.admin, b, cultivation.ReleaseInput{PID: f.flower, Grams: amount.Milli(grams)})
			case 1:
				var oid int64
				if oid, err = f.sell(grams / 4); err == nil {
					orders = append(orders, oid)
				}
			case 2:
				if len(orders) > 0 {
					err = f.refund(orders[rng.IntN(len(orders))], grams/10)
				}
			case 3:
				_, err = f.grow.Destroy(f.ctx, f.club, f.admin, b, cultivation.DestroyInput{Grams: amount.Milli(grams / 8), Reason: "Control"})
			case 4:
				_, err = f.grow.Destroy(f.ctx, f.club, f.admin, b, cultivation.DestroyInput{Grams: amount.Milli(grams / 8), PID: f.flower, Reason: "Control"})
			}
			var inv *problem.Invalid
			if err != nil && !errors.As(err, &inv) {
				t.Fatalf("step %d: %v", i, err)
			}
			if err == nil {
				steps["done"]++
			} else {
				steps[inv.Code]++
			}
			check := f.balanced()
			var inStock amount.Milli
			for _, bb := range check.Batches {
				inStock += bb.Balance.InStock
			}
			if int64(inStock) != f.stock() {
				t.Fatalf("step %d: the product holds %d, its batches %d", i, f.stock(), inStock)
			}
		}
		if steps["done"] < 30 {
			t.Fatalf("too few steps went through to prove anything: %v", steps)
		}
	})
}

// The authorities' report of a known year, to the gram: intake, harvest,
// sales less refunds, destruction and the stock at the year's end, per
// strain; the next year's sale does not change last year's report.
func TestAnnualReportOfAKnownYear(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		f := newFarm(t, k) // 10 January 2025
		haze := must(f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Haze"}))
		kush := must(f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Kush"}))
		must(f.grow.AddIntake(f.ctx, f.club, f.admin, cultivation.IntakeInput{StrainID: haze.ID, Kind: cultivation.Seed, Count: 20, Supplier: "Samen GmbH"}))
		must(f.grow.AddIntake(f.ctx, f.club, f.admin, cultivation.IntakeInput{StrainID: haze.ID, Kind: cultivation.Cutting, Count: 6, Supplier: "Verein Süd"}))
		f.now = time.Date(2025, 6, 15, 12, 0, 0, 0, f.madrid)
		a := f.harvested(haze.ID, 1000_000, 365)
		f.passed(a, 20_00, 1_00)
		f.release(a, f.flower, 800_000)
		f.now = time.Date(2025, 7, 1, 12, 0, 0, 0, f.madrid)
		o1 := f.sold(200_000)
		f.now = time.Date(2025, 9, 1, 12, 0, 0, 0, f.madrid)
		f.sold(100_000)
		if err := f.refund(o1, 20_000); err != nil {
			t.Fatal(err)
		}
		f.now = time.Date(2025, 12, 31, 22, 0, 0, 0, f.madrid)
		must(f.grow.Destroy(f.ctx, f.club, f.admin, a, cultivation.DestroyInput{Grams: 30_000, Reason: "Moho"}))
		// kush: started in 2025, harvested in 2026
		kb := must(f.grow.StartBatch(f.ctx, f.club, f.admin, cultivation.BatchInput{StrainID: kush.ID, Plants: 5}))
		f.now = time.Date(2026, 1, 10, 12, 0, 0, 0, f.madrid)
		f.sold(50_000)
		must(f.grow.SetPhase(f.ctx, f.club, f.admin, kb.ID, cultivation.Flowering))
		must(f.grow.Harvest(f.ctx, f.club, f.admin, kb.ID, cultivation.HarvestInput{Dry: 70_000, BestBefore: f.now.AddDate(1, 0, 0).Unix()}))

		from, to := must2(cultivation.Period(2025, 0, 0, f.madrid))
		r := must(f.grow.AnnualReport(f.ctx, f.club, from, to))
		if len(r.Rows) != 1 {
			t.Fatalf("2025 has Haze only (Kush grew nothing yet): %+v", r.Rows)
		}
		h := r.Rows[0]
		if h.Strain != "Haze" || h.IntakeSeeds != 20 || h.IntakeCuttings != 6 || h.Harvested != 1000_000 || h.Dispensed != 280_000 ||
			h.Destroyed != 30_000 || h.StockEnd != 690_000 || h.AvgTHC == nil || *h.AvgTHC != 20_00 || *h.AvgCBD != 1_00 {
			t.Fatalf("Haze in 2025: %+v", h)
		}
		if r.Totals.StockEnd != 690_000 || r.Totals.Dispensed != 280_000 {
			t.Fatalf("2025's totals: %+v", r.Totals)
		}
		from, to = must2(cultivation.Period(2026, 0, 0, f.madrid))
		r = must(f.grow.AnnualReport(f.ctx, f.club, from, to))
		if len(r.Rows) != 2 || r.Rows[0].Strain != "Haze" || r.Rows[0].Dispensed != 50_000 || r.Rows[0].StockEnd != 640_000 || r.Rows[0].Harvested != 0 ||
			r.Rows[1].Strain != "Kush" || r.Rows[1].Harvested != 70_000 || r.Rows[1].StockEnd != 70_000 || r.Totals.StockEnd != 710_000 {
			t.Fatalf("2026: %+v totals %+v", r.Rows, r.Totals)
		}
		// a quarter and a month: Malta's and a federation's periods
		from, to = must2(cultivation.Period(2025, 3, 0, f.madrid))
		r = must(f.grow.AnnualReport(f.ctx, f.club, from, to))
		if r.Rows[0].Dispensed != 280_000 || r.Rows[0].Harvested != 0 || r.Rows[0].StockEnd != 720_000 {
			t.Fatalf("2025's third quarter: %+v", r.Rows[0])
		}
		from, to = must2(cultivation.Period(2025, 0, 12, f.madrid))
		r = must(f.grow.AnnualReport(f.ctx, f.club, from, to))
		if r.Rows[0].Destroyed != 30_000 || r.Rows[0].Dispensed != 0 || r.Rows[0].StockEnd != 690_000 {
			t.Fatalf("December 2025: %+v", r.Rows[0])
		}
		_, _, err := cultivation.Period(2025, 1, 1, f.madrid)
		refused(t, err, "report.period_invalid")
	})
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}

// Counters selling, a grow room releasing, destroying and recording lab
// results, all at once on two products: no deadlock, no lost gram, the
// balance holds (on PostgreSQL the row locks are what keeps it so).
func TestConcurrentGrowRoomAndCounter(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		f := newFarm(t, k)
		strain := must(f.grow.SaveStrain(f.ctx, f.club, cultivation.StrainInput{Name: "Haze"}))
		price := amount.Cents(700)
		cat := must(k.App.Clubs.SaveCategory(f.ctx, f.club, 0, "dispensary", "Extractos"))
		second := must(k.App.Catalog.Save(f.ctx, f.club, catalog.Input{Kind: catalog.KindPro, Title: "Absolut", Category: cat.NID, Price: &price,
			Type: catalog.TypeWeight, Dominance: "indica", Status: true})).PID
		a, b := f.harvested(strain.ID, 2000_000, 40), f.harvested(strain.ID, 2000_000, 80)
		f.passed(a, 15_00, 50)
		f.passed(b, 20_00, 50)
		f.release(a, f.flower, 300_000)
		f.release(b, second, 300_000)
		f.release(b, f.flower, 100_000)
		errs := make(chan error, 64)
		work := func(i int) {
			for round := range 6 {
				var err error
				switch (i + round) % 4 {
				case 0: // a sale of both products in one order
					var o *pos.Order
					o, err = f.pos.Save(f.ctx, f.club, f.budtender, pos.SaveInput{MemberID: f.ana, Lines: []pos.LineInput{
						{PID: f.flower, Quantity: 1_000}, {PID: second, Quantity: 1_000}}})
					if err == nil {
						_, err = f.pos.Pay(f.ctx, f.club, f.budtender, cashOnly, pos.PayInput{OID: o.OID, MemberID: f.ana, Type: pos.PayCash})
					}
				case 1:
					_, err = f.grow.Release(f.ctx, f.club, f.admin, []int64{a, b}[round%2], cultivation.ReleaseInput{PID: []int64{f.flower, second}[i%2], Grams: 2_000})
				case 2:
					_, err = f.grow.Destroy(f.ctx, f.club, f.admin, b, cultivation.DestroyInput{Grams: 500, PID: []int64{f.flower, second}[round%2], Reason: "Control"})
				case 3:
					_, err = f.grow.Lab(f.ctx, f.club, f.admin, []int64{a, b}[i%2], cultivation.LabInput{THC: pct(int64(10_00 + i*100)), Lab: "Lab", Passed: true})
				}
				var inv *problem.Invalid
				if err != nil && !errors.As(err, &inv) {
					errs <- err
				}
			}
		}
		done := make(chan struct{})
		for i := range 8 {
			go func() { work(i); done <- struct{}{} }()
		}
		for range 8 {
			<-done
		}
		close(errs)
		for err := range errs {
			t.Errorf("a concurrent change failed: %v", err)
		}
		check := f.balanced()
		var inStock amount.Milli
		for _, bb := range check.Batches {
			inStock += bb.Balance.InStock
		}
		var total int64
		if err := k.App.DB.Get(f.ctx, &total, `SELECT SUM(stock) FROM products WHERE id IN (?, ?)`, f.flower, second); err != nil {
			t.Fatal(err)
		}
		if int64(inStock) != total {
			t.Fatalf("the products hold %d, their batches %d", total, inStock)
		}
	})
}
