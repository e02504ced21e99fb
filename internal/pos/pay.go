package pos

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/coupon"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/member"
	"socius/internal/problem"
	"socius/internal/rules"
	"socius/internal/textnorm"
)

// PayInput is POST /api/order/pay.
type PayInput struct {
	OID, MemberID int64
	Type          string        // cash, wallet or tpv; "" completes an order whose total is 0
	Amount        *amount.Cents // the total the staff saw; a different server total refuses the pay
	Tendered      *amount.Cents // cash handed over, for the change
	Signature     string        // data URL or base64 of the member's signature image
	Override      string        // a Manager's or Administrador's reason to pass the forecast
	Key           string        // Idempotency-Key: a retried pay answers the first result
}

// Consumption is what a member took this day, month and year against the
// forecast and the club's rule pack: what the counter shows before a sale.
type Consumption struct {
	Month    amount.Milli `json:"grams_month" doc:"Grams dispensed this calendar month: paid lines minus refunds"`
	Forecast amount.Milli `json:"consum_forecast" doc:"The member's consumption forecast in grams per month"`
	Start    int64        `json:"month_start" doc:"First second of the month in the club's time zone"`

	Day        amount.Milli    `json:"grams_day" doc:"Grams dispensed today"`
	Year       amount.Milli    `json:"grams_year" doc:"Grams dispensed this calendar year"`
	DayLimit   *amount.Milli   `json:"day_limit_g" nullable:"true" doc:"The pack's day limit for this member; null: none"`
	MonthLimit *amount.Milli   `json:"month_limit_g" nullable:"true" doc:"The month limit for this member (the young band's when it applies); null: none"`
	YearLimit  *amount.Milli   `json:"year_limit_g" nullable:"true" doc:"The year limit; null: none"`
	THCMax     *amount.Percent `json:"thc_max" nullable:"true" doc:"Highest THC this member may receive; null: none"`
	LeftToday  *amount.Milli   `json:"left_today_g" nullable:"true" doc:"Grams the member may still receive today under the day, month and year limits; null: no limit"`
	LeftMonth  *amount.Milli   `json:"left_month_g" nullable:"true" doc:"Grams the member may still receive this month under the month and year limits; null: no limit"`
	// SlipRequired tells the counter to print the information slip with
	// every dispensation (the club's rules; KCanG § 21).
	SlipRequired bool `json:"slip_required" doc:"The club's rules ask for the information slip with every dispensation"`
}

// Consumption sums what a member took this day, month and year, and what the
// club's rules leave.
func (s *Service) Consumption(ctx context.Context, clubID, memberID int64) (*Consumption, error) {
	m, err := s.member(ctx, s.db.R, clubID, memberID)
	if err != nil {
		return nil, err
	}
	r, err := rules.ForClub(ctx, s.db.R, clubID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	d, err := dispensed(ctx, s.db.R, memberID, now, m.Timezone)
	if err != nil {
		return nil, err
	}
	c := &Consumption{Month: amount.Milli(d.Month), Forecast: amount.Milli(m.Forecast * 1000), Start: d.MonthStart,
		Day: amount.Milli(d.Day), Year: amount.Milli(d.Year), DayLimit: r.DayLimit, MonthLimit: r.MonthLimit, YearLimit: r.YearLimit,
		SlipRequired: r.SlipRequired}
	if r.YoungMaxAge != nil && m.Birthdate != 0 && ageAt(m.Birthdate, now, m.Timezone) <= *r.YoungMaxAge {
		c.THCMax = r.YoungTHCMax
		if r.YoungMonthLimit != nil && (c.MonthLimit == nil || *r.YoungMonthLimit < *c.MonthLimit) {
			c.MonthLimit = r.YoungMonthLimit
		}
	}
	c.LeftMonth = leastLeft(left(c.MonthLimit, d.Month), left(c.YearLimit, d.Year))
	c.LeftToday = leastLeft(left(c.DayLimit, d.Day), c.LeftMonth)
	return c, nil
}

// left is what a limit leaves after taken (never below zero), or nil without a limit.
func left(limit *amount.Milli, taken int64) *amount.Milli {
	if limit == nil {
		return nil
	}
	v := amount.Milli(max(int64(*limit)-taken, 0))
	return &v
}

// leastLeft is the smaller of two leftovers, nil standing for no limit.
func leastLeft(a, b *amount.Milli) *amount.Milli {
	if a == nil || (b != nil && *b < *a) {
		return b
	}
	return a
}

func monthGrams(ctx context.Context, q db.Q, memberID, start int64) (int64, error) {
	sold, err := gramsSoldSince(ctx, q, memberID, start)
	if err != nil {
		return 0, err
	}
	back, err := gramsRefundedSince(ctx, q, memberID, start)
	if err != nil {
		return 0, err
	}
	return sold - back, nil
}

// Pay takes the payment of an order in one transaction: the lines priced
// and frozen, stock out by real weight, the wallet debited through its
// ledger, the fee end dates extended, the till's movement, the signature and
// the staff user. A pay retried with the same key, or of an order already
// paid, changes nothing and answers the paid order.
func (s *Service) Pay(ctx context.Context, clubID int64, actor Actor, methods Methods, in PayInput) (*Order, error) {
	if in.Type != "" && in.Type != PayCash && in.Type != PayWallet && in.Type != PayCard {
		return nil, errPayType
	}
	if len([]rune(in.Override)) > MaxOverride {
		return nil, errOverrideLong
	}
	if in.Key != "" {
		done, err := paidWithKey(ctx, s.db.R, clubID, in.Key)
		if err != nil {
			return nil, err
		}
		if done != 0 {
			return s.replay(ctx, clubID, done)
		}
	}
	var p *payment
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		p = &payment{s: s, tx: tx, club: clubID, actor: actor, methods: methods, in: in, now: s.now().Unix()}
		if err := p.lockOrder(ctx); err != nil || p.replay {
			return err
		}
		for _, step := range []func(context.Context) error{
			p.loadMember,          // the order's member, active
			p.priceLines,          // lines re-resolved from the catalogue and priced: prices freeze here
			p.choosePayType,       // a method the club allows, and enough cash handed over
			p.takeSignature,       // when the club asks members to sign
			p.checkRules,          // the club's rule pack: limits a day, month and year, the young band, waiting days, fee
			p.checkForecast,       // the member's monthly consumption forecast, or a supervisor's reason
			p.takeStock,           // stock out by real weight
			p.moveMoney,           // the wallet's debit and the till's movement
			p.extendFees,          // fees paid extend the membership
			p.countCoupons,        // each coupon counts one use
			p.writeOrder,          // lines, coupons and the order, paid
			p.recordDispensations, // the register's rows of the lines with grams
		} {
			if err := step(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if p.replay {
		return s.replay(ctx, clubID, p.order.ID)
	}
	return s.Get(ctx, clubID, p.order.ID)
}

// payment is one pay under way: what each step of Pay found, inside its
// transaction.
type payment struct {
	s       *Service
	tx      *sqlx.Tx
	club    int64
	actor   Actor
	methods Methods
	in      PayInput
	now     int64

	order     orderRow
	replay    bool // paid already: answer the first result
	member    *memberRow
	lines     []resolved
	coupons   []*coupon.Coupon
	priced    Priced
	payType   string
	sign      string // the stored signature's file id
	override  string // the supervisor's reason to pass the forecast or a limit, when it was needed
	rules     *rules.Rules
	dispensed Dispensed // the member's grams of the day, month and year, counted under the member's lock
}

// lockOrder takes the order's row first, so two pays of one order queue.
func (p *payment) lockOrder(ctx context.Context) error {
	if p.in.OID == 0 && p.in.MemberID == 0 {
		return errMemberRequired
	}
	o, err := lockOrderForPay(ctx, p.tx, p.club, p.in.OID, p.in.MemberID, p.now)
	if err != nil {
		return err
	}
	if p.in.MemberID != 0 && o.MemberID != p.in.MemberID {
		return errOtherMember
	}
	p.order, p.replay = *o, o.Status == StatusCompleted
	return nil
}

func (p *payment) loadMember(ctx context.Context) error {
	m, err := p.s.member(ctx, p.tx, p.club, p.order.MemberID)
	if err != nil {
		return err
	}
	if m.Status != 1 {
		return errMemberInactive
	}
	p.member = m
	return nil
}

// priceLines re-resolves the stored lines and re-checks the coupons (still
// active, in date, with uses left), then prices; the staff's total, when
// sent, must be the server's.
func (p *payment) priceLines(ctx context.Context) error {
	stored, err := storedLines(ctx, p.tx, p.order.ID)
	if err != nil {
		return err
	}
	if p.lines, err = p.s.resolve(ctx, p.tx, p.club, stored); err != nil {
		return err
	}
	if len(p.lines) == 0 {
		return errRefundNothing
	}
	couponIDs, err := orderCouponIDs(ctx, p.tx, p.order.ID)
	if err != nil {
		return err
	}
	check := couponCheck{ids: couponIDs, strict: true, manual: p.order.ManualDiscount}
	if p.coupons, _, err = p.s.checkCoupons(ctx, p.tx, p.club, p.member, p.lines, check); err != nil {
		return err
	}
	if p.priced, err = priceLines(p.lines, p.member.Percent, couponPrices(p.coupons, p.lines), p.order.ManualDiscount); err != nil {
		return err
	}
	if p.in.Amount != nil && int64(*p.in.Amount) != p.priced.Total {
		return errTotalChanged.With("total", amount.Cents(p.priced.Total).String())
	}
	return nil
}

func (p *payment) choosePayType(context.Context) error {
	p.payType = p.in.Type
	switch {
	case p.priced.Total == 0:
		p.payType = "" // nothing to pay: no method, no money moves
	case p.payType == "":
		return errPayType
	case !p.methods.Allows(p.payType):
		return errPayNotAllowed(p.payType)
	case p.payType == PayCash && p.in.Tendered != nil && int64(*p.in.Tendered) < p.priced.Total:
		return errCashShort
	}
	return nil
}

// takeSignature stores the member's signature (spec: the member signs when
// firma_pedido or firma_digital is on).
func (p *payment) takeSignature(ctx context.Context) error {
	if !p.methods.Signature {
		return nil
	}
	if strings.TrimSpace(p.in.Signature) == "" {
		return errSignature
	}
	data, err := files.DecodeDataURL(p.in.Signature)
	if err == nil {
		p.sign, err = files.SaveImage(ctx, p.tx, p.club, files.Signature, data)
	}
	if err != nil {
		return errSignatureImage
	}
	return nil
}

// checkForecast holds the order to the member's monthly consumption
// forecast, where the club checks it; a Manager or Administrador may pass it
// with a reason, which is kept with the order.
func (p *payment) checkForecast(ctx context.Context) error {
	var grams int64
	for _, r := range p.lines {
		grams += r.grams // each ≤ MaxMilli, at most MaxLines of them
	}
	m := p.member
	if grams == 0 || m.Forecast < 0 {
		return nil
	}
	on, err := p.s.forecastCheck(ctx, p.tx, p.club)
	if err != nil || !on {
		return err
	}
	_, start, _ := periodStarts(p.s.now(), m.Timezone)
	month, err := monthGrams(ctx, p.tx, m.ID, start)
	if err != nil || month+grams <= m.Forecast*1000 {
		return err
	}
	reason := strings.TrimSpace(p.in.Override)
	switch {
	case !textnorm.HasWords(reason): // no reason: nothing, a zero-width space or a row of dots
		return problem.Invalidf("order.forecast_exceeded", "override_reason",
			"Con este pedido el socio pasaría de su previsión de consumo: lleva %s g este mes, el pedido son %s g y su previsión es de %d g",
			amount.Milli(month).String(), amount.Milli(grams).String(), m.Forecast).
			With("month", amount.Milli(month).String()).With("grams", amount.Milli(grams).String()).
			With("forecast", fmt.Sprint(m.Forecast)).With("override", overrideParam(p.rules == nil || p.rules.Override))
	case !p.actor.Supervisor:
		return errOverrideRole
	}
	p.override = reason
	return nil
}

// takeStock moves each product's real weight out, in product order so two
// pays lock products in the same order.
func (p *payment) takeStock(ctx context.Context) error {
	byProduct := slices.Clone(p.lines)
	slices.SortStableFunc(byProduct, cmpProduct)
	for _, r := range byProduct {
		if r.product == nil {
			continue
		}
		if _, err := catalog.MoveStock(ctx, p.tx, p.club, p.actor.UserID, catalog.MoveSale,
			catalog.StockChange{PID: r.product.ID, Quantity: amount.Milli(-r.real), Note: fmt.Sprintf("#%d", p.order.ID), At: p.now}); err != nil {
			return err
		}
	}
	return nil
}

func (p *payment) moveMoney(ctx context.Context) error {
	if p.payType == PayWallet {
		if err := walletMove(ctx, p.tx, p.club, p.member.ID, p.actor.UserID, WalletOrder, "", -p.priced.Total, p.order.ID, p.now); err != nil {
			return err
		}
	}
	if p.payType == "" {
		return nil
	}
	return cash.Record(ctx, p.tx, cash.Entry{Club: p.club, Type: CashOrder, PayType: p.payType, Cents: p.priced.Total,
		Order: p.order.ID, Member: p.member.ID, Staff: p.actor.UserID, At: p.now})
}

// extendFees adds each fee's days to the membership, from the later of now
// and the current end.
func (p *payment) extendFees(ctx context.Context) error {
	for _, r := range p.lines {
		if r.fee == nil || r.fee.Days <= 0 {
			continue
		}
		if err := member.ExtendMembership(ctx, p.tx, p.member.ID, r.fee.Days*86400, p.now); err != nil {
			return err
		}
	}
	return nil
}

// countCoupons counts one use of each coupon, exactly once (the pay of an
// order happens once), in id order so two pays with the same coupons take
// their rows in one order.
func (p *payment) countCoupons(ctx context.Context) error {
	byID := slices.Clone(p.coupons)
	slices.SortFunc(byID, func(a, b *coupon.Coupon) int { return cmp.Compare(a.ID, b.ID) })
	for _, c := range byID {
		if err := coupon.Record(ctx, p.tx, p.club, c, p.order.ID, p.member.ID, p.now); err != nil {
			return err
		}
	}
	return nil
}

// writeOrder freezes the priced lines and coupons, checks them as stored and
// marks the order paid.
func (p *payment) writeOrder(ctx context.Context) error {
	if err := writeLines(ctx, p.tx, p.order.ID, p.lines, p.priced); err != nil {
		return err
	}
	if err := writeCoupons(ctx, p.tx, p.order.ID, p.coupons, p.priced.Coupons); err != nil {
		return err
	}
	if err := checkStoredLines(ctx, p.tx, p.order.ID, p.priced); err != nil {
		return err
	}
	var overrideUser any
	if p.override != "" {
		overrideUser = p.actor.UserID
	}
	return markPaid(ctx, p.tx, p.order.ID, paidOrder{Priced: p.priced, PayType: p.payType, Key: p.in.Key, Signature: p.sign,
		Override: p.override, OverrideUser: overrideUser, Staff: p.actor.UserID, At: p.now})
}

// checkStoredLines holds the lines as stored, inside the pay's transaction,
// to what pricing promised: every line 0 ≤ total ≤ base ≤ MaxLineCents, the
// order's total their sum. It is the second wall behind Price's own check,
// read back from the rows the till and the refunds will trust.
func checkStoredLines(ctx context.Context, tx *sqlx.Tx, oid int64, priced Priced) error {
	if err := priced.Check(); err != nil {
		return err
	}
	stored, err := sumStoredLines(ctx, tx, oid)
	if err != nil {
		return err
	}
	if stored.Bad > 0 || stored.N != len(priced.Lines) || stored.Total != priced.Total {
		return errPricedInvalid
	}
	return nil
}

func (s *Service) replay(ctx context.Context, clubID, oid int64) (*Order, error) {
	o, err := s.Get(ctx, clubID, oid)
	if o != nil {
		o.Replayed = true
	}
	return o, err
}

func cmpProduct(a, b resolved) int {
	var x, y int64
	if a.product != nil {
		x = a.product.ID
	}
	if b.product != nil {
		y = b.product.ID
	}
	return int(x - y)
}

// forecastCheck reports whether the club checks the monthly consumption
// forecast at payment: on unless its consumption_check setting says "off".
func (s *Service) forecastCheck(ctx context.Context, q db.Q, clubID int64) (bool, error) {
	titles, err := consumptionCheckSetting(ctx, q, clubID)
	if err != nil {
		return false, err
	}
	return len(titles) == 0 || titles[0] != "off", nil
}
