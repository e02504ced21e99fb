-- +goose Up
-- News and events the club publishes to its members. Bodies are HTML that
-- went through the server's sanitiser before being stored; images are files
-- of purpose news_image / event_image, listed in order.
CREATE TABLE news (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    author_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX news_club ON news (club_id, created, id);

CREATE TABLE news_images (
    news_id INTEGER NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_id TEXT NOT NULL,
    thumb_id TEXT NOT NULL,
    PRIMARY KEY (news_id, position)
);
CREATE INDEX news_images_file ON news_images (file_id);
CREATE INDEX news_images_thumb ON news_images (thumb_id);

-- start_date and end_date are calendar days (YYYY-MM-DD) in the club's time zone.
CREATE TABLE social_events (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    start_date TEXT NOT NULL,
    end_date TEXT NOT NULL,
    author_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX social_events_club ON social_events (club_id, start_date, id);

CREATE TABLE social_event_images (
    event_id INTEGER NOT NULL REFERENCES social_events (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    file_id TEXT NOT NULL,
    thumb_id TEXT NOT NULL,
    PRIMARY KEY (event_id, position)
);
CREATE INDEX social_event_images_file ON social_event_images (file_id);
CREATE INDEX social_event_images_thumb ON social_event_images (thumb_id);

-- A member signs up for an event once.
CREATE TABLE social_event_attendees (
    event_id INTEGER NOT NULL REFERENCES social_events (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created INTEGER NOT NULL,
    PRIMARY KEY (event_id, member_id)
);
CREATE INDEX social_event_attendees_member ON social_event_attendees (member_id);
