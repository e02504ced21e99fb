package member_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"socius/internal/access"
	"socius/internal/member"
	"socius/internal/testkit"
)

func p[T any](v T) *T { return &v }

var admin = member.Actor{UserID: 1, IsAdmin: true}

// save creates a member with the given names and ID number, failing the test on error.
func save(t *testing.T, s *member.Service, club int64, nombre, surname, surname2, dni string, more ...func(*member.Input)) *member.Member {
	t.Helper()
	in := member.Input{Nombre: &nombre, Surname: &surname, Surname2: &surname2, DNI: &dni}
	for _, f := range more {
		f(&in)
	}
	m, err := s.Save(context.Background(), club, admin, in)
	if err != nil {
		t.Fatalf("save %s %s: %v", nombre, surname, err)
	}
	return m
}

// names returns "Nombre Surname" of each member, in the search's order.
func names(list []member.Member) []string {
	out := []string{}
	for _, m := range list {
		out = append(out, m.Nombre+" "+m.Surname)
	}
	return out
}

func TestSearchFoldingAndPrefixes(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Members
		club := k.Club("Alfa", access.Socios)
		other := k.Club("Beta", access.Socios)
		save(t, s, club, "José", "Muñoz", "Pérez", "11111111A", func(in *member.Input) { in.Email = p("jose.munoz@correo.es"); in.Telefono = p("600111222") })
		save(t, s, club, "María José", "García", "Núñez", "22222222B", func(in *member.Input) { in.Email = p("mj@correo.es") })
		save(t, s, club, "Mario", "ÁLVAREZ", "", "33333333C", func(in *member.Input) { in.Telefono = p("611000333"); in.Status = p(0) })
		save(t, s, club, "Ana", "Marín", "Soler", "44444444D")
		// Another club's José must never show up.
		save(t, s, other, "José", "Muñoz", "", "11111111A")

		cases := []struct {
			what string
			f    member.Filter
			want []string
		}{
			{"accent-free name", member.Filter{Nombre: "jose"}, []string{"José Muñoz", "María José García"}},
			{"upper case with accent", member.Filter{Nombre: "JOSÉ"}, []string{"José Muñoz", "María José García"}},
			{"word prefix", member.Filter{Nombre: "mar"}, []string{"María José García", "Mario ÁLVAREZ"}},
			{"two words must both match", member.Filter{Nombre: "maria jo"}, []string{"María José García"}},
			{"not a word prefix", member.Filter{Nombre: "ose"}, []string{}},
			{"ñ folded", member.Filter{Surname: "MUNOZ"}, []string{"José Muñoz"}},
			{"second surname", member.Filter{Surname: "nunez"}, []string{"María José García"}},
			{"lower case finds an upper-case surname", member.Filter{Surname: "alv"}, []string{"Mario ÁLVAREZ"}},
			{"surname prefix over first and second surnames", member.Filter{Surname: "mar"}, []string{"Ana Marín"}},
			{"ID number prefix, any case", member.Filter{DNI: "2222"}, []string{"María José García"}},
			{"email word", member.Filter{Email: "munoz@correo"}, []string{"José Muñoz"}},
			{"phone prefix", member.Filter{Telefono: "611"}, []string{"Mario ÁLVAREZ"}},
			{"combined filters are AND", member.Filter{Nombre: "jose", Surname: "garcia"}, []string{"María José García"}},
			{"combined filters with no common match", member.Filter{Nombre: "ana", Surname: "munoz"}, []string{}},
			{"inactive only", member.Filter{Status: p(0)}, []string{"Mario ÁLVAREZ"}},
			{"active name prefix", member.Filter{Nombre: "mar", Status: p(1)}, []string{"María José García"}},
		}
		for _, c := range cases {
			list, total, _, err := s.Search(ctx, club, c.f, 14, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(list); !slices.Equal(got, c.want) || total != len(c.want) {
				t.Errorf("%s: want %v, got %v (total %d)", c.what, c.want, got, total)
			}
		}

		// Editing a name re-indexes it: the old name is no longer found.
		list, _, _, _ := s.Search(ctx, club, member.Filter{Nombre: "ana"}, 14, 0)
		if len(list) != 1 {
			t.Fatalf("Ana: %v", names(list))
		}
		if _, err := s.Save(ctx, club, admin, member.Input{NID: list[0].NID, Nombre: p("Ángela")}); err != nil {
			t.Fatal(err)
		}
		if list, _, _, _ := s.Search(ctx, club, member.Filter{Nombre: "ana"}, 14, 0); len(list) != 0 {
			t.Errorf("old name still found after the edit: %v", names(list))
		}
		if list, _, _, _ := s.Search(ctx, club, member.Filter{Nombre: "angela"}, 14, 0); !slices.Equal(names(list), []string{"Ángela Marín"}) {
			t.Errorf("new name not found: %v", names(list))
		}
	})
}

func TestDNINormalisedAndUnique(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Members
		club := k.Club("Alfa", access.Socios)
		m := save(t, s, club, "Lucía", "Vidal", "", " 12345678-z ")
		if m.DNI != "12345678Z" || m.Keychain != "12345678Z" {
			t.Fatalf("dni %q keychain %q: want both 12345678Z", m.DNI, m.Keychain)
		}
		// The same ID number written differently is the same person.
		_, err := s.Save(ctx, club, admin, member.Input{Nombre: p("Otra"), Surname: p("Persona"), DNI: p("12345678 Z")})
		var ve *member.ValidationError
		if !errors.As(err, &ve) || ve.Code != "member.dni_taken" {
			t.Fatalf("duplicate ID number: want member.dni_taken, got %v", err)
		}
		want := fmt.Sprintf("El DNI 12345678Z ya está registrado en el socio nº %d (Lucía Vidal)", m.Number)
		if ve.Message != want {
			t.Errorf("message %q, want %q", ve.Message, want)
		}
		got, err := s.ByDNI(ctx, club, "12345678z")
		if err != nil || got.NID != m.NID {
			t.Fatalf("ByDNI lower case: %v %v", got, err)
		}
		if _, err := s.ByDNI(ctx, club, "99999999X"); !errors.Is(err, member.ErrNotFound) {
			t.Fatalf("unknown ID number: want ErrNotFound, got %v", err)
		}
	})
}

// A Manager (not Administrador) may not touch the staff flag, the roles or
// the end-of-fee date; anything else he may.
func TestAdminOnlyFields(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Members
		club := k.Club("Alfa", access.Socios)
		manager := member.Actor{UserID: 2}
		m, err := s.Save(ctx, club, manager, member.Input{Nombre: p("Rosa"), Surname: p("Puig"), DNI: p("55555555E")})
		if err != nil {
			t.Fatalf("a Manager creates a plain member: %v", err)
		}
		for what, in := range map[string]member.Input{
			"staff":    {NID: m.NID, IsStaff: p(true)},
			"roles":    {NID: m.NID, IsStaff: p(true), Roles: &[]string{access.Manager}},
			"end date": {NID: m.NID, EndDate: p(int64(1893456000))},
		} {
			if _, err := s.Save(ctx, club, manager, in); !errors.Is(err, member.ErrAdminOnly) {
				t.Errorf("%s by a Manager: want ErrAdminOnly, got %v", what, err)
			}
		}
		got, _ := s.Get(ctx, club, m.NID)
		if got.IsStaff || got.EndDate != 0 || len(got.MemcardRoles) != 0 || got.OnlineAccount {
			t.Fatalf("refused changes were written: %+v", got)
		}
		if _, err := s.Save(ctx, club, manager, member.Input{NID: m.NID, Notes: p("Prefiere SMS")}); err != nil {
			t.Fatalf("a Manager edits notes: %v", err)
		}
	})
}

// Twenty members created at once in one club get twenty distinct numbers.
func TestNumberingUnderConcurrency(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Members
		club := k.Club("Alfa", access.Socios)
		const n = 20
		var wg sync.WaitGroup
		start := make(chan struct{})
		nums := make([]int64, n)
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				m, err := s.Save(ctx, club, admin, member.Input{Nombre: p(fmt.Sprintf("Socio%d", i)), Surname: p("Prueba"),
					DNI: p(fmt.Sprintf("X%07dA", i))})
				if err == nil {
					nums[i] = m.Number
				}
				errs[i] = err
			}()
		}
		close(start)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("member %d: %v", i, err)
			}
		}
		got := slices.Sorted(slices.Values(nums))
		for i, num := range got {
			if num != int64(i+1) {
				t.Fatalf("numbers: want 1..%d, got %v", n, got)
			}
		}
		if c := k.Count("members", "club_id = ?", club); c != n {
			t.Fatalf("members rows: want %d, got %d", n, c)
		}
	})
}

// TestSearchNameOrSurname: the counter's one box for a person ("Lucía Martínez",
// "martinez lucia", "Mar") matches each word against the name or the surnames,
// folded as the other searches are; every word must match somewhere.
func TestSearchNameOrSurname(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		s := k.App.Members
		club := k.Club("Alfa", access.Socios)
		other := k.Club("Beta", access.Socios)
		save(t, s, club, "Lucía", "Martínez", "Soler", "11111111A")
		save(t, s, club, "Lucía", "Gómez", "", "22222222B")
		save(t, s, club, "Marta", "Ruiz", "", "33333333C")
		save(t, s, club, "Pedro", "Lucas", "Marín", "44444444D")
		save(t, s, club, "Mar", "Marco", "", "55555555E", func(in *member.Input) { in.Status = p(0) })
		save(t, s, other, "Lucía", "Martínez", "", "11111111A")

		cases := []struct {
			what string
			f    member.Filter
			want []string
		}{
			{"name and surname", member.Filter{Name: "Lucía Martínez"}, []string{"Lucía Martínez"}},
			{"surname first, no accents, lower case", member.Filter{Name: "martinez lucia"}, []string{"Lucía Martínez"}},
			{"upper case prefixes", member.Filter{Name: "LUC MART"}, []string{"Lucía Martínez"}},
			{"name and second surname", member.Filter{Name: "lucia soler"}, []string{"Lucía Martínez"}},
			{"one word: a name or a surname", member.Filter{Name: "luc"}, []string{"Lucía Martínez", "Lucía Gómez", "Pedro Lucas"}},
			{"one word over names and surnames, each member once", member.Filter{Name: "mar"}, []string{"Lucía Martínez", "Marta Ruiz", "Pedro Lucas", "Mar Marco"}},
			{"every word must match", member.Filter{Name: "lucia ruiz"}, []string{}},
			{"a word inside a name is not a prefix", member.Filter{Name: "ucia"}, []string{}},
			{"with the other filters", member.Filter{Name: "mar", Status: p(1)}, []string{"Lucía Martínez", "Marta Ruiz", "Pedro Lucas"}},
		}
		for _, c := range cases {
			list, total, _, err := s.Search(ctx, club, c.f, 14, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := names(list); !slices.Equal(got, c.want) || total != len(c.want) {
				t.Errorf("%s: want %v, got %v (total %d)", c.what, c.want, got, total)
			}
		}
		// past the count cap the page is walked in number order and still answers
		list, total, more, err := s.WithCountCap(2).Search(ctx, club, member.Filter{Name: "mar"}, 2, 1)
		if err != nil || !more || total != 2 || !slices.Equal(names(list), []string{"Pedro Lucas", "Mar Marco"}) {
			t.Errorf("over the cap: %v total %d more %v %v", names(list), total, more, err)
		}
	})
}

// TestSearchCountCap: past the cap a search says "more" instead of counting
// on, and pages still come in member-number order, both when the matches are
// few (fetched by id) and many (walked by number).
func TestSearchCountCap(t *testing.T) {
	testkit.Each(t, func(t *testing.T, k *testkit.Kit) {
		ctx := context.Background()
		club := k.Club("Alfa", access.Socios)
		s := k.App.Members.WithCountCap(5)
		for i := range 8 {
			name := "Marta"
			if i%2 == 1 {
				name = "Mario"
			}
			save(t, s, club, name, "Roca", "", fmt.Sprintf("%08dZ", i+1))
		}
		save(t, s, club, "Ana", "Mar", "", "99999999Q")
		list, total, more, err := s.Search(ctx, club, member.Filter{Nombre: "mar"}, 3, 1)
		if err != nil || !more || total != 5 || len(list) != 3 || list[0].Number != 4 || list[2].Number != 6 {
			t.Fatalf("8 matches over a cap of 5: total %d more %v page %v %v", total, more, numbers(list), err)
		}
		list, total, more, err = s.Search(ctx, club, member.Filter{Nombre: "mario"}, 10, 0)
		if err != nil || more || total != 4 || len(list) != 4 || list[0].Number != 2 {
			t.Fatalf("4 matches under the cap: total %d more %v page %v %v", total, more, numbers(list), err)
		}
		// one member matching twice ("María Mar") counts once
		other := k.Club("Beta", access.Socios)
		save(t, s, other, "María Mar", "Vidal", "", "88888888Y")
		list, total, _, err = s.Search(ctx, other, member.Filter{Nombre: "mar"}, 10, 0)
		if err != nil || total != 1 || len(list) != 1 {
			t.Fatalf("a member with two matching words: total %d list %v %v", total, numbers(list), err)
		}
		list, total, more, err = s.Search(ctx, club, member.Filter{}, 2, 0)
		if err != nil || !more || total != 5 || len(list) != 2 {
			t.Fatalf("whole club over the cap: total %d more %v %v", total, more, err)
		}
	})
}

func numbers(list []member.Member) []int64 {
	out := []int64{}
	for _, m := range list {
		out = append(out, m.Number)
	}
	return out
}
