"""Driving a Mafia of Heroes game through the stand-in: a few seats held by stand-in users who answer
in their DMs (draft picks as the bot players would pick; each phase's order sheet simply "Done"), the
others bot players added with /addbot."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import pytest

from bot.table import LiveGame, Seat
from games.core import Prompt
from games.core.orders import DONE
from games.core.rng import derived
from tests.discord.world import World
from tests.discord_standin import InteractionRecord, Message, User

PLAYERS = 10
SEED = 424242
SEND_MESSAGES = 1 << 11
MANAGE_ROLES = 1 << 28
MANAGE_WEBHOOKS = 1 << 29


def fixed_seed(monkeypatch: pytest.MonkeyPatch, seed: int = SEED) -> None:
    """The lobby deals from `seed` (only the lobby's draw: discord.py draws its message nonces from the
    same `secrets` module, and a fixed nonce would make Discord return an earlier message)."""
    monkeypatch.setattr("bot.lobby.secrets", SimpleNamespace(randbits=lambda bits: seed))


async def open_mafia(w: World, humans: int = 3, **options: object) -> int:
    """The first user opens a Mafia game here; `humans` users take seats (their sign-up wishes are not
    this test's matter: no wishes, random public roles), bot players fill the table, the host starts
    it. Returns the game id."""
    created = await w.slash(w.users[0], "mafia new", **options)
    assert not created.errors, created.callbacks
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None
    seated = {s.get("user_id") for s in row.seats}
    for user in w.users[:humans]:
        if user.id not in seated:
            await w.gm.lobby.join(w.channel.id, Seat(name=user.username, user_id=user.id, language="en"))
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None
    await w.slash(w.users[0], "addbot", count=PLAYERS - len(row.seats))
    await w.slash(w.users[0], "start")
    row = await w.gm.lobby.current(w.channel.id)
    assert row is not None and row.status == "running", w.standin.transcript(w.channel)
    return row.id


def human_prompt(game: LiveGame) -> Prompt | None:
    return next((p for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot), None)


def select_message(w: World, custom_id: str, user: User) -> Message | None:
    for message in reversed(w.standin.dm_view(user)):
        if any(menu.get("custom_id") == custom_id for menu in message.selects):
            return message
    return None


async def answer_human(w: World, game: LiveGame, prompt: Prompt) -> None:
    """One answer of a stand-in user, by a click or a select in their DMs."""
    if prompt.sheet is not None:
        value: object = DONE
    else:
        rng = derived(game.row.seed, "drv", game.state.step, prompt.id)
        value = game.engine.bot_action(game.state, prompt, rng).value
    user = w.user_of(game, prompt.seat)
    if isinstance(value, tuple):
        menu = f"gms|{game.id}|{prompt.id}"
        message = await w.standin.wait_for(lambda: select_message(w, menu, user), timeout=10, what=f"select {menu}")
        call = await w.standin.select(user, list(value), custom_id=menu, message=message)
        await call.wait_response()
    else:
        call = await w.answer(game, prompt, str(value))
    assert not call.errors, call.callbacks


async def play(
    w: World, game_id: int, until: Callable[[LiveGame], bool] | None = None,
    each: Callable[[LiveGame], Awaitable[None]] | None = None, max_steps: int = 3000,
) -> LiveGame | None:
    """Answer the stand-in users' prompts until `until(game)` holds (then the game, still running) or the
    game is over (then None). `each` looks at the game before every answer."""
    for _ in range(max_steps):
        game = w.game(game_id)
        if game is None or not game.running:
            return None
        if until is not None and until(game):
            return game
        if each is not None:
            await each(game)
            game = w.game(game_id)
            if game is None or not game.running:
                return None
        prompt = human_prompt(game)
        if prompt is None:
            await asyncio.sleep(0.01)
            continue
        await answer_human(w, game, prompt)
    raise AssertionError("the game did not get there")


def reply(w: World, call: InteractionRecord) -> str:
    """What the bot answered to an interaction (its first message, or the deferred one filled in)."""
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return str(call.callbacks[0]["body"].get("data", {}).get("content", ""))


async def say(w: World, user: User, text: str) -> str:
    """`/mafia say text:` in the game channel; the bot's (ephemeral) answer."""
    call = await w.slash(user, "mafia say", text=text)
    assert not call.errors, call.callbacks
    return reply(w, call)


def overwrite(w: World, target: int) -> tuple[int, int] | None:
    """(allow, deny) of the game channel's overwrite for a member or role, None when it has none."""
    found = w.channel.overwrites.get(target)
    return None if found is None else (found.allow, found.deny)


def may_write(w: World, target: int) -> bool | None:
    """The Send Messages state of the channel's overwrite for `target`: True allowed, False denied, None neither."""
    found = overwrite(w, target)
    if found is None or not (found[0] | found[1]) & SEND_MESSAGES:
        return None
    return bool(found[0] & SEND_MESSAGES)
