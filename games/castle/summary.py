"""Status lines as messages: the public table for the channel's status message, and a player's
private aid (their hand) for the "my hand" button and `?` offline; `guide`: the exits of a player's
hall and where every artifact lies (the terminal's `?`, where no board picture is in sight)."""

from __future__ import annotations

from games.castle.artifacts import standings
from games.castle.board import corridor_key
from games.castle.state import CastleState, board_keys
from games.castle.words import hand_terms, skirmish_card
from games.core import GM, Event, Viewer, seat, term
from games.core.orders import message


def build(state: CastleState, viewer: Viewer) -> list[Event]:
    event = state.event_kind()
    out = [Event(key="castle-status", params={
        "round": state.round, "max": state.options.max_rounds, "first": seat(state.first_player),
        "event": term(f"castle-event-{event}") if event else "—", "goal": state.options.artifacts_to_win})]
    for s, p in enumerate(state.table):
        out.append(Event(key="castle-status-player", params={
            "player": seat(s), "hall": p.hall, "shrine": state.shrine_hall(s), "cards": len(p.hand),
            "row": [skirmish_card(state, c) for c in p.row], "carried": p.carried, "delivered": p.delivered,
            "barred": "yes" if p.barred == state.round else "no",
            "shackled": "yes" if p.shackled == state.round else "no"}))
    floor = [message("castle-floor-line", hall=h, count=n) for h, n in state.floor.items() if n]
    name = state.the_board().corridor_name
    markers = [message("castle-lock-line", corridor=name(m.corridor), until=m.until) for m in state.locks]
    markers += [message("castle-barricade-line", corridor=name(m.corridor), until=m.until) for m in state.barricades]
    out.append(Event(key="castle-status-board", params={
        "floor": floor or "—", "markers": markers or "—",
        "removed": [name(c) for c in state.removed] or "—",
        "passages": [name(c) for c in state.passages] or "—"}))
    if isinstance(viewer, int) and viewer != GM and 0 <= viewer < state.players:
        out.append(Event(key="castle-status-hand", to=[viewer], params={
            "hand": hand_terms(state, state.table[viewer].hand) or "—"}))
    if state.over:
        out += standings(state)
    return out


def _exit(state: CastleState, hall: str, other: str) -> dict[str, object]:
    """One corridor out of `hall`: open, Locked or Barricaded (until which round), removed, or a passage."""
    corridor = corridor_key(hall, other)
    if corridor in state.removed and corridor not in state.passages:
        return message("castle-guide-exit-removed", hall=other)
    markers = [message("castle-guide-locked", until=m.until) for m in state.locks
               if m.corridor == corridor and m.active(state.round)]
    markers += [message("castle-guide-barricaded", until=m.until) for m in state.barricades
                if m.corridor == corridor and m.active(state.round)]
    passage = "yes" if corridor in state.passages and corridor not in board_keys(state.board, state.players) else "no"
    return message("castle-guide-exit", hall=other, passage=passage, markers=markers, count=len(markers))


def exits(state: CastleState, hall: str) -> list[dict[str, object]]:
    """Every corridor that ever left `hall` (the board's own, removed ones included, and secret
    passages), in the board's hall order."""
    ends = {b if a == hall else a for a, b in [*board_keys(state.board, state.players), *state.passages]
            if hall in (a, b) and a != b}
    order = state.the_board().ordered_halls()
    return [_exit(state, hall, other) for other in sorted(ends, key=order.index)]


def artifacts(state: CastleState) -> list[dict[str, object]]:
    """Where every artifact lies: on a hall's floor, carried by a player, delivered to a shrine."""
    lines = [message("castle-guide-artifact-floor", hall=h, count=n) for h, n in state.floor.items() if n]
    lines += [message("castle-guide-artifact-carried", player=seat(s), hall=p.hall, count=p.carried)
              for s, p in enumerate(state.table) if p.carried]
    lines += [message("castle-guide-artifact-delivered", player=seat(s), shrine=state.shrine_hall(s),
                      count=p.delivered) for s, p in enumerate(state.table) if p.delivered]
    return lines


def guide(state: CastleState, viewer: int) -> list[Event]:
    """For a player: the exits of the hall they stand in, and where every artifact lies (public facts
    a board picture shows at a glance)."""
    hall = state.table[viewer].hall
    placed = artifacts(state)
    return [Event(key="castle-guide-exits", to=[viewer], params={"hall": hall, "lines": {"lines": exits(state, hall)}}),
            Event(key="castle-guide-artifacts", to=[viewer], params={"count": len(placed), "lines": {"lines": placed}})]
