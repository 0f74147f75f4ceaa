-- The web record (bot/web/): the key its links are made with (an HMAC key: a game's or a server's link is
-- unguessable without it), made once by whoever first needs it (bot/storage/web.py: the bot's start, an
-- offline game's end) and kept with the games, so a backup keeps it and links keep working after a restore ...
CREATE TABLE web_keys (
    name        text    PRIMARY KEY,
    value       text    NOT NULL
);
-- ... and the house rule that turns a server's pages off (/gm settings web:off): 1 on (the default), 0 off.
ALTER TABLE guild_settings ADD COLUMN web integer NOT NULL DEFAULT 1;
