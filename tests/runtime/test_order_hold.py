"""Order across processes (PostgreSQL, several bot processes): a step's rows wait for the game's earlier rows that
another process is still sending. The scale run's 30-second Discord outage showed lines out of order (10 in a
500-game run, 163 in a loaded one): the hold gave up after 30 s although the other process was alive and would
send its rows once Discord was back. Now it waits for a process alive (up to STUCK_SECONDS), and GATE_SECONDS
only for rows whose process is gone and that nobody adopted."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord import shards
from bot.discord.shards import Cluster
from bot.storage import DeliveryRow, open_storage
from bot.table import Table
from tests.runtime.databases import PostgresDatabase

GAME = 5
SHORT = 0.1
"""GATE_SECONDS and STUCK_SECONDS as the tests set them."""


class EarlierRows:
    """Just enough of a storage: whether another process has the game's earlier rows to send (`others`: True, a
    process alive; False, only one that is gone; None, they are sent)."""

    shared = True

    def __init__(self) -> None:
        self.others: bool | None = True

    async def others_waiting(self, game_id: int, up_to: int) -> bool | None:
        return self.others

    async def still_waiting(self, ids: list[int]) -> set[int]:
        return set(ids)


class NoGames(Table):
    def __init__(self) -> None:
        self.games = {}


async def no_reload(game: object) -> None:
    return None


def held_behind_another_process(storage: EarlierRows, queued: list[DeliveryRow]) -> Cluster:
    cluster = Cluster(storage, NoGames(), enqueue=queued.extend, forget=lambda game_id: None,  # type: ignore[arg-type]
                      reload=no_reload)
    cluster.waiting_for[GAME] = 10  # another process's row 10 goes first
    line = DeliveryRow(GAME, 4, "text", {"text": "☀ Day 2 begins"}, channel_id=9, id=11)
    assert cluster.admit([line]) == [], "held"
    return cluster


async def test_a_live_processs_earlier_rows_are_waited_for_through_an_outage(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "GATE_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued)
    await asyncio.sleep(SHORT * 5)  # Discord is down: the other process, alive, cannot send its row yet
    assert queued == [], "sent before the other process's earlier line: out of order"
    storage.others = None  # Discord is back: it sent it
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [11]
    await cluster.close()


async def test_rows_that_no_process_alive_has_to_send_are_waited_for_a_while_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "GATE_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    storage.others = False  # their process is gone, and nobody adopts them (the database refuses, say)
    cluster = held_behind_another_process(storage, queued)
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [11], "the game goes on"
    await cluster.close()


async def test_a_live_process_that_never_sends_its_rows_does_not_stall_the_game_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards, "STUCK_SECONDS", SHORT)
    storage, queued = EarlierRows(), []  # type: ignore[var-annotated]
    cluster = held_behind_another_process(storage, queued)
    await asyncio.wait_for(until(lambda: bool(queued)), 5)
    assert [row.id for row in queued] == [11]
    await cluster.close()


async def until(done: object) -> None:
    while not done():  # type: ignore[operator]
        await asyncio.sleep(0.01)


async def test_the_storage_tells_a_live_processs_waiting_rows_from_a_gone_ones(postgres: PostgresDatabase) -> None:
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    second = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    try:
        game_id = await first.create_game(game="cookie", status="running", seed=1, options={}, seats=[],
                                          language="en")
        row = DeliveryRow(game_id, 1, "text", {"text": "🌙 Night falls"}, channel_id=9)
        await first.add_deliveries([row])
        assert await second.others_waiting(game_id, row.id) is True, "the first process, alive, sends it"
        assert await first.others_waiting(game_id, row.id) is None, "its own"
        await first.close()
        assert await second.others_waiting(game_id, row.id) is False, "its process is gone: to adopt"
        assert [r.id for r in await second.adopt_deliveries()] == [row.id]
        await second.finish_deliveries([row.id])
        assert await second.others_waiting(game_id, row.id) is None
    finally:
        await first.close()
        await second.close()
