package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strings"
	"time"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/db"
	"socius/internal/member"
)

const benchMembers = 100_000

var (
	benchFirst = []string{"José", "María", "Núria", "Jordi", "Lucía", "Álvaro", "Marta", "Íñigo", "Carmen", "Pau",
		"Sofía", "Joan", "Elena", "Raúl", "Aina", "Sergio", "Laia", "Andrés", "Irene", "Óscar", "Pablo", "Clara",
		"Hugo", "Alba", "Marc", "Noa", "Iker", "Júlia", "Martín", "Vera"}
	benchSurname = []string{"García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Muñoz",
		"Castaño", "Ibáñez", "Vidal", "Puig", "Serra", "Ferrer", "Roig", "Núñez", "Peña", "Domènech", "Ruiz", "Soler",
		"Navarro", "Torres", "Romero", "Alonso", "Gutiérrez", "Molina", "Morales", "Ortega", "Delgado", "Castro"}
)

// loadMembers writes n members straight into the tables (with their search
// words), in batches, so that the fixture takes seconds, not minutes.
func loadMembers(ctx context.Context, d *db.DB, clubID int64, n int) error {
	const batch = 500
	now := time.Now().Unix()
	for start := 0; start < n; start += batch {
		tx, err := d.W.BeginTxx(ctx, nil)
		if err != nil {
			return err
		}
		var mrows, trows []string
		var margs, targs []any
		for i := start; i < min(n, start+batch); i++ {
			first, s1, s2 := benchFirst[i%len(benchFirst)], benchSurname[(i/7)%len(benchSurname)], benchSurname[(i/211)%len(benchSurname)]
			dni := fmt.Sprintf("%08dX", 10_000_000+i)
			key := fmt.Sprintf("%010d", 7_000_000_000+int64(i)*13)
			email := fmt.Sprintf("socio%d@correo.example", i)
			phone := fmt.Sprintf("6%08d", i)
			id := int64(i + 1_000_000)
			mrows = append(mrows, "(?,?,?,?,?,?,?,?,?,?,?,?)")
			margs = append(margs, id, clubID, i+2, first, s1, s2, dni, email, phone, key, i%11 != 0, now)
			for _, t := range member.Terms(first, s1, s2, dni, email, phone) {
				trows = append(trows, "(?,?,?,?)")
				targs = append(targs, clubID, t.Field, t.Word, id)
			}
		}
		if _, err := db.Exec(ctx, tx, `INSERT INTO members (id, club_id, number, nombre, surname, surname2, dni, email, telefono,
			keychain, status, created) VALUES `+strings.Join(mrows, ","), fixBool(margs)...); err != nil {
			tx.Rollback()
			return err
		}
		for i := 0; i < len(trows); i += 1000 {
			j := min(len(trows), i+1000)
			if _, err := db.Exec(ctx, tx, `INSERT INTO member_terms (club_id, field, term, member_id) VALUES `+strings.Join(trows[i:j], ","), targs[i*4:j*4]...); err != nil {
				tx.Rollback()
				return err
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	if d.Engine == db.Postgres {
		// what autovacuum does to a table at rest: statistics and the visibility map
		_, err := d.W.ExecContext(ctx, `VACUUM ANALYZE members`)
		if err == nil {
			_, err = d.W.ExecContext(ctx, `VACUUM ANALYZE member_terms`)
		}
		return err
	}
	_, err := d.W.ExecContext(ctx, `ANALYZE`)
	return err
}

func fixBool(args []any) []any {
	for i, a := range args {
		if b, ok := a.(bool); ok {
			args[i] = map[bool]int{true: 1, false: 0}[b]
		}
	}
	return args
}

// benchClub makes a club with a staff user of role, fills it with load (n
// rows of what) and logs in one client per core: latency at the counter, so
// p99 measures the query, not a queue of requests waiting for a CPU.
func benchClub(ctx context.Context, e *env, role, what string, n int,
	load func(context.Context, *db.DB, int64, int) error) (int64, []*client) {
	clubID, err := e.app.CreateClub(ctx, "Bench club", access.Flags)
	must(err)
	_, err = e.app.CreateUser(ctx, app.NewStaffUser{NewUser: auth.NewUser{Username: "bench", Password: "bench-password",
		Email: "bench@example.test"}, ClubID: clubID, Roles: []string{role}})
	must(err)
	t0 := time.Now()
	must(load(ctx, e.app.DB, clubID, n))
	fmt.Printf("  (%d %s loaded on %s in %s)\n", n, what, e.engine, time.Since(t0).Round(time.Second))
	settle(ctx, e)
	e.conc = min(e.conc, runtime.NumCPU())
	clients := make([]*client, e.conc)
	for i := range clients {
		clients[i] = newClient(e.url)
		must(clients[i].login("bench", "bench-password"))
	}
	return clubID, clients
}

// benchMemberSearch: the member manager's search with 100,000 members in one club.
func benchMemberSearch(ctx context.Context, e *env) []result {
	clubID, clients := benchClub(ctx, e, access.Recepcion, "members", benchMembers, loadMembers)
	base := fmt.Sprintf("/api/ficha_socio?association=%d&limit=14&page=0&", clubID)
	names := []string{"mar", "jose", "garcia", "nuria", "ib", "fer", "lopez", "pe", "alv", "domenech"}
	byName := measure(e, "GET ficha_socio name fragment", func(w int) error {
		q := url.Values{}
		if rand.IntN(2) == 0 {
			q.Set("nombre", names[rand.IntN(len(names))])
		} else {
			q.Set("surname", names[rand.IntN(len(names))])
		}
		return clients[w].get(base + q.Encode())
	})
	byNumber := measure(e, "GET ficha_socio by number", func(w int) error {
		return clients[w].get(base + fmt.Sprintf("number=%d", 2+rand.IntN(benchMembers)))
	})
	byKey := measure(e, "GET ficha_socio by key fob", func(w int) error {
		return clients[w].get(base + fmt.Sprintf("keychain=%010d", 7_000_000_000+int64(rand.IntN(benchMembers))*13))
	})
	return withLimit(20*time.Millisecond, byName, byNumber, byKey)
}
