package member_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"socius/internal/access"
	"socius/internal/member"
	"socius/internal/rules"
	"socius/internal/testkit"
)

// admission is a club whose clock the test sets, its Administrador and its rules.
type admission struct {
	t     *testing.T
	k     *testkit.Kit
	ctx   context.Context
	club  int64
	uid   int64
	now   time.Time
	s     *member.Service
	actor member.Actor
	seq   int
}

func newAdmission(t *testing.T, k *testkit.Kit, pack string) *admission {
	a := &admission{t: t, k: k, ctx: context.Background(), club: k.Club("Alfa", access.Socios)}
	a.uid = k.User("admin", a.club, access.Administrador)
	a.actor = member.Actor{UserID: a.uid, IsAdmin: true, Supervisor: true}
	madrid, _ := time.LoadLocation("Europe/Madrid")
	// half past midnight: still the 14th in UTC, so a birthday read in
	// the wrong time zone is a day late
	a.now = time.Date(2026, 3, 15, 0, 30, 0, 0, madrid)
	a.s = k.App.Members.WithClock(func() time.Time { return a.now })
	a.rules(rules.Change{Pack: pack})
	return a
}

func (a *admission) rules(c rules.Change) {
	a.t.Helper()
	if _, err := a.k.App.Rules.Set(a.ctx, a.club, a.uid, c); err != nil {
		a.t.Fatal(err)
	}
}

// born is a birth date as the member form sends it: noon of the day, Madrid.
func born(y int, m time.Month, d int) *int64 {
	madrid, _ := time.LoadLocation("Europe/Madrid")
	v := time.Date(y, m, d, 12, 0, 0, 0, madrid).Unix()
	return &v
}

// input is a new member with a fresh ID number, changed by more.
func (a *admission) input(more ...func(*member.Input)) member.Input {
	a.seq++
	in := member.Input{Nombre: p("Socio"), Surname: p(fmt.Sprintf("Prueba%d", a.seq)), DNI: p(fmt.Sprintf("%08dA", a.seq))}
	for _, f := range more {
		f(&in)
	}
	return in
}

func (a *admission) save(in member.Input) (*member.Member, error) {
	return a.s.Save(a.ctx, a.club, a.actor, in)
}

func (a *admission) ok(what string, in member.Input) *member.Member {
	a.t.Helper()
	m, err := a.save(in)
	if err != nil {
		a.t.Fatalf("%s: %v", what, err)
	}
	return m
}

// refused checks the save is refused with code on field, with message when
// given, and that no member was written.
func (a *admission) refused(what string, in member.Input, code, field, message string) *member.ValidationError {
	a.t.Helper()
	before := a.k.Count("members", "club_id = ?", a.club)
	_, err := a.save(in)
	var ve *member.ValidationError
	if !errors.As(err, &ve) || ve.Code != code || ve.Field != field {
		a.t.Fatalf("%s: want %s on %s, got %v", what, code, field, err)
	}
	if message != "" && ve.Message != message {
		a.t.Errorf("%s: message %q, want %q", what, ve.Message, message)
	}
	if n := a.k.Count("members", "club_id = ?", a.club); n != before {
		a.t.Fatalf("%s: the refused save wrote a member (%d, was %d)", what, n, before)
	}
	return ve
}

func birthday(b *int64) func(*member.Input) { return func(in *member.Input) { in.Birthday = b } }
func signs(ds ...string) func(*member.Input) {
	return func(in *member.Input) { in.Declarations = ds }
}
func status(s int) func(*member.Input) { return func(in *member.Input) { in.Status = &s } }

// TestAdmissionKCanG: under the German pack a new member needs a birth date
// of 18 years or more, and signs that they belong to no other club and live
// in the country; the refusals name the law.
func TestAdmissionKCanG(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackGermany)
		both := signs(rules.DeclNotInOtherClub, rules.DeclResident)

		a.refused("no birth date", a.input(both), "rules.birthdate_required", "birthday",
			"Las normas del club dependen de la edad (ley: KCanG § 16): anota la fecha de nacimiento del socio para darle de alta")
		// 18 tomorrow, in Madrid
		ve := a.refused("seventeen", a.input(both, birthday(born(2008, 3, 16))), "rules.min_age", "birthday",
			"El socio debe tener al menos 18 años y tiene 17 (ley: KCanG § 16)")
		if ve.Params["min_age"] != "18" || ve.Params["age"] != "17" || ve.Params["source"] != "KCanG § 16" {
			t.Errorf("min_age params: %v", ve.Params)
		}
		adult := birthday(born(2008, 3, 15)) // 18 today
		ve = a.refused("no declarations", a.input(adult), "rules.declaration_required", "declarations",
			"Falta la declaración firmada del socio: «no ser socio de otra asociación» (ley: KCanG § 16)")
		if ve.Params["declaration"] != rules.DeclNotInOtherClub {
			t.Errorf("declaration param: %v", ve.Params)
		}
		ve = a.refused("one of two", a.input(adult, signs(rules.DeclNotInOtherClub)), "rules.declaration_required", "declarations", "")
		if ve.Params["declaration"] != rules.DeclResident {
			t.Errorf("the missing one: %v", ve.Params)
		}
		a.refused("an unknown statement", a.input(adult, signs(rules.DeclResident, "no_debts")), "rules.unknown_declaration", "declarations", "")
		if n := k.Count("member_declarations", ""); n != 0 {
			t.Fatalf("refused saves kept %d declarations", n)
		}

		m := a.ok("eighteen today, both signed", a.input(adult, both))
		want := []member.Declaration{
			{Declaration: rules.DeclNotInOtherClub, SignedAt: a.now.Unix(), Staff: "Admin"},
			{Declaration: rules.DeclResident, SignedAt: a.now.Unix(), Staff: "Admin"},
		}
		if !slices.Equal(m.Declarations, want) {
			t.Fatalf("declarations %+v, want %+v", m.Declarations, want)
		}
		// signed again later: a new signature, the member shows the latest
		a.now = a.now.Add(48 * time.Hour)
		m = a.ok("re-signed", member.Input{NID: m.NID, Declarations: []string{rules.DeclResident}})
		if m.Declarations[1].SignedAt != a.now.Unix() || m.Declarations[0].SignedAt != want[0].SignedAt {
			t.Fatalf("after signing again: %+v", m.Declarations)
		}
		if n := k.Count("member_declarations", "member_id = ?", m.NID); n != 3 {
			t.Fatalf("%d signatures kept, want 3", n)
		}
	})
}

// TestAdmissionReactivation: a member made active again is held to the rules
// as a new one; what they signed before counts; an active member's other
// edits are never refused.
func TestAdmissionReactivation(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		// members of the Spanish pack, without birth date or declarations
		active := a.ok("active under es", a.input())
		gone := a.ok("inactive under es", a.input(status(0)))
		a.rules(rules.Change{Pack: rules.PackGermany})

		a.ok("an active member's notes", member.Input{NID: active.NID, Notes: p("Prefiere SMS")})
		a.ok("an inactive member's notes", member.Input{NID: gone.NID, Notes: p("Se mudó")})
		again := member.Input{NID: gone.NID, Status: p(1)}
		a.refused("made active without a birth date", again, "rules.birthdate_required", "birthday", "")
		again.Birthday = born(1990, 6, 1)
		a.refused("made active without declarations", again, "rules.declaration_required", "declarations", "")
		if got, _ := a.s.Get(a.ctx, a.club, gone.NID); got.StatusMember != 0 || got.Birthdate != 0 {
			t.Fatalf("a refused reactivation was written: %+v", got)
		}
		// signed before, kept inactive: counts when made active
		a.ok("signs while inactive", member.Input{NID: gone.NID, Declarations: []string{rules.DeclNotInOtherClub, rules.DeclResident}})
		if m := a.ok("made active", again); m.StatusMember != 1 {
			t.Fatalf("status %d", m.StatusMember)
		}
	})
}

// TestAdmissionMaxMembers: the club's active members never pass the maximum;
// a member may still be kept inactive, and made active when there is room.
func TestAdmissionMaxMembers(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		// the Administrador's own record is one of the club's active members
		a.rules(rules.Change{Pack: rules.PackGermany, MaxMembers: p(3)})
		adult := func(in *member.Input) {
			in.Birthday = born(1990, 1, 1)
			in.Declarations = []string{rules.DeclNotInOtherClub, rules.DeclResident}
		}
		first := a.ok("first", a.input(adult))
		a.ok("second", a.input(adult))
		ve := a.refused("third", a.input(adult), "rules.max_members", "status_member",
			"El club ya tiene 3 socios activos, el máximo (normas del club): da de baja a otro o guarda este socio como inactivo")
		if ve.Params["max_members"] != "3" || ve.Params["source"] != "" {
			t.Errorf("params: %v", ve.Params)
		}
		waiting := a.ok("third, inactive", a.input(adult, status(0)))
		a.refused("third made active", member.Input{NID: waiting.NID, Status: p(1)}, "rules.max_members", "status_member", "")
		a.ok("a full club's member edited", member.Input{NID: first.NID, Notes: p("Fundador")})
		a.ok("first leaves", member.Input{NID: first.NID, Status: p(0)})
		a.ok("third made active", member.Input{NID: waiting.NID, Status: p(1)})
	})
}

// TestAdmissionMaxMembersUnderConcurrentDesks: six desks admitting at once
// into a club with room for two more never pass the maximum.
func TestAdmissionMaxMembersUnderConcurrentDesks(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		a.rules(rules.Change{Pack: rules.PackGermany, MaxMembers: p(3)}) // the Administrador and two more
		inputs := make([]member.Input, 6)
		for i := range inputs {
			inputs[i] = a.input(func(in *member.Input) {
				in.Birthday = born(1990, 1, 1)
				in.Declarations = []string{rules.DeclNotInOtherClub, rules.DeclResident}
			})
		}
		errs := make(chan error, len(inputs))
		var wg sync.WaitGroup
		for _, in := range inputs {
			wg.Go(func() { _, err := a.save(in); errs <- err })
		}
		wg.Wait()
		close(errs)
		admitted, refused := 0, 0
		for err := range errs {
			var ve *member.ValidationError
			switch {
			case err == nil:
				admitted++
			case errors.As(err, &ve) && ve.Code == "rules.max_members":
				refused++
			default:
				t.Errorf("unexpected: %v", err)
			}
		}
		if admitted != 2 || refused != 4 || k.Count("members", "club_id = ? AND status = 1 AND deleted = 0", a.club) != 3 {
			t.Fatalf("admitted %d, refused %d, active %d", admitted, refused, k.Count("members", "club_id = ? AND status = 1 AND deleted = 0", a.club))
		}
	})
}

// TestAdmissionGuarantor: where the rules ask for a guarantor, one of the
// member's guarantors is an active member of the club of long enough standing.
func TestAdmissionGuarantor(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		start := a.now
		veteran := a.ok("a member of 40 days", a.input())
		retired := a.ok("an inactive member of 40 days", a.input(status(0)))
		a.now = start.Add(30 * 24 * time.Hour)
		newcomer := a.ok("a member of 10 days", a.input())
		a.now = start.Add(40 * 24 * time.Hour)
		other := k.Club("Beta", access.Socios)
		stranger, err := a.s.Save(a.ctx, other, a.actor, member.Input{Nombre: p("Otra"), Surname: p("Club"), DNI: p("99999999Z")})
		if err != nil {
			t.Fatal(err)
		}
		a.rules(rules.Change{Pack: rules.PackCustom, GuarantorRequired: yes(), GuarantorMinDays: p(30)})
		by := func(nids ...int64) func(*member.Input) { return func(in *member.Input) { in.Endorsements = &nids } }
		adult := birthday(born(1990, 1, 1))

		ve := a.refused("no guarantor", a.input(adult), "rules.guarantor_required", "endorsement_member",
			"El socio necesita el aval de un socio activo desde hace al menos 30 días (normas del club)")
		if ve.Params["min_days"] != "30" {
			t.Errorf("params: %v", ve.Params)
		}
		a.refused("a guarantor too new", a.input(adult, by(newcomer.NID)), "rules.guarantor_required", "endorsement_member", "")
		a.refused("an inactive guarantor", a.input(adult, by(retired.NID)), "rules.guarantor_required", "endorsement_member", "")
		a.refused("another club's member", a.input(adult, by(stranger.NID)), "member.guarantor_unknown", "endorsement_member", "")
		a.ok("a guarantor of 40 days among others", a.input(adult, by(newcomer.NID, veteran.NID)))
		a.refused("the custom pack needs a birth date", a.input(by(veteran.NID)), "rules.birthdate_required", "birthday",
			"Las normas del club dependen de la edad (normas del club): anota la fecha de nacimiento del socio para darle de alta")

		a.rules(rules.Change{Pack: rules.PackCustom, GuarantorRequired: yes()})
		ve = a.refused("any active member will do", a.input(adult), "rules.guarantor_required", "endorsement_member",
			"El socio necesita el aval de un socio activo (normas del club)")
		if ve.Params["min_days"] != "0" {
			t.Errorf("params: %v", ve.Params)
		}
		a.ok("a guarantor of 10 days", a.input(adult, by(newcomer.NID)))
	})
}

// TestAdmissionSpain: the default pack admits as Socius always has (no birth
// date, no guarantor, no declaration), refuses a birth date under the minimum
// age, and asks for the declarations a club chooses.
func TestAdmissionSpain(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		a.ok("no birth date, guarantor or declaration", a.input())
		a.ok("eighteen", a.input(birthday(born(2008, 3, 15))))
		a.refused("seventeen", a.input(birthday(born(2008, 3, 16))), "rules.min_age", "birthday",
			"El socio debe tener al menos 18 años y tiene 17 (normas del club)")
		a.rules(rules.Change{Pack: rules.PackSpain, Declarations: []string{rules.DeclHabitualUse}})
		a.refused("habitual use asked", a.input(), "rules.declaration_required", "declarations",
			"Falta la declaración firmada del socio: «consumo habitual» (normas del club)")
		m := a.ok("habitual use signed", a.input(signs(rules.DeclHabitualUse)))
		if len(m.Declarations) != 1 || m.Declarations[0].Declaration != rules.DeclHabitualUse {
			t.Fatalf("declarations %+v", m.Declarations)
		}
	})
}

// TestForgetDeclarations: the club's declarations signed before a time go,
// the later ones and other clubs' stay.
func TestForgetDeclarations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		a := newAdmission(t, k, rules.PackSpain)
		old := a.ok("signed in March", a.input(signs(rules.DeclResident, rules.DeclHabitualUse)))
		cut := a.now.Add(time.Hour).Unix()
		a.now = a.now.Add(24 * time.Hour)
		recent := a.ok("signed a day later", a.input(signs(rules.DeclResident)))
		a.ok("signs again", member.Input{NID: old.NID, Declarations: []string{rules.DeclResident}})
		other := k.Club("Beta", access.Socios)
		if _, err := a.s.WithClock(func() time.Time { return a.now.Add(-48 * time.Hour) }).Save(a.ctx, other, a.actor,
			member.Input{Nombre: p("Otra"), Surname: p("Club"), DNI: p("99999999Z"), Declarations: []string{rules.DeclResident}}); err != nil {
			t.Fatal(err)
		}

		n, err := member.ForgetDeclarations(a.ctx, k.App.DB.W, a.club, cut)
		if err != nil || n != 2 {
			t.Fatalf("forgot %d, %v; want 2", n, err)
		}
		got, _ := a.s.Get(a.ctx, a.club, old.NID)
		if len(got.Declarations) != 1 || got.Declarations[0].Declaration != rules.DeclResident || got.Declarations[0].SignedAt != a.now.Unix() {
			t.Fatalf("after forgetting: %+v", got.Declarations)
		}
		if got, _ := a.s.Get(a.ctx, a.club, recent.NID); len(got.Declarations) != 1 {
			t.Fatalf("a later signature went: %+v", got.Declarations)
		}
		if c := k.Count("member_declarations", "club_id = ?", other); c != 1 {
			t.Fatalf("another club's declarations: %d, want 1", c)
		}
	})
}

func yes() *bool { b := true; return &b }
