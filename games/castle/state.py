"""Castle game state: plain pydantic data that round-trips through JSON exactly.

Seats are 0-based; hand positions and skirmish-row positions are 1-based in prompts. Cards are ids
(an index into the state's `action_kinds` / `skirmish_kinds` / `event_kinds`), so "the card that
was played" stays that card when hands are shuffled about. The board itself is data in
`data/boards/`; the state keeps its name and what changed (removed corridors, passages, markers).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Literal, Self

from pydantic import BaseModel, Field

from games.castle.board import Board, Corridor, board_path, corridor_key, default_board, load_board
from games.castle.cards import SkirmishKind
from games.castle.options import Options
from games.core import GameState
from games.core.orders import Sheet

Stage = Literal["orders", "cards", "ahaha", "extras", "move", "skirmish", "halls", "choice", "peek", "artifacts",
                "over"]


class Player(BaseModel):
    hall: str
    shrine: int
    """Index into the board's shrine list (Let's go gambling! moves it)."""
    hand: list[int] = Field(default_factory=list)
    """Secret: action card ids."""
    row: list[int] = Field(default_factory=list)
    """Public: the two skirmish card ids, face up."""
    carried: int = 0
    delivered: int = 0
    barred: int = 0
    """The round in which this player may not play cards (a skirmish tie below the top); 0 = none."""
    shackled: int = 0
    """The round in which this player may not use DoubleStep (Shackles); 0 = none."""


class Marker(BaseModel):
    """A Lock or a Barricade on a corridor, in force from round `since` to round `until`."""

    corridor: Corridor
    since: int
    until: int
    by: int | None = None

    def active(self, round_number: int) -> bool:
        return self.since <= round_number <= self.until


class Play(BaseModel):
    """A played action card waiting for its turn in Phase II (the resolution cursor's items)."""

    seat: int
    card: int
    kind: str
    target: int | None = None
    give: int | None = None
    """Deal with the Devil: the card id to give (secret)."""
    positions: list[int] = Field(default_factory=list)
    """"Ahaha": the target's hand positions (1-based)."""
    corridor: Corridor | None = None
    halls: list[str] = Field(default_factory=list)


class Extra(BaseModel):
    """A "no card" order: nothing, draw, or replace one card."""

    seat: int
    what: Literal["nothing", "draw", "replace-action", "replace-skirmish"]
    card: int | None = None
    """The card id to replace."""


class Fight(BaseModel):
    """The skirmish whose winner is choosing now."""

    hall: str
    winner: int
    losers: list[int]
    card: str
    defaults: dict[str, list[str]] = Field(default_factory=dict)
    """The random legal choice each part starts with (drawn once, so `Part.default` stays pure)."""


class Pause(BaseModel):
    """A short secret prompt in the middle of resolution ("Ahaha" discard, Peek take/swap)."""

    kind: Literal["ahaha", "peek"]
    seat: int
    target: int
    cards: list[int]
    hall: str | None = None


class Note(BaseModel):
    """What "Ahaha" or Peek showed a player (their own knowledge; only they see it)."""

    round: int
    kind: Literal["ahaha", "peek"]
    target: int
    cards: list[str]


class CastleState(GameState):
    options: Options = Field(default_factory=Options)
    board: str
    """The board's file name in data/boards."""
    round: int = 0
    first_player: int = 0
    stage: Stage = "orders"
    table: list[Player] = Field(default_factory=list)

    action_kinds: list[str] = Field(default_factory=list)
    skirmish_kinds: list[str] = Field(default_factory=list)
    event_kinds: list[str] = Field(default_factory=list)
    skirmish_stats: dict[str, SkirmishKind] = Field(default_factory=dict)
    action_deck: list[int] = Field(default_factory=list)
    action_discard: list[int] = Field(default_factory=list)
    skirmish_deck: list[int] = Field(default_factory=list)
    skirmish_discard: list[int] = Field(default_factory=list)
    event_deck: list[int] = Field(default_factory=list)
    event_discard: list[int] = Field(default_factory=list)
    event: int | None = None
    """This round's event card id."""

    floor: dict[str, int] = Field(default_factory=dict)
    """Artifacts lying in halls."""
    removed: list[Corridor] = Field(default_factory=list)
    """Original corridors removed for good (Flame of Udûn)."""
    passages: list[Corridor] = Field(default_factory=list)
    """Corridors opened by Secret Passage / Secret Door (permanent)."""
    locks: list[Marker] = Field(default_factory=list)
    barricades: list[Marker] = Field(default_factory=list)

    sheets: dict[int, Sheet] = Field(default_factory=dict)
    """Phase I order sheets (secret until the reveal)."""
    plays: list[Play] = Field(default_factory=list)
    """Phase II: played cards still to resolve, in priority order (the resolution cursor)."""
    extras: list[Extra] = Field(default_factory=list)
    paths: dict[int, list[str]] = Field(default_factory=dict)
    """Each seat's ordered path (halls to walk to), read at the reveal."""
    double_step: list[int] = Field(default_factory=list)
    """Seats whose Second Wind resolved this round."""
    moved: list[int] = Field(default_factory=list)

    skirmish_choices: dict[int, int] = Field(default_factory=dict)
    """Secret until the reveal: the row position (1 or 2) each participant chose."""
    fights: dict[str, list[int]] = Field(default_factory=dict)
    """Halls with a skirmish this round and their participants, in skirmish order."""
    out: list[int] = Field(default_factory=list)
    """Expelled or thrown this round: no further skirmish."""
    no_pickup: list[str] = Field(default_factory=list)
    """Halls of a tied skirmish this round: nobody takes the artifact there."""
    fight: Fight | None = None
    choice_sheets: dict[int, Sheet] = Field(default_factory=dict)
    pause: Pause | None = None
    notes: dict[int, list[Note]] = Field(default_factory=dict)

    prompt_counter: int = 0
    winners: list[int] = Field(default_factory=list)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A deep copy through plain data (exact, since the state round-trips)."""
        if deep and update is None:
            return self.model_validate(self.model_dump())
        return super().model_copy(update=update, deep=deep)

    # --- the board -----------------------------------------------------------------------------
    def the_board(self) -> Board:
        return the_board(self.board, self.players)

    def corridors(self) -> list[Corridor]:
        """The corridors as they are now: the original ones not removed, plus secret passages."""
        gone = set(self.removed)
        now = [c for c in board_keys(self.board, self.players) if c not in gone]
        known = set(now)
        return now + [c for c in self.passages if c not in known]

    def links(self) -> set[Corridor]:
        """`corridors()` as a set, for many membership questions at once."""
        return set(self.corridors())

    def joined(self, a: str, b: str) -> bool:
        return corridor_key(a, b) in self.links()

    def locked(self, corridor: Corridor) -> bool:
        return any(m.corridor == corridor and m.active(self.round) for m in self.locks)

    def barricaded(self, corridor: Corridor) -> bool:
        return any(m.corridor == corridor and m.active(self.round) for m in self.barricades)

    def shrine_hall(self, seat_number: int) -> str:
        board = self.the_board()
        return board.shrines[self.table[seat_number].shrine % len(board.shrines)]

    def seat_order(self) -> list[int]:
        """Every seat from the first player on (the order that settles equal priorities)."""
        return [(self.first_player + i) % self.players for i in range(self.players)]

    def in_hall(self, hall: str) -> list[int]:
        return [s for s, p in enumerate(self.table) if p.hall == hall]

    def seat_order_in(self, hall: str) -> list[int]:
        """The players in `hall`, in seat order from the first player."""
        return [s for s in self.seat_order() if self.table[s].hall == hall]

    def event_kind(self) -> str | None:
        return None if self.event is None else self.event_kinds[self.event]

    def can_double_step(self, seat_number: int) -> bool:
        """DoubleStep is possible this round unless Muffet's Webs or Shackles forbid it."""
        return self.event_kind() != "webs" and self.table[seat_number].shackled != self.round

    def next_prompt_id(self) -> str:
        self.prompt_counter += 1
        return f"castle-{self.prompt_counter}"


@lru_cache(maxsize=64)
def board_keys(name: str, players: int) -> tuple[Corridor, ...]:
    """The board's own corridors in canonical form."""
    return tuple(corridor_key(a, b) for a, b in the_board(name, players).corridors)


@lru_cache(maxsize=64)
def the_board(name: str, players: int) -> Board:
    """The board by file name (cached: the engine asks for it very often)."""
    if name == f"castle-{players}":
        return default_board(players)
    return load_board(board_path(name), players)
