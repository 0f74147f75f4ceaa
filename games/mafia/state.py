"""Mafia of Heroes game state: plain pydantic data that round-trips through JSON exactly.

Seats are 0-based and in sign-up order. Every physical card has a game-wide id (`Card.id`), so two
Strikes in one hand are still two things a player can name, mark or lose; `Card.key` is its type
in the collection. Decks are top first; hands are in hand order (damage discards from the front).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, Field

from games.core import GameState
from games.mafia.collection import Colour
from games.mafia.options import Options

Phase = Literal["draft", "opening", "night", "day", "over"]
"""draft: the keep-2-of-5 rounds (then the mafia's keep-1-of-3); opening: the Jester chooses his
opening hand; then Night 1, Day 1, Night 2, …"""
Faction = Literal["mafia", "law"]
LAW = "law"
"""The secret role of every law player."""


class Card(BaseModel):
    id: int
    key: str
    invisible: bool = False
    """Advisor: left out of the public count of the hand."""


class Seat(BaseModel):
    public_role: str
    secret_role: str
    """"boss", "killer", "advisor" or "law"."""
    faction: Faction
    colour: Colour | None = None
    """A mafia member's colour; law players have none."""
    student_colour: Colour | None = None
    """The Student's secret colour (named at sign-up, or drawn at random if he named none)."""
    kept: list[Card] = Field(default_factory=list)
    """Draft: the cards kept so far (they become the deck)."""
    deck: list[Card] = Field(default_factory=list)
    hand: list[Card] = Field(default_factory=list)
    sleeve: list[Card] = Field(default_factory=list)
    reserve: list[Card] = Field(default_factory=list)
    """Every card offered in the draft and not kept; shuffled into a new deck when the deck runs out."""
    discard: list[Card] = Field(default_factory=list)
    alive: bool = True
    armor: int = 0
    """Armor for the current phase (it lasts one phase)."""

    @property
    def mafia(self) -> bool:
        return self.faction == "mafia"

    def public_hand_count(self) -> int:
        return sum(1 for c in self.hand if not c.invisible)


class Offer(BaseModel):
    """One draft offer to one player: the cards in the order offered and how many to keep."""

    cards: list[Card]
    keep: int
    prompt: str | None = None
    """The pick prompt; None when the Jester keeps the first cards automatically."""
    picked: list[int] | None = None
    """The card ids chosen so far (changeable until everyone has picked)."""


class Draft(BaseModel):
    round: int = 0
    """1–6: everyone keeps 2 of 5; 7–9: each mafia member keeps 1 of 3 of the other colours."""
    offers: dict[int, Offer] = Field(default_factory=dict)
    """Secret: this round's offer per seat."""
    artifact_picker: int | None = None
    artifact_prompt: str | None = None
    artifact_choice: int | None = None
    """Secret: the first holder chosen so far (changeable until the draft ends)."""


class MafiaState(GameState):
    options: Options = Field(default_factory=Options)
    phase: Phase = "draft"
    number: int = 0
    """The night or day number (Night 1 is the first phase)."""
    seats: list[Seat] = Field(default_factory=list)
    draft: Draft | None = None
    artifact: int | None = None
    """Secret: the artifact's holder, None before it is given and once destroyed."""
    artifact_held: list[int] = Field(default_factory=list)
    """Secret: every seat that has held the artifact, in order."""
    jester_prompt: str | None = None
    next_card: int = 0
    prompt_counter: int = 0

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A deep copy through pydantic-core: exact, since the state round-trips through plain data."""
        if deep and update is None:
            return self.model_validate(self.model_dump())
        return super().model_copy(update=update, deep=deep)

    def seat_of(self, role: str) -> int | None:
        """The seat holding a public or secret role, or None when nobody does."""
        return next(
            (n for n, s in enumerate(self.seats) if role in (s.public_role, s.secret_role) and role != LAW), None
        )

    def mafia_seats(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.mafia]

    def new_card(self, key: str) -> Card:
        self.next_card += 1
        return Card(id=self.next_card, key=key)
