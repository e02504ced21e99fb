-- +goose Up
-- What a line's product cost per gram or unit when it was sold, frozen with
-- its price, so the performance report's cost and profit stay what they were
-- when the product's cost changes later. Lines sold before this column
-- existed take the product's cost of today.
ALTER TABLE order_lines ADD COLUMN unit_cost INTEGER NOT NULL DEFAULT 0;
UPDATE order_lines SET unit_cost = COALESCE((SELECT p.cost FROM products p WHERE p.id = order_lines.product_id), 0)
    WHERE product_id IS NOT NULL;
