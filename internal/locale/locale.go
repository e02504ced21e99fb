// Package locale is the server's side of the app's seven languages: which
// language a request speaks (its Accept-Language, which the web app sets to
// the interface's language), and the translations of every text the server
// writes for a person — error messages, export headers, printed documents,
// mails. Spanish, the spec's language, is the source: a text is looked up by
// its Spanish form (as gettext does), so the code keeps writing the spec's
// Spanish and a language without a translation falls back to it. The codes
// of errors never change with the language.
package locale

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// Lang is one of the app's languages, by the web app's names.
type Lang string

const (
	ES  Lang = "es"
	CAT Lang = "cat"
	IT  Lang = "it"
	PT  Lang = "pt"
	EN  Lang = "en"
	FR  Lang = "fr"
	DE  Lang = "de"
)

// All are the app's languages, Spanish (the default) first.
var All = []Lang{ES, CAT, IT, PT, EN, FR, DE}

// Parse picks the first of the app's languages an Accept-Language header
// names ("ca" and "cat" are Catalan, "de-AT" is German), Spanish when it
// names none. Quality values are not weighed: browsers and the web app list
// languages in order of preference.
func Parse(header string) Lang {
	if len(header) > 200 {
		header = header[:200]
	}
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		primary := strings.SplitN(strings.ReplaceAll(tag, "_", "-"), "-", 2)[0]
		if primary == "ca" {
			primary = "cat"
		}
		for _, l := range All {
			if primary == string(l) {
				return l
			}
		}
	}
	return ES
}

// Named is the first of the app's languages the header names, and false when
// it names none (an empty header, a client that chose nothing).
func Named(header string) (Lang, bool) {
	if len(header) > 200 {
		header = header[:200]
	}
	l := Parse(header)
	if l != ES {
		return l, true
	}
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		if tag == "es" || strings.HasPrefix(tag, "es-") || strings.HasPrefix(tag, "es_") {
			return ES, true
		}
	}
	return ES, false
}

// Valid reports whether s names one of the app's languages.
func Valid(s string) bool {
	for _, l := range All {
		if s == string(l) {
			return true
		}
	}
	return false
}

type ctxKey struct{}

// With returns a context that speaks l.
func With(ctx context.Context, l Lang) context.Context { return context.WithValue(ctx, ctxKey{}, l) }

// From is the language of ctx, Spanish when none was set.
func From(ctx context.Context) Lang {
	if l, ok := ctx.Value(ctxKey{}).(Lang); ok {
		return l
	}
	return ES
}

//go:embed messages/*.json
var files embed.FS

// catalog holds, per language, the translation of each Spanish text.
var catalog = load()

func load() map[Lang]map[string]string {
	c := map[Lang]map[string]string{}
	for _, l := range All[1:] {
		data, err := files.ReadFile("messages/" + string(l) + ".json")
		if err != nil {
			panic("locale: messages of " + string(l) + ": " + err.Error())
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			panic("locale: messages of " + string(l) + ": " + err.Error())
		}
		c[l] = m
	}
	return c
}

// Text is the Spanish text es in l; es itself in Spanish or when l has no
// translation of it (the catalog test keeps every text the code writes
// translated).
func Text(l Lang, es string) string {
	if t, ok := catalog[l][es]; ok && t != "" {
		return t
	}
	return es
}

// T is Text in the context's language.
func T(ctx context.Context, es string) string { return Text(From(ctx), es) }

// Format renders the Spanish format string in l with args (a translation may
// reorder them with %[n]s); a Phrase among the args is rendered in l too. A
// bare "%s" of one text translates that text: it carries a message written
// elsewhere (an amount's limit).
func Format(l Lang, format string, args ...any) string {
	if format == "%s" && len(args) == 1 {
		if s, ok := args[0].(string); ok {
			return Text(l, s)
		}
	}
	if len(args) == 0 {
		return Text(l, format)
	}
	in := make([]any, len(args))
	for i, a := range args {
		if p, ok := a.(Phrase); ok {
			a = Format(l, p.Format, p.Args...)
		}
		in[i] = a
	}
	return fmt.Sprintf(Text(l, format), in...)
}

// Phrase is a translatable text inside another message ("ley: KCanG § 16"
// inside an admission refusal). It prints in Spanish; Format renders it in
// the message's language.
type Phrase struct {
	Format string
	Args   []any
}

// P is a Phrase of a Spanish format and its args.
func P(format string, args ...any) Phrase { return Phrase{Format: format, Args: args} }

func (p Phrase) String() string { return Format(ES, p.Format, p.Args...) }

// Words marks Spanish texts as translatable (the catalog test collects the
// arguments of every call) and returns them as they are.
func Words(es ...string) []string { return es }

// TextsIn is each of es in l.
func TextsIn(l Lang, es []string) []string {
	out := make([]string, len(es))
	for i, w := range es {
		out[i] = Text(l, w)
	}
	return out
}

// DecimalMark is the mark before decimals in l: a point in English, a comma
// in the other six.
func DecimalMark(l Lang) string {
	if l == EN {
		return "."
	}
	return ","
}

// Decimal is a figure written with a point ("1.5") in l's notation.
func Decimal(l Lang, figure string) string { return strings.Replace(figure, ".", DecimalMark(l), 1) }

// DateLayout is the Go layout of a date in l: dd.MM.yyyy in German, the
// spec's dd/MM/yyyy otherwise.
func DateLayout(l Lang) string {
	if l == DE {
		return "02.01.2006"
	}
	return "02/01/2006"
}

// DateTimeLayout is DateLayout with the time (HH:mm) after the date.
func DateTimeLayout(l Lang) string { return DateLayout(l) + " 15:04" }
