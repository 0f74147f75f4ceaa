"""Mafia of Heroes house rules (rules page: "Players, modes, sign-up", "Phases", "Deadlines")
and the sign-up data each player gives (`Join`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.mafia.collection import Colour

MIN_PLAYERS = 10
MAX_PLAYERS = 12
"""The tested table size."""
ALLOWED_MIN = 8
ALLOWED_MAX = 14
"""What a moderator may allow (`allow_untested_size`); the lobby then warns that balance is untested."""

PACES: dict[str, dict[str, int]] = {
    "live": {"night": 15 * 60, "day": 20 * 60, "draft": 3 * 60},
    "forum": {"night": 12 * 3600, "day": 24 * 3600, "draft": 2 * 3600},
}
"""The page's deadlines per pace; an explicit `<kind>_seconds` overrides them."""


SAY_PER_MINUTE = 5
"""Lines a player may say through the bot per minute in anonymous mode (a minute's worth at once at most)."""


def _seconds() -> int | None:
    return Field(default=None, ge=10, le=7 * 86400)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mode: Literal["open", "anonymous"] = "open"
    """Open: players appear under their Discord names. Anonymous: under their public role's name only,
    speaking through the bot, real names revealed when the game ends."""
    pace: Literal["live", "forum"] = "live"
    end_when_all_done: bool = True
    """A phase ends early when every living player has pressed "Done"."""
    allow_untested_size: bool = False
    """A moderator's allowance: 8–14 players instead of 10–12 (balance untested)."""
    absent_players: Literal["bot", "remove"] = "bot"
    """What moderators are advised to do with a player who missed two phases in a row."""
    say_per_minute: int = Field(default=SAY_PER_MINUTE, ge=1, le=30)
    """Anonymous mode: how many lines each player may say through the bot per minute (webhooks know no
    slowmode, and moderators cannot tell who floods)."""

    graveyard: bool = True
    """The dead join a private graveyard thread where they talk and read the whole game as it goes
    (off: the dead get nothing until the end)."""

    night_seconds: int | None = _seconds()
    day_seconds: int | None = _seconds()
    draft_seconds: int | None = _seconds()
    """Deadlines; unset ones follow `pace` (filled in on validation, so the stored options are explicit)."""

    @model_validator(mode="after")
    def _pace_deadlines(self) -> Options:
        for kind, seconds in PACES[self.pace].items():
            if getattr(self, f"{kind}_seconds") is None:
                setattr(self, f"{kind}_seconds", seconds)
        return self

    def allows(self, players: int) -> bool:
        low, high = (ALLOWED_MIN, ALLOWED_MAX) if self.allow_untested_size else (MIN_PLAYERS, MAX_PLAYERS)
        return low <= players <= high


def untested_size(players: int) -> bool:
    return not MIN_PLAYERS <= players <= MAX_PLAYERS


class Join(BaseModel):
    """What a player gives at sign-up. Empty (a bot seat, a seat filled by a moderator) means no
    wishes: a random free public role."""

    model_config = ConfigDict(extra="forbid")

    role: str | None = None
    """The wanted public role."""
    spare: str | None = None
    """The public role taken when the wanted one is gone."""
    colour: Colour | None = None
    """The Student's secret colour; required when the Student is wanted or the spare."""
    consent: bool | None = None
    """Agreement to the three sign-up conditions; required with any wish."""
