"""Several bot processes on one database: each fires the deadlines (and reminders) of its own shards' games when
they fall due, and leaves another process's to it for a grace (OTHERS_GRACE_SECONDS): they fire here only when
that process is gone or behind. The storage's queries read the shard of each game's server as Discord routes it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.discord.service import GameMaster
from bot.live import LiveGame
from bot.scheduler import OTHERS_GRACE_SECONDS, Scheduler
from bot.storage import OwnShards, open_storage
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

SHARDS = 4
OURS = 1 << 22  # a server on shard 1
THEIRS = 2 << 22  # a server on shard 2
OWN = OwnShards((1,), SHARDS, 5.0)


@pytest.fixture
async def table(database: Database) -> AsyncIterator[Table]:
    storage = await open_storage(database.target)
    yield Table(storage, clock=FakeClock())
    await storage.close()


async def cookie(table: Table, guild_id: int) -> LiveGame:
    return await table.start("cookie", humans(4), options={"choose_seconds": 60}, seed=3, guild_id=guild_id)


async def dues(table: Table, game: LiveGame) -> dict[str, float]:
    return {row.prompt_id: row.due for row in await table.storage.deadlines(game.id)}


async def test_a_process_fires_its_own_shards_deadlines_when_due_and_another_processs_after_the_grace(
    table: Table,
) -> None:
    ours, theirs = await cookie(table, OURS), await cookie(table, THEIRS)
    first = await dues(table, theirs)
    assert first and await dues(table, ours) == first, "both games wait on the same deadlines"
    due = min(first.values())
    clock = table.clock
    assert isinstance(clock, FakeClock)
    clock.now = due + 1
    scheduler = Scheduler(table, own=lambda: OWN)
    await scheduler.run_due()
    assert await dues(table, ours) != first, "our server's game moved on at its deadline"
    assert await dues(table, theirs) == first, "another process's game is left to it"
    ours_next = min(row.wakes_at for row in await table.storage.deadlines(ours.id))
    assert await scheduler.next_wake() == pytest.approx(min(ours_next, due + OWN.grace)), "and again after the grace"
    clock.now = due + OWN.grace
    await scheduler.run_due()
    assert await dues(table, theirs) != first, "its process did not fire it in time: this one does"


async def test_without_own_shards_every_deadline_is_this_processs(table: Table) -> None:
    ours, theirs = await cookie(table, OURS), await cookie(table, THEIRS)
    first = await dues(table, theirs)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    clock.now = min(first.values()) + 1
    await Scheduler(table).run_due()
    assert await dues(table, ours) != first and await dues(table, theirs) != first


async def test_another_processs_reminders_are_left_to_it_for_the_grace(table: Table) -> None:
    ours, theirs = await cookie(table, OURS), await cookie(table, THEIRS)
    (remind_at,) = {row.remind_at for row in await table.storage.deadlines(theirs.id)}
    assert remind_at is not None, "a 60-second choice is reminded"
    storage = table.storage
    assert {row.game_id for row in await storage.due_reminders(remind_at, OWN)} == {ours.id}
    assert {row.game_id for row in await storage.due_reminders(remind_at + OWN.grace, OWN)} == {ours.id, theirs.id}
    assert {row.game_id for row in await storage.due_reminders(remind_at)} == {ours.id, theirs.id}


async def test_a_game_with_no_server_is_shard_zeros(table: Table) -> None:
    game = await table.start("cookie", humans(4), options={"choose_seconds": 60}, seed=3)
    due = min((await dues(table, game)).values())
    storage = table.storage
    assert [row.game_id for row in await storage.due_deadlines(due, OwnShards((0,), SHARDS, 5.0))][:1] == [game.id]
    assert not await storage.due_deadlines(due, OWN)
    assert await storage.next_wake_time(OWN) == pytest.approx(min(r.wakes_at for r in await storage.deadlines(game.id))
                                                              + OWN.grace)


def test_a_bot_process_tells_its_scheduler_its_own_shards_only_when_it_shares_the_database() -> None:
    def own(shared: bool, **bot: object) -> OwnShards | None:
        process = SimpleNamespace(bot=SimpleNamespace(**bot), storage=SimpleNamespace(shared=shared))
        return GameMaster._own_shards(process)  # type: ignore[arg-type]

    assert own(True, shard_ids=[1, 3], shard_count=4) == OwnShards((1, 3), 4, OTHERS_GRACE_SECONDS)
    assert own(False, shard_ids=[1, 3], shard_count=4) is None, "alone on its database: every deadline is its own"
    assert own(True, shard_ids=None, shard_count=None) is None
