package main

import (
	"context"
	"testing"
	"time"
)

// TestCounterLoadShort is the short form of the counter load that make test
// runs: a few browsers for a few seconds on SQLite. Every call must succeed;
// its latencies are make bench's business, never a test's.
func TestCounterLoadShort(t *testing.T) {
	saved := counterLoad
	t.Cleanup(func() { counterLoad = saved })
	counterLoad.clients, counterLoad.duration, counterLoad.members = 6, 3*time.Second, 500
	e, cleanup, err := start("sqlite", 6, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	results := benchCounter(context.Background(), e)
	if len(results) != 7 {
		t.Fatalf("%d request kinds measured, want 7", len(results))
	}
	for _, r := range results {
		if r.errors > 0 {
			t.Errorf("%s: %d failed calls", r.what, r.errors)
		}
		if len(r.samples) == 0 {
			t.Errorf("%s: never called", r.what)
		}
	}
}
