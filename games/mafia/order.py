"""What one player ordered for a phase, as plain data: what resolution reads.

The order sheet (`games.mafia.sheet`) builds these from a player's answers; tests build them
directly. Cards are named by their game-wide id (`Card.id`); seats are 0-based. Every field left at
its default means "not ordered". `Order` is validated against the state when the phase resolves
(`games.mafia.sheet` offers only legal choices, but a card can leave the hand before then).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

VecheKind = Literal["execution", "beating"]


class CardPlay(BaseModel):
    """One card played: from the hand or the sleeve, its target, and the cards paid for its cost."""

    card: int
    target: int | None = None
    paid: list[int] = Field(default_factory=list)
    """Card ids discarded for the cost (hand and/or sleeve; at most 2 from the hand)."""
    as_question: bool = False
    """Journalist: a sleeve card played as a Question (the Question's cost, time and effect)."""
    trick: bool = False
    """Magician (once per game): a copy of the card goes to his hand instead of the replacement draw."""
    text: str | None = None
    """Letter: the message."""


class Order(BaseModel):
    hand: CardPlay | None = None
    sleeve: CardPlay | None = None
    under: list[int] = Field(default_factory=list)
    """Night, instead of playing cards: up to two hand card ids put at the bottom of the deck, in this order."""
    kill: int | None = None
    """Mafia, night: the victim voted for."""
    boost: list[int] | None = None
    """Mafia, night: None = no boost; else the card ids paid for the cost 1 ([] for a Leader, who pays 0)."""
    boost_question: bool = False
    """A Journalist who boosts may also take a Question's effect on the victim."""
    veche: int | None = None
    veche_kind: VecheKind | None = None
    """Day: the veche vote (complete only with both)."""
    leader: int | None = None
    """Day: the Leader vote."""
    artifact_to: int | None = None
    """Day, the artifact's holder: whom to pass it to (None: it goes at random)."""
    check: int | None = None
    check_names: list[str] = Field(default_factory=list)
    """Killer: the target and the card names (keys, a multiset) named for it."""
    paranoid: list[int] = Field(default_factory=list)
    """Paranoid: sleeve card ids spent for that much armor."""
    croupier: int | None = None
    """Croupier, day, once per game: the hand card id discarded (he draws one)."""
    done: bool = False

    def empty(self) -> bool:
        """Nothing ordered at all (for counting phases a player missed)."""
        return self == Order() or self == Order(done=True)
