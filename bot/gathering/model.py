"""A game night as it is saved (migration 013) and the rules of its life, with no I/O.

A schedule goes through stages, each due at a moment the deadline scheduler wakes for (`due`): the
reminder a day before (REMIND_DAY), the one 15 minutes before (REMIND_SOON), the opening of the lobby at
the time (OPEN), then nothing (DONE). A stage whose moment had passed when the night was made is
skipped: a night set for an hour from now gets the 15-minute reminder only.

Who comes: a member who pressed Join ("yes") or is "Interested" in the Discord event; they are seated in
the order they said so (`seq`), up to the night's seats; the rest wait their turn. "Maybe" is counted
apart and neither seated nor reminded; Leave ("no") keeps them out even while Discord's Events list
still shows them interested (a snapshot of that list never overrides a member's own Leave).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

REMIND_DAY, REMIND_SOON, OPEN, DONE = 0, 1, 2, 3
LEADS = {REMIND_DAY: 24 * 3600.0, REMIND_SOON: 15 * 60.0, OPEN: 0.0}
"""How long before the night each stage falls due."""
MAX_UPCOMING = 50
"""Nights one member may have planned on a server at once (the 51st is refused)."""
COMING = ("yes", "interested")
ANSWERS = ("yes", "maybe", "no", "interested")
REPEATS = ("weekly",)
ANY_GAME = "*"
"""A subscription to every game of the server (`/notify game:any`)."""


@dataclass
class Schedule:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    options: dict[str, Any]
    seats: int
    """How many are seated when it opens (`players:`, else the game's most)."""
    fill_bots: bool
    repeat: str | None
    starts_at: float
    zone: str
    language: str
    """The channel's language: what the sign-up message and the channel's lines are written in."""
    meta: dict[str, Any]
    status: str
    stage: int
    due: float | None
    lobby_id: int | None
    created_at: float = 0.0
    updated_at: float = 0.0

    @property
    def event_id(self) -> int | None:
        event = self.meta.get("event")
        return int(event) if isinstance(event, int | str) and str(event).isdigit() else None


@dataclass
class Signup:
    schedule_id: int
    user_id: int
    name: str
    language: str
    answer: str
    join: dict[str, Any] | None = None
    """The game's sign-up questions as answered (None: not answered yet)."""
    seq: int = 0
    at: float = 0.0

    @property
    def coming(self) -> bool:
        return self.answer in COMING


@dataclass
class Subscription:
    guild_id: int
    user_id: int
    game: str
    players: int | None
    """Tell them when this many are seated (None: as soon as the lobby can start)."""
    language: str
    at: float = 0.0


@dataclass
class Seating:
    seated: list[Signup] = field(default_factory=list)
    waiting: list[Signup] = field(default_factory=list)


def stage_after(stage: int, starts_at: float, now: float) -> tuple[int, float | None]:
    """The next stage still to come after `stage` (none skipped whose moment is ahead), and when it falls due."""
    for following in range(stage + 1, DONE):
        due = starts_at - LEADS[following]
        if following == OPEN or due > now:
            return following, due
    return DONE, None


def first_stage(starts_at: float, now: float) -> tuple[int, float | None]:
    """A new night's first stage: the first reminder still ahead, else the opening."""
    return stage_after(-1, starts_at, now)


def coming(signups: list[Signup]) -> list[Signup]:
    """Who comes, in the order they said so."""
    return sorted((s for s in signups if s.coming), key=lambda s: s.seq)


def seating(signups: list[Signup], seats: int) -> Seating:
    """Who is seated when the night opens (the first `seats` to say they come) and who waits, in order."""
    order = coming(signups)
    return Seating(order[:seats], order[seats:])


def wanted(subscription: Subscription, seated: int, least: int) -> bool:
    """Whether a lobby with `seated` players is what the member asked to hear of (`least`: its game's least)."""
    return seated >= (subscription.players if subscription.players is not None else least)


def would_come(subscriptions: list[Subscription], seated: int, least: int, here: set[int]) -> dict[int, int]:
    """How many subscribers would come at each number of seated players still ahead ("7 would come at 10"),
    leaving out those already seated (`here`)."""
    counts: dict[int, int] = {}
    for subscription in subscriptions:
        if subscription.user_id in here:
            continue
        at = subscription.players if subscription.players is not None else least
        if at > seated:
            counts[at] = counts.get(at, 0) + 1
    return dict(sorted(counts.items()))
