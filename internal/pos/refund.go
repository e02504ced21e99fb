package pos

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/catalog"
	"socius/internal/coupon"
	"socius/internal/cultivation"
	"socius/internal/problem"
	"socius/internal/register"
)

// RefundLine is one line of a refund: the product and the quantity given back.
type RefundLine struct {
	PID      int64
	Quantity amount.Milli
}

// MaxRefundReason bounds the reason staff may give for a refund (characters).
const MaxRefundReason = 500

// RefundInput is POST /api/order_refund.
type RefundInput struct {
	OID, MemberID int64
	Lines         []RefundLine
	PayType       string
	Reason        string // optional: why the lines go back; trimmed, at most MaxRefundReason characters
}

// Refund gives back part or all of a paid order in one transaction: stock
// back through a refund movement, the money back to the wallet or out of the
// till, the grams off the month. A line never gives back more than was sold
// minus what was already refunded, nor more money than was paid for it.
func (s *Service) Refund(ctx context.Context, clubID int64, actor Actor, methods Methods, in RefundInput) (*Order, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	switch {
	case utf8.RuneCountInString(in.Reason) > MaxRefundReason:
		return nil, errRefundReasonLong
	case in.PayType != PayCash && in.PayType != PayWallet && in.PayType != PayCard:
		return nil, errPayType
	case !methods.Allows(in.PayType):
		return nil, errPayNotAllowed(in.PayType)
	}
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		now := s.now().Unix()
		o, err := lockOrderForRefund(ctx, tx, clubID, in.OID, now)
		if err != nil {
			return err
		}
		if in.MemberID != 0 && o.MemberID != in.MemberID {
			return errOtherMember
		}
		if o.Status != StatusCompleted {
			return errRefundCart
		}
		// money goes back the way it came; another way (a wallet-paid order
		// refunded in cash) is a supervisor's decision
		if o.PayType != "" && in.PayType != o.PayType && !actor.Supervisor {
			return errRefundMethod.With("method", o.PayType)
		}
		lines, err := productLines(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		want := map[int64]int64{}
		for i, l := range in.Lines {
			if l.Quantity == 0 { // spec: only lines with a refund quantity set and not 0
				continue
			}
			if l.Quantity < 0 || l.Quantity.Check() != nil {
				return problem.Invalidf("order.refund_quantity", fmt.Sprintf("products[%d].quantity", i), "La cantidad a devolver debe ser mayor que cero")
			}
			want[l.PID] += int64(l.Quantity)
		}
		if len(want) == 0 {
			return errRefundNothing
		}
		type part struct {
			line             lineRow
			qty, real, grams int64
			money            int64
		}
		var parts []part
		var total, grams int64
		for pid, q := range want {
			i := slices.IndexFunc(lines, func(l lineRow) bool { return l.ProductID.Int64 == pid })
			if i < 0 {
				return ErrProduct
			}
			l := lines[i]
			left := l.Quantity - l.RefundQuantity
			if q > left {
				return problem.Invalidf("order.refund_too_much", "products", "No se puede devolver más de %s de %s: es lo vendido que queda sin devolver",
					amount.Milli(left).String(), l.Title).With("product", l.Title).With("left", amount.Milli(left).String())
			}
			p := part{line: l, qty: q}
			if q == left { // the rest of the line: exactly what is left of it
				p.real, p.grams, p.money = l.RealQuantity-l.RefundReal, l.Grams-l.RefundGrams, l.Total-l.RefundAmount
			} else {
				p.real = Share(l.RealQuantity, q, l.Quantity)
				p.grams = Share(l.Grams, q, l.Quantity)
				p.money = min(Share(l.Total, q, l.Quantity), l.Total-l.RefundAmount)
			}
			parts = append(parts, p)
			total += p.money
			grams += p.grams
		}
		// never more than the order took in, counted across its lines and every
		// refund so far whatever its method
		before, err := refundedSoFar(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if total < 0 || before+total > o.Total {
			return errRefundAboveTotal.With("left", amount.Cents(max(o.Total-before, 0)).String())
		}
		slices.SortFunc(parts, func(a, b part) int { return int(a.line.ProductID.Int64 - b.line.ProductID.Int64) })
		rid, err := insertRefund(ctx, tx, clubID, o.ID, o.MemberID, in.PayType, total, grams, in.Reason, actor.UserID, now)
		if err != nil {
			return err
		}
		given := register.Dispensation{ClubID: clubID, OrderID: o.ID, MemberID: o.MemberID, StaffUserID: actor.UserID, RefundID: rid, At: now}
		for _, p := range parts {
			if p.grams > 0 {
				given.Lines = append(given.Lines, register.Line{LineID: p.line.ID, ProductID: p.line.ProductID.Int64, Product: p.line.Title,
					Grams: amount.Milli(-p.grams)})
			}
			if err := insertRefundLine(ctx, tx, rid, p.line.ID, p.qty, p.real, p.money); err != nil {
				return err
			}
			if err := addLineRefund(ctx, tx, p.line.ID, p.qty, p.real, p.grams, p.money); err != nil {
				return err
			}
			if _, err := catalog.MoveStock(ctx, tx, clubID, actor.UserID, catalog.MoveRefund,
				catalog.StockChange{PID: p.line.ProductID.Int64, Quantity: amount.Milli(p.real), Note: fmt.Sprintf("#%d", o.ID), At: now}); err != nil {
				return err
			}
			// the grams go back to the batches they came from
			if err := cultivation.GiveBack(ctx, tx, cultivation.SaleLine{ClubID: clubID, OrderID: o.ID, LineID: p.line.ID,
				ProductID: p.line.ProductID.Int64, Grams: p.real, At: now}, rid); err != nil {
				return err
			}
		}
		if err := register.Record(ctx, tx, given); err != nil {
			return err
		}
		// the whole order back: its coupons' uses come back too
		left, err := productLinesLeft(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if left == 0 {
			if err := coupon.GiveBack(ctx, tx, o.ID); err != nil {
				return err
			}
		}
		if total == 0 {
			return nil
		}
		if in.PayType == PayCash {
			if err := cash.CheckBox(ctx, tx, clubID, amount.Cents(-total), cash.ErrRefundBoxShort); err != nil {
				return err
			}
		}
		if in.PayType == PayWallet {
			if err := walletMove(ctx, tx, clubID, o.MemberID, actor.UserID, WalletRefund, "", total, o.ID, now); err != nil {
				return err
			}
		}
		return cash.Record(ctx, tx, cash.Entry{Club: clubID, Type: CashOrder, PayType: in.PayType, Cents: -total, Order: o.ID, Member: o.MemberID, Staff: actor.UserID, At: now})
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, clubID, in.OID)
}
