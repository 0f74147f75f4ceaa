"""A dead process's waiting rows go to the process that runs their games' servers (bot/discord/shards.py): its own
shards' games it adopts whole and at once (a restart takes its predecessor's back at its start); another live
process's it leaves to that one; those of shards no live process has run for ORPHAN_GRACE_SECONDS the processes alive
share out. Shared out at once, a killed process's games went on in its restart with their earlier rows elsewhere,
each step held behind them (the full scale run's stalled games)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.discord import shards
from bot.discord.shards import Cluster
from bot.storage import OwnShards, Storage, open_storage
from bot.table import Table
from tests.runtime.databases import PostgresDatabase
from tests.runtime.helpers import FakeClock, humans
from tests.runtime.test_cross_process import planner, waiting_rows

COUNT = 3  # shards: 0 and 1 run by the two processes alive, 2 by the one that dies
ON_SHARD = [shard << 22 for shard in range(COUNT)]  # a server on each shard (Discord routes `(id >> 22) % count`)


def own(*ids: int) -> OwnShards:
    return OwnShards(ids, COUNT, 0.0)


async def opened(postgres: PostgresDatabase, shard: int) -> Storage:
    return await open_storage(postgres.target, exclusive=True, shard_ids=[shard])


@pytest.fixture
async def alive(postgres: PostgresDatabase) -> AsyncIterator[tuple[Storage, Storage]]:
    first, second = await opened(postgres, 0), await opened(postgres, 1)
    yield first, second
    await first.close()
    await second.close()


async def rows_left_by_a_dead_process(postgres: PostgresDatabase, guild_ids: list[int]) -> dict[int, list[int]]:
    """A process on shard 2 starts a game on each server, then dies with their rows waiting: game → its rows."""
    dying = await opened(postgres, 2)
    table = Table(dying, clock=FakeClock(), planner=planner)
    games = {}
    for seed, guild_id in enumerate(guild_ids):
        game = await table.start("cookie", humans(4), seed=seed, guild_id=guild_id)
        games[game.id] = await waiting_rows(dying, game.id)
        assert games[game.id], "a started game has lines to show"
    await dying.close()
    await asyncio.sleep(0.1)  # its connection is seen closed: its lock is gone
    return games


def adopted_games(rows: list) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for row in rows:
        found.setdefault(row.game_id, []).append(row.id)
    return found


async def test_a_dead_processs_rows_go_whole_to_the_process_that_runs_their_games_servers(
    postgres: PostgresDatabase, alive: tuple[Storage, Storage],
) -> None:
    first, second = alive
    left = await rows_left_by_a_dead_process(postgres, [ON_SHARD[0], ON_SHARD[1], ON_SHARD[0]])
    on_first = {game: rows for game, rows in left.items() if list(left).index(game) != 1}
    assert adopted_games(await first.adopt_deliveries(own(0), own())) == on_first, (
        "both games of its shard, whole (no share), and not the other's")
    assert adopted_games(await second.adopt_deliveries(own(1), own())) == {
        game: rows for game, rows in left.items() if game not in on_first}


async def test_the_games_of_a_shard_no_process_runs_wait_for_the_grace_then_are_shared_out(
    postgres: PostgresDatabase, alive: tuple[Storage, Storage],
) -> None:
    first, second = alive
    left = await rows_left_by_a_dead_process(postgres, [ON_SHARD[2], ON_SHARD[2]])
    assert await first.adopt_deliveries(own(0), own()) == [], "left for its process to come back"
    taken = adopted_games(await first.adopt_deliveries(own(0), own(2)))
    assert len(taken) == 1, "after the grace: its share, one of the two games (two processes alive)"
    rest = adopted_games(await second.adopt_deliveries(own(1), own(2)))
    assert taken | rest == left and not set(taken) & set(rest)


async def test_a_restarted_process_takes_back_its_games_rows_at_its_start(
    postgres: PostgresDatabase, alive: tuple[Storage, Storage],
) -> None:
    left = await rows_left_by_a_dead_process(postgres, [ON_SHARD[2], ON_SHARD[0]])
    restarted = await opened(postgres, 2)
    try:
        cluster = Cluster(restarted, Table(restarted, clock=FakeClock()), enqueue=lambda rows: None,
                          forget=lambda game_id: None, reload=lambda game: asyncio.sleep(0), own=lambda: own(2))
        taken = adopted_games(await cluster.take_at_start())
        assert taken == {game: rows for game, rows in left.items() if list(left).index(game) == 0}, (
            "its shard's game, and not the one whose server another process runs")
    finally:
        await restarted.close()


async def test_a_process_shares_out_the_rows_of_a_shard_only_once_nobody_has_run_it_for_the_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[OwnShards | None, OwnShards | None]] = []
    running = {0: 1, 1: 2}

    async def adopt_deliveries(own: OwnShards | None = None, orphaned: OwnShards | None = None) -> list:
        asked.append((own, orphaned))
        return []

    async def shard_processes() -> dict[int, int]:
        return dict(running)

    storage = SimpleNamespace(shared=True, adopt_deliveries=adopt_deliveries, shard_processes=shard_processes)
    cluster = Cluster(storage, SimpleNamespace(), enqueue=lambda rows: None,  # type: ignore[arg-type]
                      forget=lambda game_id: None, reload=lambda game: asyncio.sleep(0), own=lambda: own(0))
    monkeypatch.setattr(shards, "ORPHAN_GRACE_SECONDS", 0.2)
    await cluster._take_adopted()
    assert asked[-1] == (own(0), own()), "shard 2 just went: left to it"
    await asyncio.sleep(0.25)
    await cluster._take_adopted()
    assert asked[-1] == (own(0), own(2)), "gone for the grace: shared out"
    running[2] = 3
    await cluster._take_adopted()
    assert asked[-1] == (own(0), own()), "run again (its restart took its games' rows back)"
    del running[2]
    await cluster._take_adopted()
    assert asked[-1] == (own(0), own()), "gone again: the grace counts afresh"
