"""The deck: six wrestler colours, ten cards each, and the hand sizes by player count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, get_args

Colour = Literal["pink", "blue", "green", "grey", "orange", "purple"]
COLOURS: tuple[Colour, ...] = get_args(Colour)
"""Colours in their fixed display order (the original's order)."""

CARDS_PER_COLOUR = 10
DECK_SIZE = CARDS_PER_COLOUR * len(COLOURS)
MAX_PLAY = 3
"""Never more than three cards in one play."""

HAND_SIZES = {2: 15, 3: 15, 4: 15, 5: 12, 6: 10}

Counts = dict[Colour, int]


def no_cards() -> Counts:
    """A per-colour count with every colour present and zero."""
    return dict.fromkeys(COLOURS, 0)


def total(counts: Mapping[Colour, int]) -> int:
    return sum(counts.values())


def colour_key(colour: str) -> str:
    """The catalog message naming a colour (a `term` for event parameters)."""
    return f"maskmen-colour-{colour}"


def deck() -> list[Colour]:
    """All sixty cards in a fixed order, ready to be shuffled by the game's seeded generator."""
    return [colour for colour in COLOURS for _ in range(CARDS_PER_COLOUR)]


def colour_of_key(colour: str) -> str:
    """The colour's name as the object of a comparison: Russian puts it in the genitive
    («сильнее Розового»); English keeps the name ("beats Pink")."""
    return f"maskmen-colour-{colour}-of"
