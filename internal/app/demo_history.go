package app

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/coupon"
	"socius/internal/member"
	"socius/internal/pos"
)

// The demo club's month behind today: every open day (Monday to Saturday) of
// the last 30, members come in and go out, buy weighed and unit products by
// cash, card or wallet (topping the wallet up at the counter when it runs
// short), a few use the club's coupons, six renew their annual fee, a few
// sales are given back, and the day ends with the takings banked and the till
// closed with a small difference now and then. Everything goes through the
// services the API calls, each at its past moment (their clocks, or the time
// the call takes), so the reports, the charts, the stock history and the
// closes read it as they would read a real month. Today is left as it was: the
// history ends yesterday, and today's till opens with yesterday's float.
//
// The month is decided first from a fixed seed (who comes, what they take,
// how they pay), so the stock each product starts the month with is what it
// has today plus what the month sells; then it is played in time order.

const (
	demoDays  = 30
	demoSeed1 = 20261125
	demoSeed2 = 42
	// demoFloat is the change the till keeps overnight; the rest is banked.
	demoFloat = amount.Cents(150_00)
	// demoAmnesiaRestock: Amnesia Haze sold out over the month's first weeks
	// and a new harvest came in this many days ago (its stock history of the
	// last week is that entry alone).
	demoAmnesiaRestock = 6
)

// demoMember is a demo member as the history sees it.
type demoMember struct {
	id       int64
	i        int   // index in the demo list: nº i+8
	forecast int64 // grams a month
	active   bool
	end      int64 // fee end date as loaded
	renews   int   // days before today the annual fee is renewed; 0: not this month
}

// demoHistory plans and plays the month.
type demoHistory struct {
	a          *App
	clubID     int64
	staff      map[string]int64
	loc        *time.Location
	now, today time.Time // today: local midnight
	members    []demoMember
	products   []demoProduct
	methods    pos.Methods
	rng        *rand.Rand
	signatures []string
	coupons    map[string]*coupon.Coupon
	fees       map[string]*pos.FeeType
	// the plan's running state
	events     []demoEvent
	grams      map[[2]int64]int64 // member id, month → milligrams taken
	couponUses map[string]map[int64]bool
	sold       map[int64]int64 // product → net quantity the month takes out of stock
	// the play's running state
	wallet map[int64]amount.Cents
	counts demoCounts
}

type demoCounts struct{ sales, refunds, topups, closes, checkins int }

type demoEvent struct {
	at  time.Time
	seq int
	run func(ctx context.Context) error
}

// demoSale is one order of the plan.
type demoSale struct {
	m        *demoMember
	at       time.Time
	staff    int64
	lines    []pos.LineInput
	coupon   string
	pay      string       // cash, tpv or wallet
	topUpBy  string       // how a short wallet is topped up: cash or tpv
	topUp    amount.Cents // and by how much, at least
	tender   int          // cash handed over: 0 exact, else the next note of 5, 10, 20 or 50 €
	oid      int64        // set when paid
	paidWith string
}

func (a *App) newDemoHistory(ctx context.Context, clubID int64, staff map[string]int64) (*demoHistory, error) {
	c, err := a.Clubs.Get(ctx, clubID)
	if err != nil {
		return nil, err
	}
	pay, err := a.Clubs.Payments(ctx, clubID)
	if err != nil {
		return nil, err
	}
	loc := c.Location()
	now := time.Now().In(loc)
	h := &demoHistory{a: a, clubID: clubID, staff: staff, loc: loc, now: now,
		today: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc),
		// what the counter accepts, as the API works it out for this club
		methods: pos.Methods{Cash: pay.Cash, Card: pay.Card,
			Wallet:    pay.Wallet && (c.Flags[access.FuncionesAvanzadasGestion] || c.Flags[access.Monedero]),
			Signature: c.Flags[access.FirmaPedido] || c.Flags[access.FirmaDigital]},
		rng:   rand.New(rand.NewPCG(demoSeed1, demoSeed2)),
		grams: map[[2]int64]int64{}, couponUses: map[string]map[int64]bool{}, sold: map[int64]int64{},
		wallet: map[int64]amount.Cents{}, coupons: map[string]*coupon.Coupon{}, fees: map[string]*pos.FeeType{}}
	for i := range 4 {
		h.signatures = append(h.signatures, demoSignature(i))
	}
	return h, nil
}

// day is local midnight k days before today (k < 0: after).
func (h *demoHistory) day(k int) time.Time { return h.today.AddDate(0, 0, -k) }

func at(day time.Time, hour, minute int) time.Time {
	return time.Date(day.Year(), day.Month(), day.Day(), hour, minute, 0, 0, day.Location())
}

func clock(t time.Time) func() time.Time { return func() time.Time { return t } }

func (h *demoHistory) add(t time.Time, run func(ctx context.Context) error) {
	h.events = append(h.events, demoEvent{at: t, seq: len(h.events), run: run})
}

// load sets the club's fees and coupons up, plans the month, gives every
// product the stock the month starts with and plays the month.
func (h *demoHistory) load(ctx context.Context) error {
	start := at(h.day(demoDays), 9, 30)
	if err := h.setUp(ctx, start); err != nil {
		return err
	}
	h.plan()
	for _, p := range h.products {
		level := h.sold[p.pid] + int64(p.stock)
		if p.code == demoAmnesia {
			level = h.sold[p.pid] // sold out before the new harvest came
		}
		if p.unlimited || level == 0 {
			continue
		}
		if _, err := h.a.Catalog.AdjustStock(ctx, h.clubID, h.staff["inventario"], []catalog.StockChange{{PID: p.pid,
			Kind: catalog.MoveManual, Quantity: amount.Milli(level), Note: "Stock inicial", At: at(h.day(demoDays), 10, 0).Unix()}}); err != nil {
			return fmt.Errorf("stock of %s: %w", p.title, err)
		}
	}
	slices.SortStableFunc(h.events, func(a, b demoEvent) int {
		return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.seq, b.seq))
	})
	for _, e := range h.events {
		if err := e.run(ctx); err != nil {
			return fmt.Errorf("%s: %w", e.at.Format("02/01 15:04"), err)
		}
	}
	return nil
}

const demoAmnesia = "8400000000017"

// setUp adds the club's fee types and coupons, made when the month began.
func (h *demoHistory) setUp(ctx context.Context, start time.Time) error {
	posAt := h.a.POS.WithClock(clock(start))
	for _, f := range []pos.FeeInput{{Code: "CA", Title: "Cuota anual", Price: 60_00, Days: 365},
		{Code: "CS", Title: "Cuota semestral", Price: 35_00, Days: 182}} {
		fee, err := posAt.SaveFee(ctx, h.clubID, f)
		if err != nil {
			return err
		}
		h.fees[f.Code] = fee
	}
	var extracts int64
	for _, p := range h.products {
		if p.kind == "Extracciones" {
			extracts = p.category
		}
	}
	pct := func(v amount.Cents) *amount.Cents { return &v }
	tz := h.loc.String()
	for _, in := range []coupon.Input{
		{Code: "BIENVENIDA15", Title: "Bienvenida: 15 % en tu pedido", Type: coupon.TypePercent, Discount: pct(15_00),
			UsesUser: 1, From: h.day(demoDays).Unix(), To: h.day(-30).Unix(), Notes: "Una vez por socio"},
		{Code: "OTONO5", Title: "Otoño: 5 € en pedidos desde 25 €", Type: coupon.TypeEuros, Discount: pct(5_00),
			MinAmount: 25_00, From: h.day(14).Unix(), To: h.day(-16).Unix()},
		{Code: "ROSIN10", Title: "10 % en extracciones", Type: coupon.TypePercent, Discount: pct(10_00),
			ProductCategories: []int64{extracts}, From: h.day(10).Unix(), To: h.day(-20).Unix(), Notes: "Semana de las extracciones"},
	} {
		in.MaySwitch, in.Timezone = true, tz
		c, err := h.a.Coupons.WithClock(clock(start)).Save(ctx, h.clubID, h.staff["manager"], in)
		if err != nil {
			return fmt.Errorf("coupon %s: %w", in.Code, err)
		}
		h.coupons[in.Code] = c
	}
	return nil
}

// demoWeighed: what a member takes by weight, with how often it is chosen
// and the grams of a usual portion.
var demoWeighed = []struct {
	code   string
	weight int
	grams  []int64 // milligrams
}{
	{demoAmnesia, 5, []int64{1000, 2000, 2000, 3000, 3500, 5000}},
	{"8400000000024", 7, []int64{1000, 1500, 2000, 2500, 3000, 3000, 4000, 5000}},
	{"8400000000031", 4, []int64{1000, 2000, 2500, 3000}},
	{"8400000000048", 4, []int64{1000, 1500, 2000, 3000}},
	{"8400000000055", 2, []int64{1000, 2000}},
	{"8400000000062", 3, []int64{1000, 1500, 2000, 3000}},
	{"8400000000079", 2, []int64{500, 1000, 1000, 1500}},
	{"8400000000086", 1, []int64{500, 1000}},
}

// demoExtras: what goes with it by the unit (coffee has no code).
var demoExtras = []struct {
	title  string
	weight int
	units  []int64
}{
	{"Galleta de avena", 3, []int64{1, 1, 2}},
	{"Brownie", 2, []int64{1}},
	{"Café", 4, []int64{1, 1, 2}},
}

// demoDifferences: what each close counts against what the till should hold, in cents, with its note.
var demoDifferences = []struct {
	cents amount.Cents
	note  string
}{
	{0, ""}, {0, ""}, {-50, "Faltan 0,50 € de cambio"}, {0, ""}, {0, ""}, {100, "Sobra 1 €"}, {0, ""},
	{-20, "Falta calderilla"}, {0, ""}, {0, ""}, {0, ""}, {-200, "Faltan 2 €: revisado el cambio, sin encontrar el error"},
	{0, ""}, {50, ""}, {0, ""}, {0, ""}, {-10, ""}, {0, ""}, {0, ""}, {150, "Sobra 1,50 €: una propina"}, {0, ""},
	{-50, ""}, {0, ""}, {0, ""}, {0, ""}, {20, ""}, {0, ""}, {0, ""}, {0, ""}, {0, ""},
}

func (h *demoHistory) product(code, title string) *demoProduct {
	for i := range h.products {
		if p := &h.products[i]; (code != "" && p.code == code) || (code == "" && p.title == title) {
			return p
		}
	}
	panic("demo product missing: " + code + title)
}

// pick chooses an index by weight.
func (h *demoHistory) pick(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	n := h.rng.IntN(total)
	for i, w := range weights {
		if n < w {
			return i
		}
		n -= w
	}
	return len(weights) - 1
}

// demoArrivals: how many members come in at each hour from 11:00 to 21:00,
// relatively (the evening is busiest).
var demoArrivals = []int{2, 3, 3, 4, 3, 3, 4, 6, 7, 6, 3}

// plan decides the month, day by day.
func (h *demoHistory) plan() {
	first := true
	for k := demoDays; k >= 1; k-- {
		day := h.day(k)
		if day.Weekday() == time.Sunday { // the club opens Monday to Saturday
			continue
		}
		if first {
			h.add(at(day, 10, 50), func(ctx context.Context) error {
				_, err := h.a.Cash.WithClock(clock(at(day, 10, 50))).Move(ctx, h.clubID, h.staff["caja"], demoFloat, "Fondo de caja")
				return err
			})
			first = false
		}
		if k == demoAmnesiaRestock {
			p := h.product(demoAmnesia, "")
			t := at(day, 10, 30)
			h.add(t, func(ctx context.Context) error {
				_, err := h.a.Catalog.AdjustStock(ctx, h.clubID, h.staff["inventario"], []catalog.StockChange{{PID: p.pid,
					Kind: catalog.MoveManual, Quantity: p.stock, Note: "Entrada de cosecha", At: t.Unix()}})
				return err
			})
		}
		h.planDay(k, day)
		h.planClose(k, day)
	}
}

// planDay: who comes in, what each takes and how they pay.
func (h *demoHistory) planDay(k int, day time.Time) {
	busy := []int{0, 0, 1, 1, 2, 4, 5}[day.Weekday()]
	n := 7 + busy + h.rng.IntN(3)
	var pool []*demoMember
	for i := range h.members {
		m := &h.members[i]
		renewsToday := m.renews != 0 && (m.renews == k || (m.renews == k-1 && h.day(k-1).Weekday() == time.Sunday))
		if renewsToday {
			n--
			h.planVisit(k, day, m, true)
			m.end = time.Unix(m.end, 0).Add(365 * 24 * time.Hour).Unix()
			continue
		}
		if m.active && m.end > at(day, 23, 0).Unix() {
			pool = append(pool, m)
		}
	}
	h.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	refund := demoRefundDay(day)
	for _, m := range pool[:min(max(n, 0), len(pool))] {
		s := h.planVisit(k, day, m, false)
		if refund && s != nil && s.at.Hour() < 20 {
			h.planRefund(s)
			refund = false
		}
	}
}

// demoRefundDay: the days a sale is given back, every Friday. A day chosen
// by its distance from today fell on Sundays, when the club is shut, one day
// in seven.
func demoRefundDay(day time.Time) bool { return day.Weekday() == time.Friday }

// planVisit: a member comes in, perhaps renews the fee, buys, and leaves.
func (h *demoHistory) planVisit(k int, day time.Time, m *demoMember, renew bool) *demoSale {
	hour := 11 + h.pick(demoArrivals)
	in := at(day, hour, h.rng.IntN(60))
	if hour == 21 { // paid before the till is closed at 22:05
		in = at(day, hour, h.rng.IntN(40))
	}
	out := in.Add(time.Duration(35+h.rng.IntN(115)) * time.Minute)
	if last := at(day, 21, 59); out.After(last) {
		out = last
	}
	h.add(in, func(ctx context.Context) error { return h.access(ctx, m, member.ActionIn, in) })
	h.add(out, func(ctx context.Context) error { return h.access(ctx, m, member.ActionOut, out) })
	staff := h.staff["budtender"]
	if day.Weekday() == time.Saturday && h.rng.IntN(2) == 0 {
		staff = h.staff["caja"]
	}
	if renew {
		t := in.Add(2 * time.Minute)
		by := []string{pos.PayCash, pos.PayCard}[h.rng.IntN(2)]
		h.add(t, func(ctx context.Context) error { return h.renew(ctx, m, staff, by, t) })
	}
	s := &demoSale{m: m, at: in.Add(time.Duration(4+h.rng.IntN(9)) * time.Minute), staff: staff, tender: h.rng.IntN(5)}
	// what the member takes: by weight within the month's forecast (a member
	// keeps well under it, so the demo's members can still buy today), and
	// something by the unit now and then
	month := [2]int64{m.id, int64(s.at.Year()*100 + int(s.at.Month()))}
	room := m.forecast*1000*7/10 - h.grams[month]
	var base amount.Cents
	var weighed, extracts bool
	weights := make([]int, len(demoWeighed))
	for i, w := range demoWeighed {
		weights[i] = w.weight
		if w.code == demoAmnesia && k < 8 { // sold out until the new harvest
			weights[i] = 0
		}
	}
	w := demoWeighed[h.pick(weights)]
	p := h.product(w.code, "")
	q := w.grams[h.rng.IntN(len(w.grams))]
	for q > 500 && q*102/100 > room {
		q -= 500
	}
	if q*102/100 <= room {
		real := q + q*int64(h.rng.IntN(31)-15)/1000/10*10 // the scale's ±1.5 %, to the centigram
		s.lines = append(s.lines, pos.LineInput{PID: p.pid, Quantity: amount.Milli(q), RealQuantity: ptr(amount.Milli(real))})
		h.grams[month] += real
		room -= real
		h.sold[p.pid] += real
		base += amount.Cents(int64(p.price) * q / 1000)
		weighed, extracts = true, p.kind == "Extracciones"
	}
	if len(s.lines) == 0 || h.rng.IntN(100) < 35 {
		weights := make([]int, len(demoExtras))
		for i, e := range demoExtras {
			weights[i] = e.weight
		}
		e := demoExtras[h.pick(weights)]
		p := h.product("", e.title)
		units := e.units[h.rng.IntN(len(e.units))]
		if g := units * int64(p.unitWeight); g > room { // a brownie counts its grams too
			p, units = h.product("", "Café"), 1
		}
		h.grams[month] += units * int64(p.unitWeight)
		h.sold[p.pid] += units * 1000
		base += p.price * amount.Cents(units)
		s.lines = append(s.lines, pos.LineInput{PID: p.pid, Quantity: amount.Milli(units * 1000)})
	}
	// how they pay: some members keep a wallet, the rest pay cash or by card
	switch {
	case m.i%4 == 1:
		s.pay = pos.PayWallet
	case h.rng.IntN(100) < 65:
		s.pay = pos.PayCash
	default:
		s.pay = pos.PayCard
	}
	s.topUpBy = []string{pos.PayCash, pos.PayCash, pos.PayCard}[h.rng.IntN(3)]
	s.topUp = []amount.Cents{20_00, 30_00, 50_00, 50_00, 100_00}[h.rng.IntN(5)]
	// a coupon now and then, when its rules let it in
	if h.rng.IntN(100) < 12 || (extracts && h.rng.IntN(100) < 50) {
		codes := []string{"BIENVENIDA15", "OTONO5", "ROSIN10"}
		h.rng.Shuffle(len(codes), func(i, j int) { codes[i], codes[j] = codes[j], codes[i] })
		for _, code := range codes {
			c := h.coupons[code]
			ok := weighed && s.at.Unix() >= c.FromDate && s.at.Unix() <= c.ToDate
			switch code {
			case "BIENVENIDA15":
				ok = ok && !h.couponUses[code][m.id]
			case "OTONO5":
				ok = ok && base >= c.MinAmountOrder+1_00 // a cent of rounding never leaves it out
			case "ROSIN10":
				ok = ok && extracts
			}
			if ok {
				s.coupon = code
				if h.couponUses[code] == nil {
					h.couponUses[code] = map[int64]bool{}
				}
				h.couponUses[code][m.id] = true
				break
			}
		}
	}
	h.add(s.at, func(ctx context.Context) error { return h.sell(ctx, s) })
	return s
}
