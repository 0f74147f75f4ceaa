"""Policies for absent players (the deadline default) and for bot players.

Both read only what the acting seat may know: its own hand, the ring, the public order.
"""

from __future__ import annotations

import random

from games.maskmen.cards import COLOURS
from games.maskmen.order import strength
from games.maskmen.plays import PASS, Play, legal_plays, may_pass
from games.maskmen.state import MaskmenState

PRECIOUS = 3
"""A colour proven to beat this many more colours than beat it is kept for leading."""


def default_value(state: MaskmenState, player: int) -> str:
    """At the deadline: pass; when leading (no pass allowed), one card of the colour held most
    (ties: the first in the colour order). One card of any held colour is always a legal lead."""
    if may_pass(state, player):
        return PASS
    hand = state.hands[player]
    colour = max(COLOURS, key=lambda c: (hand[c], -COLOURS.index(c)))
    return Play(colour, 1).value


def bot_value(state: MaskmenState, player: int, rng: random.Random) -> str:
    """A sensible legal choice: go out when possible; lead with many cards of a weak colour
    (three cards clear the ring and keep the lead); answer with the cheapest weak colour that
    sheds the most cards; pass rather than spend a proven strong colour on a small answer."""
    plays = legal_plays(state, player)
    hand = state.hands[player]
    held = sum(hand.values())
    for candidate in plays:
        if candidate.count == held:
            return candidate.value
    if not plays:
        return PASS

    def merit(candidate: Play) -> tuple[int, int, int, float]:
        power = strength(state.beats, candidate.colour)
        return (candidate.count, -power, hand[candidate.colour], rng.random())

    best = max(plays, key=merit)
    if (
        may_pass(state, player)
        and best.count < 3
        and strength(state.beats, best.colour) >= PRECIOUS
        and held - best.count > 0
    ):
        return PASS
    return best.value
