package member

import (
	"context"
	"database/sql"
	"errors"
	"socius/internal/amount"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"socius/internal/db"
	"socius/internal/files"
)

type row struct {
	ID             int64          `db:"id"`
	ClubID         int64          `db:"club_id"`
	UserID         sql.NullInt64  `db:"user_id"`
	Number         int64          `db:"number"`
	Nombre         string         `db:"nombre"`
	Surname        string         `db:"surname"`
	Surname2       string         `db:"surname2"`
	DNI            string         `db:"dni"`
	Email          string         `db:"email"`
	Telefono       string         `db:"telefono"`
	CountryCode    string         `db:"country_code"`
	Birthdate      int64          `db:"birthdate"`
	Type           string         `db:"type"`
	Status         int            `db:"status"`
	IsStaff        int            `db:"is_staff"`
	OnlineAccount  int            `db:"online_account"`
	EndDate        int64          `db:"end_date"`
	Keychain       string         `db:"keychain"`
	ConsumForecast int64          `db:"consum_forecast"`
	Notes          string         `db:"notes"`
	Created        int64          `db:"created"`
	Thoroughfare   string         `db:"address_thoroughfare"`
	Locality       string         `db:"address_locality"`
	PostalCode     string         `db:"address_postal_code"`
	Country        string         `db:"address_country"`
	Photo          string         `db:"photo"`
	Signature      string         `db:"signature"`
	Negative       int            `db:"monedero_negativo"`
	Wallet         int64          `db:"wallet"`
	CategoryID     sql.NullInt64  `db:"category_id"`
	UserPhone      sql.NullString `db:"user_phone"`
	LinkPending    int            `db:"link_pending"`
}

const memberCols = `m.id, m.club_id, m.user_id, m.number, m.nombre, m.surname, m.surname2, m.dni, m.email, m.telefono,
	m.country_code, m.birthdate, m.type, m.status, m.is_staff, m.online_account, m.end_date, m.keychain, m.consum_forecast,
	m.notes, m.created, m.address_thoroughfare, m.address_locality, m.address_postal_code, m.address_country, m.photo,
	m.signature, m.monedero_negativo, m.wallet, m.category_id, u.phone AS user_phone,
	(SELECT COUNT(*) FROM account_links l WHERE l.member_id = m.id) AS link_pending`

const memberFrom = ` FROM members m LEFT JOIN users u ON u.id = m.user_id`

// Get loads one member of the club.
func (s *Service) Get(ctx context.Context, clubID, nid int64) (*Member, error) {
	return s.get(ctx, s.db.R, clubID, nid)
}

func (s *Service) get(ctx context.Context, q db.Q, clubID, nid int64) (*Member, error) {
	var rows []row
	if err := db.Select(ctx, q, &rows, `SELECT `+memberCols+memberFrom+` WHERE m.club_id = ? AND m.id = ? AND m.deleted = 0`, clubID, nid); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, ErrNotFound
	}
	out, err := s.expand(ctx, q, rows)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// OnlineAccounts lists the club's active members with an online account, by number.
func (s *Service) OnlineAccounts(ctx context.Context, clubID int64) ([]AccountHolder, error) {
	var out []AccountHolder
	err := s.db.Select(ctx, &out, `SELECT id, user_id FROM members WHERE club_id = ? AND deleted = 0 AND status = 1
		AND online_account = 1 AND user_id IS NOT NULL ORDER BY number`, clubID)
	return out, err
}

// ClubUsers is a page of the online accounts of the club's members, by
// member number, and how many there are.
func (s *Service) ClubUsers(ctx context.Context, clubID int64, limit, page int) ([]ClubUser, int, error) {
	out := []ClubUser{}
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM members WHERE club_id = ? AND user_id IS NOT NULL AND deleted = 0`, clubID); err != nil {
		return nil, 0, err
	}
	err := s.db.Select(ctx, &out, `SELECT u.id AS uid, u.username, u.email, u.name, u.surname, u.dni, u.phone, u.created,
		u.last_login, u.status, m.id AS member_id, m.number, m.is_staff = 1 AS is_staff FROM members m JOIN users u ON u.id = m.user_id
		WHERE m.club_id = ? AND m.deleted = 0 ORDER BY m.number LIMIT ? OFFSET ?`, clubID, limit, limit*page)
	return out, total, err
}

// AccessHistory lists the club's check-ins and check-outs between two times
// (inclusive), oldest first, of every member or of one (memberID > 0).
func (s *Service) AccessHistory(ctx context.Context, clubID, from, to, memberID int64) ([]AccessRow, error) {
	q := `SELECT e.id, e.datetime, e.action, m.number, m.nombre, m.surname, m.surname2, m.dni FROM access_events e
		JOIN members m ON m.id = e.member_id WHERE e.club_id = ? AND e.datetime >= ? AND e.datetime <= ?`
	args := []any{clubID, from, to}
	if memberID > 0 {
		q, args = q+` AND e.member_id = ?`, append(args, memberID)
	}
	var rows []struct {
		ID       int64  `db:"id"`
		Datetime int64  `db:"datetime"`
		Action   string `db:"action"`
		AccessCardInfo
	}
	if err := s.db.Select(ctx, &rows, q+` ORDER BY e.datetime, e.id`, args...); err != nil {
		return nil, err
	}
	out := make([]AccessRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, AccessRow{ID: r.ID, Datetime: r.Datetime, Action: r.Action, Membercard: r.AccessCardInfo})
	}
	return out, nil
}

// ClearCategory takes a deleted member category off the club's members,
// inside the caller's transaction.
func ClearCategory(ctx context.Context, q db.Q, clubID, categoryID int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET category_id = NULL WHERE club_id = ? AND category_id = ?`, clubID, categoryID)
	return err
}

// InClub tells whether a member record, deleted or not, is the club's: the
// reports read a deleted member's history too.
func (s *Service) InClub(ctx context.Context, clubID, nid int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM members WHERE id = ? AND club_id = ?`, nid, clubID)
	return n > 0, err
}

// ByDNI finds the club's member with an ID number (case and spacing folded).
func (s *Service) ByDNI(ctx context.Context, clubID int64, dni string) (*Member, error) {
	if NormaliseDNI(dni) == "" {
		return nil, ErrNotFound // a blank code must not match the records without an ID number
	}
	var id int64
	err := s.db.Get(ctx, &id, `SELECT id FROM members WHERE club_id = ? AND dni = ? AND deleted = 0 ORDER BY id LIMIT 1`, clubID, NormaliseDNI(dni))
	if errors.Is(err, db.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, clubID, id)
}

// NormaliseDNI upper-cases an ID number and removes spaces, dashes, dots and
// invisible characters, so "11111111H\u0000" is the same number as "11111111H".
func NormaliseDNI(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '.' {
			return -1
		}
		return r
	}, NormaliseCode(strings.ToUpper(s)))
}

// NormaliseCode removes white space and invisible characters (controls,
// zero-width and other format characters) from a scanned or typed code, so
// two codes that look the same are the same.
func NormaliseCode(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
}

// expand turns rows into members with roles, guarantors, documents and category.
func (s *Service) expand(ctx context.Context, q db.Q, rows []row) ([]Member, error) {
	out := make([]Member, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = strconv.FormatInt(r.ID, 10)
	}
	in := strings.Join(ids, ",") // integers from the database: safe to inline
	roles := map[int64][]string{}
	var rr []struct {
		MemberID int64  `db:"member_id"`
		Role     string `db:"role"`
	}
	if err := db.Select(ctx, q, &rr, `SELECT member_id, role FROM member_roles WHERE member_id IN (`+in+`) ORDER BY role`); err != nil {
		return nil, err
	}
	for _, r := range rr {
		roles[r.MemberID] = append(roles[r.MemberID], r.Role)
	}
	guar := map[int64][]Guarantor{}
	var gr []struct {
		MemberID int64  `db:"member_id"`
		ID       int64  `db:"id"`
		Number   int64  `db:"number"`
		Nombre   string `db:"nombre"`
		Surname  string `db:"surname"`
	}
	if err := db.Select(ctx, q, &gr, `SELECT e.member_id, m.id, m.number, m.nombre, m.surname FROM member_endorsements e
		JOIN members m ON m.id = e.endorser_id WHERE e.member_id IN (`+in+`) ORDER BY m.number`); err != nil {
		return nil, err
	}
	for _, g := range gr {
		guar[g.MemberID] = append(guar[g.MemberID], Guarantor{NID: g.ID, Number: g.Number, Nombre: g.Nombre, Surname: g.Surname})
	}
	docs := map[int64][]Document{}
	var dr []struct {
		MemberID int64  `db:"member_id"`
		FileID   string `db:"file_id"`
		Name     string `db:"name"`
	}
	if err := db.Select(ctx, q, &dr, `SELECT member_id, file_id, name FROM member_documents WHERE member_id IN (`+in+`) ORDER BY name`); err != nil {
		return nil, err
	}
	for _, d := range dr {
		docs[d.MemberID] = append(docs[d.MemberID], Document{FID: d.FileID, URL: files.URL(d.FileID), Name: d.Name})
	}
	sigs := map[int64][]Declaration{}
	decl, err := declarationsOf(ctx, q, in)
	if err != nil {
		return nil, err
	}
	for _, d := range decl {
		sigs[d.MemberID] = append(sigs[d.MemberID], d.Declaration)
	}
	cats := map[int64]*Category{}
	var cr []Category
	if err := db.Select(ctx, q, &cr, `SELECT id, title, descuento, club_id FROM club_categories WHERE club_id = ? AND type = ?`, rows[0].ClubID, CategoryType); err != nil {
		return nil, err
	}
	for i := range cr {
		cats[cr[i].NID] = &cr[i]
	}
	for _, r := range rows {
		m := Member{NID: r.ID, MembershipID: r.ID, Association: r.ClubID, Number: r.Number, Nombre: r.Nombre, Surname: r.Surname,
			Surname2: r.Surname2, DNI: r.DNI, Email: r.Email, Telefono: r.Telefono, CountryCode: r.CountryCode,
			Birthdate: r.Birthdate, Foto: URLRef{files.URL(r.Photo)}, Type: r.Type, StatusMember: r.Status,
			IsStaff: r.IsStaff == 1, EndDate: r.EndDate, MemberCreated: r.Created, MonederoNegativo: r.Negative == 1, Monedero: amount.Cents(r.Wallet),
			ConsumForecast: r.ConsumForecast, Notes: r.Notes, Documents: docs[r.ID], MemcardRoles: roles[r.ID],
			MemcardAddress:    Address{r.Thoroughfare, r.Locality, r.PostalCode, r.Country},
			EndorsementMember: guar[r.ID], Declarations: latestByKind(sigs[r.ID]), Signature: URLRef{files.URL(r.Signature)}, Keychain: r.Keychain,
			OnlineAccount: r.OnlineAccount == 1}
		if m.Documents == nil {
			m.Documents = []Document{}
		}
		if m.MemcardRoles == nil {
			m.MemcardRoles = []string{}
		}
		if m.EndorsementMember == nil {
			m.EndorsementMember = []Guarantor{}
		}
		if r.CategoryID.Valid {
			m.CategoryMember = cats[r.CategoryID.Int64]
		}
		if r.UserID.Valid {
			m.User = &LinkedUser{UID: r.UserID.Int64, Telefono: r.UserPhone.String}
		}
		m.LinkPending = r.LinkPending > 0
		out = append(out, m)
	}
	return out, nil
}

// FeesEnding counts the club's active members whose fee ends between from
// and to (Unix seconds, both included): the "fees expiring soon" figure of
// the today screen. It reads the club's rows of members_club_number (a club
// has at most some 100,000 members) and no member data leaves it.
func (s *Service) FeesEnding(ctx context.Context, clubID, from, to int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM members WHERE club_id = ? AND deleted = 0 AND status = 1
		AND end_date BETWEEN ? AND ?`, clubID, from, to)
	return n, err
}

// memberCategories lists the club's member categories by title.
func memberCategories(ctx context.Context, q db.Q, clubID int64) ([]Category, error) {
	out := []Category{}
	err := db.Select(ctx, q, &out, `SELECT id, title, descuento, club_id FROM club_categories WHERE club_id = ? AND type = ? ORDER BY title, id`, clubID, CategoryType)
	return out, err
}

// insertAccessEvent records a check-in or check-out and returns its id.
func insertAccessEvent(ctx context.Context, q db.Q, clubID, memberID int64, action string, at, staffUID, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO access_events (club_id, member_id, action, datetime, staff_user_id, created) VALUES (?,?,?,?,?,?)`,
		clubID, memberID, action, at, staffUID, now)
}
