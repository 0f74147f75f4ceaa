"""Sword of Lies house rules (rules page, "Components and house rules") and deadlines."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.engine import OptionError

MAX_BUY_IN = 1_000_000
"""The largest buy-in the bot accepts (chips are virtual; this keeps numbers readable)."""
MIN_PLAYERS = 3
MAX_PLAYERS = 12
"""The rules set no upper limit; 12 keeps a table readable in one Discord message."""

Limit = Literal["no_limit", "pot_limit", "fixed_limit"]
RevealMode = Literal["sequential", "simultaneous"]


def _seconds(default: int) -> int:
    return Field(default=default, ge=10, le=86400)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hand_size: int = Field(default=4, ge=2, le=8)
    """Cards dealt to each player."""
    min_buy_in: int = Field(default=1000, ge=1, le=MAX_BUY_IN)
    """The smallest stack a player may buy in with."""
    buy_ins: dict[int, int] | None = None
    """Each seat's own buy-in (seat → chips, filled by the lobby); missing seats buy in with
    `min_buy_in`. Ignored when `ask_buy_ins` is set."""
    ask_buy_ins: bool = False
    """Open the game by asking every player for their buy-in (offline tables, no lobby)."""
    ante: int = Field(default=0, ge=0, le=MAX_BUY_IN)
    big_blind: int = Field(default=20, ge=1, le=MAX_BUY_IN)
    small_blind: int = Field(default=10, ge=0, le=MAX_BUY_IN)
    betting: Limit = "no_limit"
    rake_percent: int = Field(default=0, ge=0, le=100)
    rake_cap: int = Field(default=0, ge=0)
    """The most rake taken from the whole game; 0 = no cap."""
    reveal_mode: RevealMode = "sequential"
    folded_cards_count: bool = False
    """True: a folded player's revealed cards keep the swords they gave."""
    sturdy_shields: bool = False
    """True: a shield card ignores a lone sword hit and dies only to 2+ hits in one round."""

    buy_in_seconds: int = _seconds(120)
    turn_seconds: int = _seconds(120)
    reply_seconds: int = _seconds(60)
    bet_seconds: int = _seconds(60)
    reveal_seconds: int = _seconds(60)
    negotiation_seconds: int = _seconds(180)
    war_seconds: int = _seconds(120)

    @model_validator(mode="after")
    def _consistent(self) -> Options:
        if self.small_blind > self.big_blind:
            raise OptionError("small_blind", "sol-error-option-small-blind", big=self.big_blind)
        for seat_number, chips in (self.buy_ins or {}).items():
            if seat_number < 0:
                raise OptionError("buy_ins", "sol-error-option-no-seat", seat=seat_number)
            if not self.min_buy_in <= chips <= MAX_BUY_IN:
                raise OptionError("buy_ins", "sol-error-option-buy-in-range", min=self.min_buy_in, max=MAX_BUY_IN)
        return self


class Join(BaseModel):
    """What a player gives at /join: their own buy-in (None = the table's minimum)."""

    model_config = ConfigDict(extra="forbid")

    buy_in: int | None = None
