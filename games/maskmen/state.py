"""House rules and the whole game state (pydantic, JSON round-trip exact)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import GameState
from games.maskmen.cards import Colour, Counts, no_cards, total
from games.maskmen.order import Pair

SEASON_WINS_NEEDED = 3
"""Two players: the first to win three seasons wins the game."""


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    season_end: Literal["first_out", "last_standing"] = "first_out"
    """first_out: the season ends when somebody plays their last card (+2 / +1 / −1 by cards
    left). last_standing: play on; +2 for the first out, +1 for the second, −1 for the last."""
    seasons: int = Field(default=4, ge=1, le=20)
    """Seasons played with 3–6 players (2 players play to three season wins instead)."""
    turn_seconds: int = Field(default=60, ge=10, le=3600)
    """Deadline of a turn; at the deadline the bot passes (or makes the smallest lead)."""


class RingPlay(BaseModel):
    """The cards on top of the ring: what the next play must beat."""

    colour: Colour
    count: int
    seat: int


class SeasonRecord(BaseModel):
    """What a finished season left behind (public: hand sizes are public). Immutable, so a
    copy of the state may share it (deep copies of the state are the engine's hot path)."""

    model_config = ConfigDict(frozen=True)

    season: int
    leader: int
    """Who led the season's first trick."""
    tricks: int
    out: tuple[int, ...]
    """Seats in the order they emptied their hands (first_out: just the winner)."""
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    """Score change per seat this season; all zero with two players (season wins instead)."""
    winner: int
    next_leader: int | None
    """Who leads the next season (None when the game ended)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> SeasonRecord:
        return self


class MaskmenState(GameState):
    options: Options
    hands: list[Counts]
    """Per seat, cards held per colour (secret: only that player and the GM)."""
    set_aside: Counts = Field(default_factory=no_cards)
    """Cards not dealt this season (unseen by everyone but the GM)."""
    beats: list[Pair] = Field(default_factory=list)
    """The strength order this season: transitively closed, acyclic (stronger, weaker) pairs."""
    debuted: list[Colour] = Field(default_factory=list)
    """Colours played at least once this season, in debut order."""
    ring: RingPlay | None = None
    ring_cards: Counts = Field(default_factory=no_cards)
    """All cards played in the current trick (the whole ring pile)."""
    cleared: Counts = Field(default_factory=no_cards)
    """Cards that left the ring this season (out of the season)."""
    passed: list[int] = Field(default_factory=list)
    """Seats that passed in the current trick."""
    out: list[int] = Field(default_factory=list)
    """Seats that emptied their hands this season, in order."""
    leader: int = 0
    """Who led the current trick."""
    turn: int | None = None
    season: int = 1
    trick: int = 1
    """Trick number within the season."""
    season_leader: int = 0
    scores: list[int]
    twos: list[int]
    """Number of +2 scores (season wins) per seat: the tie-breaker."""
    season_wins: list[int]
    """Seasons won per seat (decides the two-player game)."""
    history: list[SeasonRecord] = Field(default_factory=list)
    prompt_seq: int = 0

    def held(self, seat: int) -> int:
        return total(self.hands[seat])

    def with_cards(self) -> list[int]:
        return [s for s in range(self.players) if self.held(s) > 0]
