"""A game as the table holds it in memory (`LiveGame`, its `Seat`s) and what one step produces for the
rest of the bot: the `Outcome` a caller is answered, the `Step` a planner turns into delivery rows, and
the `Delivery` the listeners (Discord, the terminal) are given once it is saved (bot/table/core.py)."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.i18n import Term, t
from bot.storage import DeliveryRow, GameRow
from games.core import Engine, Event, GameState, Refusal
from games.core.shared_params import EMPTY

_FIELDS_GIVEN: dict[frozenset[str], set[str]] = {}
"""One set per combination of Seat fields given (at most 2⁶ of them), shared by every seat given those."""


class Seat(BaseModel):
    """Who holds a seat: a Discord member (user_id), a local human, or a bot player.

    Frozen (a changed seat is a new Seat: every caller already replaces one), so its seats can share what pydantic
    keeps per model: the set of fields given, one per combination (a set of 6 names is 728 bytes; a 10-seat live
    game held 7 KB of them, issue 41), and an empty `join` (shared_params.EMPTY)."""

    model_config = ConfigDict(frozen=True)

    name: str
    user_id: int | None = None
    bot: bool = False
    language: str | None = None
    join: dict[str, Any] = Field(default_factory=lambda: EMPTY)
    """What the player gave at /join (e.g. {"buy_in": 500}), validated by the game's engine."""
    bot_level: str | None = None
    """How well a bot seat plays (games.core.engine.BOT_LEVELS); None: the default level, so seats
    saved before levels existed keep working."""

    @model_validator(mode="before")
    @classmethod
    def _legacy_buy_in(cls, data: Any) -> Any:
        # lobbies saved before join data was generic kept the buy-in as its own field
        if isinstance(data, dict) and "buy_in" in data:
            data = dict(data)
            buy_in = data.pop("buy_in")
            if buy_in is not None:
                data["join"] = {**data.get("join", {}), "buy_in": buy_in}
        return data

    @field_validator("join")
    @classmethod
    def _share_empty_join(cls, join: dict[str, Any]) -> dict[str, Any]:
        return join or EMPTY

    def model_post_init(self, context: Any) -> None:
        given = self.__pydantic_fields_set__  # pydantic adds to it only on assignment, which frozen refuses
        object.__setattr__(self, "__pydantic_fields_set__", _FIELDS_GIVEN.setdefault(frozenset(given), given))


class ParsedStates:
    """The games whose states stay parsed in memory: the `kept` most recently used, of them only those used in the
    last `idle` seconds. The others keep only their saved JSON (`GameRow.state`, which every saved step updates)
    and parse it again when next used: a parsed state is most of a live game's memory (a 10-player Mafia game's:
    180 KB over a game, its JSON 30 KB), and most games wait for a far deadline or a forum player's next click
    (a Mafia state parses again in about 1 ms). A game being worked on is never let go: its lock held (a step's
    check → apply → save), its step on the way to the listeners (`outgoing`) or being planned (`naming`).
    The idle ones are looked for whenever a state is used: a process nobody plays on keeps what it had parsed,
    and lets it go at its next click."""

    def __init__(self, kept: int, idle: float | None = None, clock: Callable[[], float] = time.time) -> None:
        self.kept = kept
        self.idle = idle
        """Seconds a state stays parsed unused (None: as long as it is among the `kept` newest)."""
        self._clock = clock
        self._games: OrderedDict[int, LiveGame] = OrderedDict()
        """Oldest used first."""
        self._used_at: dict[int, float] = {}
        """When each game in `_games` was last used (the newest: when it became the newest, or its idle neighbours
        were last looked for; it is used until another one is, and is stamped then)."""
        self._newest: LiveGame | None = None
        """The game used last: a step reads its game's state many times over, and those find it newest already."""

    def used(self, game: LiveGame) -> None:
        """The game's state was just used (parsed, set, read): it is the newest; the oldest beyond `kept`, and
        those unused for `idle` seconds, that nobody is working on are let go. A game not running (ended, or one
        read from storage) is not held here: it leaves memory with its last reference."""
        games = self._games
        if game is self._newest and len(games) <= self.kept and game.running and not self._idle_one(games):
            return  # the newest already, and nothing to let go
        if not game.running:
            if games.get(game.id) is game:
                del games[game.id]
                self._used_at.pop(game.id, None)
            if self._newest is game:
                self._newest = None
            return
        now = self._clock()
        if (newest := self._newest) is not None and newest is not game and games.get(newest.id) is newest:
            self._used_at[newest.id] = now  # used until now: the last one to be
        if games.get(game.id) is game:
            games.move_to_end(game.id)
        else:
            games[game.id] = game
        self._used_at[game.id] = now
        self._newest = game
        while len(games) > self.kept:
            oldest = next((g for g in games.values() if g is not game and not g.busy), None)
            if oldest is None:
                return  # every other one is being worked on: let go once one is not
            self._let_go(oldest)
        if self.idle is not None:
            idle = []
            for other in games.values():  # oldest used first: up to the first one used lately
                if now - self._used_at[other.id] < self.idle:
                    break
                if other is not game and not other.busy:
                    idle.append(other)
            for other in idle:
                self._let_go(other)

    def _idle_one(self, games: OrderedDict[int, LiveGame]) -> bool:
        """Whether the oldest used game has been unused for `idle` seconds (one to let go, unless busy)."""
        return self.idle is not None and self._clock() - self._used_at[next(iter(games))] >= self.idle

    def _let_go(self, game: LiveGame) -> None:
        del self._games[game.id]
        del self._used_at[game.id]
        game._state = None
        game.row.pack_state()

    def forget(self, game_id: int) -> None:
        """The game left memory (it ended, or another process ended it)."""
        self._games.pop(game_id, None)
        self._used_at.pop(game_id, None)
        if self._newest is not None and self._newest.id == game_id:
            self._newest = None


@dataclass
class LiveGame:
    """A game in memory. Its state is parsed from the saved JSON on first use, so start-up
    with thousands of unfinished games reads rows, not states (most wait for a click); a table
    keeps only its most recently used games' states parsed (`ParsedStates`)."""

    row: GameRow
    engine: Engine[Any]
    seats: list[Seat]
    _state: GameState | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    dues: dict[str, float] = field(default_factory=dict)
    """When each pending prompt's deadline falls (a copy of the deadline rows, for display)."""
    outgoing: Step | None = None
    """The last committed step's delivery rows, until the listeners are given them."""
    naming: GameState | None = None
    """While a step is planned, the state it leads to: names follow it (the step that ends an
    anonymous game already shows the players' own names)."""
    version: int = 0
    """The saved version this copy is (other processes may move the game on: `Table.hold`)."""
    behind: int = 0
    """When the lock was taken: the last of the game's delivery rows another process is still to
    send (0: none). The rows of steps saved now go out after it (bot/discord/shards.py)."""
    kept: ParsedStates | None = None
    """The table's parsed states, which may let this one go while nobody works on the game (None: kept)."""

    def __post_init__(self) -> None:
        if self._state is None:
            self.row.pack_state()  # read from storage: parsed when first used
        elif self.kept is not None:
            self.kept.used(self)

    @property
    def state(self) -> GameState:
        if self._state is None:
            assert self.row.state is not None
            self._state = self.engine.load(self.row.state)
        if self.kept is not None:
            self.kept.used(self)
        return self._state

    @state.setter
    def state(self, value: GameState) -> None:
        self._state = value
        if self.kept is not None:
            self.kept.used(self)

    @property
    def parsed(self) -> bool:
        """Whether its state is parsed in memory now (else it is parsed from the saved JSON when used)."""
        return self._state is not None

    @property
    def busy(self) -> bool:
        """Being worked on: its lock held or awaited, or a step of it planned or on its way to the listeners."""
        return self.lock.locked() or self.outgoing is not None or self.naming is not None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def running(self) -> bool:
        return self.row.status == "running"

    def name_of(self, seat_number: int) -> str:
        term = self.public_term(seat_number)
        if term is not None:  # a game that hides its players: the seat's public name, never theirs
            return Term(t(self.row.language, term), term)
        if 0 <= seat_number < len(self.seats):
            return self.seats[seat_number].name
        return f"#{seat_number + 1}"

    def public_term(self, seat_number: int) -> str | None:
        """The catalog term naming the seat in public while the game hides who plays it (the
        engine's `public_name`), or None when players are named."""
        named = self.engine.public_name(self.naming if self.naming is not None else self.state, seat_number)
        return None if named is None else str(named["term"])

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id and not s.bot), None)


@dataclass
class Outcome:
    refusal: Refusal | None = None
    events: list[Event] = field(default_factory=list)
    rows: list[DeliveryRow] = field(default_factory=list)
    """The delivery rows the step saved (an answer's own step: the rows its caller may show itself)."""

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass
class Step:
    """One step as the planner sees it before it is saved: the state, dues and status it leads to."""

    game: LiveGame
    state: GameState
    events: list[Event]
    dues: dict[str, float]
    status: str
    paused: bool
    reminder_for: list[int] = field(default_factory=list)
    rolled_back: bool = False
    rows: list[DeliveryRow] = field(default_factory=list)
    inline: str | None = None
    """The order sheet whose message the step's caller shows the step in itself (a click on the sheet's
    message is answered with its next step): the sheet's edit is the caller's, from the `Outcome`."""


@dataclass
class Delivery:
    """New events of one saved step, for the listeners to show."""

    game: LiveGame
    events: list[Event]
    reminder_for: list[int] = field(default_factory=list)
    step: Step | None = None
    """The step's delivery rows, saved with it (when a planner made any)."""


Listener = Callable[[Delivery], Awaitable[None]]
Reloaded = Callable[[LiveGame], Awaitable[None]]
"""Told when a game was reloaded because another process moved it (its caches are stale too)."""
Planner = Callable[[Step], list[DeliveryRow]]
"""Turns a step into what it must deliver (Discord: lines, prompts, status); the rows are written
in the step's own transaction (the transactional outbox)."""
GAME_OVER = Outcome(Refusal(key="error-game-over"))
DUPLICATE = Outcome(Refusal(key="error-duplicate"))
"""The interaction that asked for a step was applied already (Discord delivered it twice)."""


def interaction_key(interaction_id: int, part: str | None = None) -> str:
    """The input key of a Discord interaction: applied once per game (clicks, moderator steps, /start).
    `part` names one of several steps a single interaction makes (Sword of Lies' /pay: the recipient, then
    the chips), each applied once."""
    return f"i{interaction_id}" if part is None else f"i{interaction_id}-{part}"
