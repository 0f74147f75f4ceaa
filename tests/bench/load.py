"""What the benchmarks that drive bot processes through the stand-in share (tests/bench/discord_bench.py, one
process; tests/bench/scale/, four on one PostgreSQL): the CPU and memory a process has used, the bots'
histograms read from their /metrics, slash commands answered (or refused loudly), and a player's reading of
only what is new in a channel.

Nothing here measures or asserts by itself: the benchmarks print what these read.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from bot.run_queue import run_delay
from tests.discord_standin import Channel, DiscordStandIn, InteractionRecord, Message, User
from tests.endpoints import Samples, scrape

HANDLING = "gamemaster_interaction_handling_seconds_bucket"
STEP_SAVE = "gamemaster_step_save_seconds_bucket"
COMMIT = "gamemaster_storage_commit_seconds_bucket"
UNWAITED = "gamemaster_interaction_handling_less_core_wait_seconds_bucket"

Buckets = dict[float, float]
"""A histogram as it stands: upper bound (s) → observations at or under it."""


# --- a process's CPU and memory ------------------------------------------------------------------------
def process_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) process `pid` and its children (the bot's database writer; a PostgreSQL
    server's backends) have used so far; None where /proc is not available."""
    tree = process_tree_cpu(pid)
    return sum(tree.values()) if tree else None


def process_tree(pid: int) -> list[int]:
    """Process `pid` and its living children, theirs … (any thread's children): their pids, `pid` first."""
    found = [pid]
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                for child in (task / "children").read_text().split():
                    found.extend(process_tree(int(child)))
    return found


def process_tree_cpu(pid: int) -> dict[int, float]:
    """CPU seconds each process of `pid`'s tree (`process_tree`) has used so far, by pid: a child that ended takes
    its share with it, so a reader of the whole tree over time adds what each pid grew by; empty where /proc is not
    available or the process is gone."""
    found: dict[int, float] = {}
    for each in process_tree(pid):
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
            found[each] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime (14, 15)
    return found


def tree_waited(pid: int, children: bool = True) -> dict[int, float]:
    """Seconds each thread of process `pid` (with `children`: of each process of its tree, `process_tree`) has waited
    for a CPU core while ready to run (bot/run_queue.py), by thread id; as with `process_tree_cpu`, a thread that
    ended takes its share with it. Empty where /proc is not available or the process is gone."""
    found: dict[int, float] = {}
    for each in process_tree(pid) if children else [pid]:
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{each}/task").iterdir():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    found[int(task.name)] = run_delay((task / "schedstat").read_bytes())
    return found


def waited_now(pid: int, children: bool = True) -> float:
    """`tree_waited`'s seconds added up (for a reading before and after a stretch whose threads all live through it)."""
    return sum(tree_waited(pid, children).values())


def resident_bytes(pid: int) -> int | None:
    """The process's resident memory (VmRSS), its children left out; None when it is gone."""
    return _kilobytes(f"/proc/{pid}/status", "VmRSS:")


def proportional_bytes(pid: int) -> int | None:
    """The process's proportional resident memory (smaps_rollup's Pss): a page shared with other processes (the
    code the bot processes load from the same files) counts a share each, so their sum is what they hold together;
    None when it is gone."""
    return _kilobytes(f"/proc/{pid}/smaps_rollup", "Pss:")


def _kilobytes(path: str, key: str) -> int | None:
    """The bytes of a /proc file's `key: N kB` line; None when the process is gone."""
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def cpu_line(bot: float | None, own: float, elapsed: float, interactions: int) -> str:
    """The bot's CPU (its process and its database writer's) beside this process's (the stand-in and the
    simulated players), per interaction and as a share of one core: the latencies are the bot's only while
    this process is not the one lagging."""
    per = max(1, interactions)
    bot_part = "n/a (no /proc)" if bot is None else f"{bot / per * 1000:.2f} ms ({bot / elapsed:.0%} of a core)"
    return f"bot {bot_part}; stand-in + players {own / per * 1000:.2f} ms ({own / elapsed:.0%} of a core)"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


# --- the bots' histograms --------------------------------------------------------------------------------
def buckets_of(samples: Samples, histogram: str) -> Buckets:
    """One histogram of a scrape, its labels (shards) summed."""
    buckets: Buckets = {}
    for (name, labels), value in samples.items():
        if name == histogram:
            bound = float(dict(labels)["le"])
            buckets[bound] = buckets.get(bound, 0.0) + value
    return buckets


async def handling_buckets(port: int, histogram: str = HANDLING) -> Buckets:
    """One of the bot's histograms as it stands (by default the handling time)."""
    return buckets_of(await scrape(port), histogram)


def bucket_quantile(before: Buckets, after: Buckets, q: float) -> float:
    """The q-quantile of what was observed between two scrapes, interpolated inside its bucket."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    if not counts or counts[-1] <= 0:
        return float("nan")
    wanted, low, below = q * counts[-1], 0.0, 0.0
    for bound, count in zip(bounds, counts, strict=True):
        if count >= wanted:
            if bound == float("inf"):
                return low
            return low + (bound - low) * (wanted - below) / max(count - below, 1e-9)
        low, below = bound, count
    return low


def bucket_max(before: Buckets, after: Buckets) -> tuple[float, float]:
    """The bucket the slowest observation between two scrapes fell in: (lower bound, upper bound)."""
    bounds = sorted(after)
    counts = [after[b] - before.get(b, 0.0) for b in bounds]
    top = next((n for n in range(len(bounds) - 1, -1, -1) if counts[n] > (counts[n - 1] if n else 0.0)), None)
    if top is None:
        return (float("nan"), float("nan"))
    return (bounds[top - 1] if top else 0.0, bounds[top])


# --- commands and what a player reads ---------------------------------------------------------------------
def refused(call: InteractionRecord, what: str) -> None:
    """Fail loudly when Discord (the stand-in) refused the bot's answer: a game whose /start was refused
    (10062, answered after 3 s) never starts, and would otherwise surface as a stall a minute later."""
    if call.errors:
        error = call.errors[0]
        where = f"#{call.channel.name}" if call.channel.name else f"the DMs of {call.user.username}"
        raise RuntimeError(f"{what} in {where}: the bot's callback type {error['type']} was refused "
                           f"({error['status']} / {error['code']}) {error['after'] * 1000:.0f} ms after dispatch")


async def slash(
    standin: DiscordStandIn, user: User, command: str, channel: Channel, timeout: float = 60,
    **options: object,
) -> InteractionRecord:
    """`/command` answered (a deferred answer filled in), or RuntimeError / TimeoutError saying why not."""
    call = await standin.invoke_slash(user, command, channel=channel, options=options or None)
    await call.wait_response(timeout=timeout)
    refused(call, f"/{command}")
    if call.response_type == 5:  # "thinking…": wait for the follow-up that fills the message in
        deadline = time.monotonic() + timeout
        while call.original_message_id is None or standin.message(call.original_message_id).loading:
            if time.monotonic() > deadline:
                raise TimeoutError(f"/{command} in #{channel.name}: the deferred answer never came")
            await standin.wait_for_messages([channel.id], timeout=1.0)
        refused(call, f"/{command}")
    return call


class Reader:
    """What is new in some channels since the last look: each channel's messages are read from where the
    last look stopped (cheap, however long the channel grows)."""

    def __init__(self, standin: DiscordStandIn) -> None:
        self.standin = standin
        self.seen: dict[int, int] = {}

    def new(self, channel_id: int) -> list[Message]:
        messages = self.standin.messages.get(channel_id, [])
        start = self.seen.get(channel_id, 0)
        self.seen[channel_id] = len(messages)
        return messages[start:]
