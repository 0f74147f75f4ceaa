"""After (re)connecting the bot resumes every game once (`GameMaster.resume_all`): a database restart in the middle
of that pass no longer ends it there, leaving every later game's prompts unposted and its status stale."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.discord import service
from bot.discord.service import GameMaster


@dataclass
class Game:
    id: int
    running: bool = True


@dataclass
class Table:
    games: dict[int, Game]
    away_times: dict[int, int] = field(default_factory=dict)
    """For each game, how many times its hold finds the database out of reach before it works."""
    broken: set[int] = field(default_factory=set)
    """Games whose hold fails with a defect (not the database)."""

    @contextlib.asynccontextmanager
    async def hold(self, game: Game) -> AsyncIterator[None]:
        if self.away_times.get(game.id, 0):
            self.away_times[game.id] -= 1
            raise ConnectionError("the database system is shutting down")
        if game.id in self.broken:
            raise ValueError("a defect")
        yield


@dataclass
class Deliveries:
    refreshed: list[int] = field(default_factory=list)

    async def refresh(self, game: Game) -> None:
        self.refreshed.append(game.id)


@dataclass
class Voice:
    resumed: int = 0

    async def resume(self) -> None:
        self.resumed += 1


def resuming(table: Table) -> Any:
    """A game master with only what resuming uses."""
    master: Any = object.__new__(GameMaster)
    master._resumed, master.table, master.deliveries, master.voice = False, table, Deliveries(), Voice()
    return master


async def test_a_database_restart_while_resuming_retries_that_game_and_resumes_every_later_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(service, "RESUME_RETRY_SECONDS", 0.0)
    table = Table(games={1: Game(1), 2: Game(2), 3: Game(3)}, away_times={2: 3})
    master = resuming(table)
    await master.resume_all()
    assert master.deliveries.refreshed == [1, 2, 3]
    assert master.voice.resumed == 1


async def test_a_game_failing_for_another_reason_is_left_and_the_others_are_resumed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = Table(games={1: Game(1), 2: Game(2), 3: Game(3, running=False)}, broken={1})
    master = resuming(table)
    await master.resume_all()
    assert master.deliveries.refreshed == [2]  # game 3 ended meanwhile: nothing to refresh
    assert master.voice.resumed == 1
    assert "resuming game 1 failed" in caplog.text


async def test_resuming_happens_once_a_process() -> None:
    master = resuming(Table(games={1: Game(1)}))
    await master.resume_all()
    await master.resume_all()
    assert master.deliveries.refreshed == [1]
