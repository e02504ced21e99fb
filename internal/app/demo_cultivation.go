package app

import (
	"context"
	"time"

	"socius/internal/amount"
	"socius/internal/cultivation"
)

// loadDemoCultivation gives the demo club a grow room: four strains, the
// seeds and cuttings they came from, and five batches at every stage — two
// harvested with a passed lab result, one of them released into White
// Widow's stock last night after closing (so the counter sells from it and its
// information slip has a harvest), one flowering, one growing with two
// plants lost, one just sown. Nothing is stamped today, as the rest of the
// demo's history.
func (a *App) loadDemoCultivation(ctx context.Context, clubID int64, h *demoHistory) error {
	today := h.today
	day := func(n int, hour int) time.Time { return at(today.AddDate(0, 0, -n), hour, 0) }
	g := func(t time.Time) *cultivation.Service { return a.Cultivation.WithClock(clock(t)) }
	admin, inv := h.staff["admin"], h.staff["inventario"]
	pct := func(v int64) *amount.Percent { p := amount.Percent(v); return &p }
	strains := map[string]int64{}
	for _, s := range []cultivation.StrainInput{
		{Name: "White Widow", THCMin: pct(18_00), THCMax: pct(22_00), CBDMin: pct(10), CBDMax: pct(1_00), Notes: "Híbrida equilibrada; floración de 8 a 9 semanas."},
		{Name: "Critical", THCMin: pct(16_00), THCMax: pct(20_00), Notes: "Productiva y resistente; floración corta."},
		{Name: "Northern Lights", THCMin: pct(16_00), THCMax: pct(21_00), Notes: "Índica compacta, apta para salas pequeñas."},
		{Name: "Gelato", THCMin: pct(20_00), THCMax: pct(25_00), CBDMax: pct(50)},
	} {
		st, err := g(day(200, 10)).SaveStrain(ctx, clubID, s)
		if err != nil {
			return err
		}
		strains[s.Name] = st.ID
	}
	for _, in := range []cultivation.IntakeInput{
		{StrainID: strains["White Widow"], Kind: cultivation.Cutting, Count: 24, Supplier: "Asociación Verde Norte", SupplierAddress: "Carrer del Nord 4, Barcelona", Received: day(150, 11).Unix()},
		{StrainID: strains["Critical"], Kind: cultivation.Seed, Count: 20, Supplier: "Semillas del Mediterráneo S.L.", SupplierAddress: "Av. del Port 120, Valencia", Received: day(130, 11).Unix()},
		{StrainID: strains["Northern Lights"], Kind: cultivation.Seed, Count: 10, Supplier: "Semillas del Mediterráneo S.L.", SupplierAddress: "Av. del Port 120, Valencia", Received: day(70, 11).Unix()},
		{StrainID: strains["Gelato"], Kind: cultivation.Seed, Count: 12, Supplier: "Semillas del Mediterráneo S.L.", SupplierAddress: "Av. del Port 120, Valencia", Received: day(12, 11).Unix()},
	} {
		if _, err := g(time.Unix(in.Received, 0)).AddIntake(ctx, clubID, inv, in); err != nil {
			return err
		}
	}
	type step func() error
	batch := func(strain, room string, started, plants int) (int64, error) {
		b, err := g(day(started, 9)).StartBatch(ctx, clubID, inv, cultivation.BatchInput{StrainID: strains[strain], Room: room,
			Started: day(started, 9).Unix(), Plants: int64(plants)})
		if err != nil {
			return 0, err
		}
		return b.ID, nil
	}
	phase := func(id int64, to string, n int) step {
		return func() error { _, err := g(day(n, 9)).SetPhase(ctx, clubID, inv, id, to); return err }
	}
	harvest := func(id int64, n int, wet, dry int64) step {
		return func() error {
			_, err := g(day(n, 18)).Harvest(ctx, clubID, inv, id, cultivation.HarvestInput{Wet: amount.Milli(wet), Dry: amount.Milli(dry),
				HarvestedAt: day(n, 18).Unix(), BestBefore: day(n, 18).AddDate(1, 0, 0).Unix()})
			return err
		}
	}
	lab := func(id int64, n int, thc, cbd int64) step {
		return func() error {
			_, err := g(day(n, 12)).Lab(ctx, clubID, admin, id, cultivation.LabInput{THC: pct(thc), CBD: pct(cbd), Lab: "Laboratorio Analítico Canna",
				SampledAt: day(n+2, 10).Unix(), Passed: true})
			return err
		}
	}
	widow, err := batch("White Widow", "Sala 1", 140, 24)
	if err != nil {
		return err
	}
	critical, err := batch("Critical", "Sala 2", 120, 20)
	if err != nil {
		return err
	}
	lights, err := batch("Northern Lights", "Sala 1", 60, 10)
	if err != nil {
		return err
	}
	gelato, err := batch("Gelato", "Esquejera", 10, 12)
	if err != nil {
		return err
	}
	if _, err := batch("White Widow", "Sala 2", 3, 18); err != nil {
		return err
	}
	for _, s := range []step{
		phase(widow, cultivation.Vegetative, 130), phase(widow, cultivation.Flowering, 95), harvest(widow, 40, 9_600_000, 2_150_000),
		phase(widow, cultivation.Curing, 25), lab(widow, 20, 19_80, 60),
		phase(critical, cultivation.Vegetative, 110), phase(critical, cultivation.Flowering, 80), harvest(critical, 15, 7_400_000, 1_640_000),
		lab(critical, 5, 17_40, 1_10),
		func() error {
			_, err := g(day(8, 17)).Destroy(ctx, clubID, inv, critical, cultivation.DestroyInput{Grams: 35_000, Reason: "Moho en dos cogollos durante el secado", Witness: "Laura Martín"})
			return err
		},
		phase(lights, cultivation.Vegetative, 50), phase(lights, cultivation.Flowering, 20),
		phase(gelato, cultivation.Vegetative, 2),
		func() error {
			_, err := g(day(1, 12)).Destroy(ctx, clubID, inv, gelato, cultivation.DestroyInput{Plants: 2, Reason: "No enraizaron", Witness: "Laura Martín"})
			return err
		},
		func() error {
			p := h.product("", "White Widow")
			_, err := g(day(1, 23)).Release(ctx, clubID, inv, widow, cultivation.ReleaseInput{PID: p.pid, Grams: 60_000})
			return err
		},
	} {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}
