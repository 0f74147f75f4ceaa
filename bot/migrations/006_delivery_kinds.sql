-- Delivery kinds are the Discord layer's business (a channel's permission rule, a live message
-- edited in place, a notice for the moderators, a substitute's dossier, a finished game's log, …):
-- the deliveries table no longer lists them. SQLite cannot drop a CHECK, so the table is rebuilt.
CREATE TABLE deliveries_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step        INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    channel_id  INTEGER,
    user_id     INTEGER,
    body        TEXT    NOT NULL,
    prompt_id   TEXT,
    batch       INTEGER,
    state       INTEGER NOT NULL DEFAULT 0
);
INSERT INTO deliveries_new (id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, state)
    SELECT id, game_id, step, kind, channel_id, user_id, body, prompt_id, batch, state FROM deliveries;
DROP TABLE deliveries;
ALTER TABLE deliveries_new RENAME TO deliveries;
CREATE INDEX deliveries_waiting ON deliveries (state, id) WHERE state = 0;
CREATE INDEX deliveries_prompts ON deliveries (game_id, prompt_id) WHERE prompt_id IS NOT NULL;
