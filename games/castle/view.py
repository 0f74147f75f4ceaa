"""What each viewer may know: the public table (board state, positions, markers, artifacts, the
event, skirmish rows, hand SIZES, delivered), a seat's own hand, sheet and notes, the GM all."""

from __future__ import annotations

from typing import Any

from games.castle.orders import ORDERS
from games.castle.skirmish import CHOICES, chosen
from games.castle.state import CastleState, Marker
from games.core import GM, Viewer


def _markers(markers: list[Marker], round_number: int) -> list[dict[str, Any]]:
    return [{"corridor": list(m.corridor), "since": m.since, "until": m.until, "active": m.active(round_number)}
            for m in markers]


def public(state: CastleState) -> dict[str, Any]:
    revealed = state.stage in ("halls", "choice", "peek")
    return {
        "game": "castle",
        "round": state.round,
        "max_rounds": state.options.max_rounds,
        "artifacts_to_win": state.options.artifacts_to_win,
        "first_player": state.first_player,
        "stage": state.stage,
        "board": state.board,
        "event": state.event_kind(),
        "corridors": [list(c) for c in state.corridors()],
        "removed": [list(c) for c in state.removed],
        "passages": [list(c) for c in state.passages],
        "locks": _markers(state.locks, state.round),
        "barricades": _markers(state.barricades, state.round),
        "floor": dict(state.floor),
        "players": [
            {
                "seat": s,
                "hall": p.hall,
                "shrine": state.shrine_hall(s),
                "hand_size": len(p.hand),
                "row": [state.skirmish_kinds[c] for c in p.row],
                "carried": p.carried,
                "delivered": p.delivered,
                "barred": p.barred == state.round,
                "shackled": p.shackled == state.round,
                "ordered": bool(state.sheets.get(s) and state.sheets[s].done),
            }
            for s, p in enumerate(state.table)
        ],
        "fights": {hall: list(who) for hall, who in state.fights.items()},
        "skirmish_cards": {str(s): chosen(state, s) for s in state.skirmish_choices} if revealed else {},
        "fight": None if state.fight is None else {
            "hall": state.fight.hall, "winner": state.fight.winner, "losers": list(state.fight.losers),
            "card": state.fight.card},
        "waiting": None if state.pause is None else {"kind": state.pause.kind, "seat": state.pause.seat},
        "deck_sizes": {"action": len(state.action_deck), "skirmish": len(state.skirmish_deck),
                       "event": len(state.event_deck)},
        "over": state.over,
        "winners": list(state.winners),
    }


def build(state: CastleState, viewer: Viewer) -> dict[str, Any]:
    data = public(state)
    if viewer is None:
        return data
    if viewer == GM:
        data["hands"] = {str(s): [state.action_kinds[c] for c in p.hand] for s, p in enumerate(state.table)}
        data["orders"] = {str(s): ORDERS.order(state, s) for s in state.sheets}
        data["choices"] = {str(s): CHOICES.order(state, s) for s in state.choice_sheets}
        data["skirmish_choices"] = {str(s): v for s, v in state.skirmish_choices.items()}
        data["notes"] = {str(s): [n.model_dump() for n in notes] for s, notes in state.notes.items()}
        data["decks"] = {"action": [state.action_kinds[c] for c in state.action_deck],
                         "skirmish": [state.skirmish_kinds[c] for c in state.skirmish_deck],
                         "event": [state.event_kinds[c] for c in state.event_deck]}
        return data
    me = int(viewer)
    data["you"] = me
    data["hand"] = [state.action_kinds[c] for c in state.table[me].hand]
    sheet = state.sheets.get(me)
    data["order"] = ORDERS.order(state, me) if sheet is not None else None
    data["order_done"] = bool(sheet and sheet.done)
    data["skirmish_choice"] = state.skirmish_choices.get(me)
    data["notes"] = [n.model_dump() for n in state.notes.get(me, [])]
    return data
