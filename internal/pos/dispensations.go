package pos

import (
	"context"

	"socius/internal/amount"
	"socius/internal/register"
)

// recordDispensations writes the register's rows of the order's product
// lines with grams, in the pay's transaction: fees and lines without grams
// are not dispensations.
func (p *payment) recordDispensations(ctx context.Context) error {
	lines, err := cartLines(ctx, p.tx, p.order.ID)
	if err != nil {
		return err
	}
	d := register.Dispensation{ClubID: p.club, OrderID: p.order.ID, MemberID: p.member.ID, StaffUserID: p.actor.UserID, At: p.now}
	for _, l := range lines {
		if l.ProductID.Valid && l.Grams > 0 {
			d.Lines = append(d.Lines, register.Line{LineID: l.ID, ProductID: l.ProductID.Int64, Product: l.Title, Grams: amount.Milli(l.Grams)})
		}
	}
	return register.Record(ctx, p.tx, d)
}
