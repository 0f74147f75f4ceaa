"""Mafia of Heroes game state: plain pydantic data that round-trips through JSON exactly.

Seats are 0-based and in sign-up order. Every physical card has a game-wide id (`Card.id`), so two
Strikes in one hand are still two things a player can name, mark or lose; `Card.key` is its type
in the collection. Decks are top first; hands are in hand order (damage discards from the front).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, Field, model_validator
from pydantic.dataclasses import dataclass

from games.core import GameState
from games.core.orders import Sheet
from games.mafia.collection import Collection, Colour, load_collection
from games.mafia.knowledge import SeatKnowledge
from games.mafia.options import Options
from games.mafia.order import Order
from games.mafia.roles import Roles, load_roles

Phase = Literal["draft", "opening", "night", "day", "over"]
"""draft: the keep-2-of-5 rounds (then the mafia's keep-1-of-3); opening: the Jester chooses his
opening hand; then Night 1, Day 1, Night 2, …"""
Faction = Literal["mafia", "law"]
LAW = "law"
"""The secret role of every law player."""


@dataclass(slots=True)
class Card:
    """One physical card. A slotted record, not a model: a game holds some 300 (every seat's deck, hand, reserve
    and discard), and a model's own dict and set of fields made each 540 bytes in memory instead of 120."""

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
    delayed: list[Delayed] = Field(default_factory=list)
    """Effects waiting for a later phase (Poison's second damage, Reinforcements' armor)."""
    died_in: int | None = None
    """The phase index (`MafiaState.phase_index`) at whose end the character died."""
    wounded_in: int | None = None
    """Avenger: the phase index at whose end he lost all his cards (mortally wounded since)."""
    dealt_damage: bool = False
    """Strongman: he has been dealt damage (his armor stops after that phase)."""
    masochist_copies: int = 0
    """Masochist: copies already taken (the role's `copies`, 1)."""
    magician_uses: int = 0
    banker_used: bool = False
    croupier_uses: int = 0
    lucky_used: bool = False
    boss_sent_in: int | None = None
    """Boss: the phase index of his last message (the next may follow two phases later)."""
    checked: list[int] = Field(default_factory=list)
    """Killer: the seats he has checked (never the same target twice)."""
    divination: list[int] = Field(default_factory=list)
    """Divination: ids of the top deck cards he saw and may arrange during this phase."""
    missed: int = 0
    """Phases in a row in which this living player gave no order at all (for moderators)."""

    @property
    def mafia(self) -> bool:
        return self.faction == "mafia"

    def public_hand_count(self) -> int:
        return sum(1 for c in self.hand if not c.invisible)


class Delayed(BaseModel):
    """An effect that waits: `kind` "poison" deals `amount` damage at the end of phase `due`;
    "armor" (Reinforcements) gives `amount` armor during phase `due`."""

    kind: Literal["poison", "armor"]
    amount: int
    due: int
    source: int
    """The seat whose card caused it."""


class Message(BaseModel):
    """A message sent during the phase (a Letter, the Boss's message): what Intercept copies."""

    kind: Literal["letter", "boss"]
    sender: int
    to: int
    text: str


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


SHARED = {"collection", "roles"}


_SAVED_FORMS: dict[int, tuple[BaseModel, dict[str, Any]]] = {}


def _as_saved(data_file: BaseModel) -> dict[str, Any]:
    """A data file's collection or roles as a saved state holds it (`MafiaEngine.dump`), made once per object."""
    known = _SAVED_FORMS.get(id(data_file))
    if known is None or known[0] is not data_file:
        if len(_SAVED_FORMS) >= 8:  # the files were loaded again and again (tests): forget the old ones
            _SAVED_FORMS.clear()
        known = _SAVED_FORMS[id(data_file)] = (data_file, data_file.model_dump(mode="json", exclude_defaults=True))
    return known[1]


class MafiaState(GameState):
    options: Options = Field(default_factory=Options)
    collection: Collection
    roles: Roles
    """The collection and the roles as they were when the game began: a saved game never changes
    when an organiser edits the data files. Required fields (filled from the files when a new state
    is built), so a dump that leaves defaults out still saves them."""
    phase: Phase = "draft"
    number: int = 0
    """The night or day number (Night 1 is the first phase)."""
    seats: list[Seat] = Field(default_factory=list)
    started_with: int = 0
    """Players at the start (the veche's two-alive rule applies from 11)."""
    sheets: dict[int, Sheet] = Field(default_factory=dict)
    """Secret: each living player's order sheet for the current phase."""
    orders: dict[int, Order] = Field(default_factory=dict)
    """Secret: the orders being resolved (filled from the sheets when the phase ends)."""
    counts: dict[int, int] = Field(default_factory=dict)
    """The public hand counts as last announced (what everyone sees during a phase)."""
    leader: int | None = None
    """The Leader for this night and day (elected at the end of the previous day)."""
    swindler_led: bool = False
    """The Swindler has been Leader (votes for him no longer count double)."""
    beaten: int | None = None
    """The character beaten at the last veche: the colour of his next night's hand card is announced."""
    messages: list[Message] = Field(default_factory=list)
    """Secret: this phase's messages (Intercept copies them at its end)."""
    artifact_armor_to: int | None = None
    """Secret: the law character who gets 3 armor tonight because the artifact went mafia to mafia."""
    winner: Faction | Literal["draw"] | None = None
    draft: Draft | None = None
    artifact: int | None = None
    """Secret: the artifact's holder, None before it is given and once destroyed."""
    artifact_held: list[int] = Field(default_factory=list)
    """Secret: every seat that has held the artifact, in order."""
    knowledge: dict[int, SeatKnowledge] = Field(default_factory=dict)
    """Secret: what each seat has learned (information results, the snapshot, public reveals), for
    that seat only (games.mafia.knowledge)."""
    jester_prompt: str | None = None
    next_card: int = 0
    prompt_counter: int = 0

    @model_validator(mode="before")
    @classmethod
    def _data_files(cls, data: Any) -> Any:
        """A new game takes the current data files. A game read back that began with them as they are (most)
        shares their frozen objects instead of a copy each (about 60 KB a game in memory: issue 41)."""
        if not isinstance(data, dict):
            return data
        if "collection" not in data or "roles" not in data:
            return {"collection": load_collection(), "roles": load_roles(), **data}
        shared = {name: current for name, current in (("collection", load_collection()), ("roles", load_roles()))
                  if data[name] == _as_saved(current)}
        return {**data, **shared} if shared else data

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A deep copy through pydantic-core: exact, since the state round-trips through plain data. Defaults are
        left out as a save leaves them (`MafiaEngine.dump`): each model remembers the fields it was given, and a
        copy given every field held a set of all 26 names per seat, 55 KB of such sets a 10-player game where the
        state read back holds 31 (issue 41: most live games in memory are copies, made by their last step)."""
        if deep and update is None:
            # the collection and the roles are frozen: the copy shares them instead of rebuilding them
            data = self.model_dump(exclude=SHARED, exclude_defaults=True)
            return self.model_validate({**data, "collection": self.collection, "roles": self.roles})
        return super().model_copy(update=update, deep=deep)

    @property
    def phase_index(self) -> int:
        """Night n is 2n − 1, Day n is 2n (0 before Night 1): how "the next phase" is counted."""
        if self.phase == "night":
            return 2 * self.number - 1
        if self.phase == "day":
            return 2 * self.number
        return 0

    def living(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s.alive]

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
