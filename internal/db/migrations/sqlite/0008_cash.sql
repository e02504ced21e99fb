-- +goose Up
-- Cash closes: a close ends the till's period. counted is what staff counted
-- in the box (spec: current_amount), expected what the movements say was
-- there; the period's movements carry the close's id, and the next period
-- starts with an 'automatic' movement of the counted amount.
CREATE TABLE cash_closes (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    counted INTEGER NOT NULL,
    expected INTEGER NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    first_movement INTEGER NOT NULL DEFAULT 0,
    last_movement INTEGER NOT NULL DEFAULT 0,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX cash_closes_club ON cash_closes (club_id, id);
CREATE INDEX cash_movements_close ON cash_movements (close_id);
CREATE INDEX cash_movements_order ON cash_movements (order_id);
