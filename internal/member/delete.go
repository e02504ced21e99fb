package member

import (
	"context"
	"strings"
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
