"""Discord-layer benchmark through the stand-in (figures printed, never asserted):

- p50/p99 time from INTERACTION_CREATE to the bot's first response, with N games at once;
- REST requests for one full 5-player Cookie game, by route, and the most messages any channel
  got in any 5 s (Discord allows 5).

    python -m tests.bench.discord_bench [--games 200] [--steps 40]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from bot.config import Settings
from bot.discord_app import GameMasterBot
from games.core.rng import derived
from tests.discord_standin import DiscordStandIn, start_bot


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def slash(standin: DiscordStandIn, user, command: str, channel) -> None:  # type: ignore[no-untyped-def]
    call = await standin.invoke_slash(user, command, channel=channel)
    await call.wait_response(timeout=30)
    if call.response_type == 5:
        await standin.wait_for(
            lambda: call.original_message_id and not standin.message(call.original_message_id).loading, timeout=30
        )


async def play(standin: DiscordStandIn, bot: GameMasterBot, users, channel, steps: int | None) -> int:  # type: ignore[no-untyped-def]
    await slash(standin, users[0], "cookie new", channel)
    for user in users[1:]:
        await slash(standin, user, "join", channel)
    await slash(standin, users[0], "start", channel)
    row = await bot.game_master.lobby.current(channel.id)
    assert row is not None
    game_id = row.id
    done = 0
    while steps is None or done < steps:
        game = bot.game_master.table.games.get(game_id)
        if game is None or not game.running:
            break
        prompt = next(p for p in game.state.prompts if not p.answered)
        action = game.engine.bot_action(game.state, prompt, derived(game.row.seed, "drv", game.state.step, prompt.id))
        user = next(u for u in users if u.id == game.seats[prompt.seat].user_id)
        custom_id = f"gm|{game_id}|{prompt.id}|{action.value}"

        def find(u=user, c=custom_id, public=not prompt.secret):  # type: ignore[no-untyped-def]
            messages = standin.channel_view(channel, u) if public else standin.dm_view(u)
            return next((m for m in reversed(messages) if any(b.get("custom_id") == c for b in m.buttons)), None)

        message = await standin.wait_for(find, timeout=60)
        click = await standin.click(user, custom_id=custom_id, message=message)
        await click.wait_response(timeout=30)
        done += 1
    return game_id


async def run(games: int, steps: int, window: float | None) -> None:
    standin = DiscordStandIn(spec=False, flood_limit=None)
    await standin.start()
    guild = standin.add_guild("Bench")
    channels = [standin.add_channel(guild, f"table-{i}") for i in range(games)]
    users = [[standin.add_user(f"g{g}p{i}") for i in range(5)] for g in range(games)]
    for group in users:
        for user in group:
            standin.add_member(guild, user)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(discord_token="bench", database_path=Path(folder) / "bot.db", dev_guild_id=guild.id,
                            default_language="en")
        bot = GameMasterBot(settings, outbox_window=window)
        run_ = await start_bot(bot, standin)
        try:
            started = time.perf_counter()
            await asyncio.gather(*[play(standin, bot, users[g], channels[g], steps) for g in range(games)])
            elapsed = time.perf_counter() - started
            latencies = [r.callbacks[0]["after"] for r in standin.interactions.values() if r.callbacks]
            print(f"{games} games at once, {len(latencies)} interactions in {elapsed:.1f} s")
            print(f"first response p50: {statistics.median(latencies) * 1000:8.1f} ms")
            print(f"first response p99: {pct(latencies, 0.99) * 1000:8.1f} ms   (goal < 100 ms; Discord allows 3000)")
            late = sum(1 for r in standin.interactions.values() for c in r.callbacks if c.get("code") == 10062)
            print(f"interactions answered too late (10062): {late}")

            standin.clear_records()
            solo_channel = standin.add_channel(guild, "solo")
            solo = [standin.add_user(f"solo{i}") for i in range(5)]
            for user in solo:
                standin.add_member(guild, user)
            await bot.game_master.drained()
            standin.clear_records()
            started = time.perf_counter()
            await play(standin, bot, solo, solo_channel, None)
            await bot.game_master.drained()
            routes = Counter(f"{r.method} {r.route}" for r in standin.requests)
            print(f"one full 5-player Cookie game: {sum(routes.values())} REST requests "
                  f"({time.perf_counter() - started:.1f} s with the real 5-per-5-s pacing)")
            for route, count in routes.most_common():
                print(f"  {count:5d}  {route}")
            problems = standin.flood_problems(5, 5.0)
            print(f"channels over 5 messages in 5 s: {len(problems)}")
        finally:
            await bot.game_master.drained()
            await run_.stop()
            await standin.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--steps", type=int, default=40, help="clicks per game in the concurrent part")
    parser.add_argument("--window", type=float, default=None, help="outbox window (default: Discord's 5 s)")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.steps, args.window))


if __name__ == "__main__":
    main()
