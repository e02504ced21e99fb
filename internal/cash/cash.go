// Package cash is the club's till (spec part 2 "Cash"): the movements of
// the current period, manual cash in and out, the close that ends a period,
// and the figures of the cash reports. Every figure is a sum of
// cash_movements rows (written by the point of sale with its payments,
// refunds and wallet top-ups, and here with manual movements and closes).
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

// Movement types (spec: type_manual, type_automatic, type_wallet, type_order).
const (
	TypeManual    = "manual"    // cash put in or taken out by staff
	TypeAutomatic = "automatic" // the counted amount a close carries into the next period
	TypeWallet    = "wallet"    // a wallet top-up, by cash or tpv
	TypeOrder     = "order"     // an order paid (positive) or refunded (negative), by cash, wallet or tpv
)

// Payment methods (spec: cash, wallet, tpv).
const (
	PayCash   = "cash"
	PayWallet = "wallet"
	PayCard   = "tpv"
)

// Limits.
const (
	MaxNote     = 200
	DefaultPage = 15
	MaxPage     = 1000
)

var (
	errAmountZero = problem.Invalidf("cash.amount_zero", "amount", "Introduce un importe distinto de 0")
	errNoteLong   = problem.Invalidf("cash.note_too_long", "note", "La nota no puede tener más de 200 caracteres")
	errCounted    = problem.Invalidf("cash.counted_negative", "current_amount", "Introduce valores numéricos")
	errBoxShort   = problem.Invalidf("cash.box_short", "amount", "No se puede retirar más efectivo del que hay en la caja")
	// ErrRefundBoxShort refuses a cash refund the box cannot pay out.
	ErrRefundBoxShort = problem.Invalidf("order.refund_box_short", "type", "No hay efectivo suficiente en la caja para esta devolución: devuélvela por otro método")
	// ErrCloseNotFound is a close of another club or an unknown id.
	ErrCloseNotFound = &problem.NotFound{Code: "cash.close_not_found", Message: "Cierre de caja no encontrado"}
)

// Movement is spec part 2 §3 Cash movement.
type Movement struct {
	MID      int64        `json:"mid" db:"id"`
	Created  int64        `json:"created" db:"created"`
	Employee string       `json:"employee_name" db:"employee_name"`
	Action   string       `json:"action" db:"type" doc:"manual, automatic, wallet or order"`
	PayType  string       `json:"pay_type" db:"pay_type" doc:"cash, wallet or tpv"`
	Amount   amount.Cents `json:"amount" db:"amount" doc:"Negative for a withdrawal or a refund"`
	Status   string       `json:"status" db:"status" doc:"open (current period) or closed"`
	Note     string       `json:"note" db:"note"`
	OrderID  int64        `json:"order_id,omitempty" db:"order_id"`
}

// Summary is spec part 2 §3 Cash summary: the cards of the cash screens.
type Summary struct {
	FirstMovement        int64        `json:"first_movement"`
	EndMovement          int64        `json:"end_movement"`
	ManualAmount         amount.Cents `json:"manual_amount" doc:"Cash put in minus cash taken out by hand"`
	CashOrderAmount      amount.Cents `json:"cash_order_amount"`
	CashOrderMovement    int          `json:"cash_order_movement"`
	CashRefundAmount     amount.Cents `json:"cash_order_refund_amount" doc:"Refunded in cash (a positive figure)"`
	CashRefundMovement   int          `json:"cash_order_refund_movement"`
	WalletOrderAmount    amount.Cents `json:"wallet_order_amount"`
	WalletOrderMovement  int          `json:"wallet_order_movement"`
	WalletRefundAmount   amount.Cents `json:"wallet_order_refund_amount"`
	WalletRefundMovement int          `json:"wallet_order_refund_movement"`
	TpvOrderAmount       amount.Cents `json:"tpv_order_amount"`
	TpvOrderMovement     int          `json:"tpv_order_movement"`
	TpvRefundAmount      amount.Cents `json:"tpv_order_refund_amount"`
	TpvRefundMovement    int          `json:"tpv_order_refund_movement"`
	WalletCashAmount     amount.Cents `json:"wallet_cash_amount" doc:"Wallet top-ups paid in cash"`
	WalletCashMovement   int          `json:"wallet_cash_movement"`
	WalletTpvAmount      amount.Cents `json:"wallet_tpv_amount" doc:"Wallet top-ups paid by card"`
	WalletTpvMovement    int          `json:"wallet_tpv_movement"`
	AmountInitial        amount.Cents `json:"amount_initial" doc:"What the last close left in the box"`
	CashBoxTotalAmount   amount.Cents `json:"cash_box_total_amount" doc:"Cash that should be in the box: every cash movement"`
	TotalAmount          amount.Cents `json:"total_amount" doc:"The box's total a close compares with the counted amount (= cash_box_total_amount)"`
	TotalIncome          amount.Cents `json:"total_income" doc:"Money taken: cash and card orders less their refunds, and wallet top-ups (wallet-paid orders spend money taken before)"`
	TypeManual           int          `json:"type_manual"`
	TypeAutomatic        int          `json:"type_automatic"`
	TypeWallet           int          `json:"type_wallet"`
	TypeOrder            int          `json:"type_order"`
}

// Scope is which movements a report reads: the current period (no close,
// no dates), one close's period, or the movements between two times.
type Scope struct {
	CloseID    int64
	Start, End int64
}

func (sc Scope) dates() bool { return sc.CloseID == 0 && (sc.Start != 0 || sc.End != 0) }

func (sc Scope) end() int64 {
	if sc.End == 0 {
		return 1 << 62
	}
	return sc.End
}

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

// Close is spec part 2 §3 Cash close, with what the box should have held.
type Close struct {
	CID        int64        `json:"cid" db:"id"`
	Created    int64        `json:"created" db:"created"`
	Counted    amount.Cents `json:"current_amount" db:"counted" doc:"What staff counted in the box"`
	Expected   amount.Cents `json:"total_amount" db:"expected" doc:"What the movements say the box held"`
	Difference amount.Cents `json:"difference" db:"-" doc:"current_amount − total_amount"`
	Worker     string       `json:"worker_name" db:"worker_name"`
	Note       string       `json:"note" db:"note"`
	First      int64        `json:"first_movement" db:"first_movement"`
	Last       int64        `json:"last_movement" db:"last_movement"`
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
