package social

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"

	"socius/internal/problem"
)

// ErrConsultNotFound is a consultation that does not exist in the club, or
// one the caller may not see (a member asking about another member's).
var ErrConsultNotFound = &problem.NotFound{Code: "consult.not_found", Message: "Consulta no encontrada"}

// MaxMessage caps a consultation's or a comment's text.
const MaxMessage = 2000

var (
	errConsultBody     = problem.Invalidf("consult.body_required", "body", "Escribe el mensaje")
	errConsultBodyLong = problem.Invalidf("consult.body_too_long", "body", "El mensaje no puede tener más de 2000 caracteres")
)

// Comment is one message of a consultation's conversation.
type Comment struct {
	ID      int64  `db:"id"`
	Owner   int64  `db:"consultation_id"`
	Name    string `db:"name"`
	Body    string `db:"body"`
	Staff   bool   `db:"staff"`
	Created int64  `db:"created"`
}

// Consultation is a member's question and its conversation.
type Consultation struct {
	ID           int64  `db:"id"`
	MemberID     int64  `db:"member_id"`
	Title        string `db:"title"`
	Body         string `db:"body"`
	Name         string `db:"name"`
	Created      int64  `db:"created"`
	LastActivity int64  `db:"last_activity"`
	Comments     []Comment
}

// Viewer is who reads or writes: staff who answer see every consultation of
// the club; anyone else only the consultations of their own member record.
type Viewer struct {
	UserID, MemberID int64
	AllOfClub        bool
}

// Consultations returns the consultations the viewer may see, the latest
// activity first, with their comments; id (not 0) narrows it to one.
func (s *Service) Consultations(ctx context.Context, clubID int64, v Viewer, id int64) ([]Consultation, error) {
	list, err := consultationsOf(ctx, s.db.R, clubID, v, id)
	if err != nil {
		return nil, err
	}
	if id != 0 && len(list) == 0 {
		return nil, ErrConsultNotFound
	}
	at := map[int64]int{}
	ids := make([]any, 0, len(list))
	for i := range list {
		at[list[i].ID] = i
		list[i].Comments = []Comment{}
		ids = append(ids, list[i].ID)
	}
	if len(ids) == 0 {
		return list, nil
	}
	comments, err := commentsOf(ctx, s.db.R, clubID, ids, !v.AllOfClub || id != 0)
	if err != nil {
		return nil, err
	}
	for _, c := range comments {
		if i, ok := at[c.Owner]; ok {
			list[i].Comments = append(list[i].Comments, c)
		}
	}
	return list, nil
}

func checkMessage(body string) (string, error) {
	body = strings.TrimSpace(body)
	if body == "" {
		return "", errConsultBody
	}
	if utf8.RuneCountInString(body) > MaxMessage {
		return "", errConsultBodyLong
	}
	return body, nil
}

// Ask opens a consultation from the viewer's own member record.
func (s *Service) Ask(ctx context.Context, clubID int64, v Viewer, title, body string) (int64, error) {
	title = strings.TrimSpace(title)
	if title == "" {
		return 0, errTitle
	}
	if utf8.RuneCountInString(title) > MaxTitle {
		return 0, errTitleLong
	}
	body, err := checkMessage(body)
	if err != nil {
		return 0, err
	}
	now := time.Now().Unix()
	return insertConsultation(ctx, s.db.W, clubID, v.MemberID, title, body, now)
}

// Reply adds the viewer's comment to a consultation they may see, and
// returns the consultation's title and the name the comment was signed with.
func (s *Service) Reply(ctx context.Context, clubID int64, v Viewer, id int64, body string) (title, name string, err error) {
	body, err = checkMessage(body)
	if err != nil {
		return "", "", err
	}
	err = s.db.Tx(ctx, func(tx *sqlx.Tx) error {
		titles, err := consultationTitle(ctx, tx, clubID, v, id)
		if err != nil {
			return err
		}
		if len(titles) == 0 {
			return ErrConsultNotFound
		}
		title = titles[0]
		if err := staffName(ctx, tx, v.UserID, &name); err != nil {
			return err
		}
		now := time.Now().Unix()
		if err := insertComment(ctx, tx, id, v.UserID, v.AllOfClub, name, body, now); err != nil {
			return err
		}
		return touchConsultation(ctx, tx, id, now)
	})
	return title, name, err
}

// DeleteConsultation removes a consultation of the club with its comments.
func (s *Service) DeleteConsultation(ctx context.Context, clubID, id int64) error {
	found, err := deleteConsultation(ctx, s.db.W, clubID, id)
	if err != nil {
		return err
	}
	if !found {
		return ErrConsultNotFound
	}
	return nil
}
