package report

import (
	"context"
	"time"

	"socius/internal/amount"
)

// The charts' series are summed in SQL by hour (Unix seconds / 3600) and
// put into the club's local days or hours here. The club's offsets from UTC
// are whole hours (Europe/Madrid: +1 or +2), so every hour belongs to exactly
// one local day, including on the days the clock changes.

// DaySales is what completed orders took on one local day, by payment method.
type DaySales struct {
	Day    string       `json:"day" doc:"YYYY-MM-DD in the club's time zone"`
	Cash   amount.Cents `json:"cash"`
	Wallet amount.Cents `json:"wallet"`
	Tpv    amount.Cents `json:"tpv"`
}

// DayWallet is one local day of wallet movements: top-ups against what orders
// spent from the wallet (less refunds to it).
type DayWallet struct {
	Day    string       `json:"day"`
	TopUps amount.Cents `json:"topups"`
	Spent  amount.Cents `json:"spent"`
}

// HourCount is how many check-ins were recorded at one local hour of the day.
type HourCount struct {
	Hour  int `json:"hour" doc:"0-23 in the club's time zone"`
	Count int `json:"count"`
}

// MaxChartDays bounds a chart's days (a longer range shows its last days).
const MaxChartDays = 400

type bucket struct {
	Hour  int64  `db:"h"`
	Kind  string `db:"kind"`
	Value int64  `db:"v"`
}

// days lists every local day of r (at most MaxChartDays, the latest) with
// its index.
func days(r Range, loc *time.Location) ([]string, map[string]int) {
	end := time.Unix(r.End, 0).In(loc)
	first := time.Unix(r.Start, 0).In(loc)
	d0 := time.Date(first.Year(), first.Month(), first.Day(), 12, 0, 0, 0, loc)
	if n := time.Date(end.Year(), end.Month(), end.Day(), 12, 0, 0, 0, loc).Sub(d0).Hours() / 24; n >= MaxChartDays {
		d0 = time.Date(end.Year(), end.Month(), end.Day()-MaxChartDays+1, 12, 0, 0, 0, loc)
	}
	var list []string
	index := map[string]int{}
	last := end.Format(time.DateOnly)
	for d := d0; d.Format(time.DateOnly) <= last && len(list) < MaxChartDays; d = d.AddDate(0, 0, 1) {
		index[d.Format(time.DateOnly)] = len(list)
		list = append(list, d.Format(time.DateOnly))
	}
	return list, index
}

func (b bucket) day(loc *time.Location) string {
	return time.Unix(b.Hour*3600, 0).In(loc).Format(time.DateOnly)
}

// SalesPerDay is the chart of the orders and cash reports.
func (s *Service) SalesPerDay(ctx context.Context, clubID, memberID int64, r Range, loc *time.Location) ([]DaySales, error) {
	bs, err := salesBuckets(ctx, s.db.R, clubID, memberID, r)
	if err != nil {
		return nil, err
	}
	var out []DaySales
	perDay(bs, r, loc, func(list []string) {
		out = make([]DaySales, len(list))
		for i, d := range list {
			out[i].Day = d
		}
	}, func(i int, b bucket) {
		switch b.Kind {
		case "cash":
			out[i].Cash += amount.Cents(b.Value)
		case "wallet":
			out[i].Wallet += amount.Cents(b.Value)
		default:
			out[i].Tpv += amount.Cents(b.Value)
		}
	})
	return out, nil
}

// perDay hands each hourly bucket to add with the index of its day in the
// club's time zone, after start has been given the range's days.
func perDay(bs []bucket, r Range, loc *time.Location, start func([]string), add func(int, bucket)) {
	list, index := days(r, loc)
	start(list)
	for _, b := range bs {
		if i, ok := index[b.day(loc)]; ok {
			add(i, b)
		}
	}
}

// WalletPerDay is the wallet report's chart.
func (s *Service) WalletPerDay(ctx context.Context, clubID, memberID int64, r Range, loc *time.Location) ([]DayWallet, error) {
	bs, err := walletBuckets(ctx, s.db.R, clubID, memberID, r)
	if err != nil {
		return nil, err
	}
	var out []DayWallet
	perDay(bs, r, loc, func(list []string) {
		out = make([]DayWallet, len(list))
		for i, d := range list {
			out[i].Day = d
		}
	}, func(i int, b bucket) {
		if b.Kind == "add" {
			out[i].TopUps += amount.Cents(b.Value)
		} else {
			out[i].Spent -= amount.Cents(b.Value) // an order is negative, a refund to the wallet positive
		}
	})
	return out, nil
}

// CheckinsPerHour is the access report's chart: check-ins (ENTRA) by local
// hour of the day, all 24 hours.
func (s *Service) CheckinsPerHour(ctx context.Context, clubID, memberID int64, r Range, loc *time.Location) ([]HourCount, error) {
	bs, err := checkinBuckets(ctx, s.db.R, clubID, memberID, r)
	if err != nil {
		return nil, err
	}
	out := make([]HourCount, 24)
	for h := range out {
		out[h].Hour = h
	}
	for _, b := range bs {
		out[time.Unix(b.Hour*3600, 0).In(loc).Hour()].Count += int(b.Value)
	}
	return out, nil
}

// Day is the local day named YYYY-MM-DD: from its 00:00:00 to its 23:59:59
// in loc (23 or 25 hours on the days the clock changes).
func Day(day string, loc *time.Location) (Range, error) {
	t, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		return Range{}, err
	}
	return Range{Start: t.Unix(), End: time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, loc).Unix() - 1}, nil
}
