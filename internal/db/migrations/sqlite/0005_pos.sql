-- +goose Up
-- The member's wallet (monedero) in cents. It always equals the sum of the
-- member's wallet_movements, written in the same transaction.
ALTER TABLE members ADD COLUMN wallet INTEGER NOT NULL DEFAULT 0;

-- Every wallet change is a row: a top-up (add), a correction (remove), an
-- order paid from the wallet (order) or a refund to it (refund).
CREATE TABLE wallet_movements (
    id INTEGER PRIMARY KEY,
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
CREATE INDEX wallet_movements_member ON wallet_movements (member_id, created, id);
CREATE INDEX wallet_movements_club ON wallet_movements (club_id, created, id);

-- Fee types (cuotas): a fee paid extends the member's end_date by its days.
CREATE TABLE fee_types (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    code TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL,
    price INTEGER NOT NULL DEFAULT 0,
    days INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 1,
    created INTEGER NOT NULL
);
CREATE INDEX fee_types_club ON fee_types (club_id, id);

-- Orders: status 'cart' (in process) or 'completed'. One open order per
-- member (the partial unique index). Amounts in cents, computed by the server.
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
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
CREATE UNIQUE INDEX orders_open ON orders (member_id) WHERE status = 'cart';
CREATE INDEX orders_club ON orders (club_id, status, created, id);
CREATE INDEX orders_paid ON orders (club_id, paid, id);
CREATE INDEX orders_member ON orders (member_id, paid, id);

-- Order lines: a product (by weight or unit) or a fee. Title, code, category
-- and unit price are copied when the line is saved and frozen at payment.
-- quantity and real_quantity are thousandths (milligrams for weight);
-- grams is what the line counts towards the member's monthly consumption.
CREATE TABLE order_lines (
    id INTEGER PRIMARY KEY,
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
    refund_amount INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX order_lines_order ON order_lines (order_id, position);
CREATE INDEX order_lines_product ON order_lines (product_id);

-- Refunds of paid orders, each with its lines.
CREATE TABLE order_refunds (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    order_id INTEGER NOT NULL REFERENCES orders (id),
    member_id INTEGER NOT NULL REFERENCES members (id),
    pay_type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    grams INTEGER NOT NULL,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX order_refunds_order ON order_refunds (order_id);
CREATE INDEX order_refunds_member ON order_refunds (member_id, created);
CREATE TABLE order_refund_lines (
    refund_id INTEGER NOT NULL REFERENCES order_refunds (id) ON DELETE CASCADE,
    line_id INTEGER NOT NULL REFERENCES order_lines (id),
    quantity INTEGER NOT NULL,
    real_quantity INTEGER NOT NULL,
    amount INTEGER NOT NULL
);
CREATE INDEX order_refund_lines_refund ON order_refund_lines (refund_id);

-- Money movements of the till: every payment, refund and wallet top-up with
-- its method (cash, tpv or wallet), and the manual cash movements of the cash
-- register; close_id is set when a close ends the period they belong to.
CREATE TABLE cash_movements (
    id INTEGER PRIMARY KEY,
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
CREATE INDEX cash_movements_club ON cash_movements (club_id, created, id);
CREATE INDEX cash_movements_open ON cash_movements (club_id, close_id, id);
