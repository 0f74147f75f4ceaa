"""What each viewer may know (rules page, "Information"), for the parts of the game that exist.

Public: the phase, public roles, who is alive, and — once hands exist — each living character's
public hand count (the Advisor's invisible cards left out). Deck and sleeve sizes, secret roles,
draft offers and picks, and the artifact are never public. A player also sees their own secret role
(and colour), the Student's own colour, their hand in order, sleeve, deck contents (not their
order; the Psychic sees his top 2 in order), reserve, discard, current offer and picks, what they
decided about the artifact, and — for a mafia member from Night 1 on — who the other members are.
The GM sees everything.
"""

from __future__ import annotations

from typing import Any

from games.core import GM, Viewer
from games.mafia.common import sorted_cards
from games.mafia.sheet import order_of
from games.mafia.state import Card, MafiaState

PSYCHIC = "psychic"


def _cards(cards: list[Card]) -> list[dict[str, Any]]:
    return [{"id": c.id, "key": c.key, "invisible": c.invisible} for c in cards]


def _contents(state: MafiaState, cards: list[Card]) -> list[str]:
    return [c.key for c in sorted_cards(state.collection, cards)]


def hands_dealt(state: MafiaState) -> bool:
    return state.phase in ("night", "day", "over")


def named_by_role(state: MafiaState) -> bool:
    """Anonymous mode until the game ends: each seat appears under its public role's name only (the
    real names are revealed with the victory)."""
    return state.options.mode == "anonymous" and not state.over


def public(state: MafiaState) -> dict[str, Any]:
    seats = []
    for number, player in enumerate(state.seats):
        entry: dict[str, Any] = {"seat": number, "public_role": player.public_role, "alive": player.alive}
        if hands_dealt(state) and player.alive:
            entry["hand_count"] = state.counts.get(number, player.public_hand_count())
        if player.wounded_in is not None and player.alive:
            entry["wounded"] = True
        if state.over:  # the full reveal
            entry |= {"secret_role": player.secret_role, "faction": player.faction,
                      "deck": _contents(state, player.deck), "hand": _cards(player.hand),
                      "sleeve": _cards(player.sleeve)}
        seats.append(entry)
    view: dict[str, Any] = {
        "game": "mafia",
        "phase": state.phase,
        "number": state.number,
        "mode": state.options.mode,
        "players": state.players,
        "seats": seats,
        "leader": state.leader,
        "over": state.over,
    }
    if state.over:
        view["winner"] = state.winner
        view["artifact_held"] = list(state.artifact_held)
    if state.draft is not None:
        view["draft_round"] = state.draft.round
    return view


def private(state: MafiaState, number: int) -> dict[str, Any]:
    player = state.seats[number]
    mine: dict[str, Any] = {
        "seat": number,
        "public_role": player.public_role,
        "secret_role": player.secret_role,
        "faction": player.faction,
        "colour": player.colour,
        "hand": _cards(player.hand),
        "sleeve": _cards(player.sleeve),
        "deck": _contents(state, player.deck),
        "reserve": _contents(state, player.reserve),
        "discard": _cards(player.discard),
        "kept": _cards(player.kept),
        "armor": player.armor,
    }
    if player.student_colour is not None:
        mine["student_colour"] = player.student_colour
    if player.public_role == PSYCHIC and player.alive:
        seen = state.roles.get(PSYCHIC).number("sees_top")
        mine["deck_top"] = [c.key for c in player.deck[:seen]]
    draft = state.draft
    if draft is not None:
        offer = draft.offers.get(number)
        if offer is not None:
            mine["offer"] = {"cards": _cards(offer.cards), "keep": offer.keep, "picked": offer.picked}
        if draft.artifact_picker == number:
            mine["artifact_pick"] = draft.artifact_choice
    if state.artifact == number:
        mine["artifact"] = True
    if player.wounded_in is not None:
        mine["wounded_in"] = player.wounded_in
    if player.delayed:
        mine["delayed"] = [d.model_dump(mode="json", exclude={"source"}) for d in player.delayed]  # not who caused it
    if number in state.sheets:
        mine["order"] = order_of(state, number).model_dump(mode="json", exclude_defaults=True)
    if player.mafia and hands_dealt(state):
        mine["mafia"] = [
            {"seat": n, "public_role": state.seats[n].public_role, "secret_role": state.seats[n].secret_role}
            for n in state.mafia_seats()
            if n != number
        ]
    return {**public(state), "you": mine}


def build(state: MafiaState, viewer: Viewer) -> dict[str, Any]:
    if viewer == GM:
        full = state.model_dump(mode="json")
        del full["rng"]
        return {**public(state), "gm": full}
    if isinstance(viewer, int) and 0 <= viewer < state.players:
        return private(state, viewer)
    return public(state)
