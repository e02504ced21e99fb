-- +goose Up
-- The language a person last used the app in (one of the web app's seven;
-- '' until they use it), so what the server sends them when they are not the
-- one asking (a mail) is in their language (internal/locale).
ALTER TABLE users ADD COLUMN lang TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE users DROP COLUMN lang;
