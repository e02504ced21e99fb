package member

import (
	"context"

	"socius/internal/db"
)

// The statements of a member's deletion that no save shares, each taking
// the caller's transaction. The row stays for the history.

// eraseMember clears a member's personal data and access, keeping the row
// renamed "Socio eliminado".
func eraseMember(ctx context.Context, q db.Q, memberID, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET deleted = 1, status = 0, is_staff = 0, online_account = 0, user_id = NULL,
				nombre = '`+deletedNamePrefix+`', surname = '', surname2 = '', dni = '', email = '', telefono = '',
				birthdate = 0, keychain = '', notes = '', photo = '', signature = '', address_thoroughfare = '',
				address_locality = '', address_postal_code = '', address_country = '', changed = ? WHERE id = ?`, now, memberID)
	return err
}

// deleteAllEndorsements removes the member's guarantors and its guarantees of others.
func deleteAllEndorsements(ctx context.Context, q db.Q, memberID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM member_endorsements WHERE member_id = ? OR endorser_id = ?`, memberID, memberID)
	return err
}
