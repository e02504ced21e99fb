-- +goose Up
ALTER TABLE members ADD COLUMN address_thoroughfare TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN address_locality TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN address_postal_code TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN address_country TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN photo TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN signature TEXT NOT NULL DEFAULT '';
ALTER TABLE members ADD COLUMN monedero_negativo INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN category_id INTEGER;
ALTER TABLE members ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE members ADD COLUMN changed INTEGER NOT NULL DEFAULT 0;

CREATE INDEX members_club_number ON members (club_id, deleted, number);
CREATE INDEX members_club_keychain ON members (club_id, keychain);
CREATE INDEX members_club_dni ON members (club_id, dni);
CREATE INDEX members_club_staff ON members (club_id, is_staff, number);

-- Folded words of a member's searchable fields; a prefix range on (club, field, term)
-- finds "José" for "jose" from the index.
CREATE TABLE member_terms (
    club_id INTEGER NOT NULL,
    field TEXT NOT NULL,
    term TEXT NOT NULL,
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE
);
CREATE INDEX member_terms_lookup ON member_terms (club_id, field, term, member_id);
CREATE INDEX member_terms_member ON member_terms (member_id, field, term);

CREATE TABLE member_endorsements (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    endorser_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    PRIMARY KEY (member_id, endorser_id)
);

CREATE TABLE member_documents (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    file_id TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (member_id, file_id)
);

ALTER TABLE files ADD COLUMN name TEXT NOT NULL DEFAULT '';

-- Check-ins and check-outs (spec: access events), never deleted.
CREATE TABLE access_events (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id),
    action TEXT NOT NULL,
    datetime INTEGER NOT NULL,
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX access_events_club ON access_events (club_id, datetime);
CREATE INDEX access_events_member ON access_events (member_id, datetime);

-- Push and SMS messages with their delivery state.
CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    channel TEXT NOT NULL,
    member_id INTEGER,
    recipient TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    state TEXT NOT NULL,
    error TEXT NOT NULL DEFAULT '',
    staff_user_id INTEGER NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX messages_club ON messages (club_id, id);

-- Web Push subscriptions of members' devices (registered by the members' app).
CREATE TABLE push_subscriptions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- +goose Down
SELECT 1;
