// Package cash is the club's till (spec part 2 "Cash"): the movements of
// the current period, manual cash in and out, the close that ends a period,
// and the figures of the cash reports. Every figure is a sum of
// cash_movements rows (written by the point of sale with its payments,
// refunds and wallet top-ups, and here with manual movements and closes).
package cash

import (
	"socius/internal/amount"
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
