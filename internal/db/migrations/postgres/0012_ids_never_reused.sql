-- Ids of orders and of every money or stock row are never reused. The
-- identity columns of PostgreSQL never hand an id out twice; SQLite's tables
-- are rebuilt with AUTOINCREMENT by its 0012. Nothing to change here.
-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
