package member

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

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
		if err := eraseMember(ctx, tx, nid, time.Now().Unix()); err != nil {
			return err
		}
		// then its search words, roles, documents, link requests and guarantees, given or received
		for _, del := range []func(context.Context, db.Q, int64) error{
			deleteTerms, deleteRoles, deleteDocuments, deleteLinks, deleteAllEndorsements,
		} {
			if err := del(ctx, tx, nid); err != nil {
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
