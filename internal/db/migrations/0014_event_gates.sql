-- +goose Up
-- The gate of what a live event reveals: a key of access.Screens, whose flags
-- and roles a stream's reader must pass to be sent it. '' is sent to no one
-- (the streams' own signal to check their readers again).
ALTER TABLE club_events ADD COLUMN gate TEXT NOT NULL DEFAULT '';
