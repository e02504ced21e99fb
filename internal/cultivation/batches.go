package cultivation

import (
	"context"
	"fmt"
	"slices"
	"socius/internal/amount"
	"socius/internal/catalog"
	"socius/internal/db"
	"socius/internal/problem"
	"socius/internal/rules"
	"socius/internal/textnorm"
	"strings"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
)

// BatchInput is POST /api/batch.
type BatchInput struct {
	StrainID int64
	Room     string
	Started  int64 // 0: now
	Plants   int64
}

// Batches lists the club's batches, in one phase or all, the newest first.
func (s *Service) Batches(ctx context.Context, clubID int64, phase string) ([]Batch, error) {
	if phase != "" && !slices.Contains(Phases, phase) {
		return nil, errPhase
	}
	out, err := batchList(ctx, s.db.R, clubID, phase, 0)
	if err != nil {
		return nil, err
	}
	return out, s.markBalanced(ctx, s.db.R, clubID, out)
}

// markBalanced sets each batch's Balanced from the club's balances.
func (s *Service) markBalanced(ctx context.Context, q db.Q, clubID int64, batches []Batch) error {
	if len(batches) == 0 {
		return nil
	}
	bal, err := balances(ctx, q, clubID, 0)
	if err != nil {
		return err
	}
	for i := range batches {
		batches[i].Balanced = bal[batches[i].ID].Holds()
	}
	return nil
}

// Batch reads one batch with its timeline, the products holding its grams
// and its balance.
func (s *Service) Batch(ctx context.Context, clubID, id int64) (*BatchDetail, error) {
	return batchDetail(ctx, s.db.R, clubID, id)
}

func batchDetail(ctx context.Context, q db.Q, clubID, id int64) (*BatchDetail, error) {
	bs, err := batchList(ctx, q, clubID, "", id)
	if err != nil {
		return nil, err
	}
	if len(bs) == 0 {
		return nil, ErrBatchNotFound
	}
	d := &BatchDetail{Batch: bs[0]}
	if d.Events, err = batchEvents(ctx, q, id); err != nil {
		return nil, err
	}
	if d.Products, err = batchProducts(ctx, q, id); err != nil {
		return nil, err
	}
	bal, err := balances(ctx, q, clubID, id)
	if err != nil {
		return nil, err
	}
	d.Balance = bal[id]
	d.Balanced = d.Balance.Holds()
	return d, nil
}

// StartBatch starts a batch of the club's strain in germination.
func (s *Service) StartBatch(ctx context.Context, clubID, staffUserID int64, in BatchInput) (*BatchDetail, error) {
	in.Room = strings.TrimSpace(in.Room)
	now := s.now().Unix()
	if in.Started == 0 {
		in.Started = now
	}
	switch {
	case utf8.RuneCountInString(in.Room) > MaxRoom:
		return nil, errRoomLong
	case in.Plants < 1 || in.Plants > MaxCount:
		return nil, errPlants
	case in.Started > now+dayAhead:
		return nil, errFuture.At("started")
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := strainByID(ctx, tx, clubID, in.StrainID); err != nil {
			return err
		}
		var err error
		if id, err = insertBatch(ctx, tx, clubID, staffUserID, in, now); err != nil {
			return err
		}
		return insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventStart, At: in.Started, Phase: Germination, Plants: in.Plants})
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, clubID, id)
}

// SetPhase moves a batch on to a later phase, recording the date.
func (s *Service) SetPhase(ctx context.Context, clubID, staffUserID, id int64, phase string) (*BatchDetail, error) {
	to := slices.Index(Phases, phase)
	if to < 0 {
		return nil, errPhase
	}
	return s.change(ctx, clubID, id, func(tx *sqlx.Tx, b *batchRow, now int64) error {
		if to <= slices.Index(Phases, b.Phase) {
			return errPhaseBack
		}
		if err := setPhase(ctx, tx, id, phase, now); err != nil {
			return err
		}
		return insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventPhase, At: now, Phase: phase})
	})
}

// change runs fn on a live batch of the club under its row lock, then reads
// the batch back.
func (s *Service) change(ctx context.Context, clubID, id int64, fn func(tx *sqlx.Tx, b *batchRow, now int64) error) (*BatchDetail, error) {
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		b, err := lockBatch(ctx, tx, clubID, id)
		if err != nil {
			return err
		}
		return fn(tx, b, s.now().Unix())
	})
	if err != nil {
		return nil, err
	}
	return s.Batch(ctx, clubID, id)
}

// HarvestInput is POST /api/batch/{id}/harvest.
type HarvestInput struct {
	Wet, Dry    amount.Milli
	HarvestedAt int64 // 0: now
	BestBefore  int64
}

// Harvest records a batch's harvest once: its dry grams become what the
// batch holds, and a flowering batch moves on to drying.
func (s *Service) Harvest(ctx context.Context, clubID, staffUserID, id int64, in HarvestInput) (*BatchDetail, error) {
	return s.change(ctx, clubID, id, func(tx *sqlx.Tx, b *batchRow, now int64) error {
		if in.HarvestedAt == 0 {
			in.HarvestedAt = now
		}
		switch {
		case b.HarvestedAt != nil:
			return errHarvestTwice
		case b.Phase == Done:
			return errDone
		case slices.Index(Phases, b.Phase) < slices.Index(Phases, Flowering):
			return errHarvestEarly
		case in.Dry <= 0 || in.Dry.Check() != nil:
			return errDry
		case in.Wet < 0 || in.Wet.Check() != nil || (in.Wet > 0 && in.Wet < in.Dry):
			return errWet
		case in.HarvestedAt > now+dayAhead:
			return errFuture.At("harvested_at")
		case in.HarvestedAt < b.Started:
			return errHarvestDate
		case in.BestBefore <= in.HarvestedAt:
			return errBestBefore
		}
		if err := setHarvest(ctx, tx, id, in); err != nil {
			return err
		}
		if err := insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventHarvest, At: in.HarvestedAt, Grams: int64(in.Dry), Wet: int64(in.Wet)}); err != nil {
			return err
		}
		if b.Phase == Flowering {
			if err := setPhase(ctx, tx, id, Drying, now); err != nil {
				return err
			}
			return insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventPhase, At: now, Phase: Drying})
		}
		return nil
	})
}

// LabInput is POST /api/batch/{id}/lab.
type LabInput struct {
	THC, CBD  *amount.Percent
	Lab       string
	SampledAt int64 // 0: now
	Passed    bool
}

// Lab records a lab result. The last passed one is the batch's THC and CBD,
// and the products holding its grams take the new figures.
func (s *Service) Lab(ctx context.Context, clubID, staffUserID, id int64, in LabInput) (*BatchDetail, error) {
	in.Lab = strings.TrimSpace(in.Lab)
	return s.change(ctx, clubID, id, func(tx *sqlx.Tx, b *batchRow, now int64) error {
		if in.SampledAt == 0 {
			in.SampledAt = now
		}
		switch {
		case in.Lab == "":
			return errLabName
		case utf8.RuneCountInString(in.Lab) > MaxSupplier:
			return errLabLong
		case in.THC == nil:
			return errLabTHC
		case in.SampledAt > now+dayAhead:
			return errFuture.At("sampled_at")
		}
		sampled := in.SampledAt
		if err := insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventLab, At: now, THC: in.THC, CBD: in.CBD,
			Lab: in.Lab, SampledAt: &sampled, Passed: in.Passed}); err != nil {
			return err
		}
		if !in.Passed {
			return nil
		}
		if err := setContent(ctx, tx, id, in.THC, in.CBD); err != nil {
			return err
		}
		return refreshProducts(ctx, tx, clubID, id)
	})
}

// DestroyInput is POST /api/batch/{id}/destroy: grams or plants, why and who
// saw it; with PID, grams leave that product's stock instead of the batch.
type DestroyInput struct {
	Grams   amount.Milli
	Plants  int64
	PID     int64
	Reason  string
	Witness string
}

// Destroy records a destruction: plants leave the plant count; grams leave
// the batch, or with a product the product's stock through a destroyed
// movement that names the batch.
func (s *Service) Destroy(ctx context.Context, clubID, staffUserID, id int64, in DestroyInput) (*BatchDetail, error) {
	in.Reason, in.Witness = strings.TrimSpace(in.Reason), strings.TrimSpace(in.Witness)
	switch {
	case (in.Grams == 0) == (in.Plants == 0) || in.Grams < 0 || in.Plants < 0 || (in.Plants > 0 && in.PID != 0):
		return nil, errDestroyWhat
	case in.Grams.Check() != nil || in.Plants > MaxCount:
		return nil, errGrams
	case !textnorm.HasWords(in.Reason):
		return nil, errReason
	case utf8.RuneCountInString(in.Reason) > MaxReason:
		return nil, errReasonLong
	case utf8.RuneCountInString(in.Witness) > MaxName:
		return nil, errWitnessLong
	}
	return s.change(ctx, clubID, id, func(tx *sqlx.Tx, b *batchRow, now int64) error {
		e := event{Kind: EventDestroy, At: now, Grams: int64(in.Grams), Plants: in.Plants, Reason: in.Reason, Witness: in.Witness}
		switch {
		case in.Plants > 0:
			ok, err := takePlants(ctx, tx, id, in.Plants)
			if err != nil {
				return err
			}
			if !ok {
				return errPlantsTooMany
			}
		case in.PID == 0:
			if b.HarvestedAt == nil {
				return errNotHarvested
			}
			if err := takeHeld(ctx, tx, id, b, int64(in.Grams)); err != nil {
				return err
			}
		default:
			if err := destroyFromStock(ctx, tx, clubID, staffUserID, id, in, now); err != nil {
				return err
			}
			e.PID = &in.PID
		}
		return insertEvent(ctx, tx, clubID, id, staffUserID, now, e)
	})
}

// takeHeld takes grams out of what the batch holds, or says how much it holds.
func takeHeld(ctx context.Context, tx *sqlx.Tx, id int64, b *batchRow, grams int64) error {
	ok, err := takeFromBatch(ctx, tx, id, grams)
	if err != nil || ok {
		return err
	}
	return problem.Invalidf("batch.grams_too_many", "grams", "El lote solo tiene %s g", amount.Milli(b.Held).String()).With("held", amount.Milli(b.Held).String())
}

// destroyFromStock takes the batch's grams out of a product's stock.
func destroyFromStock(ctx context.Context, tx *sqlx.Tx, clubID, staffUserID, id int64, in DestroyInput, now int64) error {
	p, err := catalog.ProductForBatch(ctx, tx, clubID, in.PID)
	if err != nil {
		return err
	}
	if p == nil {
		return ErrProduct
	}
	// the product's row first, as a sale takes it, then the batch's grams in it
	if _, err := catalog.MoveStock(ctx, tx, clubID, staffUserID, catalog.MoveDestroyed,
		catalog.StockChange{PID: in.PID, Quantity: -in.Grams, Note: batchNote(id, in.Reason), At: now}); err != nil {
		return err
	}
	ok, err := addBatchStock(ctx, tx, clubID, id, in.PID, -int64(in.Grams))
	if err != nil {
		return err
	}
	if !ok {
		have, err := batchStockOf(ctx, tx, id, in.PID)
		if err != nil {
			return err
		}
		return problem.Invalidf("batch.stock_short", "grams", "El stock de %s solo tiene %s g de este lote", p.Title, amount.Milli(have).String()).
			With("product", p.Title).With("held", amount.Milli(have).String())
	}
	return refreshProduct(ctx, tx, clubID, in.PID)
}

// batchNote is what a stock movement of a batch says: the batch, and why.
func batchNote(id int64, why string) string {
	note := fmt.Sprintf("Lote #%d", id)
	if why != "" {
		note += ": " + why
	}
	if utf8.RuneCountInString(note) > catalog.MaxNote {
		note = string([]rune(note)[:catalog.MaxNote])
	}
	return note
}

// ReleaseInput is POST /api/batch/{id}/release.
type ReleaseInput struct {
	PID   int64
	Grams amount.Milli
}

// Release moves dry grams from the batch into a product's stock, through a
// stock movement of kind batch; the product's THC and CBD follow its batches.
func (s *Service) Release(ctx context.Context, clubID, staffUserID, id int64, in ReleaseInput) (*BatchDetail, error) {
	if in.Grams <= 0 || in.Grams.Check() != nil {
		return nil, errGrams
	}
	return s.change(ctx, clubID, id, func(tx *sqlx.Tx, b *batchRow, now int64) error {
		if b.HarvestedAt == nil {
			return errNotHarvested
		}
		r, err := rules.ForClub(ctx, tx, clubID)
		if err != nil {
			return err
		}
		if r.LabRequired {
			passed, err := hasPassedLab(ctx, tx, id)
			if err != nil {
				return err
			}
			if !passed {
				return errNoPassedLab
			}
		}
		p, err := catalog.ProductForBatch(ctx, tx, clubID, in.PID)
		if err != nil {
			return err
		}
		if p == nil {
			return ErrProduct
		}
		if p.Type != catalog.TypeWeight || p.Unlimited {
			return errWeightProduct
		}
		if err := takeHeld(ctx, tx, id, b, int64(in.Grams)); err != nil {
			return err
		}
		if _, err := catalog.MoveStock(ctx, tx, clubID, staffUserID, catalog.MoveBatch,
			catalog.StockChange{PID: in.PID, Quantity: in.Grams, Note: batchNote(id, ""), At: now}); err != nil {
			return err
		}
		if _, err := addBatchStock(ctx, tx, clubID, id, in.PID, int64(in.Grams)); err != nil {
			return err
		}
		if err := insertEvent(ctx, tx, clubID, id, staffUserID, now, event{Kind: EventRelease, At: now, Grams: int64(in.Grams), PID: &in.PID}); err != nil {
			return err
		}
		return refreshProduct(ctx, tx, clubID, in.PID)
	})
}

// ProductBatches lists the batches whose grams are in a product's stock,
// oldest best-before first: the order a sale takes them in.
func (s *Service) ProductBatches(ctx context.Context, clubID, pid int64) ([]ProductBatch, error) {
	p, err := catalog.ProductForBatch(ctx, s.db.R, clubID, pid)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, ErrProduct
	}
	return productBatches(ctx, s.db.R, clubID, pid)
}

// ProductBatch is a batch's grams in a product's stock.
type ProductBatch struct {
	BatchID     int64           `json:"batch" db:"batch_id"`
	Strain      string          `json:"strain" db:"strain"`
	Grams       amount.Milli    `json:"grams" db:"grams"`
	HarvestedAt *int64          `json:"harvested_at" db:"harvested_at" nullable:"true"`
	BestBefore  *int64          `json:"best_before" db:"best_before" nullable:"true"`
	THC         *amount.Percent `json:"thc_percent" db:"thc" nullable:"true"`
	CBD         *amount.Percent `json:"cbd_percent" db:"cbd" nullable:"true"`
}
