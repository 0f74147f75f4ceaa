"""Discord cogs: the shared lobby and moderator commands, and one cog per game."""
