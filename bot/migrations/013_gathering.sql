-- Game nights planned ahead (bot/gathering/): a schedule is a night of one game in a channel at a moment,
-- with its stage (0: the reminder a day before is to come, 1: the one 15 minutes before, 2: the opening,
-- 3: done) and when that stage falls due (`due`, woken by the deadline scheduler). `meta`: the Discord
-- side (its Guild Scheduled Event, its sign-up message), `options`: the game's house rules as given.
CREATE TABLE schedules (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seats       INTEGER NOT NULL,
    fill_bots   INTEGER NOT NULL DEFAULT 0,
    repeat      TEXT,
    starts_at   REAL    NOT NULL,
    zone        TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    meta        TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL CHECK (status IN ('scheduled', 'opened', 'cancelled')),
    stage       INTEGER NOT NULL DEFAULT 0,
    due         REAL,
    lobby_id    INTEGER REFERENCES games (id) ON DELETE SET NULL,
    input_key   TEXT    UNIQUE,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);
CREATE INDEX schedules_due ON schedules (due) WHERE due IS NOT NULL;
CREATE INDEX schedules_by_host ON schedules (guild_id, host_id, status);
CREATE INDEX schedules_by_lobby ON schedules (lobby_id) WHERE lobby_id IS NOT NULL;

-- Who comes: 'yes' (Join), 'maybe', 'no' (Leave: the Events list's snapshot does not bring them back) and
-- 'interested' (the event's "Interested" in Discord's Events list). `seq`: the order they said they come,
-- which is the order they are seated; `join_data`: the game's sign-up questions answered (JSON; NULL: not yet).
CREATE TABLE signups (
    schedule_id INTEGER NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    answer      TEXT    NOT NULL CHECK (answer IN ('yes', 'maybe', 'no', 'interested')),
    join_data   TEXT,
    seq         INTEGER NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (schedule_id, user_id)
);

-- "Call me when N are waiting" (/notify): a member, a game ('*': any) and a number of seated players
-- (NULL: as soon as the lobby can start).
CREATE TABLE subscriptions (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER,
    language    TEXT    NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, game)
);
-- Who was told about which lobby ('filled', 'started'), saved with the DM: one each per member and lobby.
CREATE TABLE lobby_notices (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id, kind)
);

-- Time zones: the server's (/gm settings timezone:) and a member's own (/settings timezone:), IANA names.
ALTER TABLE guild_settings ADD COLUMN zone TEXT;
CREATE TABLE member_settings (
    user_id     INTEGER PRIMARY KEY,
    zone        TEXT
);

-- A game night's deliveries (its sign-up message, reminders, its Discord event) belong to no game yet: a
-- delivery row belongs to a game or to a schedule. SQLite cannot drop a NOT NULL, so the table is rebuilt.
CREATE TABLE deliveries_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER REFERENCES games (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    channel_id  INTEGER,
    user_id     INTEGER,
    body        TEXT    NOT NULL,
    prompt_id   TEXT,
    batch       INTEGER,
    state       INTEGER NOT NULL DEFAULT 0,
    owner       INTEGER,
    schedule_id INTEGER REFERENCES schedules (id) ON DELETE CASCADE,
    CHECK (game_id IS NOT NULL OR schedule_id IS NOT NULL)
);
INSERT INTO deliveries_new (id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, state, owner)
    SELECT id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, state, owner FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_waiting ON deliveries (state, id) WHERE state = 0;
CREATE INDEX deliveries_prompts ON deliveries (game_id, prompt_id) WHERE prompt_id IS NOT NULL;
