package member

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/amount"
	"socius/internal/db"
	"socius/internal/files"
	"socius/internal/rules"
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
	// Declarations are the statements (rules.Declarations) the member signs now.
	Declarations []string
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
			if err := lockClubWrites(ctx, tx, clubID); err != nil {
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
		setting, ok, err := forecastSetting(ctx, tx, clubID)
		if err != nil {
			return 0, err
		}
		if ok {
			if g, err := amount.Parse(setting, 3); err == nil && g >= 0 {
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
	if err := rules.KnownDeclarations(in.Declarations); err != nil {
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
			n, err := numberUsers(ctx, tx, clubID, *in.Number, m.NID)
			if err != nil {
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
		next, err := nextNumber(ctx, tx, clubID)
		if err != nil {
			return 0, err
		}
		m.Number = next
	}
	var catID any
	if in.Category != nil {
		if *in.Category > 0 {
			n, err := countMemberCategory(ctx, tx, clubID, *in.Category)
			if err != nil {
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
	at := s.now()
	now := at.Unix()
	vals := memberValues(&m, photo, signature, catID, now)
	id := m.NID
	if creating {
		id, err = insertMember(ctx, tx, clubID, vals, now)
	} else {
		err = updateMember(ctx, tx, id, vals)
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
		if err := deleteRoles(ctx, tx, id); err != nil {
			return 0, err
		}
		for _, r := range m.MemcardRoles {
			if err := insertRole(ctx, tx, id, r); err != nil {
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
	if err := signDeclarations(ctx, tx, clubID, id, actor.UserID, in.Declarations, now); err != nil {
		return 0, err
	}
	// Admission: the club's rules hold a member who becomes active, on
	// creation or when made active again; an edit of an active member's
	// other fields is never refused by them.
	if creating || (cur.StatusMember != 1 && m.StatusMember == 1) {
		if err := checkAdmission(ctx, tx, clubID, id, &m, at); err != nil {
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
	other, err := liveHolders(ctx, tx, clubID, column, value, self)
	if err != nil {
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
	n, err := countActiveAdmins(ctx, tx, clubID)
	if err != nil {
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
