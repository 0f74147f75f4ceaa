"""The graveyard and the voice mutes survive the real bot process killed with SIGKILL at each of their
changes: after the thread was created (before the bot saved its id), after the first dead player was
added, after the feed's first message reached Discord (before the bot heard back), after the first mute.
Each time a new process finishes the job: one thread, the bot's own (never a living player's private thread
of the same name), exactly the dead in it, the feed's opening posted once; exactly the dead muted by day,
and remembered as the bot's own mutes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from bot.live import Seat
from bot.storage import open_storage
from bot.table import Table
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.bot_process import BotProcess
from tests.discord.mafia_play import MANAGE_ROLES
from tests.discord.test_mafia_restart import query, read
from tests.discord_standin import ChannelType, DiscordStandIn, RecordedRequest, User
from tests.discord_standin.models import MUTE_MEMBERS
from tests.discord_standin.threads import add_thread, thread_members

SEED = 7301
PLAYERS = 10


async def seat_until_a_death(db: Path, guild_id: int, channel_id: int, users: list[User]) -> int:
    """A forum-paced game set up before the bot starts, played by the bot policy until someone has died
    (its graveyard is planned when the bot starts and posts the open prompts)."""
    storage = await open_storage(db)
    try:
        table = Table(storage)
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in users]
        game = await table.start("mafia", seats, options={"pace": "forum"}, seed=SEED, language="en",
                                 guild_id=guild_id, channel_id=channel_id)
        state = game.state
        assert isinstance(state, MafiaState)
        while all(p.alive for p in state.seats) or not any(p.sheet for p in state.prompts):
            prompt = next(p for p in state.prompts if not p.answered)
            action = game.engine.bot_action(state, prompt, derived(SEED, "drv", state.step, prompt.id))
            assert (await table.act(game.id, prompt.seat, action)).ok
            state = game.state
            assert isinstance(state, MafiaState)
        return game.id
    finally:
        await storage.close()


Cut = tuple[str, str, Callable[[RecordedRequest], bool]]


async def start_until_killed(standin: DiscordStandIn, bot: BotProcess, killed: list[str], count: int) -> None:
    """Start the bot and wait for the `count`-th kill (a process killed before it synced its commands,
    under load, is as good: its start is no failure)."""
    try:
        await bot.start()
    except AssertionError:
        if len(killed) < count:
            raise
    await standin.wait_for(lambda: len(killed) >= count, timeout=30, what=f"kill number {count}")
    assert not bot.alive


async def test_sigkill_at_each_graveyard_change_loses_nothing_and_repeats_nothing(tmp_path: Path) -> None:
    async with DiscordStandIn(flood_limit=None) as standin:
        guild = standin.add_guild("Forum Night")
        standin.bot_role(guild).permissions |= MANAGE_ROLES
        channel = guild.channel("general")
        users = [standin.add_user(f"p{i}") for i in range(PLAYERS)]
        for user in users:
            standin.add_member(guild, user)
        db = tmp_path / "bot.db"
        game_id = await seat_until_a_death(db, guild.id, channel.id, users)
        _, state = read(db, game_id)
        dead = {users[n].id for n, p in enumerate(state.seats) if not p.alive}
        assert dead
        living = [u for n, u in enumerate(users) if state.seats[n].alive]
        planted = add_thread(standin, channel, f"🪦 Graveyard · Mafia of Heroes #{game_id}", private=True,
                             owner_id=living[0].id, invitable=False)  # a living player's, under the same name

        def thread_post(record: RecordedRequest) -> bool:
            parts = record.path.strip("/").split("/")
            return (record.method == "POST" and len(parts) == 3 and parts[2] == "messages"
                    and int(parts[1]) in guild.threads)

        cuts: list[Cut] = [
            ("handled", "the thread created", lambda r: r.route == "/channels/{channel_id}/threads"),
            ("handled", "a dead player added", lambda r: r.method == "PUT" and "/thread-members/" in r.path),
            ("handled", "the feed's first message", thread_post),
        ]
        killed: list[str] = []
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]

        async def kill_at(record: RecordedRequest, phase: str) -> bool | None:
            if not cuts or phase != cuts[0][0] or not cuts[0][2](record) or not bot.alive:
                return None
            _, what, _ = cuts.pop(0)
            bot.kill()
            killed.append(what)
            return None

        standin.request_hooks.append(kill_at)
        try:
            for expected in range(1, 4):
                await start_until_killed(standin, bot, killed, expected)
            await bot.start()  # the last process finishes the job

            def done() -> bool:
                threads = [t for t in guild.threads.values() if t is not planted]
                return len(threads) == 1 and thread_members(threads[0]) == dead | {standin.bot_user.id} and any(
                    "Everything known now" in m.text for m in standin.channel_view(threads[0], users[min(
                        n for n, p in enumerate(state.seats) if not p.alive)]))

            await standin.wait_for(done, timeout=30, what="the graveyard put back")
            await standin.settle(quiet=0.5)
        finally:
            bot.stop()

        assert killed == ["the thread created", "a dead player added", "the feed's first message"]
        assert standin.messages[planted.id] == [] and thread_members(planted) == {living[0].id}, "never a member's"
        (thread,) = [t for t in guild.threads.values() if t is not planted]
        assert thread.owner_id == standin.bot_user.id and thread.type == ChannelType.PRIVATE_THREAD
        assert thread_members(thread) == dead | {standin.bot_user.id}, "every membership put back"
        owner = standin.users[guild.owner_id]
        openings = [m for m in standin.channel_view(thread, owner) if "Everything known now" in m.text]
        assert len(openings) == 1, "the feed's opening posted once"
        assert all(standin.channel_view(thread, u) == [] for u in living), "no living player reads a line"
        assert not standin.violations and not standin.unknown_requests


async def seat_a_day_after_a_death(db: Path, guild_id: int, channel_id: int, users: list[User], voice_id: int) -> int:
    """A live game linked to a voice channel, played by the bot policy to a day with someone dead."""
    storage = await open_storage(db)
    try:
        table = Table(storage)
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in users]
        game = await table.start("mafia", seats, seed=SEED, language="en", guild_id=guild_id, channel_id=channel_id,
                                 meta={"voice": {"channel": voice_id}})
        state = game.state
        assert isinstance(state, MafiaState)
        while state.phase != "day" or all(p.alive for p in state.seats):
            prompt = next(p for p in state.prompts if not p.answered)
            action = game.engine.bot_action(state, prompt, derived(SEED, "drv", state.step, prompt.id))
            assert (await table.act(game.id, prompt.seat, action)).ok
            state = game.state
            assert isinstance(state, MafiaState)
        return game.id
    finally:
        await storage.close()


async def test_sigkill_while_muting_puts_every_mute_back(tmp_path: Path) -> None:
    async with DiscordStandIn(flood_limit=None) as standin:
        guild = standin.add_guild("Live Night")
        standin.bot_role(guild).permissions |= MANAGE_ROLES | MUTE_MEMBERS
        channel = guild.channel("general")
        voice = standin.add_channel(guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        users = [standin.add_user(f"p{i}") for i in range(PLAYERS)]
        for user in users:
            standin.add_member(guild, user)
            guild.voice[user.id] = voice.id  # connected before the bot starts: GUILD_CREATE tells it
        db = tmp_path / "bot.db"
        game_id = await seat_a_day_after_a_death(db, guild.id, channel.id, users, voice.id)
        _, state = read(db, game_id)
        dead = {users[n].id for n, p in enumerate(state.seats) if not p.alive}
        killed: list[str] = []
        bot = BotProcess(standin, guild, db, tmp_path / "bot.log")  # type: ignore[arg-type]

        async def kill_at_first_mute(record: RecordedRequest, phase: str) -> bool | None:
            if phase == "handled" and not killed and record.method == "PATCH" and "/members/" in record.path:
                bot.kill()
                killed.append(record.path)
            return None

        standin.request_hooks.append(kill_at_first_mute)
        try:
            await start_until_killed(standin, bot, killed, 1)
            assert sum(m.mute for m in guild.members.values()) == 1, "killed after one mute"
            await bot.start()
            await standin.wait_for(lambda: {u for u, m in guild.members.items() if m.mute} == dead, timeout=30,
                                   what="every dead player muted, nobody else")
            await standin.settle(quiet=0.5)
        finally:
            bot.stop()
        assert {u for u, m in guild.members.items() if m.mute} == dead, "by day the dead muted, the living not"
        (meta,) = query(db, "SELECT meta FROM games WHERE id = ?", game_id)
        assert {int(u) for u in json.loads(meta[0])["voice"]["muted"]} == dead, "the bot remembers its mutes"
        assert not standin.violations and not standin.unknown_requests
