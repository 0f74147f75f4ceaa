"""How strong a seat's hand is, judged only from what that seat may know: on its own
(`hand_strength`, the seat's cards whatever the others hold) and against the table (`estimate`).

The seat knows its own faces (so the outcome of every own card), the public marks, reveals, swords
and bets. An opponent's hidden marked card is a coin flip to it (a shield for its owner, or a sword
for its interrogator); an unmarked hidden card is an ordinary card.

The war is modelled coarsely, per draw: every remaining player's swords are doubled, the player
holding the highest bet so far gets the +4 (weighted by the rounds played: it may still be
outbid); then, cycle by cycle, every player with a sword and a life left hits an opponent, the
strongest one most of the time (LEADER_FOCUS), a random one otherwise. Players are ranked by
lives left, then by swords before the war.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.sword_of_lies import cards as cardlib
from games.sword_of_lies.phase3 import BONUS_SWORDS
from games.sword_of_lies.state import SolState, TableCard

DRAWS_PER_TABLE = 480
"""Draws of the unknown outcomes and of the war per estimate, shared out over the players (120 at
four players: a few milliseconds; fewer per seat at big tables, where a draw costs more)."""
LEAST_DRAWS = 40
LEADER_FOCUS = 0.8
"""How often a sword in the modelled war goes to the attacker's strongest opponent (bots and
sensible players gang up on the leader)."""


WEAKEST_THIRD = 0.3
"""Hand strengths below this are the weakest third of the hands met at the table: no shield, or one
shield with little more than one sword to expect (two shields make 0.5, three 0.75)."""


def own_outcome(card: TableCard) -> str:
    """What one of the seat's own cards is or will become: it knows the face and the mark."""
    if card.revealed:
        return "shield" if card.shield else "plain"
    if card.mark is None:
        return "plain"
    lie = card.mark.named != cardlib.colour(card.card)
    return "shield" if lie == card.mark.believed else "sword"


def hand_strength(state: SolState, me: int) -> float:
    """The seat's own hand on a 0..1 scale, whatever the others hold: the lives its cards will have
    above one per card (a shield adds one) and, weighted lightly, the swords it holds or expects
    (its marks on opponents' hidden cards are even odds)."""
    cards = state.table[me].cards
    if not cards:
        return 0.0
    lives = sum(2 if own_outcome(c) == "shield" else 1 for c in cards)
    expected_swords = state.table[me].swords + 0.5 * sum(
        1
        for s, p in enumerate(state.table)
        if s != me
        for c in p.cards
        if c.mark is not None and c.mark.by == me and not c.revealed
    )
    hand = state.options.hand_size
    return min(1.0, (lives - hand) / hand + 0.15 * expected_swords / hand)


@dataclass(frozen=True)
class Estimate:
    equity: float
    """Chance to finish first among the remaining players (ties shared)."""
    percentile: float
    """Chance to finish above one remaining opponent, averaged over them (ties count half):
    0.5 is an average hand, below 1/3 the weakest third."""
    lives: float
    """The seat's own lives (exact: it knows its cards)."""


@dataclass
class _Known:
    lives: list[float]
    swords: list[int]
    flips: list[tuple[int, int]]
    """Unknown outcomes: (owner, interrogator) of an opponent's hidden marked card."""


def _known(state: SolState, me: int, remaining: list[int]) -> _Known:
    lives = [0.0] * state.players
    swords = [state.table[s].swords if s in remaining else 0 for s in range(state.players)]
    flips: list[tuple[int, int]] = []
    for s in remaining:
        for card in state.table[s].cards:
            if card.revealed:
                lives[s] += card.lives
            elif s == me:
                outcome = own_outcome(card)
                lives[s] += 2 if outcome == "shield" else 1
                if outcome == "sword" and card.mark is not None and card.mark.by in remaining:
                    swords[card.mark.by] += 1
            elif card.mark is None:
                lives[s] += 1
            else:
                lives[s] += 1
                flips.append((s, card.mark.by))
    return _Known(lives, swords, flips)


def bonus_seat(state: SolState) -> int | None:
    """Who would take the +4 swords if the betting ended now (public)."""
    if state.betting is None:
        return None
    record = state.betting.first_highest_bet()
    return record.seat if record is not None else None


def _war(lives: list[float], swords: list[int], remaining: list[int], rng: random.Random) -> dict[int, float]:
    """Lives left after the modelled war: in each cycle every player with a sword and a life left
    spends one sword on an opponent with lives, all at once, until nobody can attack."""
    left = {s: lives[s] for s in remaining}
    spare = {s: swords[s] for s in remaining}
    while True:
        alive = [s for s in remaining if left[s] > 0]
        attackers = [s for s in alive if spare[s] > 0]
        if not attackers or len(alive) < 2:
            return left
        top = sorted(alive, key=lambda s: (left[s], swords[s], rng.random()), reverse=True)[:2]
        hits: list[int] = []
        for attacker in attackers:
            spare[attacker] -= 1
            if rng.random() < LEADER_FOCUS:
                hits.append(top[1] if top[0] == attacker else top[0])
            else:
                pick = alive[int(rng.random() * (len(alive) - 1))]
                hits.append(alive[-1] if pick == attacker else pick)
        for hit in hits:
            left[hit] = max(0.0, left[hit] - 1)


def estimate(state: SolState, me: int, rng: random.Random, *, bonus_to: int | None = -1) -> Estimate:
    """Monte Carlo over the outcomes `me` cannot see and over the war. `bonus_to` overrides who
    gets the +4 (-1: whoever holds the highest bet now). Meant for Phases I and II."""
    remaining = [s for s in state.remaining() if state.table[s].cards or s == me]
    known = _known(state, me, remaining)
    holder = bonus_seat(state) if bonus_to == -1 else bonus_to
    # the highest bet so far may still be outbid: it counts in proportion to the rounds played
    betting = state.betting
    settled = 1.0 if bonus_to != -1 or betting is None else betting.round / betting.rounds_total
    opponents = [s for s in remaining if s != me]
    if not opponents:
        return Estimate(1.0, 1.0, known.lives[me])
    draws = max(LEAST_DRAWS, DRAWS_PER_TABLE // len(remaining))
    wins = 0.0
    beaten = 0.0
    for _ in range(draws):
        lives = list(known.lives)
        swords = list(known.swords)
        for owner, by in known.flips:
            if rng.random() < 0.5:
                lives[owner] += 1
            elif by in remaining:
                swords[by] += 1
        before = [2 * w for w in swords]
        if holder is not None and holder in remaining and rng.random() < settled:
            before[holder] += BONUS_SWORDS
        left = _war(lives, before, remaining, rng)
        score = {s: (left[s], before[s]) for s in remaining}
        mine = score[me]
        best = max(score.values())
        if mine == best:
            wins += 1 / sum(1 for s in remaining if score[s] == best)
        for s in opponents:
            beaten += 1.0 if mine > score[s] else 0.5 if mine == score[s] else 0.0
    return Estimate(wins / draws, beaten / (draws * len(opponents)), known.lives[me])
