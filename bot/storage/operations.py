"""Reads for whoever runs the bot (the metrics and health endpoint), on either backend: cheap
queries kept beside the storage interface rather than in it, since the game runtime never needs them."""

from __future__ import annotations

from bot.storage.base import Storage

GAME_STATES = ("lobby", "running", "paused")


async def ping(storage: Storage) -> None:
    """Raises if the database does not answer."""
    await storage._fetchall("SELECT 1")


async def waiting_deliveries(storage: Storage) -> tuple[int, int | None]:
    """How many saved deliveries not yet sent are this process's to send (with several processes on one database:
    its own, and the unowned ones), and the oldest one's id (None: none waits). Counted by the database: a backlog
    may be thousands of rows."""
    if storage.owner is None:
        rows = await storage._fetchall("SELECT COUNT(*), MIN(id) FROM deliveries WHERE state = 0")
    else:
        rows = await storage._fetchall(
            "SELECT COUNT(*), MIN(id) FROM deliveries WHERE state = 0 AND (owner IS NULL OR owner = ?)",
            (storage.owner,),
        )
    count, oldest = rows[0]
    return int(count), None if oldest is None else int(oldest)


async def unfinished_games(storage: Storage) -> list[tuple[str, str, int | None, int]]:
    """(game, state, server id, how many) of the games not finished; state is lobby, running or paused."""
    rows = await storage._fetchall(
        "SELECT game, status, paused, guild_id, COUNT(*) FROM games WHERE status IN ('lobby', 'running')"
        " GROUP BY game, status, paused, guild_id"
    )
    return [
        (str(game), "paused" if status == "running" and paused else str(status),
         None if guild_id is None else int(guild_id), int(count))
        for game, status, paused, guild_id, count in rows
    ]
