-- The server's graveyard channel: where the dead's private graveyard threads are opened when a game's
-- own channel cannot hold one (a game opened in a thread, threads not allowed there). NULL: the game's channel.
ALTER TABLE guild_settings ADD COLUMN graveyard_channel_id bigint;
-- The house rule for spectators (/spectate): 1 allowed (the default), 0 off for servers that fear spoilers.
ALTER TABLE guild_settings ADD COLUMN spectators integer NOT NULL DEFAULT 1;
