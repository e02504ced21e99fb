package rules_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"socius/internal/amount"
	"socius/internal/problem"
	"socius/internal/rules"
	"socius/internal/testkit"
)

func grams(g int64) *amount.Milli { v := amount.Milli(g * 1000); return &v }
func yes() *bool                  { b := true; return &b }

// refused checks err is the problem code naming field, and that the club's
// rules are still want.
func refused(t *testing.T, s *rules.Service, club int64, err error, code, field string, want *rules.Rules) {
	t.Helper()
	if problem.Code(err) != code {
		t.Fatalf("err = %v, want %s", err, code)
	}
	var p *problem.Invalid
	if !errors.As(err, &p) || p.Field != field {
		t.Fatalf("the refusal names %+v, want the field %s", p, field)
	}
	got, err := s.Get(context.Background(), club)
	if err != nil {
		t.Fatal(err)
	}
	if got.Pack != want.Pack || !slices.Equal(got.Tightened, want.Tightened) || *got.DayLimit != *want.DayLimit {
		t.Fatalf("a refused change changed the rules: %+v, want %+v", got, want)
	}
}

func TestPacks(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx, s := context.Background(), k.App.Rules
		alfa, beta := k.Club("Alfa"), k.Club("Beta")
		admin := k.User("admin", alfa)

		// a club that never chose keeps today's behaviour: es, no gram limits, overrides allowed
		r, err := s.Get(ctx, alfa)
		if err != nil {
			t.Fatal(err)
		}
		if r.Pack != rules.PackSpain || r.DayLimit != nil || r.MonthLimit != nil || !r.Override || r.MinAge != 18 || len(r.Tightened) != 0 {
			t.Fatalf("default rules = %+v", r)
		}

		// choosing the German pack fills the law's values
		de, err := s.Set(ctx, alfa, admin, rules.Change{Pack: rules.PackGermany})
		if err != nil {
			t.Fatal(err)
		}
		if *de.DayLimit != 25_000 || *de.MonthLimit != 50_000 || de.YearLimit != nil || *de.YoungMaxAge != 20 ||
			*de.YoungMonthLimit != 30_000 || *de.YoungTHCMax != 10_00 || *de.MaxMembers != 500 || de.Override ||
			*de.RetentionYears != 5 || *de.DeclarationRetentionYears != 3 || len(de.Tightened) != 0 ||
			!slices.Equal(de.Declarations, []string{rules.DeclNotInOtherClub, rules.DeclResident}) {
			t.Fatalf("de-kcang = %+v", de)
		}

		// tighter is allowed, and said
		de, err = s.Set(ctx, alfa, admin, rules.Change{Pack: rules.PackGermany, DayLimit: grams(20), WaitingDays: new(int)})
		if err != nil {
			t.Fatal(err)
		}
		if *de.DayLimit != 20_000 || !slices.Equal(de.Tightened, []string{"day_limit_g"}) {
			t.Fatalf("tightened = %+v", de)
		}

		// looser than the law: refused, naming the value; nothing changes
		age, members, years := 17, 501, 10
		for _, c := range []struct {
			change rules.Change
			field  string
		}{
			{rules.Change{Pack: rules.PackGermany, MonthLimit: grams(51)}, "month_limit_g"},
			{rules.Change{Pack: rules.PackGermany, YoungMonthLimit: grams(31)}, "young_month_limit_g"},
			{rules.Change{Pack: rules.PackGermany, YoungTHCMax: new(amount.Percent(10_01))}, "young_thc_max"},
			{rules.Change{Pack: rules.PackGermany, MinAge: &age}, "min_age"},
			{rules.Change{Pack: rules.PackGermany, MaxMembers: &members}, "max_members"},
			{rules.Change{Pack: rules.PackGermany, Override: yes()}, "override"},
			{rules.Change{Pack: rules.PackGermany, Declarations: []string{rules.DeclResident}}, "declarations"},
			{rules.Change{Pack: rules.PackGermany, RetentionYears: &years}, "retention_years"},
			{rules.Change{Pack: rules.PackMalta, DayLimit: grams(8)}, "day_limit_g"},
			{rules.Change{Pack: rules.PackUruguay, YearLimit: grams(481)}, "year_limit_g"},
		} {
			_, err := s.Set(ctx, alfa, admin, c.change)
			refused(t, s, alfa, err, "rules.looser_than_law", c.field, de)
		}
		_, err = s.Set(ctx, alfa, admin, rules.Change{Pack: "nl"})
		refused(t, s, alfa, err, "rules.unknown_pack", "pack", de)
		_, err = s.Set(ctx, alfa, admin, rules.Change{Pack: rules.PackGermany, Declarations: []string{rules.DeclNotInOtherClub, rules.DeclResident, "x"}})
		refused(t, s, alfa, err, "rules.unknown_declaration", "declarations", de)

		// custom lets the club set anything, overrides included
		custom, err := s.Set(ctx, beta, admin, rules.Change{Pack: rules.PackCustom, MonthLimit: grams(90), Override: yes()})
		if err != nil {
			t.Fatal(err)
		}
		if *custom.MonthLimit != 90_000 || !custom.Override {
			t.Fatalf("custom = %+v", custom)
		}
		// one club's rules are its own
		if r, _ := s.Get(ctx, alfa); r.Pack != rules.PackGermany {
			t.Fatalf("Alfa's pack = %s", r.Pack)
		}
	})
}
