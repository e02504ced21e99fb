package comms

import (
	"context"

	pd "socius/internal/personaldata"
)

// PersonalData is what the comms package holds about a member of the club:
// each push notification and SMS sent to the member, with its delivery
// state. The devices a member's account registered for push are the
// account's, kept with their keys, and are not part of a club's export.
func (s *Service) PersonalData(ctx context.Context, clubID, memberID int64) ([]pd.Section, error) {
	list, err := memberMessages(ctx, s.db.R, clubID, memberID)
	if err != nil {
		return nil, err
	}
	sec := pd.Section{Key: "messages", Data: list}
	for _, m := range list {
		sec.Texts = append(sec.Texts, pd.Text{About: []any{pd.Time(m.Created), pd.Term("channel." + m.Channel), m.Recipient,
			pd.Term("state." + m.State)}, Body: m.Body})
	}
	return []pd.Section{sec}, nil
}
