"""Table hardening: a deadline row goes only when its expiry was applied or its prompt is gone; a
moderator step is one transaction with its log entry; whoever held a seat never sees the game's
secrets while it runs; re-clicking the same choice is a silent no-op and changes are rate-limited."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.live import Seat
from bot.scheduler import Scheduler
from bot.storage import IntegrityError, Storage
from bot.table.limits import CHANGES_BURST
from games.core import Action
from tests.runtime.databases import Database
from tests.runtime.helpers import humans, pick


def hold_after(storage: Storage, name: str) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold the first call of a storage read right after it returned, until released."""
    reached, release = asyncio.Event(), asyncio.Event()
    original = getattr(storage, name)

    async def held(*args: Any, **kwargs: Any) -> Any:
        result = await original(*args, **kwargs)
        if not reached.is_set():
            reached.set()
            await release.wait()
        return result

    setattr(storage, name, held)
    return reached, release


# --- deadlines -------------------------------------------------------------------------------
async def test_a_pause_between_reading_and_firing_deadlines_keeps_them_for_after_the_resume(setup) -> None:
    table, clock, _database, delivered = setup
    game = await table.start("cookie", humans(4), seed=9)
    clock.advance(91)  # every choice is due
    reached, release = hold_after(table.storage, "due_deadlines")
    run = asyncio.create_task(Scheduler(table).run_due())
    await reached.wait()  # the scheduler has read the due deadlines …
    assert (await table.pause(game.id, actor_id=1)).ok  # … and a moderator pauses the game
    release.set()
    await run
    assert len(await table.storage.deadlines(game.id)) == 4, "a refused expiry keeps its deadline"
    assert not any(a.by_bot for a in await table.storage.actions(game.id, kind="play"))

    clock.advance(300)
    assert (await table.resume(game.id, actor_id=1)).ok
    clock.advance(1)
    delivered.clear()
    await Scheduler(table).run_due()
    assert "bot-acted" in [e.key for d in delivered for e in d.events], "after the resume the deadlines fire"


async def test_a_deadline_extended_between_reading_and_firing_waits_for_its_new_time(setup) -> None:
    table, clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=9)
    step = game.state.step
    clock.advance(91)
    reached, release = hold_after(table.storage, "due_deadlines")
    run = asyncio.create_task(Scheduler(table).run_due())
    await reached.wait()
    assert (await table.extend(game.id, 120, actor_id=1)).ok
    release.set()
    await run
    assert game.state.step == step, "the extension stands: nothing was played for anyone"
    assert len(await table.storage.deadlines(game.id)) == 4


async def test_a_refused_default_keeps_its_deadline_and_retries_later(setup) -> None:
    table, clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=9)
    prompt = game.state.prompts[0]
    broken = Action(prompt=prompt.id, value="no-such-card")
    game.engine.default_action = lambda state, p: broken  # type: ignore[method-assign]
    try:
        clock.advance(91)
        await table.expire(game.id, prompt.id)
    finally:
        del game.engine.default_action
    rows = {d.prompt_id: d.due for d in await table.storage.deadlines(game.id)}
    assert prompt.id in rows and rows[prompt.id] > clock.now, "kept, later: the scheduler does not spin on it"


# --- moderator steps are one transaction -------------------------------------------------------
async def refuse_table_log(database: Database, op: str) -> None:
    """Make the log refuse the next moderator entry of kind `op` (a full disk, a crash)."""
    if database.kind == "sqlite":
        await database.execute(
            f"CREATE TRIGGER refuse_{op} BEFORE INSERT ON actions WHEN NEW.kind = 'table'"
            f" AND json_extract(NEW.payload, '$.op') = '{op}' BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
        return
    await database.execute(
        f"CREATE FUNCTION refuse_{op}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" IF NEW.kind = 'table' AND NEW.payload::jsonb ->> 'op' = '{op}' THEN"
        f" RAISE EXCEPTION 'disk full' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$;"
        f" CREATE TRIGGER refuse_{op} BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION refuse_{op}()"
    )


async def allow_table_log(database: Database, op: str) -> None:
    if database.kind == "sqlite":
        await database.execute(f"DROP TRIGGER refuse_{op}")
        return
    await database.execute(f"DROP TRIGGER refuse_{op} ON actions; DROP FUNCTION refuse_{op}()")


@pytest.mark.parametrize("op", ["pause", "resume", "extend", "replace"])
async def test_a_moderator_step_that_cannot_be_logged_changes_nothing(setup, op: str) -> None:
    table, clock, database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=21)
    if op == "resume":
        assert (await table.pause(game.id, actor_id=1)).ok
        clock.advance(100)
    steps = {
        "pause": lambda: table.pause(game.id, actor_id=1),
        "resume": lambda: table.resume(game.id, actor_id=1),
        "extend": lambda: table.extend(game.id, 60, actor_id=1),
        "replace": lambda: table.replace(game.id, 1, Seat(name="Alt", user_id=999), actor_id=1),
    }
    before, seats, paused, dues = await database.snapshot(game.id), list(game.seats), game.row.paused, dict(game.dues)
    await refuse_table_log(database, op)
    with pytest.raises(IntegrityError):
        await steps[op]()
    assert await database.snapshot(game.id) == before, f"a {op} that is not logged is not applied either"
    assert (game.seats, game.row.paused, game.dues) == (seats, paused, dues), "nor in memory"
    await allow_table_log(database, op)
    assert (await steps[op]()).ok
    assert [a.payload["op"] for a in await table.storage.actions(game.id, kind="table")][-1] == op


# --- a player is a player for the game's whole life -----------------------------------------
async def test_whoever_held_a_seat_may_not_see_secrets_until_the_game_is_over(setup) -> None:
    table, _clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=4)
    moderator, alt, bystander = 100, 555, 777  # the moderator plays seat 0
    refusal = await table.secrets_refusal(game.id, moderator)
    assert refusal is not None and refusal.key == "gm-secrets-player"
    assert (await table.replace(game.id, 0, Seat(name="Alt", user_id=alt), actor_id=moderator)).ok
    assert (await table.replace(game.id, 0, Seat(name="Back", user_id=moderator), actor_id=moderator)).ok
    assert (await table.replace(game.id, 0, Seat(name="Robo", bot=True), actor_id=moderator, removed=True)).ok
    assert game.seat_of(moderator) is None
    assert await table.secrets_refusal(game.id, moderator) is not None, "giving the seat away does not help"
    assert await table.secrets_refusal(game.id, alt) is not None, "nor does borrowing it"
    assert await table.secrets_refusal(game.id, bystander) is None, "a moderator who never played may look"
    assert (await table.end(game.id, actor_id=bystander)).ok
    assert await table.secrets_refusal(game.id, moderator) is None, "once the game is over its record is open"


# --- changeable choices -----------------------------------------------------------------------
async def test_re_clicking_the_choice_already_made_is_a_no_op_that_is_not_logged(setup) -> None:
    table, _clock, database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=3)
    prompt = game.state.prompts[0]
    assert prompt.changeable
    same = Action(prompt=prompt.id, value=prompt.options[0].value)
    assert (await table.act(game.id, prompt.seat, same)).ok
    before = await database.snapshot(game.id)
    for _ in range(50):
        again = await table.act(game.id, prompt.seat, same)
        assert again.ok and again.events == []
    assert await database.snapshot(game.id) == before, "no step, no log line, no event for the same choice"


async def test_changing_a_choice_too_often_is_refused_kindly_until_time_passes(setup) -> None:
    table, clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=3)
    prompt = game.state.prompts[0]
    values = [o.value for o in prompt.options[:2]]
    assert (await table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=values[0]))).ok
    outcomes = [
        await table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=values[(i + 1) % 2]))
        for i in range(CHANGES_BURST + 5)
    ]
    assert all(o.ok for o in outcomes[:CHANGES_BURST])
    refused = outcomes[CHANGES_BURST]
    assert refused.refusal is not None and refused.refusal.key == "error-too-many-changes"
    assert refused.refusal.params["seconds"] >= 1
    logged = await table.storage.actions(game.id, kind="play")
    assert len(logged) == 1 + CHANGES_BURST, "refused changes are not logged"
    other = game.state.prompts[1]
    assert (await table.act(game.id, other.seat, Action(prompt=other.id, value=other.options[0].value))).ok, (
        "the limit is per player"
    )
    clock.advance(refused.refusal.params["seconds"])
    current = game.state.prompt(prompt.id)
    assert current is not None
    assert (await table.act(game.id, prompt.seat, Action(prompt=prompt.id, value=values[0]))).ok


async def test_the_game_still_plays_to_the_end(setup) -> None:
    table, _clock, _database, _delivered = setup
    game = await table.start("cookie", humans(4), seed=8)
    while game.running:
        prompt, action = pick(game)
        assert (await table.act(game.id, prompt.seat, action)).ok


async def test_going_back_and_forth_on_an_order_sheet_counts_as_changing_it(setup) -> None:
    """Opening a part and pressing Back in a loop saved a step each time, none refused (issue 24, item 13):
    Back (and Cancel) on a sheet is a change like any other, limited the same way."""
    table, clock, _database, _delivered = setup
    game = await table.start("castle", humans(3), seed=5)
    seat = 0

    def sheet_prompt() -> Any:
        return next(p for p in game.state.prompts_for(seat) if p.sheet and not p.answered)

    outcomes = []
    while not outcomes or outcomes[-1].ok:
        assert len(outcomes) <= CHANGES_BURST, "going back on the sheet is never limited"
        opened = sheet_prompt()
        edit = next(o.value for o in opened.options if o.value.startswith("~edit:") and o.disabled is None)
        assert (await table.act(game.id, seat, Action(prompt=opened.id, value=edit))).ok
        inside = sheet_prompt()
        back = next(o.value for o in inside.options if o.value in ("~back", "~cancel"))
        outcomes.append(await table.act(game.id, seat, Action(prompt=inside.id, value=back)))
    assert len(outcomes) == CHANGES_BURST + 1, "the burst, then a kind refusal"
    refused = outcomes[-1]
    assert refused.refusal is not None and refused.refusal.key == "error-too-many-changes"
    clock.advance(refused.refusal.params["seconds"])
    inside = sheet_prompt()
    back = next(o.value for o in inside.options if o.value in ("~back", "~cancel"))
    assert (await table.act(game.id, seat, Action(prompt=inside.id, value=back))).ok, "time lets them go on"
