package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"socius/internal/locale"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"socius/internal/amount"
	"socius/internal/observe"
	"socius/internal/problem"
)

// APIError is the one error shape of the API: {"message": "…", "code": "…"}.
// message is the spec's Spanish text, or its translation when the request's
// Accept-Language names another of the app's languages; code is stable and
// the web app translates it.
type APIError struct {
	Status  int               `json:"-"`
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Field   string            `json:"field,omitempty" doc:"The request field a validation error is about, when there is one"`
	Params  map[string]string `json:"params,omitempty" doc:"Values inside the message (names, amounts) for a translated text"`
	// RequestID names the request in the server's log, on a server error: staff quote it.
	RequestID string `json:"request_id,omitempty" doc:"On a server error (5xx), the id of the request in the server's log (also the X-Request-ID header)"`
	// format and args made Message, for its translation (in).
	format string
	args   []any
	// cause is what went wrong behind a server error: logged, never shown.
	cause any
}

func (e *APIError) Error() string  { return e.Message }
func (e *APIError) GetStatus() int { return e.Status }

// Fail builds an APIError from the Spanish format of its message.
func Fail(status int, code, format string, args ...any) *APIError {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &APIError{Status: status, Code: code, Message: msg, format: format, args: args}
}

// in is the error with its message in l (itself in Spanish).
func (e *APIError) in(l locale.Lang) *APIError {
	if l == locale.ES {
		return e
	}
	c := *e
	if c.format != "" {
		c.Message = locale.Format(l, c.format, c.args...)
	} else {
		c.Message = locale.Text(l, c.Message)
	}
	return &c
}

// answer is the error as the request gets it: in its language and, for a
// server error, with the request's id, under which the cause is logged.
func (e *APIError) answer(ctx context.Context, l locale.Lang) *APIError {
	e = e.in(l)
	if e.Status >= 500 {
		c := *e
		c.RequestID = observe.RequestID(ctx)
		if c.cause != nil {
			slog.ErrorContext(ctx, "internal error", "status", c.Status, "err", fmt.Sprint(c.cause))
		}
		e = &c
	}
	return e
}

// Messages shared by several places (the spec's, in English).
const (
	msgAnonymous = "Access denied for user anonymous"
	msgCSRF      = "CSRF validation failed"
	msgDenied    = "Access denied for user %s"
)

// The refusals of a body that cannot be read.
func errTooLarge() *APIError {
	return Fail(http.StatusBadRequest, "request.too_large", "La petición es demasiado grande")
}
func errNotJSON() *APIError {
	return Fail(http.StatusBadRequest, "request.invalid", "La petición no es un JSON válido")
}

// amountErrors name the numbers refused for their size by their own code.
var amountErrors = map[string]error{
	"amount.money_too_large":    amount.ErrMoneyTooLarge,
	"amount.quantity_too_large": amount.ErrQuantityTooLarge,
}

func init() {
	// Every error huma produces itself (bad JSON, wrong types, too large
	// bodies, unknown routes) keeps our shape; input problems become 400.
	huma.NewError = func(status int, msg string, errs ...error) huma.StatusError {
		code := "request.invalid"
		switch status {
		case http.StatusBadRequest, http.StatusUnsupportedMediaType:
			// huma answers these when the body does not parse in its content type
			for _, e := range errs {
				if d := (*huma.ErrorDetail)(nil); errors.As(e, &d) && d.Location == "body" {
					return errNotJSON()
				}
			}
			status = http.StatusBadRequest
		case http.StatusUnprocessableEntity:
			status = http.StatusBadRequest
			for _, e := range errs {
				// a multipart form past the operation's limit (limitForm)
				if d := (*huma.ErrorDetail)(nil); errors.As(e, &d) && strings.Contains(d.Message, "http: request body too large") {
					return errTooLarge()
				}
				for c, ae := range amountErrors {
					if d := (*huma.ErrorDetail)(nil); errors.As(e, &d) && strings.Contains(d.Message, ae.Error()) {
						return Fail(status, c, "%s", ae.Error())
					}
				}
			}
		case http.StatusRequestEntityTooLarge:
			return errTooLarge()
		case http.StatusNotFound:
			code = "not_found"
		case http.StatusMethodNotAllowed:
			code = "method_not_allowed"
		default:
			if status >= 500 {
				// an error no rule names (a handler's unexpected error arrives here): the person gets
				// the generic message and the request's id, the operator the cause under that id
				e := Fail(status, "server.error", "Error interno del servidor")
				e.cause = fmt.Sprint(msg, errs)
				return e
			}
		}
		var details []string
		for _, e := range errs {
			var d *huma.ErrorDetail
			if errors.As(e, &d) {
				details = append(details, strings.TrimSpace(d.Location+": "+d.Message))
			} else if e != nil {
				details = append(details, e.Error())
			}
		}
		if code == "request.invalid" {
			if len(details) > 0 {
				return Fail(status, code, "Datos no válidos: %s", strings.Join(details, "; "))
			}
			return Fail(status, code, "Datos no válidos")
		}
		return Fail(status, code, "%s", msg)
	}
}

var refusedStatus = map[problem.Reason]int{problem.Forbidden: http.StatusForbidden,
	problem.Unauthenticated: http.StatusUnauthorized, problem.Throttled: http.StatusTooManyRequests}

// domainError maps service errors to API errors; unknown ones become 500.
func domainError(err error) error {
	var ae *APIError
	var inv *problem.Invalid
	var nf *problem.NotFound
	var rf *problem.Refused
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &inv):
		return &APIError{Status: http.StatusBadRequest, Code: inv.Code, Message: inv.Message, Field: inv.Field, Params: inv.Params,
			format: inv.Format, args: inv.Args}
	case errors.As(err, &nf):
		return &APIError{Status: http.StatusNotFound, Code: nf.Code, Message: nf.Message}
	case errors.As(err, &rf):
		return &APIError{Status: refusedStatus[rf.Reason], Code: rf.Code, Message: rf.Message}
	}
	return err
}

// lastWeek fills the defaults of a history's range (unix seconds): the end is
// now, the start 7 days before the end.
func lastWeek(start, end int64) (int64, int64) {
	if end == 0 {
		end = time.Now().Unix()
	}
	if start == 0 {
		start = end - 7*24*3600
	}
	return start, end
}
