"""Long deadlines (a forum day is 24 h): reminders scale with the deadline (hours before a forum day,
minutes before a live night, seconds before a 90 s choice), go only to players whose orders are not
sent, and come once per move even as its steps change; a missed phase counts once and only when the
player gave nothing; the moderators are told who missed two phases in a row."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.live import LiveGame
from bot.scheduler import Scheduler
from bot.storage import open_storage
from bot.table import Table
from bot.table.limits import reminder_lead
from games.core import Action
from games.core.orders import DONE, EDIT, untouched
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans

GUILD = 9


@pytest.mark.parametrize(("seconds", "lead"), [
    (10, None),  # too short to remind
    (90, 22.5),  # a Cookie choice: a quarter, 22.5 s before
    (240, 60.0),
    (15 * 60, 112.5),  # a live Mafia night: about two minutes before
    (20 * 60, 150.0),  # a live Mafia day: two and a half minutes
    (12 * 3600, 1.5 * 3600),  # a forum night: an hour and a half
    (24 * 3600, 3 * 3600),  # a forum day: three hours
    (7 * 86400, 3 * 3600),  # never more than three hours
])
def test_the_reminder_lead_scales_with_the_deadline(seconds: int, lead: float | None) -> None:
    assert reminder_lead(seconds) == lead


def test_reminder_leads_grow_with_the_deadline_and_stay_inside_it() -> None:
    leads = [reminder_lead(s) or 0.0 for s in range(20, 200_000, 37)]
    assert leads == sorted(leads)
    assert all(0 < lead < s for lead, s in zip(leads, range(20, 200_000, 37), strict=True))


def test_only_a_sheets_first_prompt_is_untouched() -> None:
    assert untouched("day-d1-3.1") and not untouched("day-d1-3.2") and untouched("cookie-7")


@pytest.fixture
async def table(database: Database) -> AsyncIterator[Table]:
    storage = await open_storage(database.target)
    yield Table(storage, clock=FakeClock())
    await storage.close()


async def to_day_one(table: Table, **options: object) -> LiveGame:
    game = await table.start("mafia", humans(10), options={"pace": "forum", **options}, seed=11, guild_id=GUILD)
    while not (game.state.phase == "day" and game.state.number == 1):  # type: ignore[attr-defined]
        prompt = next((p for p in game.state.prompts if not p.answered), None)
        if prompt is None:  # every order sent: the phase waits for its deadline
            table.clock.advance(13 * 3600)  # type: ignore[attr-defined]
            await Scheduler(table).run_due()
            continue
        action = game.engine.bot_action(game.state, prompt, derived(11, "t", game.state.step, prompt.id))
        assert (await table.act(game.id, prompt.seat, action)).ok
    return game


def sheet_prompt(game: LiveGame, seat: int):  # type: ignore[no-untyped-def]
    (prompt,) = [p for p in game.state.prompts_for(seat) if p.sheet]
    return prompt


async def test_a_forum_day_reminds_three_hours_before_once_and_only_those_not_done(table: Table) -> None:
    game = await to_day_one(table)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    rows = await table.storage.deadlines(game.id)
    due = rows[0].due
    assert {r.due for r in rows} == {due} and due == pytest.approx(clock.now + 24 * 3600, abs=60)
    assert {r.remind_at for r in rows} == {due - 3 * 3600}
    # seat 0 sends its orders; seat 1 begins changing them before the reminder
    assert (await table.act(game.id, 0, Action(prompt=sheet_prompt(game, 0).id, value=DONE))).ok
    assert (await table.act(game.id, 1, Action(prompt=sheet_prompt(game, 1).id, value=f"{EDIT}leader"))).ok
    reminded: list[int] = []

    async def listen(delivery) -> None:  # type: ignore[no-untyped-def]
        reminded.extend(delivery.reminder_for)

    table.listeners.append(listen)
    scheduler = Scheduler(table)
    clock.advance(21 * 3600 - 60)
    assert await scheduler.run_due() == 0, "nothing three hours and a minute before"
    clock.advance(61)
    await scheduler.run_due()
    assert sorted(reminded) == list(range(1, 10)), "everyone whose orders are not sent, once"
    # seat 2 answers after the reminder: each step is a new prompt of the same move, never reminded again
    reminded.clear()
    for value in (f"{EDIT}leader", "3"):
        assert (await table.act(game.id, 2, Action(prompt=sheet_prompt(game, 2).id, value=value))).ok
        clock.advance(60)
        await scheduler.run_due()
    assert reminded == []
    assert {r.due for r in await table.storage.deadlines(game.id)} == {due}, "answers never move the deadline"


async def test_a_missed_phase_counts_once_and_only_when_nothing_was_given(table: Table) -> None:
    game = await to_day_one(table)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    notices = []

    async def listen(delivery) -> None:  # type: ignore[no-untyped-def]
        notices.extend(e for e in delivery.events if e.to == [] and e.params.get("notify") == "moderators")

    table.listeners.append(listen)
    # Day 1: seat 1 begins its sheet and stops; seat 2 gives nothing; the others send
    assert (await table.act(game.id, 1, Action(prompt=sheet_prompt(game, 1).id, value=f"{EDIT}leader"))).ok
    for seat in range(3, 10):
        assert (await table.act(game.id, seat, Action(prompt=sheet_prompt(game, seat).id, value=DONE))).ok
    assert (await table.act(game.id, 0, Action(prompt=sheet_prompt(game, 0).id, value=DONE))).ok
    clock.advance(25 * 3600)
    await Scheduler(table).run_due()
    state = game.state
    assert isinstance(state, MafiaState) and state.phase == "night" and state.number == 2
    misses = game.row.meta.get("misses") or {}
    assert "1" not in misses or misses["1"]["count"] == 0, "a begun sheet is no missed phase"
    assert misses["2"]["count"] == 1 and notices == []
    # Night 2: seat 2 again gives nothing (the others send): the second phase in a row
    for seat in state.living():
        if seat != 2:
            assert (await table.act(game.id, seat, Action(prompt=sheet_prompt(game, seat).id, value=DONE))).ok
    clock.advance(13 * 3600)
    await Scheduler(table).run_due()
    assert game.row.meta["misses"]["2"]["count"] == 2
    (notice,) = notices
    assert notice.key == "mafia-absent-notice" and notice.params["player"] == {"seat": 2}
    assert notice.params["misses"] == 2 and notice.params["advice"] == {"term": "mafia-absent-advice-bot"}
    logged = [e for e in await table.storage.events(game.id) if e.key == "mafia-absent-notice"]
    assert len(logged) == 1 and logged[0].audience == [], "in the log, for nobody but the moderators"
    assert not game.seats[2].bot, "without absent_after nobody takes the seat"


async def test_an_order_kept_until_the_deadline_is_no_missed_phase(table: Table) -> None:
    game = await to_day_one(table, end_when_all_done=False)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    for seat in range(10):
        assert (await table.act(game.id, seat, Action(prompt=sheet_prompt(game, seat).id, value=DONE))).ok
    assert game.state.phase == "day", "the day ends only at its deadline"  # type: ignore[attr-defined]
    clock.advance(25 * 3600)
    await Scheduler(table).run_due()
    assert game.state.phase == "night"  # type: ignore[attr-defined]
    assert not any(entry["count"] for entry in (game.row.meta.get("misses") or {}).values())


async def test_a_forum_day_survives_a_pause_and_an_extension_and_fires_once(table: Table) -> None:
    game = await to_day_one(table)
    clock = table.clock
    assert isinstance(clock, FakeClock)
    due = (await table.storage.deadlines(game.id))[0].due
    clock.advance(5 * 3600)
    assert (await table.pause(game.id)).ok
    clock.advance(30 * 3600)  # paused longer than the whole day: nothing fires
    assert await Scheduler(table).run_due() == 0
    assert (await table.resume(game.id)).ok
    assert (await table.extend(game.id, 86400)).ok
    rows = await table.storage.deadlines(game.id)
    moved = due + 30 * 3600 + 86400
    assert [r.due for r in rows] == pytest.approx([moved] * len(rows))
    assert [r.remind_at for r in rows] == pytest.approx([moved - 3 * 3600] * len(rows)), "the reminder moves too"
    scheduler = Scheduler(table)
    clock.now = moved - 1
    await scheduler.run_due()
    assert game.state.phase == "day"  # type: ignore[attr-defined]
    clock.now = moved + 1
    await scheduler.run_due()
    await scheduler.run_due()
    reports = [e for e in await table.storage.events(game.id) if e.key == "mafia-event-phase-report"]
    assert [r.params["phase"] for r in reports] == ["night", "day"], "the day ended once"
    assert game.state.phase == "night"  # type: ignore[attr-defined]
