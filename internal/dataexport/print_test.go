package dataexport

import (
	"testing"
	"time"

	"socius/internal/amount"
	pd "socius/internal/personaldata"
)

// The printed copy writes figures, dates and words as its reader reads them.
func TestPrintedValues(t *testing.T) {
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 26, 23, 30, 0, 0, time.UTC).Unix() // already the 27th in Madrid
	es, en, fr := printer{lang: "es", zone: madrid}, printer{lang: "en", zone: madrid}, printer{lang: "fr", zone: madrid}
	for _, c := range []struct {
		p    printer
		v    any
		want string
	}{
		{es, amount.Cents(840), "8,40 €"}, {en, amount.Cents(840), "8.40 €"}, {es, amount.Cents(-5), "-0,05 €"},
		{es, amount.Cents(123456), "1234,56 €"}, {es, amount.Milli(2530), "2,53"}, {en, amount.Milli(2530), "2.53"},
		{es, pd.Time(at), "27/11/2026 00:30"}, {es, pd.Date(at), "27/11/2026"}, {es, pd.Time(0), ""}, {es, pd.Date(0), ""},
		{es, pd.Day("2026-12-05"), "05/12/2026"}, {fr, true, "Oui"}, {en, false, "No"}, {en, pd.Term("pay.tpv"), "Card"},
		{es, int64(42), "42"}, {es, nil, ""}, {es, "texto", "texto"},
	} {
		if got := c.p.value(c.v); got != c.want {
			t.Errorf("%s %#v = %q, want %q", c.p.lang, c.v, got, c.want)
		}
	}
}
