"""Cards as message parameters (translated terms), shared by the phases."""

from __future__ import annotations

from typing import Any

from games.castle.state import CastleState
from games.core import term
from games.core.orders import message


def action_term(state: CastleState, card: int) -> dict[str, str]:
    return term(f"castle-card-{state.action_kinds[card]}")


def hand_terms(state: CastleState, cards: list[int]) -> list[dict[str, str]]:
    """Cards as translated terms, for private messages."""
    return [action_term(state, c) for c in cards]


def skirmish_term(state: CastleState, card: int) -> dict[str, str]:
    return term(f"castle-skirmish-{state.skirmish_kinds[card]}")


def skirmish_card(state: CastleState, card: int) -> dict[str, Any]:
    """A skirmish card named in a list: its name with its type and Base ("Push I: Eject (Push, Base 1)"),
    so that anyone can work out an Influence from it."""
    return message("castle-skirmish-card", **skirmish_params(state, card))


def skirmish_params(state: CastleState, card: int) -> dict[str, Any]:
    """A skirmish card for a message: its name, type and Base (Bases are data)."""
    stats = state.skirmish_stats[state.skirmish_kinds[card]]
    return {"card": skirmish_term(state, card), "type": term(f"castle-type-{stats.type}"), "base": stats.base}
