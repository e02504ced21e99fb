// Package cultivation follows every gram from seed to member: the club's
// strains, the seeds and cuttings it takes in, the batches it grows through
// their phases, their harvest, lab results and destructions, the grams each
// batch releases into a product's stock, and which batch each gram a member
// received came from. From those rows it proves the mass balance and writes
// the authorities' reports (KCanG §§ 17, 18, 21, 26; docs/club-rules.md).
//
// Grams are thousandths (amount.Milli), THC and CBD hundredths of a percent
// (amount.Percent), times Unix seconds.
package cultivation

import (
	"socius/internal/amount"
	"socius/internal/problem"
)

// Kinds of plant material taken in.
const (
	Seed    = "seed"
	Cutting = "cutting"
)

// Phases of a batch, in the order a batch goes through them.
const (
	Germination = "germination"
	Vegetative  = "vegetative"
	Flowering   = "flowering"
	Drying      = "drying"
	Curing      = "curing"
	Done        = "done"
)

// Phases lists the phases in order.
var Phases = []string{Germination, Vegetative, Flowering, Drying, Curing, Done}

// Kinds of batch event.
const (
	EventStart   = "start"
	EventPhase   = "phase"
	EventHarvest = "harvest"
	EventLab     = "lab"
	EventDestroy = "destroy"
	EventRelease = "release"
)

// Bounds a real club never reaches.
const (
	MaxName     = 120
	MaxNotes    = 2000
	MaxRoom     = 80
	MaxSupplier = 200
	MaxAddress  = 500
	MaxReason   = 500
	MaxCount    = 1_000_000 // seeds or cuttings in one intake, plants in one batch
)

// Strain is a variety the club grows.
type Strain struct {
	ID      int64           `json:"id" db:"id"`
	Name    string          `json:"name" db:"name"`
	THCMin  *amount.Percent `json:"thc_min" db:"thc_min" nullable:"true"`
	THCMax  *amount.Percent `json:"thc_max" db:"thc_max" nullable:"true"`
	CBDMin  *amount.Percent `json:"cbd_min" db:"cbd_min" nullable:"true"`
	CBDMax  *amount.Percent `json:"cbd_max" db:"cbd_max" nullable:"true"`
	Notes   string          `json:"notes" db:"notes"`
	Batches int             `json:"batches" db:"batches" doc:"Batches of this strain"`
	Created int64           `json:"created" db:"created"`
}

// StrainInput is POST /api/strain: a new strain, or with ID an edit.
type StrainInput struct {
	ID                             int64
	Name                           string
	THCMin, THCMax, CBDMin, CBDMax *amount.Percent
	Notes                          string
}

// Intake is seeds or cuttings taken in, with their supplier.
type GrowIntake struct {
	ID              int64  `json:"id" db:"id"`
	StrainID        int64  `json:"strain" db:"strain_id"`
	Strain          string `json:"strain_name" db:"strain_name"`
	Kind            string `json:"kind" db:"kind" enum:"seed,cutting"`
	Count           int64  `json:"count" db:"count"`
	Supplier        string `json:"supplier" db:"supplier"`
	SupplierAddress string `json:"supplier_address" db:"supplier_address"`
	Received        int64  `json:"date" db:"received" doc:"When it came in, Unix seconds"`
	Staff           string `json:"staff" db:"staff"`
}

// IntakeInput is POST /api/grow_intake.
type IntakeInput struct {
	StrainID        int64
	Kind            string
	Count           int64
	Supplier        string
	SupplierAddress string
	Received        int64 // 0: now
}

// Batch is plants of one strain grown together, and what became of them.
type Batch struct {
	ID          int64           `json:"id" db:"id"`
	StrainID    int64           `json:"strain" db:"strain_id"`
	Strain      string          `json:"strain_name" db:"strain_name"`
	Room        string          `json:"room" db:"room"`
	Started     int64           `json:"started" db:"started"`
	PlantsStart int64           `json:"plants_start" db:"plants_start"`
	Plants      int64           `json:"plants" db:"plants" doc:"Plants now: those started less those destroyed"`
	Phase       string          `json:"phase" db:"phase" enum:"germination,vegetative,flowering,drying,curing,done"`
	PhaseAt     int64           `json:"phase_at" db:"phase_at"`
	HarvestedAt *int64          `json:"harvested_at" db:"harvested_at" nullable:"true"`
	BestBefore  *int64          `json:"best_before" db:"best_before" nullable:"true"`
	Wet         *amount.Milli   `json:"wet_g" db:"wet" nullable:"true"`
	Dry         *amount.Milli   `json:"dry_g" db:"dry" nullable:"true" doc:"Dry grams harvested"`
	Held        amount.Milli    `json:"held_g" db:"held" doc:"Dry grams still in the batch"`
	InStock     amount.Milli    `json:"in_stock_g" db:"in_stock" doc:"Grams of the batch in products' stock"`
	THC         *amount.Percent `json:"thc_percent" db:"thc" nullable:"true" doc:"The last passed lab result's THC; null: none"`
	CBD         *amount.Percent `json:"cbd_percent" db:"cbd" nullable:"true"`
	Balanced    bool            `json:"balanced" db:"-" doc:"The batch's mass balance holds"`
}

// BatchDetail is GET /api/batch/{id}: the batch, its timeline, the products
// holding its grams and its balance.
type BatchDetail struct {
	Batch
	Events   []BatchEvent   `json:"events"`
	Products []BatchProduct `json:"products"`
	Balance  MassBalance    `json:"balance"`
}

// BatchProduct is a product holding grams of a batch.
type BatchProduct struct {
	PID   int64        `json:"pid" db:"product_id"`
	Title string       `json:"title" db:"title"`
	Grams amount.Milli `json:"grams" db:"grams"`
}

// Event is one step of a batch's timeline.
type BatchEvent struct {
	ID        int64           `json:"id" db:"id"`
	Kind      string          `json:"kind" db:"kind" enum:"start,phase,harvest,lab,destroy,release"`
	At        int64           `json:"at" db:"at"`
	Phase     string          `json:"phase,omitempty" db:"phase"`
	Grams     amount.Milli    `json:"grams" db:"grams" doc:"Harvest: dry grams; destroy and release: grams"`
	Wet       amount.Milli    `json:"wet_g" db:"wet"`
	Plants    int64           `json:"plants" db:"plants" doc:"Start: plants; destroy: plants destroyed"`
	PID       *int64          `json:"pid" db:"product_id" nullable:"true" doc:"Release: the product; destroy: the product whose stock it left"`
	Product   string          `json:"product" db:"product"`
	THC       *amount.Percent `json:"thc_percent" db:"thc" nullable:"true"`
	CBD       *amount.Percent `json:"cbd_percent" db:"cbd" nullable:"true"`
	Lab       string          `json:"lab,omitempty" db:"lab"`
	SampledAt *int64          `json:"sampled_at" db:"sampled_at" nullable:"true"`
	Passed    bool            `json:"passed" db:"passed"`
	Reason    string          `json:"reason,omitempty" db:"reason"`
	Witness   string          `json:"witness,omitempty" db:"witness"`
	Staff     string          `json:"staff" db:"staff"`
}

// Balance is a batch's (or a strain's) mass balance: the harvest equals what
// was released, destroyed and is still in the batch; what was released
// equals what was sold less refunds, destroyed from stock and is in stock.
type MassBalance struct {
	Harvested          amount.Milli `json:"harvested_g"`
	Released           amount.Milli `json:"released_g"`
	DestroyedInBatch   amount.Milli `json:"destroyed_batch_g"`
	Held               amount.Milli `json:"held_g"`
	BatchDifference    amount.Milli `json:"batch_difference_g" doc:"harvested − released − destroyed in the batch − held; 0 when it holds"`
	Sold               amount.Milli `json:"sold_g"`
	Refunded           amount.Milli `json:"refunded_g"`
	DestroyedFromStock amount.Milli `json:"destroyed_stock_g"`
	InStock            amount.Milli `json:"in_stock_g"`
	StockDifference    amount.Milli `json:"stock_difference_g" doc:"released − (sold − refunded) − destroyed from stock − in stock; 0 when it holds"`
}

// Holds says whether both equations hold.
func (b MassBalance) Holds() bool { return b.BatchDifference == 0 && b.StockDifference == 0 }

// Portion is the grams of one sale line that came from one batch, with what
// the information slip prints of the batch.
type Portion struct {
	LineID      int64           `json:"line_id" db:"line_id"`
	BatchID     int64           `json:"batch" db:"batch_id"`
	Strain      string          `json:"strain" db:"strain"`
	Grams       amount.Milli    `json:"grams" db:"grams"`
	HarvestedAt *int64          `json:"harvested_at" db:"harvested_at" nullable:"true"`
	BestBefore  *int64          `json:"best_before" db:"best_before" nullable:"true"`
	THC         *amount.Percent `json:"thc_percent" db:"thc" nullable:"true"`
	CBD         *amount.Percent `json:"cbd_percent" db:"cbd" nullable:"true"`
}

// Errors.
var (
	ErrStrainNotFound = &problem.NotFound{Code: "strain.not_found", Message: "Variedad no encontrada"}
	ErrBatchNotFound  = &problem.NotFound{Code: "batch.not_found", Message: "Lote no encontrado"}
	ErrProduct        = &problem.NotFound{Code: "product.not_found", Message: "Producto no encontrado"}

	errNameRequired  = problem.Invalidf("strain.name_required", "name", "El nombre es obligatorio")
	errNameLong      = problem.Invalidf("strain.name_too_long", "name", "El nombre no puede tener más de %d caracteres", MaxName)
	errNameTaken     = problem.Invalidf("strain.name_taken", "name", "Ya hay una variedad con este nombre")
	errNotesLong     = problem.Invalidf("strain.notes_too_long", "notes", "Las notas no pueden tener más de %d caracteres", MaxNotes)
	errTHCRange      = problem.Invalidf("strain.thc_range", "thc_max", "El THC máximo no puede ser menor que el mínimo")
	errCBDRange      = problem.Invalidf("strain.cbd_range", "cbd_max", "El CBD máximo no puede ser menor que el mínimo")
	errStrainInUse   = problem.Invalidf("strain.in_use", "id", "Esta variedad tiene lotes o entradas de semillas: no se puede borrar")
	errKind          = problem.Invalidf("grow_intake.kind_invalid", "kind", "El tipo debe ser semilla o esqueje")
	errCount         = problem.Invalidf("grow_intake.count_invalid", "count", "La cantidad debe estar entre 1 y %d", MaxCount)
	errSupplier      = problem.Invalidf("grow_intake.supplier_required", "supplier", "El proveedor es obligatorio")
	errSupplierLong  = problem.Invalidf("grow_intake.supplier_too_long", "supplier", "El proveedor no puede tener más de %d caracteres", MaxSupplier)
	errAddressLong   = problem.Invalidf("grow_intake.address_too_long", "supplier_address", "La dirección no puede tener más de %d caracteres", MaxAddress)
	errFuture        = problem.Invalidf("cultivation.date_future", "date", "La fecha no puede ser futura")
	errRoomLong      = problem.Invalidf("batch.room_too_long", "room", "La sala no puede tener más de %d caracteres", MaxRoom)
	errPlants        = problem.Invalidf("batch.plants_invalid", "plants", "El número de plantas debe estar entre 1 y %d", MaxCount)
	errPhase         = problem.Invalidf("batch.phase_invalid", "phase", "Esta fase no existe")
	errPhaseBack     = problem.Invalidf("batch.phase_backwards", "phase", "Un lote solo avanza de fase: no puede volver atrás ni quedarse en la misma")
	errDone          = problem.Invalidf("batch.done", "phase", "El lote está terminado")
	errHarvestTwice  = problem.Invalidf("batch.harvested", "dry_g", "Este lote ya se cosechó")
	errHarvestEarly  = problem.Invalidf("batch.not_flowering", "phase", "Solo se cosecha un lote en floración o después")
	errDry           = problem.Invalidf("batch.dry_invalid", "dry_g", "Los gramos secos deben ser mayores que cero")
	errWet           = problem.Invalidf("batch.wet_below_dry", "wet_g", "El peso húmedo no puede ser menor que el seco")
	errHarvestDate   = problem.Invalidf("batch.harvest_before_start", "harvested_at", "La cosecha no puede ser anterior al inicio del lote")
	errBestBefore    = problem.Invalidf("batch.best_before", "best_before", "La fecha de consumo preferente debe ser posterior a la cosecha")
	errLabName       = problem.Invalidf("batch.lab_required", "lab", "El laboratorio es obligatorio")
	errLabLong       = problem.Invalidf("batch.lab_too_long", "lab", "El laboratorio no puede tener más de %d caracteres", MaxSupplier)
	errLabTHC        = problem.Invalidf("batch.thc_required", "thc_percent", "El THC es obligatorio")
	errDestroyWhat   = problem.Invalidf("batch.destroy_what", "grams", "Indica los gramos o las plantas destruidos, no ambos")
	errReason        = problem.Invalidf("batch.reason_required", "reason", "El motivo es obligatorio")
	errReasonLong    = problem.Invalidf("batch.reason_too_long", "reason", "El motivo no puede tener más de %d caracteres", MaxReason)
	errWitnessLong   = problem.Invalidf("batch.witness_too_long", "witness", "El testigo no puede tener más de %d caracteres", MaxName)
	errGrams         = problem.Invalidf("batch.grams_invalid", "grams", "Los gramos deben ser mayores que cero")
	errNotHarvested  = problem.Invalidf("batch.not_harvested", "grams", "El lote aún no se ha cosechado")
	errNoPassedLab   = problem.Invalidf("batch.lab_missing", "pid", "Las normas del club piden un análisis de laboratorio aprobado antes de liberar el lote")
	errWeightProduct = problem.Invalidf("batch.product_not_weight", "pid", "Un lote solo se libera a un producto por peso con stock limitado")
	errPlantsTooMany = problem.Invalidf("batch.plants_too_many", "plants", "El lote no tiene tantas plantas")
	errPeriod        = problem.Invalidf("report.period_invalid", "quarter", "Elige un trimestre o un mes, no ambos")
)
