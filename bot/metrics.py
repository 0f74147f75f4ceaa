"""What the running bot counts for Prometheus (prometheus-client), in one place.

Every hook is one call per event and does nothing until `enable()` (METRICS_PORT is set), so the hot
path pays a function call and a flag test when the endpoint is off. The figures that are states
rather than events (games by state, deliveries waiting) are read when the endpoint is scraped
(bot/discord/observing.py sets them just before `exposition()`).

No label ever carries a user id, a name or a chosen value: the labels are a game's kind, a state,
a shard number, an interaction type, a drop reason, a rate-limit scope, a logger and an error class.
This module imports nothing from bot/discord (the storage and the scheduler call it too).
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry()
"""The bot's own registry (not prometheus-client's global one): only what is defined here is served."""

_enabled = False

INTERACTIONS = Counter(
    "gamemaster_interactions", "Interactions received from Discord, by shard and type",
    ["shard", "kind"], registry=REGISTRY,
)
FIRST_RESPONSE = Histogram(
    "gamemaster_interaction_first_response_seconds",
    "From Discord creating an interaction to the bot's first answer reaching Discord (Discord allows 3 s)",
    ["shard"], buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0), registry=REGISTRY,
)
HANDLING = Histogram(
    "gamemaster_interaction_handling_seconds",
    "From the bot parsing an interaction to its first answer leaving the bot: the bot's own share of the "
    "first response (Discord's delivery of the event and of the answer left out); `via`: `server` (made in a "
    "server), `dm` (in a DM, answered where it arrived), `dm-forwarded` (in a DM, handed by shard 0's process to the "
    "one that runs its game: counted from when shard 0's process received it)",
    ["shard", "via"], buckets=(0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
CORE_WAIT = Histogram(
    "gamemaster_interaction_core_wait_seconds",
    "Of the bot's share of an interaction's first response (HANDLING), how long this process's event loop was ready "
    "to run but waited for a CPU core (Linux's run-queue delay; a forwarded click: from its parse in this process): "
    "a machine busier than its cores, not the bot's own work; `via` as for HANDLING",
    ["via"], buckets=(0.001, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
HANDLING_UNWAITED = Histogram(
    "gamemaster_interaction_handling_less_core_wait_seconds",
    "The bot's share of an interaction's first response (HANDLING) less the CORE_WAIT in it: what it would have been "
    "had the process never waited for a core (on Linux); `via` as for HANDLING",
    ["via"], buckets=(0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
PHASES = (
    ("queued", "from the parse (a forwarded click: its receipt by shard 0's process, so the hand-over with it) to "
               "the answer's handler running"),
    ("game", "the game found, and the clicker's seat in it (PostgreSQL: is it as saved?)"),
    ("prompt", "the clicked prompt found in its state (a state let go a minute after its last use is parsed again)"),
    ("lock", "the game's lock in this process (another step of the game under way)"),
    ("database-lock", "the game's lock in the database: a free connection, then the lock (PostgreSQL only)"),
    ("catch-up", "what another process saved of the game, read (PostgreSQL only; mostly nothing)"),
    ("apply", "the rules applied to the answer"),
    ("save", "the step's messages planned and the step committed"),
    ("deliver", "its messages handed to the outboxes"),
    ("answer", "the answer made, until its request leaves the bot"),
)
"""A prompt's answer's handling, phase by phase, in order; together they are its `HANDLING`."""
PHASE = Histogram(
    "gamemaster_interaction_phase_seconds",
    "Where the bot's own share of a prompt's answer goes (`phase`: " + "; ".join(f"{name}: {what}" for name, what
                                                                            in PHASES) + "); `via` as for HANDLING",
    ["via", "phase"],
    buckets=(0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
FORWARDING_PARTS = ("written", "heard", "taken")
"""A forwarded click's hand-over, in order (FORWARDING's `part`)."""
FORWARDING = Histogram(
    "gamemaster_forwarding_seconds",
    "A DM click handed by shard 0's process to the process that runs its game, counted from when shard 0's process "
    "received it (wall clock: both processes on one machine) until `part`: `written` (its row written and the target "
    "told, seen by shard 0's process), `heard` (the target told, seen there), `taken` (its row taken there, so it is "
    "that process's to answer); the rest of the forwarded answers' `queued` phase is discord.py's dispatch",
    ["part"], buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
    registry=REGISTRY,
)
DELIVERIES_WAITING = Gauge(
    "gamemaster_deliveries_waiting", "Saved messages and edits this process has not yet sent", registry=REGISTRY,
)
DELIVERY_OLDEST = Gauge(
    "gamemaster_delivery_oldest_seconds", "How long the oldest waiting delivery has waited", registry=REGISTRY,
)
DELIVERY_RETRIES = Counter(
    "gamemaster_delivery_retries", "Sends that failed for now (5xx, a timeout) and are tried again",
    registry=REGISTRY,
)
DELIVERY_DROPS = Counter(
    "gamemaster_delivery_drops",
    "Deliveries given up: refused (a permanent 4xx), unwanted (its prompt was answered meanwhile), taken (another"
    " process sends it)", ["reason"], registry=REGISTRY,
)
REST_REQUESTS = Counter(
    "gamemaster_rest_requests",
    "REST requests to Discord: counted against the bot's global rate limit, or exempt (interaction answers and"
    " their token's follow-ups)", ["budget"], registry=REGISTRY,
)
RATE_LIMITED = Counter(
    "gamemaster_rest_rate_limited", "429 answers from Discord, by X-RateLimit-Scope", ["scope"], registry=REGISTRY,
)
DEADLINE_LATENESS = Histogram(
    "gamemaster_deadline_lateness_seconds", "How late a deadline or reminder fired after it was due",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0), registry=REGISTRY,
)
COMMIT_SECONDS = Histogram(
    "gamemaster_storage_commit_seconds", "One group commit (a transaction of one or more steps), start to durable",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0), registry=REGISTRY,
)
STEP_SAVE_SECONDS = Histogram(
    "gamemaster_step_save_seconds",
    "A game step's save as its player waits for it: from the table asking for it to the step being durable "
    "(waiting for the writer and for the event loop included); the greater part of a slow first response",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0), registry=REGISTRY,
)
GAMES = Gauge(
    "gamemaster_games", "Games not finished, by game, state (lobby, running, paused) and shard",
    ["game", "state", "shard"], registry=REGISTRY,
)
LOOP_LAG = Histogram(
    "gamemaster_event_loop_lag_seconds",
    "How late a timer the event loop was asked to run every quarter second ran: how long anything ready waits for "
    "the loop (a click's handling among it)",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0), registry=REGISTRY,
)
GC_PAUSE = Histogram(
    "gamemaster_gc_pause_seconds", "Python's cyclic garbage collections, by generation: each stops the event loop",
    ["generation"], buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0), registry=REGISTRY,
)
ERRORS = Counter(
    "gamemaster_errors", "Errors logged, by the module that logged them and the exception's class",
    ["where", "kind"], registry=REGISTRY,
)

_click: ContextVar[list[Any] | None] = ContextVar("gamemaster_click", default=None)
"""The interaction being handled in this task: [how it came, its last mark (monotonic), armed] (see `clicked`)."""

_first_waiting: dict[int, float] = {}
"""Delivery row id → when this process first knew it waiting (monotonic)."""


_gc_started = 0.0


def _timed_gc(phase: str, info: dict[str, Any]) -> None:
    """gc.callbacks' hook: each collection's pause, by generation."""
    global _gc_started
    if phase == "start":
        _gc_started = time.perf_counter()
    elif _enabled:
        GC_PAUSE.labels(str(info.get("generation", "?"))).observe(time.perf_counter() - _gc_started)


def enable() -> None:
    global _enabled
    if not _enabled:
        logging.getLogger().addHandler(ErrorCounter())
        if _timed_gc not in gc.callbacks:
            gc.callbacks.append(_timed_gc)
    _enabled = True


def disable() -> None:
    """Hooks back to doing nothing (the benchmark's "off" turns; a bot process never turns them off)."""
    global _enabled
    _enabled = False


def enabled() -> bool:
    return _enabled


# --- hooks: one call per event ------------------------------------------------------------------------

def interaction(shard: int, kind: str) -> None:
    if _enabled:
        INTERACTIONS.labels(str(shard), kind).inc()


def first_response(shard: int, seconds: float) -> None:
    if _enabled:
        FIRST_RESPONSE.labels(str(shard)).observe(max(0.0, seconds))


def handling(shard: int, seconds: float, via: str = "server", core_wait: float | None = None) -> None:
    """`via`: server, dm or dm-forwarded (see HANDLING). `core_wait`: how long of it the event loop waited for a core
    (None: not known)."""
    if _enabled:
        HANDLING.labels(str(shard), via).observe(max(0.0, seconds))
        if core_wait is not None:
            CORE_WAIT.labels(via).observe(max(0.0, core_wait))
            HANDLING_UNWAITED.labels(via).observe(max(0.0, seconds - core_wait))


def forwarding(part: str, seconds: float) -> None:
    """A forwarded DM click reached `part` of its hand-over (FORWARDING) this long after shard 0's process got it."""
    if _enabled:
        FORWARDING.labels(part).observe(max(0.0, seconds))


@contextmanager
def clicked(parsed: float, via: str) -> Iterator[None]:
    """Around discord.py's parse of an interaction: the task it dispatches the interaction to inherits a clock
    started at `parsed`, which a prompt's answer arms (`phase("queued")`) and its first answer stops
    (`answered`). Tasks made afterwards by the task reading the gateway get none."""
    token = _click.set([via, parsed, False] if _enabled else None)
    try:
        yield
    finally:
        _click.reset(token)


def phase(name: str) -> None:
    """The end of one of PHASES in the handling of a prompt's answer, observed from the mark before it. Anywhere
    else (a deadline, a command, the bot players' steps after the answer) it does nothing."""
    clock = _click.get()
    if clock is None or (not clock[2] and name != "queued"):
        return
    now = time.monotonic()
    PHASE.labels(clock[0], name).observe(max(0.0, now - clock[1]))
    clock[1], clock[2] = now, True


def answered() -> None:
    """The first answer's request leaves: the last phase, and the clock stops (shared by tasks made since)."""
    clock = _click.get()
    if clock is not None and clock[2]:
        phase("answer")
        clock[2] = False


def unclock() -> None:
    """The handling is over (answered or not): nothing after it counts as one of its phases."""
    clock = _click.get()
    if clock is not None:
        clock[2] = False


def rest_request(exempt: bool, status: int, scope: str | None) -> None:
    if _enabled:
        REST_REQUESTS.labels("exempt" if exempt else "counted").inc()
        if status == 429:
            RATE_LIMITED.labels(scope or "unknown").inc()


def delivery_retried() -> None:
    if _enabled:
        DELIVERY_RETRIES.inc()


def delivery_dropped(reason: str) -> None:
    if _enabled:
        DELIVERY_DROPS.labels(reason).inc()


def deliveries_queued(rows: Iterable[int]) -> None:
    if _enabled:
        now = time.monotonic()
        for row in rows:
            _first_waiting.setdefault(row, now)


def deadline_fired(lateness: float) -> None:
    if _enabled:
        DEADLINE_LATENESS.observe(max(0.0, lateness))


def loop_lag(seconds: float) -> None:
    if _enabled:
        LOOP_LAG.observe(max(0.0, seconds))


def committed(seconds: float) -> None:
    if _enabled:
        COMMIT_SECONDS.observe(seconds)


def step_saved(seconds: float) -> None:
    if _enabled:
        STEP_SAVE_SECONDS.observe(seconds)


# --- read at scrape time ----------------------------------------------------------------------------

def waiting(count: int, oldest: int | None) -> float:
    """`count` rows wait now, `oldest` (its id) first (counted by the database): sets the gauges and returns the
    oldest one's age, from when this process first knew it waiting. What is remembered of the rows before it
    (sent since) is forgotten."""
    now = time.monotonic()
    if oldest is None:
        _first_waiting.clear()
        age = 0.0
    else:
        still = {row: known for row, known in _first_waiting.items() if row >= oldest}
        _first_waiting.clear()
        _first_waiting.update(still)
        age = now - _first_waiting.setdefault(oldest, now)
    DELIVERIES_WAITING.set(count)
    DELIVERY_OLDEST.set(age)
    return age


def games(counts: dict[tuple[str, str, int], int]) -> None:
    """(game, state, shard) → how many: replaces the previous figures (a state nobody is in reads 0
    for a scrape, then goes)."""
    GAMES.clear()
    for (game, state, shard), count in counts.items():
        GAMES.labels(game, state, str(shard)).set(count)


def exposition() -> bytes:
    return generate_latest(REGISTRY)


class ErrorCounter(logging.Handler):
    """Counts every ERROR (and worse) record: where it was logged, and the exception's class."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else "logged"
        ERRORS.labels(record.name, kind).inc()
