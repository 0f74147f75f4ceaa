"""Which counted message goes first when the token's REST budget is short (bot/discord/budget.py).

Under a backlog every destination's next message waits for room in the budget. In the order they came, a quick
table (45-second rounds) waited as long as a game played at forum pace (phases of hours; minutes in the scale run):
the forum players do not notice a minute's wait, the quick table stalls. So a game's message goes by a time that
leaves its players most of what is left until the game's next deadline: now plus `SHARE` of that time, `MOST`
seconds at most; the budget lets the waiting requests go earliest go-by time first (earliest deadline first). A
message of a game with no deadline running (a lobby; a phase that waits on its players alone), and anything that
is no game's, goes as soon as it can, in the order it came.

The time counts from when the message's oldest line was queued (`since`), not from when it asks for room: a
destination sends its messages one at a time, so counted from each one's ask, a busy channel's second message
waited a whole turn of the backlog behind the first and then its own behind everything that came meanwhile, and
its tenth ten turns, where a quiet channel's one message waited one. A delivery row counts as queued when it was
made (`waiting_since`), in whichever process: a restart that takes its rows back, or a process that adopts a dead
one's, queued them as new, so under a backlog a line its players had waited minutes for went behind every message
queued before it again (both games stalled in the last full scale runs had such rows).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.live import LiveGame

SHARE = 0.5
"""The share of the time left until a game's next deadline that its message may wait for room."""
MOST = 300.0
"""The longest a message may wait for room before it stands in line with those that came after it (seconds)."""


def go_by(
    tags: Iterable[Any], games: Mapping[int, LiveGame], *, since: float | None = None,
    wall: Callable[[], float] = time.time, monotonic: Callable[[], float] = time.monotonic,
) -> float | None:
    """By when (`monotonic`) a message holding items with these tags (`(game id, step, prompt)`: bot/discord/kinds.py
    `tag`), the oldest queued at `since` (`monotonic`; None: now), should go; None: as soon as it can, by when it
    asks. The soonest of its items' games' deadlines (the deadlines are on the wall clock, `wall`) decides, as the
    time left until it was when the message was queued; an item of no game, or of a game with no deadline, makes it
    go by when it was queued."""
    now = monotonic()
    began = now if since is None else min(since, now)
    soonest: float | None = None
    for tag in tags:
        game = games.get(tag[0]) if isinstance(tag, tuple) and tag and isinstance(tag[0], int) else None
        if game is None or not game.dues:
            return None if since is None else began
        due = min(game.dues.values())
        soonest = due if soonest is None else min(soonest, due)
    if soonest is None:
        return None if since is None else began
    left_then = soonest - wall() + (now - began)
    return began + min(MOST, SHARE * max(0.0, left_then))


def waiting_since(made: float, *, wall: Callable[[], float] = time.time,
                  monotonic: Callable[[], float] = time.monotonic) -> float:
    """When (`monotonic`) a delivery row made at `made` (`wall`; perhaps by another process, before a restart) began
    to wait: a row taken back at a restart or adopted from a process that died keeps the wait it has had (a row
    stamped by a clock ahead of this one's counts as made now)."""
    return monotonic() - max(0.0, wall() - made)


def oldest(items: Iterable[Any]) -> float | None:
    """When the oldest of an outbox's items (bot/discord/packing.py) was queued; None when none says."""
    return min((item.queued for item in items if item.queued), default=None)
