-- The roles a seat held in a finished game (JSON list, one per round in Cookie; NULL when the game
-- has no roles), for per-role statistics.
ALTER TABLE results ADD COLUMN roles text;
-- The house rule for absent players: after this many deadlines missed in a row a bot player takes
-- the seat until its player comes back with /back (0: never).
ALTER TABLE guild_settings ADD COLUMN absent_after integer NOT NULL DEFAULT 0;
