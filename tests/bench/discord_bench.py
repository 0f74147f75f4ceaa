"""Discord-layer benchmark through the stand-in (figures printed, never asserted).

The bot runs as its own process (`python -m bot`, pointed at the stand-in with the two URL
settings), as in production; this process plays the stand-in and the players, who click the
first enabled button of each prompt they are shown.

- p50/p99 time from INTERACTION_CREATE to the bot's first response, with N games at once;
- REST requests for one full 5-player Cookie game, by route, and the most messages any channel
  got in any 5 s (Discord allows 5);
- the REST budget: how many of that game's requests count against Discord's global rate limit, and
  how many such games one bot token sustains at once; and the same for the same members' next game, in another
  channel after a restart (no token of their clicks left): what a table of regulars costs;
- the bot's own share of each first response, from its metrics (`gamemaster_interaction_handling_seconds`:
  from discord.py parsing the interaction to the answer's request leaving the bot), which leaves out this
  process's lag (the stand-in's delivery of the event and of the answer); and how long the table waited for
  each step to be saved (`gamemaster_step_save_seconds`), where a slow answer mostly waits;
- the CPU the bot process used per interaction, beside this process's (the stand-in and the players):
  the latencies are the bot's only while this process is not the one lagging;
- games that stalled (no prompt for 60 s) or whose command or click Discord refused (e.g. 10062, answered
  after 3 s): each is named, and the exit status is 1;
- the game channel's lag while a spectator watches a Mafia game's graveyard (tests/bench/graveyard_lag.py):
  each channel line from its step's save to the channel, p50/p95, and the thread's feed posts.

Players wait for new messages with `DiscordStandIn.wait_for_messages` (woken by the message, not polling).

The budget. Discord allows a bot about 50 requests per second across all its processes; "interaction
endpoints are not bound to the bot's Global Rate Limit"
(https://docs.discord.com/developers/topics/rate-limits#global-rate-limit): the callback answering an
interaction (POST /interactions/{id}/{token}/callback) and the webhook the token opens for 15 minutes
(follow-ups, editing the messages made through it: /webhooks/{application_id}/{token}/…). Everything else
with the bot token is counted: channel messages (POST, PATCH), DM channels (POST /users/@me/channels),
permission overwrites … (`DiscordStandIn.counted`). Concurrent games per token = 50 × the game's length
/ its counted requests: a game's counted requests spread evenly over its real-time length, at the pace
this game was played (players answering at once; the outboxes pacing each channel to 5 messages per 5 s).

    python -m tests.bench.discord_bench [--games 200] [--clicks 30] [--think 2.0] [--graveyard-only | --no-graveyard]

`--think 0` makes both passes saturation passes (two samples of the tail per run).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.bench.graveyard_lag import graveyard_figure
from tests.bench.load import (
    COMMIT,
    STEP_SAVE,
    UNWAITED,
    Reader,
    bucket_quantile,
    cpu_line,
    handling_buckets,
    pct,
    process_cpu,
    refused,
    slash,
    waited_now,
)
from tests.discord_standin import Channel, DiscordStandIn, Message, User
from tests.endpoints import free_port

ROOT = Path(__file__).resolve().parents[2]
GLOBAL_LIMIT = 50  # requests per second per bot token, across all its processes (Discord)


def budget(standin: DiscordStandIn, game: str = "one full 5-player Cookie game") -> list[str]:
    """The REST requests recorded since the last `clear_records` (one game), counted against the global rate
    limit or not, by route, and the concurrent games one token sustains at that pace."""
    requests = standin.requests
    counted = [r for r in requests if standin.counted(r)]
    length = requests[-1].at - requests[0].at if requests else 0.0
    routes = Counter((standin.counted(r), f"{r.method} {r.route}") for r in requests)
    lines = [
        f"{game}: {len(requests)} REST requests in {length:.0f} s, {len(counted)} counted "
        f"against the global rate limit, {len(requests) - len(counted)} not (interaction callbacks and follow-ups)"
    ]
    lines += [f"  {count:5d}  {'counted' if is_counted else 'free   '}  {route}"
              for (is_counted, route), count in routes.most_common()]
    if counted and length:
        games = GLOBAL_LIMIT * length / len(counted)
        lines += [
            f"concurrent games one bot token sustains: {GLOBAL_LIMIT} req/s × {length:.0f} s / {len(counted)} counted "
            f"= {games:.0f}",
            "  assumptions: Discord's global limit of 50 requests/s per bot token, shared by all its processes;",
            "  interaction callbacks and follow-ups are exempt; each game's counted requests spread evenly over its",
            "  length; every game played at this game's pace (players answering at once, channels paced to 5",
            "  messages per 5 s); startup (command sync, gateway) left out. Slower players make games longer (more",
            "  of them fit), but an interaction token works 15 minutes: what it would have carried later is counted.",
        ]
    return lines


class Player:
    """One seat's view: reads only messages that are new since its last look (cheap polling)."""

    def __init__(self, standin: DiscordStandIn, user: User, channel: Channel) -> None:
        self.standin, self.user, self.channel = standin, user, channel
        self.reader = Reader(standin)
        self.waiting: dict[int, Message] = {}

    def prompts(self) -> list[Message]:
        dm = self.standin._dm_channels.get(self.user.id)
        fresh = [*self.reader.new(self.channel.id), *(self.reader.new(dm) if dm else [])]
        for message in fresh:
            if message.channel_id == self.channel.id and f"<@{self.user.id}>" not in message.content:
                continue
            if any(str(b.get("custom_id", "")).startswith("gm|") for b in message.buttons):
                self.waiting[message.id] = message
        ready = list(self.waiting.values())
        self.waiting.clear()
        return ready


async def play(
    standin: DiscordStandIn, users: list[User], channel: Channel, clicks: int | None, think: float = 0.0
) -> int:
    """Play one game by clicking; `think` is the mean seconds a player takes before a click."""
    rng = random.Random(channel.id)

    async def pause() -> None:
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)

    players = [Player(standin, user, channel) for user in users]
    for player in players:  # what they were shown before this game (an earlier game's) is not this game's
        player.prompts()
        player.waiting.clear()
    await pause()
    await slash(standin, users[0], "cookie new", channel)
    for user in users[1:]:
        await pause()
        await slash(standin, user, "join", channel)
    await pause()
    await slash(standin, users[0], "start", channel)
    done = 0
    idle_since = time.monotonic()
    while clicks is None or done < clicks:
        progressed = False
        for player in players:
            for message in player.prompts():
                button = next(
                    (b for b in message.buttons if str(b.get("custom_id", "")).startswith("gm|")
                     and not b.get("disabled")), None,
                )
                if button is None:
                    continue
                await pause()
                call = await standin.click(player.user, custom_id=button["custom_id"], message=message)
                await call.wait_response(timeout=60)
                refused(call, f"{player.user.username}'s click")
                done += 1
                progressed = True
        tail = standin.messages.get(channel.id, [])[-3:]
        if any("🏆" in m.content for m in tail):
            break
        if progressed:
            idle_since = time.monotonic()
            continue  # the clicks may have brought new prompts already
        if time.monotonic() - idle_since > 60:
            last = tail[-1].content[:200] if tail else "nothing"
            raise TimeoutError(f"no prompt to answer in #{channel.name} for 60 s (its last message: {last!r})")
        # woken by a new or edited message in the table's channel or a player's DMs (not a 10 ms poll)
        watched = [channel.id, *(dm for p in players if (dm := standin._dm_channels.get(p.user.id)) is not None)]
        await standin.wait_for_messages(watched, timeout=1.0)
    return done


async def start_bot_process(
    standin: DiscordStandIn, folder: Path, guild_id: int, lobbies: int = 10, metrics_port: int | None = None
) -> subprocess.Popen[bytes]:
    """`lobbies`: games being set up at once on the one server (the bench opens them all together)."""
    env = {**os.environ, **standin.env(), "DATABASE_PATH": str(folder / "bot.db"), "DEV_GUILD_ID": str(guild_id),
           **({"METRICS_PORT": str(metrics_port)} if metrics_port else {}),
           "DEFAULT_LANGUAGE": "en", "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING",
           "LOBBY_MAX_PER_SERVER": str(max(10, lobbies)), "LOBBY_OPENINGS_PER_HOUR": "1000000"}
    profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] if os.environ.get("BENCH_PROFILE") else []
    process = subprocess.Popen([sys.executable, *profile, "-m", "bot"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=(folder / "bot.log").open("wb"), stderr=subprocess.STDOUT)
    await standin.wait_for(
        lambda: standin.requests_to("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
        timeout=60, what="the bot to sync its commands",
    )
    await standin.wait_until_connected(timeout=60)
    await standin.settle(quiet=0.5)
    return process


async def run(games: int, clicks: int, think: float) -> int:
    """Returns the exit status: 1 when a game stalled or a response was refused (after printing every figure)."""
    standin = DiscordStandIn(spec=False, flood_limit=None)
    await standin.start()
    guild = standin.add_guild("Bench")
    channels = [standin.add_channel(guild, f"table-{i}") for i in range(games + 1)]
    users = [[standin.add_user(f"g{g}p{i}") for i in range(5)] for g in range(games + 1)]
    for group in users:
        for user in group:
            standin.add_member(guild, user)
    with tempfile.TemporaryDirectory() as name:
        port = free_port()
        process = await start_bot_process(standin, Path(name), guild.id, lobbies=games + 1, metrics_port=port)
        try:
            standin.clear_records()
            await play(standin, users[games], channels[games], None)
            await asyncio.sleep(12)  # let the paced outboxes finish the game's last messages
            solo = budget(standin)
            problems = standin.flood_problems(5, 5.0)
            solo.append(f"channels that got more than 5 messages in 5 s: {len(problems)}")
            solo += [f"  {problem}" for problem in problems[:10]]
            print("\n".join(solo), flush=True)  # (and again with the passes' figures)
            standin.clear_records()
            # the same members' next game, in another channel, once their clicks' tokens are gone (a bot started
            # again has none: they are kept in memory only): what a table of regulars costs (their DM channels
            # known, their DMs reached lately)
            process.send_signal(signal.SIGINT)
            await asyncio.to_thread(process.wait, 30)
            standin.clear_records()  # (a start waits for its commands' sync)
            process = await start_bot_process(standin, Path(name), guild.id, lobbies=games + 1, metrics_port=port)
            standin.clear_records()
            await play(standin, users[games], standin.add_channel(guild, "table-again"), None)
            await asyncio.sleep(12)
            again = budget(standin, "the same 5 members' next Cookie game, their clicks' tokens gone")
            print("\n".join(again), flush=True)
            solo += again
            standin.clear_records()

            stalled = 0
            passes = ((f"players thinking ~{think:.1f} s per click", think),
                      ("players clicking as fast as the stand-in lets them", 0.0))
            for number, (label, pause) in enumerate(passes):
                if number:  # fresh tables and players for the second pass
                    channels = [standin.add_channel(guild, f"table-b{i}") for i in range(games)]
                    users = [[standin.add_user(f"b{g}p{i}") for i in range(5)] for g in range(games)]
                    for group in users:
                        for user in group:
                            standin.add_member(guild, user)
                started = time.perf_counter()
                since = asyncio.get_running_loop().time()
                own_cpu, bot_cpu = time.process_time(), process_cpu(process.pid)
                own_waited, bot_waited = waited_now(os.getpid(), children=False), waited_now(process.pid)
                handled_before = await handling_buckets(port)
                unwaited_before = await handling_buckets(port, UNWAITED)
                saves_before = await handling_buckets(port, STEP_SAVE)
                commits_before = await handling_buckets(port, COMMIT)
                outcomes = await asyncio.gather(
                    *[play(standin, users[g], channels[g], clicks, pause) for g in range(games)], return_exceptions=True
                )
                elapsed = time.perf_counter() - started
                handled = await handling_buckets(port)
                unwaited = await handling_buckets(port, UNWAITED)
                saves = await handling_buckets(port, STEP_SAVE)
                commits = await handling_buckets(port, COMMIT)
                own_cpu = time.process_time() - own_cpu
                own_waited = waited_now(os.getpid(), children=False) - own_waited
                bot_waited = waited_now(process.pid) - bot_waited
                bot_after = process_cpu(process.pid)
                bot_cpu = bot_after - bot_cpu if bot_after is not None and bot_cpu is not None else None
                failed = [(g, o) for g, o in enumerate(outcomes) if isinstance(o, BaseException)]
                records = [r for r in standin.interactions.values() if r.callbacks and r.sent_at >= since]
                latencies = [r.callbacks[0]["after"] for r in records]
                late = sum(1 for r in records for c in r.callbacks if c.get("code") == 10062)
                answered = len(latencies)
                print(f"{games} games at once, {label}: {answered} interactions in {elapsed:.1f} s "
                      f"({answered / elapsed:.0f}/s; bot in its own process)")
                latencies = latencies or [float("nan")]  # none answered: the figures say so instead of crashing
                print(f"  first response p50: {statistics.median(latencies) * 1000:8.1f} ms")
                print(f"  first response p99: {pct(latencies, 0.99) * 1000:8.1f} ms   (goal < 100 ms; Discord: 3 s)")
                print(f"  max:                {max(latencies) * 1000:8.1f} ms; answered too late (10062): {late}")
                print(f"  the bot's own share (parse → answer leaving the bot, its metrics): p50 "
                      f"{bucket_quantile(handled_before, handled, 0.5) * 1000:.1f} ms, p99 "
                      f"{bucket_quantile(handled_before, handled, 0.99) * 1000:.1f} ms   (goal < 50 ms); less its "
                      f"event loop's wait for a core: p99 {bucket_quantile(unwaited_before, unwaited, 0.99) * 1000:.1f}"
                      " ms")
                print(f"  the steps' saves, each as the table waited for it (queueing for the writer included): "
                      f"p50 {bucket_quantile(saves_before, saves, 0.5) * 1000:.1f} ms, "
                      f"p99 {bucket_quantile(saves_before, saves, 0.99) * 1000:.1f} ms")
                print(f"    of which the batch they were in (sent to the writer → settled on the event loop): "
                      f"p50 {bucket_quantile(commits_before, commits, 0.5) * 1000:.1f} ms, "
                      f"p99 {bucket_quantile(commits_before, commits, 0.99) * 1000:.1f} ms (per batch)")
                print("  CPU per interaction: " + cpu_line(bot_cpu, own_cpu, elapsed, answered))
                print(f"  waiting for a core while ready to run (all threads, share of the time): bot "
                      f"{bot_waited / elapsed:.0%}, stand-in + players {own_waited / elapsed:.0%}")
                print(f"  games stalled or refused: {len(failed)} of {games}")
                for g, error in failed[:5]:
                    print(f"    #{channels[g].name}: {type(error).__name__}: {error}")
                stalled += len(failed)

            print("\n".join(solo))
            if stalled:  # what the bot logged (warnings and errors) may say why
                log = (Path(name) / "bot.log").read_text(errors="replace").splitlines()
                print(f"the bot's log ({len(log)} lines at WARNING and above), its last lines:", *log[-15:], sep="\n  ")
            return 1 if stalled else 0
        finally:
            process.send_signal(signal.SIGINT)  # a clean stop (and a written profile, if asked)
            try:  # waited for off the event loop: the bot's way out goes through the stand-in (gateway, REST)
                await asyncio.to_thread(process.wait, 30)
            except subprocess.TimeoutExpired:  # a bot stuck on its way out must not outlive the benchmark
                print("the bot process did not stop within 30 s of SIGINT: killed", file=sys.stderr)
                process.kill()
                process.wait()
            await standin.stop()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clicks", type=int, default=30, help="clicks per game in the concurrent part")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a player takes per click")
    parser.add_argument("--graveyard-only", action="store_true", help="only the watched graveyard's figure")
    parser.add_argument("--no-graveyard", action="store_true",
                        help="leave out the watched graveyard's figure (a before/after run of the passes alone)")
    args = parser.parse_args()
    status = 0 if args.graveyard_only else asyncio.run(run(args.games, args.clicks, args.think))
    if not args.no_graveyard:
        print("\n".join(asyncio.run(graveyard_figure(start_bot_process))))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
