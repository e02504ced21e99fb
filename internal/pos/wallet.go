package pos

import (
	"context"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/member"
)

// WalletMovement is a row of a member's wallet ledger (spec part 2: Wallet movement).
type WalletMovement struct {
	ID        int64        `json:"id" db:"id"`
	Date      int64        `json:"date" db:"created"`
	Operation string       `json:"transaction" db:"operation" enum:"add,remove,order,refund"`
	Amount    amount.Cents `json:"amount" db:"amount" doc:"Signed: a top-up or refund is positive, an order or correction negative"`
	Balance   amount.Cents `json:"accumulated_value" db:"balance" doc:"The balance after this movement"`
	PayType   string       `json:"pay_type" db:"pay_type" doc:"cash or tpv for a top-up; empty otherwise"`
	OrderID   int64        `json:"order_id" db:"order_id"`
	MemberID  int64        `json:"membership_id" db:"member_id"`
	Member    MemberCard   `json:"membercard" db:"membercard"`
	Staff     string       `json:"staffcard" db:"staff"`
}

// WalletInput is PUT /api/wallet/{nid}.
type WalletInput struct {
	MemberID  int64
	Operation string // add (a top-up, paid by cash or tpv) or remove (a correction)
	Amount    amount.Cents
	PayType   string
}

// Wallet tops up or corrects a member's wallet: one ledger row and the
// balance, in one transaction; a top-up is also money taken at the till.
func (s *Service) Wallet(ctx context.Context, clubID int64, actor Actor, methods Methods, in WalletInput) (amount.Cents, error) {
	if err := checkMoney(in.Amount, "amount"); err != nil {
		return 0, err
	}
	if in.Amount <= 0 {
		return 0, errWalletAmount
	}
	switch in.Operation {
	case WalletAdd:
		if in.PayType != PayCash && in.PayType != PayCard {
			return 0, errPayType
		}
		if !methods.Allows(in.PayType) {
			return 0, errPayNotAllowed(in.PayType)
		}
	case WalletRemove:
		in.PayType = ""
	default:
		return 0, errWalletOperation
	}
	var balance int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		now := s.now().Unix()
		if _, err := s.member(ctx, tx, clubID, in.MemberID); err != nil {
			return err
		}
		cents := int64(in.Amount)
		if in.Operation == WalletRemove {
			cents = -cents
		}
		if err := walletMove(ctx, tx, clubID, in.MemberID, actor.UserID, in.Operation, in.PayType, cents, 0, now); err != nil {
			return err
		}
		if in.Operation == WalletAdd {
			if err := cash.Record(ctx, tx, cash.Entry{Club: clubID, Type: CashWallet, PayType: in.PayType, Cents: cents, Member: in.MemberID, Staff: actor.UserID, At: now}); err != nil {
				return err
			}
		}
		var err error
		balance, err = memberWallet(ctx, tx, in.MemberID)
		return err
	})
	return amount.Cents(balance), err
}

// walletMove changes a member's balance (member.MoveWallet, which refuses a
// debit below zero unless the member may go negative) and writes its ledger
// row.
func walletMove(ctx context.Context, tx *sqlx.Tx, clubID, memberID, staff int64, op, payType string, cents, orderID, now int64) error {
	balance, ok, err := member.MoveWallet(ctx, tx, clubID, memberID, cents, int64(amount.MaxCents))
	if err != nil {
		return err
	}
	if !ok {
		if cents < 0 {
			return errWalletShort
		}
		return checkMoney(amount.MaxCents+1, "amount")
	}
	var oid any
	if orderID != 0 {
		oid = orderID
	}
	return insertWalletMovement(ctx, tx, clubID, memberID, op, cents, balance, payType, oid, staff, now)
}

// WalletHistory lists wallet movements of the club (or of one member)
// between two times, newest first.
func (s *Service) WalletHistory(ctx context.Context, clubID, memberID, from, to int64) ([]WalletMovement, error) {
	return walletHistory(ctx, s.db.R, clubID, memberID, from, to)
}
