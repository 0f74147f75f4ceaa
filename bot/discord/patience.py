"""Which counted message goes first when the token's REST budget is short (bot/discord/budget.py).

Under a backlog every destination's next message waits for room in the budget. In the order they came, a quick
table (45-second rounds) waited as long as a game played at forum pace (phases of hours; minutes in the scale run):
the forum players do not notice a minute's wait, the quick table stalls. So a game's message goes by a time that
leaves its players most of what is left until the game's next deadline: now plus `SHARE` of that time, `MOST`
seconds at most; the budget lets the waiting requests go earliest go-by time first (earliest deadline first). A
message of a game with no deadline running (a lobby; a phase that waits on its players alone), and anything that
is no game's, goes as soon as it can, in the order it came.
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
    tags: Iterable[Any], games: Mapping[int, LiveGame], *, wall: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = time.monotonic,
) -> float | None:
    """By when (`monotonic`) a message holding items with these tags (`(game id, step, prompt)`: bot/discord/kinds.py
    `tag`) should go; None: as soon as it can. The soonest of its items' games' deadlines (the deadlines are on
    the wall clock, `wall`) decides; an item of no game, or of a game with no deadline, makes it go now."""
    soonest: float | None = None
    for tag in tags:
        game = games.get(tag[0]) if isinstance(tag, tuple) and tag and isinstance(tag[0], int) else None
        if game is None or not game.dues:
            return None
        due = min(game.dues.values())
        soonest = due if soonest is None else min(soonest, due)
    if soonest is None:
        return None
    return monotonic() + min(MOST, SHARE * max(0.0, soonest - wall()))
