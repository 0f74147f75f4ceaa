"""Games of another process's shards that this one holds in memory and their own process has ended since."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.storage import OwnShards, log_failure
from bot.table.moderators import Table

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30.0
"""How often the games of other processes' shards held here are looked up (one read of their ids)."""


class EndedElsewhere:
    """Due work for the one scheduler (bot/scheduler.py). A process of several loads games of other processes'
    shards when it uses them (a DM click shard 0's process answers, a deadline or the rows of a process gone) and
    learns that one ended only when it next holds it, which it may never do: it kept them for good (in a scale
    run at 1,000 games, shard 0's process held 441 games where the others held 289–321). Every SWEEP_SECONDS the
    ended ones are held once, which lets them go as any game another process ended (`Table.hold` reloads it)."""

    def __init__(self, table: Table, own: Callable[[], OwnShards | None]) -> None:
        self.table = table
        self.own = own
        self.swept_at = table.clock()

    async def next_due(self) -> float | None:
        return self.swept_at + SWEEP_SECONDS if self.own() is not None else None

    async def run_due(self, now: float) -> int:
        own = self.own()
        if own is None or now < self.swept_at + SWEEP_SECONDS:
            return 0
        self.swept_at = now
        others = [game.id for game in list(self.table.games.values()) if not own.holds(game.row.guild_id)]
        for game_id in await self.table.storage.ended_games(others) if others else []:
            game = self.table.games.get(game_id)
            if game is None:
                continue
            try:
                async with self.table.hold(game):  # reloaded: ended, it leaves memory and its caches here
                    pass
            except Exception as error:  # looked at again at the next sweep
                log_failure(log, error, "game %s: letting go of a game ended elsewhere failed", game_id)
        return 0  # nothing a player waits for was done
