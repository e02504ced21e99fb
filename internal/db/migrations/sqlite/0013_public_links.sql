-- +goose Up
-- A product's public link (its QR code) names it by a random token instead of
-- its id: ids are sequential, so counting them read every published product
-- of every club. New products get 16 bytes from crypto/rand (catalog.Save);
-- existing ones get 16 bytes of randomblob, which SQLite draws from its
-- ChaCha20 generator seeded from the operating system's random source. The
-- column is nullable only because SQLite cannot add a NOT NULL column without
-- a constant default; no saved product is without a token.
ALTER TABLE products ADD COLUMN public_token TEXT;
UPDATE products SET public_token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX products_public_token ON products (public_token);
