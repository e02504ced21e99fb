// Package problem holds the errors every domain returns for the API to map:
// a validation failure (400) carrying the spec's Spanish message, a stable
// code the web app translates and the field it is about, a missing record
// (404), and a refusal (403 a role's limit, 401 wrong credentials, 429 too
// many attempts). A domain returns nothing else for a person to read; the
// API maps these four and answers 500 to anything else.
package problem

import (
	"errors"
	"fmt"
	"maps"
)

// Invalid is a validation failure.
type Invalid struct {
	Code    string
	Message string
	Field   string
	// Params are the values inside the message (a product's name, an amount),
	// for the web app to put into its own translation.
	Params map[string]string
	// Format and Args made Message; the API renders them again in the
	// reader's language (package locale). Format is empty when Message was
	// written as it is.
	Format string
	Args   []any
}

func (e *Invalid) Error() string { return e.Message }

// Invalidf builds an Invalid with a formatted message.
func Invalidf(code, field, format string, args ...any) *Invalid {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Invalid{Code: code, Field: field, Message: msg, Format: format, Args: args}
}

// NotFound is a record that does not exist in the caller's club.
type NotFound struct {
	Code    string
	Message string
}

func (e *NotFound) Error() string { return e.Message }

// NotFoundf builds a NotFound.
func NotFoundf(code, msg string) *NotFound { return &NotFound{Code: code, Message: msg} }

// Reason says why a request is refused.
type Reason int

const (
	// Forbidden: the caller's role may not do this (403).
	Forbidden Reason = iota + 1
	// Unauthenticated: the credentials are wrong (401).
	Unauthenticated
	// Throttled: too many attempts; try again later (429).
	Throttled
)

// Refused is a request the caller may not make now.
type Refused struct {
	Reason  Reason
	Code    string
	Message string
}

func (e *Refused) Error() string { return e.Message }

// Refuse builds a Refused.
func Refuse(reason Reason, code, msg string) *Refused {
	return &Refused{Reason: reason, Code: code, Message: msg}
}

// With returns a copy of the error with a value of the message for
// translations. It never changes e: most errors are package variables that
// requests of every club share, so a value written into one would race with
// other requests and could show one club's figures to another.
func (e *Invalid) With(key, value string) *Invalid {
	c := *e
	c.Params = maps.Clone(e.Params)
	if c.Params == nil {
		c.Params = map[string]string{}
	}
	c.Params[key] = value
	return &c
}

// At returns a copy of the error about another field, leaving e as it is
// (see With).
func (e *Invalid) At(field string) *Invalid {
	c := *e
	c.Field = field
	return &c
}

// Code is the stable code of the problem in err's chain, "" when err is no problem.
func Code(err error) string {
	var inv *Invalid
	var nf *NotFound
	var rf *Refused
	switch {
	case errors.As(err, &inv):
		return inv.Code
	case errors.As(err, &nf):
		return nf.Code
	case errors.As(err, &rf):
		return rf.Code
	}
	return ""
}
