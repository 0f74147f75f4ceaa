"""The real bot (`python -m bot`) as a process against the stand-in, killable at any request, and a
player-side driver that plays Cookie through clicks while reading the game's state from the database
(the test process shares nothing else with the bot).

The database is an SQLite file (a Path) or a PostgreSQL URL (a str, e.g. from tests/pg.py); a process
may run some of the gateway shards (`shard_ids`, `shard_count`), beside others on the same PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import asyncpg

from bot.discord.text import event_text
from bot.storage import is_postgres_url
from bot.storage.program import numbered
from games import registry
from games.core import Event
from games.core.rng import derived
from tests import pg
from tests.discord_standin import Channel, DiscordStandIn, Guild, RecordedRequest, User

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 0.05
"""The process's outbox window (OUTBOX_WINDOW_SECONDS), scaled down like the in-process tests'."""


class BotProcess:
    program: ClassVar[tuple[str, ...]] = ("-m", "bot")
    """What `python` runs: the bot, or a wrapper of it (tests/bench/memory_process.py's probe)."""

    def __init__(
        self, standin: DiscordStandIn, guild: Guild | None, db: Path | str, log: Path, *,
        shard_ids: Sequence[int] | None = None, shard_count: int | None = None, env: dict[str, str] | None = None,
    ) -> None:
        """`guild`: the server its commands are synced to at once (DEV_GUILD_ID); None: globally, for every
        server. `env`: settings of its own, over the ones below (e.g. METRICS_PORT, LOG_LEVEL)."""
        self.standin, self.guild, self.db, self.log = standin, guild, db, log
        self.shard_ids, self.shard_count = shard_ids, shard_count
        self.extra_env = env or {}
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def shards(self) -> set[int]:
        """The gateway shards this process connects (an unsharded bot is shard 0 of 1)."""
        return set(self.shard_ids) if self.shard_ids is not None else set(range(self.shard_count or 1))

    def _syncs(self) -> int:
        if self.guild is None:
            return len(self.standin.requests_to("PUT", "/applications/{application_id}/commands"))
        return len(self.standin.requests_to("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"))

    def env(self) -> dict[str, str]:
        database = {"DATABASE_URL": str(self.db)} if is_postgres_url(self.db) else {
            "DATABASE_PATH": str(self.db), "DATABASE_URL": "",
        }
        shards = {} if self.shard_count is None else {"SHARD_COUNT": str(self.shard_count)}
        if self.shard_ids is not None:
            shards["SHARD_IDS"] = ",".join(map(str, self.shard_ids))
        return {
            **os.environ, **self.standin.env(), **database, **shards,
            "DEV_GUILD_ID": "" if self.guild is None else str(self.guild.id),
            "DEFAULT_LANGUAGE": "en", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO",
            "OUTBOX_WINDOW_SECONDS": str(WINDOW), "LOBBY_OPENINGS_PER_HOUR": "1000000",  # tests open many
            **self.extra_env,
        }

    async def start(self, timeout: float = 30) -> None:
        syncs = self._syncs()
        gateway = self.standin.gateway
        before = {sid for sid, s in gateway.sessions.items() if s.shard_id in self.shards}
        self.process = subprocess.Popen(
            [sys.executable, *self.program], cwd=ROOT, env=self.env(), stdin=subprocess.DEVNULL,
            stdout=self.log.open("ab"), stderr=subprocess.STDOUT,
        )
        self.starts += 1
        await self.standin.wait_for(
            lambda: self._syncs() > syncs, timeout=timeout, what="the bot process to sync commands"
        )
        await self.standin.wait_for(
            lambda: self.shards <= {
                s.shard_id for s in gateway.sessions.values() if s.connected and s.session_id not in before
            },
            timeout=timeout, what="the bot process to connect its shards",
        )
        for session_id in before:  # the killed process's: never resumed
            gateway.sessions[session_id].invalid = True

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs in the bot."""
        if self.alive:
            assert self.process is not None
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive:
            assert self.process is not None
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@dataclass
class KillSwitch:
    """A stand-in request hook that kills the bot at a point chosen by a seeded random: the n-th
    request (or the n-th message posted to a game channel), either as it arrives (it never reaches
    Discord) or once Discord made the change but before the bot hears back."""

    bot: BotProcess
    rng: random.Random
    channels: set[int] = field(default_factory=set)
    armed: bool = False
    countdown: int = 0
    phase: str = "received"
    channel_posts_only: bool = False
    kills: list[str] = field(default_factory=list)

    def arm(self, most: int = 12) -> None:
        self.countdown = self.rng.randint(1, most)
        self.phase = self.rng.choice(["received", "handled"])
        self.channel_posts_only = self.rng.random() < 0.5
        self.armed = True

    def _channel_post(self, record: RecordedRequest) -> bool:
        """A message posted to a game channel, with the bot token or as an interaction's follow-up."""
        return record.method == "POST" and self.bot.standin.writes_to(record) in self.channels

    async def __call__(self, record: RecordedRequest, phase: str) -> bool | None:
        if not self.armed or phase != self.phase or not self.bot.alive:
            return None
        if self.channel_posts_only and not self._channel_post(record):
            return None
        self.countdown -= 1
        if self.countdown > 0:
            return None
        self.armed = False
        self.bot.kill()
        body = record.body if isinstance(record.body, dict) else {}
        self.kills.append(f"{phase} {record.method} {record.path} {str(body.get('content', ''))[:40]!r}")
        return phase == "received"


class PostgresReader:
    """Reads a PostgreSQL database from plain (blocking) code, as the sqlite3 module reads a file: one
    connection on a loop of its own in a thread, so a read takes a round trip, not a new connection."""

    _open: ClassVar[dict[str, PostgresReader]] = {}

    def __init__(self, url: str) -> None:
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True, name="postgres-reader").start()
        self.connection: asyncpg.Connection = self._run(asyncpg.connect(url))

    @classmethod
    def of(cls, url: str) -> PostgresReader:
        if url not in cls._open:
            cls._open[url] = cls(url)
        return cls._open[url]

    @classmethod
    def close_all(cls) -> None:
        for reader in cls._open.values():
            reader._run(reader.connection.close())
            reader.loop.call_soon_threadsafe(reader.loop.stop)
        cls._open.clear()

    def _run(self, work: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout=10)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self._run(self.connection.fetch(numbered(sql), *params))]


def query(db: Path | str, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """The rows of `sql` (`?` placeholders) in the bot's database, read-only, on either backend."""
    if is_postgres_url(db):
        return PostgresReader.of(str(db)).rows(sql, params)
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        return connection.execute(sql, tuple(params)).fetchall()


def read_game(db: Path | str, game_id: int) -> tuple[str, Any, dict[str, Any]]:
    """(status, state, row) as the bot last committed them."""
    ((status, state, seed, seats, language, meta, game),) = query(
        db, "SELECT status, state, seed, seats, language, meta, game FROM games WHERE id = ?", (game_id,)
    )
    engine = registry.engine(game)
    return status, engine.load(state), {
        "seed": seed, "seats": json.loads(seats), "language": language, "meta": json.loads(meta),
    }


def input_keys(db: Path | str) -> set[str]:
    return {r[0] for r in query(db, "SELECT input_key FROM actions WHERE input_key IS NOT NULL")}


def waiting_deliveries(db: Path | str) -> int:
    return int(query(db, "SELECT COUNT(*) FROM deliveries WHERE state = 0")[0][0])


def public_lines(db: Path | str, game_id: int) -> list[str]:
    """Every public event of the game as the channel must show it, in order (one entry per line)."""
    _, _, row = read_game(db, game_id)
    names = [s["name"] for s in row["seats"]]
    events = query(db, "SELECT key, params FROM events WHERE game_id = ? AND audience IS NULL ORDER BY seq", (game_id,))
    lines: list[str] = []
    for key, params in events:
        text = event_text(Event(key=key, params=json.loads(params)), row["language"], names.__getitem__)
        lines += text.split("\n")
    return lines


def channel_lines(standin: DiscordStandIn, channel: Channel, expected: list[str], skip: set[int]) -> list[str]:
    """The lines of the channel's messages (the status message left out) that are game lines."""
    wanted = set(expected)
    lines: list[str] = []
    for message in standin.channel_view(channel):
        if message.id in skip:
            continue
        lines += [line for line in message.content.split("\n") if line in wanted]
    return lines


def routed(bots: BotProcess | Sequence[BotProcess], guild_id: int | None) -> BotProcess:
    """The process that gets an interaction in `guild_id` (None: a DM), as Discord routes it."""
    if isinstance(bots, BotProcess):
        return bots
    for bot in bots:
        count = bot.shard_count or 1
        if (0 if guild_id is None else (guild_id >> 22) % count) in bot.shards:
            return bot
    raise AssertionError(f"no process runs the shard of {guild_id}")


class Players:
    """Clicks the buttons a bot player would choose, finding them in DMs or the channel."""

    def __init__(self, standin: DiscordStandIn, users: list[User], db: Path | str) -> None:
        self.standin, self.users, self.db = standin, users, db
        self.acked: set[str] = set()
        self.clicked: dict[str, tuple[str, str]] = {}
        """An acknowledged click's input key → (its prompt, the value it gave)."""

    def _still_open(self, game_id: int, prompt_id: str) -> bool:
        status, state, _ = read_game(self.db, game_id)
        prompt = state.prompt(prompt_id)
        return status == "running" and prompt is not None and not prompt.answered

    def _message_with(self, custom_id: str, user: User, channel: Channel, public: bool) -> Any:
        messages = self.standin.channel_view(channel, user) if public else self.standin.dm_view(user)
        for message in reversed(messages):
            if any(b.get("custom_id") == custom_id and not b.get("disabled") for b in message.buttons):
                return message
        return None

    async def step(self, bots: BotProcess | Sequence[BotProcess], game_id: int, channel: Channel) -> str:
        """Play the next prompt: "played", "over", or "dead" (the bot died first; a click it died
        on is not acknowledged). With several processes, the one running the click's shard answers it:
        shard 0 for a DM, the server's shard for a click in its channel."""
        return await self.answer(bots, game_id, channel)

    async def answer(
        self, bots: BotProcess | Sequence[BotProcess], game_id: int, channel: Channel, prompt_id: str | None = None
    ) -> str:
        """Answer prompt `prompt_id` (None: the first one open) as `step` does; "answered" when it
        is no longer open."""
        status, state, row = read_game(self.db, game_id)
        if status != "running":
            return "over"
        prompt = next((p for p in state.prompts if not p.answered and prompt_id in (None, p.id)), None)
        if prompt is None:
            return "answered"
        bot = routed(bots, None if prompt.secret else channel.guild_id)
        engine = registry.engine("cookie")
        action = engine.bot_action(state, prompt, derived(row["seed"], "drv", state.step, prompt.id))
        user_id = row["seats"][prompt.seat]["user_id"]
        user = next(u for u in self.users if u.id == user_id)
        custom_id = f"gm|{game_id}|{prompt.id}|{action.value}"
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15
        message = None
        while message is None:
            if not bot.alive:
                return "dead"
            if loop.time() > deadline:
                raise AssertionError(f"no button {custom_id} for {user.username} at step {state.step}")
            message = self._message_with(custom_id, user, channel, not prompt.secret)
            if message is None:
                if not self._still_open(game_id, prompt.id):  # its deadline took it meanwhile
                    return "answered"
                await asyncio.sleep(0.01)
        call = await self.standin.click(user, custom_id=custom_id, message=message)
        try:
            response = await call.wait_response(timeout=5)
        except AssertionError:
            assert not bot.alive, f"a live bot did not answer a click on {custom_id}"
            return "dead"
        if response["status"] < 400 and response["type"] == 7:
            self.acked.add(f"i{call.id}")
            self.clicked[f"i{call.id}"] = (prompt.id, str(action.value))
        return "played"


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A migrated, empty PostgreSQL database for bot processes, on a throwaway server of its own, stopped afterwards
    (with the readers of it); without a server the test is skipped (failed in CI)."""
    server = pg.server_or_skip()
    name = pg._blocking(server.create_database())
    try:
        yield server.url(name)
    finally:
        PostgresReader.close_all()
        server.stop()
