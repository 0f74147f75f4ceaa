-- Each member's DM channel with the bot, as Discord gave it (POST /users/@me/channels): every bot process, and
-- a process started again, sends there without asking Discord again (each ask counts against the token's
-- global rate limit). Forgetting a member, on any server, removes their row.
CREATE TABLE dm_channels (
    user_id     bigint  PRIMARY KEY,
    channel_id  bigint  NOT NULL
);
