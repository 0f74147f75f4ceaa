"""The machinery of the scale run: a throwaway PostgreSQL server (as the suite starts one, tests/pg.py), the bot
processes on it (real `python -m bot` processes, tests/discord/bot_process.py), each running its share of the
gateway shards with its metrics endpoint, and the faults the run meets: a process SIGKILLed every two minutes
(started again as systemd would, `RestartSec=5`), one PostgreSQL restart and one outage of Discord (REST
answering 5xx, the gateway dropped and refusing, `DiscordStandIn.outage`)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.postgres_locks import PROCESS_SPACE
from tests import pg
from tests.discord.bot_process import BotProcess
from tests.discord_standin import DiscordStandIn
from tests.endpoints import free_port

RESTART_SECONDS = 5.0
"""How long a killed process stays down before it is started again (systemd's RestartSec in the README)."""
START_SECONDS = 180.0
"""How long a bot process may take to sync its commands and connect its shards on a busy machine."""
OUTAGE_SECONDS = 30.0
KILL_EVERY = 120.0


@dataclass
class Cluster:
    standin: DiscordStandIn
    server: pg.PgServer
    url: str
    processes: list[BotProcess]
    ports: list[int]
    """Each process's METRICS_PORT (kept across its restarts)."""
    timeline: list[str] = field(default_factory=list)
    """What happened when (seconds from the faults' start): kills, restarts, the PostgreSQL restart, the outage."""

    @property
    def pg_pid(self) -> int | None:
        return None if self.server.process is None else self.server.process.pid

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        """A query on a connection of its own; nothing while the database is away (its restart)."""
        try:
            connection = await asyncpg.connect(self.url, timeout=5)
        except (OSError, asyncpg.PostgresError, TimeoutError):
            return []
        try:
            return list(await connection.fetch(sql, *args))
        finally:
            await connection.close()

    async def process_numbers(self) -> dict[int, str]:
        """The storage's process number (a delivery row's `owner`) → the bot process's pid, of the live ones."""
        rows = await self._fetch(
            "SELECT l.objid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $1", PROCESS_SPACE)
        return {int(number): f"pid {str(name).rsplit(' ', 1)[-1]}" for number, name in rows}

    async def connections(self) -> dict[str, int]:
        """The database's sessions now, by the bot process they belong to (its pid, from the application name)."""
        rows = await self._fetch(
            "SELECT application_name, COUNT(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() GROUP BY application_name")
        return {str(name).rsplit(" ", 1)[-1]: int(count) for name, count in rows}

    async def stop(self) -> None:
        """Every process told to stop at once (SIGTERM), then waited for off the event loop: the stand-in goes on
        answering the last sends of their graceful stop (a wait in the loop held them all, and the last process
        standing took over every other's deadlines meanwhile)."""
        for process in self.processes:
            if process.alive and process.process is not None:
                process.process.terminate()
        await asyncio.gather(*(asyncio.to_thread(process.stop) for process in self.processes))


async def start_cluster(
    standin: DiscordStandIn, folder: Path, processes: int, shards_per_process: int, env: dict[str, str],
    kind: type[BotProcess] = BotProcess,
) -> Cluster:
    """PostgreSQL and the bot processes, every shard running: process n runs shards n×k … n×k+k−1. `kind`: the
    bot, or a wrapper of it (tests/bench/memory_process.py's probe)."""
    server = await asyncio.to_thread(pg.start)
    try:
        url = server.url(await server.create_database())
        await keep_pruned(url)
        shard_count = processes * shards_per_process
        ports = [free_port() for _ in range(processes)]
        bots = [
            kind(
                standin, None, url, folder / f"bot-{n}.log",
                shard_ids=list(range(n * shards_per_process, (n + 1) * shards_per_process)),
                shard_count=shard_count, env={**env, "METRICS_PORT": str(ports[n])},
            )
            for n in range(processes)
        ]
        await asyncio.gather(*(bot.start(timeout=START_SECONDS) for bot in bots))
    except BaseException:
        server.stop()
        raise
    return Cluster(standin, server, url, bots, ports)


PRUNED = "scale_pruned_deliveries"
"""Where the run keeps the delivery rows a bot's start-up housekeeping deletes (the sent rows of finished games,
`Storage.prune_deliveries`): the checks after the run compare every row ever sent with the channels."""
MOVES = "scale_owner_moves"
"""Where the run records each change of a delivery row's owner (an adoption, a claim giving rows up) and when, so a
line shown out of order can be traced to the process that had its row before."""


async def keep_pruned(url: str) -> None:
    """Triggers on the run's throwaway database (not the bot's schema: the run's own instruments) that copy
    each deleted delivery row into PRUNED and note each change of a row's owner in MOVES (when each row was made is
    the bot's own column: migration 018)."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f"""
            CREATE TABLE {PRUNED} AS SELECT * FROM deliveries WITH NO DATA;
            CREATE FUNCTION scale_keep_pruned() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO {PRUNED} SELECT OLD.*; RETURN OLD; END $$;
            CREATE TRIGGER scale_keep_pruned BEFORE DELETE ON deliveries
                FOR EACH ROW EXECUTE FUNCTION scale_keep_pruned();
            CREATE TABLE {MOVES} (id bigint, was bigint, now bigint, at double precision);
            CREATE FUNCTION scale_note_move() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN INSERT INTO {MOVES} VALUES (OLD.id, OLD.owner, NEW.owner,
                    EXTRACT(EPOCH FROM clock_timestamp())); RETURN NEW; END $$;
            CREATE TRIGGER scale_note_move AFTER UPDATE OF owner ON deliveries
                FOR EACH ROW WHEN (OLD.owner IS DISTINCT FROM NEW.owner) EXECUTE FUNCTION scale_note_move();
        """)
    finally:
        await connection.close()


@dataclass
class Faults:
    """The faults of the run's last stage, at fixed moments from its start."""

    cluster: Cluster
    minutes: float
    note: Callable[[str], None] = print
    began: float = 0.0

    def plan(self) -> list[tuple[float, str]]:
        """(seconds from the start, what): a kill at the start of every cycle (KILL_EVERY, shorter in a short
        run: two and a half cycles at least), the PostgreSQL restart half a cycle after the first kill, the
        outage a third of a cycle after the second, each process killed in turn."""
        length = self.minutes * 60
        cycle = min(KILL_EVERY, length / 2.5)
        kills = [0.15 * cycle + n * cycle for n in range(int(length // cycle) + 1)]
        plan = [(at, f"kill {n % len(self.cluster.processes)}") for n, at in enumerate(kills) if at < length - 20]
        plan.append((kills[0] + 0.5 * cycle, "postgres"))
        plan.append((kills[1] + 0.35 * cycle, "outage"))
        return sorted(plan)

    def _log(self, text: str) -> None:
        line = f"{time.monotonic() - self.began:6.0f} s  {text}"
        self.cluster.timeline.append(line)
        self.note(line)

    async def run(self) -> None:
        self.began = time.monotonic()
        for when, what in self.plan():
            await asyncio.sleep(max(0.0, self.began + when - time.monotonic()))
            try:
                if what.startswith("kill"):
                    await self.kill(self.cluster.processes[int(what.split()[1])])
                elif what == "postgres":
                    self._log("PostgreSQL: restarting (fast shutdown: every session ended)")
                    down = await asyncio.to_thread(self.cluster.server.restart)
                    self._log(f"PostgreSQL: back after {down:.1f} s")
                else:
                    self._log(f"Discord outage: {OUTAGE_SECONDS:.0f} s of 5xx on every REST request, the gateway down")
                    rules = await self.cluster.standin.outage(OUTAGE_SECONDS)
                    failed = sum(len(rule.failed) for rule in rules)
                    self._log(f"Discord outage over: {failed} requests were answered 5xx")
            except Exception as error:  # a fault that could not be made is reported, the run goes on
                self._log(f"{what} failed: {type(error).__name__}: {error}")

    async def kill(self, process: BotProcess) -> None:
        shards = ",".join(map(str, sorted(process.shards)))
        pid = process.process.pid if process.process is not None else "?"
        process.kill()
        self._log(f"SIGKILL process {pid} (shards {shards}); it starts again in {RESTART_SECONDS:.0f} s")
        await asyncio.sleep(RESTART_SECONDS)
        began = time.monotonic()
        try:
            await process.start(timeout=START_SECONDS)
        except AssertionError as error:
            self._log(f"the restarted process is not up: {error}")
            return
        with contextlib.suppress(AttributeError):
            self._log(f"process {process.process.pid} (shards {shards}) up again in "  # type: ignore[union-attr]
                      f"{time.monotonic() - began:.1f} s")
