package httpapi

import (
	"context"

	"socius/internal/locale"
	"socius/internal/provider"
)

// The provider's console: for provider administrators only (the Provider
// gate), who need no club role and, through these routes, reach no club's
// members, sales or stock: the list's figures are counts.

func (s *Server) registerProvider() {
	register(s, op("GET", "/api/provider/clubs", "providerClubs", "Every club with its flags, active members, last sale and database rows"),
		Provider(), s.providerClubs)
	register(s, op("POST", "/api/provider/club", "providerClubOpen", "Open a club with its flags and its first Administrador, who is invited by mail"),
		Provider(), s.providerClubOpen)
	register(s, op("PUT", "/api/provider/club/{id}/flags", "providerClubFlags", "Set a club's feature flags (the whole set)"),
		Provider(), s.providerClubFlags)
	register(s, op("PUT", "/api/provider/club/{id}/suspended", "providerClubSuspend", "Suspend a club (its staff and members are refused) or reactivate it"),
		Provider(), s.providerClubSuspend)
	register(s, op("GET", "/api/provider/audit", "providerAudit", "What provider administrators did, newest first"),
		Provider(), s.providerAudit)
}

type providerClubsOutput struct {
	Body struct {
		Data []provider.ClubRow `json:"data"`
	}
}

func (s *Server) providerClubs(ctx context.Context, _ *struct{}) (*providerClubsOutput, error) {
	list, err := s.Provider.Clubs(ctx)
	if err != nil {
		return nil, err
	}
	out := &providerClubsOutput{}
	out.Body.Data = list
	return out, nil
}

type providerClubOpenInput struct {
	Body struct {
		Title        string   `json:"title" minLength:"1" maxLength:"120"`
		Flags        []string `json:"flags" maxItems:"40"`
		AdminEmail   string   `json:"admin_email" minLength:"3" maxLength:"254" doc:"The Administrador's own address: the invitation goes there"`
		AdminName    string   `json:"admin_name,omitempty" maxLength:"120"`
		AdminSurname string   `json:"admin_surname,omitempty" maxLength:"120"`
		Lang         string   `json:"lang,omitempty" enum:"es,cat,it,pt,en,fr,de" doc:"Language of the invitation (default: the request's)"`
	}
}

type providerClubOpenOutput struct {
	Body struct {
		ID         int64  `json:"id"`
		UID        int64  `json:"uid" doc:"The Administrador's account"`
		NewAccount bool   `json:"new_account" doc:"false when the address already named an account: that account is the Administrador, and its password is chosen again through the invitation"`
		Message    string `json:"message"`
	}
}

func (s *Server) providerClubOpen(ctx context.Context, in *providerClubOpenInput) (*providerClubOpenOutput, error) {
	b := in.Body
	o, err := s.Provider.Open(ctx, info(ctx).User, provider.NewClub{Title: b.Title, Flags: b.Flags, AdminEmail: b.AdminEmail,
		AdminName: b.AdminName, AdminSurname: b.AdminSurname})
	if err != nil {
		return nil, err
	}
	lang := locale.From(ctx)
	if b.Lang != "" {
		lang = locale.Lang(b.Lang)
	}
	if o.Lang != "" && locale.Valid(o.Lang) {
		lang = locale.Lang(o.Lang)
	}
	title := s.cfg.ProviderName
	subject := locale.Format(lang, "%s: eres Administrador de %s", title, b.Title)
	link := s.cfg.PublicURL + "/app/reset-password?token=" + o.Token
	body := locale.Format(lang, "Hola,\n\n%s ha abierto el club %s en Socius y te ha hecho su Administrador.\n\nTu usuario es %s. Crea tu contraseña con este enlace (válido durante siete días):\n\n%s\n\nSi no esperabas este mensaje, ignóralo.\n",
		title, b.Title, o.Username, link)
	s.sendMailLater(ctx, o.Email, subject, body)
	out := &providerClubOpenOutput{}
	out.Body.ID, out.Body.UID, out.Body.NewAccount = o.ClubID, o.UserID, o.NewAccount
	out.Body.Message = tr(ctx, "Club creado: la invitación se ha enviado al Administrador")
	if !o.NewAccount {
		out.Body.Message = tr(ctx, "Club creado: el Administrador ya tenía cuenta; la invitación le pide elegir de nuevo su contraseña")
		s.recheckStreams(ctx, o.UserID) // the account's sessions ended
	}
	return out, nil
}

// ProviderClubID is the club a provider route acts on (exported: huma reads embedded fields of exported types only).
type ProviderClubID struct {
	ID int64 `path:"id" minimum:"1"`
}

type providerClubFlagsInput struct {
	ProviderClubID
	Body struct {
		Flags []string `json:"flags" maxItems:"40" doc:"Every flag the club has from now on"`
	}
}

func (s *Server) providerClubFlags(ctx context.Context, in *providerClubFlagsInput) (*okOutput, error) {
	if err := s.Provider.SetFlags(ctx, info(ctx).User, in.ID, in.Body.Flags); err != nil {
		return nil, err
	}
	s.recheckClubStreams(ctx, in.ID)
	return &okOutput{}, nil
}

type providerClubSuspendInput struct {
	ProviderClubID
	Body struct {
		Suspended bool `json:"suspended"`
	}
}

func (s *Server) providerClubSuspend(ctx context.Context, in *providerClubSuspendInput) (*okOutput, error) {
	if err := s.Provider.Suspend(ctx, info(ctx).User, in.ID, in.Body.Suspended); err != nil {
		return nil, err
	}
	s.recheckClubStreams(ctx, in.ID)
	return &okOutput{}, nil
}

type providerAuditInput struct {
	Page int `query:"page" minimum:"0" maximum:"100000" default:"0"`
}

type providerAuditOutput struct {
	Body struct {
		Data  []provider.AuditEntry `json:"data"`
		Total int                   `json:"total"`
	}
}

// providerAuditPage is the audit log's page size.
const providerAuditPage = 20

func (s *Server) providerAudit(ctx context.Context, in *providerAuditInput) (*providerAuditOutput, error) {
	rows, n, err := s.Provider.Audit(ctx, in.Page, providerAuditPage)
	if err != nil {
		return nil, err
	}
	out := &providerAuditOutput{}
	out.Body.Data, out.Body.Total = rows, n
	return out, nil
}
