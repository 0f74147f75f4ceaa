"""The working data of one phase's resolution, shared by `resolution`, `effects` and `passives`.

A `Play` is one card as it resolves (after its cost was paid); a `Resolution` carries everything
the nine steps hand to each other: the plays, the orders as resolved, the per-phase tallies of
armor, damage and draws, and the private results waiting for step 9. Nothing here survives the
phase: per-phase numbers reset every phase (the rules page: armor lasts one phase).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from games.core import Event
from games.mafia.collection import CardType
from games.mafia.common import tell
from games.mafia.knowledge import Fact
from games.mafia.order import Order
from games.mafia.state import Card, MafiaState
from games.mafia.votes import Kill, LeaderVote, Veche

Source = Literal["hand", "sleeve"]


@dataclass
class Play:
    """One card played this phase, its cost paid. `kind` is the card type it resolves as (the
    Journalist's sleeve card played as a Question resolves as a Question)."""

    seat: int
    card: Card
    kind: CardType
    source: Source
    target: int | None
    text: str = ""
    sabotaged: bool = False

    @property
    def effect(self) -> str:
        return self.kind.effect

    @property
    def active(self) -> bool:
        """Its effect happens (it was not sabotaged)."""
        return not self.sabotaged

    @property
    def recipient(self) -> int:
        """Whom the effect is for: the target, or the player of a card without one (Vest, Rest)."""
        return self.seat if self.target is None else self.target

    def number(self, name: str) -> int:
        return self.kind.params[name]


@dataclass
class Resolution:
    state: MafiaState
    events: list[Event]
    index: int
    """The phase index being resolved (Night n = 2n − 1, Day n = 2n)."""
    night: bool
    orders: dict[int, Order] = field(default_factory=dict)
    """The orders as resolved: every living seat, parts that could not be carried out removed."""
    plays: list[Play] = field(default_factory=list)
    """In seat order, the hand card before the sleeve card."""
    boosted: set[int] = field(default_factory=set)
    under: Counter[int] = field(default_factory=Counter)
    trick: dict[int, int] = field(default_factory=dict)
    """Magician: seat -> the id of the copy taken into his hand (discarded last, not replaced)."""
    spent: Counter[int] = field(default_factory=Counter)
    """Paranoid: sleeve cards spent for armor."""
    banker: set[int] = field(default_factory=set)
    croupier: set[int] = field(default_factory=set)
    bullets: set[int] = field(default_factory=set)
    """Killers whose check succeeded."""
    kill: Kill | None = None
    veche: Veche | None = None
    leader: LeaderVote | None = None
    armor: Counter[int] = field(default_factory=Counter)
    damage: Counter[int] = field(default_factory=Counter)
    """Damage as aimed, before redirection and the first-night cap."""
    hits: dict[int, list[tuple[dict[str, Any], int]]] = field(default_factory=dict)
    """The same damage by source, as (a card's term or a message, amount): aimed until step 5 redirects
    it, then per character dealt it (`res_damage.total`); a character who dies is told it."""
    dealt: dict[int, int] = field(default_factory=dict)
    """Damage dealt per character: redirected, capped, before armor (what the report shows)."""
    cancelled: Counter[int] = field(default_factory=Counter)
    extra: Counter[int] = field(default_factory=Counter)
    """Extra draws from cards (Rest, Healing)."""
    discarded: dict[int, list[Card]] = field(default_factory=dict)
    drawn: dict[int, list[Card]] = field(default_factory=dict)
    gained: dict[int, list[Card]] = field(default_factory=dict)
    """Cards that came into a sleeve this phase (Stockpile, tokens, the Masochist's copy)."""
    results: list[Event] = field(default_factory=list)
    """Private results, delivered at step 9 to recipients still alive."""
    learned: list[tuple[int, Fact]] = field(default_factory=list)
    """What those results teach each recipient (games.mafia.knowledge), recorded at step 9 likewise."""
    public: list[dict[str, Any]] = field(default_factory=list)
    """Public report lines from cards (Denunciation), in play order."""
    wounded: list[int] = field(default_factory=list)
    died: list[int] = field(default_factory=list)

    def hit(self, number: int, amount: int, source: dict[str, Any]) -> None:
        """`amount` damage aimed at `number` from `source` (a card's term, or the kill's, the veche's message)."""
        self.damage[number] += amount
        self.hits.setdefault(number, []).append((source, amount))

    def order(self, number: int) -> Order:
        return self.orders.get(number, Order())

    def tell(self, number: int, key: str, **params: Any) -> None:
        self.results.append(tell([number], key, **params))

    def plays_of(self, number: int) -> list[Play]:
        return [p for p in self.plays if p.seat == number]

    def hand_play(self, number: int) -> Play | None:
        return next((p for p in self.plays if p.seat == number and p.source == "hand"), None)

    def played(self, number: int) -> bool:
        return any(p.seat == number for p in self.plays)

    def replacements(self, number: int) -> int:
        """Replacement draws: one per hand card played or put under the deck, none for a trick."""
        hand = self.hand_play(number)
        played = 1 if hand is not None and number not in self.trick else 0
        return played + self.under[number]

    def gain(self, number: int, cards: list[Card]) -> None:
        """Cards into a seat's sleeve."""
        self.state.seats[number].sleeve.extend(cards)
        self.gained.setdefault(number, []).extend(cards)


def remove(cards: list[Card], card: Card) -> None:
    """Take one card out of a pile by id (cards leaving a hand lose the Advisor's invisibility)."""
    for position, candidate in enumerate(cards):
        if candidate.id == card.id:
            del cards[position]
            card.invisible = False
            return
