package httpapi

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"socius/internal/access"
	"socius/internal/locale"
	"socius/internal/member"
	"socius/internal/rules"
)

func (s *Server) registerMemberRoutes() {
	read := func(from ClubRef) Gate { return Club("members_read", from) }
	search := op("GET", "/api/ficha_socio", "memberSearch", "Search members (server paging)")
	register(s, search, read(Query("association")), s.memberSearch)
	slash := op("GET", "/api/ficha_socio/", "memberSearchAll", "Search members (same as without the slash)")
	register(s, slash, read(Query("association")), s.memberSearch)
	register(s, op("GET", "/api/ficha_socio/export", "memberExport", "All matching members as socios.xlsx or socios.csv"),
		Club("member_export", Query("association")), s.memberExport)
	save := op("POST", "/api/ficha_socio", "memberSave", "Create or edit a member (partial edits send only some fields)")
	save.MaxBodyBytes = 12 << 20
	register(s, save, Club("patientcreate", Body("association")), s.memberSave)
	register(s, op("DELETE", "/api/ficha_socio/{nid}", "memberDelete", "Delete a member's personal data"),
		Club("member_delete", Query("association")), s.memberDelete)
	register(s, op("GET", "/api/ficha_socio/{nid}/data_export", "memberDataExport",
		"Everything the club holds about a member (GDPR articles 15 and 20) as socio-<number>.json or .pdf; each export is logged"),
		Club("member_data_export", Query("association")), s.memberDataExport)
	register(s, op("GET", "/api/ficha_socio/{nid}/data_exports", "memberDataExports", "When a member's data was exported, and by whom"),
		Club("member_data_export", Query("association")), s.memberDataExports)
	register(s, op("GET", "/api/ficha_by_dni", "memberByDNI", "Member by ID number"), read(Query("association")), s.memberByDNI)
	register(s, op("GET", "/api/ficha_socio/dni_check", "memberDNICheck", "Whether another member of the club has an ID number (the member form asks as it is typed)"),
		Club("patientcreate", Query("association")), s.memberDNICheck)
	register(s, op("GET", "/api/ficha_socio/admission_rules", "memberAdmissionRules", "What the club's rules ask of a new member (the member form shows it)"),
		Club("patientcreate", Query("association")), s.memberAdmissionRules)
	register(s, op("GET", "/api/getpatientbydni/retrieve", "memberCardByDNI", "Member card by a scanned code (ID number, key fob or number)"),
		Club("uservalidation", Query("association")), s.memberCard)
	register(s, op("POST", "/api/patient_dni", "memberRegister", "Register a new member from the invitation form"),
		Club("userinvite", Body("cid")), s.memberRegister)
	register(s, op("GET", "/api/association_user/retrieve", "clubUsers", "Online accounts of the club's members"),
		Club("usersmanager", Query("association")), s.clubUsers)
	up := op("POST", "/api/socius_file/create_raw", "fileUpload", "Upload member documents (multipart: files, directory, asocid)")
	up.MaxBodyBytes = 30 << 20
	register(s, up, Club("patientcreate", Form("asocid")), s.fileUpload)
	register(s, op("POST", "/api/tlf_resend_code", "smsInvite", "SMS invitation to a member's online account"),
		Club("staffmanager", Body("asocid")), s.smsInvite)
	register(s, op("POST", "/api/notification/create", "pushCreate", "Push notification to members"),
		Club("push_send", Body("association")), s.pushCreate)
	register(s, op("GET", "/api/membership_category/", "memberCategories", "Member categories"), read(Query("association")), s.memberCategories)
	register(s, op("POST", "/api/membership_category", "memberCategoryCreate", "Create a member category"),
		Club("membercategories", Body("association")), s.memberCategoryCreate)
	register(s, op("PUT", "/api/membership_category/{nid}", "memberCategoryUpdate", "Update a member category"),
		Club("membercategories", Body("association")), s.memberCategoryUpdate)
	register(s, op("DELETE", "/api/membership_category/{nid}", "memberCategoryDelete", "Delete a member category"),
		Club("membercategories", Query("association")), s.memberCategoryDelete)
	register(s, op("POST", "/api/checkin_checkout/{patient_id}", "checkInOut", "Record a check-in (ENTRA) or check-out (SALE)"),
		Club("accesscontrol", Body("association")), s.checkInOut)
	register(s, op("GET", "/api/checkin_checkout", "accessHistory", "Check-ins and check-outs in a period"),
		Club("accesscontrolreport", Query("association")), s.accessHistory)
}

// actor is the staff user of the request as the member rules see them.
func actor(ri *reqInfo) member.Actor {
	return member.Actor{UserID: ri.User.ID, IsAdmin: slices.Contains(ri.Staff.Roles, access.Administrador),
		Supervisor: access.Supervisors.RolesOK(ri.Staff.Roles)}
}

// saveMember saves a member and, when the save asked to link a person's
// existing account, mails the request to the e-mail on that account (never
// to an address the staff typed).
func (s *Server) saveMember(ctx context.Context, in member.Input) (*member.Member, error) {
	ri := info(ctx)
	m, err := s.Members.Save(ctx, ri.Club.ID, actor(ri), in)
	if err != nil {
		return nil, err
	}
	if in.Status != nil || in.IsStaff != nil || in.Roles != nil || in.OnlineAccount != nil {
		s.recheckClubStreams(ctx, ri.Club.ID) // a staff member may have lost the right to read what they are sent
	}
	if lr := m.LinkRequest; lr != nil {
		link := s.cfg.PublicURL + "/app/account-link?token=" + lr.Token
		// the mail speaks its reader's language: the one they last used the app in, else the staff's
		lang := locale.From(ctx)
		if u, err := s.Auth.UserByID(ctx, lr.UserID); err == nil {
			lang = userLanguage(u, lang)
		}
		body := locale.Format(lang, "Hola,\n\n%s quiere vincular tu ficha de socio a tu cuenta de Socius. Si eres socio de este club y quieres que su personal vea tu cuenta, acepta aquí (válido durante 7 días):\n\n%s\n\nSi no lo conoces, rechaza la petición o ignora este mensaje: sin tu respuesta el club no ve nada de tu cuenta.\n",
			ri.Club.Title, link)
		s.sendMailLater(ctx, lr.Email, locale.Format(lang, "Socius: %s quiere vincular tu cuenta", ri.Club.Title), body)
	}
	return m, nil
}

// MemberFilter is the search bar of the member screens.
type MemberFilter struct {
	Number   int64  `query:"number" minimum:"0"`
	Nombre   string `query:"nombre" maxLength:"80"`
	Surname  string `query:"surname" maxLength:"80"`
	Name     string `query:"name" maxLength:"80" doc:"A person as typed at the counter: every word starts a word of the name or of the surnames"`
	DNI      string `query:"dni" maxLength:"30"`
	Keychain string `query:"keychain" maxLength:"64"`
	Email    string `query:"email" maxLength:"80"`
	Telefono string `query:"telefono" maxLength:"20"`
	Status   string `query:"status" enum:"1,0,all," doc:"1 active, 0 inactive, all or empty for all"`
	IsStaff  string `query:"is_staff" enum:"1,0," doc:"1 staff only, 0 non-staff only"`
	UID      int64  `query:"uid" minimum:"0"`
	NID      int64  `query:"nid" minimum:"0"`
}

func (f MemberFilter) filter() member.Filter {
	out := member.Filter{Number: f.Number, Nombre: f.Nombre, Surname: f.Surname, Name: f.Name, DNI: member.NormaliseDNI(f.DNI),
		Keychain: member.NormaliseCode(f.Keychain), Email: f.Email, Telefono: f.Telefono, UID: f.UID, NID: f.NID}
	if f.Status == "1" || f.Status == "0" {
		st := int(f.Status[0] - '0')
		out.Status = &st
	}
	if f.IsStaff != "" {
		b := f.IsStaff == "1"
		out.IsStaff = &b
	}
	return out
}

type memberSearchInput struct {
	MemberFilter
	Limit int `query:"limit" minimum:"1" maximum:"100" default:"14"`
	Page  int `query:"page" minimum:"0" maximum:"1000000" default:"0" doc:"0-based page"`
}

type memberListOutput struct {
	Body struct {
		Data        []member.Member `json:"data"`
		TotalFichas int             `json:"total_fichas" doc:"Exact up to 1000; see more"`
		More        bool            `json:"more" doc:"More than total_fichas members match: refine the search"`
	}
}

func (s *Server) memberSearch(ctx context.Context, in *memberSearchInput) (*memberListOutput, error) {
	list, total, more, err := s.Members.Search(ctx, info(ctx).Club.ID, in.filter(), in.Limit, in.Page)
	if err != nil {
		return nil, err
	}
	out := &memberListOutput{}
	out.Body.Data, out.Body.TotalFichas, out.Body.More = list, total, more
	return out, nil
}

type memberExportInput struct {
	MemberFilter
	Format string `query:"format" enum:"xlsx,csv" default:"xlsx"`
}

var exportHeader = locale.Words("Nº socio", "Nombre", "Primer apellido", "Segundo apellido", "DNI", "Email", "Teléfono",
	"Fecha de nacimiento", "Tipo", "Estado", "Personal", "Cuenta online", "Fin de cuota", "Llavero", "Categoría",
	"Previsión de consumo (g/mes)", "Alta", "Notas")

func exportRow(ctx context.Context, m *member.Member, tz *time.Location) []string {
	date := func(t int64) string { return localDate(ctx, t, tz) }
	status := tr(ctx, "Activo")
	if m.StatusMember != 1 {
		status = tr(ctx, "Inactivo")
	}
	cat := ""
	if m.CategoryMember != nil {
		cat = m.CategoryMember.Title
	}
	phone := m.Telefono
	if phone != "" && m.CountryCode != "" {
		// "(+34) 600…": a cell starting with "+" is a formula to a spreadsheet
		phone = "(+" + m.CountryCode + ") " + phone
	}
	return []string{strconv.FormatInt(m.Number, 10), m.Nombre, m.Surname, m.Surname2, m.DNI, m.Email, phone,
		date(m.Birthdate), m.Type, status, yes(ctx, m.IsStaff), yes(ctx, m.OnlineAccount), date(m.EndDate), m.Keychain, cat,
		strconv.FormatInt(m.ConsumForecast, 10), date(m.MemberCreated), m.Notes}
}

// memberExport writes every match, without paging, as socios.xlsx or a UTF-8
// CSV with a byte-order mark (so Excel reads the accents) and a header row.
func (s *Server) memberExport(ctx context.Context, in *memberExportInput) (*downloadOutput, error) {
	c := info(ctx).Club
	list, _, _, err := s.Members.Search(ctx, c.ID, in.filter(), 0, 0)
	if err != nil {
		return nil, err
	}
	tz := c.Location()
	rows := make([][]any, len(list))
	for i := range list {
		vals := exportRow(ctx, &list[i], tz)
		rows[i] = make([]any, len(vals))
		for j, v := range vals {
			rows[i][j] = v
		}
		rows[i][0] = list[i].Number // numbers stay numbers in the sheet
	}
	return download(ctx, in.Format, "socios", "Socios", exportHeader, rows)
}

// memberPayload is the ficha_socio payload of spec part 1 §7.
type memberPayload struct {
	ClubAssociation
	NID               int64           `json:"nid,omitempty" doc:"Set when editing"`
	MembershipID      int64           `json:"membership_id,omitempty" doc:"Same as nid"`
	Nombre            *string         `json:"nombre,omitempty" maxLength:"80"`
	Surname           *string         `json:"surname,omitempty" maxLength:"80"`
	Surname2          *string         `json:"surname2,omitempty" maxLength:"80"`
	DNI               *string         `json:"dni,omitempty" maxLength:"30"`
	Birthday          *int64          `json:"birthday,omitempty" doc:"Unix seconds"`
	TypeMember        *string         `json:"type_member,omitempty" enum:"ludico,terapeutico"`
	EndDate           *int64          `json:"end_date,omitempty" doc:"End of the paid fee, unix seconds"`
	StatusMember      *MemberStatus   `json:"status_member,omitempty"`
	MemcardAddress    *member.Address `json:"memcard_address,omitempty"`
	OnlineAccount     *Flag           `json:"online_account,omitempty"`
	IsStaff           *Flag           `json:"is_staff,omitempty"`
	MonederoNegativo  *Flag           `json:"monedero_negativo,omitempty" doc:"Changing it needs a Manager or Administrador"`
	EndorsementMember *[]int64        `json:"endorsement_member,omitempty" maxItems:"10" doc:"Guarantor member nids"`
	Foto              *string         `json:"foto,omitempty" doc:"New photo as a base64 data URL, the stored URL to keep it, empty to remove"`
	Signature         *string         `json:"signature,omitempty" doc:"Contract signature as a base64 PNG data URL"`
	Telefono          *string         `json:"telefono,omitempty" maxLength:"20"`
	CountryCode       *string         `json:"country_code,omitempty" maxLength:"4" doc:"Without the plus"`
	Email             *string         `json:"email,omitempty" maxLength:"200"`
	Number            *int64          `json:"number,omitempty" doc:"Empty or 0: the next free number"`
	ConsumForecast    *int64          `json:"consum_forecast,omitempty" minimum:"0" doc:"Grams per month; changing it needs a Manager or Administrador (a new member's default: the club's setting)"`
	Notes             *string         `json:"notes,omitempty" maxLength:"1000"`
	Keychain          *string         `json:"keychain,omitempty" maxLength:"64" doc:"Key fob; empty: the ID number"`
	CategoryMember    *int64          `json:"category_member,omitempty" doc:"Member category nid, 0 for none"`
	MemcardRoles      *[]string       `json:"memcard_roles,omitempty" maxItems:"7"`
	Documents         *[]string       `json:"documents,omitempty" maxItems:"30" doc:"Document fids from the upload call"`
	Declarations      []string        `json:"declarations,omitempty" maxItems:"10" doc:"Statements the member signs now (not_in_other_club, resident, habitual_use), each kept with the time and the staff user"`
}

type memberSaveInput struct{ Body memberPayload }

type memberOutput struct{ Body member.Member }

func (s *Server) memberSave(ctx context.Context, in *memberSaveInput) (*memberOutput, error) {
	p := in.Body
	nid := p.NID
	if nid == 0 {
		nid = p.MembershipID
	}
	m, err := s.saveMember(ctx, member.Input{NID: nid, Nombre: p.Nombre, Surname: p.Surname, Surname2: p.Surname2, DNI: p.DNI, Email: p.Email,
		Telefono: p.Telefono, CountryCode: p.CountryCode, Birthday: p.Birthday, Type: p.TypeMember, Status: (*int)(p.StatusMember),
		IsStaff: flagPtr(p.IsStaff), OnlineAccount: flagPtr(p.OnlineAccount), EndDate: p.EndDate, Keychain: p.Keychain,
		ConsumForecast: p.ConsumForecast, Notes: p.Notes, Number: p.Number, Address: p.MemcardAddress,
		Negative: flagPtr(p.MonederoNegativo), Category: p.CategoryMember, Roles: p.MemcardRoles, Endorsements: p.EndorsementMember,
		Documents: p.Documents, Photo: p.Foto, Signature: p.Signature, Declarations: p.Declarations})
	if err != nil {
		return nil, err
	}
	return &memberOutput{Body: *m}, nil
}

type memberDeleteInput struct {
	NID int64 `path:"nid"`
}

func (s *Server) memberDelete(ctx context.Context, in *memberDeleteInput) (*okOutput, error) {
	ri := info(ctx)
	if err := s.Members.Delete(ctx, ri.Club.ID, in.NID, actor(ri)); err != nil {
		return nil, err
	}
	s.recheckClubStreams(ctx, ri.Club.ID)
	return &okOutput{}, nil
}

type byDNIInput struct {
	DNI string `query:"dni" required:"true" minLength:"1" maxLength:"64"`
}

func (s *Server) memberByDNI(ctx context.Context, in *byDNIInput) (*memberOutput, error) {
	m, err := s.Members.ByDNI(ctx, info(ctx).Club.ID, in.DNI)
	if err != nil {
		return nil, err
	}
	return &memberOutput{Body: *m}, nil
}

type dniCheckInput struct {
	DNI string `query:"dni" required:"true" maxLength:"64"`
	NID int64  `query:"nid" minimum:"0" doc:"The member being edited, who may keep their own ID number"`
}

type dniCheckOutput struct {
	Body struct {
		Taken  bool   `json:"taken"`
		DNI    string `json:"dni,omitempty" doc:"The ID number as stored (upper case, no spaces or dashes)"`
		Number int64  `json:"number,omitempty" doc:"The member of this club who has it"`
		Name   string `json:"name,omitempty"`
	}
}

// memberDNICheck answers what a save would: whether another live member of
// the caller's club has the ID number, and who (the save's refusal names
// them to the same gate). Members of other clubs are never looked at.
func (s *Server) memberDNICheck(ctx context.Context, in *dniCheckInput) (*dniCheckOutput, error) {
	clubID := info(ctx).Club.ID
	if in.NID != 0 { // the member being edited is one of the club's, like every object named
		if _, err := s.Members.Get(ctx, clubID, in.NID); err != nil {
			return nil, err
		}
	}
	refusal, err := s.Members.DNITaken(ctx, clubID, in.DNI, in.NID)
	if err != nil {
		return nil, err
	}
	out := &dniCheckOutput{}
	if refusal != nil {
		n, _ := strconv.ParseInt(refusal.Params["number"], 10, 64)
		out.Body.Taken, out.Body.DNI, out.Body.Number, out.Body.Name = true, refusal.Params["dni"], n, refusal.Params["name"]
	}
	return out, nil
}

// memberCard looks a scanned code up: an ID number, a key fob or a member number.
func (s *Server) memberCard(ctx context.Context, in *byDNIInput) (*memberOutput, error) {
	clubID := info(ctx).Club.ID
	code := member.NormaliseCode(in.DNI)
	if code == "" { // an empty key fob filter would match the club's first member
		return nil, member.ErrNotFound
	}
	m, err := s.Members.ByDNI(ctx, clubID, code)
	if errors.Is(err, member.ErrNotFound) {
		list, _, _, serr := s.Members.Search(ctx, clubID, member.Filter{Keychain: code}, 1, 0)
		if serr == nil && len(list) == 0 {
			if n, perr := strconv.ParseInt(code, 10, 64); perr == nil && n > 0 {
				list, _, _, serr = s.Members.Search(ctx, clubID, member.Filter{Number: n}, 1, 0)
			}
		}
		if serr != nil {
			return nil, serr
		}
		if len(list) > 0 {
			m, err = &list[0], nil
		}
	}
	if err != nil {
		return nil, err
	}
	return &memberOutput{Body: *m}, nil
}

type admissionRulesOutput struct {
	Body struct {
		Pack               string   `json:"pack"`
		Declarations       []string `json:"declarations" doc:"The statements a new member signs, in the order the form lists them"`
		DeclarationsSource string   `json:"declarations_source" doc:"The law that asks for them; empty where the club does"`
		MinAge             int      `json:"min_age"`
		BirthdateRequired  bool     `json:"birthdate_required" doc:"A new member needs a birth date"`
		GuarantorRequired  bool     `json:"guarantor_required"`
		GuarantorMinDays   int      `json:"guarantor_min_days" doc:"Days the guarantor must have been a member"`
	}
}

// memberAdmissionRules answers the part of the club's rules the member form
// needs, to whoever may create members: the whole rules are the
// Administrador's and Manager's (club_rules_read), and a receptionist who
// admits a member needs only what they ask of that member.
func (s *Server) memberAdmissionRules(ctx context.Context, _ *clubRulesInput) (*admissionRulesOutput, error) {
	r, err := s.Rules.Get(ctx, info(ctx).Club.ID)
	if err != nil {
		return nil, err
	}
	out := &admissionRulesOutput{}
	b := &out.Body
	b.Pack, b.Declarations, b.DeclarationsSource = r.Pack, []string{}, r.Source("declarations")
	for _, d := range rules.Declarations {
		if slices.Contains(r.Declarations, d) {
			b.Declarations = append(b.Declarations, d)
		}
	}
	b.MinAge, b.BirthdateRequired = r.MinAge, r.BirthdateRequired()
	b.GuarantorRequired, b.GuarantorMinDays = r.GuarantorRequired, r.GuarantorMinDays
	return out, nil
}
