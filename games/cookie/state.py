"""Cookie's house rules and game state: plain pydantic data that round-trips through JSON."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.cookie import rules
from games.core import GameState


class Options(BaseModel):
    """House rules: only the deadlines (the rules page names no other)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    choose_seconds: int = Field(default=90, ge=10, le=86400)
    """Time to choose a card each circle."""
    place_seconds: int = Field(default=60, ge=10, le=86400)
    """Time to place a revealed Sword or Shield."""


class Placement(BaseModel):
    """A Sword or Shield placed in front of a player (`target`), or in front of nobody (None)."""

    model_config = ConfigDict(frozen=True)

    owner: int
    card: rules.Tool
    target: int | None
    circle: int

    def triple(self) -> tuple[int, str, int | None]:
        return (self.owner, self.card, self.target)


class RoundRecord(BaseModel):
    """One finished round, kept for the history and for checking the score. Immutable."""

    model_config = ConfigDict(frozen=True)

    round: int
    first: int
    roles: tuple[str, ...]
    revealed: tuple[tuple[str, ...], ...]
    """Per seat, the cards revealed in circle order."""
    placements: tuple[Placement, ...]
    hands: tuple[tuple[str, ...], ...]
    """Per seat, the cards left in hand at the end of the round."""
    sword: tuple[int, ...]
    shield: tuple[int, ...]
    hill: tuple[int, ...]
    coins: tuple[int, ...]
    """Coin totals after this round."""

    def points(self, seat: int) -> int:
        return self.sword[seat] + self.shield[seat] + self.hill[seat]


class CookieState(GameState):
    options: Options = Field(default_factory=Options)
    phase: Literal["choose", "place", "over"] = "choose"
    round: int = 1
    circle: int = 1
    first_player: int = 0
    """First player of the current round."""
    roles: list[str] = Field(default_factory=list)
    """Secret: per seat, this round's role."""
    hands: list[list[str]] = Field(default_factory=list)
    """Secret: per seat, the cards not yet played this round."""
    pending: list[str | None] = Field(default_factory=list)
    """Secret: per seat, the card chosen this circle while the others are still choosing."""
    revealed: list[list[str]] = Field(default_factory=list)
    """Public: per seat, the cards revealed this round, in circle order."""
    placements: list[Placement] = Field(default_factory=list)
    """Public: this round's placements, in the order they were made."""
    to_place: list[int] = Field(default_factory=list)
    """Seats still to place their Sword/Shield this circle, in order (the one prompted excluded)."""
    coins: list[int] = Field(default_factory=list)
    history: list[RoundRecord] = Field(default_factory=list)

    @property
    def rounds(self) -> int:
        """N rounds of N circles for N players."""
        return self.players

    def placement_triples(self) -> list[tuple[int, str, int | None]]:
        return [p.triple() for p in self.placements]

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> CookieState:
        """The engine copies the state on every `apply`; pydantic's generic deep copy walks every
        nested model and dominates the cost of a move. This copies exactly what can change and
        shares what never changes in place: numbers, strings, frozen models (options, placements,
        round records) and prompts (the engine replaces a prompt rather than changing it). A field
        not listed here falls back to a generic deep copy, so a new field is never shared by mistake."""
        copied = self.__copy__()
        fields = copied.__dict__
        for name, value in self.__dict__.items():
            if name in _SHARED:
                continue
            copy_field = _COPY.get(name)
            fields[name] = copy_field(value) if copy_field else deepcopy(value)
        return copied


_SHARED = frozenset({"players", "step", "over", "options", "phase", "round", "circle", "first_player"})
_COPY: dict[str, Callable[[Any], Any]] = {
    "rng": lambda rng: rng.model_copy(),
    "prompts": list,
    "roles": list,
    "hands": lambda hands: [list(hand) for hand in hands],
    "pending": list,
    "revealed": lambda revealed: [list(cards) for cards in revealed],
    "placements": list,
    "to_place": list,
    "coins": list,
    "history": list,
}
