"""A game night survives the real bot process (`python -m bot`) killed with SIGKILL at any moment, on both
storage backends: while members sign up (at seeded random requests: a Join click, the sign-up message's
edit, the Discord event being made), no sign-up a member was told about is lost, and the night has one
event and one sign-up message; while the reminders go out (at a random one of their DMs, before it reaches
Discord or after), each member who comes gets exactly one."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.storage.program import numbered
from tests.discord.bot_process import BotProcess, query, throwaway_postgres
from tests.discord_standin import DiscordStandIn, Message, RecordedRequest, User
from tests.discord_standin.scheduled_events import MANAGE_EVENTS, events_of

pytestmark = pytest.mark.serial
"""Real bot processes, killed and started again: run alone."""

MEMBERS = 8
KILLS = 3
REMINDER = "⏰ Напоминание"


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Path | str]:
    if request.param == "sqlite":
        yield tmp_path / "bot.db"
        return
    with throwaway_postgres() as url:  # (its server stopped after: left running, it outlived the test)
        yield url


async def write(db: Path | str, sql: str, *params: object) -> None:
    """A change made to the database while no bot runs (time passes: a stage falls due now)."""
    if isinstance(db, Path):
        with sqlite3.connect(db) as connection:
            connection.execute(sql, params)
        return
    connection = await asyncpg.connect(db)
    try:
        await connection.execute(numbered(sql), *params)
    finally:
        await connection.close()


class Killer:
    """Kills the bot at the n-th request it makes that `aims` at, as the request arrives (it never reaches
    Discord) or once Discord carried it out (the bot never hears back), chosen by a seeded random."""

    def __init__(self, bot: BotProcess, rng: random.Random) -> None:
        self.bot, self.rng = bot, rng
        self.countdown = 0
        self.phase = "received"
        self.aims = lambda record: False
        self.kills: list[str] = []

    def arm(self, aims: object, most: int) -> None:
        self.aims = aims  # type: ignore[assignment]
        self.countdown = self.rng.randint(1, most)
        self.phase = self.rng.choice(["received", "handled"])

    async def __call__(self, record: RecordedRequest, phase: str) -> bool | None:
        if self.countdown <= 0 or phase != self.phase or not self.bot.alive or not self.aims(record):
            return None
        self.countdown -= 1
        if self.countdown:
            return None
        self.bot.kill()
        self.kills.append(f"{phase} {record.method} {record.route or record.path}")
        return phase == "received"


async def start(bot: BotProcess) -> None:
    """Start the bot; one killed again before it was up counts as started (the next start carries on)."""
    try:
        await bot.start()
    except AssertionError:
        if bot.alive:
            raise


async def test_sigkill_at_any_moment_loses_no_sign_up_and_sends_no_reminder_twice(
    tmp_path: Path, database: Path | str
) -> None:
    rng = random.Random(2)
    async with DiscordStandIn(flood_limit=None) as standin:
        guild = standin.add_guild("Игровой вечер", locale="ru")
        standin.bot_role(guild).permissions |= MANAGE_EVENTS
        channel = guild.channel("general")
        members = [standin.add_user(f"m{i}", locale="ru") for i in range(MEMBERS)]
        for member in members:
            standin.add_member(guild, member)
        bot = BotProcess(standin, guild, database, tmp_path / "bot.log")
        killer = Killer(bot, rng)
        standin.request_hooks.append(killer)
        try:
            await start(bot)
            # the day after tomorrow: more than a day ahead whatever the hour, so the night has its day-before
            # reminder ("tomorrow at 20:00" is less than a day ahead from 20:00 UTC: only the 15-minute one)
            call = await standin.invoke_slash(members[0], "schedule", channel=channel,
                                              options={"game": "castle", "when": "послезавтра в 20:00"})
            await call.wait_response(timeout=15)
            ((night_id,),) = await standin.wait_for(
                lambda: query(database, "SELECT id FROM schedules"), timeout=15, what="the night saved"
            )

            # members sign up while the bot is killed now and then
            told: set[int] = set()
            waiting = list(members)
            killer.arm(lambda record: True, most=10)
            while waiting:
                member = waiting[0]
                if not bot.alive:
                    await start(bot)
                    if len(killer.kills) < KILLS:
                        killer.arm(lambda record: True, most=10)
                await standin.wait_for(lambda: signup_message(standin, database, night_id) or not bot.alive,
                                       timeout=15, what="the sign-up message")
                message = signup_message(standin, database, night_id)
                if message is None:  # killed again before it was posted
                    continue
                click = await standin.click(member, custom_id=f"gn|{night_id}|yes", message=message)
                await standin.wait_for(lambda click=click: click.callbacks or not bot.alive, timeout=10,
                                       what="an answer to Join")
                if not click.callbacks:  # killed before it answered: the member was told nothing
                    continue
                response = click.callbacks[0]
                if response["status"] < 400 and "записаны" in str(response["body"]):
                    told.add(member.id)
                    waiting.pop(0)
            bot.kill()
            saved = {int(user) for user, in query(
                database, "SELECT user_id FROM signups WHERE schedule_id = ? AND answer = 'yes'", (night_id,))}
            assert told == {m.id for m in members} and told <= saved, "every sign-up a member was told of is saved"

            # a day before: the reminders go out, the bot killed among them, then started again
            await write(database, "UPDATE schedules SET due = ? WHERE id = ?", 0.0, night_id)
            killer.arm(lambda record: record.method == "POST" and dm_post(standin, record), most=MEMBERS - 1)
            await start(bot)
            await standin.wait_for(lambda: not bot.alive or killer.countdown == 0, timeout=20, what="a kill")
            await start(bot)
            await standin.wait_for(lambda: all(reminders(standin, m) for m in members), timeout=20,
                                   what="every member reminded")
            await standin.settle(quiet=0.5, timeout=20)
            assert [len(reminders(standin, m)) for m in members] == [1] * MEMBERS, killer.kills
            assert len(events_of(guild)) == 1, ("one Discord event, however often the bot was cut short", killer.kills)
            posts = [m for m in standin.channel_view(channel) if f"gn|{night_id}|yes" in str(m.buttons)]
            assert len(posts) == 1, "one sign-up message"
        finally:
            bot.stop()
    print(f"\nkilled at: {killer.kills}; messages Discord returned for a repeated nonce: {len(standin.nonce_repeats)}")
    assert len(killer.kills) >= 2
    assert not standin.violations, standin.violations


def signup_message(standin: DiscordStandIn, database: Path | str, night_id: int) -> Message | None:
    """The night's sign-up message, once the bot has saved where it is."""
    rows = query(database, "SELECT meta FROM schedules WHERE id = ?", (night_id,))
    where = json.loads(rows[0][0]).get("message") if rows else None
    return standin.message(int(where[1])) if where else None


def dm_post(standin: DiscordStandIn, record: RecordedRequest) -> bool:
    channel = standin.channels.get(int(record.path.split("/")[2])) if record.path.startswith("/channels/") else None
    return channel is not None and channel.is_dm and record.path.endswith("/messages")


def reminders(standin: DiscordStandIn, member: User) -> list[Message]:
    return [m for m in standin.dm_view(member) if m.text.startswith(REMINDER)]
