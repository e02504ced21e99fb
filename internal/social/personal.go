package social

import (
	"context"

	pd "socius/internal/personaldata"
)

// ConsultationRecord is a member's consultation as the member's data export
// carries it: the question and every message of its conversation.
type ConsultationRecord struct {
	ID           int64           `json:"id"`
	Title        string          `json:"title"`
	Body         string          `json:"body"`
	Name         string          `json:"name" doc:"Who wrote it, as they signed"`
	Created      int64           `json:"created"`
	LastActivity int64           `json:"last_activity"`
	Comments     []CommentRecord `json:"comments"`
}

// CommentRecord is one message of a consultation's conversation.
type CommentRecord struct {
	Name    string `json:"name"`
	Staff   bool   `json:"staff" doc:"Written by the club's staff"`
	Body    string `json:"body"`
	Created int64  `json:"created"`
}

// Attendance is an event of the club the member signed up for.
type Attendance struct {
	EventID   int64  `json:"event_id" db:"event_id"`
	Title     string `json:"title" db:"title"`
	StartDate string `json:"start_date" db:"start_date"`
	EndDate   string `json:"end_date" db:"end_date"`
	SignedUp  int64  `json:"signed_up" db:"created"`
}

// PersonalData is what the social package holds about a member of the club:
// the member's consultations with their conversations, and the events the
// member signed up for.
func (s *Service) PersonalData(ctx context.Context, clubID, memberID int64) ([]pd.Section, error) {
	list, err := s.Consultations(ctx, clubID, Viewer{MemberID: memberID}, 0)
	if err != nil {
		return nil, err
	}
	consults := pd.Section{Key: "consultations", Data: []ConsultationRecord{}}
	records := make([]ConsultationRecord, 0, len(list))
	for _, c := range list {
		r := ConsultationRecord{ID: c.ID, Title: c.Title, Body: c.Body, Name: c.Name, Created: c.Created, LastActivity: c.LastActivity,
			Comments: make([]CommentRecord, 0, len(c.Comments))}
		consults.Texts = append(consults.Texts, pd.Text{About: []any{c.Title, pd.Time(c.Created), c.Name}, Body: c.Body})
		for _, m := range c.Comments {
			r.Comments = append(r.Comments, CommentRecord{Name: m.Name, Staff: m.Staff, Body: m.Body, Created: m.Created})
			consults.Texts = append(consults.Texts, pd.Text{About: []any{c.Title, pd.Time(m.Created), m.Name}, Body: m.Body})
		}
		records = append(records, r)
	}
	consults.Data = records
	events, err := memberEvents(ctx, s.db.R, clubID, memberID)
	if err != nil {
		return nil, err
	}
	t := pd.Table{Rows: [][]any{}, Columns: []pd.Column{{Label: "event.title", Width: 4}, {Label: "event.start", Width: 1.5}, {Label: "event.end", Width: 1.5},
		{Label: "event.signed_up", Width: 2}}}
	for _, e := range events {
		t.Rows = append(t.Rows, []any{e.Title, pd.Day(e.StartDate), pd.Day(e.EndDate), pd.Time(e.SignedUp)})
	}
	return []pd.Section{consults, {Key: "events", Data: events, Tables: []pd.Table{t}}}, nil
}
