-- Games, their action log, their event log, deadlines and per-server settings.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    guild_id    INTEGER,
    channel_id  INTEGER,
    host_id     INTEGER,
    language    TEXT    NOT NULL DEFAULT 'en',
    seed        INTEGER NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seats       TEXT    NOT NULL DEFAULT '[]',
    state       TEXT,
    step        INTEGER NOT NULL DEFAULT 0,
    paused      INTEGER NOT NULL DEFAULT 0,
    meta        TEXT    NOT NULL DEFAULT '{}',
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_channel ON games (channel_id, status);

-- Every input that changed a game, in order. Replaying the non-undone 'play' rows from the
-- seed reproduces the state; 'table' rows record moderator actions and seat changes.
CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('play', 'table')),
    step        INTEGER NOT NULL,
    seat        INTEGER,
    actor_id    INTEGER,
    payload     TEXT    NOT NULL,
    by_bot      INTEGER NOT NULL DEFAULT 0,
    input_key   TEXT,
    undone      INTEGER NOT NULL DEFAULT 0,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE UNIQUE INDEX actions_input_key ON actions (game_id, input_key) WHERE input_key IS NOT NULL;

CREATE TABLE events (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    action_seq  INTEGER,
    key         TEXT    NOT NULL,
    params      TEXT    NOT NULL,
    audience    TEXT,
    at          REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE deadlines (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    prompt_id   TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    due         REAL    NOT NULL,
    remind_at   REAL,
    reminded    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, prompt_id)
);
CREATE INDEX deadlines_by_due ON deadlines (due);

CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    language    TEXT,
    gm_role_id  INTEGER,
    deadlines   TEXT    NOT NULL DEFAULT '{}'
);
