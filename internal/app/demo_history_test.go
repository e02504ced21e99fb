package app

import (
	"testing"
	"time"
)

// Whatever the weekday the demo is loaded on, its month holds refunds on open
// days (before, a demo loaded on a Thursday had none: every refund day was a
// Sunday).
func TestDemoRefundsFallOnOpenDaysWhateverToday(t *testing.T) {
	for d := 0; d < 7; d++ {
		today := time.Date(2026, 11, 23+d, 0, 0, 0, 0, time.UTC)
		h := &demoHistory{today: today}
		n := 0
		for k := demoDays; k >= 1; k-- {
			day := h.day(k)
			if day.Weekday() != time.Sunday && demoRefundDay(day) {
				n++
			}
		}
		if n < 4 {
			t.Errorf("loaded on a %s: %d refund days in the month", today.Weekday(), n)
		}
	}
}
