-- Interactions one bot process hands to another (bot/discord/forwarding.py): Discord sends every DM click to
-- shard 0, and shard 0's process forwards a click on a game of another process's server to that process, which
-- answers it. The row carries the gateway's payload (a NOTIFY's is limited to 8,000 bytes, a click with its
-- message can be more); its id is the interaction's. It is taken once, by the target when told, or by the
-- forwarding process when the target did not take it in time (a row it finds missing it writes as taken by
-- itself): `taken_by` is set by whichever comes first, so exactly one answers. Rows are dropped a while later.
-- SQLite keeps one process per file, so the table stays empty here; it exists so both backends have the same
-- tables.
CREATE TABLE forwarded_interactions (
    id        INTEGER PRIMARY KEY,
    target    INTEGER NOT NULL,
    payload   TEXT    NOT NULL,
    at        REAL    NOT NULL,
    taken_by  INTEGER
);
