"""Phase I event cards: Castle Reshuffle, Flame of Udûn, Let's go gambling!, Against the Current,
Muffet's Silk Webs."""

from __future__ import annotations

from games.castle.board import is_connected
from games.castle.piles import draw
from games.castle.state import CastleState
from games.core import Event, seat, term


def reveal_event(state: CastleState, events: list[Event]) -> None:
    """Turn up the next event card (last round's goes to the discard pile) and apply it."""
    if state.event is not None:
        state.event_discard.append(state.event)
    state.event = draw(state, "event")
    kind = state.event_kind()
    if kind is None:
        return
    events.append(Event(key="castle-event", params={"round": state.round, "event": term(f"castle-event-{kind}"),
                                                    "text": term(f"castle-event-{kind}-text")}))
    APPLY.get(kind, _nothing)(state, events)


def _nothing(state: CastleState, events: list[Event]) -> None:
    return None


def _reshuffle(state: CastleState, events: list[Event]) -> None:
    """Two different random halls swap their players (with what they carry) and floor artifacts."""
    halls = state.the_board().ordered_halls()
    a = state.rng.choice(halls)
    b = state.rng.choice([h for h in halls if h != a])
    for player in state.table:
        if player.hall == a:
            player.hall = b
        elif player.hall == b:
            player.hall = a
    floor_a, floor_b = state.floor.pop(a, 0), state.floor.pop(b, 0)
    if floor_b:
        state.floor[a] = floor_b
    if floor_a:
        state.floor[b] = floor_a
    events.append(Event(key="castle-reshuffled", params={"a": a, "b": b}))


def _udun(state: CastleState, events: list[Event]) -> None:
    """A random corridor goes for good; one whose loss would split the castle is redrawn."""
    halls = state.the_board().ordered_halls()
    corridors = state.corridors()
    for corridor in state.rng.shuffled(corridors):
        rest = [c for c in corridors if c != corridor]
        if not is_connected(halls, rest):
            continue
        if corridor in state.passages:
            state.passages.remove(corridor)
        else:
            state.removed.append(corridor)
        state.locks = [m for m in state.locks if m.corridor != corridor]
        state.barricades = [m for m in state.barricades if m.corridor != corridor]
        events.append(Event(key="castle-corridor-removed",
                            params={"corridor": state.the_board().corridor_name(corridor)}))
        return
    events.append(Event(key="castle-corridor-kept"))


def _gambling(state: CastleState, events: list[Event]) -> None:
    """Every shrine moves clockwise by ⌊N/2⌋ shrine positions."""
    shift = state.players // 2
    count = len(state.the_board().shrines)
    for player in state.table:
        player.shrine = (player.shrine + shift) % count
    events.append(Event(key="castle-shrines-moved", params={"shrines": [
        {"message": "castle-shrine-line", "params": {"player": seat(s), "hall": state.shrine_hall(s)}}
        for s in range(state.players)]}))


APPLY = {"reshuffle": _reshuffle, "udun": _udun, "gambling": _gambling}
"""Against the Current and Muffet's Webs act later in the round (skirmish bonus, DoubleStep)."""
