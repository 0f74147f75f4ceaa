"""What a live game costs in memory inside one bot process, by part (figures printed, never asserted).

The bot (all cogs, SQLite) runs in this process against the Discord stand-in, so `tracemalloc` sees both;
each allocation is put down to the innermost frame that is the stand-in and its players, discord.py, aiohttp
or our code (bot/, cogs/, games/), so the stand-in's share is printed apart and left out of the bot's.

The games are opened as the scale run's players open them (tests/bench/scale/players.py: `/<game> new`, Join,
`/addbot`, `/start`, the scale run's mix of kinds) and then wait at their first prompts, as most games of a
community wait at any moment. Memory is measured after each stage (e.g. 100, then 300 games): the growth
over the stage, divided by the games it added, is the cost of one more live game (flat is the goal). It also
prints the counts of what discord.py keeps (messages, DM channels, users, views) and the table's own.

Beyond the table's `STATES_KEPT` most recently used games a live game's state waits as its saved JSON
(bot.live.ParsedStates): `--states-kept` sets that bound, so a short run shows the cost of a game beyond it
(16), or of one kept parsed (a huge number: every game, as before the bound).

    python -m tests.bench.memory [--stages 100,300] [--top 25] [--states-kept 16] [--chains 30]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord.app import GameMasterBot
from tests.bench.scale.mix import kinds_for
from tests.bench.scale.players import Ledger, Pace, Table
from tests.bench.scale.run import INVITED_WITH
from tests.discord_standin import DiscordStandIn, start_bot

ROOT = str(Path(__file__).resolve().parents[2])
PARTS: tuple[tuple[str, str], ...] = (
    ("/tests/discord_standin/", "stand-in"),
    ("/tests/bench/", "stand-in"),
    ("/tracemalloc.py", "tracemalloc"),
    ("/site-packages/discord/", "discord.py"),
    ("/site-packages/aiohttp/", "aiohttp"),
    ("/site-packages/aiosqlite/", "aiosqlite"),
    (f"{ROOT}/bot/", "ours"),
    (f"{ROOT}/cogs/", "ours"),
    (f"{ROOT}/games/", "ours"),
)


def part_of(trace: tracemalloc.Traceback) -> tuple[str, str]:
    """(part, where): the innermost frame that belongs to a known part, and that frame's file:line."""
    for frame in reversed(trace):  # most recent call first
        for marker, part in PARTS:
            if marker in frame.filename:
                where = frame.filename.split("/site-packages/")[-1].replace(ROOT + "/", "")
                return part, f"{where}:{frame.lineno}"
    frame = trace[-1]
    return "other", f"{frame.filename.rsplit('/', 2)[-1]}:{frame.lineno}"


def resident() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def counts(bot: GameMasterBot) -> dict[str, int]:
    """What discord.py and the table keep, by count."""
    state: Any = bot._connection
    views = state._view_store
    return {
        "table games": len(bot.game_master.table.games),
        "discord.py messages": len(state._messages or ()),
        "discord.py users": len(state._users),
        "discord.py DM channels": len(state._private_channels),
        "discord.py views (by message)": len(getattr(views, "_synced_message_views", {})),
        "discord.py views (persistent)": len(getattr(views, "_views", {})),
        "discord.py interaction webhooks": len(getattr(state, "_interaction_webhooks", {}) or {}),
    }


def callers(trace: tracemalloc.Traceback, depth: int = 4) -> str:
    """The innermost `depth` frames of our code (bot/, cogs/, games/) that led to an allocation, innermost first."""
    ours = [f"{frame.filename.replace(ROOT + '/', '')}:{frame.lineno}" for frame in reversed(trace)
            if any(frame.filename.startswith(f"{ROOT}/{top}/") for top in ("bot", "cogs", "games"))]
    return " < ".join(ours[:depth])


def report(
    before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, games: int, top: int, chains: int = 0,
) -> list[str]:
    parts: Counter[str] = Counter()
    lines: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    for diff in after.compare_to(before, "traceback"):
        part, where = part_of(diff.traceback)
        parts[part] += diff.size_diff
        if part != "stand-in":
            lines[f"{part:10} {where}"] += diff.size_diff
            if chains:
                paths[f"{part:10} {where} <= {callers(diff.traceback)}"] += diff.size_diff
    bot = sum(size for part, size in parts.items() if part not in ("stand-in", "tracemalloc"))
    out = [f"  traced, per added game: bot {bot / games / 1024:.1f} KB "
           f"(stand-in and players {parts['stand-in'] / games / 1024:.1f} KB, not the bot's)"]
    for part, size in parts.most_common():
        out.append(f"    {part:12} {size / games / 1024:8.1f} KB")
    out.append(f"  the {top} biggest lines (bot only), per added game:")
    for where, size in lines.most_common(top):
        out.append(f"    {size / games / 1024:8.2f} KB  {where}")
    if chains:
        out.append(f"  the {chains} biggest call chains (bot only; our frames, innermost first), per added game:")
        for path, size in paths.most_common(chains):
            out.append(f"    {size / games / 1024:8.2f} KB  {path}")
    return out


async def main(stages: list[int], top: int, frames: int, states_kept: int | None, chains: int = 0) -> None:
    standin = DiscordStandIn(spec=False, flood_limit=None, keep_request_bodies=False)
    await standin.start()
    pace, ledger = Pace(10_000.0), Ledger()
    kinds = kinds_for(stages[-1] + 7)
    guilds = [standin.add_guild(f"Server {n}", locale="ru" if n % 3 else "en-US")
              for n in range(max(8, stages[-1] // 5))]
    for guild in guilds:
        standin.bot_role(guild).permissions |= INVITED_WITH
    tables = []
    for n, kind in enumerate(kinds):
        guild = guilds[n % len(guilds)]
        channel = standin.add_channel(guild, f"{kind.name}-{n}")
        users = [standin.add_user(f"t{n}p{i}", locale=guild.preferred_locale) for i in range(kind.humans)]
        for user in users:
            standin.add_member(guild, user)
        tables.append(Table(standin, n, kind, guild, channel, users, pace, ledger, slowness=0.0))
    with tempfile.TemporaryDirectory(prefix="gm-memory-") as folder:
        settings = Settings(
            discord_token="stand-in", database_path=Path(folder) / "bot.db", default_language="ru",
            discord_api_base_url=standin.api_base_url, discord_gateway_url=standin.gateway_url,
            lobby_openings_per_hour=1e6,
        )
        bot = GameMasterBot(settings, outbox_window=0.05)
        run = await start_bot(bot, standin)
        if states_kept is not None:
            bot.game_master.table.states.kept = states_kept
        print(f"states kept parsed: {bot.game_master.table.states.kept} (the most recently used live games)")
        try:
            opened = 0

            async def open_upto(count: int) -> None:
                nonlocal opened
                batch = tables[opened:count]
                for start in range(0, len(batch), 20):
                    for failed in await asyncio.gather(*(table.open() for table in batch[start:start + 20]),
                                                       return_exceptions=True):
                        if isinstance(failed, BaseException):
                            ledger.outcomes[f"opening failed: {failed!r:.60}"] += 1
                opened = count
                await bot.game_master.drained()
                await standin.settle()

            await open_upto(7)  # one of each kind first: what every process loads once (catalogs, fonts, …)
            gc.collect()
            tracemalloc.start(frames)
            snapshot, rss, at = tracemalloc.take_snapshot(), resident(), 7
            print(f"bot process ({os.getpid()}): after one game of each kind, resident {rss / 2**20:.0f} MB")
            for stage in stages:
                await open_upto(stage + 7)
                gc.collect()
                now, now_rss = tracemalloc.take_snapshot(), resident()
                added = stage + 7 - at
                print(f"== {stage} more games ({added} added in this stage; resident {now_rss / 2**20:.0f} MB, "
                      f"+{(now_rss - rss) / added / 1024:.0f} KB per game with the stand-in and tracemalloc)")
                print("  counts: " + ", ".join(f"{k} {v}" for k, v in counts(bot).items()))
                print("\n".join(report(snapshot, now, added, top, chains)))
                snapshot, rss, at = now, now_rss, stage + 7
            print("outcomes: " + ", ".join(f"{k} {v}" for k, v in ledger.outcomes.most_common(8)))
        finally:
            tracemalloc.stop()
            await bot.game_master.drained()
            await run.stop()
            await standin.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stages", default="100,300", help="live games after each stage (beyond the first 7)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--frames", type=int, default=12, help="tracemalloc's traceback depth")
    parser.add_argument("--states-kept", type=int, default=None,
                        help="games whose states stay parsed (default: the table's; a huge number: all, as before)")
    parser.add_argument("--chains", type=int, default=0,
                        help="also print the N biggest call chains through our code (what holds what)")
    args = parser.parse_args()
    asyncio.run(main([int(s) for s in args.stages.split(",")], args.top, args.frames, args.states_kept, args.chains))
