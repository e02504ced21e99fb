-- +goose Up
-- A product's public link (its QR code) names it by a random token instead of
-- its id: ids are sequential, so counting them read every published product
-- of every club. New products get 16 bytes from crypto/rand (catalog.Save).
-- Existing ones get the md5 of two gen_random_uuid() (built in since
-- PostgreSQL 13, no pgcrypto): 244 bits from the server's strong random
-- source folded into 128, the same 32 hex digits as a new token. random() is
-- not used: it is a seeded generator whose outputs can be predicted. Nullable
-- as on SQLite, where a NOT NULL column needs a constant default.
ALTER TABLE products ADD COLUMN public_token TEXT;
UPDATE products SET public_token = md5(gen_random_uuid()::text || gen_random_uuid()::text);
CREATE UNIQUE INDEX products_public_token ON products (public_token);
