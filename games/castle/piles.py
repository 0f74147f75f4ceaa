"""Decks and discard piles: drawing (a deck that runs out is reshuffled from its discards) and
the hand limit of 3 for draws."""

from __future__ import annotations

from typing import Literal

from games.castle.state import CastleState

HAND_LIMIT = 3
"""Draws never take a hand above this (taking a card in a skirmish or a deal may)."""

Deck = Literal["action", "skirmish", "event"]


def draw(state: CastleState, deck: Deck) -> int | None:
    """The top card of `deck`, reshuffling its discard pile in when it is empty; None if both are."""
    pile: list[int] = getattr(state, f"{deck}_deck")
    discard: list[int] = getattr(state, f"{deck}_discard")
    if not pile and discard:
        pile.extend(state.rng.shuffled(discard))
        discard.clear()
    return pile.pop(0) if pile else None


def draw_action(state: CastleState, seat: int) -> int | None:
    """One action card into the hand, if the hand has fewer than 3; the card drawn, or None."""
    hand = state.table[seat].hand
    if len(hand) >= HAND_LIMIT:
        return None
    card = draw(state, "action")
    if card is not None:
        hand.append(card)
    return card


def discard_action(state: CastleState, seat: int, card: int) -> None:
    state.table[seat].hand.remove(card)
    state.action_discard.append(card)

