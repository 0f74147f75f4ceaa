"""Mafia of Heroes in the stand-in: a game seated straight through the table (no sign-up), moved
forward with the bot policy for every seat, then played by clicks where a test looks closely."""

from __future__ import annotations

from collections.abc import Callable

from bot.live import LiveGame, Seat
from games.core import Prompt
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.world import World

SEED = 20260707


async def start_mafia(
    w: World, players: int, *, bots: int = 0, seed: int = SEED, language: str = "en", **options: object
) -> LiveGame:
    """`players` seats for the world's first users (then `bots` bot seats), in English (or `language`)."""
    seats = [Seat(name=u.username, user_id=u.id, language=language) for u in w.users[:players]]
    seats += [Seat(name=f"Bot {n + 1}", bot=True) for n in range(bots)]
    game = await w.gm.table.start(
        "mafia", seats, options=dict(options), seed=seed, language=language, guild_id=w.guild.id,
        channel_id=w.channel.id,
    )
    return game


async def advance(
    w: World, game: LiveGame, until: Callable[[MafiaState], bool], *, skip: tuple[int, ...] = (), limit: int = 2000
) -> None:
    """Answer open prompts with the bot policy (straight through the table) until `until` holds; the
    seats in `skip` are left alone."""
    for _ in range(limit):
        state = game.state
        assert isinstance(state, MafiaState)
        if until(state) or not game.running:
            return
        prompt = next(p for p in state.prompts if not p.answered and p.seat not in skip)
        action = game.engine.bot_action(state, prompt, derived(game.row.seed, "drv", state.step, prompt.id))
        outcome = await w.gm.table.act(game.id, prompt.seat, action)
        assert outcome.ok, outcome.refusal
    raise AssertionError("the game did not get there")


def at(phase: str, number: int) -> Callable[[MafiaState], bool]:
    return lambda state: state.phase == phase and state.number == number


def sheet_prompt(game: LiveGame, seat: int) -> Prompt:
    (prompt,) = [p for p in game.state.prompts_for(seat) if p.sheet]
    return prompt


async def click(w: World, game: LiveGame, seat: int, value: str) -> None:
    """One click on the seat's order sheet (its DM message)."""
    call = await w.answer(game, sheet_prompt(game, seat), value)
    assert not call.errors, call.callbacks
    response = await call.wait_response()
    assert response["status"] < 400, response


async def fire_deadline(w: World, game: LiveGame) -> None:
    """The phase's deadline passes now: every deadline of the game moved into the past, as a long wait
    would (the scheduler then fires them)."""
    due = min(game.dues.values())
    shift = -(due - w.gm.table.clock()) - 1
    await w.gm.storage.shift_deadlines(game.id, shift)
    game.dues = {k: v + shift for k, v in game.dues.items()}
    w.gm.table.deadlines_changed.set()


def busiest_window(times: list[float], window: float) -> int:
    """The most of `times` (sorted) within any `window` seconds."""
    best, start = 0, 0
    for end in range(len(times)):
        while times[end] - times[start] > window:
            start += 1
        best = max(best, end - start + 1)
    return best
