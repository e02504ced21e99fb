package cultivation

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
	"socius/internal/textnorm"
)

// Service keeps a club's cultivation records.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service.
func New(d *db.DB) *Service { return &Service{db: d, now: time.Now} }

// WithClock returns a copy of the service that reads the time from now.
func (s *Service) WithClock(now func() time.Time) *Service { c := *s; c.now = now; return &c }

// dayAhead is how far a date may lie ahead of now: a date typed at 23:59 in
// a club east of the server is still today.
const dayAhead = 86400

// Strains lists the club's strains by name.
func (s *Service) Strains(ctx context.Context, clubID int64) ([]Strain, error) {
	return strainList(ctx, s.db.R, clubID)
}

// SaveStrain adds a strain or, with an id, edits the club's strain.
func (s *Service) SaveStrain(ctx context.Context, clubID int64, in StrainInput) (*Strain, error) {
	in.Name, in.Notes = strings.TrimSpace(in.Name), strings.TrimSpace(in.Notes)
	switch {
	case in.Name == "":
		return nil, errNameRequired
	case utf8.RuneCountInString(in.Name) > MaxName:
		return nil, errNameLong
	case utf8.RuneCountInString(in.Notes) > MaxNotes:
		return nil, errNotesLong
	case in.THCMin != nil && in.THCMax != nil && *in.THCMax < *in.THCMin:
		return nil, errTHCRange
	case in.CBDMin != nil && in.CBDMax != nil && *in.CBDMax < *in.CBDMin:
		return nil, errCBDRange
	}
	search := textnorm.Fold(in.Name)
	id := in.ID
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		other, err := strainByName(ctx, tx, clubID, search)
		if err != nil {
			return err
		}
		if other != 0 && other != in.ID {
			return errNameTaken
		}
		if in.ID == 0 {
			id, err = insertStrain(ctx, tx, clubID, in, search, s.now().Unix())
			return err
		}
		n, err := updateStrain(ctx, tx, clubID, in, search)
		if err == nil && n == 0 {
			err = ErrStrainNotFound
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return strainByID(ctx, s.db.R, clubID, id)
}

// DeleteStrain removes a strain no batch and no intake names.
func (s *Service) DeleteStrain(ctx context.Context, clubID, id int64) error {
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		st, err := strainByID(ctx, tx, clubID, id)
		if err != nil {
			return err
		}
		used, err := strainUsed(ctx, tx, st.ID)
		if err != nil {
			return err
		}
		if used {
			return errStrainInUse
		}
		return deleteStrain(ctx, tx, clubID, id)
	})
}

// Intakes lists the seeds and cuttings taken in between two times, newest first.
func (s *Service) Intakes(ctx context.Context, clubID, from, to int64) ([]GrowIntake, error) {
	return intakeList(ctx, s.db.R, clubID, from, to)
}

// AddIntake records seeds or cuttings taken in.
func (s *Service) AddIntake(ctx context.Context, clubID, staffUserID int64, in IntakeInput) (*GrowIntake, error) {
	in.Supplier, in.SupplierAddress = strings.TrimSpace(in.Supplier), strings.TrimSpace(in.SupplierAddress)
	now := s.now().Unix()
	if in.Received == 0 {
		in.Received = now
	}
	switch {
	case in.Kind != Seed && in.Kind != Cutting:
		return nil, errKind
	case in.Count < 1 || in.Count > MaxCount:
		return nil, errCount
	case in.Supplier == "":
		return nil, errSupplier
	case utf8.RuneCountInString(in.Supplier) > MaxSupplier:
		return nil, errSupplierLong
	case utf8.RuneCountInString(in.SupplierAddress) > MaxAddress:
		return nil, errAddressLong
	case in.Received > now+dayAhead:
		return nil, errFuture
	}
	var id int64
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		if _, err := strainByID(ctx, tx, clubID, in.StrainID); err != nil {
			return err
		}
		var err error
		id, err = insertIntake(ctx, tx, clubID, staffUserID, in, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return intakeByID(ctx, s.db.R, clubID, id)
}
