-- +goose Up
-- The dispensation register (internal/register): one row per product line
-- with grams given at the counter, written in the sale's or the refund's
-- transaction as a snapshot of who received what (KCanG § 26: name, first
-- name, birth year, grams, THC), so it holds even after the member or the
-- product changes. A refund's rows are negative. Only the birth YEAR is kept,
-- never the date. The retention job empties the personal columns of old rows
-- (forgotten = 1) and keeps grams, product and date for the club's totals.
-- Grams in thousandths, THC and CBD in hundredths of a percent. AUTOINCREMENT:
-- a register's row id is never handed out twice (see 0012).
CREATE TABLE dispensations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    at INTEGER NOT NULL,
    order_id INTEGER NOT NULL,
    line_id INTEGER NOT NULL,
    refund_id INTEGER,
    member_id INTEGER,
    number INTEGER,
    surname TEXT,
    surname2 TEXT,
    nombre TEXT,
    birth_year INTEGER,
    product_id INTEGER,
    product TEXT NOT NULL,
    grams INTEGER NOT NULL,
    thc_percent INTEGER,
    cbd_percent INTEGER,
    staff TEXT,
    staff_user_id INTEGER,
    forgotten INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX dispensations_club ON dispensations (club_id, at);
CREATE INDEX dispensations_member ON dispensations (club_id, member_id, at);
CREATE INDEX dispensations_line ON dispensations (line_id);

-- What the counter sold and refunded before the register existed. The birth
-- year is read in UTC: the member form stores a birth date at noon of the
-- club's day, which falls in the same year in every time zone of a club.
-- THC and CBD are the product's as they are now (the line never kept them).
-- A refund line's grams are the line's grams in the share of the quantity
-- given back, rounded half away from zero, as the refund computed them.
INSERT INTO dispensations (club_id, at, order_id, line_id, refund_id, member_id, number, surname, surname2, nombre, birth_year,
        product_id, product, grams, thc_percent, cbd_percent, staff, staff_user_id)
    SELECT o.club_id, o.paid, o.id, l.id, NULL, m.id, m.number, m.surname, m.surname2, m.nombre,
        CASE WHEN m.birthdate <> 0 THEN CAST(strftime('%Y', m.birthdate, 'unixepoch') AS INTEGER) END,
        l.product_id, l.title, l.grams, p.thc_percent, p.cbd_percent,
        CASE WHEN u.id IS NOT NULL THEN COALESCE(NULLIF(TRIM(u.name || ' ' || u.surname), ''), u.username, '') END, u.id
    FROM order_lines l
    JOIN orders o ON o.id = l.order_id
    JOIN members m ON m.id = o.member_id
    LEFT JOIN products p ON p.id = l.product_id
    LEFT JOIN users u ON u.id = COALESCE(o.paid_by_user_id, o.staff_user_id)
    WHERE o.status = 'completed' AND l.product_id IS NOT NULL AND l.grams > 0
    ORDER BY o.paid, o.id, l.position;

INSERT INTO dispensations (club_id, at, order_id, line_id, refund_id, member_id, number, surname, surname2, nombre, birth_year,
        product_id, product, grams, thc_percent, cbd_percent, staff, staff_user_id)
    SELECT r.club_id, r.created, r.order_id, l.id, r.id, m.id, m.number, m.surname, m.surname2, m.nombre,
        CASE WHEN m.birthdate <> 0 THEN CAST(strftime('%Y', m.birthdate, 'unixepoch') AS INTEGER) END,
        l.product_id, l.title, -CAST(ROUND(CAST(l.grams AS REAL) * rl.quantity / l.quantity) AS INTEGER), p.thc_percent, p.cbd_percent,
        CASE WHEN u.id IS NOT NULL THEN COALESCE(NULLIF(TRIM(u.name || ' ' || u.surname), ''), u.username, '') END, u.id
    FROM order_refund_lines rl
    JOIN order_refunds r ON r.id = rl.refund_id
    JOIN order_lines l ON l.id = rl.line_id
    JOIN members m ON m.id = r.member_id
    LEFT JOIN products p ON p.id = l.product_id
    LEFT JOIN users u ON u.id = r.staff_user_id
    WHERE l.product_id IS NOT NULL AND l.grams > 0 AND l.quantity > 0 AND rl.quantity > 0
    ORDER BY r.created, r.id, l.position;
