package member

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/auth"
	"socius/internal/db"
	"socius/internal/problem"
)

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
		var err error
		if uid, err = userByLogin(ctx, tx, auth.Normalise(m.Email)); err != nil {
			return err
		}
	}
	if uid != 0 {
		n, err := otherMembersOfUser(ctx, tx, uid, clubID, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return invalid("member.account_in_use", "email", "La cuenta online %s ya pertenece a otro socio de este club", m.Email).With("email", m.Email)
		}
		// One open request per member: saving again does not mail the person again.
		if n, err = openLinks(ctx, tx, id, uid, time.Now().Unix()); err != nil {
			return err
		}
		if n > 0 {
			m.LinkPending = true
			return nil
		}
		email, err := userEmail(ctx, tx, uid)
		if err != nil {
			return err
		}
		if err := deleteLinks(ctx, tx, id); err != nil {
			return err
		}
		token, now := auth.RandomToken(32), time.Now()
		if err := insertLink(ctx, tx, id, uid, auth.HashToken(token), staffUID, now.Unix(), now.Add(LinkValidity).Unix()); err != nil {
			return err
		}
		m.LinkPending = true
		if email != "" {
			m.LinkRequest = &LinkRequest{Email: email, Token: token, UserID: uid}
		}
		return nil
	}
	if err := deleteLinks(ctx, tx, id); err != nil {
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
	return setMemberUser(ctx, tx, id, uid)
}

// LinkRequest is a request to link a member record to a person's existing
// account: the token is sent to the e-mail already on that account.
type LinkRequest struct {
	Email  string
	Token  string
	UserID int64 // the account's, whose language the mail speaks
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
	r, err := linkByTokenHash(ctx, q, auth.HashToken(token), time.Now().Unix())
	if err != nil {
		return
	}
	if r == nil {
		err = ErrLinkInvalid
		return
	}
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
		if err := deleteLinks(ctx, tx, mid); err != nil {
			return err
		}
		if !accept {
			// the person said no: the club asks again only by turning the online account on again
			return turnOffOnlineAccount(ctx, tx, mid, time.Now().Unix())
		}
		n, err := membersOfUserInClubOf(ctx, tx, uid, mid)
		if err != nil {
			return err
		}
		if n > 0 {
			return invalid("member.link_in_use", "token", "Tu cuenta ya está vinculada a otra ficha de este club")
		}
		return linkMemberToUser(ctx, tx, mid, uid, time.Now().Unix())
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
	activated, others, err := accountState(ctx, s.db.R, clubID, m.User.UID)
	if err != nil {
		return err
	}
	if activated == 1 || others > 0 {
		return ErrAccountActive
	}
	return nil
}

// The refusals of the quick registration and of an SMS invitation.
var (
	errRegistrationIncomplete       = problem.Invalidf("member.dni_phone_required", "", "Los campos DNI y Teléfono son obligatorios")
	errNumberInvalid                = problem.Invalidf("member.number_invalid", "", "El número de socio debe ser positivo")
	ErrPhoneRequired          error = problem.Invalidf("member.phone_required", "", "El socio no tiene teléfono")
	errPhoneInvalid                 = problem.Invalidf("member.phone_invalid", "", "El teléfono solo puede tener números")
)

// CheckRegistration applies the quick registration's rules: DNI and phone
// are required (the spec's check was unreliable; here it is enforced) and a
// member number, when given, is a positive whole number.
func CheckRegistration(dni, phone, number string) (*int64, error) {
	if strings.TrimSpace(dni) == "" || strings.TrimSpace(phone) == "" {
		return nil, errRegistrationIncomplete
	}
	v := strings.TrimSpace(number)
	if v == "" {
		return nil, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return nil, errNumberInvalid
	}
	return &n, nil
}

// CheckPhone refuses a phone typed with anything but digits and spaces.
func CheckPhone(phone string) error {
	if strings.Trim(phone, "0123456789 ") != "" {
		return errPhoneInvalid
	}
	return nil
}
