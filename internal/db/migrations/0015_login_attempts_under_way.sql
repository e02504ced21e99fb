-- +goose Up
-- A login attempt is recorded while its password is checked (pending 1) and
-- becomes a failure (pending 0) only if it does not open a session; a success
-- removes it. Limits count both, so that attempts at once see each other, but
-- only failures lock.
ALTER TABLE login_failures ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
