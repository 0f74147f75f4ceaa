"""Writing what a seat learns into its record (`MafiaState.knowledge`, games/mafia/knowledge.py) from
the state itself: the mafia's Night-1 snapshot, a beating's public reveal. What a phase's resolution
teaches is written by games/mafia/res_learning.py."""

from __future__ import annotations

from collections import Counter

from games.mafia.collection import COLOURS, Colour
from games.mafia.knowledge import Fact, SeatKnowledge
from games.mafia.state import Card, MafiaState


def colour_counts(state: MafiaState, cards: list[Card]) -> dict[Colour, int]:
    """Cards per colour, in colour order (colours with none left out)."""
    counted = Counter(state.collection.card(c.key).colour for c in cards)
    return {colour: counted[colour] for colour in COLOURS if counted[colour]}


def record(state: MafiaState, number: int, fact: Fact) -> None:
    """Seat `number` learns `fact` now."""
    state.knowledge.setdefault(number, SeatKnowledge()).facts.append(fact)


def learn_snapshot(state: MafiaState) -> None:
    """Night 1: each mafia member learns the others' secret roles, decks and hands."""
    mafia = state.mafia_seats()
    for member in mafia:
        for other in mafia:
            if other != member:
                seen = state.seats[other]
                record(state, member, Fact(phase=state.phase_index, source="snapshot", about=other, faction="mafia",
                                           role=seen.secret_role, colours=colour_counts(state, seen.hand),
                                           cards=[c.key for c in seen.hand]))


def learn_beating(state: MafiaState, beaten: int, colour: Colour) -> None:
    """The public reveal after a beating: every living character learns the colour of the card the
    beaten one played from his hand this night."""
    for number in state.living():
        if number != beaten:
            record(state, number, Fact(phase=state.phase_index, source="beating", about=beaten,
                                       colours={colour: 1}))
