package main

import (
	"context"
	"fmt"

	"socius/internal/access"
	"socius/internal/app"
	"socius/internal/auth"
)

// benchSession: log in, then retrieve the club, the first round trips of
// every working day at the counter.
func benchSession(ctx context.Context, e *env) []result {
	clubID, err := e.app.CreateClub(ctx, "Bench club", access.Flags)
	must(err)
	_, err = e.app.CreateUser(ctx, app.NewStaffUser{NewUser: auth.NewUser{Username: "bench", Password: "bench-password",
		Email: "bench@example.test"}, ClubID: clubID, Roles: []string{access.Manager}})
	must(err)
	clients := make([]*client, e.conc)
	for i := range clients {
		clients[i] = newClient(e.url)
	}
	login := measure(e, "POST /api/user/login", func(w int) error {
		return clients[w].login("bench", "bench-password")
	})
	path := fmt.Sprintf("/api/association/retrieve?association=%d", clubID)
	retrieve := measure(e, "GET /api/association/retrieve", func(w int) error {
		return clients[w].get(path)
	})
	return []result{login, retrieve}
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
