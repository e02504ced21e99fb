package inventory

import (
	"context"

	"socius/internal/db"
)

// The inventory tables' SQL: inventory_items, inventory_movements and
// inventory_movement_images.

// listItems returns the club's items (or the one of id iid), newest first,
// without their movements.
func listItems(ctx context.Context, q db.Q, clubID, iid int64) ([]InventoryItem, error) {
	query := `SELECT i.id, i.title, i.category_id, COALESCE(c.title, '') AS category_title, i.type, i.dominance, i.status, i.created
		FROM inventory_items i LEFT JOIN club_categories c ON c.id = i.category_id WHERE i.club_id = ?`
	args := []any{clubID}
	if iid != 0 {
		query, args = query+" AND i.id = ?", append(args, iid)
	}
	items := []InventoryItem{}
	err := db.Select(ctx, q, &items, query+" ORDER BY i.id DESC", args...)
	return items, err
}

// listMovements returns the movements of the club's items (or of the item
// iid), newest first, without their images.
func listMovements(ctx context.Context, q db.Q, clubID, iid int64) ([]InventoryMovement, error) {
	mq := `SELECT m.id, m.item_id, m.action, m.amount, m.cost, m.location, m.from_location, m.note, m.created,
		` + db.StaffName("u") + ` AS employee_name
		FROM inventory_movements m LEFT JOIN users u ON u.id = m.staff_user_id WHERE m.club_id = ?`
	margs := []any{clubID}
	if iid != 0 {
		mq, margs = mq+" AND m.item_id = ?", append(margs, iid)
	}
	var moves []InventoryMovement
	err := db.Select(ctx, q, &moves, mq+" ORDER BY m.id DESC", margs...)
	return moves, err
}

type movementImage struct {
	MID  int64  `db:"movement_id"`
	File string `db:"file_id"`
}

// movementImages returns the images of every movement of the club, in order.
func movementImages(ctx context.Context, q db.Q, clubID int64) ([]movementImage, error) {
	var imgs []movementImage
	iq := `SELECT g.movement_id, g.file_id FROM inventory_movement_images g JOIN inventory_movements m ON m.id = g.movement_id WHERE m.club_id = ?`
	err := db.Select(ctx, q, &imgs, iq+" ORDER BY g.movement_id, g.position", clubID)
	return imgs, err
}

// countProductCategory counts the club's product categories of that id (0 or 1).
func countProductCategory(ctx context.Context, q db.Q, clubID, id int64) (int, error) {
	var n int
	err := db.Get(ctx, q, &n, `SELECT COUNT(*) FROM club_categories WHERE id = ? AND club_id = ? AND type = 'dispensary'`, id, clubID)
	return n, err
}

func insertItem(ctx context.Context, q db.Q, clubID int64, in ItemInput, cat any, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO inventory_items (club_id, title, category_id, type, dominance, status, created, changed)
			VALUES (?,?,?,?,?,?,?,?)`, clubID, in.Title, cat, in.Type, in.Dominance, b2i(in.Status), now, now)
}

// updateItem edits one of the club's items and reports whether there was one.
func updateItem(ctx context.Context, q db.Q, clubID, iid int64, in ItemInput, cat any, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE inventory_items SET title = ?, category_id = ?, type = ?, dominance = ?, status = ?, changed = ?
			WHERE id = ? AND club_id = ?`, in.Title, cat, in.Type, in.Dominance, b2i(in.Status), now, iid, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// lockItem takes the row of one of the club's items (it stamps its change)
// and reports whether there is one.
func lockItem(ctx context.Context, q db.Q, clubID, iid, now int64) (bool, error) {
	res, err := db.Exec(ctx, q, `UPDATE inventory_items SET changed = ? WHERE id = ? AND club_id = ?`, now, iid, clubID)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}

// amountAt is how much of an item its movements leave in a store.
func amountAt(ctx context.Context, q db.Q, iid int64, location string) (int64, error) {
	var have int64
	err := db.Get(ctx, q, &have, `SELECT COALESCE(SUM(CASE
				WHEN action = 'add' AND location = ? THEN amount
				WHEN action = 'remove' AND location = ? THEN -amount
				WHEN action = 'move' AND location = ? THEN amount
				WHEN action = 'move' AND from_location = ? THEN -amount
				ELSE 0 END), 0) FROM inventory_movements WHERE item_id = ?`, location, location, location, location, iid)
	return have, err
}

func insertMovement(ctx context.Context, q db.Q, clubID, staffUserID int64, in MovementInput, now int64) (int64, error) {
	return db.Insert(ctx, q, `INSERT INTO inventory_movements (club_id, item_id, action, amount, cost, location, from_location, note, staff_user_id, created)
			VALUES (?,?,?,?,?,?,?,?,?,?)`, clubID, in.IID, in.Action, int64(in.Amount), int64(in.Cost), in.Location, in.FromLocation, in.Note, staffUserID, now)
}

func insertMovementImage(ctx context.Context, q db.Q, movementID int64, position int, fileID string) error {
	_, err := db.Exec(ctx, q, `INSERT INTO inventory_movement_images (movement_id, position, file_id) VALUES (?,?,?)`, movementID, position, fileID)
	return err
}
