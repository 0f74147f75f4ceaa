"""Shared helpers for the Cookie tests: playing circles by hand and driving whole games."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.cookie import ENGINE
from games.cookie.state import CookieState
from games.core import Action, Event, Prompt
from games.core.rng import derived


def prompt_of(state: CookieState, seat: int) -> Prompt:
    (prompt,) = state.prompts_for(seat)
    return prompt


def choose(state: CookieState, seat: int, card: str) -> tuple[CookieState, list[Event]]:
    return ENGINE.apply(state, seat, Action(prompt=prompt_of(state, seat).id, value=card))


def place(state: CookieState, seat: int, target: int) -> tuple[CookieState, list[Event]]:
    return ENGINE.apply(state, seat, Action(prompt=prompt_of(state, seat).id, value=str(target)))


def play_circle(state: CookieState, cards: dict[int, str]) -> tuple[CookieState, list[Event]]:
    """Every seat chooses the given card; returns the state after the reveal."""
    assert state.phase == "choose"
    events: list[Event] = []
    for seat, card in cards.items():
        state, new = choose(state, seat, card)
        events += new
    return state, events


def finish_placements(state: CookieState, rng_salt: str = "") -> tuple[CookieState, list[Event]]:
    """Answers pending placements with the bot until the next choose phase (or the end)."""
    events: list[Event] = []
    while state.phase == "place":
        prompt = state.prompts[0]
        action = ENGINE.bot_action(state, prompt, derived(state.rng.seed, rng_salt, state.step))
        state, new = ENGINE.apply(state, prompt.seat, action)
        events += new
    return state, events


def pick(state: CookieState) -> tuple[Prompt, Action]:
    """The random-game driver: a deterministic function of the state alone (so saving, reloading
    and continuing picks the same moves). It answers an open prompt, now and then changes an
    answered secret choice, and mixes bot moves with deadline defaults."""
    rng = derived(state.rng.seed, "driver", state.step)
    open_prompts = [p for p in state.prompts if not p.answered]
    answered = [p for p in state.prompts if p.answered]
    prompt = rng.choice(answered) if answered and rng.random() < 0.1 else rng.choice(open_prompts)
    if rng.random() < 0.3:
        return prompt, ENGINE.default_action(state, prompt)
    return prompt, ENGINE.bot_action(state, prompt, rng)


Step = tuple[CookieState, Prompt, Action, CookieState, list[Event]]


def play_out(state: CookieState, limit: int = 5000) -> Iterator[Step]:
    """Plays to the end with `pick`, yielding (before, prompt, action, after, events) per step."""
    for _ in range(limit):
        if state.over:
            return
        prompt, action = pick(state)
        after, events = ENGINE.apply(state, prompt.seat, action)
        yield state, prompt, action, after, events
        state = after
    raise AssertionError("the game did not end")


def final_state(players: int, seed: int) -> tuple[CookieState, list[tuple[int, dict[str, Any]]]]:
    """A whole random game without checks: its final state and its action log."""
    state, _ = ENGINE.setup(players, None, seed)
    log = []
    for _before, prompt, action, after, _events in play_out(state):
        log.append((prompt.seat, action.model_dump()))
        state = after
    return state, log


def nodes(value: Any) -> Iterator[Any]:
    """Every value inside plain JSON-like data (dicts, lists, tuples), the value itself included."""
    stack = [value]
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def keys_of(value: Any) -> set[str]:
    """Every dictionary key anywhere inside plain JSON-like data."""
    return {key for item in nodes(value) if isinstance(item, dict) for key in item}


def terms(value: Any) -> set[str]:
    """The term keys ({"term": key}) inside event/prompt parameters."""
    return {item["term"] for item in nodes(value) if isinstance(item, dict) and len(item) == 1 and "term" in item}
