package httpapi

import (
	"context"
	"fmt"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/comms"
	"socius/internal/pos"
)

// The point of sale: orders, payment, refunds, wallets and fee types
// (spec part 1 §7 "Orders", "Wallet and access", "Members: Fees").
func (s *Server) registerOrderRoutes() {
	register(s, op("POST", "/api/order", "orderSave", "Save a member's cart: every line, priced by the server"),
		Club("pos", Body("asocid")), s.orderSave)
	register(s, op("POST", "/api/order/pay", "orderPay", "Pay an order (cash, wallet or tpv) in one transaction; retried pays answer the first result"),
		Club("pos", Body("asocid")), s.orderPay)
	register(s, op("POST", "/api/order/complete", "orderComplete", "Complete an order whose total is 0 (fully discounted): stock and signature as a pay, no money"),
		Club("pos", Body("asocid")), s.orderComplete)
	register(s, op("POST", "/api/order_refund", "orderRefund", "Refund lines of a paid order by cash, wallet or tpv"),
		Club("pos", Body("asocid")), s.orderRefund)
	register(s, op("DELETE", "/api/order/delete", "orderDelete", "Cancel (delete) an order in process"),
		Club("pos", Query("asocid")), s.orderDelete)
	register(s, op("GET", "/api/order/", "orderList", "Orders of the club, newest first (server paging)"),
		Club("ordersInProcess", Query("asocid")), s.orderList)
	register(s, op("POST", "/api/order/notify", "orderNotify", "Push \"your order is ready\" to the order's member (comunicacion_avanzada)"),
		Club("order_notify", Body("asocid")), s.orderNotify)
	register(s, op("GET", "/api/order/consumption", "orderConsumption", "Grams a member took this calendar month against the forecast"),
		Club("pos", Query("asocid")), s.orderConsumption)
	register(s, op("PUT", "/api/wallet/{nid}", "walletChange", "Top up (add, by cash or tpv) or correct (remove) a member's wallet"),
		Club("wallet", Body("association")), s.walletChange)
	register(s, op("GET", "/api/wallet_history", "walletHistory", "Wallet movements of the club or one member (card_id)"),
		Club("walletReport", Query("asocid")), s.walletHistory)
	register(s, op("GET", "/api/fee/", "feeList", "Fee types of the club"), Club("fees_read", Query("asocid")), s.feeList)
	register(s, op("POST", "/api/fee", "feeCreate", "Create a fee type"), Club("feetypes", Body("asocid")), s.feeSave)
	register(s, op("POST", "/api/fee/", "feeUpdate", "Edit a fee type (pid)"), Club("feetypes", Body("asocid")), s.feeSave)
	register(s, op("DELETE", "/api/fee/{pid}", "feeDelete", "Delete a fee type no order uses (success 0 with the reason otherwise)"),
		Club("feetypes", Query("asocid")), s.feeDelete)
}

// counter returns the acting staff user and what the club accepts.
func (s *Server) counter(ctx context.Context) (pos.Actor, pos.Methods, error) {
	ri := info(ctx)
	actor := pos.Actor{UserID: ri.User.ID, Supervisor: access.Supervisors.RolesOK(ri.Staff.Roles)}
	pay, err := s.Clubs.Payments(ctx, ri.Club.ID)
	f := ri.Club.Flags
	return actor, pos.Methods{Cash: pay.Cash, Card: pay.Card,
		Wallet:    pay.Wallet && (f[access.FuncionesAvanzadasGestion] || f[access.Monedero]),
		Signature: f[access.FirmaPedido] || f[access.FirmaDigital]}, err
}

// OrderLineIn is a line of a save: a product (pid) or a fee (fee_id).
type OrderLineIn struct {
	PID          int64         `json:"pid,omitempty"`
	FeeID        int64         `json:"fee_id,omitempty" doc:"A fee-payment line (fee renewal) instead of a product"`
	Quantity     amount.Milli  `json:"quantity" doc:"Grams or units; 0 removes the line"`
	RealQuantity *amount.Milli `json:"real_quantity,omitempty" doc:"Weighed grams; defaults to quantity"`
	Total        *amount.Cents `json:"total,omitempty" doc:"Ignored: the server prices every line"`
}

type orderSaveInput struct {
	Body struct {
		ClubAsocid
		OID            int64         `json:"oid,omitempty" doc:"The order; without it the member's open order, or a new one"`
		MembershipID   int64         `json:"membership_id,omitempty"`
		Products       []OrderLineIn `json:"products" maxItems:"1000"`
		ManualDiscount *amount.Cents `json:"manual_discount_order,omitempty" doc:"Euros off the order; absent keeps the order's"`
		Coupons        []int64       `json:"discount_coupon_order,omitempty" maxItems:"20" doc:"The coupons the order is to carry (ids); absent keeps the order's. Coupons are added with apply_coupon"`
	}
}

type orderOutput struct {
	Body struct {
		Cancelled bool       `json:"cancelled" doc:"The last line was removed: the order no longer exists"`
		Order     *pos.Order `json:"order,omitempty"`
	}
}

func (s *Server) orderSave(ctx context.Context, in *orderSaveInput) (*orderOutput, error) {
	actor, _, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	lines := make([]pos.LineInput, len(in.Body.Products))
	for i, p := range in.Body.Products {
		lines[i] = pos.LineInput{PID: p.PID, FeeID: p.FeeID, Quantity: p.Quantity, RealQuantity: p.RealQuantity}
	}
	o, err := s.POS.Save(ctx, info(ctx).Club.ID, actor, pos.SaveInput{OID: in.Body.OID, MemberID: in.Body.MembershipID,
		Lines: lines, ManualDiscount: in.Body.ManualDiscount, Coupons: couponSet(in.Body.Coupons)})
	out := &orderOutput{}
	out.Body.Order, out.Body.Cancelled = o, o == nil
	return out, err
}

// couponSet is nil when the save named no coupons (keep the order's).
func couponSet(ids []int64) *[]int64 {
	if ids == nil {
		return nil
	}
	return &ids
}

type orderPayInput struct {
	IdempotencyKey string `header:"Idempotency-Key" maxLength:"100" doc:"A retried pay with the same key answers the first result"`
	Body           struct {
		ClubAsocid
		Type           string        `json:"type,omitempty" enum:"cash,wallet,tpv," doc:"Payment method"`
		OID            int64         `json:"oid,omitempty"`
		MembershipID   int64         `json:"membership_id,omitempty"`
		Amount         *amount.Cents `json:"amount,omitempty" doc:"The total the staff saw; a different total refuses the pay (order.total_changed)"`
		Tendered       *amount.Cents `json:"tendered,omitempty" doc:"Cash handed over; the reply gives the change"`
		Signature      string        `json:"signature,omitempty" maxLength:"2000000" doc:"The member's signature (PNG data URL or base64) when the club requires one"`
		OverrideReason string        `json:"override_reason,omitempty" maxLength:"200" doc:"Manager or Administrador: why the order may pass the member's monthly consumption forecast"`
	}
}

type orderPayOutput struct {
	Body struct {
		Order    *pos.Order   `json:"order"`
		Change   amount.Cents `json:"change" doc:"Tendered cash minus the total (cash payments)"`
		Replayed bool         `json:"replayed" doc:"The order was already paid: nothing was charged again"`
	}
}

func (s *Server) orderPay(ctx context.Context, in *orderPayInput) (*orderPayOutput, error) {
	actor, methods, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	o, err := s.POS.Pay(ctx, info(ctx).Club.ID, actor, methods, pos.PayInput{OID: b.OID, MemberID: b.MembershipID, Type: b.Type,
		Amount: b.Amount, Tendered: b.Tendered, Signature: b.Signature, Override: b.OverrideReason, Key: in.IdempotencyKey})
	if err != nil {
		return nil, err
	}
	out := &orderPayOutput{}
	out.Body.Order, out.Body.Replayed = o, o.Replayed
	if b.Tendered != nil && o.PayType == pos.PayCash {
		out.Body.Change = *b.Tendered - o.Total
	}
	return out, nil
}

type orderCompleteInput struct {
	Body struct {
		ClubAsocid
		OID          int64  `json:"oid,omitempty"`
		MembershipID int64  `json:"membership_id,omitempty"`
		Signature    string `json:"signature,omitempty" maxLength:"2000000"`
	}
}

func (s *Server) orderComplete(ctx context.Context, in *orderCompleteInput) (*orderPayOutput, error) {
	actor, methods, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	zero := amount.Cents(0)
	o, err := s.POS.Pay(ctx, info(ctx).Club.ID, actor, methods, pos.PayInput{OID: in.Body.OID, MemberID: in.Body.MembershipID,
		Amount: &zero, Signature: in.Body.Signature})
	if err != nil {
		return nil, err
	}
	out := &orderPayOutput{}
	out.Body.Order, out.Body.Replayed = o, o.Replayed
	return out, nil
}

// RefundLineIn is a line of a refund.
type RefundLineIn struct {
	PID      int64         `json:"pid"`
	Quantity amount.Milli  `json:"quantity" doc:"Grams or units to give back; 0 skips the line"`
	Total    *amount.Cents `json:"total,omitempty" doc:"Ignored: the server computes what was paid for that part"`
}

type orderRefundInput struct {
	Body struct {
		ClubAsocid
		OID          int64          `json:"oid"`
		MembershipID int64          `json:"membership_id,omitempty"`
		Products     []RefundLineIn `json:"products" maxItems:"1000"`
		Pay          string         `json:"pay" enum:"cash,wallet,tpv," doc:"How the money goes back"`
		Reason       string         `json:"reason,omitempty" maxLength:"4000" doc:"Optional: why the lines go back; trimmed, at most 500 characters (longer is refused with order.refund_reason_too_long)"`
	}
}

type orderOnlyOutput struct{ Body *pos.Order }

func (s *Server) orderRefund(ctx context.Context, in *orderRefundInput) (*orderOnlyOutput, error) {
	actor, methods, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	lines := make([]pos.RefundLine, len(in.Body.Products))
	for i, p := range in.Body.Products {
		lines[i] = pos.RefundLine{PID: p.PID, Quantity: p.Quantity}
	}
	o, err := s.POS.Refund(ctx, info(ctx).Club.ID, actor, methods, pos.RefundInput{OID: in.Body.OID, MemberID: in.Body.MembershipID,
		Lines: lines, PayType: in.Body.Pay, Reason: in.Body.Reason})
	return &orderOnlyOutput{Body: o}, err
}

type orderDeleteInput struct {
	OID int64 `query:"oid" required:"true"`
}

type successOutput struct {
	Body struct {
		Success int    `json:"success" doc:"1 done, 0 refused (message says why)"`
		Message string `json:"message,omitempty"`
	}
}

func (s *Server) orderDelete(ctx context.Context, in *orderDeleteInput) (*successOutput, error) {
	if err := s.POS.Delete(ctx, info(ctx).Club.ID, in.OID); err != nil {
		return nil, err
	}
	out := &successOutput{}
	out.Body.Success = 1
	return out, nil
}

type orderNotifyInput struct {
	Body struct {
		ClubAsocid
		OID int64 `json:"oid" required:"true"`
	}
}

// orderNotify tells the order's member that the order is ready. The text is
// fixed and the recipient is the member's own account, so a counter role can
// send it without being able to write arbitrary pushes.
func (s *Server) orderNotify(ctx context.Context, in *orderNotifyInput) (*successOutput, error) {
	ri := info(ctx)
	memberID, userID, err := s.POS.Recipient(ctx, ri.Club.ID, in.Body.OID)
	if err != nil {
		return nil, err
	}
	if userID == nil {
		return nil, pos.ErrNoUser
	}
	to := []comms.Recipient{{MemberID: memberID, UserID: *userID}}
	text := fmt.Sprintf("Tu pedido n.º %d está listo", in.Body.OID)
	msgs, err := s.Comms.Push(ctx, ri.Club.ID, ri.User.ID, ri.Club.Title, text, to)
	if err != nil {
		return nil, err
	}
	out := &successOutput{}
	if len(msgs) == 1 && msgs[0].State == comms.StateSent {
		out.Body.Success = 1
		return out, nil
	}
	// kept as a not-sent message (as the push manager keeps it); the staff learn why
	out.Body.Message = tr(ctx, "La notificación se ha guardado pero no se ha enviado: no hay proveedor de push configurado o el socio no tiene dispositivo")
	return out, nil
}

type OrderListQuery struct {
	StartDate    int64  `query:"start_date" doc:"Unix seconds: completed orders by payment time, open ones by creation"`
	EndDate      int64  `query:"end_date"`
	MembershipID int64  `query:"membership_id"`
	Status       string `query:"status" enum:"cart,completed,"`
	Limit        int    `query:"limit" minimum:"0" maximum:"1000"`
	Page         int    `query:"page" minimum:"0" maximum:"1000000"`
}

type orderListOutput struct {
	Body struct {
		Data  []pos.Order `json:"data"`
		Total int         `json:"total"`
	}
}

func (s *Server) orderList(ctx context.Context, in *OrderListQuery) (*orderListOutput, error) {
	if err := s.reportMember(ctx, in.MembershipID); err != nil {
		return nil, err
	}
	list, total, err := s.POS.List(ctx, info(ctx).Club.ID, pos.Filter{Start: in.StartDate, End: in.EndDate, MemberID: in.MembershipID,
		Status: in.Status, Limit: in.Limit, Page: in.Page})
	out := &orderListOutput{}
	out.Body.Data, out.Body.Total = list, total
	return out, err
}

type consumptionInput struct {
	MembershipID int64 `query:"membership_id" required:"true"`
}

type consumptionOutput struct{ Body *pos.Consumption }

func (s *Server) orderConsumption(ctx context.Context, in *consumptionInput) (*consumptionOutput, error) {
	c, err := s.POS.Consumption(ctx, info(ctx).Club.ID, in.MembershipID)
	return &consumptionOutput{Body: c}, err
}

type walletInput struct {
	NID  int64 `path:"nid"`
	Body struct {
		ClubAssociation
		Operation string       `json:"operation" enum:"add,remove" doc:"add: a top-up paid by cash or tpv; remove: a correction"`
		Amount    amount.Cents `json:"amount" doc:"Euros, more than 0"`
		PayType   string       `json:"pay_type,omitempty" enum:"cash,tpv," doc:"How a top-up was paid"`
	}
}

type walletOutput struct {
	Body struct {
		Monedero amount.Cents `json:"monedero" doc:"The balance after the change"`
	}
}

func (s *Server) walletChange(ctx context.Context, in *walletInput) (*walletOutput, error) {
	actor, methods, err := s.counter(ctx)
	if err != nil {
		return nil, err
	}
	if !methods.Wallet {
		return nil, pos.ErrWalletOff
	}
	bal, err := s.POS.Wallet(ctx, info(ctx).Club.ID, actor, methods, pos.WalletInput{MemberID: in.NID, Operation: in.Body.Operation,
		Amount: in.Body.Amount, PayType: in.Body.PayType})
	out := &walletOutput{}
	out.Body.Monedero = bal
	return out, err
}

type WalletHistoryQuery struct {
	StartDate int64 `query:"start_date" doc:"Unix seconds; default 7 days before end_date"`
	EndDate   int64 `query:"end_date" doc:"Unix seconds; default now"`
	CardID    int64 `query:"card_id" doc:"One member's movements"`
}

type walletHistoryOutput struct{ Body []pos.WalletMovement }

func (s *Server) walletHistory(ctx context.Context, in *WalletHistoryQuery) (*walletHistoryOutput, error) {
	if err := s.reportMember(ctx, in.CardID); err != nil {
		return nil, err
	}
	start, end := lastWeek(in.StartDate, in.EndDate)
	list, err := s.POS.WalletHistory(ctx, info(ctx).Club.ID, in.CardID, start, end)
	return &walletHistoryOutput{Body: list}, err
}

type feeListInput struct {
}

type feeListOutput struct{ Body []pos.FeeType }

func (s *Server) feeList(ctx context.Context, in *feeListInput) (*feeListOutput, error) {
	list, err := s.POS.Fees(ctx, info(ctx).Club.ID)
	return &feeListOutput{Body: list}, err
}

type feeSaveInput struct {
	Body struct {
		ClubAsocid
		PID    int64        `json:"pid,omitempty" doc:"The fee type to edit"`
		Code   string       `json:"code,omitempty" maxLength:"60"`
		Title  string       `json:"title" maxLength:"200"`
		Price  amount.Cents `json:"price"`
		Days   int64        `json:"days" doc:"How long a payment lasts"`
		Status *Flag        `json:"status,omitempty"`
	}
}

type feeOutput struct{ Body *pos.FeeType }

func (s *Server) feeSave(ctx context.Context, in *feeSaveInput) (*feeOutput, error) {
	b := in.Body
	f, err := s.POS.SaveFee(ctx, info(ctx).Club.ID, pos.FeeInput{PID: b.PID, Code: b.Code, Title: b.Title, Price: b.Price, Days: b.Days, Status: flagPtr(b.Status)})
	return &feeOutput{Body: f}, err
}

type feeDeleteInput struct {
	PID int64 `path:"pid"`
}

func (s *Server) feeDelete(ctx context.Context, in *feeDeleteInput) (*successOutput, error) {
	ok, why, err := s.POS.DeleteFee(ctx, info(ctx).Club.ID, in.PID)
	out := &successOutput{}
	if ok {
		out.Body.Success = 1
	}
	out.Body.Message = passOn(ctx, why)
	return out, err
}
