// Package cash is the club's till (spec part 2 "Cash"): the movements of
// the current period, manual cash in and out, the close that ends a period,
// and the figures of the cash reports. Every figure is a sum of
// cash_movements rows (written by the point of sale with its payments,
// refunds and wallet top-ups, and here with manual movements and closes).
package cash

import (
	"context"
	"fmt"
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

func (sc Scope) where(clubID int64) (string, []any) {
	switch {
	case sc.CloseID != 0:
		return `m.club_id = ? AND m.close_id = ?`, []any{clubID, sc.CloseID}
	case sc.dates():
		return `m.club_id = ? AND m.created >= ? AND m.created <= ?`, []any{clubID, sc.Start, sc.end()}
	}
	return `m.club_id = ? AND m.close_id IS NULL`, []any{clubID}
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

type group struct {
	Type    string `db:"type"`
	PayType string `db:"pay_type"`
	Out     int    `db:"out"`
	N       int    `db:"n"`
	Sum     int64  `db:"total"`
	First   int64  `db:"first"`
	Last    int64  `db:"last"`
}

// Summarize adds up the movements of a scope by type, method and direction.
func (s *Service) Summarize(ctx context.Context, clubID int64, sc Scope) (*Summary, error) {
	return summarize(ctx, s.db.R, clubID, sc)
}

func summarize(ctx context.Context, q db.Q, clubID int64, sc Scope) (*Summary, error) {
	where, args := sc.where(clubID)
	var groups []group
	if err := db.Select(ctx, q, &groups, `SELECT m.type, m.pay_type, CASE WHEN m.amount < 0 THEN 1 ELSE 0 END AS out,
		COUNT(*) AS n, COALESCE(SUM(m.amount), 0) AS total, MIN(m.created) AS first, MAX(m.created) AS last
		FROM cash_movements m WHERE `+where+` GROUP BY m.type, m.pay_type, CASE WHEN m.amount < 0 THEN 1 ELSE 0 END`, args...); err != nil {
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

// boxAt is the cash the box held at time t: the counted amount of the last
// close before t and every cash movement since.
func boxAt(ctx context.Context, q db.Q, clubID, t int64) (amount.Cents, error) {
	const last = `SELECT %s FROM cash_movements a WHERE a.club_id = ? AND a.type = 'automatic' AND a.created <= ? ORDER BY a.created DESC, a.id DESC LIMIT 1`
	var cents int64
	// The movements after the close are those with a later id; the time bound
	// (a minute before the close, for a payment stamped just before it and
	// committed after) lets the index skip the year before.
	err := db.Get(ctx, q, &cents, `SELECT COALESCE((`+fmt.Sprintf(last, "a.amount")+`), 0) + COALESCE((SELECT SUM(m.amount) FROM cash_movements m
		WHERE m.club_id = ? AND m.pay_type = 'cash' AND m.type <> 'automatic' AND m.created <= ?
		AND m.created >= COALESCE((`+fmt.Sprintf(last, "a.created")+`), 0) - 60
		AND m.id > COALESCE((`+fmt.Sprintf(last, "a.id")+`), 0)), 0)`, clubID, t, clubID, t, clubID, t, clubID, t)
	return amount.Cents(cents), err
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
	where, args := sc.where(clubID)
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM cash_movements m WHERE `+where, args...); err != nil {
		return nil, 0, err
	}
	q := `SELECT m.id, m.created, ` + db.StaffName("u") + ` AS employee_name, m.type, m.pay_type, m.amount,
		CASE WHEN m.close_id IS NULL THEN 'open' ELSE 'closed' END AS status, m.note, COALESCE(m.order_id, 0) AS order_id
		FROM cash_movements m LEFT JOIN users u ON u.id = m.staff_user_id WHERE ` + where + ` ORDER BY m.created DESC, m.id DESC`
	if limit >= 0 {
		if limit == 0 || limit > MaxPage {
			limit = DefaultPage
		}
		q += ` LIMIT ? OFFSET ?`
		args = append(args, limit, max(page, 0)*limit)
	}
	out := []Movement{}
	err := s.db.Select(ctx, &out, q, args...)
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
		id, err = db.Insert(ctx, tx, `INSERT INTO cash_movements (club_id, type, pay_type, amount, note, staff_user_id, created)
			VALUES (?,?,?,?,?,?,?)`, clubID, TypeManual, PayCash, int64(cents), note, staffID, s.now().Unix())
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
		id, err = db.Insert(ctx, tx, `INSERT INTO cash_closes (club_id, counted, note, staff_user_id, created) VALUES (?,?,?,?,?)`,
			clubID, int64(counted), note, staffID, now)
		if err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `UPDATE cash_movements SET close_id = ? WHERE club_id = ? AND close_id IS NULL`, id, clubID); err != nil {
			return err
		}
		sum, err := summarize(ctx, tx, clubID, Scope{CloseID: id})
		if err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `UPDATE cash_closes SET expected = ?, first_movement = ?, last_movement = ? WHERE id = ?`,
			int64(sum.TotalAmount), sum.FirstMovement, sum.EndMovement, id); err != nil {
			return err
		}
		_, err = db.Exec(ctx, tx, `INSERT INTO cash_movements (club_id, type, pay_type, amount, note, staff_user_id, created) VALUES (?,?,?,?,?,?,?)`,
			clubID, TypeAutomatic, PayCash, int64(counted), "", staffID, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.GetClose(ctx, clubID, id)
}

var closeSelect = `SELECT c.id, c.created, c.counted, c.expected, c.note, c.first_movement, c.last_movement, ` +
	db.StaffName("u") + ` AS worker_name FROM cash_closes c LEFT JOIN users u ON u.id = c.staff_user_id`

// GetClose returns one of the club's closes.
func (s *Service) GetClose(ctx context.Context, clubID, id int64) (*Close, error) {
	var out []Close
	if err := s.db.Select(ctx, &out, closeSelect+` WHERE c.id = ? AND c.club_id = ?`, id, clubID); err != nil {
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
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM cash_closes WHERE club_id = ?`, clubID); err != nil {
		return nil, 0, err
	}
	if limit <= 0 || limit > MaxPage {
		limit = 19
	}
	out := []Close{}
	if err := s.db.Select(ctx, &out, closeSelect+` WHERE c.club_id = ? ORDER BY c.id DESC LIMIT ? OFFSET ?`,
		clubID, limit, max(page, 0)*limit); err != nil {
		return nil, 0, err
	}
	for i := range out {
		out[i].Difference = out[i].Counted - out[i].Expected
	}
	return out, total, nil
}
