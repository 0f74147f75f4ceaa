"""The table's house limits and timings: how often a choice may change, when reminders come, when a
refused default is tried again."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bot.gathering.times import next_time_of_day, parse_clock, zone_named

CHANGES_BURST = 10
CHANGES_PER_SECOND = 1 / 3
"""A player may change a changeable choice 10 times at once, then once every 3 seconds."""
STATES_KEPT = 1024
"""The live games whose states a table keeps parsed, the most recently used (bot.live.ParsedStates): the
others wait as their saved JSON, parsed again when next used (a 31 KB Mafia state in about 1 ms, the other
games' in under 0.1 ms). Parsing again costs: with 128 kept, the table benchmark's 32 players acting on 1,000
live games did 0.58× the actions/s (p99 16 ms against 11.8); with 512, 4,250/s and 13.1 ms; with all kept,
6,259/s and 8.8 ms. So the bound is set above the games one process usually holds (about 500 at the scale
run's 2,000 over four processes) and caps only a process that holds far more.

Measured again for issue 41 (one run each, a shared 2-core machine): in one bot process at the scale mix
(`tests.bench.memory_process --stages 100,200,400`, 282–294 games held at the last stage), 128 kept read 161.5 and
174.1 MB at 200 and 400 live games against 166.5 and 179.6 with every game kept: some 34 KB for each state let go,
5.5 MB a process, where the table benchmark's 32 players acting on 1,000 live games (interleaved rounds) did 3,857
actions/s with 1,024 kept, 2,299 with 256 and 2,174 with 128 (p99 48, 35 and 82 ms on that busy machine). A lower
bound is not worth its cost. What a let-go game still holds is mostly its saved JSON, which its row keeps
compressed (bot/storage/rows.py `PackedText`: a 10-player Mafia game's 29 KB in 4.7 KB). So the states are let go
by idle time instead (STATE_IDLE_SECONDS): in the scale run's four processes at about 790 live games (800 tables,
the code before and after side by side, tracemalloc on), 424 states parsed of 1,217 games held against 1,184 of
1,187, and traced Python memory 215 KB a live game over the processes' start against 304 (README)."""
STATE_IDLE_SECONDS = 3.0
"""A live game's state unused this long is let go too, however few games are kept (bot.live.ParsedStates): a forum
game waits minutes for its players' next clicks and hours for its deadlines, and parses again when used (a 10-player
Mafia state in under 1 ms, the other games' in under 0.1 ms); a burst of clicks and the step's own work keep a state
parsed, and so do the table benchmark's 32 players acting on 1,000 live games. A minute (the first bound) kept half of
a scale run's games parsed, 10 s a quarter (164–167 KB a live game at 1,000 games against 198 with the minute, the
CPU a click within the spread between runs). 3 s, in one bot process at the scale mix (`tests.bench.memory_process
--stages 100,250 --play 90`, one run each): 26 states parsed of 250 games against 43, anonymous memory 86 KB a live
game against 111 (68 KB each game added from 100 to 250 against 102: less of pymalloc's arenas left free between
states parsed and let go); 1 s held 19 and 82 KB, little more. In the scale run's four processes at 1,000 games, 19–37
states parsed a process against 45–67 with 10 s, pymalloc's objects 64–81 KB a live game against 72–89, the CPU a click
as before (docs/measurements.md, 1 December)."""
EXPIRY_RETRY_SECONDS = 60.0
"""When a deadline's default action is refused (a game bug), it is tried again this much later."""


class TokenBucket:
    """A token bucket per key: `take` spends one token, or says how many seconds until one is back."""

    def __init__(self, burst: int, per_second: float) -> None:
        self.burst = burst
        self.per_second = per_second
        self.buckets: dict[Any, tuple[float, float]] = {}

    def take(self, key: Any, now: float) -> int:
        tokens, at = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.per_second)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return max(1, math.ceil((1 - tokens) / self.per_second))
        self.buckets[key] = (tokens - 1, now)
        return 0

    def forget(self, match: Callable[[Any], bool]) -> None:
        for key in [k for k in self.buckets if match(k)]:
            del self.buckets[key]


REMINDER_LEAD_MAX = 3 * 3600.0
"""The earliest a reminder comes: 3 hours before a deadline (a forum day of 24 h)."""


def reminder_lead(seconds: float) -> float | None:
    """How long before a deadline players are reminded: a quarter of a short time (10–60 s: a 90 s
    choice, 22.5 s before), an eighth of a long one (a live night of 15 min, ~2 min before; a forum
    night of 12 h, 1.5 h; a forum day of 24 h, 3 h), never more than 3 hours."""
    if seconds < 20:
        return None
    return max(10.0, min(seconds / 4, max(60.0, seconds / 8), REMINDER_LEAD_MAX))


def phase_length(day_phases: tuple[str, ...], meta: dict[str, Any], kind: str, now: float, seconds: float) -> float:
    """How long a new prompt of deadline kind `kind` has: its seconds, or, for a game whose pace ends its
    phases at a time of day (`meta["deadline_at"]`: {"time": "21:00", "zone": an IANA name}), until the
    next such time on that zone's clock (bot/gathering/times.py: the same 21:00 whatever daylight saving
    does) for the kinds that are its phases."""
    at = meta.get("deadline_at")
    if kind in day_phases and isinstance(at, dict):
        clock, zone = parse_clock(str(at.get("time"))), zone_named(str(at.get("zone")))
        if clock is not None and zone is not None:
            return next_time_of_day(clock, zone, now) - now
    return float(seconds)
