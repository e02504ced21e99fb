package member

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/auth"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/problem"
)

// Input is the ficha_socio payload. On create a nil field takes its default;
// on edit a nil field is left as it is (partial edits send only a few).
type Input struct {
	NID            int64
	Nombre         *string
	Surname        *string
	Surname2       *string
	DNI            *string
	Email          *string
	Telefono       *string
	CountryCode    *string
	Birthday       *int64
	Type           *string
	Status         *int
	IsStaff        *bool
	OnlineAccount  *bool
	EndDate        *int64
	Keychain       *string
	ConsumForecast *int64
	Notes          *string
	Number         *int64
	Address        *Address
	Negative       *bool
	Category       *int64
	Roles          *[]string
	Endorsements   *[]int64
	Documents      *[]string
	Photo          *string // data URL of a new photo, the stored URL to keep it, "" to remove
	Signature      *string
}

// Actor is the staff user making a change.
type Actor struct {
	UserID  int64
	IsAdmin bool
	// Supervisor: a Manager (an Administrador is one too). A member's
	// monthly consumption forecast and negative wallet are limits the counter
	// enforces and only a Manager or an Administrador may let a sale pass, so
	// only they change them; others may send the values the member has.
	Supervisor bool
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return strings.TrimSpace(*p)
}

// Save creates (in.NID == 0) or edits a member in one transaction and returns it.
func (s *Service) Save(ctx context.Context, clubID int64, actor Actor, in Input) (*Member, error) {
	var id int64
	var link *LinkRequest
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		// One writer per club on PostgreSQL, as SQLite already has: the next number and the unique ID number are read then written.
		if s.db.Engine == db.Postgres {
			if _, err := db.Exec(ctx, tx, `SELECT pg_advisory_xact_lock(?)`, clubID); err != nil {
				return err
			}
		}
		var cur *Member
		if in.NID != 0 {
			var err error
			if cur, err = s.get(ctx, tx, clubID, in.NID); err != nil {
				return err
			}
		}
		var err error
		id, err = s.save(ctx, tx, clubID, actor, cur, in, &link)
		return err
	})
	if err != nil {
		return nil, err
	}
	m, err := s.get(ctx, s.db.W, clubID, id)
	if m != nil {
		m.LinkRequest = link
	}
	return m, err
}

func (s *Service) save(ctx context.Context, tx *sqlx.Tx, clubID int64, actor Actor, cur *Member, in Input, link **LinkRequest) (int64, error) {
	creating := cur == nil
	if creating {
		cur = &Member{Type: Ludico, StatusMember: 1, CountryCode: "34", ConsumForecast: DefaultForecast, MemcardRoles: []string{}}
		// The club's consumption forecast setting (side menu), when saved, is the new member's default.
		var setting []string
		if err := db.Select(ctx, tx, &setting, `SELECT title FROM club_categories WHERE club_id = ? AND type = 'consumptionforecast' ORDER BY id LIMIT 1`, clubID); err != nil {
			return 0, err
		}
		if len(setting) > 0 {
			if g, err := amount.Parse(setting[0], 3); err == nil && g >= 0 {
				cur.ConsumForecast = (g + 500) / 1000 // whole grams, half up
			}
		}
	}
	// Resolve every field: the new value where given, else the current one.
	pick := func(p *string, old string) string {
		if p == nil {
			return old
		}
		return strings.TrimSpace(*p)
	}
	m := *cur
	m.Nombre, m.Surname, m.Surname2 = pick(in.Nombre, cur.Nombre), pick(in.Surname, cur.Surname), pick(in.Surname2, cur.Surname2)
	if in.DNI != nil {
		m.DNI = NormaliseDNI(*in.DNI)
	}
	m.Email, m.Telefono = pick(in.Email, cur.Email), pick(in.Telefono, cur.Telefono)
	m.CountryCode = strings.TrimPrefix(pick(in.CountryCode, cur.CountryCode), "+")
	m.Type, m.Notes, m.Keychain = pick(in.Type, cur.Type), pick(in.Notes, cur.Notes), pick(in.Keychain, cur.Keychain)
	if in.Birthday != nil {
		m.Birthdate = *in.Birthday
	}
	if in.Status != nil {
		m.StatusMember = *in.Status
	}
	if in.ConsumForecast != nil {
		m.ConsumForecast = *in.ConsumForecast
	}
	if in.Negative != nil {
		m.MonederoNegativo = *in.Negative
	}
	if in.Address != nil {
		m.MemcardAddress = *in.Address
	}
	if in.OnlineAccount != nil {
		m.OnlineAccount = *in.OnlineAccount
	}
	// Staff, roles and the end-of-fee date belong to the Administrador.
	newStaff, newEnd, newRoles := cur.IsStaff, cur.EndDate, cur.MemcardRoles
	if in.IsStaff != nil {
		newStaff = *in.IsStaff
	}
	if in.EndDate != nil {
		newEnd = *in.EndDate
	}
	if in.Roles != nil {
		newRoles = slices.Compact(slices.Sorted(slices.Values(*in.Roles)))
	}
	if !newStaff {
		newRoles = []string{}
	}
	if !actor.IsAdmin && (newStaff != cur.IsStaff || newEnd != cur.EndDate || !slices.Equal(newRoles, sortedRoles(cur.MemcardRoles))) {
		return 0, ErrAdminOnly
	}
	m.IsStaff, m.EndDate, m.MemcardRoles = newStaff, newEnd, newRoles
	// A new member starts from the club's default forecast and no negative
	// wallet, so one created by a lower role may carry those values and no
	// others: refused rather than quietly replaced, so that a save which
	// succeeds always stored what was sent.
	if !actor.IsAdmin && !actor.Supervisor && (m.ConsumForecast != cur.ConsumForecast || m.MonederoNegativo != cur.MonederoNegativo) {
		return 0, ErrSupervisorOnly
	}
	if m.IsStaff {
		m.OnlineAccount = true // spec §4: turning staff on forces the online account on
	}
	// A staff record is a way into the club: who may log in (status, online
	// account) and where their links go (e-mail, phone) is the Administrador's.
	if !creating && cur.IsStaff && !actor.IsAdmin && (m.StatusMember != cur.StatusMember || m.Email != cur.Email ||
		m.Telefono != cur.Telefono || m.CountryCode != cur.CountryCode || m.OnlineAccount != cur.OnlineAccount) {
		return 0, ErrStaffAdminOnly
	}

	if err := validate(&m); err != nil {
		return 0, err
	}
	m.Keychain = NormaliseCode(m.Keychain)
	if m.Keychain == "" {
		m.Keychain = m.DNI
	}
	// Unique ID number in the club, naming the member who has it.
	if number, name, err := holder(ctx, tx, clubID, "dni", m.DNI, m.NID); err != nil {
		return 0, err
	} else if number != 0 {
		return 0, dniTaken(m.DNI, number, name)
	}
	// A key fob opens one member's card: unique among the club's members.
	if creating || m.Keychain != cur.Keychain {
		if number, name, err := holder(ctx, tx, clubID, "keychain", m.Keychain, m.NID); err != nil {
			return 0, err
		} else if number != 0 {
			return 0, invalid("member.keychain_taken", "keychain", "El llavero %s ya está asignado al socio nº %d (%s)", m.Keychain, number, name).
				With("code", m.Keychain).With("number", strconv.FormatInt(number, 10)).With("name", name)
		}
	}
	// Member number: given and free, or the next free one.
	if in.Number != nil && *in.Number > 0 {
		if *in.Number != cur.Number {
			var n int
			if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM members WHERE club_id = ? AND number = ? AND id <> ?`, clubID, *in.Number, m.NID); err != nil {
				return 0, err
			}
			if n > 0 {
				return 0, invalid("member.number_taken", "number", "El número de socio %d ya está en uso", *in.Number)
			}
		}
		m.Number = *in.Number
	} else if in.Number != nil && *in.Number < 0 {
		return 0, invalid("member.number_invalid", "number", "El número de socio debe ser positivo")
	} else if creating {
		if err := db.Get(ctx, tx, &m.Number, `SELECT COALESCE(MAX(number), 0) + 1 FROM members WHERE club_id = ?`, clubID); err != nil {
			return 0, err
		}
	}
	var catID any
	if in.Category != nil {
		if *in.Category > 0 {
			var n int
			if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = ?`, *in.Category, clubID, CategoryType); err != nil {
				return 0, err
			}
			if n == 0 {
				return 0, invalid("member.category_unknown", "category_member", "La categoría no existe en este club")
			}
			catID = *in.Category
		}
	} else if cur.CategoryMember != nil {
		catID = cur.CategoryMember.NID
	}
	photo, err := fileField(ctx, tx, clubID, files.MemberPhoto, in.Photo, cur.Foto.URL)
	if err != nil {
		return 0, err
	}
	signature, err := fileField(ctx, tx, clubID, files.Signature, in.Signature, cur.Signature.URL)
	if err != nil {
		return 0, err
	}
	now := time.Now().Unix()
	a := m.MemcardAddress
	vals := []any{m.Number, m.Nombre, m.Surname, m.Surname2, m.DNI, m.Email, m.Telefono, m.CountryCode, m.Birthdate,
		m.Type, m.StatusMember, boolInt(m.IsStaff), boolInt(m.OnlineAccount), m.EndDate, m.Keychain, m.ConsumForecast,
		m.Notes, a.Thoroughfare, a.Locality, a.PostalCode, a.Country, photo, signature, boolInt(m.MonederoNegativo), catID, now}
	const cols = `number, nombre, surname, surname2, dni, email, telefono, country_code, birthdate, type, status, is_staff,
		online_account, end_date, keychain, consum_forecast, notes, address_thoroughfare, address_locality,
		address_postal_code, address_country, photo, signature, monedero_negativo, category_id, changed`
	id := m.NID
	if creating {
		id, err = db.Insert(ctx, tx, `INSERT INTO members (club_id, `+cols+`, created) VALUES (?, `+
			strings.Repeat("?, ", 26)+`?)`, append(append([]any{clubID}, vals...), now)...)
	} else {
		set := strings.ReplaceAll(strings.Join(strings.Fields(strings.ReplaceAll(cols, ",", " ")), " = ?, ")+" = ?", "\n", "")
		_, err = db.Exec(ctx, tx, `UPDATE members SET `+set+` WHERE id = ?`, append(vals, id)...)
	}
	if err != nil {
		return 0, err
	}
	if m.OnlineAccount && cur.User == nil {
		if err := s.linkAccount(ctx, tx, clubID, id, actor.UserID, &m); err != nil {
			return 0, err
		}
		*link = m.LinkRequest
	}
	if err := indexTerms(ctx, tx, clubID, id, m.Nombre, m.Surname, m.Surname2, m.DNI, m.Email, m.Telefono); err != nil {
		return 0, err
	}
	if in.Roles != nil || in.IsStaff != nil {
		if _, err := db.Exec(ctx, tx, `DELETE FROM member_roles WHERE member_id = ?`, id); err != nil {
			return 0, err
		}
		for _, r := range m.MemcardRoles {
			if _, err := db.Exec(ctx, tx, `INSERT INTO member_roles (member_id, role) VALUES (?, ?)`, id, r); err != nil {
				return 0, err
			}
		}
	}
	if in.Endorsements != nil {
		if err := setEndorsements(ctx, tx, clubID, id, *in.Endorsements); err != nil {
			return 0, err
		}
	}
	if in.Documents != nil {
		if err := setDocuments(ctx, tx, clubID, id, *in.Documents); err != nil {
			return 0, err
		}
	}
	if !creating && cur.activeAdmin() {
		if err := keepAnAdmin(ctx, tx, clubID); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// holder finds another live member of the club whose column ("dni" or
// "keychain") has value: its number and full name, or number 0.
func holder(ctx context.Context, tx db.Q, clubID int64, column, value string, self int64) (int64, string, error) {
	var other []struct {
		Number   int64  `db:"number"`
		Nombre   string `db:"nombre"`
		Surname  string `db:"surname"`
		Surname2 string `db:"surname2"`
	}
	if err := db.Select(ctx, tx, &other, `SELECT number, nombre, surname, surname2 FROM members WHERE club_id = ? AND `+column+
		` = ? AND deleted = 0 AND id <> ? LIMIT 1`, clubID, value, self); err != nil {
		return 0, "", err
	}
	if len(other) == 0 {
		return 0, "", nil
	}
	o := other[0]
	return o.Number, strings.Join(strings.Fields(o.Nombre+" "+o.Surname+" "+o.Surname2), " "), nil
}

// DNITaken is the refusal a save of a member with the ID number dni would
// meet in the club (member.dni_taken, naming the member who has it), or nil
// when no other live member of the club has it. self is the member being
// edited (0 for a new one). It reads only the club's members: another club's
// members are never named, nor said to exist.
func (s *Service) DNITaken(ctx context.Context, clubID int64, dni string, self int64) (*ValidationError, error) {
	dni = NormaliseDNI(dni)
	if dni == "" {
		return nil, nil
	}
	number, name, err := holder(ctx, s.db.R, clubID, "dni", dni, self)
	if err != nil || number == 0 {
		return nil, err
	}
	return dniTaken(dni, number, name), nil
}

func dniTaken(dni string, number int64, name string) *ValidationError {
	return invalid("member.dni_taken", "dni", "El DNI %s ya está registrado en el socio nº %d (%s)", dni, number, name).
		With("dni", dni).With("number", strconv.FormatInt(number, 10)).With("name", name)
}

// activeAdmin reports whether the record lets its user in as Administrador.
func (m *Member) activeAdmin() bool {
	return m.IsStaff && m.StatusMember == 1 && m.User != nil && slices.Contains(m.MemcardRoles, access.Administrador)
}

// keepAnAdmin refuses a change that leaves the club without an active
// Administrador: nobody could manage its staff again.
func keepAnAdmin(ctx context.Context, tx *sqlx.Tx, clubID int64) error {
	var n int
	if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM members m JOIN member_roles r ON r.member_id = m.id AND r.role = ?
		JOIN users u ON u.id = m.user_id AND u.status = 1
		WHERE m.club_id = ? AND m.deleted = 0 AND m.is_staff = 1 AND m.status = 1`, access.Administrador, clubID); err != nil {
		return err
	}
	if n == 0 {
		return invalid("member.last_admin", "memcard_roles", "El club debe conservar al menos un Administrador activo")
	}
	return nil
}

func sortedRoles(r []string) []string {
	if r == nil {
		return []string{}
	}
	return slices.Sorted(slices.Values(r))
}

// validate applies spec part 1 §5 to a resolved member.
func validate(m *Member) error {
	switch {
	case m.Nombre == "":
		return invalid("member.name_required", "nombre", "El nombre es obligatorio")
	case m.Surname == "":
		return invalid("member.surname_required", "surname", "El apellido es obligatorio")
	case m.DNI == "":
		return invalid("member.dni_required", "dni", "El DNI es obligatorio")
	case utf8.RuneCountInString(m.Email) > MaxEmail:
		return invalid("member.email_too_long", "email", "El email no puede tener más de %d caracteres", MaxEmail)
	case m.Email != "" && (!strings.Contains(m.Email, "@") || strings.ContainsAny(m.Email, " ,;")):
		return invalid("member.email_invalid", "email", "El email no es válido")
	case utf8.RuneCountInString(m.Notes) > MaxNotes:
		return invalid("member.notes_too_long", "notes", "Las notas no pueden tener más de %d caracteres", MaxNotes)
	case m.Type != Ludico && m.Type != Terapeutico:
		return invalid("member.type_invalid", "type_member", "El tipo de socio debe ser lúdico o terapéutico")
	case m.StatusMember != 0 && m.StatusMember != 1:
		return invalid("member.status_invalid", "status_member", "El estado debe ser 1 (activo) o 0 (inactivo)")
	case m.ConsumForecast < 0 || m.ConsumForecast > 100000:
		return invalid("member.forecast_invalid", "consum_forecast", "La previsión de consumo debe ser un número de gramos positivo")
	case len(m.DNI) > 30 || utf8.RuneCountInString(m.Nombre) > 80 || utf8.RuneCountInString(m.Surname) > 80 || utf8.RuneCountInString(m.Surname2) > 80:
		return invalid("member.field_too_long", "nombre", "Algún campo es demasiado largo")
	case utf8.RuneCountInString(m.Telefono) > 20 || strings.Trim(m.Telefono, "0123456789 +") != "":
		return invalid("member.phone_invalid", "telefono", "El teléfono solo puede tener números")
	}
	for _, r := range m.MemcardRoles {
		if !access.IsRole(r) {
			return invalid("member.role_invalid", "memcard_roles", "Rol desconocido: %s", r)
		}
	}
	return nil
}

// fileField resolves a photo or signature: a data URL is stored, the stored
// URL keeps it (only a file uploaded for the same purpose), "" removes it.
func fileField(ctx context.Context, tx *sqlx.Tx, clubID int64, purpose string, in *string, curURL string) (string, error) {
	if in == nil {
		return strings.TrimPrefix(curURL, "/api/files/"), nil
	}
	v := strings.TrimSpace(*in)
	switch {
	case v == "":
		return "", nil
	case strings.HasPrefix(v, "/api/files/"):
		id := strings.TrimPrefix(v, "/api/files/")
		if err := owned(ctx, tx, clubID, purpose, id); err != nil {
			return "", err
		}
		return id, nil
	case len(v) == 64 && strings.Trim(v, "0123456789abcdef") == "":
		if err := owned(ctx, tx, clubID, purpose, v); err != nil {
			return "", err
		}
		return v, nil
	}
	b, err := files.DecodeDataURL(v)
	if err != nil {
		return "", err
	}
	return files.SaveImage(ctx, tx, clubID, purpose, b)
}

func owned(ctx context.Context, q db.Q, clubID int64, purpose, fid string) error {
	ok, err := files.Owned(ctx, q, clubID, purpose, fid)
	if err != nil {
		return err
	}
	if !ok {
		return invalid("member.file_unknown", "documents", "El archivo no existe en este club")
	}
	return nil
}

func setEndorsements(ctx context.Context, tx *sqlx.Tx, clubID, id int64, nids []int64) error {
	if _, err := db.Exec(ctx, tx, `DELETE FROM member_endorsements WHERE member_id = ?`, id); err != nil {
		return err
	}
	for _, g := range slices.Compact(slices.Sorted(slices.Values(nids))) {
		if g == id {
			return invalid("member.guarantor_self", "endorsement_member", "Un socio no puede avalarse a sí mismo")
		}
		var n int
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM members WHERE id = ? AND club_id = ? AND deleted = 0`, g, clubID); err != nil {
			return err
		}
		if n == 0 {
			return invalid("member.guarantor_unknown", "endorsement_member", "El socio avalista %d no existe en este club", g)
		}
		if _, err := db.Exec(ctx, tx, `INSERT INTO member_endorsements (member_id, endorser_id) VALUES (?, ?)`, id, g); err != nil {
			return err
		}
	}
	return nil
}

func setDocuments(ctx context.Context, tx *sqlx.Tx, clubID, id int64, fids []string) error {
	if _, err := db.Exec(ctx, tx, `DELETE FROM member_documents WHERE member_id = ?`, id); err != nil {
		return err
	}
	for _, fid := range slices.Compact(slices.Sorted(slices.Values(fids))) {
		if err := owned(ctx, tx, clubID, files.MemberDocument, fid); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `INSERT INTO member_documents (member_id, file_id, name) SELECT ?, id, name FROM files WHERE id = ?`, id, fid); err != nil {
			return err
		}
	}
	return nil
}

// Delete removes a member's personal data, documents, photo, guarantors and
// search words, but keeps the row (renamed "Socio eliminado") so orders,
// wallet, cash and access history stay whole for the accounts.
// A staff user cannot delete their own record (they would lock themselves out).
func (s *Service) Delete(ctx context.Context, clubID, nid int64, actor Actor) error {
	return s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		m, err := s.get(ctx, tx, clubID, nid)
		if err != nil {
			return err
		}
		if m.User != nil && m.User.UID == actor.UserID {
			return invalid("member.delete_self", "nid", "No puedes eliminar tu propia ficha de socio")
		}
		if m.IsStaff && !actor.IsAdmin {
			return ErrStaffAdminOnly
		}
		stmts := []string{
			`UPDATE members SET deleted = 1, status = 0, is_staff = 0, online_account = 0, user_id = NULL,
				nombre = '` + deletedNamePrefix + `', surname = '', surname2 = '', dni = '', email = '', telefono = '',
				birthdate = 0, keychain = '', notes = '', photo = '', signature = '', address_thoroughfare = '',
				address_locality = '', address_postal_code = '', address_country = '', changed = ? WHERE id = ?`,
			`DELETE FROM member_terms WHERE member_id = ?`,
			`DELETE FROM member_roles WHERE member_id = ?`,
			`DELETE FROM member_documents WHERE member_id = ?`,
			`DELETE FROM account_links WHERE member_id = ?`,
			`DELETE FROM member_endorsements WHERE member_id = ? OR endorser_id = ?`,
		}
		if _, err := db.Exec(ctx, tx, stmts[0], time.Now().Unix(), nid); err != nil {
			return err
		}
		for _, q := range stmts[1:] {
			args := []any{nid}
			if strings.Count(q, "?") == 2 {
				args = append(args, nid)
			}
			if _, err := db.Exec(ctx, tx, q, args...); err != nil {
				return err
			}
		}
		for _, step := range s.onDelete {
			if err := step(ctx, tx, nid); err != nil {
				return err
			}
		}
		if m.activeAdmin() {
			return keepAnAdmin(ctx, tx, clubID)
		}
		return nil
	})
}

// CategoryType is the generic category type of member categories.
const CategoryType = "membership"

// Categories lists the club's member categories by title.
func (s *Service) Categories(ctx context.Context, clubID int64) ([]Category, error) {
	out := []Category{}
	err := s.db.Select(ctx, &out, `SELECT id, title, descuento, club_id FROM club_categories WHERE club_id = ? AND type = ? ORDER BY title, id`, clubID, CategoryType)
	return out, err
}

// ValidCategory checks a member category's title and discount (percent).
func ValidCategory(title string, descuento int) error {
	if strings.TrimSpace(title) == "" {
		return invalid("category.title_required", "title", "El nombre de la categoría es obligatorio")
	}
	if descuento < 0 || descuento > 100 {
		return invalid("category.discount_range", "descuento", "El descuento debe estar entre 0 y 100")
	}
	return nil
}

// ErrCategoryNotFound is returned for a category of another club or type.
var ErrCategoryNotFound error = problem.NotFoundf("category.not_found", "Categoría no encontrada")

// AccessEvent is a check-in or check-out.
type AccessEvent struct {
	ID       int64  `json:"id" db:"id"`
	Action   string `json:"action" db:"action"`
	Datetime int64  `json:"datetime" db:"datetime"`
	MemberID int64  `json:"patient_id" db:"member_id"`
}

// CheckInOut records ENTRA or SALE for a member (an active one).
func (s *Service) CheckInOut(ctx context.Context, clubID, nid, staffUID int64, action string, at int64) (*AccessEvent, error) {
	if action != ActionIn && action != ActionOut {
		return nil, invalid("access.action_invalid", "action", "La acción debe ser ENTRA o SALE")
	}
	now := time.Now().Unix()
	if at == 0 {
		at = now
	}
	if at > now+300 {
		return nil, invalid("access.future", "datetime", "La hora no puede ser futura")
	}
	m, err := s.Get(ctx, clubID, nid)
	if err != nil {
		return nil, err
	}
	if m.StatusMember != 1 && action == ActionIn {
		return nil, invalid("access.inactive", "patient_id", "El socio nº %d está inactivo", m.Number)
	}
	id, err := db.Insert(ctx, s.db.W, `INSERT INTO access_events (club_id, member_id, action, datetime, staff_user_id, created) VALUES (?,?,?,?,?,?)`,
		clubID, nid, action, at, staffUID, now)
	if err != nil {
		return nil, err
	}
	return &AccessEvent{ID: id, Action: action, Datetime: at, MemberID: nid}, nil
}

// Describe formats a member for messages.
func Describe(m *Member) string { return fmt.Sprintf("nº %d %s", m.Number, m.FullName()) }

// LinkValidity is how long a person has to accept a club's request to link
// their existing account.
const LinkValidity = 7 * 24 * time.Hour

// linkAccount gives a member an online account. With no account for the
// member's e-mail, a new one is made (named by the e-mail, or the ID number
// when there is none) with a random password and not activated: the member
// sets theirs through the invitation. When the e-mail is already a person's
// account, nothing of it is given to the club: a link request is recorded and
// its token goes, by the caller, only to the e-mail on that account; the link
// is made when the person accepts (AcceptLink).
func (s *Service) linkAccount(ctx context.Context, tx *sqlx.Tx, clubID, id, staffUID int64, m *Member) error {
	var uid int64
	if m.Email != "" {
		var ids []int64
		if err := db.Select(ctx, tx, &ids, `SELECT id FROM users WHERE username_norm = ? OR email_norm = ? ORDER BY id LIMIT 1`,
			auth.Normalise(m.Email), auth.Normalise(m.Email)); err != nil {
			return err
		}
		if len(ids) > 0 {
			uid = ids[0]
		}
	}
	if uid != 0 {
		var n int
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM members WHERE user_id = ? AND club_id = ? AND id <> ? AND deleted = 0`, uid, clubID, id); err != nil {
			return err
		}
		if n > 0 {
			return invalid("member.account_in_use", "email", "La cuenta online %s ya pertenece a otro socio de este club", m.Email).With("email", m.Email)
		}
		// One open request per member: saving again does not mail the person again.
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM account_links WHERE member_id = ? AND user_id = ? AND expires >= ?`,
			id, uid, time.Now().Unix()); err != nil {
			return err
		}
		if n > 0 {
			m.LinkPending = true
			return nil
		}
		var email string
		if err := db.Get(ctx, tx, &email, `SELECT email FROM users WHERE id = ?`, uid); err != nil {
			return err
		}
		if _, err := db.Exec(ctx, tx, `DELETE FROM account_links WHERE member_id = ?`, id); err != nil {
			return err
		}
		token, now := auth.RandomToken(32), time.Now()
		if _, err := db.Exec(ctx, tx, `INSERT INTO account_links (member_id, user_id, token_hash, staff_user_id, created, expires) VALUES (?,?,?,?,?,?)`,
			id, uid, auth.HashToken(token), staffUID, now.Unix(), now.Add(LinkValidity).Unix()); err != nil {
			return err
		}
		m.LinkPending = true
		if email != "" {
			m.LinkRequest = &LinkRequest{Email: email, Token: token}
		}
		return nil
	}
	if _, err := db.Exec(ctx, tx, `DELETE FROM account_links WHERE member_id = ?`, id); err != nil {
		return err
	}
	username := m.Email
	if username == "" {
		username = m.DNI
	}
	uid, err := s.accounts.CreateUser(ctx, tx, auth.NewUser{Username: username, Password: auth.RandomToken(18)[:24],
		Email: m.Email, Name: m.Nombre, Surname: strings.TrimSpace(m.Surname + " " + m.Surname2), DNI: m.DNI,
		Phone: m.Telefono, Birthdate: m.Birthdate})
	if errors.Is(err, auth.ErrUsernameTaken) {
		return invalid("member.account_taken", "dni", "Ya existe una cuenta online con el usuario %s", username).With("username", username)
	}
	if err != nil {
		return err
	}
	if err := auth.MarkNotActivated(ctx, tx, uid); err != nil {
		return err
	}
	_, err = db.Exec(ctx, tx, `UPDATE members SET user_id = ? WHERE id = ?`, uid, id)
	return err
}

// LinkRequest is a request to link a member record to a person's existing
// account: the token is sent to the e-mail already on that account.
type LinkRequest struct {
	Email string
	Token string
}

// LinkInfo is what the person is shown before accepting a link.
type LinkInfo struct {
	Club     string `json:"club"`
	Username string `json:"username"`
	Number   int64  `json:"number"`
}

// ErrLinkInvalid is an unknown, used or expired link token.
var ErrLinkInvalid error = problem.Invalidf("member.link_invalid", "", "El enlace no es válido o ha caducado")

func (s *Service) linkByToken(ctx context.Context, q db.Q, token string) (memberID, userID int64, info LinkInfo, err error) {
	var rows []struct {
		MemberID int64  `db:"member_id"`
		UserID   int64  `db:"user_id"`
		Club     string `db:"title"`
		Username string `db:"username"`
		Number   int64  `db:"number"`
	}
	if err = db.Select(ctx, q, &rows, `SELECT l.member_id, l.user_id, c.title, u.username, m.number FROM account_links l
		JOIN members m ON m.id = l.member_id AND m.deleted = 0 JOIN clubs c ON c.id = m.club_id JOIN users u ON u.id = l.user_id
		WHERE l.token_hash = ? AND l.expires >= ?`, auth.HashToken(token), time.Now().Unix()); err != nil {
		return
	}
	if len(rows) == 0 {
		err = ErrLinkInvalid
		return
	}
	r := rows[0]
	return r.MemberID, r.UserID, LinkInfo{Club: r.Club, Username: r.Username, Number: r.Number}, nil
}

// LinkByToken tells the person which club asks to link which account.
func (s *Service) LinkByToken(ctx context.Context, token string) (*LinkInfo, error) {
	_, _, info, err := s.linkByToken(ctx, s.db.R, token)
	if err != nil {
		return nil, err
	}
	return &info, nil
}

// AnswerLink accepts (the member record is linked to the account) or declines
// a link request; the token works once either way.
func (s *Service) AnswerLink(ctx context.Context, token string, accept bool) (*LinkInfo, error) {
	var info LinkInfo
	err := s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		mid, uid, li, err := s.linkByToken(ctx, tx, token)
		if err != nil {
			return err
		}
		info = li
		if _, err := db.Exec(ctx, tx, `DELETE FROM account_links WHERE member_id = ?`, mid); err != nil {
			return err
		}
		if !accept {
			// the person said no: the club asks again only by turning the online account on again
			_, err := db.Exec(ctx, tx, `UPDATE members SET online_account = 0, changed = ? WHERE id = ? AND user_id IS NULL`, time.Now().Unix(), mid)
			return err
		}
		var n int
		if err := db.Get(ctx, tx, &n, `SELECT COUNT(*) FROM members WHERE user_id = ? AND deleted = 0
			AND club_id = (SELECT club_id FROM members WHERE id = ?)`, uid, mid); err != nil {
			return err
		}
		if n > 0 {
			return invalid("member.link_in_use", "token", "Tu cuenta ya está vinculada a otra ficha de este club")
		}
		_, err = db.Exec(ctx, tx, `UPDATE members SET user_id = ?, online_account = 1, changed = ? WHERE id = ? AND user_id IS NULL`,
			uid, time.Now().Unix(), mid)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &info, nil
}

// InvitationAllowed says whether the member's account may be sent an
// invitation (a link to set its password): only an account that has never
// been activated and belongs to no other club. An active account belongs to
// its owner, who logs in with their own password.
func (s *Service) InvitationAllowed(ctx context.Context, clubID int64, m *Member) error {
	if m.User == nil {
		if m.LinkPending {
			return ErrLinkPending
		}
		return ErrNoOnlineAccount
	}
	var row struct {
		Activated int `db:"activated"`
		Others    int `db:"others"`
	}
	if err := s.db.Get(ctx, &row, `SELECT u.activated, (SELECT COUNT(*) FROM members o WHERE o.user_id = u.id AND o.club_id <> ? AND o.deleted = 0) AS others
		FROM users u WHERE u.id = ?`, clubID, m.User.UID); err != nil {
		return err
	}
	if row.Activated == 1 || row.Others > 0 {
		return ErrAccountActive
	}
	return nil
}
