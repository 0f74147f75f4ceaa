"""The scale run's figures: every few seconds each bot process's /metrics, CPU and resident memory, the
PostgreSQL sessions, the stand-in's counted requests, this process's CPU (the stand-in and the players) and
the server's; summed per window (a stage of the run) and printed per process and overall.

A process that was killed starts its counters from zero again: each scrape adds what grew since the one
before (a counter that went down was reset: all of it is new), so a window loses at most what a killed process
counted in its last few seconds. Nothing is asserted: the goals are printed beside the figures."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.metrics import FORWARDING_PARTS, PHASES
from tests.bench.load import (
    bucket_max,
    bucket_quantile,
    process_tree_cpu,
    proportional_bytes,
    resident_bytes,
    tree_waited,
)
from tests.bench.scale.cluster import Cluster
from tests.endpoints import Samples, scrape

SCRAPE_SECONDS = 5.0
GLOBAL_LIMIT = 50
"""Discord's requests per second per bot token, across all its processes."""
COUNTED = ("gamemaster_interactions_total", "gamemaster_rest_requests_total", "gamemaster_delivery_retries_total",
           "gamemaster_delivery_drops_total", "gamemaster_errors_total", "gamemaster_rest_rate_limited_total")
HISTOGRAMS = ("gamemaster_interaction_handling_seconds", "gamemaster_interaction_first_response_seconds",
              "gamemaster_step_save_seconds", "gamemaster_storage_commit_seconds",
              "gamemaster_deadline_lateness_seconds", "gamemaster_event_loop_lag_seconds",
              "gamemaster_gc_pause_seconds", "gamemaster_interaction_phase_seconds", "gamemaster_forwarding_seconds",
              "gamemaster_interaction_core_wait_seconds", "gamemaster_interaction_handling_less_core_wait_seconds")
GAUGES = ("gamemaster_deliveries_waiting", "gamemaster_delivery_oldest_seconds")
HANDLING, FIRST, SAVE, COMMIT, LATENESS, LOOP_LAG, GC_PAUSE, PHASE, FORWARDING, CORE_WAIT, UNWAITED = HISTOGRAMS
HAND_OVER = tuple(zip(FORWARDING_PARTS, ("written there", "heard by its process", "taken there"), strict=True))
"""bot/metrics.py FORWARDING's parts, in order, as the figures say them."""
PHASE_NAMES = tuple(name for name, _ in PHASES)
VIAS = (("server", "in a server"), ("dm", "in a DM"), ("dm-forwarded", "in a DM, forwarded"))


def grows(name: str) -> bool:
    return name in COUNTED or any(name.startswith(h) and name.endswith(("_bucket", "_count", "_sum"))
                                  for h in HISTOGRAMS)


@dataclass
class Part:
    """One process's share of a window (or the bench's own, or the server's)."""

    grown: dict[tuple[str, tuple[tuple[str, str], ...]], float] = field(default_factory=lambda: defaultdict(float))
    highest: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    """A gauge's highest reading in the window."""
    cpu: float = 0.0
    waited: float = 0.0
    """Seconds its threads waited for a CPU core while ready to run (Linux's run-queue delay), all added up."""
    rss: int = 0
    """Resident bytes at the window's last reading."""
    rss_high: int = 0
    pss: int = 0
    """Proportional resident bytes at the window's end (`proportional_bytes`)."""
    connections_high: int = 0

    def total(self, name: str, **labels: str) -> float:
        return sum(v for (n, found), v in self.grown.items() if n == name and set(labels.items()) <= set(found))

    def buckets(self, histogram: str, **only: str) -> dict[float, float]:
        found: dict[float, float] = defaultdict(float)
        for (name, labels), value in self.grown.items():
            if name == f"{histogram}_bucket" and set(only.items()) <= set(labels):
                found[float(dict(labels)["le"])] += value
        return dict(found)


@dataclass
class Window:
    name: str
    began: float
    wall: float
    """When it began, wall-clock time."""
    began_loop: float
    """When it began, event-loop time (the stand-in's records')."""
    ended: float | None = None
    parts: dict[str, Part] = field(default_factory=lambda: defaultdict(Part))
    """"bot 0" … "bot 3", "bench" (the stand-in and the players), "postgres"."""
    live: list[int] = field(default_factory=list)
    """Live games (lobbies and running games, from the bots' gauges) at each reading."""
    routes: Counter[str] = field(default_factory=Counter)
    """The stand-in's counted requests in the window, by method and route."""
    counted_seconds: dict[int, int] = field(default_factory=dict)
    """The stand-in's counted requests per wall-clock second in the window."""
    interactions_sent: int = 0
    """Interactions the stand-in sent to the bots in the window."""

    @property
    def seconds(self) -> float:
        return (self.ended or time.monotonic()) - self.began


class Watch:
    """Reads everything every SCRAPE_SECONDS into the open windows."""

    def __init__(self, cluster: Cluster, interactions_sent: Callable[[], int]) -> None:
        self.cluster = cluster
        self.interactions_sent = interactions_sent
        self.open: list[Window] = []
        self.last: dict[str, tuple[int | None, Samples]] = {}
        """Each process's last scrape, with the pid that answered it."""
        self.cpu_last: dict[str, dict[int, float]] = {}
        self.waited_last: dict[str, dict[int, float]] = {}
        self.sent_last = interactions_sent()
        self.task: asyncio.Task[None] | None = None
        self.baseline: Part | None = None
        """The bot processes together before any game (`merged`): their memory then."""
        self._reading = asyncio.Lock()
        """One reading at a time: a reading that finished after a later one would find every counter lower than
        its last reading, take that for a restart and count all of it again."""

    def window(self, name: str) -> Window:
        window = Window(name, time.monotonic(), time.time(), asyncio.get_running_loop().time())
        self.open.append(window)
        return window

    async def close(self, window: Window) -> Window:
        await self.read(proportional=True)
        window.ended = time.monotonic()
        self.open.remove(window)
        standin = self.cluster.standin
        window.counted_seconds = {s: n for s, n in standin.counted_per_second.items()
                                  if window.wall <= s < window.wall + window.seconds}
        for record in reversed(standin.requests):
            if record.at < window.began_loop:
                break
            if standin.counted(record):
                window.routes[f"{record.method} {record.route}"] += 1
        return window

    def start(self) -> None:
        self.task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(SCRAPE_SECONDS)
            with contextlib.suppress(Exception):
                await self.read()

    def _cpu_and_wait(self, name: str, pid: int | None) -> tuple[float, float]:
        """CPU seconds `name` used since the last reading, and seconds its threads waited for a core meanwhile: what
        each process (thread) of its tree grew by (a new pid, a restarted process or a new PostgreSQL backend,
        counted from 0; an ended child's share is not taken back). -1: this process alone."""
        if pid is None:
            return 0.0, 0.0
        used = {-1: time.process_time()} if pid == -1 else process_tree_cpu(pid)
        waited = tree_waited(os.getpid(), children=False) if pid == -1 else tree_waited(pid)
        return grown_since(self.cpu_last, name, used), grown_since(self.waited_last, name, waited)

    async def read(self, proportional: bool = False) -> None:
        """`proportional`: the processes' Pss too (a window's end only: reading it walks a process's page tables,
        some 8 ms each at 1,000 games, holding off its memory mappings meanwhile)."""
        async with self._reading:
            await self._read(proportional)

    async def _read(self, proportional: bool) -> None:
        cluster = self.cluster
        scrapes = await asyncio.gather(*(scrape(port) for port in cluster.ports), return_exceptions=True)
        sessions = await cluster.connections()
        sent = self.interactions_sent()
        live = 0
        for window in self.open:
            window.interactions_sent += sent - self.sent_last
        self.sent_last = sent
        for n, (process, samples) in enumerate(zip(cluster.processes, scrapes, strict=True)):
            name = f"bot {n}"
            pid = process.process.pid if process.alive and process.process is not None else None
            cpu, waited = self._cpu_and_wait(name, pid)
            rss = resident_bytes(pid) if pid is not None else None
            pss = proportional_bytes(pid) if pid is not None and proportional else None
            connections = sessions.get(str(pid), 0) if pid is not None else 0
            if isinstance(samples, BaseException):
                samples = {}
            else:
                live += int(sum(v for (s, labels), v in samples.items() if s == "gamemaster_games"))
            grown = self._grown(name, samples, pid)
            for window in self.open:
                part = window.parts[name]
                part.cpu += cpu
                part.waited += waited
                for key, value in grown.items():
                    part.grown[key] += value
                for (sample, _labels), value in samples.items():
                    if sample in GAUGES:
                        part.highest[sample] = max(part.highest[sample], value)
                if rss is not None:
                    part.rss = rss
                    part.rss_high = max(part.rss_high, rss)
                if pss is not None:
                    part.pss = pss
                part.connections_high = max(part.connections_high, connections)
        bench, bench_waited = self._cpu_and_wait("bench", -1)
        server, server_waited = self._cpu_and_wait("postgres", cluster.pg_pid)
        for window in self.open:
            window.parts["bench"].cpu += bench
            window.parts["bench"].waited += bench_waited
            window.parts["postgres"].cpu += server
            window.parts["postgres"].waited += server_waited
            window.parts["postgres"].connections_high = max(window.parts["postgres"].connections_high,
                                                            sum(sessions.values()))
            window.live.append(live)

    def _grown(
        self, name: str, samples: Samples, pid: int | None,
    ) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        """What each counter and histogram grew by since the last scrape of this process. A process started again
        (another pid) counts from nothing. Telling a restart by a counter going down alone missed counters that had
        caught up with their predecessor's values: those counted only their excess."""
        if not samples:
            return {}
        then, before = self.last.get(name, (pid, {}))
        if pid is not None and then != pid:
            before = {}
        self.last[name] = (then if pid is None else pid, samples)
        grown = {}
        for key, value in samples.items():
            if not grows(key[0]):
                continue
            old = before.get(key, 0.0)
            grown[key] = value - old if value >= old else value
        return grown


def grown_since(last: dict[str, dict[int, float]], name: str, now: dict[int, float]) -> float:
    """What the readings `now` (by pid or thread id) grew by since `last[name]`, which they replace: an id not seen
    before, or whose reading went down (a reused id), counts from 0."""
    before = last.get(name, {})
    last[name] = now
    return sum(value - before.get(each, 0.0) if value >= before.get(each, 0.0) else value
               for each, value in now.items())


# --- printing ------------------------------------------------------------------------------------------------
def ms(seconds: float) -> str:
    return "   n/a" if math.isnan(seconds) else f"{seconds * 1000:6.1f}"


def merged(window: Window) -> Part:
    whole = Part()
    for name, part in window.parts.items():
        if not name.startswith("bot"):
            continue
        for key, value in part.grown.items():
            whole.grown[key] += value
        for gauge, value in part.highest.items():
            whole.highest[gauge] = max(whole.highest[gauge], value)
        whole.cpu += part.cpu
        whole.waited += part.waited
        whole.rss += part.rss
        whole.rss_high += part.rss_high
        whole.pss += part.pss
        whole.connections_high += part.connections_high
    return whole


def collections(part: Part, generation: str) -> str:
    """A generation's collections: how many, their p99 and how many over 50 ms (e.g. `2410/43.4/12`)."""
    count = part.total(f"{GC_PAUSE}_count", generation=generation)
    buckets = part.buckets(GC_PAUSE, generation=generation)
    return f"{count:.0f}/{ms(bucket_quantile({}, buckets, 0.99)).strip()}/{count - buckets.get(0.05, 0.0):.0f}"


def per_game(whole: Part, baseline: Part, live: float) -> float:
    """Memory a live game, in KB: the processes' proportional memory grown since before any game, per game."""
    return (whole.pss - baseline.pss) / max(1.0, live) / 1024


def report(window: Window, baseline: Part | None) -> list[str]:
    """The window's figures, per process and overall, each goal beside its figure."""
    seconds = max(window.seconds, 1e-9)
    bots = sorted(name for name in window.parts if name.startswith("bot"))
    columns = [(name, window.parts[name]) for name in bots] + [("overall", merged(window))]
    live = sum(window.live) / len(window.live) if window.live else 0.0
    lines = [f"== {window.name}: {seconds:.0f} s, {live:.0f} live games on average "
             f"(lobbies and running games, the bots' gauges), {window.interactions_sent / seconds:.1f} "
             "interactions/s sent by the stand-in"]
    header = f"  {'':44}" + "".join(f"{name:>12}" for name, _ in columns)
    lines.append(header)

    def row(label: str, cell: Callable[[Part], str]) -> None:
        # a space before every cell: a wide one pushes the row right rather than running into its neighbour
        lines.append(f"  {label:44}" + "".join(f" {cell(part):>11}" for _, part in columns))

    def rate(part: Part) -> float:
        return part.total("gamemaster_interactions_total") / seconds

    row("interactions/s", lambda p: f"{rate(p):.1f}")
    row("bot's share p50 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(HANDLING), 0.5)))
    row("bot's share p99 (ms; goal < 100)", lambda p: ms(bucket_quantile({}, p.buckets(HANDLING), 0.99)))
    row("bot's share max (ms, its bucket's top)", lambda p: ms(bucket_max({}, p.buckets(HANDLING))[1]))
    for via, said in VIAS:
        row(f"bot's share p99, {said} (ms)",
            lambda p, v=via: ms(bucket_quantile({}, p.buckets(HANDLING, via=v), 0.99)))
    row("of it, the loop waiting for a core p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(CORE_WAIT), 0.99)))
    row("bot's share less that wait, p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(UNWAITED), 0.99)))
    row("first response p99 (ms; Discord: 3000)", lambda p: ms(bucket_quantile({}, p.buckets(FIRST), 0.99)))
    row("steps' saves p50 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(SAVE), 0.5)))
    row("steps' saves p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(SAVE), 0.99)))
    row("commits p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(COMMIT), 0.99)))
    row("deadlines fired late p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(LATENESS), 0.99)))
    row("event loop lag p99 (ms)", lambda p: ms(bucket_quantile({}, p.buckets(LOOP_LAG), 0.99)))
    for generation in ("0", "1", "2"):
        row(f"gc gen. {generation}: collections/p99 (ms)/over 50 ms", lambda p, g=generation: collections(p, g))
    row("deliveries waiting (highest)", lambda p: f"{p.highest['gamemaster_deliveries_waiting']:.0f}")
    row("oldest delivery's age (highest, s)", lambda p: f"{p.highest['gamemaster_delivery_oldest_seconds']:.1f}")
    row("delivery retries", lambda p: f"{p.total('gamemaster_delivery_retries_total'):.0f}")
    row("counted REST/s (mean)",
        lambda p: f"{p.total('gamemaster_rest_requests_total', budget='counted') / seconds:.1f}")
    row("exempt REST/s (interaction answers)",
        lambda p: f"{p.total('gamemaster_rest_requests_total', budget='exempt') / seconds:.1f}")
    row("429s", lambda p: f"{p.total('gamemaster_rest_rate_limited_total'):.0f}")
    row("errors logged", lambda p: f"{p.total('gamemaster_errors_total'):.0f}")
    row("CPU per interaction (ms)",
        lambda p: f"{p.cpu / max(1.0, p.total('gamemaster_interactions_total')) * 1000:.2f}")
    row("CPU (share of one core)", lambda p: f"{p.cpu / seconds:.0%}")
    row("waiting for a core (share of the time)", lambda p: f"{p.waited / seconds:.0%}")
    row("resident memory (MB, at the end)", lambda p: f"{p.rss / 2**20:.0f}")
    row("PostgreSQL connections (highest)", lambda p: f"{p.connections_high}")
    whole = merged(window)
    lines.extend(phases(whole))
    lines.extend(core_waits(whole))
    peak = max(window.counted_seconds.values(), default=0)
    lines.append(f"  counted REST requests, all processes (the token's global limit is {GLOBAL_LIMIT}/s; goal at peak "
                 f"< 40/s): mean {sum(window.counted_seconds.values()) / seconds:.1f}/s, peak {peak}/s "
                 "(the busiest second, as the stand-in saw them)")
    lines.append("    of which: " + ", ".join(f"{route} {count / seconds:.1f}/s"
                                           for route, count in window.routes.most_common(6)))
    if baseline is not None and live:
        lines.append(f"  memory per live game (goal < 100 KB): {per_game(whole, baseline, live):.0f} KB "
                     f"((proportional resident {whole.pss / 2**20:.0f} MB − {baseline.pss / 2**20:.0f} MB before any "
                     f"game) / {live:.0f} games); counting the code the processes share once in each: "
                     f"{(whole.rss - baseline.rss) / live / 1024:.0f} KB (resident {whole.rss / 2**20:.0f} MB − "
                     f"{baseline.rss / 2**20:.0f} MB)")
    if live:
        lines.append(f"  bot CPU per live game: {whole.cpu / seconds / live * 1000:.2f} ms per second")
    bench, server = window.parts["bench"], window.parts["postgres"]
    interactions = max(1.0, whole.total("gamemaster_interactions_total"))
    lines.append(f"  apart from the bots: the stand-in and the players {bench.cpu / interactions * 1000:.2f} ms per "
                 f"interaction ({bench.cpu / seconds:.0%} of a core); PostgreSQL {server.cpu / interactions * 1000:.2f}"
                 f" ms ({server.cpu / seconds:.0%} of a core), {server.connections_high} sessions at most")
    lines.append(f"  waiting for a core while ready to run (all threads, as a share of the time): the bots "
                 f"{whole.waited / seconds:.0%}, the stand-in and the players {bench.waited / seconds:.0%}, PostgreSQL "
                 f"{server.waited / seconds:.0%}")
    return lines


def core_waits(whole: Part) -> list[str]:
    """How much of the bot's share was its event loop waiting for a core, by how the click came: the wait's p50 /
    p99, and the share's p99 with and without it (what the bot's share would have been on a machine with a core
    free whenever the loop was ready; a forwarded click's wait in shard 0's process is not taken out)."""
    cells = []
    for via, said in VIAS:
        if not whole.total(f"{CORE_WAIT}_count", via=via):
            continue
        wait = whole.buckets(CORE_WAIT, via=via)
        share = bucket_quantile({}, whole.buckets(HANDLING, via=via), 0.99)
        less = bucket_quantile({}, whole.buckets(UNWAITED, via=via), 0.99)
        cells.append(f"{said}: waiting {ms(bucket_quantile({}, wait, 0.5)).strip()} / "
                     f"{ms(bucket_quantile({}, wait, 0.99)).strip()}, share p99 {ms(share).strip()} → "
                     f"{ms(less).strip()} without it")
    if not cells:
        return []
    return ["  the event loop waiting for a core within the bot's share (ms, p50 / p99; the share's p99 without the"
            " wait):", *(f"    {cell}" for cell in cells)]


def phases(whole: Part) -> list[str]:
    """Where the handling of a prompt's answer went, phase by phase (bot/metrics.py PHASES), by how the click came:
    each phase's p50 / p99 / mean. The means add up to the handling's mean; the p99s show where the slowest wait."""
    counted = {via: whole.total(f"{PHASE}_count", via=via, phase="queued") for via, _ in VIAS}
    if not any(counted.values()):
        return []
    lines = ["  where a prompt's answer's handling went (ms: p50 / p99 / mean; all processes; "
             + ", ".join(f"{said} {counted[via]:.0f}" for via, said in VIAS) + " answers)",
             f"    {'':14}" + "".join(f"{said:>24}" for _, said in VIAS)]
    for name in PHASE_NAMES:
        cells = []
        for via, _ in VIAS:
            count = whole.total(f"{PHASE}_count", via=via, phase=name)
            if not count:
                cells.append("n/a")
                continue
            buckets = whole.buckets(PHASE, via=via, phase=name)
            mean = whole.total(f"{PHASE}_sum", via=via, phase=name) / count
            p50, p99 = (ms(bucket_quantile({}, buckets, q)).strip() for q in (0.5, 0.99))
            cells.append(f"{p50} / {p99} / {mean * 1000:.1f}")
        lines.append(f"    {name:14}" + "".join(f"{cell:>24}" for cell in cells))
    return lines + hand_over(whole)


def hand_over(whole: Part) -> list[str]:
    """A forwarded click's hand-over, part by part, each counted from its receipt by shard 0's process."""
    cells = []
    for part, said in HAND_OVER:
        if not whole.total(f"{FORWARDING}_count", part=part):
            return []
        p50, p99 = (ms(bucket_quantile({}, whole.buckets(FORWARDING, part=part), q)).strip() for q in (0.5, 0.99))
        cells.append(f"{said} {p50} / {p99}")
    return ["    a forwarded click's hand-over, from its receipt by shard 0's process (ms, p50 / p99): "
            + ", ".join(cells)]
