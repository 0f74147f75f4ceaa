-- Several bot processes sharing one database (PostgreSQL, each running some of the gateway shards).
-- SQLite keeps one process per file, so these columns stay at their defaults here; they exist so
-- both backends have the same tables.
-- A game's version goes up with every write that changes the game: a process whose copy of the
-- game is older reloads it before it works on it.
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
-- The process that sends a delivery row (NULL: whichever process sends the waiting rows).
ALTER TABLE deliveries ADD COLUMN owner INTEGER;
