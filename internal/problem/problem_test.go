package problem

import (
	"errors"
	"fmt"
	"sync"
	"testing"
)

// Errors are package variables shared by every request: adding a value or
// naming a field gives a copy and leaves the shared error as it was.
func TestCopiesLeaveTheSharedErrorAlone(t *testing.T) {
	shared := Invalidf("cash.box_short", "amount", "No se puede retirar más efectivo del que hay en la caja")
	a := shared.With("box", "1.00")
	b := shared.With("box", "2.00").With("club", "Beta")
	at := shared.At("products[3].amount")
	if shared.Params != nil || shared.Field != "amount" {
		t.Fatalf("the shared error changed: %+v", shared)
	}
	if a.Params["box"] != "1.00" || len(a.Params) != 1 || b.Params["box"] != "2.00" || b.Params["club"] != "Beta" {
		t.Fatalf("copies share their values: %v, %v", a.Params, b.Params)
	}
	if at.Field != "products[3].amount" || at.Code != shared.Code || at.Message != shared.Message {
		t.Fatalf("At: %+v", at)
	}
	// under -race: two requests of different clubs refused at once
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if e := a.With("n", string(rune('a'+i))); e.Params["box"] != "1.00" {
				t.Errorf("lost a value: %v", e.Params)
			}
		})
	}
	wg.Wait()
}

// Code finds the problem's code through wrapping, and none in a plain error.
func TestCode(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{Invalidf("a.invalid", "f", "x"), "a.invalid"},
		{fmt.Errorf("saving: %w", NotFoundf("a.missing", "x")), "a.missing"},
		{Refuse(Throttled, "a.slow", "x"), "a.slow"},
		{errors.New("disk full"), ""},
		{nil, ""},
	} {
		if got := Code(c.err); got != c.want {
			t.Errorf("Code(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
