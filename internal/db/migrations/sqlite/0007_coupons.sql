-- +goose Up
-- Coupons (cupones). discount is in hundredths: cents for a euro coupon
-- (type 0), hundredths of a percent for a percent coupon (type 1).
-- from_date and to_date are the first and last second of the coupon's days in
-- the club's time zone (0 = open). uses counts the coupon_uses rows and is
-- changed only with them, in the pay transaction. code_key is the code folded
-- (codes are unique per club, case-insensitive, among coupons not deleted).
CREATE TABLE coupons (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    code TEXT NOT NULL,
    code_key TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    type INTEGER NOT NULL DEFAULT 0,
    discount INTEGER NOT NULL,
    status INTEGER NOT NULL DEFAULT 1,
    from_date INTEGER NOT NULL DEFAULT 0,
    to_date INTEGER NOT NULL DEFAULT 0,
    use_number_coupon INTEGER NOT NULL DEFAULT 0,
    use_number_user INTEGER NOT NULL DEFAULT 0,
    use_user_type INTEGER NOT NULL DEFAULT 0,
    use_user_category INTEGER,
    min_amount_order INTEGER NOT NULL DEFAULT 0,
    cumulative INTEGER NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '',
    uses INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0,
    staff_user_id INTEGER,
    created INTEGER NOT NULL,
    changed INTEGER NOT NULL
);
CREATE UNIQUE INDEX coupons_code ON coupons (club_id, code_key) WHERE deleted = 0;
CREATE INDEX coupons_club ON coupons (club_id, deleted, created, id);

-- What a coupon is limited to: product categories and products (none = the whole order).
CREATE TABLE coupon_categories (
    coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    category_id INTEGER NOT NULL REFERENCES club_categories (id) ON DELETE CASCADE,
    PRIMARY KEY (coupon_id, category_id)
);
CREATE TABLE coupon_products (
    coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    PRIMARY KEY (coupon_id, product_id)
);

-- Coupons applied to an order, in the order they were applied; amount is what
-- the coupon took off, in cents (written by the pricing, frozen at payment).
CREATE TABLE order_coupons (
    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    coupon_id INTEGER NOT NULL REFERENCES coupons (id),
    position INTEGER NOT NULL,
    amount INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (order_id, coupon_id)
);
CREATE INDEX order_coupons_coupon ON order_coupons (coupon_id);

-- One row per coupon per paid order, written in the pay transaction.
CREATE TABLE coupon_uses (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    coupon_id INTEGER NOT NULL REFERENCES coupons (id),
    order_id INTEGER NOT NULL REFERENCES orders (id),
    member_id INTEGER NOT NULL REFERENCES members (id),
    created INTEGER NOT NULL
);
CREATE UNIQUE INDEX coupon_uses_order ON coupon_uses (order_id, coupon_id);
CREATE INDEX coupon_uses_coupon ON coupon_uses (coupon_id, created, id);
CREATE INDEX coupon_uses_member ON coupon_uses (coupon_id, member_id);
