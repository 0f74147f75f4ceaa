"""What a "normal" bot makes of its seat's memory (`MafiaState.knowledge`, games.mafia.knowledge).

`beliefs(state, me)` gives, for every other living character, how sure the seat is that he is mafia,
as log-odds (positive: mafia; negative: law; 0: nothing learned). Certain facts (a Dossier, the
Tracker's kill voters, the mafia's snapshot) are ±CERTAIN; looks at a hand's colours (Question,
Search, a public Denunciation) and at the cards he played (Surveillance, a beating's reveal) weigh
how much the colours look like a mafia deck — 12 of its 15 cards are the member's own colour —
against a law deck, which the seat judges by its own (the law drafts alike). Tracker and Eavesdrop
also tell whom he hurt or voted for: against a known law character looks mafia, and the reverse.

Only the seat's own record and public facts are read: never another seat's secrets.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

from games.mafia.collection import COLOURS, Colour
from games.mafia.knowledge import Fact, SeatKnowledge
from games.mafia.state import MafiaState

CERTAIN = 12.0
"""Log-odds of a fact learned for certain (mafia or law)."""
OWN_COLOUR = 0.8
"""The share of a mafia member's deck in his own colour (12 of 15 cards)."""
COLOUR_CAP = 4.0
"""A look at colours never weighs more than this (hands are small, law decks vary)."""
PLAY_WEIGHT = 0.5
"""A played card says less about the deck than a look at the whole hand."""
HOSTILE = frozenset({"damage", "poison", "rob", "sabotage", "disarm"})


def law_model(state: MafiaState, me: int) -> dict[Colour, float]:
    """The colour shares of a law deck as this seat judges them: its own deck (a law seat's view of
    what the law drafts), smoothed; a mafia seat assumes an even spread."""
    player = state.seats[me]
    if player.mafia:
        return dict.fromkeys(COLOURS, 1 / len(COLOURS))
    counted = Counter(state.collection.card(c.key).colour for c in player.kept)
    total = sum(counted.values()) + len(COLOURS)
    return {colour: (counted[colour] + 1) / total for colour in COLOURS}


def colour_odds(colours: dict[Colour, int], law: dict[Colour, float], open_colours: list[Colour]) -> float:
    """Log-odds that a hand of these colours is a mafia member's (of a colour still open) rather than law."""
    if not colours or not open_colours:
        return 0.0
    other = (1 - OWN_COLOUR) / (len(COLOURS) - 1)
    mafia = [sum(n * math.log(OWN_COLOUR if c == own else other) for c, n in colours.items()) for own in open_colours]
    top = max(mafia)
    mixed = top + math.log(sum(math.exp(m - top) for m in mafia) / len(mafia))
    lawful = sum(n * math.log(law[c]) for c, n in colours.items())
    return max(-COLOUR_CAP, min(COLOUR_CAP, mixed - lawful))


def record(state: MafiaState, me: int) -> SeatKnowledge:
    return state.knowledge.get(me) or SeatKnowledge()


def beliefs(state: MafiaState, me: int) -> dict[int, float]:
    """Log-odds per other living character that he is mafia (see the module's doc)."""
    known = record(state, me)
    law = law_model(state, me)
    certain = {n: known.faction_of(n) for n in range(state.players)}
    # a colour whose member is known is no longer open to anyone else
    taken = {state.seats[n].colour for n, f in certain.items() if f == "mafia" and state.seats[me].mafia}
    open_colours = [c for c in COLOURS if c not in taken] or list(COLOURS)
    result: dict[int, float] = {}
    for n in state.living():
        if n == me:
            continue
        if certain[n] is not None:
            result[n] = CERTAIN if certain[n] == "mafia" else -CERTAIN
            continue
        result[n] = _evidence(state, known, n, law, open_colours, certain)
    return result


def _evidence(state: MafiaState, known: SeatKnowledge, n: int, law: dict[Colour, float],
              open_colours: list[Colour], certain: dict[int, str | None]) -> float:
    """What the uncertain facts about `n` add up to."""
    looks = known.hand_colours(n)
    score = colour_odds(looks[-1].colours, law, open_colours) if looks else 0.0  # the latest look
    played: Counter[Colour] = Counter()
    for fact in known.about(n):
        if fact.source == "beating":
            played.update(fact.colours)
        for play in fact.plays:
            kind = state.collection.card(play.card)
            if fact.source == "surveillance" and not kind.token:
                played[kind.colour] += 1
            score += _aim(kind.effect, play.target, certain)
        score += _vote(fact, certain)
    if played:
        score += PLAY_WEIGHT * colour_odds(dict(played), law, open_colours)
    return score


def _aim(effect: str, target: int | None, certain: dict[int, str | None]) -> float:
    """Hurting a known law character looks mafia; hurting a known member looks law."""
    if target is None or effect not in HOSTILE:
        return 0.0
    return {"law": 1.5, "mafia": -1.5}.get(certain.get(target) or "", 0.0)


def _vote(fact: Fact, certain: dict[int, str | None]) -> float:
    """Eavesdrop: a veche vote against a known member looks law, against a known law character mafia."""
    if fact.source != "eavesdrop" or fact.vote is None:
        return 0.0
    return {"law": 1.5, "mafia": -2.0}.get(certain.get(fact.vote) or "", 0.0)


def looked_at(state: MafiaState, me: int) -> set[int]:
    """Characters whose hand or faction this seat has already seen (no need to look again soon)."""
    known = record(state, me)
    return {f.about for f in known.facts if f.colours or f.faction is not None}


def probe_target(state: MafiaState, me: int, effect: str, ranked: list[int], count: Callable[[int], int],
                 rng: random.Random) -> int:
    """Where a remembering law bot points an information card (`ranked`: the targets, most suspect first).

    The Tracker goes on the character the kill is likeliest to seek — the one with most cards among
    those not suspected — to catch the kill's voters; Eavesdrop on a suspect; the others look at a
    suspect not yet looked at (the Dossier at the top one), so that each card teaches something new."""
    belief = beliefs(state, me)
    unsure = [n for n in ranked if abs(belief.get(n, 0.0)) < CERTAIN]
    if effect == "tracker":
        lawful = [n for n in ranked if belief.get(n, 0.0) <= 0] or ranked
        return max(lawful, key=lambda n: (count(n), -ranked.index(n)))
    if effect in ("eavesdrop", "denunciation", "intercept"):
        pool = [n for n in ranked if belief.get(n, 0.0) > 0] or unsure or ranked
        return pool[0] if effect == "denunciation" else rng.choice(pool[:3])
    seen = looked_at(state, me)
    fresh = [n for n in unsure if n not in seen] or unsure or ranked
    return fresh[0] if effect == "faction" else rng.choice(fresh[:3])
