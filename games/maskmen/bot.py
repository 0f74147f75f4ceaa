"""Policies for absent players (the deadline default) and for bot players.

Both read only what the acting seat may know: its own hand, the ring, the public order.
"""

from __future__ import annotations

import random

from games.maskmen.cards import COLOURS, MAX_PLAY
from games.maskmen.order import Relation, relation, strength
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


def bot_value(state: MaskmenState, player: int, rng: random.Random, level: str = "normal") -> str:
    """A bot's legal choice: "easy" is `easy_value`, "normal" (the default) `normal_value`."""
    if level == "easy":
        return easy_value(state, player, rng)
    return normal_value(state, player, rng)


def easy_value(state: MaskmenState, player: int, rng: random.Random) -> str:
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


# --- the normal bot ----------------------------------------------------------------------------
ENDGAME_CARDS = 4
"""The end of a season is near when this seat, or any opponent, holds this many cards or fewer."""
KEEP_WEIGHT = 0.9
"""Before the end of a season: what each proven "beats" of a colour costs per card spent."""
LEAD_BONUS = 1.5
"""A three-card play clears the ring and gives the next lead (more cards to shed)."""


def season_end_near(state: MaskmenState, player: int) -> bool:
    """Public: somebody (this seat included) is close to emptying their hand."""
    return any(0 < state.held(s) <= ENDGAME_CARDS for s in range(state.players) if s not in state.out)


def play_merit(state: MaskmenState, player: int, play: Play, endgame: bool) -> float:
    """How good `play` is for `player`: cards shed, the lead a 3-card play wins, and (before the
    end of the season) the cost of spending a colour proven strong, which is worth keeping to
    win the tricks at the end."""
    power = strength(state.beats, play.colour)
    merit = float(play.count) + (LEAD_BONUS if play.count == MAX_PLAY else 0.0)
    if endgame:
        return merit + 0.1 * power  # now strong colours win the tricks that empty the hand
    merit -= KEEP_WEIGHT * max(0, power) * play.count / max(1, state.hands[player][play.colour])
    if state.ring is not None and relation(state.beats, play.colour, state.ring.colour) is Relation.UNRELATED:
        # answering with an unrelated colour proves it beats the ring's: worth more when kept
        merit += 0.1 * (state.hands[player][play.colour] - play.count)
    return merit


def normal_value(state: MaskmenState, player: int, rng: random.Random) -> str:
    """Go out when possible; otherwise weigh each legal play (`play_merit`): shed many cards
    of weak colours, take the lead with three cards, keep proven strong colours until the end
    of the season is near, then spend them. Pass rather than make a play worth little."""
    plays = legal_plays(state, player)
    held = state.held(player)
    for candidate in plays:
        if candidate.count == held:
            return candidate.value
    if not plays:
        return PASS
    endgame = season_end_near(state, player)
    scored = [(play_merit(state, player, p, endgame), rng.random(), p) for p in plays]
    merit, _, best = max(scored)
    if may_pass(state, player) and merit < 1.0:
        return PASS
    return best.value
