package member

import (
	"context"
	"time"
)

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
	id, err := insertAccessEvent(ctx, s.db.W, clubID, nid, action, at, staffUID, now)
	if err != nil {
		return nil, err
	}
	return &AccessEvent{ID: id, Action: action, Datetime: at, MemberID: nid}, nil
}
