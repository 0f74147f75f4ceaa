"""Shared set-ups for the Mafia of Heroes tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Action, Event, Prompt
from games.mafia import ENGINE
from games.mafia.state import MafiaState

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


def seat_with(state: MafiaState, public_role: str) -> int:
    found = state.seat_of(public_role)
    assert found is not None, public_role
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
