package app

import (
	"context"
	"time"

	"socius/internal/cash"
	"socius/internal/pos"
)

// The demo history's refunds and cash closes.

// planRefund: the sale's last line is given back, whole, a little later.
func (h *demoHistory) planRefund(s *demoSale) {
	l := s.lines[len(s.lines)-1]
	real := int64(l.Quantity)
	if l.RealQuantity != nil {
		real = int64(*l.RealQuantity)
	}
	h.sold[l.PID] -= real
	t := s.at.Add(25 * time.Minute)
	h.add(t, func(ctx context.Context) error {
		_, err := h.a.POS.WithClock(clock(t)).Refund(ctx, h.clubID, pos.Actor{UserID: h.staff["manager"], Supervisor: true}, h.methods,
			pos.RefundInput{OID: s.oid, MemberID: s.m.id, Lines: []pos.RefundLine{{PID: l.PID, Quantity: l.Quantity}}, PayType: s.paidWith})
		if err == nil {
			h.counts.refunds++
			if s.paidWith == pos.PayWallet {
				h.wallet[s.m.id], err = h.balance(ctx, s.m.id)
			}
		}
		return err
	})
}

// planClose: the takings go to the bank, the float stays, the till is counted.
func (h *demoHistory) planClose(k int, day time.Time) {
	staff := h.staff["caja"]
	if day.Weekday() == time.Saturday {
		staff = h.staff["manager"]
	}
	d := demoDifferences[k%len(demoDifferences)]
	h.add(at(day, 22, 5), func(ctx context.Context) error {
		box, err := h.a.Cash.Summarize(ctx, h.clubID, cash.Scope{})
		if err != nil {
			return err
		}
		expected := box.CashBoxTotalAmount
		if bank := (expected - demoFloat) / 10_00 * 10_00; bank > 0 {
			if _, err := h.a.Cash.WithClock(clock(at(day, 22, 5))).Move(ctx, h.clubID, staff, -bank, "Ingreso en el banco"); err != nil {
				return err
			}
			expected -= bank
		}
		_, err = h.a.Cash.WithClock(clock(at(day, 22, 10))).CloseRegister(ctx, h.clubID, staff, max(expected+d.cents, 0), d.note)
		h.counts.closes++
		return err
	})
}
