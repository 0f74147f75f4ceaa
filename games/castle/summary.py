"""Status lines as messages: the public table for the channel's status message, and a player's
private aid (their hand) for the "my hand" button and `?` offline."""

from __future__ import annotations

from games.castle.state import CastleState
from games.castle.words import hand_terms, skirmish_term
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
            "row": [skirmish_term(state, c) for c in p.row], "carried": p.carried, "delivered": p.delivered,
            "barred": "yes" if p.barred == state.round else "no",
            "shackled": "yes" if p.shackled == state.round else "no"}))
    floor = [message("castle-floor-line", hall=h, count=n) for h, n in state.floor.items() if n]
    markers = [message("castle-lock-line", corridor="–".join(m.corridor), until=m.until) for m in state.locks]
    markers += [message("castle-barricade-line", corridor="–".join(m.corridor), until=m.until)
                for m in state.barricades]
    out.append(Event(key="castle-status-board", params={
        "floor": floor or "—", "markers": markers or "—",
        "removed": ["–".join(c) for c in state.removed] or "—",
        "passages": ["–".join(c) for c in state.passages] or "—"}))
    if isinstance(viewer, int) and viewer != GM and 0 <= viewer < state.players:
        out.append(Event(key="castle-status-hand", to=[viewer], params={
            "hand": hand_terms(state, state.table[viewer].hand) or "—"}))
    return out
