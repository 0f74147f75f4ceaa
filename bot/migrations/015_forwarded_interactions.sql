-- Interactions one bot process hands to another (bot/discord/forwarding.py): Discord sends every DM click to
-- shard 0, and shard 0's process forwards a click on a game of another process's server to that process, which
-- answers it. The row carries the gateway's payload (a NOTIFY's is limited to 8,000 bytes, a click with its
-- message can be more) until one process takes it, deleting it: exactly one answers. SQLite keeps one process
-- per file, so the table stays empty here; it exists so both backends have the same tables.
CREATE TABLE forwarded_interactions (
    id       INTEGER PRIMARY KEY,
    target   INTEGER NOT NULL,
    payload  TEXT    NOT NULL,
    at       REAL    NOT NULL
);
