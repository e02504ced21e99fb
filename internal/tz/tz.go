// Package tz names a club's time zone: where its days, months and years, and
// its members' birthdays, begin.
package tz

import "time"

// Location is the time zone named tz, Europe/Madrid when tz is blank or
// unknown, UTC only where no zone data exists at all.
func Location(tz string) *time.Location {
	if loc, err := time.LoadLocation(tz); err == nil && tz != "" {
		return loc
	}
	if loc, err := time.LoadLocation("Europe/Madrid"); err == nil {
		return loc
	}
	return time.UTC
}
