"""The scale run, stage by stage (see tests/bench/scale/__init__.py): the world, the cluster, the tables opened
in steps with a window of figures at each size, the last stage with the faults, then the checks."""

from __future__ import annotations

import asyncio
import contextlib
import os
import platform
import random
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.bench.scale import checks, figures, probing
from tests.bench.scale.cluster import Cluster, Faults, start_cluster
from tests.bench.scale.counted import TABLE, Sorter
from tests.bench.scale.counted import lines as counted_lines
from tests.bench.scale.figures import Watch, Window
from tests.bench.scale.mix import MIX, Kind, kinds_for, placement
from tests.bench.scale.players import Ledger, Pace, Table
from tests.discord.bot_process import BotProcess, PostgresReader
from tests.discord_standin import DiscordStandIn
from tests.discord_standin.models import (
    CREATE_PRIVATE_THREADS,
    MANAGE_ROLES,
    MANAGE_WEBHOOKS,
    MUTE_MEMBERS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)

RUSSIAN = 0.7
"""Of the servers, those whose members (and so games) speak Russian; the rest English."""
SETTLE_SECONDS = 60.0
INVITED_WITH = (MANAGE_ROLES | MANAGE_WEBHOOKS | CREATE_PRIVATE_THREADS | SEND_MESSAGES_IN_THREADS | MUTE_MEMBERS
                | SEND_MESSAGES)
"""The bot's permissions as the README says to invite it (Mafia's channel, webhooks, graveyard, voice)."""


@dataclass(frozen=True)
class Config:
    games: int = 2000
    minutes: float = 10.0
    """The last stage, with every table open and the faults."""
    stage_minutes: float = 2.0
    """Each growth window: at a quarter, half and all of the tables, before the faults."""
    processes: int = 4
    shards_per_process: int = 4
    guilds: int = 400
    rate: float = 80.0
    """The most interactions per second the players make together (a token bucket)."""
    slowness: float = 1.0
    """Multiplies every think time of the mix (2: players twice as slow)."""
    open_per_second: float = 4.0
    faults: bool = True
    seed: int = 41
    log_level: str = "WARNING"
    """The bots' LOG_LEVEL (their logs are kept with `keep`)."""
    kinds: tuple[str, ...] = ()
    """Only these kinds of table (mix.py's names); none: the whole mix."""
    keep: Path | None = None
    """A folder to keep the bots' logs and PostgreSQL's in (else they go with the run)."""
    probe: bool = False
    """Every bot process with the memory probe inside, read at each window's end (tests/bench/scale/probing.py)."""
    traced: int = 0
    """With `probe`: tracemalloc on in every bot process, with this many frames (0: off)."""


def machine() -> str:
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else "?"
    return (f"{os.cpu_count()} cores ({cpu}), load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} "
            "(1 / 5 / 15 min: other work on the machine)")


def build(standin: DiscordStandIn, config: Config, pace: Pace, ledger: Ledger) -> list[Table]:
    """Servers spread evenly over the shards, each kind of table too (`placement`), one channel per table, its
    members only there."""
    rng = random.Random(config.seed)
    shards = config.processes * config.shards_per_process
    guilds = []
    for n in range(config.guilds):
        russian = rng.random() < RUSSIAN
        guild = standin.add_guild(f"Server {n}", shard=(n % shards, shards), locale="ru" if russian else "en-US")
        standin.bot_role(guild).permissions |= INVITED_WITH
        guilds.append(guild)
    tables = []
    kinds = kinds_for(config.games, config.kinds)
    for n, (kind, server) in enumerate(zip(kinds, placement(kinds, len(guilds), shards), strict=True)):
        guild = guilds[server]
        channel = standin.add_channel(guild, f"{kind.name}-{n}")
        users = [standin.add_user(f"t{n}p{i}", locale=guild.preferred_locale) for i in range(kind.humans)]
        for user in users:
            standin.add_member(guild, user)
        tables.append(Table(standin, n, kind, guild, channel, users, pace, ledger, config.slowness))
    return tables


async def open_tables(tables: list[Table], tasks: list[asyncio.Task[None]], upto: int, per_second: float) -> None:
    for table in tables[len(tasks):upto]:
        tasks.append(asyncio.create_task(table.run(), name=f"table-{table.number}"))
        await asyncio.sleep(1 / per_second)


async def run(config: Config) -> int:
    print(f"scale run: {config.games} tables on {config.guilds} servers, {config.processes} bot processes × "
          f"{config.shards_per_process} shards on one PostgreSQL; players at most {config.rate:.0f} interactions/s")
    print("mix: " + "; ".join(f"{k.name} {k.share:.0%} ({k.humans} players{f' + {k.bots} bots' if k.bots else ''},"
                              f" think {k.think[0] * config.slowness:.0f}–{k.think[1] * config.slowness:.0f} s)"
                              for k in MIX))
    print(f"machine: {machine()}")
    standin = DiscordStandIn(spec=False, flood_limit=None, keep_request_bodies=False,
                             shard_count=config.processes * config.shards_per_process)
    await standin.start()
    ledger = Ledger()
    pace = Pace(config.rate)
    tables = build(standin, config, pace, ledger)
    env = {"LOG_LEVEL": config.log_level, "DEFAULT_LANGUAGE": "ru", "OUTBOX_WINDOW_SECONDS": "5.0",
           "LOBBY_OPENINGS_PER_HOUR": "20"}
    with tempfile.TemporaryDirectory(prefix="gm-scale-") as name:
        folder = Path(name)
        began = time.monotonic()
        if config.probe:
            env.update(probing.env(folder, config.traced))
        cluster = await start_cluster(standin, folder, config.processes, config.shards_per_process, env,
                                      kind=probing.ProbedBot if config.probe else BotProcess)
        probes = Probes(cluster, folder) if config.probe else None
        print(f"cluster up in {time.monotonic() - began:.0f} s: PostgreSQL and {config.processes} processes ("
              + ", ".join(f"bot {n} pid {p.process.pid if p.process else '?'}" for n, p in enumerate(cluster.processes))
              + ")")
        watch = Watch(cluster, lambda: len(standin.interactions))
        sorter = Sorter(standin, [table.kind.name for table in tables])
        await watch.read()
        watch.baseline = figures.merged(await baseline(watch))
        if probes is not None:
            await probes.read("before any game", 0)
        watch.start()
        windows: list[Window] = []
        tasks: list[asyncio.Task[None]] = []
        try:
            for share in (0.25, 0.5, 1.0):
                upto = max(1, round(config.games * share))
                ramp = time.monotonic()
                await open_tables(tables, tasks, upto, config.open_per_second)
                await wait_live(tables, upto, timeout=300)
                print(f"{sum(t.live for t in tables)} games live ({upto} tables opened) after "
                      f"{time.monotonic() - ramp:.0f} s")
                window = watch.window(f"{upto} tables, no faults")
                finished = finished_by_kind(ledger)
                await asyncio.sleep(config.stage_minutes * 60)
                windows.append(await watch.close(window))
                print("\n".join(figures.report(window, watch.baseline)), flush=True)
                print("\n".join(counted_lines(sorter.since(window.began_loop), window.seconds,
                                              finished_by_kind(ledger) - finished)), flush=True)
                if probes is not None:
                    await probes.read(window.name, sum(window.live) / max(1, len(window.live)))
            window = watch.window(f"{config.games} tables, {config.minutes:.0f} minutes"
                                  + (" with faults" if config.faults else ""))
            finished = finished_by_kind(ledger)
            if config.faults:
                await Faults(cluster, config.minutes).run()
            await asyncio.sleep(max(0.0, window.began + config.minutes * 60 - time.monotonic()))
            windows.append(await watch.close(window))
            print("\n".join(figures.report(window, watch.baseline)), flush=True)
            print("\n".join(counted_lines(sorter.since(window.began_loop), window.seconds,
                                          finished_by_kind(ledger) - finished)), flush=True)
            if probes is not None:
                await probes.read(window.name, sum(window.live) / max(1, len(window.live)))
        finally:
            for table in tables:
                table.stopping = True
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 60)
            await watch.stop()
        ended = time.monotonic()
        await settled(cluster)
        print(f"bot processes: {', '.join(f'{n} = {pid}' for n, pid in (await cluster.process_numbers()).items())}"
              " (a delivery row's owner)")
        stopping = time.time()  # a deadline due a minute before this and never fired stalled its game
        await cluster.stop()
        print("\n".join(growth(windows, watch.baseline)))
        print(f"the players: {dict(ledger.outcomes.most_common())}; games opened {dict(ledger.opened)}; waited on the "
              f"pace for {pace.waited:.0f} s in all")
        print("interactions per table and minute, by kind: " + "; ".join(
            f"{k.name} {ledger.clicks[k.name] / max(1e-9, table_minutes(tables, k, ended)):.2f}" for k in MIX))
        if cluster.timeline:
            print("faults:", *cluster.timeline, sep="\n  ")
        print("after the run (the bots stopped):")
        found = await checks.check(cluster.url, standin, ledger, stopping)
        print("\n".join(found.lines()))
        print(f"machine at the end: {machine()}")
        PostgresReader.close_all()
        if config.keep is not None:
            config.keep.mkdir(parents=True, exist_ok=True)
            for log in [*folder.glob("bot-*.log"), *folder.glob("census-*.jsonl"),  # the probe's census (--probe)
                        *([cluster.server.folder / "server.log"] if cluster.server.folder else [])]:
                shutil.copy(log, config.keep / log.name)
            (config.keep / "findings.txt").write_text("\n".join(found.every_line()) + "\n")
            print(f"the logs are kept in {config.keep}, and every finding in findings.txt")
        cluster.server.stop()
        await standin.stop()
        tail(folder, config.processes)
    return 0


@dataclass
class Probes:
    """The memory probe's readings of each process (`Config.probe`), against each one's before any game."""

    cluster: Cluster
    folder: Path
    base: dict[int, dict[str, Any]] = field(default_factory=dict)

    async def read(self, name: str, live: float) -> None:
        print(f"== memory probe: {name}", flush=True)
        per_process = live / max(1, len(self.cluster.processes))
        for n, process in enumerate(self.cluster.processes):
            reading = await probing.read(process, self.folder)
            if reading is None:
                print(f"  bot {n}: no reading")
                continue
            self.base.setdefault(n, reading)
            print("\n".join(probing.lines(f"bot {n}", reading, self.base[n] if live else None, per_process)),
                  flush=True)


def finished_by_kind(ledger: Ledger) -> Counter[str]:
    """Games finished so far, by kind of table (its channel is named after its kind)."""
    return Counter(found["kind"] if (found := TABLE.match(name)) else "?" for name in ledger.finished.values())


def table_minutes(tables: list[Table], kind: Kind, ended: float) -> float:
    """How long the tables of a kind have been playing, in all."""
    return sum(ended - t.since for t in tables if t.kind is kind and t.since is not None) / 60


async def baseline(watch: Watch) -> Window:
    window = watch.window("before any game")
    await asyncio.sleep(1)
    return await watch.close(window)


async def wait_live(tables: list[Table], upto: int, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end and sum(t.live for t in tables[:upto]) < 0.9 * upto:
        await asyncio.sleep(2)


async def settled(cluster: Cluster) -> None:
    """Wait (a while) for every saved delivery to be sent (saying every 10 s whose still wait)."""
    began = time.monotonic()
    said = began
    numbers = await cluster.process_numbers()
    while True:
        rows = await asyncio.to_thread(lambda: PostgresReader.of(cluster.url).rows(
            "SELECT owner, batch IS NOT NULL, COUNT(*) FROM deliveries WHERE state = 0 GROUP BY 1, 2"))
        if not rows:
            return
        waiting = ", ".join(f"{count} of process {owner} ({numbers.get(owner, 'gone')}){' claimed' if claimed else ''}"
                            for owner, claimed, count in rows)
        if time.monotonic() - began > SETTLE_SECONDS:
            print(f"deliveries still waiting after {SETTLE_SECONDS:.0f} s: {waiting}")
            return
        if time.monotonic() - said > 10:
            print(f"  waiting to be sent: {waiting}")
            said = time.monotonic()
        await asyncio.sleep(2)


def growth(windows: list[Window], baseline: figures.Part | None) -> list[str]:
    """How the cost grows with the games: per interaction, per live game, in memory (flat is the goal). Memory
    (proportional: the code the processes share counted once) is shown both over the start (what the goal counts:
    the caches that fill once, the code first run, are in it) and for the games added since the window before (what
    each more game costs)."""
    lines = ["== how the cost grows with the games (goal: per-game CPU and memory flat)"]
    before: tuple[int, float] | None = None
    for window in windows:
        whole = figures.merged(window)
        live = sum(window.live) / max(1, len(window.live))
        interactions = max(1.0, whole.total("gamemaster_interactions_total"))
        memory = f"{figures.per_game(whole, baseline, live):.0f} KB" if baseline else "n/a"
        if before is not None and live > before[1] * 1.1:
            added = live - before[1]
            memory += f" (the {added:.0f} games added: {(whole.pss - before[0]) / added / 1024:.0f} KB each)"
        before = (whole.pss, live)
        lines.append(f"  {window.name:40} {live:6.0f} live games, {interactions / window.seconds:5.1f} "
                     f"interactions/s: bot CPU {whole.cpu / interactions * 1000:.2f} ms per interaction, "
                     f"{whole.cpu / window.seconds / max(1.0, live) * 1000:.3f} ms/s per live game; memory per "
                     f"live game {memory}")
    return lines


def tail(folder: Path, processes: int) -> None:
    """The last warnings and errors each bot logged (the log level is WARNING)."""
    for n in range(processes):
        log = folder / f"bot-{n}.log"
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        errors = [line for line in lines if "ERROR" in line or "Traceback" in line]
        print(f"bot {n}: {len(lines)} log lines, {len(errors)} errors" + (":" if errors else ""))
        for line in errors[:5]:
            print(f"  {line[:200]}")

