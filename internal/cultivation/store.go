package cultivation

import (
	"context"

	"socius/internal/amount"
	"socius/internal/db"
)

// The SQL of strains, grow_intakes, batches, batch_events, batch_stock and
// batch_dispensations, each statement taking the caller's transaction or pool.

var staffName = db.StaffName("u")

const strainColumns = `s.id, s.name, s.thc_min, s.thc_max, s.cbd_min, s.cbd_max, s.notes, s.created,
	(SELECT COUNT(*) FROM batches b WHERE b.strain_id = s.id) AS batches`

func strainList(ctx context.Context, q db.Q, clubID int64) ([]Strain, error) {
	out := []Strain{}
	err := db.Select(ctx, q, &out, `SELECT `+strainColumns+` FROM strains s WHERE s.club_id = ? ORDER BY s.search, s.id`, clubID)
	return out, err
}

func strainByID(ctx context.Context, q db.Q, clubID, id int64) (*Strain, error) {
	var out []Strain
	if err := db.Select(ctx, q, &out, `SELECT `+strainColumns+` FROM strains s WHERE s.id = ? AND s.club_id = ?`, id, clubID); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrStrainNotFound
	}
	return &out[0], nil
}

func strainByName(ctx context.Context, q db.Q, clubID int64, search string) (int64, error) {
	var ids []int64
	err := db.Select(ctx, q, &ids, `SELECT id FROM strains WHERE club_id = ? AND search = ?`, clubID, search)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

func insertStrain(ctx context.Context, q db.Q, clubID int64, in StrainInput, search string, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO strains (club_id, name, search, thc_min, thc_max, cbd_min, cbd_max, notes, created)
		VALUES (?,?,?,?,?,?,?,?,?)`, clubID, in.Name, search, in.THCMin, in.THCMax, in.CBDMin, in.CBDMax, in.Notes, now)
}

func updateStrain(ctx context.Context, q db.Q, clubID int64, in StrainInput, search string) (int64, error) {
	res, err := db.Exec(ctx, q, `UPDATE strains SET name = ?, search = ?, thc_min = ?, thc_max = ?, cbd_min = ?, cbd_max = ?, notes = ?
		WHERE id = ? AND club_id = ?`, in.Name, search, in.THCMin, in.THCMax, in.CBDMin, in.CBDMax, in.Notes, in.ID, clubID)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func strainUsed(ctx context.Context, q db.Q, id int64) (bool, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT (SELECT COUNT(*) FROM batches WHERE strain_id = ?) + (SELECT COUNT(*) FROM grow_intakes WHERE strain_id = ?)`, id, id)
	return n > 0, err
}

func deleteStrain(ctx context.Context, q db.Q, clubID, id int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM strains WHERE id = ? AND club_id = ?`, id, clubID)
	return err
}

var intakeSelect = `SELECT i.id, i.strain_id, s.name AS strain_name, i.kind, i.count, i.supplier, i.supplier_address, i.received,
	` + staffName + ` AS staff FROM grow_intakes i JOIN strains s ON s.id = i.strain_id LEFT JOIN users u ON u.id = i.staff_user_id`

func intakeList(ctx context.Context, q db.Q, clubID, from, to int64) ([]GrowIntake, error) {
	out := []GrowIntake{}
	err := db.Select(ctx, q, &out, intakeSelect+` WHERE i.club_id = ? AND i.received BETWEEN ? AND ? ORDER BY i.received DESC, i.id DESC`, clubID, from, to)
	return out, err
}

func intakeByID(ctx context.Context, q db.Q, clubID, id int64) (*GrowIntake, error) {
	var out GrowIntake
	err := db.Get(ctx, q, &out, intakeSelect+` WHERE i.id = ? AND i.club_id = ?`, id, clubID)
	return &out, err
}

func insertIntake(ctx context.Context, q db.Q, clubID, staffUserID int64, in IntakeInput, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO grow_intakes (club_id, strain_id, kind, count, supplier, supplier_address, received, staff_user_id, created)
		VALUES (?,?,?,?,?,?,?,?,?)`, clubID, in.StrainID, in.Kind, in.Count, in.Supplier, in.SupplierAddress, in.Received, staffUserID, now)
}

func batchList(ctx context.Context, q db.Q, clubID int64, phase string, id int64) ([]Batch, error) {
	out := []Batch{}
	err := db.Select(ctx, q, &out, `SELECT b.id, b.strain_id, s.name AS strain_name, b.room, b.started, b.plants_start, b.plants, b.phase, b.phase_at,
		b.harvested_at, b.best_before, b.wet, b.dry, b.held, b.thc, b.cbd,
		COALESCE((SELECT SUM(grams) FROM batch_stock bs WHERE bs.batch_id = b.id), 0) AS in_stock
		FROM batches b JOIN strains s ON s.id = b.strain_id
		WHERE b.club_id = ? AND (? = '' OR b.phase = ?) AND (? = 0 OR b.id = ?) ORDER BY b.started DESC, b.id DESC`,
		clubID, phase, phase, id, id)
	return out, err
}

func insertBatch(ctx context.Context, q db.Q, clubID, staffUserID int64, in BatchInput, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO batches (club_id, strain_id, room, started, plants_start, plants, phase, phase_at, created, staff_user_id)
		VALUES (?,?,?,?,?,?,?,?,?,?)`, clubID, in.StrainID, in.Room, in.Started, in.Plants, in.Plants, Germination, in.Started, now, staffUserID)
}

// batchRow is a batch as a change reads it under its lock.
type batchRow struct {
	Phase       string `db:"phase"`
	Started     int64  `db:"started"`
	HarvestedAt *int64 `db:"harvested_at"`
	Held        int64  `db:"held"`
}

// lockBatch takes the club's batch's row first (a no-op UPDATE locks it on
// both engines), so two changes of one batch queue.
func lockBatch(ctx context.Context, q db.Q, clubID, id int64) (*batchRow, error) {
	var rows []batchRow
	if err := db.Select(ctx, q, &rows, `UPDATE batches SET held = held WHERE id = ? AND club_id = ? RETURNING phase, started, harvested_at, held`, id, clubID); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrBatchNotFound
	}
	return &rows[0], nil
}

func setPhase(ctx context.Context, q db.Q, id int64, phase string, at int64) error {
	_, err := db.Exec(ctx, q, `UPDATE batches SET phase = ?, phase_at = ? WHERE id = ?`, phase, at, id)
	return err
}

func setHarvest(ctx context.Context, q db.Q, id int64, in HarvestInput) error {
	var wet *int64
	if in.Wet > 0 {
		w := int64(in.Wet)
		wet = &w
	}
	_, err := db.Exec(ctx, q, `UPDATE batches SET harvested_at = ?, best_before = ?, wet = ?, dry = ?, held = ? WHERE id = ?`,
		in.HarvestedAt, in.BestBefore, wet, int64(in.Dry), int64(in.Dry), id)
	return err
}

func setContent(ctx context.Context, q db.Q, id int64, thc, cbd *amount.Percent) error {
	_, err := db.Exec(ctx, q, `UPDATE batches SET thc = ?, cbd = ? WHERE id = ?`, thc, cbd, id)
	return err
}

// takePlants takes plants off the count if it has them.
func takePlants(ctx context.Context, q db.Q, id, n int64) (bool, error) {
	return changed(db.Exec(ctx, q, `UPDATE batches SET plants = plants - ? WHERE id = ? AND plants >= ?`, n, id, n))
}

// takeFromBatch takes grams out of what the batch holds if it holds them.
func takeFromBatch(ctx context.Context, q db.Q, id, grams int64) (bool, error) {
	return changed(db.Exec(ctx, q, `UPDATE batches SET held = held - ? WHERE id = ? AND held >= ?`, grams, id, grams))
}

func hasPassedLab(ctx context.Context, q db.Q, id int64) (bool, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM batch_events WHERE batch_id = ? AND kind = ? AND passed = 1`, id, EventLab)
	return n > 0, err
}

// event is a batch_events row to write.
type event struct {
	Kind, Phase        string
	At                 int64
	Grams, Wet, Plants int64
	PID                *int64
	THC, CBD           *amount.Percent
	Lab                string
	SampledAt          *int64
	Passed             bool
	Reason, Witness    string
}

func insertEvent(ctx context.Context, q db.Q, clubID, batchID, staffUserID, now int64, e event) error {
	_, err := db.Exec(ctx, q, `INSERT INTO batch_events (club_id, batch_id, kind, at, phase, grams, wet, plants, product_id, thc, cbd, lab, sampled_at,
		passed, reason, witness, staff_user_id, created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		clubID, batchID, e.Kind, e.At, e.Phase, e.Grams, e.Wet, e.Plants, e.PID, e.THC, e.CBD, e.Lab, e.SampledAt, db.Bool(e.Passed),
		e.Reason, e.Witness, staffUserID, now)
	return err
}

func batchEvents(ctx context.Context, q db.Q, id int64) ([]BatchEvent, error) {
	out := []BatchEvent{}
	err := db.Select(ctx, q, &out, `SELECT e.id, e.kind, e.at, e.phase, e.grams, e.wet, e.plants, e.product_id, COALESCE(p.title, '') AS product,
		e.thc, e.cbd, e.lab, e.sampled_at, e.passed, e.reason, e.witness, `+staffName+` AS staff
		FROM batch_events e LEFT JOIN products p ON p.id = e.product_id LEFT JOIN users u ON u.id = e.staff_user_id
		WHERE e.batch_id = ? ORDER BY e.id`, id)
	return out, err
}

// batchProducts are the products holding a batch's grams, by id: a lab
// result updates them in that order, the order a sale locks its products in.
func batchProducts(ctx context.Context, q db.Q, id int64) ([]BatchProduct, error) {
	out := []BatchProduct{}
	err := db.Select(ctx, q, &out, `SELECT bs.product_id, p.title, bs.grams FROM batch_stock bs JOIN products p ON p.id = bs.product_id
		WHERE bs.batch_id = ? AND bs.grams > 0 ORDER BY bs.product_id`, id)
	return out, err
}

// addBatchStock adds grams (negative: takes them) to a batch's grams in a
// product's stock; taking more than there is changes nothing and says so.
func addBatchStock(ctx context.Context, q db.Q, clubID, batchID, pid, grams int64) (bool, error) {
	if grams > 0 {
		_, err := db.Exec(ctx, q, `INSERT INTO batch_stock (club_id, batch_id, product_id, grams) VALUES (?,?,?,?)
			ON CONFLICT (product_id, batch_id) DO UPDATE SET grams = batch_stock.grams + excluded.grams`, clubID, batchID, pid, grams)
		return err == nil, err
	}
	return changed(db.Exec(ctx, q, `UPDATE batch_stock SET grams = grams + ? WHERE product_id = ? AND batch_id = ? AND grams >= ?`,
		grams, pid, batchID, -grams))
}

func batchStockOf(ctx context.Context, q db.Q, batchID, pid int64) (int64, error) {
	var g []int64
	err := db.Select(ctx, q, &g, `SELECT grams FROM batch_stock WHERE product_id = ? AND batch_id = ?`, pid, batchID)
	if err != nil || len(g) == 0 {
		return 0, err
	}
	return g[0], nil
}

// productBatches are the batches with grams in a product's stock, the
// oldest best-before first (a batch without one last).
func productBatches(ctx context.Context, q db.Q, clubID, pid int64) ([]ProductBatch, error) {
	out := []ProductBatch{}
	err := db.Select(ctx, q, &out, `SELECT bs.batch_id, s.name AS strain, bs.grams, b.harvested_at, b.best_before, b.thc, b.cbd
		FROM batch_stock bs JOIN batches b ON b.id = bs.batch_id JOIN strains s ON s.id = b.strain_id
		WHERE bs.product_id = ? AND bs.club_id = ? AND bs.grams > 0
		ORDER BY CASE WHEN b.best_before IS NULL THEN 1 ELSE 0 END, b.best_before, b.id`, pid, clubID)
	return out, err
}

func insertDispensation(ctx context.Context, q db.Q, l SaleLine, batchID, grams int64, refundID *int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO batch_dispensations (club_id, batch_id, product_id, order_id, line_id, refund_id, grams, at)
		VALUES (?,?,?,?,?,?,?,?)`, l.ClubID, batchID, l.ProductID, l.OrderID, l.LineID, refundID, grams, l.At)
	return err
}

// lineBatch is what a line still holds of one batch (sold less given back).
type lineBatch struct {
	BatchID int64 `db:"batch_id"`
	Grams   int64 `db:"grams"`
}

// lineBatches are a line's net grams per batch, in the order the sale took them.
func lineBatches(ctx context.Context, q db.Q, lineID int64) ([]lineBatch, error) {
	var out []lineBatch
	err := db.Select(ctx, q, &out, `SELECT batch_id, SUM(grams) AS grams FROM batch_dispensations WHERE line_id = ?
		GROUP BY batch_id ORDER BY MIN(id)`, lineID)
	return out, err
}

// orderPortions are what each line of an order took from each batch at the
// sale, with the batch's figures, for the information slip.
func orderPortions(ctx context.Context, q db.Q, clubID, orderID int64) ([]Portion, error) {
	out := []Portion{}
	err := db.Select(ctx, q, &out, `SELECT d.line_id, d.batch_id, s.name AS strain, SUM(d.grams) AS grams, b.harvested_at, b.best_before, b.thc, b.cbd
		FROM batch_dispensations d JOIN batches b ON b.id = d.batch_id JOIN strains s ON s.id = b.strain_id
		WHERE d.order_id = ? AND d.club_id = ? AND d.refund_id IS NULL
		GROUP BY d.line_id, d.batch_id, s.name, b.harvested_at, b.best_before, b.thc, b.cbd ORDER BY d.line_id, MIN(d.id)`, orderID, clubID)
	return out, err
}

// perBatch is one figure per batch.
type perBatch struct {
	BatchID int64 `db:"batch_id"`
	Grams   int64 `db:"grams"`
}

// balanceRows reads the figures of the club's batches (or one batch) that
// the balance adds up, each from its own rows.
func balanceRows(ctx context.Context, q db.Q, clubID, batchID int64) (map[string][]perBatch, error) {
	queries := map[string]string{
		"harvested": `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'harvest' AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"released":  `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'release' AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"destroyedBatch": `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'destroy' AND product_id IS NULL
			AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"destroyedStock": `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'destroy' AND product_id IS NOT NULL
			AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"held": `SELECT id AS batch_id, held AS grams FROM batches WHERE club_id = ? AND (? = 0 OR id = ?)`,
		// a sale's rows are positive and a refund's negative (batch_dispensations_batch covers both)
		"sold":     `SELECT batch_id, SUM(grams) AS grams FROM batch_dispensations WHERE club_id = ? AND grams > 0 AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"refunded": `SELECT batch_id, -SUM(grams) AS grams FROM batch_dispensations WHERE club_id = ? AND grams < 0 AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
		"inStock":  `SELECT batch_id, SUM(grams) AS grams FROM batch_stock WHERE club_id = ? AND (? = 0 OR batch_id = ?) GROUP BY batch_id`,
	}
	out := map[string][]perBatch{}
	for name, sql := range queries {
		var rows []perBatch
		if err := db.Select(ctx, q, &rows, sql, clubID, batchID, batchID); err != nil {
			return nil, err
		}
		out[name] = rows
	}
	return out, nil
}

// periodFigure is one figure per batch over a period.
func periodFigures(ctx context.Context, q db.Q, clubID, from, to int64) (map[string][]perBatch, error) {
	queries := map[string]string{
		"harvested": `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'harvest' AND at BETWEEN ? AND ? GROUP BY batch_id`,
		"destroyed": `SELECT batch_id, SUM(grams) AS grams FROM batch_events WHERE club_id = ? AND kind = 'destroy' AND at BETWEEN ? AND ? GROUP BY batch_id`,
		// one index range per batch: a period's rows only, and no sort of them (a GROUP BY over a
		// year's 250,000 rows sorted them and took a second on SQLite)
		"dispensed": `SELECT b.id AS batch_id, (SELECT COALESCE(SUM(d.grams), 0) FROM batch_dispensations d
			WHERE d.club_id = b.club_id AND d.batch_id = b.id AND d.at BETWEEN ? AND ?) AS grams FROM batches b WHERE b.club_id = ?`,
	}
	out := map[string][]perBatch{}
	for name, sql := range queries {
		args := []any{clubID, from, to}
		if name == "dispensed" {
			args = []any{from, to, clubID}
		}
		var rows []perBatch
		if err := db.Select(ctx, q, &rows, sql, args...); err != nil {
			return nil, err
		}
		out[name] = rows
	}
	return out, nil
}

// stockNow is each of the club's batches' grams now: still in the batch and
// in products' stock.
func stockNow(ctx context.Context, q db.Q, clubID int64) ([]perBatch, error) {
	var out []perBatch
	err := db.Select(ctx, q, &out, `SELECT b.id AS batch_id, b.held + COALESCE((SELECT SUM(bs.grams) FROM batch_stock bs WHERE bs.batch_id = b.id), 0) AS grams
		FROM batches b WHERE b.club_id = ?`, clubID)
	return out, err
}

// batchStrain is a batch's strain and lab figures, for the reports.
type batchStrain struct {
	ID       int64           `db:"id"`
	StrainID int64           `db:"strain_id"`
	Strain   string          `db:"strain"`
	THC      *amount.Percent `db:"thc"`
	CBD      *amount.Percent `db:"cbd"`
}

func batchStrains(ctx context.Context, q db.Q, clubID int64) ([]batchStrain, error) {
	var out []batchStrain
	err := db.Select(ctx, q, &out, `SELECT b.id, b.strain_id, s.name AS strain, b.thc, b.cbd FROM batches b JOIN strains s ON s.id = b.strain_id
		WHERE b.club_id = ?`, clubID)
	return out, err
}

// intakeCount is the seeds or cuttings of a strain over a period.
type intakeCount struct {
	StrainID int64  `db:"strain_id"`
	Kind     string `db:"kind"`
	Count    int64  `db:"count"`
}

func intakeCounts(ctx context.Context, q db.Q, clubID, from, to int64) ([]intakeCount, error) {
	var out []intakeCount
	err := db.Select(ctx, q, &out, `SELECT strain_id, kind, SUM(count) AS count FROM grow_intakes WHERE club_id = ? AND received BETWEEN ? AND ?
		GROUP BY strain_id, kind`, clubID, from, to)
	return out, err
}

// changed says whether a statement changed a row.
func changed(res interface{ RowsAffected() (int64, error) }, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
