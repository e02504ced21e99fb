// Package problem holds the errors every domain returns for the API to map:
// a validation failure (400) carrying the spec's Spanish message, a stable
// code the web app translates and the field it is about, and a missing
// record (404).
package problem

import "fmt"

// Invalid is a validation failure.
type Invalid struct {
	Code    string
	Message string
	Field   string
	// Params are the values inside the message (a product's name, an amount),
	// for the web app to put into its own translation.
	Params map[string]string
}

func (e *Invalid) Error() string { return e.Message }

// Invalidf builds an Invalid with a formatted message.
func Invalidf(code, field, msg string, args ...any) *Invalid {
	if len(args) > 0 {
		msg = fmt.Sprintf(msg, args...)
	}
	return &Invalid{Code: code, Field: field, Message: msg}
}

// NotFound is a record that does not exist in the caller's club.
type NotFound struct {
	Code    string
	Message string
}

func (e *NotFound) Error() string { return e.Message }

// With adds a value of the message for translations.
func (e *Invalid) With(key, value string) *Invalid {
	if e.Params == nil {
		e.Params = map[string]string{}
	}
	e.Params[key] = value
	return e
}
