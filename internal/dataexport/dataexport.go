// Package dataexport writes a member's data export (GDPR articles 15 and
// 20): one JSON document, or a printable PDF of it, with everything the club
// holds about the member. Each domain reads its own tables and hands over
// its part as personaldata sections (member.Service.PersonalData,
// pos.Service.PersonalData …); this package only puts them together, in the
// order app.Open lists them, and logs each export in member_data_exports.
package dataexport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"socius/internal/db"
	"socius/internal/member"
	pd "socius/internal/personaldata"
	"socius/internal/problem"
)

// Formats of an export.
const (
	JSON = "json"
	PDF  = "pdf"
)

var errFormat = problem.Invalidf("data_export.format", "format", "El formato debe ser json o pdf")

// Service makes and logs the exports.
type Service struct {
	db      *db.DB
	members *member.Service
	sources []pd.Source
	now     func() time.Time
}

// New returns the service. The member's record always comes first (an
// unknown member is refused before anything is read); then each source, in
// order, adds its sections: adding a table of the member's to the export is
// one more source here.
func New(d *db.DB, members *member.Service, sources ...pd.Source) *Service {
	return &Service{db: d, members: members, sources: append([]pd.Source{members.PersonalData}, sources...), now: time.Now}
}

// Request is one export: of which member of which club, by whom, how.
type Request struct {
	ClubID   int64
	ClubName string
	Zone     *time.Location // the club's, for the printed dates
	MemberID int64
	StaffID  int64
	Format   string // JSON (default) or PDF
	Lang     string // the printed copy's language (Language)
}

// File is an export ready to hand out.
type File struct {
	Name, ContentType string
	Body              []byte
}

// Record is a past export of a member.
type Record struct {
	At     int64  `json:"at" db:"at"`
	Format string `json:"format" db:"format" enum:"json,pdf"`
	Staff  string `json:"staff" db:"staff" doc:"Who made it"`
}

// Export writes the member's data in the format asked and logs it.
func (s *Service) Export(ctx context.Context, r Request) (*File, error) {
	if r.Format == "" {
		r.Format = JSON
	}
	if r.Format != JSON && r.Format != PDF {
		return nil, errFormat
	}
	m, err := s.members.Get(ctx, r.ClubID, r.MemberID)
	if err != nil {
		return nil, err
	}
	sections, err := s.Sections(ctx, r.ClubID, r.MemberID)
	if err != nil {
		return nil, err
	}
	staff, err := staffName(ctx, s.db.R, r.StaffID)
	if err != nil {
		return nil, err
	}
	at := s.now()
	name := fmt.Sprintf("socio-%d", m.Number)
	f := &File{Name: name + "." + r.Format}
	if r.Format == PDF {
		f.ContentType = "application/pdf"
		f.Body, err = printed(r, m, staff, at, sections)
	} else {
		f.ContentType = "application/json"
		f.Body, err = document(r.ClubName, staff, at, sections)
	}
	if err != nil {
		return nil, err
	}
	if err := insertExport(ctx, s.db.W, r.ClubID, r.MemberID, r.StaffID, r.Format, at.Unix()); err != nil {
		return nil, err
	}
	return f, nil
}

// Sections reads what each source holds about the club's member, in order.
func (s *Service) Sections(ctx context.Context, clubID, memberID int64) ([]pd.Section, error) {
	var sections []pd.Section
	seen := map[string]bool{"generated_at": true, "club": true, "generated_by": true}
	for _, src := range s.sources {
		part, err := src(ctx, clubID, memberID)
		if err != nil {
			return nil, err
		}
		for _, sec := range part {
			if seen[sec.Key] {
				return nil, fmt.Errorf("dataexport: two sections named %q", sec.Key)
			}
			seen[sec.Key] = true
		}
		sections = append(sections, part...)
	}
	return sections, nil
}

// Exports lists the last exports of the club's member, newest first.
func (s *Service) Exports(ctx context.Context, clubID, memberID int64) ([]Record, error) {
	if _, err := s.members.Get(ctx, clubID, memberID); err != nil {
		return nil, err
	}
	return exportsOf(ctx, s.db.R, clubID, memberID)
}

// document is the JSON export: who made it and when, then each section
// under its key, in order, indented for a person to read.
func document(club, staff string, at time.Time, sections []pd.Section) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{")
	put := func(key string, v any) error {
		k, _ := json.Marshal(key)
		val, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if b.Len() > 1 {
			b.WriteString(",")
		}
		b.Write(k)
		b.WriteString(":")
		b.Write(val)
		return nil
	}
	_ = put("generated_at", at.Unix())
	_ = put("club", club)
	_ = put("generated_by", staff)
	for _, sec := range sections {
		if err := put(sec.Key, sec.Data); err != nil {
			return nil, err
		}
	}
	b.WriteString("}")
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteString("\n")
	return out.Bytes(), nil
}
