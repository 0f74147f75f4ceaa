"""Skirmish arithmetic for a Castle bot: Influence of a face-up card and the odds of being the one
highest when every other participant picks either of their own face-up cards."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from games.castle.cards import BEATS


@dataclass(frozen=True)
class SkirmishCard:
    name: str
    type: str
    """push, hold or trick."""
    base: int


def influence(card: SkirmishCard, others: Iterable[SkirmishCard], bonus: int) -> int:
    """Base + TypeBonus (+1 per other card it beats: Hold > Push > Trick > Hold) + ArrivalBonus."""
    return card.base + sum(1 for other in others if BEATS[card.type] == other.type) + bonus


def skirmish_odds(
    mine: SkirmishCard, my_bonus: int, rivals: list[tuple[list[SkirmishCard], int]]
) -> tuple[float, float, float]:
    """(chance to be the one highest, chance of a tie for highest, expected margin over the best
    rival), with each rival choosing either of their face-up cards with equal odds."""
    if not rivals:
        return 1.0, 0.0, 0.0
    win = tie = margin = 0.0
    choices = [cards or [SkirmishCard("?", "push", 0)] for cards, _ in rivals]
    combos = list(itertools.product(*choices))
    for combo in combos:
        table = [mine, *combo]
        mine_value = influence(mine, combo, my_bonus)
        values = [
            influence(card, [c for j, c in enumerate(table) if j != i + 1], rivals[i][1])
            for i, card in enumerate(combo)
        ]
        top = max(values)
        margin += mine_value - top
        if mine_value > top:
            win += 1
        elif mine_value == top:
            tie += 1
    n = len(combos)
    return win / n, tie / n, margin / n


def choose_skirmish_card(
    options: list[SkirmishCard], my_bonus: int, rivals: list[tuple[list[SkirmishCard], int]], tie: float = 0.25
) -> int:
    """The index of the card with the best odds of being the one highest (a tie for highest counts
    `tie` of a win: everyone tied is thrown out, dropping what they carry), then the better expected
    margin, then the higher Base."""

    def value(index: int) -> tuple[float, float, int]:
        win, ties, margin = skirmish_odds(options[index], my_bonus, rivals)
        return (win + tie * ties, margin, options[index].base)

    return max(range(len(options)), key=value)

