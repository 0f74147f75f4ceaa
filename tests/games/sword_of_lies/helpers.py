"""Shared helpers for the Sword of Lies engine tests: build positions, answer prompts, drive."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, Event, Prompt, Refusal
from games.sword_of_lies import ENGINE, phase1
from games.sword_of_lies.cards import RANKS, SUITS
from games.sword_of_lies.state import Mark, SolState, TableCard

_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14}


def cid(text: str, deck: int = 0) -> int:
    """The card id of e.g. "QH", "10S", "2C" in deck `deck`."""
    rank_text, suit = text[:-1], text[-1]
    rank = _RANK.get(rank_text) or int(rank_text)
    return deck * 52 + SUITS.index(suit) * 13 + RANKS.index(rank)  # type: ignore[arg-type]


def new_game(players: int = 3, seed: int = 1, **options: Any) -> SolState:
    state, _ = ENGINE.setup(players, options, seed)
    return state


def pending(state: SolState, seat: int) -> Prompt:
    prompts = [p for p in state.prompts if p.seat == seat and not p.answered]
    assert len(prompts) == 1, f"seat {seat} has {len(prompts)} open prompts: {state.prompts}"
    return prompts[0]


def act(state: SolState, seat: int, value: str | int) -> tuple[SolState, list[Event]]:
    prompt = next(p for p in state.prompts if p.seat == seat)
    return ENGINE.apply(state, seat, Action(prompt=prompt.id, value=value))


def acts(state: SolState, *moves: tuple[int, str | int]) -> tuple[SolState, list[Event]]:
    events: list[Event] = []
    for seat, value in moves:
        state, new = act(state, seat, value)
        events += new
    return state, events


def refusal(state: SolState, seat: int, value: str | int) -> Refusal | None:
    prompt = next(p for p in state.prompts if p.seat == seat)
    return ENGINE.check(state, seat, Action(prompt=prompt.id, value=value))


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def find(events: list[Event], key: str) -> list[Event]:
    return [e for e in events if e.key == key]


def set_row(state: SolState, seat: int, cards: list[str], marks: list[Mark | None] | None = None) -> None:
    marks = marks or [None] * len(cards)
    state.table[seat].cards = [TableCard(card=cid(text), mark=mark) for text, mark in zip(cards, marks, strict=True)]


def mark(by: int, named: str, believed: bool) -> Mark:
    return Mark(by=by, named=named, believed=believed)  # type: ignore[arg-type]


def give_turn(state: SolState, seat: int) -> SolState:
    """A copy of `state` in Phase I with `seat` to move."""
    state = state.model_copy(deep=True)
    state.turn = seat
    state.prompts = []
    phase1.start_turn(state, [])
    return state


def interrogate(
    state: SolState, asker: int, target: int, position: int, named: str, answer: str
) -> tuple[SolState, list[Event]]:
    """A whole interrogation. The card's position is not asked when it is the target's last unmarked
    card (the engine picks it at once): then `position` must be that card's."""
    state, events = acts(state, (asker, "interrogate"), (asker, str(target)))
    if any(p.seat == asker and p.key == "sol-prompt-ask-position" for p in state.prompts):
        state, more = act(state, asker, str(position))
        events += more
    else:
        (only,) = find(events, "sol-event-ask-only")
        assert only.params["position"] == position
    state, more = acts(state, (target, named), (asker, answer))
    return state, events + more


Chooser = Callable[[SolState, Prompt], str | int]


def calling(state: SolState, prompt: Prompt) -> str | int:
    """Bets: call, else check; reveals: the leftmost card; everything else: the default."""
    if prompt.key == "sol-prompt-bet":
        for value in ("call", "check"):
            option = prompt.option(value)
            if option is not None and option.disabled is None:
                return value
    return ENGINE.default_action(state, prompt).value


def drive(
    state: SolState, until: Callable[[SolState], bool], chooser: Chooser = calling, limit: int = 2000
) -> tuple[SolState, list[Event]]:
    """Answer the first open prompt with `chooser` until `until(state)` or the game ends."""
    events: list[Event] = []
    for _ in range(limit):
        if until(state) or state.over:
            return state, events
        prompt = next(p for p in state.prompts if not p.answered)
        state, new = ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=chooser(state, prompt)))
        events += new
    raise AssertionError("drive did not finish")


def ready_phase1_end(state: SolState, complete: int, asker: int, named_truthfully: bool = True) -> SolState:
    """Mark every card of `complete` except position 1 (by `asker`, truthfully named, believed),
    and give `asker` the turn to interrogate position 1."""
    state = state.model_copy(deep=True)
    for card in state.table[complete].cards[1:]:
        card.mark = Mark(by=asker, named=_colour(card.card, named_truthfully), believed=True)
    return give_turn(state, asker)


def _colour(card: int, truthful: bool) -> Any:
    from games.sword_of_lies.cards import colour

    real = colour(card)
    if truthful:
        return real
    return "black" if real == "red" else "red"


def assert_refused(state: SolState, seat: int, value: str | int, key: str) -> Refusal:
    """`value` is refused with `key`; applying it raises and leaves the state untouched."""
    import pytest

    from games.core import IllegalAction

    frozen = state.model_dump_json()
    reason = refusal(state, seat, value)
    assert reason is not None, f"{value!r} was accepted"
    assert reason.key == key, reason
    prompt = next(p for p in state.prompts if p.seat == seat)
    with pytest.raises(IllegalAction) as raised:
        ENGINE.apply(state, seat, Action(prompt=prompt.id, value=value))
    assert raised.value.refusal == reason
    assert state.model_dump_json() == frozen
    return reason


def start_betting(state: SolState, senior: int) -> tuple[SolState, list[Event]]:
    """A copy of `state` moved straight into Phase II with `senior` as the senior blind."""
    from games.sword_of_lies import phase2

    state = state.model_copy(deep=True)
    state.draft = None
    state.prompts = []
    events: list[Event] = []
    phase2.start_betting(state, events, senior)
    return state, events


def plain_table(players: int = 3, seed: int = 1, **options: Any) -> SolState:
    """A fresh game with known rows: seat s holds four hearts/spades, unmarked."""
    state = new_game(players, seed=seed, **options)
    hand = options.get("hand_size", 4)
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for s in range(players):
        set_row(state, s, [f"{ranks[(s * hand + i) % 13]}{'HSDC'[s % 4]}" for i in range(hand)])
    return state


def waiting(seat: int, key: str) -> Callable[[SolState], bool]:
    """A `drive` stop condition: `seat` has an open prompt `key`."""
    return lambda s: any(p.seat == seat and p.key == key and not p.answered for p in s.prompts)


def war_table(players: int = 3, seed: int = 1, **options: Any) -> SolState:
    """A game driven to the first negotiation of Phase III: seat 0 (the senior blind) has its
    cards marked truthfully and believed by seat 1, so seat 1 brings swords to the war."""
    state = plain_table(players, seed=seed, **options)
    hand = options.get("hand_size", 4)
    set_row(state, 0, ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"][:hand], [mark(1, "red", True)] * hand)
    state, _ = start_betting(state, 0)
    state, _ = drive(state, lambda s: s.phase == "negotiation")
    assert state.phase == "negotiation"
    return state


def war_row(state: SolState, seat: int, kinds: str, swords: int = 0) -> None:
    """Give `seat` revealed cards: "S" a shield (2 lives), "P" an ordinary card (1 life)."""
    cards = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    state.table[seat].cards = [
        TableCard(
            card=cid(cards[i], deck=seat),
            revealed=True,
            shield=kind == "S",
            lives=2 if kind == "S" else 1,
            outcome="shield" if kind == "S" else "plain",
        )
        for i, kind in enumerate(kinds)
    ]
    state.table[seat].swords = swords
    state.table[seat].swords_before_war = swords


def all_ready(state: SolState) -> tuple[SolState, list[Event]]:
    events: list[Event] = []
    for s in state.remaining():
        if state.phase != "negotiation":
            break
        state, more = act(state, s, "ready")
        events += more
    return state, events
