-- The server's graveyard channel: where the dead's private graveyard threads are opened when a game's
-- own channel cannot hold one (a game opened in a thread, threads not allowed there). NULL: the game's channel.
ALTER TABLE guild_settings ADD COLUMN graveyard_channel_id INTEGER;
