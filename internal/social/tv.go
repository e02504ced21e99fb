package social

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"time"

	"socius/internal/db"
	"socius/internal/problem"
)

// TVSettings is how a club's TV screens look and move (spec part 2 §3 TV
// carousel settings).
type TVSettings struct {
	BackgroundColor string `db:"background_color"`
	TextColor       string `db:"text_color"`
	Interval        int    `db:"interval_ms"`
	ShowDescription bool   `db:"show_description"`
	ShowSubtitle    bool   `db:"show_subtitle"`
	ShowQR          bool   `db:"show_qr"`
}

// DefaultTV is what a club shows before anyone changes it. The spec reports
// two readings of the defaults and leaves them open; these are the club
// theme's: purple background, white text, 10 s, everything shown.
var DefaultTV = TVSettings{BackgroundColor: "#A463BF", TextColor: "#FFFFFF", Interval: 10000, ShowDescription: true, ShowSubtitle: true, ShowQR: true}

// Limits of the interval: the settings screen takes up to 6 digits (ms).
const (
	MinTVInterval = 1000
	MaxTVInterval = 999999
)

var hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

var (
	errTVColor    = problem.Invalidf("tv.color_invalid", "backgroundcolor", "El color debe ser #RRGGBB")
	errTVInterval = problem.Invalidf("tv.interval_invalid", "interval", "El intervalo debe estar entre 1000 y 999999 ms")
)

// TV returns the club's TV settings, the defaults when none were saved.
func (s *Service) TV(ctx context.Context, clubID int64) (TVSettings, error) {
	v := DefaultTV
	err := readTV(ctx, s.db.R, clubID, &v)
	if errors.Is(err, db.ErrNoRows) {
		return DefaultTV, nil
	}
	return v, err
}

// SaveTV checks and stores the club's TV settings.
func (s *Service) SaveTV(ctx context.Context, clubID int64, v TVSettings) (TVSettings, error) {
	if !hexColor.MatchString(v.BackgroundColor) {
		return v, errTVColor
	}
	if !hexColor.MatchString(v.TextColor) {
		return v, errTVColor.At("textcolor")
	}
	if v.Interval < MinTVInterval || v.Interval > MaxTVInterval {
		return v, errTVInterval
	}
	v.BackgroundColor, v.TextColor = strings.ToUpper(v.BackgroundColor), strings.ToUpper(v.TextColor)
	err := saveTV(ctx, s.db.W, clubID, v, time.Now().Unix())
	return v, err
}
