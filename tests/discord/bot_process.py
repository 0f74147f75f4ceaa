"""The real bot (`python -m bot`) as a process against the stand-in, killable at any request, and a
player-side driver that plays Cookie through clicks while reading the game's state from the database
(the test process shares nothing else with the bot)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.text import event_text
from games import registry
from games.core import Event
from games.core.rng import derived
from tests.discord_standin import Channel, DiscordStandIn, Guild, RecordedRequest, User

ROOT = Path(__file__).resolve().parents[2]
WINDOW = 0.05
"""The process's outbox window (OUTBOX_WINDOW_SECONDS), scaled down like the in-process tests'."""


class BotProcess:
    def __init__(self, standin: DiscordStandIn, guild: Guild, db: Path, log: Path) -> None:
        self.standin, self.guild, self.db, self.log = standin, guild, db, log
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def _syncs(self) -> int:
        return len(self.standin.requests_to("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"))

    async def start(self) -> None:
        syncs = self._syncs()
        sessions = set(self.standin.gateway.sessions)
        env = {
            **os.environ, **self.standin.env(), "DATABASE_PATH": str(self.db), "DEV_GUILD_ID": str(self.guild.id),
            "DEFAULT_LANGUAGE": "en", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO",
            "OUTBOX_WINDOW_SECONDS": str(WINDOW),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
            stdout=self.log.open("ab"), stderr=subprocess.STDOUT,
        )
        self.starts += 1
        await self.standin.wait_for(lambda: self._syncs() > syncs, timeout=30, what="the bot process to sync commands")
        await self.standin.wait_for(
            lambda: any(
                s.connected and s.session_id not in sessions for s in self.standin.gateway.sessions.values()
            ),
            timeout=30, what="the bot process to connect",
        )
        for session in list(self.standin.gateway.sessions.values()):  # the killed process's: never resumed
            if session.session_id in sessions:
                session.invalid = True

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
        return record.method == "POST" and any(record.path == f"/channels/{c}/messages" for c in self.channels)

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


def read_game(db: Path, game_id: int) -> tuple[str, Any, dict[str, Any]]:
    """(status, state, row) as the bot last committed them."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        status, state, seed, seats, language, meta = connection.execute(
            "SELECT status, state, seed, seats, language, meta FROM games WHERE id = ?", (game_id,)
        ).fetchone()
    engine = registry.engine("cookie")
    return status, engine.load(state), {
        "seed": seed, "seats": json.loads(seats), "language": language, "meta": json.loads(meta),
    }


def input_keys(db: Path) -> set[str]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        return {r[0] for r in connection.execute("SELECT input_key FROM actions WHERE input_key IS NOT NULL")}


def waiting_deliveries(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM deliveries WHERE state = 0").fetchone()[0])


def public_lines(db: Path, game_id: int) -> list[str]:
    """Every public event of the game as the channel must show it, in order (one entry per line)."""
    _, _, row = read_game(db, game_id)
    names = [s["name"] for s in row["seats"]]
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as connection:
        events = connection.execute(
            "SELECT key, params FROM events WHERE game_id = ? AND audience IS NULL ORDER BY seq", (game_id,)
        ).fetchall()
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


class Players:
    """Clicks the buttons a bot player would choose, finding them in DMs or the channel."""

    def __init__(self, standin: DiscordStandIn, users: list[User], db: Path) -> None:
        self.standin, self.users, self.db = standin, users, db
        self.acked: set[str] = set()

    def _message_with(self, custom_id: str, user: User, channel: Channel, public: bool) -> Any:
        messages = self.standin.channel_view(channel, user) if public else self.standin.dm_view(user)
        for message in reversed(messages):
            if any(b.get("custom_id") == custom_id and not b.get("disabled") for b in message.buttons):
                return message
        return None

    async def step(self, bot: BotProcess, game_id: int, channel: Channel) -> str:
        """Play the next prompt: "played", "over", or "dead" (the bot died first; a click it died
        on is not acknowledged)."""
        status, state, row = read_game(self.db, game_id)
        if status != "running":
            return "over"
        prompt = next(p for p in state.prompts if not p.answered)
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
                await asyncio.sleep(0.01)
        call = await self.standin.click(user, custom_id=custom_id, message=message)
        try:
            response = await call.wait_response(timeout=5)
        except AssertionError:
            assert not bot.alive, f"a live bot did not answer a click on {custom_id}"
            return "dead"
        if response["status"] < 400 and response["type"] == 7:
            self.acked.add(f"i{call.id}")
        return "played"
