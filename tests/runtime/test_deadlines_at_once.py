"""Due deadlines of different games fire side by side (bot/scheduler.py DEADLINES_AT_ONCE): a game slow to
apply its deadline (its lock, its save, its bot seats' steps) holds back no other game's, and a game whose
deadline fails leaves the others' to fire; it is tried again after a pause."""

from __future__ import annotations

import asyncio

import pytest

from bot.live import Delivery, LiveGame, Outcome
from bot.scheduler import FiringFailed, Scheduler
from bot.table import Table
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

Setup = tuple[Table, FakeClock, Database, list[Delivery]]


async def two_games_due(table: Table, clock: FakeClock) -> tuple[LiveGame, LiveGame]:
    """Two Cookie games whose first deadlines (every player's choice) fall due now."""
    first = await table.start("cookie", humans(4), options={"choose_seconds": 60}, seed=3)
    second = await table.start("cookie", humans(4), options={"choose_seconds": 60}, seed=4)
    clock.advance(61)
    return first, second


async def test_a_game_slow_at_its_deadline_holds_back_no_other_games(setup: Setup) -> None:
    table, clock, _, _ = setup
    slow, quick = await two_games_due(table, clock)
    slow_step, quick_step = slow.state.step, quick.state.step
    expire = table.expire
    release = asyncio.Event()
    fired: list[int] = []

    async def held_up(game_id: int, prompt_id: str) -> Outcome:
        fired.append(game_id)
        if game_id == slow.id:
            await release.wait()  # its lock, its save, its bots: anything that takes long
        return await expire(game_id, prompt_id)

    table.expire = held_up  # type: ignore[method-assign]
    running = asyncio.create_task(Scheduler(table).run_due())
    async with asyncio.timeout(10):
        while quick.state.step == quick_step:
            await asyncio.sleep(0.01)
    assert slow.state.step == slow_step, "the slow game is still at its first deadline"
    assert fired.count(slow.id) == 1, "and its later deadlines wait behind it, in order"
    release.set()
    assert await running == 8, "then every deadline of both games fired"
    assert slow.state.step > slow_step


async def test_a_game_whose_deadline_fails_leaves_the_others_to_fire_and_is_tried_again(setup: Setup) -> None:
    table, clock, _, _ = setup
    broken, healthy = await two_games_due(table, clock)
    broken_step, healthy_step = broken.state.step, healthy.state.step
    expire = table.expire

    async def failing(game_id: int, prompt_id: str) -> Outcome:
        if game_id == broken.id:
            raise RuntimeError("a defect in this game")
        return await expire(game_id, prompt_id)

    table.expire = failing  # type: ignore[method-assign]
    scheduler = Scheduler(table)
    with pytest.raises(FiringFailed, match="1 games' deadlines failed"):
        await scheduler.run_due()
    assert healthy.state.step > healthy_step, "the other game moved on at its deadline"
    assert broken.state.step == broken_step
    assert len(await table.storage.deadlines(broken.id)) == 4, "the failed game's deadlines stay to be fired"
    table.expire = expire  # type: ignore[method-assign]
    assert await scheduler.run_due() == 4, "the next round fires them"
    assert broken.state.step > broken_step
