package member

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"socius/internal/access"
	"socius/internal/db"
)

// The writes other packages make to member rows, inside their own
// transaction: a paid fee extends the membership, a wallet move changes the
// balance, a new staff user gets a member record. The members table has one
// owner (docs/architecture.md).

// ExtendMembership adds seconds to a member's fee end date, counted from the
// later of now and the current end (a renewal before the end keeps the days
// left).
func ExtendMembership(ctx context.Context, q db.Q, memberID, seconds, now int64) error {
	_, err := db.Exec(ctx, q, `UPDATE members SET end_date = (CASE WHEN end_date > ? THEN end_date ELSE ? END) + ? WHERE id = ?`,
		now, now, seconds, memberID)
	return err
}

// MoveWallet adds cents (negative to debit) to a member's balance and returns
// the new balance. The checks are part of the UPDATE, so they hold however
// many counters pay at once: a debit below zero is refused unless the member
// may go negative (monedero_negativo), and the balance stays within ±limit.
// ok is false when the move was refused (or the member is not the club's).
func MoveWallet(ctx context.Context, q db.Q, clubID, memberID, cents, limit int64) (balance int64, ok bool, err error) {
	var bal []int64
	if err := db.Select(ctx, q, &bal, `UPDATE members SET wallet = wallet + ? WHERE id = ? AND club_id = ?
		AND (? >= 0 OR monedero_negativo = 1 OR wallet + ? >= 0) AND wallet + ? BETWEEN ? AND ? RETURNING wallet`,
		cents, memberID, clubID, cents, cents, cents, -limit, limit); err != nil {
		return 0, false, err
	}
	if len(bal) == 0 {
		return 0, false, nil
	}
	return bal[0], true, nil
}

// ErrUnknownRole is a staff role that access does not know.
var ErrUnknownRole = fmt.Errorf("unknown role")

// Staff is the member record of a staff user (command line, demo).
type Staff struct {
	Club                      int64
	User                      int64
	Name, Surname, DNI, Email string
	Roles                     []string
}

// CreateStaff writes the staff member record of a user in a club with its
// roles and search words, inside tx. The member number is the club's next
// free one.
func CreateStaff(ctx context.Context, tx *sqlx.Tx, st Staff) (int64, error) {
	for _, r := range st.Roles {
		if !access.IsRole(r) {
			return 0, fmt.Errorf("%w: %s", ErrUnknownRole, r)
		}
	}
	next, err := nextNumber(ctx, tx, st.Club)
	if err != nil {
		return 0, err
	}
	mid, err := db.Insert(ctx, tx, `INSERT INTO members (club_id, user_id, number, nombre, surname, dni, email, keychain,
		is_staff, online_account, status, created) VALUES (?,?,?,?,?,?,?,?,1,1,1,?)`,
		st.Club, st.User, next, st.Name, st.Surname, st.DNI, st.Email, st.DNI, time.Now().Unix())
	if err != nil {
		return 0, err
	}
	// the same search words as a member saved from the member form
	if err := indexTerms(ctx, tx, st.Club, mid, st.Name, st.Surname, "", st.DNI, st.Email, ""); err != nil {
		return 0, err
	}
	for _, r := range st.Roles {
		if err := insertRole(ctx, tx, mid, r); err != nil {
			return 0, err
		}
	}
	return mid, nil
}
