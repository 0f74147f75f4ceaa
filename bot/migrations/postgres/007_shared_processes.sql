-- Several bot processes sharing one database, each running some of the gateway shards.
-- A game's version goes up with every write that changes the game: a process whose copy of the
-- game is older reloads it before it works on it.
ALTER TABLE games ADD COLUMN version integer NOT NULL DEFAULT 0;
-- The process that sends a delivery row: the one that saved it, or the one that adopted the rows
-- of a process that died (NULL: whichever process sends the waiting rows).
ALTER TABLE deliveries ADD COLUMN owner bigint;
-- Each bot process takes a number for its life; it holds an advisory lock on that number while it
-- runs, so the server itself knows which owners are alive (a lock dies with its connection).
-- Advisory lock keys are 32-bit: so are the numbers.
CREATE SEQUENCE bot_process_numbers AS integer;
-- A game's waiting rows, looked up on every step (is another process still sending earlier ones?).
CREATE INDEX deliveries_waiting_by_game ON deliveries (game_id, id) WHERE state = 0;
