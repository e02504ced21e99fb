package pos

import (
	"context"
	"strings"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/locale"
)

// FeeType is spec part 1 §3 Fee type: paying it extends a member's end_date by Days.
type FeeType struct {
	PID    int64        `json:"pid" db:"id"`
	Code   string       `json:"code" db:"code"`
	Title  string       `json:"title" db:"title"`
	Price  amount.Cents `json:"price" db:"price"`
	Days   int64        `json:"days" db:"days"`
	Status bool         `json:"status" db:"status"`
	Asocid int64        `json:"asocid" db:"club_id"`
}

// FeeInput is a create or, with PID, an edit.
type FeeInput struct {
	PID    int64
	Code   string
	Title  string
	Price  amount.Cents
	Days   int64
	Status *bool
}

// Fees lists the club's fee types.
func (s *Service) Fees(ctx context.Context, clubID int64) ([]FeeType, error) {
	return clubFees(ctx, s.db.R, clubID)
}

func (s *Service) fee(ctx context.Context, q db.Q, clubID, id int64) (*FeeType, error) {
	f, err := feeByID(ctx, q, clubID, id)
	if err != nil {
		return nil, err
	}
	if len(f) == 0 {
		return nil, ErrFeeNotFound
	}
	return &f[0], nil
}

// SaveFee creates or edits a fee type (spec: price and days at least 0).
func (s *Service) SaveFee(ctx context.Context, clubID int64, in FeeInput) (*FeeType, error) {
	in.Title, in.Code = strings.TrimSpace(in.Title), strings.TrimSpace(in.Code)
	switch {
	case in.Title == "" || len([]rune(in.Title)) > 200:
		return nil, errFeeTitle
	case len([]rune(in.Code)) > 60:
		return nil, errFeeTitle.With("max", "60")
	case in.Price < 0 || in.Days < 0 || in.Days > 36500:
		return nil, errFeeNegative
	}
	if err := checkMoney(in.Price, "price"); err != nil {
		return nil, err
	}
	status := 1
	if in.Status != nil && !*in.Status {
		status = 0
	}
	id := in.PID
	if id == 0 {
		var err error
		id, err = insertFee(ctx, s.db.W, clubID, in, status, s.now().Unix())
		if err != nil {
			return nil, err
		}
	} else {
		res, err := updateFee(ctx, s.db.W, clubID, id, in, status)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, ErrFeeNotFound
		}
	}
	return s.fee(ctx, s.db.R, clubID, id)
}

// DeleteFee removes a fee type that no order uses. A fee in use stays
// (orders keep naming it) and the reason is returned for the dialog, which
// shows it when success is 0 (spec part 1 §8).
// feeInOrders says why a fee is kept (the API writes it in the reader's language).
var feeInOrders = locale.Words("Esta cuota está en pedidos y no se puede eliminar; desactívala para que no se ofrezca")[0]

func (s *Service) DeleteFee(ctx context.Context, clubID, id int64) (deleted bool, why string, err error) {
	if _, err := s.fee(ctx, s.db.R, clubID, id); err != nil {
		return false, "", err
	}
	used, err := feeUses(ctx, s.db.R, id)
	if err != nil {
		return false, "", err
	}
	if used > 0 {
		return false, feeInOrders, nil
	}
	err = deleteUnusedFee(ctx, s.db.W, clubID, id)
	return err == nil, "", err
}
