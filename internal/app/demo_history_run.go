package app

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"time"

	"socius/internal/amount"
	"socius/internal/member"
	"socius/internal/pos"
)

// The demo history's steps, run through the real services.

func (h *demoHistory) access(ctx context.Context, m *demoMember, action string, t time.Time) error {
	_, err := h.a.Members.CheckInOut(ctx, h.clubID, m.id, h.staff["recepcion"], action, t.Unix())
	if action == member.ActionIn {
		h.counts.checkins++
	}
	return err
}

// renew pays the annual fee at the counter: the member's fee end moves a year on.
func (h *demoHistory) renew(ctx context.Context, m *demoMember, staff int64, by string, t time.Time) error {
	p := h.a.POS.WithClock(clock(t))
	actor := pos.Actor{UserID: staff}
	o, err := p.Save(ctx, h.clubID, actor, pos.SaveInput{MemberID: m.id, Lines: []pos.LineInput{{FeeID: h.fees["CA"].PID, Quantity: 1000}}})
	if err != nil {
		return fmt.Errorf("fee of member %d: %w", m.i, err)
	}
	_, err = h.a.POS.WithClock(clock(t.Add(time.Minute))).Pay(ctx, h.clubID, actor, h.methods,
		pos.PayInput{OID: o.OID, MemberID: m.id, Type: by, Amount: &o.Total, Signature: h.signatures[m.i%len(h.signatures)]})
	if err != nil {
		return fmt.Errorf("fee of member %d: %w", m.i, err)
	}
	h.counts.sales++
	return nil
}

// sell saves the member's order, tops the wallet up when it falls short, and
// takes the payment with the member's signature.
func (h *demoHistory) sell(ctx context.Context, s *demoSale) error {
	actor := pos.Actor{UserID: s.staff}
	in := pos.SaveInput{MemberID: s.m.id, Lines: s.lines}
	if s.coupon != "" {
		in.Coupons = &[]int64{h.coupons[s.coupon].ID}
	}
	o, err := h.a.POS.WithClock(clock(s.at)).Save(ctx, h.clubID, actor, in)
	if err != nil {
		return fmt.Errorf("order of member %d: %w", s.m.i, err)
	}
	total := o.Total
	if s.pay == pos.PayWallet && h.wallet[s.m.id] < total {
		// at the counter the member tops the wallet up: a round amount, at least what the order needs
		topUp := max(s.topUp, (total-h.wallet[s.m.id]+9_99)/10_00*10_00)
		bal, err := h.a.POS.WithClock(clock(s.at.Add(time.Minute))).Wallet(ctx, h.clubID, pos.Actor{UserID: h.staff["caja"]}, h.methods,
			pos.WalletInput{MemberID: s.m.id, Operation: pos.WalletAdd, Amount: topUp, PayType: s.topUpBy})
		if err != nil {
			return fmt.Errorf("top-up of member %d: %w", s.m.i, err)
		}
		h.wallet[s.m.id] = bal
		h.counts.topups++
	}
	var tendered *amount.Cents
	if s.pay == pos.PayCash && s.tender > 0 {
		note := []amount.Cents{5_00, 10_00, 20_00, 50_00}[s.tender-1]
		tendered = ptr((total + note - 1) / note * note)
	}
	paid, err := h.a.POS.WithClock(clock(s.at.Add(2*time.Minute))).Pay(ctx, h.clubID, actor, h.methods, pos.PayInput{OID: o.OID,
		MemberID: s.m.id, Type: s.pay, Amount: &total, Tendered: tendered, Signature: h.signatures[s.m.i%len(h.signatures)]})
	if err != nil {
		return fmt.Errorf("pay of member %d: %w", s.m.i, err)
	}
	if s.pay == pos.PayWallet {
		h.wallet[s.m.id] -= total
	}
	s.oid, s.paidWith = paid.OID, paid.PayType
	h.counts.sales++
	return nil
}

func (h *demoHistory) balance(ctx context.Context, memberID int64) (amount.Cents, error) {
	m, err := h.a.Members.Get(ctx, h.clubID, memberID)
	if err != nil {
		return 0, err
	}
	return m.Monedero, nil
}

func ptr[T any](v T) *T { return &v }

// demoSignature draws a signature as the pad at the counter sends it: a PNG
// data URL of a pen stroke, one of a few shapes.
func demoSignature(seed int) string {
	const w, hgt = 240, 90
	img := image.NewNRGBA(image.Rect(0, 0, w, hgt))
	ink := color.NRGBA{0x1f, 0x16, 0x30, 0xff}
	f, phase := 1.5+float64(seed)*0.6, float64(seed)
	for i := range 2000 {
		t := float64(i) / 2000
		x := 18 + t*(w-36) + 10*math.Sin(2*math.Pi*f*2*t+phase)
		y := hgt/2 + 22*math.Sin(2*math.Pi*f*t+phase)*(1-t*0.6)
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				img.SetNRGBA(int(x)+dx, int(y)+dy, ink)
			}
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}
