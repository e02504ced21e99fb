-- +goose Up
-- Consultations: a member's question to the club and the conversation that
-- follows (spec part 2 §3 Consultation). Plain text, shown as text. name is
-- the writer's name when they wrote, so the thread reads the same after a
-- staff record is removed. last_activity orders the chat list.
CREATE TABLE consultations (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    last_activity INTEGER NOT NULL
);
CREATE INDEX consultations_club ON consultations (club_id, last_activity, id);
CREATE INDEX consultations_member ON consultations (member_id, last_activity);

CREATE TABLE consultation_comments (
    id INTEGER PRIMARY KEY,
    consultation_id INTEGER NOT NULL REFERENCES consultations (id) ON DELETE CASCADE,
    author_user_id INTEGER NOT NULL,
    staff INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX consultation_comments_thread ON consultation_comments (consultation_id, id);

-- How the club's TV screens look and move (spec part 2 §3 TV carousel
-- settings). A club without a row shows the defaults of internal/social.
CREATE TABLE tv_settings (
    club_id INTEGER PRIMARY KEY REFERENCES clubs (id) ON DELETE CASCADE,
    background_color TEXT NOT NULL,
    text_color TEXT NOT NULL,
    interval_ms INTEGER NOT NULL,
    show_description INTEGER NOT NULL,
    show_subtitle INTEGER NOT NULL,
    show_qr INTEGER NOT NULL,
    changed INTEGER NOT NULL
);
