package member

import (
	"context"
	"fmt"
	"strings"

	pd "socius/internal/personaldata"
)

// Account is a member's online account as the member's data export shows it:
// who the person is to Socius and when they last came in, never the password
// hash, sessions, reset or link tokens.
type Account struct {
	Username  string `json:"username" db:"username"`
	Email     string `json:"email" db:"email"`
	Name      string `json:"name" db:"name"`
	Surname   string `json:"surname" db:"surname"`
	DNI       string `json:"dni" db:"dni"`
	Phone     string `json:"phone" db:"phone"`
	Birthdate int64  `json:"birthdate" db:"birthdate"`
	Created   int64  `json:"created" db:"created"`
	LastLogin int64  `json:"last_login" db:"last_login" doc:"0: never"`
	Language  string `json:"language" db:"lang" doc:"The app's language the person last used: es, cat, it, pt, en, fr, de; empty before any"`
	Activated bool   `json:"activated" db:"activated" doc:"The person has set a password or logged in"`
	Active    bool   `json:"active" db:"active"`
}

// PersonalData is what the member package holds about a member of the club:
// the record as the member detail shows it (with its documents, guarantors
// and category), the online account linked to it and the check-ins and
// check-outs. An account the club asked to link but the person has not
// accepted is not the club's, and is left out.
func (s *Service) PersonalData(ctx context.Context, clubID, nid int64) ([]pd.Section, error) {
	m, err := s.Get(ctx, clubID, nid)
	if err != nil {
		return nil, err
	}
	accounts, err := memberAccount(ctx, s.db.R, clubID, nid)
	if err != nil {
		return nil, err
	}
	events, err := memberAccessEvents(ctx, s.db.R, clubID, nid)
	if err != nil {
		return nil, err
	}
	account := pd.Section{Key: "online_account"}
	if len(accounts) > 0 {
		a := accounts[0]
		account.Data = a
		account.Fields = []pd.Field{{Label: "account.username", Value: a.Username}, {Label: "account.email", Value: a.Email},
			{Label: "account.name", Value: strings.TrimSpace(a.Name + " " + a.Surname)}, {Label: "account.dni", Value: a.DNI}, {Label: "account.phone", Value: a.Phone},
			{Label: "account.birthdate", Value: pd.Date(a.Birthdate)}, {Label: "account.created", Value: pd.Time(a.Created)},
			{Label: "account.last_login", Value: pd.Time(a.LastLogin)}, {Label: "account.language", Value: a.Language}, {Label: "account.activated", Value: a.Activated}, {Label: "account.active", Value: a.Active}}
	}
	access := pd.Table{Columns: []pd.Column{{Label: "access.datetime", Width: 2}, {Label: "access.action", Width: 3}}, Rows: [][]any{}}
	for _, e := range events {
		access.Rows = append(access.Rows, []any{pd.Time(e.Datetime), pd.Term("access." + e.Action)})
	}
	return []pd.Section{recordSection(m), account, {Key: "check_ins", Data: events, Tables: []pd.Table{access}}}, nil
}

// recordSection is the member record: every field of the member detail, the
// photo and signature as the addresses of their files.
func recordSection(m *Member) pd.Section {
	a := m.MemcardAddress
	var parts []string
	for _, p := range []string{a.Thoroughfare, strings.TrimSpace(a.PostalCode + " " + a.Locality), a.Country} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	address := strings.Join(parts, ", ")
	phone := m.Telefono
	if phone != "" && m.CountryCode != "" {
		phone = "+" + m.CountryCode + " " + phone
	}
	category := ""
	if c := m.CategoryMember; c != nil {
		category = fmt.Sprintf("%s (%d %%)", c.Title, c.Descuento)
	}
	status := pd.Term("status.inactive")
	if m.StatusMember == 1 {
		status = "status.active"
	}
	fields := []pd.Field{{Label: "member.number", Value: m.Number}, {Label: "member.nombre", Value: m.Nombre}, {Label: "member.surname", Value: strings.TrimSpace(m.Surname + " " + m.Surname2)},
		{Label: "member.dni", Value: m.DNI}, {Label: "member.birthdate", Value: pd.Date(m.Birthdate)}, {Label: "member.email", Value: m.Email}, {Label: "member.telefono", Value: phone},
		{Label: "member.address", Value: address}, {Label: "member.type", Value: pd.Term("type." + m.Type)}, {Label: "member.status", Value: status},
		{Label: "member.created", Value: pd.Date(m.MemberCreated)}, {Label: "member.end_date", Value: pd.Date(m.EndDate)}, {Label: "member.category", Value: category},
		{Label: "member.forecast", Value: m.ConsumForecast}, {Label: "member.wallet", Value: m.Monedero}, {Label: "member.negative", Value: m.MonederoNegativo},
		{Label: "member.keychain", Value: m.Keychain}, {Label: "member.notes", Value: m.Notes}, {Label: "member.is_staff", Value: m.IsStaff}}
	if m.IsStaff {
		fields = append(fields, pd.Field{Label: "member.roles", Value: strings.Join(m.MemcardRoles, ", ")})
	}
	fields = append(fields, pd.Field{Label: "member.online_account", Value: m.OnlineAccount},
		pd.Field{Label: "member.photo", Value: m.Foto.URL}, pd.Field{Label: "member.signature", Value: m.Signature.URL})
	docs := pd.Table{Title: "member.documents", Columns: []pd.Column{{Label: "document.name", Width: 2}, {Label: "document.url", Width: 3}}, Rows: [][]any{}}
	for _, d := range m.Documents {
		docs.Rows = append(docs.Rows, []any{d.Name, d.URL})
	}
	guarantors := pd.Table{Title: "member.guarantors", Columns: []pd.Column{{Label: "guarantor.number", Width: 1, Number: true}, {Label: "guarantor.name", Width: 4}},
		Rows: [][]any{}}
	for _, g := range m.EndorsementMember {
		guarantors.Rows = append(guarantors.Rows, []any{g.Number, strings.TrimSpace(g.Nombre + " " + g.Surname)})
	}
	return pd.Section{Key: "member", Data: m, Fields: fields, Tables: []pd.Table{docs, guarantors}}
}

// DeclarationsData is every admission declaration the member signed in the
// club, oldest first, with when and before whom (the retention of the club's
// rules removes the old ones).
func (s *Service) DeclarationsData(ctx context.Context, clubID, nid int64) ([]pd.Section, error) {
	signed, err := memberDeclarations(ctx, s.db.R, clubID, nid)
	if err != nil {
		return nil, err
	}
	table := pd.Table{Columns: []pd.Column{{Label: "declaration.signed_at", Width: 2}, {Label: "declaration.statement", Width: 4},
		{Label: "declaration.staff", Width: 2}}, Rows: [][]any{}}
	for _, d := range signed {
		table.Rows = append(table.Rows, []any{pd.Time(d.SignedAt), pd.Term("declaration." + d.Declaration), d.Staff})
	}
	return []pd.Section{{Key: "declarations", Data: signed, Tables: []pd.Table{table}}}, nil
}
