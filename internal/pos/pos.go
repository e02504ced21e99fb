// Package pos is the counter's money: orders by weight and unit, payment,
// refunds, the members' wallets and the fee types. Orders, wallets and fees
// share one package because paying an order changes all three (stock, wallet
// ledger, fee end date, cash movement) in one transaction.
package pos

import (
	"time"

	"socius/internal/amount"
	"socius/internal/cash"
	"socius/internal/db"
	"socius/internal/problem"
)

// Order statuses (spec: cart means in process, completed means done).
const (
	StatusCart      = "cart"
	StatusCompleted = "completed"
)

// Payment methods (spec: cash, wallet, tpv).
const (
	PayCash   = "cash"
	PayWallet = "wallet"
	PayCard   = "tpv"
)

// Wallet operations: add is a top-up, remove a correction; order and refund
// are written by paying and refunding orders.
const (
	WalletAdd    = "add"
	WalletRemove = "remove"
	WalletOrder  = "order"
	WalletRefund = "refund"
)

// Cash movement types of the till (spec part 2: type_manual, type_automatic,
// type_wallet, type_order); refunds are order movements with a negative amount.
const (
	CashOrder  = cash.TypeOrder
	CashWallet = cash.TypeWallet
)

// Limits.
const (
	MaxLines        = 200
	MaxOverride     = 200
	DefaultPageSize = 24
	MaxPageSize     = 1000
)

// Errors of the counter. Messages are the spec's where it gives one.
var (
	ErrOrderNotFound  = &problem.NotFound{Code: "order.not_found", Message: "Pedido no encontrado"}
	ErrMemberNotFound = &problem.NotFound{Code: "member.not_found", Message: "Socio no encontrado"}
	ErrFeeNotFound    = &problem.NotFound{Code: "fee.not_found", Message: "Cuota no encontrada"}
	ErrProduct        = &problem.NotFound{Code: "product.not_found", Message: "Producto no encontrado"}

	// ErrNoUser: the order's member has no online account to notify.
	ErrNoUser = problem.Invalidf("order.no_user", "", "No se puede enviar push porque el socio no tiene usuario asociado")

	// ErrWalletOff: the club has no wallet (flag or payment method).
	ErrWalletOff = problem.Invalidf("wallet.disabled", "", "Este club no tiene el monedero activado")

	errMemberRequired   = problem.Invalidf("order.member_required", "membership_id", "Selecciona primero a un socio")
	errMemberInactive   = problem.Invalidf("order.member_inactive", "membership_id", "El socio está inactivo: actívalo antes de hacerle un pedido")
	errNotCart          = problem.Invalidf("order.not_cart", "oid", "Este pedido ya está pagado: no se puede cambiar ni eliminar")
	errOtherMember      = problem.Invalidf("order.other_member", "membership_id", "Este pedido es de otro socio")
	errQuantity         = problem.Invalidf("order.quantity_invalid", "products", "La cantidad debe ser mayor que cero")
	errDiscountNegative = problem.Invalidf("order.discount_negative", "manual_discount_order", "No se puede aplicar un descuento negativo")
	errDiscountTooLarge = problem.Invalidf("order.discount_above_total", "manual_discount_order", "No se puede aplicar un descuento mayor al total del pedido")
	errFeeInactive      = problem.Invalidf("fee.inactive", "products", "Esta cuota está desactivada: actívala antes de cobrarla")
	errGramsTooLarge    = problem.Invalidf("order.grams_too_large", "products", "Los gramos de una línea no pueden superar 1.000.000.000")
	errLineCostTooLarge = problem.Invalidf("order.line_cost_too_large", "products", "El coste de una línea no puede superar 100.000 €")
	errFeeDiscounted    = problem.Invalidf("order.fee_discounted", "products", "No se puede añadir un pago de cuota a un pedido que ya tiene aplicado un descuento")
	errTooManyLines     = problem.Invalidf("order.too_many_lines", "products", "Un pedido no puede tener más de 200 líneas")
	errSignature        = problem.Invalidf("order.signature_required", "signature", "El socio debe firmar la retirada para poder completar el pedido")
	errSignatureImage   = problem.Invalidf("order.signature_invalid", "signature", "La firma no es una imagen válida")
	errTotalChanged     = problem.Invalidf("order.total_changed", "amount", "El total del pedido ha cambiado: revisa el pedido antes de cobrar")
	errPayType          = problem.Invalidf("order.pay_type_invalid", "type", "El método de pago debe ser efectivo, monedero o tarjeta")
	errCashShort        = problem.Invalidf("order.cash_short", "tendered", "El efectivo entregado no cubre el importe")
	errWalletShort      = problem.Invalidf("wallet.insufficient", "amount", "Saldo insuficiente en el monedero")
	errOverrideRole     = problem.Invalidf("order.override_not_allowed", "override_reason", "Solo un Manager o un Administrador puede autorizar superar la previsión de consumo")
	errOverrideLong     = problem.Invalidf("order.override_too_long", "override_reason", "El motivo no puede tener más de 200 caracteres")
	errRefundCart       = problem.Invalidf("order.refund_cart", "oid", "Los pedidos en proceso no tienen devolución")
	errRefundMethod     = problem.Invalidf("order.refund_method", "type", "Solo un Manager o un Administrador puede devolver con un método distinto al del pago")
	errRefundAboveTotal = problem.Invalidf("order.refund_above_total", "products", "No se puede devolver más de lo que se cobró por el pedido")
	errRefundNothing    = problem.Invalidf("order.refund_nothing", "products", "Indica al menos una línea y la cantidad a devolver")
	errRefundReasonLong = problem.Invalidf("order.refund_reason_too_long", "reason", "El motivo de la devolución no puede tener más de 500 caracteres")
	errWalletAmount     = problem.Invalidf("wallet.amount_invalid", "amount", "Introduce valores numéricos")
	errWalletOperation  = problem.Invalidf("wallet.operation_invalid", "operation", "La operación del monedero debe ser add o remove")
	errFeeTitle         = problem.Invalidf("fee.title_required", "title", "Obligatorio")
	errFeeNegative      = problem.Invalidf("fee.negative", "price", "El precio y los días deben ser 0 o más")
)

// errPayNotAllowed names the method the club does not accept.
func errPayNotAllowed(method string) error {
	return problem.Invalidf("order.pay_type_not_allowed", "type", "Este club no acepta este método de pago (%s)", method).With("method", method)
}

// Methods is what the club accepts (its payment_methods setting and the
// wallet feature) and whether orders must be signed.
type Methods struct {
	Cash, Card, Wallet bool
	Signature          bool // firma_pedido or firma_digital
}

// Allows reports whether a payment or refund method may be used.
func (m Methods) Allows(payType string) bool {
	switch payType {
	case PayCash:
		return m.Cash
	case PayCard:
		return m.Card
	case PayWallet:
		return m.Wallet
	}
	return false
}

// Actor is the staff user at the counter.
type Actor struct {
	UserID int64
	// Supervisor: a Manager or Administrador. Only they may let a sale pass
	// the member's consumption forecast (with a written reason) and refund an
	// order to a method other than the one it was paid with.
	Supervisor bool
}

// Service implements the counter.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d, now: time.Now} }

// WithClock is for tests that cross a month.
func (s *Service) WithClock(now func() time.Time) *Service { c := *s; c.now = now; return &c }

// checkMoney refuses amounts beyond the API's bounds.
func checkMoney(c amount.Cents, field string) error {
	if err := c.Check(); err != nil {
		return problem.Invalidf("amount.too_large", field, "%s", err.Error())
	}
	return nil
}
