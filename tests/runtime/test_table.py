"""The table: check → apply → save → deliver; refusals change nothing; the log replays."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from bot import metrics
from bot.live import Outcome, Seat
from bot.scheduler import Scheduler
from bot.storage import open_storage
from bot.table import Table
from games.core import Action
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock, humans, pick


async def play_to_end(table: Table, game_id: int) -> None:
    game = await table.get(game_id)
    assert game is not None
    while game.running:
        prompt, action = pick(game)
        outcome = await table.act(game_id, prompt.seat, action)
        assert outcome.ok, outcome.refusal


async def test_a_whole_game_is_saved_step_by_step_and_replays_exactly(setup) -> None:
    table, _, _database, delivered = setup
    game = await table.start("cookie", humans(5), seed=42)
    await play_to_end(table, game.id)
    row = await table.storage.load_game(game.id)
    assert row is not None and row.status == "finished"
    replayed = await table.replay(game.id)
    assert replayed.model_dump_json() == row.state, "replaying the log from the seed reproduces the state"
    stored_events = await table.storage.events(game.id)
    assert len(stored_events) == sum(len(d.events) for d in delivered), "every delivered event is in the log"
    assert not await table.storage.deadlines(game.id), "a finished game has no deadlines left"
    results = await table.storage.leaderboard(0, "cookie")
    assert results == [], "no guild: results are kept per game but not in a server leaderboard"


async def test_bots_fill_their_seats_and_finish_the_game(setup) -> None:
    table, _, _, _ = setup
    seats = [Seat(name=f"Bot{i}", bot=True) for i in range(6)]
    game = await table.start("cookie", seats, seed=7)
    assert not game.running, "with bots in every seat the game plays itself to the end"
    assert game.engine.results(game.state) is not None


async def test_a_players_answer_is_shown_before_the_bot_players_answer_what_it_opened(setup) -> None:
    """One player and three bots at Cookie: the player's card, the last of a turn, opens the next turn. Their
    answer is shown once their step is saved and before the bots answer the new turn (each bot's answer a step
    of its own); when `act` returns, the bots have answered."""
    table, _, _, _ = setup
    game = await table.start("cookie", [*humans(1), *(Seat(name=f"Bot{i}", bot=True) for i in range(3))], seed=7)

    def bots_waiting() -> int:
        return sum(1 for p in game.state.prompts if not p.answered and game.seats[p.seat].bot)

    assert bots_waiting() == 0, "the bots answer the first turn at once"
    prompt, action = pick(game)
    assert prompt.seat == 0, "only the player's card is missing"
    seen: list[tuple[int, int, int]] = []

    async def shown(outcome: Outcome) -> None:
        assert outcome.ok
        logged = await table.storage.actions(game.id, kind="play")
        seen.append((bots_waiting(), len(logged), logged[-1].seat))

    before = len(await table.storage.actions(game.id, kind="play"))
    assert (await table.act(game.id, prompt.seat, action, answered=shown)).ok
    assert seen == [(3, before + 1, 0)], "shown with the player's step on disk and the bots' new turn not answered"
    assert bots_waiting() == 0, "the bots answered the new turn before act returned"
    after = await table.storage.actions(game.id, kind="play")
    assert [a.seat for a in after[before:]] == [0, 1, 2, 3], "the player's step, then one step for each bot"


def phases_counted() -> dict[str, float]:
    return {name: metrics.REGISTRY.get_sample_value("gamemaster_interaction_phase_seconds_count",
                                                    {"via": "dm", "phase": name}) or 0.0 for name, _ in metrics.PHASES}


async def test_an_answers_handling_is_timed_phase_by_phase_until_its_answer_and_not_after(setup) -> None:
    """A click's clock starts at its parse and goes with the task made for it: each phase of its handling once,
    the answer's request last; the bot players' steps after the answer, and a step made outside any click (a
    deadline's), are none of its phases."""
    table, _, _, _ = setup
    game = await table.start("cookie", [*humans(1), *(Seat(name=f"Bot{i}", bot=True) for i in range(3))], seed=7)
    prompt, action = pick(game)
    shared = table.storage.shared
    before = phases_counted()

    async def shown(outcome: Outcome) -> None:
        metrics.answered()  # where the answer's request leaves the bot (bot/discord/observing.py)

    async def handler() -> None:  # the task discord.py makes for the click
        metrics.phase("queued")
        try:
            metrics.phase("game")
            metrics.phase("prompt")
            assert (await table.act(game.id, prompt.seat, action, answered=shown)).ok
        finally:
            metrics.unclock()

    metrics.enable()
    try:
        with metrics.clicked(time.monotonic(), "dm"):
            click = asyncio.create_task(handler())
        await click
        other, step = pick(game)
        assert (await table.act(game.id, other.seat, step)).ok, "a step outside a click"
    finally:
        metrics.disable()
    grown = {name: count - before[name] for name, count in phases_counted().items()}
    assert grown == {"queued": 1, "game": 1, "prompt": 1, "lock": 1, "database-lock": 1 if shared else 0,
                     "catch-up": 1 if shared else 0, "apply": 1, "save": 1, "deliver": 1, "answer": 1}


async def test_a_refused_action_changes_nothing_on_disk(setup) -> None:
    table, _, database, _ = setup
    game = await table.start("cookie", humans(4), seed=3)
    prompt = game.state.prompts[0]
    other = game.state.prompts[1]
    before = await database.snapshot(game.id)
    bad_inputs = [
        (other.seat, {"prompt": prompt.id, "value": prompt.options[0].value}, "error-not-your-prompt"),
        (prompt.seat, {"prompt": "cookie-r9-c9-s0-choose", "value": "x"}, "error-stale"),
        (prompt.seat, {"prompt": prompt.id, "value": "no-such-card"}, "cookie-error-not-in-hand"),
        (17, {"prompt": prompt.id, "value": prompt.options[0].value}, "error-unknown-player"),
        (prompt.seat, {"prompt": prompt.id}, "error-malformed"),
        (prompt.seat, {"prompt": prompt.id, "value": [1, 2]}, "error-malformed"),
        (prompt.seat, "garbage", "error-malformed"),
    ]
    for seat_number, payload, reason in bad_inputs:
        outcome = await table.act(game.id, seat_number, payload)
        assert outcome.refusal is not None and outcome.refusal.key == reason, (payload, outcome.refusal)
        assert await database.snapshot(game.id) == before, f"{reason} must leave the saved game byte-for-byte unchanged"


async def test_a_duplicate_input_is_never_applied_twice(setup) -> None:
    table, _, database, _ = setup
    game = await table.start("cookie", humans(4), seed=5)
    prompt, action = pick(game)
    first = await table.act(game.id, prompt.seat, action, input_key="interaction-1")
    assert first.ok
    before = await database.snapshot(game.id)
    again = await table.act(game.id, prompt.seat, action, input_key="interaction-1")
    assert again.refusal is not None and again.refusal.key == "error-duplicate"
    assert await database.snapshot(game.id) == before


async def test_concurrent_clicks_on_one_public_prompt_apply_once(setup) -> None:
    table, _, _, _ = setup
    game = await table.start("cookie", humans(4), seed=11)
    # play until a public placement prompt is pending
    while game.running and not any(not p.secret for p in game.state.prompts):
        prompt, action = pick(game)
        await table.act(game.id, prompt.seat, action)
    prompt = next(p for p in game.state.prompts if not p.secret)
    value = next(o.value for o in prompt.options if o.disabled is None)
    step = game.state.step
    outcomes = await asyncio.gather(
        *[table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=value)) for _ in range(5)]
    )
    assert sum(o.ok for o in outcomes) == 1
    assert {o.refusal.key for o in outcomes if o.refusal} == {"error-stale"}
    assert game.state.step == step + 1


async def test_deadline_applies_the_default_and_says_the_bot_acted(setup) -> None:
    table, clock, _, delivered = setup
    game = await table.start("cookie", humans(4), seed=9)
    scheduler = Scheduler(table)
    rows = await table.storage.deadlines(game.id)
    assert len(rows) == 4 and all(r.due == clock.now + 90 for r in rows)
    # three players choose; the fourth does not
    for prompt in game.state.prompts[:3]:
        assert (await table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=prompt.options[0].value))).ok
    clock.advance(90 - 22.5 + 0.1)  # reminders come a quarter of the time before the deadline
    delivered.clear()
    await scheduler.run_due()
    reminded = [seat for d in delivered for seat in d.reminder_for]
    assert reminded == [3], "only the player who has not acted is reminded"
    clock.advance(30)
    await scheduler.run_due()
    keys = [e.key for d in delivered for e in d.events]
    assert "bot-acted" in keys
    actions = await table.storage.actions(game.id, kind="play")
    assert actions[-1].by_bot and actions[-1].seat == 3


async def test_steps_whose_deadlines_fall_later_leave_the_sleeping_scheduler_asleep(setup) -> None:
    """Each step saves its new prompts' deadlines; the scheduler asks the database again only when one
    may fall due before its next wake-up (or when it cannot tell: a pause, an extension)."""
    table, clock, _, _ = setup
    game = await table.start("cookie", humans(4), seed=9)
    looked = 0
    next_wake_time = table.storage.next_wake_time

    async def counted() -> float | None:
        nonlocal looked
        looked += 1
        return await next_wake_time()

    table.storage.next_wake_time = counted  # type: ignore[method-assign]
    scheduler = Scheduler(table)
    scheduler.start()
    try:
        await asyncio.sleep(0.2)
        assert looked == 1, "asleep until the first reminder, 67.5 s on"
        clock.advance(5)
        for prompt in list(game.state.prompts):  # a whole round: the next one's deadlines are 95 s on
            assert (await table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=prompt.options[0].value))).ok
        await asyncio.sleep(0.2)
        assert looked == 1, "the new round's deadlines fall after the wake-up already planned"
        table.deadlines_changed.set(at=clock.now + 1)
        await asyncio.sleep(0.2)
        assert looked == 2, "a deadline before the planned wake-up wakes it"
        table.deadlines_changed.set()
        await asyncio.sleep(0.2)
        assert looked == 3, "woken without a time (a pause, an extension), it looks again"
    finally:
        await scheduler.stop()


async def test_deadlines_survive_a_restart_and_expired_ones_fire_at_start_up(database: Database) -> None:
    clock = FakeClock()
    storage = await open_storage(database.target)
    table = Table(storage, clock=clock)
    game = await table.start("cookie", humans(4), seed=1)
    game_id, step = game.id, game.state.step
    await storage.close()

    clock.advance(3600)  # the bot was down for an hour
    storage = await open_storage(database.target)
    restarted = Table(storage, clock=clock)
    loaded = await restarted.load_unfinished()
    assert [g.id for g in loaded] == [game_id]
    assert len(await storage.deadlines(game_id)) == 4, "deadlines are rows: re-armed by loading them"
    fired = await Scheduler(restarted).run_due()
    assert fired >= 4
    resumed = await restarted.get(game_id)
    assert resumed is not None and resumed.state.step > step, "the expired deadline fired at start-up"
    await storage.close()


async def test_moderator_pause_extend_resume_rollback_replace_end(setup) -> None:
    table, clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=21)
    for _ in range(6):
        prompt, action = pick(game)
        assert (await table.act(game.id, prompt.seat, action)).ok
    step = game.state.step

    assert (await table.pause(game.id, actor_id=1)).ok
    prompt, action = pick(game)
    refused = await table.act(game.id, prompt.seat, action)
    assert refused.refusal is not None and refused.refusal.key == "error-paused"
    due_before = {d.prompt_id: d.due for d in await table.storage.deadlines(game.id)}
    clock.advance(500)
    assert not await table.storage.due_deadlines(clock.now), "a paused game's deadlines do not fire"
    assert (await table.resume(game.id, actor_id=1)).ok
    due_after = {d.prompt_id: d.due for d in await table.storage.deadlines(game.id)}
    assert all(due_after[k] == pytest.approx(due_before[k] + 500) for k in due_before), "paused time is given back"
    assert (await table.extend(game.id, 60, actor_id=1)).ok
    assert all(d.due == pytest.approx(due_after[d.prompt_id] + 60) for d in await table.storage.deadlines(game.id))

    assert (await table.rollback(game.id, 2, actor_id=1)).ok
    assert game.state.step == 2
    assert (await table.replay(game.id)).model_dump_json() == game.state.model_dump_json()
    undone = [a for a in await table.storage.actions(game.id, kind="play") if a.undone]
    assert len(undone) == step - 2, "rolled-back actions stay in the log, marked undone"

    replaced = await table.replace(game.id, 0, Seat(name="Robo", bot=True), actor_id=1)
    assert replaced.ok
    assert not any(p.seat == 0 and not p.answered for p in game.state.prompts), "the bot took the seat's turn"

    assert (await table.end(game.id, actor_id=1)).ok
    row = await table.storage.load_game(game.id)
    assert row is not None and row.status == "cancelled"
    ops = [a.payload["op"] for a in await table.storage.actions(game.id, kind="table")]
    assert ops == ["start", "pause", "resume", "extend", "rollback", "replace", "end"], "every moderator step is logged"
    keys = [e.key for e in await table.storage.events(game.id)]
    for key in ("moderator-paused", "moderator-resumed", "moderator-extended", "moderator-rolled-back",
                "moderator-replaced", "moderator-ended"):
        assert key in keys


async def test_export_is_the_full_log_as_json(setup) -> None:
    table, _, _, _ = setup
    game = await table.start("cookie", humans(4), seed=2)
    prompt, action = pick(game)
    await table.act(game.id, prompt.seat, action)
    record = await table.export(game.id)
    text = json.dumps(record, ensure_ascii=False)
    assert json.loads(text)["seed"] == 2
    assert [a["kind"] for a in record["actions"]] == ["table", "play"]
    assert record["events"] and all("audience" in e for e in record["events"])


async def test_many_games_at_once_keep_their_own_state(setup) -> None:
    table, _, _, _ = setup
    games = [await table.start("cookie", humans(4), seed=s) for s in range(5)]
    await asyncio.gather(*[play_to_end(table, g.id) for g in games])
    for g in games:
        row = await table.storage.load_game(g.id)
        assert row is not None and row.status == "finished"
        assert (await table.replay(g.id)).model_dump_json() == row.state


async def test_the_steps_of_one_move_share_its_deadline(setup) -> None:
    table, clock, _, _ = setup
    game = await table.start("sword-of-lies", humans(3), seed=5)
    while game.state.phase != "castling":  # buy-ins are not asked by default
        prompt, action = pick(game)
        await table.act(game.id, prompt.seat, action)
    (move,) = [p for p in game.state.prompts if p.key == "sol-prompt-move"]
    first_due = game.dues[move.id]
    clock.advance(30)
    assert (await table.act(game.id, move.seat, Action(prompt=move.id, value="trade"))).ok
    (step,) = game.state.prompts_for(move.seat)
    assert step.deadline_group == move.deadline_group
    assert game.dues[step.id] == first_due, "the second step of a move does not restart the clock"
