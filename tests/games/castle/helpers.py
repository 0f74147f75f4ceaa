"""Helpers for Castle tests: build a position (halls, hands, skirmish rows, the event, the first
player) and act by value through the engine, as a player would. Kept stable: the bot player's
tests use them too.

    state = position(new_game(3), halls={0: "C", 1: "A1"}, hands={0: ["devil", "platform"]}, event="webs")
    state, events = orders(state, {0: (["1", "1", "1"], ["A1"]), 1: (None, ["C"])})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.castle import ENGINE
from games.castle.orders import ORDERS
from games.castle.state import CastleState
from games.core import Action, Event, Prompt
from games.core.orders import DONE, EDIT

Order = tuple[Sequence[str] | None, Sequence[str] | None]
"""(card part answers, move part answers); None keeps the part's default."""


def new_game(players: int = 3, seed: int = 1, *, clean: bool = True, **options: Any) -> CastleState:
    """A game in round 1's orders. `clean` undoes round 1's event (a reshuffle, a fallen corridor,
    moved shrines) so every test starts from the set-up position: players on their shrines, the
    artifact in C, the whole board, no event in force."""
    state, _ = ENGINE.setup(players, options or None, seed=seed)
    if clean:
        board = state.the_board()
        for seat, player in enumerate(state.table):
            player.shrine = seat
            player.hall = board.shrines[seat]
        state.removed, state.passages, state.floor = [], [], {board.centre: 1}
        set_event(state, None)
        reopen(state)
    return state


# --- building positions -------------------------------------------------------------------------
def _take(state: CastleState, deck: str, kind: str) -> int:
    """A card id of `kind` from the deck, else the discard pile, else another player's hand or row
    (who gets a card from the deck instead), so cards stay conserved."""
    kinds: list[str] = getattr(state, f"{deck}_kinds")
    piles: list[list[int]] = [getattr(state, f"{deck}_deck"), getattr(state, f"{deck}_discard")]
    for pile in piles:
        for card in pile:
            if kinds[card] == kind:
                pile.remove(card)
                return card
    for player in state.table:
        held = player.hand if deck == "action" else player.row if deck == "skirmish" else []
        for index, card in enumerate(held):
            if kinds[card] == kind:
                spare = next((c for pile in piles for c in pile if kinds[c] != kind), None)
                if spare is None:
                    break
                for pile in piles:
                    if spare in pile:
                        pile.remove(spare)
                held[index] = spare
                return card
    raise AssertionError(f"no free {deck} card of kind {kind!r}")


def set_hand(state: CastleState, seat: int, kinds: Sequence[str]) -> None:
    """Replace a hand (the old cards go to the discard pile)."""
    player = state.table[seat]
    state.action_discard.extend(player.hand)
    player.hand = []
    player.hand = [_take(state, "action", kind) for kind in kinds]


def set_row(state: CastleState, seat: int, kinds: Sequence[str]) -> None:
    player = state.table[seat]
    state.skirmish_discard.extend(player.row)
    player.row = []
    player.row = [_take(state, "skirmish", kind) for kind in kinds]


def set_event(state: CastleState, kind: str | None) -> None:
    """This round's event (only its lasting effects: Against the Current, Muffet's Webs)."""
    if state.event is not None:
        state.event_discard.append(state.event)
        state.event = None
    if kind is not None:
        state.event = _take(state, "event", kind)


def stack_events(state: CastleState, kinds: Sequence[str]) -> None:
    """Put events of these kinds on top of the event deck, in this order (the next rounds' events)."""
    cards = [_take(state, "event", kind) for kind in kinds]
    state.event_deck[:0] = cards


def reopen(state: CastleState) -> None:
    """Open the round's order sheets again (after the position changed under them)."""
    ORDERS.close(state)
    state.prompt_counter += 1
    ORDERS.open(state, range(state.players), tag=f"r{state.round}-t{state.prompt_counter}")
    state.stage = "orders"


def position(
    state: CastleState,
    *,
    halls: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    rows: Mapping[int, Sequence[str]] | None = None,
    event: str | None = None,
    first: int | None = None,
    floor: Mapping[str, int] | None = None,
    carried: Mapping[int, int] | None = None,
    delivered: Mapping[int, int] | None = None,
) -> CastleState:
    """A copy of `state` (in Phase I orders) changed as given, its order sheets reopened.
    `event`: this round's event ("webs", "current", …); None = no event in force (a plain round)."""
    assert state.stage == "orders", "positions are built at the start of a round"
    state = state.model_copy(deep=True)
    for seat, hall in (halls or {}).items():
        state.table[seat].hall = hall
    for seat, kinds in (hands or {}).items():
        set_hand(state, seat, kinds)
    for seat, kinds in (rows or {}).items():
        set_row(state, seat, kinds)
    set_event(state, event)
    if first is not None:
        state.first_player = first
    if floor is not None:
        state.floor = {h: n for h, n in floor.items() if n}
    for seat, count in (carried or {}).items():
        state.table[seat].carried = count
    for seat, count in (delivered or {}).items():
        state.table[seat].delivered = count
    reopen(state)
    return state


# --- acting ----------------------------------------------------------------------------------
def prompt_of(state: CastleState, seat: int) -> Prompt:
    """The seat's one pending prompt."""
    (prompt,) = state.prompts_for(seat)
    return prompt


def act(state: CastleState, seat: int, value: str | int) -> tuple[CastleState, list[Event]]:
    """Answer the seat's pending prompt with `value` through the engine (refused → IllegalAction)."""
    return ENGINE.apply(state, seat, Action(prompt=prompt_of(state, seat).id, value=value))


def refusal(state: CastleState, seat: int, value: str | int) -> str | None:
    """The refusal key for answering the seat's pending prompt with `value`, or None if legal."""
    found = ENGINE.check(state, seat, Action(prompt=prompt_of(state, seat).id, value=value))
    return None if found is None else found.key


def _built(state: CastleState, seat: int, part: str) -> list[str]:
    """The answers of the part being built (or just finished) on the seat's sheet."""
    sheets = state.choice_sheets if part in ("expel", "effect") else state.sheets
    sheet = sheets[seat]
    return list(sheet.draft) if sheet.editing == part else list(sheet.parts.get(part, []))


def fill(state: CastleState, seat: int, part: str, answers: Sequence[str]) -> tuple[CastleState, list[Event]]:
    """Build one part of the seat's order sheet (from the overview) with these answers, as a player
    would: an answer the sheet made because it was the only one (never asked) is not given again."""
    events: list[Event] = []
    state, new = act(state, seat, f"{EDIT}{part}")
    events += new
    for index, value in enumerate(answers):
        built = _built(state, seat, part)
        if len(built) > index and built[index] == value and built[:index] == list(answers[:index]):
            continue  # made for the player: it was the only possible answer
        state, new = act(state, seat, value)
        events += new
    return state, events


def order(state: CastleState, seat: int, card: Sequence[str] | None = None,
          move: Sequence[str] | None = None, *, done: bool = True) -> tuple[CastleState, list[Event]]:
    """Fill the seat's order (None keeps a part's default) and press Done."""
    events: list[Event] = []
    for part, answers in (("card", card), ("move", move)):
        if answers is not None:
            state, new = fill(state, seat, part, answers)
            events += new
    if done:
        state, new = act(state, seat, DONE)
        events += new
    return state, events


def orders(state: CastleState, given: Mapping[int, Order] | None = None) -> tuple[CastleState, list[Event]]:
    """Every seat's order (seats not given keep the defaults); the round resolves after the last."""
    given = given or {}
    events: list[Event] = []
    for seat in range(state.players):
        card, move = given.get(seat, (None, None))
        state, new = order(state, seat, card, move)
        events += new
    return state, events


def skirmish_cards(state: CastleState, choices: Mapping[int, int] | None = None) -> tuple[CastleState, list[Event]]:
    """Every participant's skirmish card (row position; missing = the default)."""
    choices = choices or {}
    events: list[Event] = []
    for prompt in [p for p in state.prompts if p.key == "castle-ask-skirmish"]:
        value = choices.get(prompt.seat)
        action = ENGINE.default_action(state, prompt) if value is None else Action(prompt=prompt.id, value=str(value))
        state, new = ENGINE.apply(state, prompt.seat, action)
        events += new
    return state, events


def choose(state: CastleState, seat: int, parts: Mapping[str, Sequence[str]]) -> tuple[CastleState, list[Event]]:
    """A skirmish winner's choices (parts not given keep their random default), then Done."""
    events: list[Event] = []
    for part, answers in parts.items():
        state, new = fill(state, seat, part, answers)
        events += new
    state, new = act(state, seat, DONE)
    return state, events + new


def keys(events: Sequence[Event]) -> list[str]:
    return [e.key for e in events]


def public_keys(events: Sequence[Event]) -> list[str]:
    return [e.key for e in events if e.to is None]


def kinds(state: CastleState, seat: int) -> list[str]:
    """A hand as card kinds."""
    return [state.action_kinds[c] for c in state.table[seat].hand]


def event_of(events: Sequence[Event], key: str) -> Event:
    return next(e for e in events if e.key == key)
