-- When the bot last reached each member's DMs with an ordinary message (Discord took it; Unix seconds), so that
-- a member reached lately joins a game without the join's test DM (bot/discord/dm_reach.py); NULL: not known to
-- be reachable (never reached, or a DM refused since). Forgetting a member removes the row with their channel.
ALTER TABLE dm_channels ADD COLUMN reached_at REAL;
