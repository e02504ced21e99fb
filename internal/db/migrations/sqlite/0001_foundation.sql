-- +goose Up
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    username_norm TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL DEFAULT '',
    email_norm TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    surname TEXT NOT NULL DEFAULT '',
    dni TEXT NOT NULL DEFAULT '',
    birthdate INTEGER NOT NULL DEFAULT 0,
    phone TEXT NOT NULL DEFAULT '',
    mj_id TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 1,
    created INTEGER NOT NULL,
    last_login INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX users_email ON users (email_norm);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    created INTEGER NOT NULL,
    last_seen INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE files (
    id TEXT PRIMARY KEY,
    club_id INTEGER,
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    created INTEGER NOT NULL
);

CREATE TABLE clubs (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    logo TEXT NOT NULL DEFAULT '',
    images TEXT NOT NULL DEFAULT '[]',
    full_html TEXT NOT NULL DEFAULT '',
    html_design TEXT NOT NULL DEFAULT '',
    timezone TEXT NOT NULL DEFAULT 'Europe/Madrid',
    created INTEGER NOT NULL
);

CREATE TABLE club_flags (
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    flag TEXT NOT NULL,
    PRIMARY KEY (club_id, flag)
);

-- Generic categories of a club (spec: association_category), e.g. payment_methods.
CREATE TABLE club_categories (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    descuento INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL
);
CREATE INDEX club_categories_type ON club_categories (club_id, type, id);

-- Member records (ficha_socio). A user's roles in a club are those of their
-- staff member record there.
CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    number INTEGER NOT NULL,
    nombre TEXT NOT NULL DEFAULT '',
    surname TEXT NOT NULL DEFAULT '',
    surname2 TEXT NOT NULL DEFAULT '',
    dni TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    telefono TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT '34',
    birthdate INTEGER NOT NULL DEFAULT 0,
    type TEXT NOT NULL DEFAULT 'ludico',
    status INTEGER NOT NULL DEFAULT 1,
    is_staff INTEGER NOT NULL DEFAULT 0,
    online_account INTEGER NOT NULL DEFAULT 0,
    end_date INTEGER NOT NULL DEFAULT 0,
    keychain TEXT NOT NULL DEFAULT '',
    consum_forecast INTEGER NOT NULL DEFAULT 60,
    notes TEXT NOT NULL DEFAULT '',
    search TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    UNIQUE (club_id, number)
);
CREATE INDEX members_user ON members (user_id, club_id);

CREATE TABLE member_roles (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    PRIMARY KEY (member_id, role)
);

CREATE TABLE novelties (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    date INTEGER NOT NULL,
    body TEXT NOT NULL DEFAULT ''
);

-- Club events for the live notification box; every instance tails this table.
CREATE TABLE club_events (
    id INTEGER PRIMARY KEY,
    club_id INTEGER NOT NULL REFERENCES clubs (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL
);
CREATE INDEX club_events_club ON club_events (club_id, id);

-- +goose Down
SELECT 1;
