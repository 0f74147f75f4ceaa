"""Driving a Mafia of Heroes game through the stand-in: a few seats held by stand-in users who answer
in their DMs (draft picks as the bot players would pick; each phase's order sheet simply "Done", or —
`give_orders` — the bot player's order clicked in part by part), the others bot players added with
/addbot; and the sign-up conversation answered by its buttons and selects."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest

from bot.live import LiveGame, Seat
from games.core import Prompt
from games.core.orders import DONE, EDIT, NAVIGATION, NOTHING, PLAN, picks
from games.core.rng import derived
from games.mafia import bot_orders
from games.mafia.state import MafiaState
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


# --- the sign-up conversation, by its components ------------------------------------------------
SIGNUP_IDS = ("gmja|", "gmjs|")
IMMEDIATE_LIMIT = 10
"""More immediate actions in one phase than any seat takes (the hand's order, the Boss's message, …): a loop."""


def _custom_id(component: dict[str, object]) -> str:
    return str(component.get("custom_id") or "")


def signup_question(w: World, user: User) -> Message | None:
    """The user's open sign-up question: their newest ephemeral message here carrying sign-up components."""
    for message in reversed(w.standin.channel_view(w.channel, user)):
        if message.ephemeral and any(_custom_id(c).startswith(SIGNUP_IDS) for c in message.all_components()):
            return message
    return None


def signup_choices(message: Message) -> dict[str, str]:
    """Every answer a sign-up question offers, value → label (its buttons and its select's options)."""
    found: dict[str, str] = {}
    for component in message.all_components():
        custom_id = _custom_id(component)
        if custom_id.startswith("gmja|"):
            found[custom_id.rsplit("|", 1)[1]] = str(component.get("label") or "")
        elif custom_id.startswith("gmjs|"):
            found |= {str(o["value"]): str(o["label"]) for o in component.get("options") or []}  # type: ignore[attr-defined]
    return found


async def answered(w: World, call: InteractionRecord) -> InteractionRecord:
    """The interaction answered (a deferred one filled in) and its messages delivered."""
    await call.wait_response()
    if call.response_type == 5:  # deferred: the answer is the followup
        await w.standin.wait_for(
            lambda: call.original_message_id and not w.standin.message(call.original_message_id).loading,
            timeout=10, what="the deferred answer",
        )
    await w.standin.settle()
    assert not call.errors, call.callbacks
    return call


async def press_join(w: World, user: User, lobby_id: int) -> InteractionRecord:
    """The Join button on the lobby's message."""
    lobby = next(m for m in w.standin.channel_view(w.channel) if any(
        b.get("custom_id") == f"gmj|{lobby_id}" for b in m.buttons))
    return await answered(w, await w.standin.click(user, custom_id=f"gmj|{lobby_id}", message=lobby))


async def answer_signup(w: World, user: User, value: str) -> InteractionRecord:
    """Answer the user's open sign-up question: the button for `value`, else the select offering it."""
    message = signup_question(w, user)
    assert message is not None, w.standin.transcript(w.channel, user)
    button = next((b for b in message.buttons if _custom_id(b).startswith("gmja|")
                   and _custom_id(b).endswith(f"|{value}")), None)
    if button is not None:
        call = await w.standin.click(user, custom_id=_custom_id(button), message=message)
    else:
        menu = next(s for s in message.selects if _custom_id(s).startswith("gmjs|")
                    and any(o.get("value") == value for o in s.get("options") or []))
        call = await w.standin.select(user, [value], custom_id=_custom_id(menu), message=message)
    return await answered(w, call)


# --- order sheets, by their components -----------------------------------------------------------
def sheet_prompt(game: LiveGame, seat: int) -> Prompt:
    """The seat's prompt of its order sheet (one at a time: each answer asks anew)."""
    (prompt,) = [p for p in game.state.prompts_for(seat) if p.sheet]
    return prompt


def carries(components: Iterable[dict[str, object]], game_id: int, prompt_id: str) -> bool:
    """Whether these components answer the prompt (its buttons, its select, its modal opener)."""
    whole = {f"gms|{game_id}|{prompt_id}", f"gmx|{game_id}|{prompt_id}"}
    return any(_custom_id(c) in whole or _custom_id(c).startswith(f"gm|{game_id}|{prompt_id}|") for c in components)


async def prompt_message(w: World, user: User, game_id: int, prompt_id: str) -> Message:
    """The DM message showing the prompt (waiting for it to be posted or edited in)."""
    def showing() -> Message | None:
        return next((m for m in reversed(w.standin.dm_view(user)) if carries(m.all_components(), game_id, prompt_id)),
                    None)

    return await w.standin.wait_for(showing, timeout=10, what=f"the DM showing {prompt_id}")


def select_values(picked: list[str]) -> list[str]:
    """A select's values for these picks: an option offered twice carries `#2` the second time."""
    seen: dict[str, int] = {}
    values = []
    for value in picked:
        seen[value] = seen.get(value, 0) + 1
        values.append(value if seen[value] == 1 else f"{value}#{seen[value]}")
    return values


def refusal_of(call: InteractionRecord) -> str | None:
    """What the bot said instead of taking the answer (an ephemeral message that is no ✅), or None."""
    if call.response_type != 4:
        return None
    content = str(call.callbacks[0]["body"].get("data", {}).get("content", ""))
    return None if content.startswith("✅") else content


@dataclass
class SheetClicks:
    """What one seat's sheet took in one phase through its DM message."""

    sheet: str
    messages: set[int] = field(default_factory=set)
    """The DM messages clicked on: one, edited in place, when the sheet works as it should."""
    answers: int = 0
    """Answers given (each a click, a select or a modal)."""
    parts: dict[str, list[str]] = field(default_factory=dict)
    """Each part entered, with the keys of the steps that asked for it."""
    modals: int = 0
    """Answers written in a modal (text steps)."""


async def sheet_answer(w: World, game: LiveGame, seat: int, value: str, clicks: SheetClicks) -> None:
    """One answer on the seat's order sheet through its DM message: a button; a select (several picks at
    once for a `many` step, "None" when nothing is picked); or the modal of a text step."""
    user = w.user_of(game, seat)
    prompt = sheet_prompt(game, seat)
    message = await prompt_message(w, user, game.id, prompt.id)
    clicks.messages.add(message.id)
    button = f"gm|{game.id}|{prompt.id}|{value}"
    picked = picks(value) if prompt.ask == "many" and not value.startswith(NAVIGATION) else [value]
    if prompt.ask == "text" and not value.startswith(NAVIGATION):
        opened = await w.standin.click(user, custom_id=f"gmx|{game.id}|{prompt.id}", message=message)
        await opened.wait_response()
        assert opened.response_type == 9, opened.callbacks  # the modal
        call = await w.standin.submit_modal(user, {"answer": value})
        clicks.modals += 1
    elif any(b.get("custom_id") == button for b in message.buttons):
        call = await w.standin.click(user, custom_id=button, message=message)
    elif not picked:
        call = await w.standin.click(user, custom_id=f"gm|{game.id}|{prompt.id}|{NOTHING}", message=message)
    else:
        call = await w.standin.select(user, select_values(picked), custom_id=f"gms|{game.id}|{prompt.id}",
                                      message=message)
    await call.wait_response()
    assert not call.errors and refusal_of(call) is None, (value, call.callbacks)
    clicks.answers += 1


async def enter_part(w: World, game: LiveGame, seat: int, name: str, answers: list[str], clicks: SheetClicks) -> None:
    """Change one part of the seat's sheet: its button, then each of its steps."""
    keys = []
    await sheet_answer(w, game, seat, f"{EDIT}{name}", clicks)
    for answer in answers:
        keys.append(sheet_prompt(game, seat).key)
        await sheet_answer(w, game, seat, answer, clicks)
    clicks.parts[name] = keys
    state = game.state
    assert isinstance(state, MafiaState) and state.sheets[seat].editing is None, f"{name} {answers} left unfinished"


async def give_orders(w: World, game: LiveGame, seat: int) -> SheetClicks:
    """The seat's order for this phase, clicked in on its DM sheet: what the bot player would order for
    the seat (`engine.bot_action`: its immediate actions one by one, then the whole order as a `~plan:`),
    entered part by part, then Done."""
    clicks = SheetClicks(sheet=str(sheet_prompt(game, seat).sheet))
    for _ in range(IMMEDIATE_LIMIT + 1):
        state = game.state
        assert isinstance(state, MafiaState)
        prompt = sheet_prompt(game, seat)
        value = game.engine.bot_action(state, prompt, derived(game.row.seed, "drv", state.step, prompt.id)).value
        assert isinstance(value, str), value
        if value.startswith(EDIT):  # an immediate action: the hand's order, the Boss's message, …
            wanted = bot_orders.immediate(state, seat)
            assert wanted is not None and f"{EDIT}{wanted[0]}" == value, (value, wanted)
            await enter_part(w, game, seat, *wanted, clicks)
            continue
        assert value.startswith(PLAN), value
        plan: dict[str, list[str]] = json.loads(value[len(PLAN):])
        for name, answers in plan.items():
            await enter_part(w, game, seat, name, answers, clicks)
        await sheet_answer(w, game, seat, DONE, clicks)
        sheet = game.state.sheets.get(seat)  # type: ignore[attr-defined]
        assert sheet is None or sheet.id != clicks.sheet or sheet.done, "sent, or the phase is over"
        return clicks
    raise AssertionError(f"seat {seat}'s sheet never came to Done")
