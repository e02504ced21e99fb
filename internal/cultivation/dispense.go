package cultivation

import (
	"context"
	"fmt"
	"slices"

	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/db"
)

// SaleLine is a product line of a sale, as the point of sale hands it over
// inside the pay's transaction: the grams that left the product's stock.
type SaleLine struct {
	ClubID, OrderID, LineID, ProductID int64
	Grams                              int64 // the real weight taken from stock, thousandths
	At                                 int64
}

// Dispense records which batches a sale line's grams came from, oldest
// best-before first, taking them from the batches' grams in the product's
// stock, and returns the portions. Grams the product held from no batch (stock
// typed in by hand) stay unassigned. The caller holds the product's row
// (its stock movement came first), so two sales of one product queue.
func Dispense(ctx context.Context, q db.Q, l SaleLine) ([]Portion, error) {
	if l.Grams <= 0 {
		return nil, nil
	}
	held, err := productBatches(ctx, q, l.ClubID, l.ProductID)
	if err != nil || len(held) == 0 {
		return nil, err
	}
	left := l.Grams
	var out []Portion
	for _, b := range held {
		if left == 0 {
			break
		}
		take := min(left, int64(b.Grams))
		ok, err := addBatchStock(ctx, q, l.ClubID, b.BatchID, l.ProductID, -take)
		if err != nil {
			return nil, err
		}
		if !ok { // cannot happen under the product's lock; refuse rather than go below zero
			return nil, fmt.Errorf("cultivation: batch %d holds less of product %d than it read", b.BatchID, l.ProductID)
		}
		if err := insertDispensation(ctx, q, l, b.BatchID, take, nil); err != nil {
			return nil, err
		}
		out = append(out, Portion{LineID: l.LineID, BatchID: b.BatchID, Strain: b.Strain, Grams: amount.Milli(take),
			HarvestedAt: b.HarvestedAt, BestBefore: b.BestBefore, THC: b.THC, CBD: b.CBD})
		left -= take
	}
	return out, refreshProduct(ctx, q, l.ClubID, l.ProductID)
}

// GiveBack returns a refunded line's grams to the batches they came from,
// the last taken first, as far as the line took from batches; the rest was
// unassigned stock and goes back unassigned.
func GiveBack(ctx context.Context, q db.Q, l SaleLine, refundID int64) error {
	if l.Grams <= 0 {
		return nil
	}
	net, err := lineBatches(ctx, q, l.LineID)
	if err != nil || len(net) == 0 {
		return err
	}
	left := l.Grams
	for i := len(net) - 1; i >= 0 && left > 0; i-- {
		back := min(left, net[i].Grams)
		if back <= 0 {
			continue
		}
		if _, err := addBatchStock(ctx, q, l.ClubID, net[i].BatchID, l.ProductID, back); err != nil {
			return err
		}
		if err := insertDispensation(ctx, q, l, net[i].BatchID, -back, &refundID); err != nil {
			return err
		}
		left -= back
	}
	return refreshProduct(ctx, q, l.ClubID, l.ProductID)
}

// Content is the grams-weighted THC and CBD of a line's portions, each nil
// unless every portion's figure is known: the register records a line's
// content so.
func Content(portions []Portion) (thc, cbd *amount.Percent) {
	for _, p := range portions {
		if p.THC == nil {
			return nil, nil
		}
	}
	thc = weighted(portions, func(p Portion) (int64, *amount.Percent) { return int64(p.Grams), p.THC })
	if !slices.ContainsFunc(portions, func(p Portion) bool { return p.CBD == nil }) {
		cbd = weighted(portions, func(p Portion) (int64, *amount.Percent) { return int64(p.Grams), p.CBD })
	}
	return thc, cbd
}

// weighted is the grams-weighted average of the known figures of items,
// rounded half up, or nil when none is known. Grams in one product's stock
// or one line are at most amount.MaxMilli, so grams × 100.00 % stays within
// int64.
func weighted[T any](items []T, of func(T) (int64, *amount.Percent)) *amount.Percent {
	var sum, grams int64
	for _, it := range items {
		g, p := of(it)
		if p != nil && g > 0 {
			sum += g * int64(*p)
			grams += g
		}
	}
	if grams == 0 {
		return nil
	}
	v := amount.Percent((sum + grams/2) / grams)
	return &v
}

// refreshProduct sets a product's THC and CBD to the grams-weighted average
// of the batches in its stock whose lab result passed; a product with none
// keeps what it had.
func refreshProduct(ctx context.Context, q db.Q, clubID, pid int64) error {
	held, err := productBatches(ctx, q, clubID, pid)
	if err != nil {
		return err
	}
	thc := weighted(held, func(b ProductBatch) (int64, *amount.Percent) { return int64(b.Grams), b.THC })
	if thc == nil {
		return nil
	}
	cbd := weighted(held, func(b ProductBatch) (int64, *amount.Percent) { return int64(b.Grams), b.CBD })
	return catalog.SetContent(ctx, q, clubID, pid, thc, cbd)
}

// refreshProducts refreshes every product holding the batch's grams.
func refreshProducts(ctx context.Context, q db.Q, clubID, batchID int64) error {
	ps, err := batchProducts(ctx, q, batchID)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if err := refreshProduct(ctx, q, clubID, p.PID); err != nil {
			return err
		}
	}
	return nil
}
