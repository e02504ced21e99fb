package main

import (
	"context"
	"fmt"
	"slices"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/app"
	"socius/internal/auth"
	"socius/internal/catalog"
	"socius/internal/member"
	"socius/internal/pos"
)

// payBench is a club set up for saving and paying 3-line orders.
type payBench struct {
	clubID, uid int64
	lines       []pos.LineInput
	pids        []int64
}

func newPayBench(ctx context.Context, e *env) *payBench {
	// every flag but the signature ones: a signed pay stores an image, which is not the budget's subject
	flags := slices.DeleteFunc(slices.Clone(access.Flags), func(f string) bool { return f == access.FirmaPedido || f == access.FirmaDigital })
	clubID, err := e.app.CreateClub(ctx, "Bench counter", flags)
	must(err)
	uid, err := e.app.CreateUser(ctx, app.NewStaffUser{NewUser: auth.NewUser{Username: "bench", Password: "bench-password",
		Email: "bench@example.test"}, ClubID: clubID, Roles: []string{access.Budtender}})
	must(err)
	cat, err := e.app.Clubs.SaveCategory(ctx, clubID, 0, "dispensary", "Flores")
	must(err)
	// the bench members buy far past a month's forecast; the check itself is one indexed sum per pay
	_, err = e.app.Clubs.SaveCategory(ctx, clubID, 0, "consumption_check", "off")
	must(err)
	var pids []int64
	for i, typ := range []string{"peso", "peso", "unidad"} {
		p, err := e.app.Catalog.Save(ctx, clubID, benchProduct(fmt.Sprintf("Bench %d", i), typ, cat.NID))
		must(err)
		_, err = e.app.Catalog.AdjustStock(ctx, clubID, uid, []catalog.StockChange{{PID: p.PID, Kind: catalog.MoveManual, Quantity: amount.Milli(900_000_000), Note: "bench"}}) // 900 kg or units: within a product's 10.000.000 € of stock
		must(err)
		pids = append(pids, p.PID)
	}
	return &payBench{clubID: clubID, uid: uid, pids: pids,
		lines: []pos.LineInput{{PID: pids[0], Quantity: 2500}, {PID: pids[1], Quantity: 1250}, {PID: pids[2], Quantity: 2000}}}
}

// members makes one member per worker: a member has one open order at a time.
func (p *payBench) members(ctx context.Context, e *env, tag string) []int64 {
	members := make([]int64, e.conc)
	for i := range members {
		m, err := e.app.Members.Save(ctx, p.clubID, member.Actor{UserID: p.uid, IsAdmin: true},
			member.Input{Nombre: ptr(fmt.Sprintf("Socio %s-%d", tag, i)), Surname: ptr("Bench"), DNI: ptr(fmt.Sprintf("B%s%06dZ", tag, i))})
		must(err)
		members[i] = m.NID
	}
	return members
}

// overHTTP saves and pays an order per call through the API at url.
func (p *payBench) overHTTP(e *env, url, what string, members []int64) result {
	clients := make([]*client, len(members))
	for i := range clients {
		clients[i] = newClient(url)
		must(clients[i].login("bench", "bench-password"))
	}
	return measure(e, what, func(w int) error {
		var saved struct {
			Order struct {
				OID int64 `json:"oid"`
			} `json:"order"`
		}
		body := map[string]any{"asocid": p.clubID, "membership_id": members[w], "products": []map[string]any{
			{"pid": p.pids[0], "quantity": 2.5}, {"pid": p.pids[1], "quantity": 1.25}, {"pid": p.pids[2], "quantity": 2}}}
		if err := clients[w].do("POST", "/api/order", body, &saved); err != nil {
			return err
		}
		return clients[w].do("POST", "/api/order/pay", map[string]any{"asocid": p.clubID, "oid": saved.Order.OID, "type": "cash"}, nil)
	})
}

// benchPay: saving and paying a 3-line order (lines, stock movements, till
// movement in one transaction) over HTTP at 8 and 32 clients, beside the same
// service calls made straight on the database in the same run (the floor).
// DESIGN.md: HTTP keeps at least half the throughput of the floor.
func benchPay(ctx context.Context, e *env) []result {
	p := newPayBench(ctx, e)
	methods := pos.Methods{Cash: true, Card: true, Wallet: true}
	var out []result
	for _, conc := range []int{8, 32} {
		e.conc = conc
		members := p.members(ctx, e, fmt.Sprint(conc))
		floor := measure(e, fmt.Sprintf("pay floor (service) x%d", conc), func(w int) error {
			o, err := e.app.POS.Save(ctx, p.clubID, pos.Actor{UserID: p.uid}, pos.SaveInput{MemberID: members[w], Lines: p.lines})
			if err != nil {
				return err
			}
			_, err = e.app.POS.Pay(ctx, p.clubID, pos.Actor{UserID: p.uid}, methods, pos.PayInput{OID: o.OID, Type: pos.PayCash})
			return err
		})
		http := p.overHTTP(e, e.url, fmt.Sprintf("pay over HTTP x%d", conc), members)
		ratio := (float64(len(http.samples)) / http.elapsed.Seconds()) / (float64(len(floor.samples)) / floor.elapsed.Seconds())
		fmt.Printf("  pay x%d on %s: HTTP/floor throughput ratio %.2f (goal ≥ 0.5)\n", conc, e.engine, ratio)
		ratios = append(ratios, payRatio{conc: conc, engine: e.engine, ratio: ratio})
		if ratio < 0.5 {
			failed = true
		}
		out = append(out, floor, http)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// benchProduct is a product to sell: weight products at 9.50 €/g, units at 2 €.
func benchProduct(title, typ string, category int64) catalog.Input {
	price := amount.Cents(950)
	if typ == "unidad" {
		price = 200
	}
	return catalog.Input{Kind: catalog.KindPro, Title: title, Category: category, Price: &price, Type: typ, Dominance: "hibrido",
		Status: true, Discount: true}
}
