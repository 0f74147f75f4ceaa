"""Shared set-ups for the Mafia of Heroes tests: games played through the engine's real prompts, and the
order sheets of Night 1 and Day 1 answered step by step or as whole orders."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from bot.i18n import catalog, render
from games.core import Action, Event, IllegalAction, Prompt, Refusal
from games.core.orders import EDIT, FINISH, PLAN
from games.mafia import ENGINE, sheet
from games.mafia import sheet_common as words
from games.mafia.state import Card, MafiaState
from tests.games.rendering import assert_renders_for_everyone

Policy = Callable[[MafiaState, Prompt], Action]


def start(players: int = 10, seed: int = 1, joins: list[dict[str, Any]] | None = None,
          **options: Any) -> tuple[MafiaState, list[Event]]:
    return ENGINE.setup(players, options or None, seed, joins)


def wish(role: str | None = None, spare: str | None = None, colour: str | None = None) -> dict[str, Any]:
    """A sign-up with consent given."""
    data: dict[str, Any] = {"consent": True}
    if role is not None:
        data["role"] = role
    if spare is not None:
        data["spare"] = spare
    if colour is not None:
        data["colour"] = colour
    return data


def role(state: MafiaState, name: str) -> int:
    """The seat of a public or secret role."""
    found = state.seat_of(name)
    assert found is not None, name
    return found


def bots(seed: int = 0) -> Policy:
    rng = random.Random(seed)
    return lambda state, prompt: ENGINE.bot_action(state, prompt, rng)


def defaults(state: MafiaState, prompt: Prompt) -> Action:
    return ENGINE.default_action(state, prompt)


def at_night_one(state: MafiaState) -> bool:
    """The draft and the opening are over: Night 1's order sheets are open."""
    return state.phase not in ("draft", "opening")


def run(state: MafiaState, policy: Policy | None = None, events: list[Event] | None = None,
        until: Callable[[MafiaState], bool] | None = None) -> MafiaState:
    """Answer every open prompt with `policy` until none is left (or `until` holds); events are collected."""
    policy = policy or bots()
    while True:
        if until is not None and until(state):
            return state
        prompt = next((p for p in state.prompts if not p.answered), None)
        if prompt is None:
            return state
        state, caused = ENGINE.apply(state, prompt.seat, policy(state, prompt))
        if events is not None:
            events.extend(caused)


def answer(state: MafiaState, prompt: Prompt, value: Any) -> tuple[MafiaState, list[Event]]:
    return ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=value))


# --- the order sheets of Night 1 and Day 1 ----------------------------------------------------------------------
SHEET_ROLES = ("lucky", "journalist", "magician", "paranoid", "croupier", "psychic", "sociopath", "avenger", "hero",
               "banker")
"""The public role each seat wishes (and gets): every role with a part of its own on the sheet. With seed 1
the Magician is the Killer, the Journalist the Advisor, the Avenger the Boss."""
LANGUAGES = ("en", "ru")


@cache
def _saved_night_one(seed: int) -> str:
    state, _ = start(10, seed=seed, joins=[wish(name) for name in SHEET_ROLES])
    return ENGINE.dump(run(state, until=at_night_one))


def night_one(seed: int = 1) -> MafiaState:
    """A fresh copy of Night 1 after sign-up and the draft (sheets open, nobody has answered)."""
    return ENGINE.load(_saved_night_one(seed))


def phase_passes(state: MafiaState, orders: dict[int, dict[str, list[str]]] | None = None,
                 events: list[Event] | None = None) -> MafiaState:
    """The seats in `orders` send those orders in one answer each; everyone else lets the deadline pass
    (no card, no vote, so nobody takes damage). Events are collected."""
    index = state.phase_index
    while not state.over and state.phase_index == index:
        prompt = next(p for p in state.prompts if not p.answered)
        planned = (orders or {}).get(prompt.seat)
        value = sheet.form(state).plan_value(state, prompt, planned) if planned else FINISH
        if planned:
            assert json.loads(value.removeprefix(PLAN)) == planned, (planned, value)
        state, caused = ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=value))
        if events is not None:
            events.extend(caused)
    return state


def day_one() -> MafiaState:
    return phase_passes(night_one())


def law(state: MafiaState, *but: int) -> int:
    """A living law character who is neither the Sociopath nor one of `but`."""
    return next(n for n in state.living() if not state.seats[n].mafia and n not in but
                and state.seats[n].public_role != "sociopath")


def hold(state: MafiaState, number: int, hand: tuple[str, ...] = (), sleeve: tuple[str, ...] = ()) -> list[Card]:
    """Give a seat new cards of these kinds, hand then sleeve (the public count follows the hand)."""
    player = state.seats[number]
    player.hand = [state.new_card(key) for key in hand]
    player.sleeve = [state.new_card(key) for key in sleeve]
    state.counts[number] = player.public_hand_count()
    return [*player.hand, *player.sleeve]


def reopen(state: MafiaState) -> MafiaState:
    """The sheets opened again on the state as it now is (after a test changed the table)."""
    form = sheet.form(state)
    form.close(state)
    form.open(state, state.living(), tag="t")
    return state


def paid(*cards: Card) -> tuple[str, ...]:
    """The answer that pays a cost with these cards."""
    return tuple(f"{words.PAID}{c.id}" for c in cards)


def prompt_of(state: MafiaState, number: int) -> Prompt:
    return next(p for p in state.prompts if p.sheet == state.sheets[number].id)


def act_with_events(state: MafiaState, number: int, value: Any) -> tuple[MafiaState, list[Event]]:
    """Answer the seat's sheet prompt; what the seat sees next, and every event, reads in every language."""
    state, events = answer(state, prompt_of(state, number), value)
    if number in state.sheets:
        assert_prompt_readable(prompt_of(state, number))
    for event in events:
        assert_readable(event.key, event.params)
    return state, events


def act(state: MafiaState, number: int, *values: Any) -> MafiaState:
    """Answer the seat's sheet prompts in turn, one value each."""
    for value in values:
        state, _ = act_with_events(state, number, value)
    return state


def edit(state: MafiaState, number: int, part: str, *values: Any) -> MafiaState:
    """Change a part: its button, then one answer per step."""
    return act(state, number, f"{EDIT}{part}", *values)


# --- refusals, and reading in every language --------------------------------------------------------------------
def refused(state: MafiaState, number: int, value: Any, prompt: Prompt | None = None) -> str:
    """The reason the engine gives for this answer by `number` (to its current sheet prompt, unless
    another prompt is named); see `refused_action`."""
    return refusal_of(state, number, value, prompt).key


def refusal_of(state: MafiaState, number: int, value: Any, prompt: Prompt | None = None) -> Refusal:
    """`refused`, with the reason's parameters."""
    return refused_action(state, number, {"prompt": (prompt or prompt_of(state, number)).id, "value": value})


def refused_action(state: MafiaState, number: int, action: Any) -> Refusal:
    """Why the engine refuses this action (any data, as a client could send it). The saved game is the
    same before and after `check`, and after `apply`, which raises IllegalAction with that reason; the
    reason reads in every language."""
    saved = state.model_dump()
    refusal = ENGINE.check(state, number, action)
    assert refusal is not None, f"{action!r} was accepted"
    assert state.model_dump() == saved, "check changed the game"
    with pytest.raises(IllegalAction) as raised:
        ENGINE.apply(state, number, action)
    assert raised.value.refusal == refusal
    assert state.model_dump() == saved, "a refused apply changed the game"
    assert_readable(refusal.key, refusal.params)
    return refusal


def nested(value: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every message and term a parameter refers to, however deep (a term as a message of no params)."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(value, dict):
        if set(value) == {"message", "params"}:
            found.append((value["message"], value["params"]))
        if set(value) == {"term"}:
            found.append((value["term"], {}))
        for item in value.values():
            found += nested(item)
    elif isinstance(value, list):
        for item in value:
            found += nested(item)
    return found


def assert_readable(key: str, params: dict[str, Any], seen: set[str] | None = None, *, label: bool = False) -> None:
    """The message and everything it nests exist in every language and render without a Fluent error
    (an option's label also fits a Discord button: 80 characters)."""
    if seen is not None:
        seen.add(key)
    for language in LANGUAGES:
        assert catalog(language).has(key), (language, key)
        assert_renders_for_everyone(language, key, params, "mafia-")
        if label:
            text = render(language, key, params, lambda n: f"Player {n + 1}")
            assert len(text) <= 80, (language, key, text)
    for inner, inner_params in nested(params):
        assert_readable(inner, inner_params, seen)


def assert_prompt_readable(prompt: Prompt, seen: set[str] | None = None) -> None:
    assert_readable(prompt.key, prompt.params, seen)
    for option in prompt.options:
        assert_readable(option.label, option.params, seen, label=True)
        if option.disabled is not None:
            assert_readable(option.disabled.key, option.disabled.params, seen)
