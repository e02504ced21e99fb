package retention_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/pos"
	"socius/internal/retention"
	"socius/internal/rules"
	"socius/internal/testkit"
)

// A club on the German pack forgets the register's personal data after five
// years: the daily run makes the 2020 sale anonymous on 10 June 2026 and
// keeps the 2026 one; it runs once a day per club however many servers call
// it at once; a club that never chose a pack is not touched; the
// Administrador's run on demand is listed with their name.
func TestRetention(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		var mu sync.Mutex
		now := time.Date(2020, 3, 1, 10, 0, 0, 0, time.UTC)
		clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
		setClock := func(t time.Time) { mu.Lock(); defer mu.Unlock(); now = t }
		sales := k.App.POS.WithClock(clock)
		k.App.Retention.SetClock(clock)

		type club struct{ id, admin, member, flower int64 }
		open := func(name string) club {
			c := club{id: k.Club(name, access.Socios, access.SoftwareGestionClub)}
			c.admin = k.User("admin-"+name, c.id, access.Administrador)
			cat, err := k.App.Clubs.SaveCategory(ctx, c.id, 0, "dispensary", "Flores")
			if err != nil {
				t.Fatal(err)
			}
			price, thc := amount.Cents(500), amount.Percent(12_00)
			p, err := k.App.Catalog.Save(ctx, c.id, catalog.Input{Kind: catalog.KindPro, Title: "Amnesia", Category: cat.NID, Price: &price,
				Type: catalog.TypeWeight, Dominance: "indica", Status: true, UnlimitedStock: true, THCPercent: &thc})
			if err != nil {
				t.Fatal(err)
			}
			c.flower = p.PID
			nombre, surname, dni, born := "Ana", "García", "11111111H", time.Date(1990, 5, 20, 12, 0, 0, 0, time.UTC).Unix()
			// admitted on the clock's day (1 March 2020), signing that they live in the country
			m, err := k.App.Members.WithClock(clock).Save(ctx, c.id, member.Actor{UserID: c.admin, IsAdmin: true, Supervisor: true},
				member.Input{Nombre: &nombre, Surname: &surname, DNI: &dni, Birthday: &born, Declarations: []string{rules.DeclResident}})
			if err != nil {
				t.Fatal(err)
			}
			c.member = m.NID
			return c
		}
		sell := func(c club, at time.Time) {
			t.Helper()
			setClock(at)
			o, err := sales.Save(ctx, c.id, pos.Actor{UserID: c.admin}, pos.SaveInput{MemberID: c.member, Lines: []pos.LineInput{{PID: c.flower, Quantity: 3000}}})
			if err == nil {
				_, err = sales.Pay(ctx, c.id, pos.Actor{UserID: c.admin}, pos.Methods{Cash: true}, pos.PayInput{OID: o.OID, MemberID: c.member, Type: pos.PayCash})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		alfa, beta := open("alfa"), open("beta")
		// Ana of Alfa signs again in 2024: under three years on the day below, kept
		setClock(time.Date(2024, 1, 15, 10, 0, 0, 0, time.UTC))
		anaName := "Ana"
		if _, err := k.App.Members.WithClock(clock).Save(ctx, alfa.id, member.Actor{UserID: alfa.admin, IsAdmin: true},
			member.Input{NID: alfa.member, Nombre: &anaName, Declarations: []string{rules.DeclResident}}); err != nil {
			t.Fatal(err)
		}
		sell(alfa, time.Date(2020, 3, 1, 10, 0, 0, 0, time.UTC))
		sell(alfa, time.Date(2021, 9, 1, 10, 0, 0, 0, time.UTC)) // under five years on the day below: kept
		sell(alfa, time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC))
		sell(beta, time.Date(2020, 3, 1, 10, 0, 0, 0, time.UTC))
		if _, err := k.App.Rules.Set(ctx, alfa.id, alfa.admin, rules.Change{Pack: rules.PackGermany}); err != nil {
			t.Fatal(err)
		}
		forgotten := func(c club) int {
			return k.Count("dispensations", "club_id = ? AND forgotten = 1 AND member_id IS NULL AND nombre IS NULL", c.id)
		}
		daily := func(c club) int { return k.Count("retention_runs", "club_id = ? AND trigger = 'daily'", c.id) }

		// 10 June 2026: five years back is 10 June 2021; three servers look at once
		day := time.Date(2026, 6, 10, 3, 0, 0, 0, time.UTC)
		setClock(day)
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				if _, err := k.App.Retention.RunDaily(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if forgotten(alfa) != 1 || k.Count("dispensations", "club_id = ? AND forgotten = 0 AND nombre = 'Ana'", alfa.id) != 2 || daily(alfa) != 1 {
			t.Fatalf("after the daily run: %d forgotten, %d daily runs", forgotten(alfa), daily(alfa))
		}
		if n := k.Count("member_declarations", "club_id = ?", alfa.id); n != 1 || k.Count("member_declarations", "club_id = ?", beta.id) != 1 {
			t.Fatalf("declarations after the daily run: alfa %d, beta %d", n, k.Count("member_declarations", "club_id = ?", beta.id))
		}
		if k.Count("dispensations", "club_id = ? AND grams = 3000", alfa.id) != 3 {
			t.Fatal("the grams of the forgotten row went too")
		}
		// Beta never chose a pack: es keeps its register
		if forgotten(beta) != 0 || daily(beta) != 0 {
			t.Fatalf("beta: %d forgotten, %d runs", forgotten(beta), daily(beta))
		}

		// the same day again: nothing runs; the next day it does
		setClock(day.Add(time.Hour))
		if n, _ := k.App.Retention.RunDaily(ctx); n != 0 || daily(alfa) != 1 {
			t.Fatalf("a second daily run the same day: %d clubs ran", n)
		}
		setClock(day.Add(21 * time.Hour))
		if n, _ := k.App.Retention.RunDaily(ctx); n != 1 || daily(alfa) != 2 {
			t.Fatalf("the next day's run: %d clubs ran", n)
		}

		// on demand, by the Administrador: listed first, with the cut-offs and the name
		setClock(day.Add(22 * time.Hour))
		run, err := k.App.Retention.RunClub(ctx, alfa.id, alfa.admin)
		if err != nil {
			t.Fatal(err)
		}
		wantBefore := time.Date(2021, 6, 11, 1, 0, 0, 0, time.UTC).Unix()
		if run.Trigger != retention.Manual || run.Staff == "" || run.DispensationsBefore == nil || *run.DispensationsBefore != wantBefore ||
			run.DeclarationsBefore == nil || run.DispensationsForgotten != 0 || run.DeclarationsRemoved != 0 {
			t.Fatalf("run on demand: %+v", run)
		}
		runs, err := k.App.Retention.Runs(ctx, alfa.id, 10)
		if err != nil || len(runs) != 3 || runs[0].ID != run.ID || runs[2].DispensationsForgotten != 1 || runs[2].DeclarationsRemoved != 1 {
			t.Fatalf("runs: %+v (%v)", runs, err)
		}
		// a club whose rules keep everything: a run on demand removes nothing and says so
		run, err = k.App.Retention.RunClub(ctx, beta.id, beta.admin)
		if err != nil || run.DispensationsBefore != nil || run.DeclarationsBefore != nil || forgotten(beta) != 0 {
			t.Fatalf("beta on demand: %+v (%v)", run, err)
		}
	})
}
