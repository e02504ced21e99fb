-- +goose Up
-- Why staff gave an order's lines back (optional, at most 500 characters):
-- shown in the order's history beside the refund's amount, method and time.
ALTER TABLE order_refunds ADD COLUMN reason TEXT NOT NULL DEFAULT '';
