// Package register keeps the dispensation register: one row per product line
// with grams a member received (a refund's lines negative), written in the
// sale's or the refund's own transaction as a snapshot of who received what —
// member number, names and birth year (never the date), the product with its
// THC and CBD, the grams and the staff member — so it still says so after the
// member or the product changes or goes. Retention empties the personal
// columns of old rows (Forget) and keeps grams, product and date for the
// club's totals.
package register

import (
	"context"
	"time"

	"socius/internal/amount"
	"socius/internal/club"
	"socius/internal/db"
)

// Dispensation is what a sale or a refund hands to the register: its order,
// member and staff user, its time, and its lines with grams.
type Dispensation struct {
	ClubID, OrderID, MemberID, StaffUserID int64
	RefundID                               int64 // 0: a sale
	At                                     int64 // the payment's or the refund's time
	Lines                                  []Line
}

// Line is one order line of a dispensation.
type Line struct {
	LineID, ProductID int64
	Product           string       // the line's title as sold
	Grams             amount.Milli // negative for a refund
	// FromBatches marks a sale line whose grams came from cultivation batches:
	// THC and CBD are then theirs (weighted by grams), not the product's.
	FromBatches bool
	THC, CBD    *amount.Percent
}

// Record writes the register's rows of a sale or a refund inside the
// caller's transaction q. The member's, the staff user's and the products'
// data are read through q too, so the rows say what was true when the sale
// committed. A refund keeps the THC and CBD the sale recorded.
func Record(ctx context.Context, q db.Q, d Dispensation) error {
	if len(d.Lines) == 0 {
		return nil
	}
	who, err := recipient(ctx, q, d.ClubID, d.MemberID, d.StaffUserID)
	if err != nil {
		return err
	}
	byProduct, err := productFigures(ctx, q, d.ClubID, d.Lines)
	if err != nil {
		return err
	}
	bySale := map[int64]figures{}
	if d.RefundID != 0 {
		if bySale, err = saleFigures(ctx, q, d.ClubID, d.Lines); err != nil {
			return err
		}
	}
	var birthYear *int64
	if who.Birthdate != 0 {
		y := int64(time.Unix(who.Birthdate, 0).In(club.Location(who.Timezone)).Year())
		birthYear = &y
	}
	var refund *int64
	if d.RefundID != 0 {
		refund = &d.RefundID
	}
	var staff *int64
	if d.StaffUserID != 0 {
		staff = &d.StaffUserID
	}
	rows := make([]row, len(d.Lines))
	for i, l := range d.Lines {
		f, ok := bySale[l.LineID]
		switch {
		case ok:
		case l.FromBatches:
			f = figures{THC: (*int64)(l.THC), CBD: (*int64)(l.CBD)}
		default:
			f = byProduct[l.ProductID]
		}
		rows[i] = row{club: d.ClubID, at: d.At, order: d.OrderID, line: l.LineID, refund: refund, member: d.MemberID,
			number: who.Number, surname: who.Surname, surname2: who.Surname2, nombre: who.Nombre, birthYear: birthYear,
			product: l.ProductID, title: l.Product, grams: int64(l.Grams), thc: f.THC, cbd: f.CBD, staff: who.Staff, staffUser: staff}
	}
	return insertRows(ctx, q, rows)
}

// Forget empties the personal columns (member, number, names, birth year,
// staff) of the club's rows from before `before` (Unix seconds) not yet
// forgotten, keeping grams, product and date, and returns how many it
// changed. The retention job calls it with the pack's retention.
func Forget(ctx context.Context, q db.Q, clubID int64, before int64) (int64, error) {
	return forgetBefore(ctx, q, clubID, before)
}

// Content is the THC and CBD the register recorded for a sale line.
type Content struct{ THC, CBD *amount.Percent }

// SaleContent reads the THC and CBD the register recorded for each of the
// given sale lines of the club (the information slip prints them for grams
// from no batch).
func (s *Service) SaleContent(ctx context.Context, clubID int64, lineIDs []int64) (map[int64]Content, error) {
	return saleContent(ctx, s.db.R, clubID, lineIDs)
}

func saleContent(ctx context.Context, q db.Q, clubID int64, lineIDs []int64) (map[int64]Content, error) {
	if len(lineIDs) == 0 {
		return map[int64]Content{}, nil
	}
	lines := make([]Line, len(lineIDs))
	for i, id := range lineIDs {
		lines[i].LineID = id
	}
	f, err := saleFigures(ctx, q, clubID, lines)
	out := make(map[int64]Content, len(f))
	for id, x := range f {
		out[id] = Content{THC: (*amount.Percent)(x.THC), CBD: (*amount.Percent)(x.CBD)}
	}
	return out, err
}
