"""What a "normal" bot makes of its seat's memory (`MafiaState.knowledge`, games.mafia.knowledge).

`beliefs(state, me)` gives, for every other living character, how sure the seat is that he is mafia,
as log-odds (positive: mafia; negative: law; 0: nothing learned). Certain facts (a Dossier, the
Tracker's kill voters, the mafia's snapshot) are ±CERTAIN; looks at a hand's colours (Question,
Search, a public Denunciation) and at the cards he played (Surveillance, a beating's reveal) weigh
how much the colours look like a mafia deck — 12 of its 15 cards are the member's own colour —
against a law deck, which the seat judges by its own (the law drafts alike). Tracker, Surveillance
and Eavesdrop also tell whom he hurt or voted for: against a character the seat knows or takes for
law (itself included) looks mafia, against a member law; a vote to execute weighs more.

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
SURE_MAFIA = 2.5
"""Log-odds from which a law seat treats a character as mafia: execution, attacks by night too."""
CLEARED_LAW = 2.0
"""Log-odds (negated) from which a law seat treats a character as law: the one it protects first."""


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
    """Log-odds per other living character that he is mafia (see the module's doc). Two passes: first
    what each character's hand and plays look like, then what his votes and aims say, judged against
    those looks (a vote to execute a character the seat has cleared looks mafia)."""
    known = record(state, me)
    law = law_model(state, me)
    certain: dict[int, str | None] = {n: known.faction_of(n) for n in range(state.players)}
    certain[me] = state.seats[me].faction  # a seat knows its own side
    # a colour whose member is known is no longer open to anyone else
    taken = {state.seats[n].colour for n, f in certain.items() if f == "mafia" and state.seats[me].mafia}
    open_colours = [c for c in COLOURS if c not in taken] or list(COLOURS)
    looks = {n: _looks(state, known, n, law, open_colours) for n in range(state.players)
             if n != me and certain[n] is None}
    judged = {n: certain[n] or _judgement(looks.get(n, 0.0)) for n in range(state.players)}
    result: dict[int, float] = {}
    for n in state.living():
        if n == me:
            continue
        if certain[n] is not None:
            result[n] = CERTAIN if certain[n] == "mafia" else -CERTAIN
            continue
        result[n] = looks[n] + _deeds(state, known, n, judged)
    return result


def _judgement(odds: float) -> str | None:
    """The side a seat takes a character for on uncertain evidence, when it is strong enough."""
    return "mafia" if odds >= SURE_MAFIA else "law" if odds <= -CLEARED_LAW else None


def _looks(state: MafiaState, known: SeatKnowledge, n: int, law: dict[Colour, float],
           open_colours: list[Colour]) -> float:
    """What the looks at `n`'s hand and at the cards he played add up to."""
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
    if played:
        score += PLAY_WEIGHT * colour_odds(dict(played), law, open_colours)
    return score


def _deeds(state: MafiaState, known: SeatKnowledge, n: int, judged: dict[int, str | None]) -> float:
    """What `n`'s aims (Surveillance, Tracker) and veche votes (Eavesdrop) say, against whom they went."""
    score = 0.0
    for fact in known.about(n):
        for play in fact.plays:
            score += _aim(state.collection.card(play.card).effect, play.target, judged)
        score += _vote(fact, judged)
    return score


def _aim(effect: str, target: int | None, judged: dict[int, str | None]) -> float:
    """Hurting a law character looks mafia; hurting a member looks law."""
    if target is None or effect not in HOSTILE:
        return 0.0
    return {"law": 1.5, "mafia": -1.5}.get(judged.get(target) or "", 0.0)


def _vote(fact: Fact, judged: dict[int, str | None]) -> float:
    """Eavesdrop: a veche vote against a member looks law; against a law character mafia, the more so
    for execution."""
    if fact.source != "eavesdrop" or fact.vote is None:
        return 0.0
    against_law = 2.0 if fact.vote_kind == "execution" else 1.5
    return {"law": against_law, "mafia": -2.0}.get(judged.get(fact.vote) or "", 0.0)


def likely_victim(pool: list[int], belief: dict[int, float], count: Callable[[int], int],
                  talk: dict[int, float]) -> int:
    """A law seat's guess at the mafia's victim tonight among `pool`: the one with most cards, passing
    over the characters it believes mafia (the kill never hits its own) and the one the table
    suspects most among the others (the mafia spares him for the veche to spend itself on) — or the
    two the table suspects most when it cannot tell whether the first is a member."""
    lawful = [n for n in pool if belief.get(n, 0.0) < SURE_MAFIA] or pool
    top_of_table = max(talk, key=lambda n: talk[n])
    spared = 1 if belief.get(top_of_table, 0.0) >= SURE_MAFIA or top_of_table not in lawful else 2
    suspects = sorted((n for n in talk if belief.get(n, 0.0) < SURE_MAFIA), key=lambda n: -talk[n])[:spared]
    guesses = [n for n in lawful if n not in suspects] or lawful
    return max(guesses, key=lambda n: (count(n), -pool.index(n)))


def looked_at(state: MafiaState, me: int) -> set[int]:
    """Characters whose hand or faction this seat has already seen (no need to look again soon)."""
    known = record(state, me)
    return {f.about for f in known.facts if f.colours or f.faction is not None}


def probe_target(state: MafiaState, me: int, effect: str, ranked: list[int], count: Callable[[int], int],
                 rng: random.Random, talk: dict[int, float]) -> int:
    """Where a remembering law bot points an information card (`ranked`: the targets, most suspect first;
    `talk`: how suspect the table finds each living character on public facts).

    The Tracker goes on the kill's likeliest victim (`likely_victim`) to catch the kill's voters;
    Eavesdrop on a suspect; the others look at a suspect not yet looked at (the Dossier at the top
    one), so that each card teaches something new."""
    belief = beliefs(state, me)
    unsure = [n for n in ranked if abs(belief.get(n, 0.0)) < CERTAIN]
    if effect == "tracker":
        return likely_victim(ranked, belief, count, talk)
    if effect in ("eavesdrop", "denunciation", "intercept"):
        pool = [n for n in ranked if belief.get(n, 0.0) > 0] or unsure or ranked
        return pool[0] if effect == "denunciation" else rng.choice(pool[:3])
    seen = looked_at(state, me)
    fresh = [n for n in unsure if n not in seen] or unsure or ranked
    return fresh[0] if effect == "faction" else rng.choice(fresh[:3])
