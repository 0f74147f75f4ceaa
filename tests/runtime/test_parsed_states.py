"""The table keeps the states of its most recently used games parsed; the others wait as their saved JSON
(a row it holds anyway) and are parsed again when next used. A game whose state was let go answers, fires its
deadlines and restarts exactly as one kept parsed; a game being worked on (its lock held, a step on its way to
the listeners) is never let go."""

from __future__ import annotations

import asyncio

from bot.live import Delivery
from bot.scheduler import Scheduler
from bot.storage import open_storage
from bot.table import Table
from bot.table.limits import STATE_IDLE_SECONDS
from games.core import Action
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans, pick


async def test_only_the_most_recently_used_games_stay_parsed(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage, clock=FakeClock(), states_kept=2)
        games = [await table.start("cookie", humans(4), seed=n) for n in range(4)]
        assert [g.parsed for g in games] == [False, False, True, True]
        prompt, action = pick(games[0])  # used again: parsed from its saved JSON, the oldest other let go
        assert (await table.act(games[0].id, prompt.seat, action)).ok
        assert [g.parsed for g in games] == [True, False, False, True]
        assert len(table.games) == 4, "a game let go is still live: only its parsed state left memory"
    finally:
        await storage.close()


async def test_a_game_let_go_answers_a_click_exactly_as_a_kept_one(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage, clock=FakeClock(), states_kept=1)
        delivered: list[Delivery] = []

        async def listen(delivery: Delivery) -> None:
            delivered.append(delivery)

        table.listeners.append(listen)
        kept = await table.start("cookie", humans(4), seed=21)
        let_go = await table.start("cookie", humans(4), seed=21)  # the same deal
        await table.start("cookie", humans(4), seed=5)  # the newest: the two above are let go
        assert not kept.parsed and not let_go.parsed
        prompt, action = pick(kept)  # `kept` parsed again now, and kept while it is the newest used
        delivered.clear()
        assert (await table.act(kept.id, prompt.seat, action, input_key="i1")).ok
        kept_events = [(e.key, e.params, e.to) for d in delivered for e in d.events]
        assert kept.parsed and not let_go.parsed
        delivered.clear()
        assert (await table.act(let_go.id, prompt.seat, action, input_key="i2")).ok
        assert [(e.key, e.params, e.to) for d in delivered for e in d.events] == kept_events
        assert let_go.state == kept.state
        saved = [await storage.load_game(g.id) for g in (kept, let_go)]
        assert saved[0] is not None and saved[1] is not None and saved[0].state == saved[1].state
        again = await table.act(let_go.id, prompt.seat, action, input_key="i2")
        assert again.refusal is not None and again.refusal.key == "error-duplicate", "applied once, let go or not"
    finally:
        await storage.close()


async def test_the_deadline_of_a_game_let_go_fires(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        clock = FakeClock()
        table = Table(storage, clock=clock, states_kept=1)
        waiting = await table.start("cookie", humans(4), seed=9)
        await table.start("cookie", humans(4), seed=10)
        assert not waiting.parsed
        for prompt in waiting.state.prompts[:3]:  # three players choose; the fourth leaves it to the deadline
            chosen = Action(prompt=prompt.id, value=prompt.options[0].value)
            assert (await table.act(waiting.id, prompt.seat, chosen)).ok
        await table.start("cookie", humans(4), seed=11)
        assert not waiting.parsed
        clock.advance(200)
        await Scheduler(table).run_due()
        actions = await storage.actions(waiting.id, kind="play")
        assert actions[-1].by_bot and actions[-1].seat == 3, "the deadline played the missing choice"
    finally:
        await storage.close()


async def test_a_game_is_never_let_go_while_its_lock_is_held(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        table = Table(storage, clock=FakeClock(), states_kept=1)
        held = await table.start("cookie", humans(4), seed=1)
        async with table.hold(held):
            state = held.state
            others = [await table.start("cookie", humans(4), seed=n) for n in (2, 3)]
            await asyncio.sleep(0)
            assert held.parsed and held.state is state, "its holder's state stays the one it works on"
            assert not others[0].parsed
        prompt, action = pick(others[1])
        assert (await table.act(others[1].id, prompt.seat, action)).ok
        assert not held.parsed, "once released it may be let go like any other"
    finally:
        await storage.close()


async def test_a_restart_finds_games_let_go_as_they_were_saved(database: Database) -> None:
    storage = await open_storage(database.target)
    table = Table(storage, clock=FakeClock(), states_kept=1)
    games = [await table.start("cookie", humans(4), seed=n) for n in range(3)]
    expected = {g.id: g.state.model_dump_json() for g in games}
    await storage.close()
    storage = await open_storage(database.target)
    try:
        loaded = await Table(storage, clock=FakeClock(), states_kept=1).load_unfinished()
        assert {g.id: g.state.model_dump_json() for g in loaded} == expected
    finally:
        await storage.close()


async def test_a_game_unused_for_its_idle_time_is_let_go_however_few_games_are_kept(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        clock = FakeClock()
        table = Table(storage, clock=clock)  # the house bound: far more games than these kept
        waiting = await table.start("cookie", humans(4), seed=1)
        saved = waiting.state.model_dump_json()
        playing = await table.start("cookie", humans(4), seed=2)
        clock.advance(STATE_IDLE_SECONDS + 1)
        prompt, action = pick(playing)  # another game used later: the one nobody used meanwhile is let go
        assert (await table.act(playing.id, prompt.seat, action)).ok
        assert playing.parsed and not waiting.parsed
        assert waiting.state.model_dump_json() == saved, "parsed again from its saved JSON, equal to what it was"
        assert waiting.parsed
    finally:
        await storage.close()


async def test_a_game_used_within_its_idle_time_stays_parsed(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        clock = FakeClock()
        table = Table(storage, clock=clock)
        games = [await table.start("cookie", humans(4), seed=n) for n in range(3)]
        clock.advance(STATE_IDLE_SECONDS - 1)
        prompt, action = pick(games[1])  # the last used of the others was newest until now: used until now
        assert (await table.act(games[1].id, prompt.seat, action)).ok
        clock.advance(STATE_IDLE_SECONDS - 1)
        prompt, action = pick(games[2])
        assert (await table.act(games[2].id, prompt.seat, action)).ok
        assert [g.parsed for g in games] == [False, True, True], "only the one unused longer than that let go"
    finally:
        await storage.close()


async def test_an_idle_game_is_never_let_go_while_its_lock_is_held(database: Database) -> None:
    storage = await open_storage(database.target)
    try:
        clock = FakeClock()
        table = Table(storage, clock=clock)
        held = await table.start("cookie", humans(4), seed=1)
        other = await table.start("cookie", humans(4), seed=2)
        async with table.hold(held):
            state = held.state
            clock.advance(STATE_IDLE_SECONDS * 3)
            prompt, action = pick(other)
            assert (await table.act(other.id, prompt.seat, action)).ok
            assert held.parsed and held.state is state, "its holder's state stays the one it works on"
    finally:
        await storage.close()
