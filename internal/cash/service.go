package cash

import (
	"context"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/problem"
)

// Service keeps the till.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d, now: time.Now} }

// WithClock is the till at another time: tests, and the demo's month of
// history, whose movements and closes happened on past days.
func (s *Service) WithClock(now func() time.Time) *Service { c := *s; c.now = now; return &c }

// Summarize adds up the movements of a scope by type, method and direction.
func (s *Service) Summarize(ctx context.Context, clubID int64, sc Scope) (*Summary, error) {
	return summarize(ctx, s.db.R, clubID, sc)
}

func summarize(ctx context.Context, q db.Q, clubID int64, sc Scope) (*Summary, error) {
	groups, err := movementGroups(ctx, q, clubID, sc)
	if err != nil {
		return nil, err
	}
	out := &Summary{}
	for _, g := range groups {
		if out.FirstMovement == 0 || g.First < out.FirstMovement {
			out.FirstMovement = g.First
		}
		out.EndMovement = max(out.EndMovement, g.Last)
		sum := amount.Cents(g.Sum)
		if g.PayType == PayCash {
			out.CashBoxTotalAmount += sum
		}
		switch g.Type {
		case TypeManual:
			out.TypeManual += g.N
			out.ManualAmount += sum
		case TypeAutomatic:
			out.TypeAutomatic += g.N
			out.AmountInitial += sum
		case TypeWallet:
			out.TypeWallet += g.N
			out.TotalIncome += sum
			switch g.PayType {
			case PayCash:
				out.WalletCashAmount, out.WalletCashMovement = out.WalletCashAmount+sum, out.WalletCashMovement+g.N
			case PayCard:
				out.WalletTpvAmount, out.WalletTpvMovement = out.WalletTpvAmount+sum, out.WalletTpvMovement+g.N
			}
		case TypeOrder:
			out.TypeOrder += g.N
			if g.PayType != PayWallet {
				out.TotalIncome += sum
			}
			amountOf, countOf := orderFigures(out, g.PayType, g.Out == 1)
			if amountOf != nil {
				if g.Out == 1 {
					sum = -sum // refunds read as positive figures
				}
				*amountOf += sum
				*countOf += g.N
			}
		}
	}
	if sc.dates() {
		// A time range may hold a close: its 'automatic' movement restates the box rather than
		// adding to it. The box is what it held when the range began and when it ended.
		for _, g := range groups {
			if g.Type == TypeAutomatic {
				out.CashBoxTotalAmount -= amount.Cents(g.Sum)
				out.AmountInitial -= amount.Cents(g.Sum)
			}
		}
		start, err := boxAt(ctx, q, clubID, sc.Start-1)
		if err != nil {
			return nil, err
		}
		end, err := boxAt(ctx, q, clubID, sc.end())
		if err != nil {
			return nil, err
		}
		out.AmountInitial, out.CashBoxTotalAmount = start, end
	}
	out.TotalAmount = out.CashBoxTotalAmount
	return out, nil
}

// orderFigures is where an order group adds up: by method, paid or refunded.
func orderFigures(s *Summary, payType string, refund bool) (*amount.Cents, *int) {
	switch {
	case payType == PayCash && !refund:
		return &s.CashOrderAmount, &s.CashOrderMovement
	case payType == PayCash:
		return &s.CashRefundAmount, &s.CashRefundMovement
	case payType == PayWallet && !refund:
		return &s.WalletOrderAmount, &s.WalletOrderMovement
	case payType == PayWallet:
		return &s.WalletRefundAmount, &s.WalletRefundMovement
	case payType == PayCard && !refund:
		return &s.TpvOrderAmount, &s.TpvOrderMovement
	case payType == PayCard:
		return &s.TpvRefundAmount, &s.TpvRefundMovement
	}
	return nil, nil
}

// Movements returns a page of a scope's movements, newest first, and their number.
func (s *Service) Movements(ctx context.Context, clubID int64, sc Scope, limit, page int) ([]Movement, int, error) {
	total, err := countMovements(ctx, s.db.R, clubID, sc)
	if err != nil {
		return nil, 0, err
	}
	offset := 0
	if limit >= 0 {
		if limit == 0 || limit > MaxPage {
			limit = DefaultPage
		}
		offset = max(page, 0) * limit
	}
	out, err := movementsPage(ctx, s.db.R, clubID, sc, limit, offset)
	return out, total, err
}

// Move records cash put into the box (amount > 0) or taken out (< 0). A
// withdrawal never takes the box below zero.
func (s *Service) Move(ctx context.Context, clubID, staffID int64, cents amount.Cents, note string) (*Movement, error) {
	note = strings.TrimSpace(note)
	switch {
	case cents == 0:
		return nil, errAmountZero
	case cents.Check() != nil:
		return nil, problem.Invalidf("amount.too_large", "amount", "%s", amount.ErrMoneyTooLarge.Error())
	case len([]rune(note)) > MaxNote:
		return nil, errNoteLong
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if err := CheckBox(ctx, tx, clubID, cents, errBoxShort); err != nil {
			return err
		}
		var err error
		id, err = insertManual(ctx, tx, clubID, staffID, cents, note, s.now().Unix())
		return err
	})
	if err != nil {
		return nil, err
	}
	list, _, err := s.Movements(ctx, clubID, Scope{}, 1, 0)
	for _, m := range list {
		if m.MID == id {
			return &m, err
		}
	}
	return nil, err
}

// CheckBox takes the club's till and refuses, with short, cash that would
// take the box below zero (cents < 0: a withdrawal or a cash refund). The
// till stays taken until tx ends, so the sum read here is still the box's
// when the caller writes its movement: twenty withdrawals of the whole box
// at once leave one passing.
func CheckBox(ctx context.Context, tx *sqlx.Tx, clubID int64, cents amount.Cents, short *problem.Invalid) error {
	if err := db.Lock(ctx, tx, db.LockTill, clubID); err != nil {
		return err
	}
	if cents >= 0 {
		return nil
	}
	box, err := summarize(ctx, tx, clubID, Scope{})
	if err != nil {
		return err
	}
	if box.CashBoxTotalAmount+cents < 0 {
		return short.With("box", box.CashBoxTotalAmount.String())
	}
	return nil
}

// CloseRegister ends the current period: its movements are claimed by the
// close in one statement (a payment made meanwhile falls in the next period,
// never in both), the box's expected total is summed from exactly those
// rows, and the next period starts with the counted amount.
func (s *Service) CloseRegister(ctx context.Context, clubID, staffID int64, counted amount.Cents, note string) (*Close, error) {
	note = strings.TrimSpace(note)
	switch {
	case counted < 0:
		return nil, errCounted
	case counted.Check() != nil:
		return nil, problem.Invalidf("amount.too_large", "current_amount", "%s", amount.ErrMoneyTooLarge.Error())
	case len([]rune(note)) > MaxNote:
		return nil, errNoteLong
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		// one close at a time: a second one (a double click) then claims the
		// first's opening movement instead of adding an opening of its own
		if err := db.Lock(ctx, tx, db.LockTill, clubID); err != nil {
			return err
		}
		now := s.now().Unix()
		var err error
		id, err = insertClose(ctx, tx, clubID, staffID, counted, note, now)
		if err != nil {
			return err
		}
		if err := claimOpenMovements(ctx, tx, clubID, id); err != nil {
			return err
		}
		sum, err := summarize(ctx, tx, clubID, Scope{CloseID: id})
		if err != nil {
			return err
		}
		if err := setCloseFigures(ctx, tx, id, sum.TotalAmount, sum.FirstMovement, sum.EndMovement); err != nil {
			return err
		}
		return insertOpening(ctx, tx, clubID, staffID, counted, now)
	})
	if err != nil {
		return nil, err
	}
	return s.GetClose(ctx, clubID, id)
}

// GetClose returns one of the club's closes.
func (s *Service) GetClose(ctx context.Context, clubID, id int64) (*Close, error) {
	out, err := closeByID(ctx, s.db.R, clubID, id)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrCloseNotFound
	}
	out[0].Difference = out[0].Counted - out[0].Expected
	return &out[0], nil
}

// Closes returns a page of the club's closes, newest first, and their number.
func (s *Service) Closes(ctx context.Context, clubID int64, limit, page int) ([]Close, int, error) {
	total, err := countCloses(ctx, s.db.R, clubID)
	if err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > MaxPage {
		limit = 19
	}
	out, err := closesPage(ctx, s.db.R, clubID, limit, max(page, 0)*limit)
	if err != nil {
		return nil, 0, err
	}
	for i := range out {
		out[i].Difference = out[i].Counted - out[i].Expected
	}
	return out, total, nil
}
