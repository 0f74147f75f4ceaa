"""Who is told after a lobby changed (its seats or status), each in turn and never one for another's fault.

A listener that failed because the database was away for a moment (a PostgreSQL restart) is told again, with
the lobby read afresh, once the database is back: a game night's waiting list still moves up and its game
still starts, and the members who asked to be called still hear that the game started (the full scale run's
restart dropped four such "it started" DMs). What it does is applied once (its saved notices, its input keys),
so telling it again, or telling it of a newer change meanwhile, says nothing twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.storage import GameRow, database_away, log_failure
from bot.waiting import doubling, stop_task

log = logging.getLogger(__name__)

Changed = Callable[[GameRow], Awaitable[None]]
Load = Callable[[int], Awaitable[GameRow | None]]

AGAIN_FIRST_SECONDS = 1.0
AGAIN_MOST_SECONDS = 30.0
"""A listener the database was away for is told again after 1 s, then 2, 4 … at most every 30 s until it is back."""


def again_after(failures: int) -> float:
    return doubling(failures, AGAIN_FIRST_SECONDS, AGAIN_MOST_SECONDS)


class ChangeListeners:
    def __init__(self, load: Load) -> None:
        self.load = load
        """The lobby as saved now (None once it is gone)."""
        self.listeners: list[Changed] = []
        self._again: dict[tuple[int, Changed], asyncio.Task[None]] = {}
        """(lobby, listener) → the task telling it again; one each, as it reads the lobby afresh."""

    def append(self, listener: Changed) -> None:
        self.listeners.append(listener)

    async def tell(self, row: GameRow) -> None:
        for listener in self.listeners:
            if not await self._told(listener, row, "a listener of its change failed; told again once the database "
                                    "is back"):
                self._tell_again(row.id, listener)

    async def _told(self, listener: Changed, row: GameRow, away: str, *args: object) -> bool:
        """Tell `listener`; False when the database was away (a warning line: to be told again). Any other failure
        is logged with its traceback and not tried again: a listener's trouble must not undo the change the
        member was told about."""
        try:
            await listener(row)
        except Exception as error:
            if not database_away(error):
                log.exception("lobby %s: a listener of its change failed", row.id)
                return True
            log_failure(log, error, "lobby %s: " + away, row.id, *args)
            return False
        return True

    def waiting(self) -> int:
        """Listeners waiting for the database to be told again."""
        return len(self._again)

    async def close(self) -> None:
        for task in list(self._again.values()):
            await stop_task(task)

    def _tell_again(self, lobby_id: int, listener: Changed) -> None:
        key = (lobby_id, listener)
        if key not in self._again:
            self._again[key] = asyncio.create_task(self._again_until_told(lobby_id, listener),
                                                   name=f"lobby-{lobby_id}-told-again")

    async def _again_until_told(self, lobby_id: int, listener: Changed) -> None:
        failures = 0
        try:
            while True:
                failures += 1
                await asyncio.sleep(again_after(failures))
                try:
                    row = await self.load(lobby_id)
                except Exception as error:
                    if not database_away(error):
                        log.exception("lobby %s: reading it to tell its listener again failed", lobby_id)
                        return
                    log_failure(log, error, "lobby %s: reading it to tell its listener again failed", lobby_id)
                    continue
                if row is None or await self._told(listener, row, "telling its listener again failed (try %d)",
                                                   failures):  # told, gone, or failed for good (logged as such)
                    log.info("lobby %s: no more telling its listener again (try %d)", lobby_id, failures)
                    return
        finally:
            self._again.pop((lobby_id, listener), None)
