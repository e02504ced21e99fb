package pos

import (
	"context"

	"socius/internal/amount"
	"socius/internal/cultivation"
	"socius/internal/register"
)

// recordDispensations records which batch each line's grams came from and
// writes the register's rows of the order's product lines with grams, in the
// pay's transaction: fees and lines without grams are not dispensations.
func (p *payment) recordDispensations(ctx context.Context) error {
	lines, err := cartLines(ctx, p.tx, p.order.ID)
	if err != nil {
		return err
	}
	d := register.Dispensation{ClubID: p.club, OrderID: p.order.ID, MemberID: p.member.ID, StaffUserID: p.actor.UserID, At: p.now}
	for _, l := range lines {
		if !l.ProductID.Valid {
			continue
		}
		// which cultivation batches the grams came from, oldest best-before first
		portions, err := cultivation.Dispense(ctx, p.tx, cultivation.SaleLine{ClubID: p.club, OrderID: p.order.ID, LineID: l.ID,
			ProductID: l.ProductID.Int64, Grams: l.RealQuantity, At: p.now})
		if err != nil {
			return err
		}
		if l.Grams > 0 {
			line := register.Line{LineID: l.ID, ProductID: l.ProductID.Int64, Product: l.Title, Grams: amount.Milli(l.Grams)}
			// a line wholly from batches records their content; a line partly
			// from stock without a batch keeps the product's
			if fromBatches(portions, l.RealQuantity) {
				line.FromBatches = true
				line.THC, line.CBD = cultivation.Content(portions)
			}
			d.Lines = append(d.Lines, line)
		}
	}
	return register.Record(ctx, p.tx, d)
}

// fromBatches says whether portions cover all of a line's real grams.
func fromBatches(portions []cultivation.Portion, real int64) bool {
	var sum int64
	for _, p := range portions {
		sum += int64(p.Grams)
	}
	return len(portions) > 0 && sum == real
}
