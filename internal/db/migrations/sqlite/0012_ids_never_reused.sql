-- Ids of orders and of every money or stock row are never reused: an order
-- number that appears twice in a club's history breaks any audit. SQLite
-- gives a deleted last row's id to the next row unless the table is
-- AUTOINCREMENT (a cancelled order's number went to the next order), so each
-- such table is rebuilt with it (SQLite's documented procedure: foreign keys
-- off, new table, copy, drop, rename, indexes). PostgreSQL's identity
-- columns never hand an id out twice.
-- +goose NO TRANSACTION
-- +goose Up
PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE orders_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id),
    status TEXT NOT NULL DEFAULT 'cart',
    base_price INTEGER NOT NULL DEFAULT 0,
    discount INTEGER NOT NULL DEFAULT 0,
    total INTEGER NOT NULL DEFAULT 0,
    manual_discount INTEGER NOT NULL DEFAULT 0,
    pay_type TEXT NOT NULL DEFAULT '',
    pay_key TEXT NOT NULL DEFAULT '',
    signature TEXT NOT NULL DEFAULT '',
    override_reason TEXT NOT NULL DEFAULT '',
    override_user_id INTEGER,
    staff_user_id INTEGER NOT NULL,
    paid_by_user_id INTEGER,
    created INTEGER NOT NULL,
    changed INTEGER NOT NULL,
    paid INTEGER NOT NULL DEFAULT 0
);
INSERT INTO orders_new (id, club_id, member_id, status, base_price, discount, total, manual_discount, pay_type, pay_key, signature, override_reason, override_user_id, staff_user_id, paid_by_user_id, created, changed, paid)
    SELECT id, club_id, member_id, status, base_price, discount, total, manual_discount, pay_type, pay_key, signature, override_reason, override_user_id, staff_user_id, paid_by_user_id, created, changed, paid FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
CREATE UNIQUE INDEX orders_open ON orders (member_id) WHERE status = 'cart';
CREATE INDEX orders_club ON orders (club_id, status, created, id);
CREATE INDEX orders_paid ON orders (club_id, paid, id);
CREATE INDEX orders_member ON orders (member_id, paid, id);

CREATE TABLE order_lines_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    product_id INTEGER REFERENCES products (id),
    fee_type_id INTEGER REFERENCES fee_types (id),
    title TEXT NOT NULL,
    code TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    product_type TEXT NOT NULL DEFAULT '',
    unit_price INTEGER NOT NULL,
    quantity INTEGER NOT NULL,
    real_quantity INTEGER NOT NULL,
    grams INTEGER NOT NULL DEFAULT 0,
    base_price INTEGER NOT NULL,
    discount INTEGER NOT NULL,
    total INTEGER NOT NULL,
    refund_quantity INTEGER NOT NULL DEFAULT 0,
    refund_real INTEGER NOT NULL DEFAULT 0,
    refund_grams INTEGER NOT NULL DEFAULT 0,
    refund_amount INTEGER NOT NULL DEFAULT 0,
    unit_cost INTEGER NOT NULL DEFAULT 0
);
INSERT INTO order_lines_new (id, order_id, position, product_id, fee_type_id, title, code, category, product_type, unit_price, quantity, real_quantity, grams, base_price, discount, total, refund_quantity, refund_real, refund_grams, refund_amount, unit_cost)
    SELECT id, order_id, position, product_id, fee_type_id, title, code, category, product_type, unit_price, quantity, real_quantity, grams, base_price, discount, total, refund_quantity, refund_real, refund_grams, refund_amount, unit_cost FROM order_lines;
DROP TABLE order_lines;
ALTER TABLE order_lines_new RENAME TO order_lines;
CREATE INDEX order_lines_order ON order_lines (order_id, position);
CREATE INDEX order_lines_product ON order_lines (product_id);

CREATE TABLE order_refunds_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    order_id INTEGER NOT NULL REFERENCES orders (id),
    member_id INTEGER NOT NULL REFERENCES members (id),
    pay_type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    grams INTEGER NOT NULL,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
INSERT INTO order_refunds_new (id, club_id, order_id, member_id, pay_type, amount, grams, staff_user_id, created)
    SELECT id, club_id, order_id, member_id, pay_type, amount, grams, staff_user_id, created FROM order_refunds;
DROP TABLE order_refunds;
ALTER TABLE order_refunds_new RENAME TO order_refunds;
CREATE INDEX order_refunds_order ON order_refunds (order_id);
CREATE INDEX order_refunds_member ON order_refunds (member_id, created);

CREATE TABLE coupon_uses_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    coupon_id INTEGER NOT NULL REFERENCES coupons (id),
    order_id INTEGER NOT NULL REFERENCES orders (id),
    member_id INTEGER NOT NULL REFERENCES members (id),
    created INTEGER NOT NULL
);
INSERT INTO coupon_uses_new (id, club_id, coupon_id, order_id, member_id, created)
    SELECT id, club_id, coupon_id, order_id, member_id, created FROM coupon_uses;
DROP TABLE coupon_uses;
ALTER TABLE coupon_uses_new RENAME TO coupon_uses;
CREATE UNIQUE INDEX coupon_uses_order ON coupon_uses (order_id, coupon_id);
CREATE INDEX coupon_uses_coupon ON coupon_uses (coupon_id, created, id);
CREATE INDEX coupon_uses_member ON coupon_uses (coupon_id, member_id);

CREATE TABLE cash_movements_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    pay_type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    order_id INTEGER,
    member_id INTEGER,
    note TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    close_id INTEGER,
    created INTEGER NOT NULL
);
INSERT INTO cash_movements_new (id, club_id, type, pay_type, amount, order_id, member_id, note, staff_user_id, close_id, created)
    SELECT id, club_id, type, pay_type, amount, order_id, member_id, note, staff_user_id, close_id, created FROM cash_movements;
DROP TABLE cash_movements;
ALTER TABLE cash_movements_new RENAME TO cash_movements;
CREATE INDEX cash_movements_club ON cash_movements (club_id, created, id);
CREATE INDEX cash_movements_open ON cash_movements (club_id, close_id, id);
CREATE INDEX cash_movements_close ON cash_movements (close_id);
CREATE INDEX cash_movements_order ON cash_movements (order_id);

CREATE TABLE cash_closes_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    counted INTEGER NOT NULL,
    expected INTEGER NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    first_movement INTEGER NOT NULL DEFAULT 0,
    last_movement INTEGER NOT NULL DEFAULT 0,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
INSERT INTO cash_closes_new (id, club_id, counted, expected, note, first_movement, last_movement, staff_user_id, created)
    SELECT id, club_id, counted, expected, note, first_movement, last_movement, staff_user_id, created FROM cash_closes;
DROP TABLE cash_closes;
ALTER TABLE cash_closes_new RENAME TO cash_closes;
CREATE INDEX cash_closes_club ON cash_closes (club_id, id);

CREATE TABLE wallet_movements_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id),
    operation TEXT NOT NULL,
    amount INTEGER NOT NULL,
    balance INTEGER NOT NULL,
    pay_type TEXT NOT NULL DEFAULT '',
    order_id INTEGER,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
INSERT INTO wallet_movements_new (id, club_id, member_id, operation, amount, balance, pay_type, order_id, staff_user_id, created)
    SELECT id, club_id, member_id, operation, amount, balance, pay_type, order_id, staff_user_id, created FROM wallet_movements;
DROP TABLE wallet_movements;
ALTER TABLE wallet_movements_new RENAME TO wallet_movements;
CREATE INDEX wallet_movements_member ON wallet_movements (member_id, created, id);
CREATE INDEX wallet_movements_club ON wallet_movements (club_id, created, id);

CREATE TABLE stock_movements_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products (id),
    type TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    new_level INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
INSERT INTO stock_movements_new (id, club_id, product_id, type, quantity, new_level, note, staff_user_id, created)
    SELECT id, club_id, product_id, type, quantity, new_level, note, staff_user_id, created FROM stock_movements;
DROP TABLE stock_movements;
ALTER TABLE stock_movements_new RENAME TO stock_movements;
CREATE INDEX stock_movements_product ON stock_movements (product_id, created, id);

CREATE TABLE inventory_movements_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    item_id INTEGER NOT NULL REFERENCES inventory_items (id) ON DELETE CASCADE,
    action TEXT NOT NULL,
    amount INTEGER NOT NULL,
    cost INTEGER NOT NULL DEFAULT 0,
    location TEXT NOT NULL,
    from_location TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
INSERT INTO inventory_movements_new (id, club_id, item_id, action, amount, cost, location, from_location, note, staff_user_id, created)
    SELECT id, club_id, item_id, action, amount, cost, location, from_location, note, staff_user_id, created FROM inventory_movements;
DROP TABLE inventory_movements;
ALTER TABLE inventory_movements_new RENAME TO inventory_movements;
CREATE INDEX inventory_movements_item ON inventory_movements (item_id, id);

COMMIT;
PRAGMA foreign_keys = ON;

-- +goose Down
SELECT 1;
