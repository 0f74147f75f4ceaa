"""Cards: a shoe of standard 52-card decks, colours, and how a face is shown.

A card is stored as its index in the unshuffled shoe (an int), so that the state stays small and
fast to copy: card `c` is rank `RANKS[c % 13]` of suit `SUITS[(c // 13) % 4]` of deck `c // 52`.
Equal faces from different decks keep different ids."""

from __future__ import annotations

import math
from typing import Any, Literal

from games.core import term

Suit = Literal["S", "H", "D", "C"]
Colour = Literal["red", "black"]
SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
RANKS = tuple(range(2, 15))
"""2..10, then J=11, Q=12, K=13, A=14; suits do not matter for rank."""
DECK_SIZE = 52

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_SUIT_TEXT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def rank(card: int) -> int:
    return RANKS[card % 13]


def suit(card: int) -> Suit:
    return SUITS[(card // 13) % 4]


def colour(card: int) -> Colour:
    return "red" if suit(card) in ("H", "D") else "black"


def text(card: int) -> str:
    return f"{_RANK_TEXT.get(rank(card), str(rank(card)))}{_SUIT_TEXT[suit(card)]}"


def face(card: int) -> dict[str, Any]:
    """Event/view parameters that show a card's face. Every face anywhere is shown through this,
    so tests can find faces by `card_id`."""
    return {"card": text(card), "card_id": card, "colour": colour_term(colour(card))}


def colour_term(name: Colour) -> dict[str, str]:
    return term(f"sol-colour-{name}")


def decks_needed(players: int, hand_size: int) -> int:
    """Enough decks for `players × (hand_size + 1)` cards plus four tie re-draws per player."""
    return math.ceil((players * (hand_size + 1) + players * 4) / DECK_SIZE)


def shoe(decks: int) -> list[int]:
    """`decks` full decks in a fixed order (shuffle with the state's Rng)."""
    return list(range(decks * DECK_SIZE))
