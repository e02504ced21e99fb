package coupon

import (
	"context"
	"strings"

	"github.com/jmoiron/sqlx"

	"socius/internal/db"
)

// The coupon tables' SQL: coupons, coupon_categories, coupon_products and
// coupon_uses.

const columns = `id, code, title, description, type, discount, status, from_date, to_date, use_number_coupon,
	use_number_user, use_user_type, COALESCE(use_user_category, 0) AS use_user_category, min_amount_order,
	cumulative, notes, uses, deleted, created, changed`

// listCoupons returns the club's coupons that are not deleted, newest first,
// without their scopes.
func listCoupons(ctx context.Context, q db.Q, clubID int64) ([]Coupon, error) {
	var out []Coupon
	err := db.Select(ctx, q, &out, `SELECT `+columns+` FROM coupons WHERE club_id = ? AND deleted = 0 ORDER BY created DESC, id DESC`, clubID)
	return out, err
}

// couponsByID returns the club's coupons of those ids, deleted ones
// included, without their scopes.
func couponsByID(ctx context.Context, q db.Q, clubID int64, ids []int64) ([]Coupon, error) {
	query, args, err := sqlx.In(`SELECT `+columns+` FROM coupons WHERE club_id = ? AND id IN (?)`, clubID, ids)
	if err != nil {
		return nil, err
	}
	var rows []Coupon
	err = db.Select(ctx, q, &rows, query, args...)
	return rows, err
}

// couponIDsByCode returns the ids of the club's coupons (not deleted) whose
// code compares as key.
func couponIDsByCode(ctx context.Context, q db.Q, clubID int64, key string) ([]int64, error) {
	var ids []int64
	err := db.Select(ctx, q, &ids, `SELECT id FROM coupons WHERE club_id = ? AND code_key = ? AND deleted = 0`, clubID, key)
	return ids, err
}

// otherCouponIDsByCode is couponIDsByCode leaving out the coupon id: a code
// another coupon of the club already has.
func otherCouponIDsByCode(ctx context.Context, q db.Q, clubID int64, key string, id int64) ([]int64, error) {
	var taken []int64
	err := db.Select(ctx, q, &taken, `SELECT id FROM coupons WHERE club_id = ? AND code_key = ? AND deleted = 0 AND id <> ?`,
		clubID, key, id)
	return taken, err
}

type couponCategory struct {
	Coupon   int64 `db:"coupon_id"`
	Category int64 `db:"category_id"`
}

// scopeCategories returns the product categories the coupons are limited to.
func scopeCategories(ctx context.Context, q db.Q, ids []int64) ([]couponCategory, error) {
	query, args, err := sqlx.In(`SELECT coupon_id, category_id FROM coupon_categories WHERE coupon_id IN (?) ORDER BY coupon_id, category_id`, ids)
	if err != nil {
		return nil, err
	}
	var cats []couponCategory
	err = db.Select(ctx, q, &cats, query, args...)
	return cats, err
}

type couponProduct struct {
	Coupon int64 `db:"coupon_id"`
	ProductRef
}

// scopeProducts returns the products the coupons are limited to, with their titles.
func scopeProducts(ctx context.Context, q db.Q, ids []int64) ([]couponProduct, error) {
	query, args, err := sqlx.In(`SELECT cp.coupon_id, cp.product_id, p.title FROM coupon_products cp JOIN products p ON p.id = cp.product_id
		WHERE cp.coupon_id IN (?) ORDER BY cp.coupon_id, p.title, cp.product_id`, ids)
	if err != nil {
		return nil, err
	}
	var prods []couponProduct
	err = db.Select(ctx, q, &prods, query, args...)
	return prods, err
}

// lockCoupon takes the row of one of the club's coupons (an UPDATE locks
// it) and reports whether there is one.
func lockCoupon(ctx context.Context, q db.Q, clubID, id int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE coupons SET changed = changed WHERE id = ? AND club_id = ? AND deleted = 0`, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

func owned(ctx context.Context, q db.Q, query string, id, clubID int64) bool {
	var ids []int64
	return db.Select(ctx, q, &ids, query, id, clubID) == nil && len(ids) > 0
}

// ownsMemberCategory reports whether the club has that member category.
func ownsMemberCategory(ctx context.Context, q db.Q, clubID, id int64) bool {
	return owned(ctx, q, `SELECT id FROM club_categories WHERE id = ? AND club_id = ? AND type = 'membership'`, id, clubID)
}

// ownsProductCategory reports whether the club has that product category.
func ownsProductCategory(ctx context.Context, q db.Q, clubID, id int64) bool {
	return owned(ctx, q, `SELECT id FROM club_categories WHERE id = ? AND club_id = ? AND type = 'dispensary'`, id, clubID)
}

// ownsProduct reports whether the club has that product, not deleted.
func ownsProduct(ctx context.Context, q db.Q, clubID, id int64) bool {
	return owned(ctx, q, `SELECT id FROM products WHERE id = ? AND club_id = ? AND deleted = 0`, id, clubID)
}

// couponValues are the values of a validated input in the order of the
// columns insertCoupon and updateCoupon write.
func couponValues(in *Input, status int, now int64) []any {
	var category any
	if in.UserCategory != 0 {
		category = in.UserCategory
	}
	cumulative := 0
	if in.Cumulative {
		cumulative = 1
	}
	return []any{in.Code, Key(in.Code), in.Title, strings.TrimSpace(in.Description), in.Type, int64(*in.Discount), status,
		in.From, in.To, in.UsesCoupon, in.UsesUser, in.UserType, category, int64(in.MinAmount), cumulative, in.Notes, now}
}

func insertCoupon(ctx context.Context, q db.Q, clubID, staffID int64, in *Input, status int, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO coupons (code, code_key, title, description, type, discount, status, from_date, to_date,
				use_number_coupon, use_number_user, use_user_type, use_user_category, min_amount_order, cumulative, notes, changed,
				club_id, staff_user_id, created) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, append(couponValues(in, status, now), clubID, staffID, now)...)
}

// updateCoupon writes an input over one of the club's coupons and reports
// whether there was one.
func updateCoupon(ctx context.Context, q db.Q, clubID, id int64, in *Input, status int, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE coupons SET code = ?, code_key = ?, title = ?, description = ?, type = ?, discount = ?,
				status = ?, from_date = ?, to_date = ?, use_number_coupon = ?, use_number_user = ?, use_user_type = ?,
				use_user_category = ?, min_amount_order = ?, cumulative = ?, notes = ?, changed = ?
				WHERE id = ? AND club_id = ? AND deleted = 0`, append(couponValues(in, status, now), id, clubID)...)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

func deleteCouponCategories(ctx context.Context, q db.Q, couponID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM coupon_categories WHERE coupon_id = ?`, couponID)
	return err
}

func deleteCouponProducts(ctx context.Context, q db.Q, couponID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM coupon_products WHERE coupon_id = ?`, couponID)
	return err
}

func insertCouponCategory(ctx context.Context, q db.Q, couponID, categoryID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO coupon_categories (coupon_id, category_id) VALUES (?, ?)`, couponID, categoryID)
	return err
}

func insertCouponProduct(ctx context.Context, q db.Q, couponID, productID int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO coupon_products (coupon_id, product_id) VALUES (?, ?)`, couponID, productID)
	return err
}

// setCouponStatus switches one of the club's coupons on (1) or off (0) and
// reports whether there was one.
func setCouponStatus(ctx context.Context, q db.Q, clubID, id int64, status int, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE coupons SET status = ?, changed = ? WHERE id = ? AND club_id = ? AND deleted = 0`,
		status, now, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// markCouponDeleted deletes one of the club's coupons (the row stays) and
// reports whether there was one.
func markCouponDeleted(ctx context.Context, q db.Q, clubID, id int64, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE coupons SET deleted = 1, status = 0, changed = ? WHERE id = ? AND club_id = ? AND deleted = 0`,
		now, id, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// usesWhere selects the club's uses, of one coupon unless couponID is 0.
func usesWhere(clubID, couponID int64) (string, []any) {
	where := ` WHERE u.club_id = ?`
	args := []any{clubID}
	if couponID != 0 {
		where += ` AND u.coupon_id = ?`
		args = append(args, couponID)
	}
	return where, args
}

// countUses counts the club's uses (of one coupon unless couponID is 0).
func countUses(ctx context.Context, q db.Q, clubID, couponID int64) (int, error) {
	where, args := usesWhere(clubID, couponID)
	var total int
	err := db.Get(ctx, q, &total, `SELECT COUNT(*) FROM coupon_uses u`+where, args...)
	return total, err
}

// usesPage returns limit of the club's uses (of one coupon unless couponID
// is 0) from offset, newest first.
func usesPage(ctx context.Context, q db.Q, clubID, couponID int64, limit, offset int) ([]Use, error) {
	where, args := usesWhere(clubID, couponID)
	out := []Use{}
	err := db.Select(ctx, q, &out, `SELECT u.id, u.coupon_id, c.code, TRIM(m.nombre || ' ' || m.surname) AS title, m.number, u.order_id, u.created
		FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id JOIN members m ON m.id = u.member_id`+where+`
		ORDER BY u.created DESC, u.id DESC LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return out, err
}

type couponCount struct {
	ID int64 `db:"coupon_id"`
	N  int   `db:"n"`
}

// memberUseCounts counts, per coupon of ids, the member's uses.
func memberUseCounts(ctx context.Context, q db.Q, memberID int64, ids []int64) ([]couponCount, error) {
	query, args, err := sqlx.In(`SELECT coupon_id, COUNT(*) AS n FROM coupon_uses WHERE member_id = ? AND coupon_id IN (?) GROUP BY coupon_id`, memberID, ids)
	if err != nil {
		return nil, err
	}
	var rows []couponCount
	err = db.Select(ctx, q, &rows, query, args...)
	return rows, err
}

// takeUse counts one more use of the club's coupon if it is on and has a use
// left, answering its limit per member; no row when it had none to give.
func takeUse(ctx context.Context, q db.Q, clubID, couponID int64) ([]int, error) {
	var limits []int
	err := db.Select(ctx, q, &limits, `UPDATE coupons SET uses = uses + 1 WHERE id = ? AND club_id = ? AND deleted = 0 AND status = 1
		AND (use_number_coupon = 0 OR uses < use_number_coupon) RETURNING use_number_user`, couponID, clubID)
	return limits, err
}

// countMemberUses counts the member's uses of one coupon.
func countMemberUses(ctx context.Context, q db.Q, couponID, memberID int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = ? AND member_id = ?`, couponID, memberID)
	return n, err
}

func insertUse(ctx context.Context, q db.Q, clubID, couponID, orderID, memberID, now int64) error {
	_, err := db.Exec(ctx, q, `INSERT INTO coupon_uses (club_id, coupon_id, order_id, member_id, created) VALUES (?,?,?,?,?)`,
		clubID, couponID, orderID, memberID, now)
	return err
}

// returnOrderUses takes back from their coupons the uses an order counted.
func returnOrderUses(ctx context.Context, q db.Q, orderID int64) error {
	_, err := db.Exec(ctx, q, `UPDATE coupons SET uses = uses - 1
		WHERE id IN (SELECT coupon_id FROM coupon_uses WHERE order_id = ?)`, orderID)
	return err
}

func deleteOrderUses(ctx context.Context, q db.Q, orderID int64) error {
	_, err := db.Exec(ctx, q, `DELETE FROM coupon_uses WHERE order_id = ?`, orderID)
	return err
}
