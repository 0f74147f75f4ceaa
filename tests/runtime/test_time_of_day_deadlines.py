"""A pace that ends each phase at a time of day (`deadline:21:00`): Mafia's nights and days end at the next
21:00 on the server's clock, the same 21:00 before and after a daylight-saving change; the draft's picks
keep their seconds; reminders come before that 21:00 as before any deadline of that length."""

from __future__ import annotations

import datetime as dt
from collections.abc import AsyncIterator
from zoneinfo import ZoneInfo

import pytest

from bot.live import LiveGame
from bot.scheduler import Scheduler
from bot.storage import open_storage
from bot.table import Table
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

BERLIN = ZoneInfo("Europe/Berlin")
SATURDAY_NOON = dt.datetime(2026, 3, 28, 12, 0, tzinfo=BERLIN).timestamp()
"""The day before Berlin moves its clocks from 02:00 to 03:00."""


@pytest.fixture
async def table(database: Database) -> AsyncIterator[Table]:
    storage = await open_storage(database.target)
    yield Table(storage, clock=FakeClock(SATURDAY_NOON))
    await storage.close()


def local(due: float) -> str:
    return dt.datetime.fromtimestamp(due, BERLIN).isoformat(timespec="minutes")


async def until_phase(table: Table, game: LiveGame, phase: str) -> None:
    for _ in range(2000):
        state = game.state
        assert isinstance(state, MafiaState)
        if state.phase == phase:
            return
        prompt = next((p for p in state.prompts if not p.answered), None)
        if prompt is None:  # every order is in: the phase waits for its deadline
            table.clock.now = max(d.due for d in await table.storage.deadlines(game.id))  # type: ignore[attr-defined]
            await Scheduler(table).run_due()
            continue
        action = game.engine.bot_action(state, prompt, derived(5, "t", state.step, prompt.id))
        assert (await table.act(game.id, prompt.seat, action)).ok
    raise AssertionError(f"no {phase}")


async def dues(table: Table, game: LiveGame, kind: str) -> set[str]:
    rows = await table.storage.deadlines(game.id)
    prompts = {p.id: p for p in game.state.prompts}
    return {local(r.due) for r in rows if prompts.get(r.prompt_id) and prompts[r.prompt_id].deadline == kind}


async def test_nights_and_days_end_at_the_next_21_00_on_the_servers_clock_across_a_clock_change(table: Table) -> None:
    game = await table.start(
        "mafia", humans(10), options={"pace": "forum", "end_when_all_done": False}, seed=5, guild_id=1,
        meta={"deadline_at": {"time": "21:00", "zone": "Europe/Berlin"}},
    )
    draft = await dues(table, game, "draft")
    assert draft == {local(SATURDAY_NOON + 2 * 3600)}, "a draft pick keeps its two hours"

    await until_phase(table, game, "night")
    assert await dues(table, game, "night") == {"2026-03-28T21:00+01:00"}
    rows = await table.storage.deadlines(game.id)
    assert all(r.remind_at is not None and r.remind_at < r.due for r in rows), "reminded before 21:00"

    await until_phase(table, game, "day")
    # the night ended at its 21:00 on Saturday (nobody ends a phase early here); the clocks went forward
    # at 02:00; the day still ends at 21:00
    assert await dues(table, game, "day") == {"2026-03-29T21:00+02:00"}
    (day_due,) = {r.due for r in await table.storage.deadlines(game.id)}
    assert day_due - dt.datetime(2026, 3, 28, 21, 0, tzinfo=BERLIN).timestamp() == 23 * 3600


async def test_without_a_time_of_day_a_phase_lasts_its_seconds(table: Table) -> None:
    game = await table.start("mafia", humans(10), options={"pace": "forum"}, seed=5, guild_id=1)
    await until_phase(table, game, "night")
    started = table.clock()
    assert {r.due for r in await table.storage.deadlines(game.id)} == {started + 12 * 3600}
