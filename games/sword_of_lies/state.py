"""Sword of Lies game state: plain pydantic data that round-trips through JSON exactly.

Seats are 0-based inside the engine (seat n is player number n + 1 on the table);
positions are 1-based (position p is `cards[p - 1]`, left to right)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, Field

from games.core import GameState
from games.sword_of_lies.betting import Betting
from games.sword_of_lies.cards import Colour
from games.sword_of_lies.options import Options

Phase = Literal["buy_in", "castling", "betting", "reveal", "negotiation", "war", "over"]
Outcome = Literal["plain", "shield", "sword"]


class Mark(BaseModel):
    """What an interrogation writes on a card's back (public)."""

    by: int
    """The interrogator's seat."""
    named: Colour
    believed: bool


class TableCard(BaseModel):
    """A card in a player's row."""

    card: int
    """The card's id in the shoe (see cards.py)."""
    mark: Mark | None = None
    revealed: bool = False
    shield: bool = False
    """A shield card (2 lives until it flips)."""
    lives: int = 1
    outcome: Outcome | None = None
    """What the card became when it was revealed."""
    sword_to: int | None = None
    """The seat that earned a sword when this card was revealed."""
    number: int = 0
    """The card's number as players see it ("#2"), the slot it was dealt to, kept for the whole game:
    a revealed card moves to the right end of the row (so its position changes) but not its number.
    A traded card takes the number of the slot it arrives in. 0 (a game saved before numbers): its
    position. Presentation only: every rule reads positions."""

    def numbered(self, position: int) -> int:
        """The number shown for this card lying at `position` (1-based)."""
        return self.number or position


class PlayerState(BaseModel):
    buy_in: int = 0
    stack: int = 0
    cards: list[TableCard] = Field(default_factory=list)
    swords: int = 0
    swords_before_war: int = 0
    folded: bool = False
    ready: bool = False
    """Negotiation: this player has marked themselves ready."""
    pay_to: int | None = None
    """Negotiation: the recipient chosen for the next chip transfer."""

    def lives(self) -> int:
        return sum(c.lives for c in self.cards)


class Target(BaseModel):
    seat: int
    position: int


class TurnDraft(BaseModel):
    """The Phase I move being composed (successive prompts) or awaiting replies."""

    seat: int
    move: Literal["trade", "interrogate"] | None = None
    own_position: int | None = None
    target: int | None = None
    target_position: int | None = None
    price: int | None = None
    named: Colour | None = None


class WarOrder(BaseModel):
    """A war order, complete or being composed. Secret until resolution."""

    kind: Literal["standard", "double"] | None = None
    targets: list[Target] = Field(default_factory=list)
    """Where each sword goes (1 for standard, 2 for double)."""
    pending_target: int | None = None
    """The opponent chosen for the sword now being aimed (position still to choose)."""
    cost: int | None = None
    """Double attack: the own position that pays 1 life."""
    complete: bool = False

    def swords(self) -> int:
        return 2 if self.kind == "double" else 1


class SolState(GameState):
    options: Options = Field(default_factory=Options)
    phase: Phase = "castling"
    table: list[PlayerState] = Field(default_factory=list)
    deck: list[int] = Field(default_factory=list)
    """Secret: the undealt rest of the shoe, top first."""
    discard: list[int] = Field(default_factory=list)
    buy_in_choices: dict[int, int] = Field(default_factory=dict)
    """Buy-in prompts: the amounts chosen so far (public)."""
    prompt_counter: int = 0

    # Phase I
    first_player: int = 0
    turn: int = 0
    """Phase I: the seat whose move it is."""
    moves: int = 0
    passes: int = 0
    """Phase I: passes in a row (a full circle of passes ends Phase I)."""
    draft: TurnDraft | None = None

    # Phase II
    senior_blind: int = 0
    betting: Betting | None = None
    circle: int = 0
    """Reveal circles done (or under way)."""
    reveal_queue: list[int] = Field(default_factory=list)
    """Sequential reveals: seats still to reveal in this circle, in order (the prompted first)."""
    reveal_choices: dict[int, int] = Field(default_factory=dict)
    """Simultaneous reveals: secret position chosen per seat until all are in."""

    # Phase III
    cycle: int = 0
    bonus_seat: int | None = None
    orders: dict[int, WarOrder] = Field(default_factory=dict)
    """Secret until resolution: each attacker's war order (complete or being composed)."""

    # End
    settled: bool = False
    rake: int = 0
    winnings: dict[int, int] = Field(default_factory=dict)
    ranking: list[list[int]] = Field(default_factory=list)
    winners: list[int] = Field(default_factory=list)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A deep copy through pydantic-core (several times faster than `copy.deepcopy` for
        this many small models; exact, since the state round-trips through plain data)."""
        if deep and update is None:
            return self.model_validate(self.model_dump())
        return super().model_copy(update=update, deep=deep)

    def remaining(self) -> list[int]:
        """Seats that have not folded, in seat order."""
        return [s for s, p in enumerate(self.table) if not p.folded]

    def clockwise_from(self, start: int) -> list[int]:
        """Every seat, starting at `start` and going clockwise (ascending seat numbers)."""
        return [(start + i) % self.players for i in range(self.players)]

    def total_buy_ins(self) -> int:
        return sum(p.buy_in for p in self.table)
