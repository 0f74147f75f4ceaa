"""The game channel's lag while a graveyard is watched (a figure of the Discord benchmark; printed, never
asserted). Issue 35: with a spectator watching from the draft, every step's feed line went through the game
channel's outbox, which waited for the thread's own 5-in-5-s limit: the channel's lines came tens of
seconds late.

An anonymous ten-seat Mafia of Heroes game, seated before the bot starts with one spectator (so the feed
opens at the draft), played by ten stand-in players through their DMs (each draft pick the first choice
offered, each order sheet "Done" at once, after `think` seconds on average) from the draft to Night 3 (with
no orders nobody dies: the span is the measure, not the game's end), the bot in its own process at
Discord's real pace (5 messages per 5 s per channel). Figures: each channel line's lag, from its step's
save (the step's action, in the bot's database) to its message in the channel (the stand-in's clock, the
same machine's); and the thread's feed posts.

    python -m tests.bench.discord_bench --graveyard-only
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.live import Seat
from bot.storage import open_storage
from bot.table import Table
from tests.bench.load import pct
from tests.discord_standin import Channel, DiscordStandIn, Message, User

PLAYERS = 10
SEED = 3535
DONE = "~done"
PHASE_SECONDS = 120
"""Each phase's deadline: the players answer long before it (it only unsticks a stuck prompt)."""
MANAGE_ROLES, MANAGE_WEBHOOKS = 1 << 28, 1 << 29
UNTIL = ("night", 3)

Starter = Callable[[DiscordStandIn, Path, int], Awaitable[subprocess.Popen[bytes]]]


def query(db: Path, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10) as connection:
        return connection.execute(sql, params).fetchall()


async def seat(db: Path, guild_id: int, channel_id: int, users: list[User], watcher: User) -> int:
    """The game, seated before the bot starts (the draft's first prompts are posted when it starts)."""
    storage = await open_storage(db)
    try:
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in users]
        options = {"mode": "anonymous"} | {f"{kind}_seconds": PHASE_SECONDS for kind in ("draft", "night", "day")}
        spectators = {"members": [str(watcher.id)], "ever": [str(watcher.id)]}
        game = await Table(storage).start("mafia", seats, options=options, seed=SEED, language="en",
                                          guild_id=guild_id, channel_id=channel_id, meta={"spectators": spectators})
        return game.id
    finally:
        await storage.close()


def reached(db: Path, game_id: int, until: tuple[str, int]) -> bool:
    """Whether the game (as saved) is over or has reached the phase `until` (phase, number), or a later one."""
    status, state = query(db, "SELECT status, state FROM games WHERE id = ?", game_id)[0]
    saved = json.loads(state)
    order = ("draft", "night", "day")
    rank = order.index(saved["phase"]) if saved.get("phase") in order else len(order)
    return status != "running" or (int(saved.get("number") or 0), rank) >= (until[1], order.index(until[0]))


def choice(message: Message, answered: set[str]) -> tuple[str, str, Any] | None:
    """What a player does with a DM message: ("click", custom id, None) or ("select", custom id, values)."""
    buttons = [b for b in message.buttons if str(b.get("custom_id", "")).startswith("gm|") and not b.get("disabled")]
    parsed = [(b["custom_id"], *b["custom_id"].split("|", 3)[2:]) for b in buttons]
    for custom_id, prompt, value in parsed:
        if value == DONE and prompt not in answered:
            return "click", custom_id, prompt
    for menu in message.selects:
        custom_id = str(menu.get("custom_id", ""))
        prompt = custom_id.split("|")[2] if custom_id.startswith("gms|") else None
        if prompt is not None and prompt not in answered:
            values = [o["value"] for o in menu.get("options", [])][: max(1, int(menu.get("min_values") or 1))]
            return "select", custom_id, (prompt, values)
    for custom_id, prompt, value in parsed:
        if not value.startswith("~") and prompt not in answered:
            return "click", custom_id, prompt
    return None


async def player(standin: DiscordStandIn, user: User, think: float, counted: list[int]) -> None:
    """One seat: answers what its DMs ask, each prompt once."""
    rng = random.Random(user.id)
    answered: set[str] = set()
    while True:
        dm = standin._dm_channels.get(user.id)
        messages = standin.messages.get(dm, [])[-6:] if dm else []
        todo = next(((m, c) for m in reversed(messages) if (c := choice(m, answered)) is not None), None)
        if todo is None:
            await standin.wait_for_messages([dm] if dm else [], timeout=1.0)
            continue
        message, (kind, custom_id, detail) = todo
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        with contextlib.suppress(AssertionError, LookupError):  # gone meanwhile (edited, answered by a deadline)
            if kind == "click":
                answered.add(detail)
                call = await standin.click(user, custom_id=custom_id, message=message)
            else:
                answered.add(detail[0])
                call = await standin.select(user, detail[1], custom_id=custom_id, message=message)
            await call.wait_response(timeout=60)
            counted[0] += 1


def channel_lags(standin: DiscordStandIn, db: Path, game_id: int, channel: Channel, last_step: int) -> list[float]:
    """Each channel line's lag, up to `last_step`: its step saved (the step's action) → its message in the
    channel."""
    saved = {step + 1: at for step, at in query(
        db, "SELECT step, MAX(at) FROM actions WHERE game_id = ? AND undone = 0 GROUP BY step", game_id)}
    rows = query(db, "SELECT step, body FROM deliveries WHERE game_id = ? AND kind = 'text' AND channel_id = ?"
                     " AND state = 1 ORDER BY id", game_id, channel.id)
    posts = [m for m in standin.messages.get(channel.id, []) if m.webhook_id is None and m.visible_to is None]
    lags, at = [], 0
    for step, body in rows:
        text = str(json.loads(body).get("text", ""))[:100]
        found = next((i for i in range(at, len(posts)) if text in posts[i].content), None)
        if found is None or step not in saved:
            continue
        at = found
        if step <= last_step:
            lags.append(posts[found].created_at - saved[step])
    return lags


async def graveyard_figure(start_bot: Starter, think: float = 0.3) -> list[str]:
    """The figure's lines. `start_bot(standin, folder, guild_id)` starts the bot process on folder/bot.db."""
    standin = DiscordStandIn(spec=False, flood_limit=None)
    await standin.start()
    guild = standin.add_guild("Graveyard bench")
    standin.bot_role(guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
    channel = standin.add_channel(guild, "mafia")
    users = [standin.add_user(f"m{i}") for i in range(PLAYERS)]
    watcher = standin.add_user("watcher")
    for user in [*users, watcher]:
        standin.add_member(guild, user)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        game_id = await seat(folder / "bot.db", guild.id, channel.id, users, watcher)
        process = await start_bot(standin, folder, guild.id)
        clicks = [0]
        players = [asyncio.create_task(player(standin, u, think, clicks)) for u in users]
        started = time.monotonic()
        try:
            db = folder / "bot.db"
            while not reached(db, game_id, UNTIL):
                if time.monotonic() - started > 1800:
                    return [f"graveyard figure: the Mafia game did not reach {UNTIL} within 30 minutes"]
                await asyncio.sleep(0.5)
            length = time.monotonic() - started
            for task in players:
                task.cancel()
            (last_step,), = query(db, "SELECT step FROM games WHERE id = ?", game_id)
            while query(db, "SELECT COUNT(*) FROM deliveries WHERE game_id = ? AND state = 0", game_id)[0][0]:
                if time.monotonic() - started > 2400:
                    break
                await asyncio.sleep(0.5)
            await standin.settle(quiet=1.0, timeout=120)
            lags = channel_lags(standin, db, game_id, channel, last_step)
            threads = [t for t in guild.threads.values() if t.parent_id == channel.id]
            feed = [m for t in threads for m in standin.messages.get(t.id, []) if m.webhook_id is None]
            return [
                f"Mafia of Heroes, {PLAYERS} players (anonymous), a spectator watching the graveyard from the draft: "
                f"{clicks[0]} clicks, {length:.0f} s to {UNTIL[0].title()} {UNTIL[1]}",
                f"  channel lines: {len(lags)}; lag (step saved → in the channel) p50 {pct(lags, 0.5):.2f} s, "
                f"p95 {pct(lags, 0.95):.2f} s, max {max(lags, default=float('nan')):.2f} s",
                f"  the graveyard thread: {len(feed)} feed posts",
            ]
        finally:
            for task in players:
                task.cancel()
            process.send_signal(signal.SIGINT)
            try:
                await asyncio.to_thread(process.wait, 30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            await standin.stop()
