"""Game nights in the stand-in: a world whose table runs on a clock the test moves (hours pass at once), and
the clicks a member makes on a night's sign-up message and its sign-up questions."""

from __future__ import annotations

import asyncio
import datetime as dt
import math
import time
from zoneinfo import ZoneInfo

from bot.gathering.model import Schedule
from tests.discord.world import World
from tests.discord_standin import InteractionRecord, Message, User
from tests.discord_standin.scheduled_events import ScheduledEvent, events_of
from tests.runtime.helpers import FakeClock

MOSCOW = ZoneInfo("Europe/Moscow")


def controlled_clock(w: World) -> FakeClock:
    """The table's clock (deadlines, nights' stages) from now on, moved by the test; it starts at the real now,
    so the times Discord checks (an event's start in the future) hold."""
    clock = FakeClock(float(int(time.time())))
    w.gm.table.clock = clock
    return clock


async def move_clock(w: World, clock: FakeClock, to: float) -> None:
    """Time passes to `to`: the bot's scheduler wakes (as at the end of its sleep) and fires what fell due,
    round after round until nothing is due; then the bot settles."""
    clock.now = to
    w.gm.table.deadlines_changed.set()
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 15
    while (await w.gm.scheduler.next_wake() or math.inf) <= clock.now:
        assert loop.time() < give_up, "the scheduler did not fire what fell due"
        await asyncio.sleep(0.02)
    await w.gm.drained()
    await w.standin.settle(quiet=0.15, timeout=15)


def local(at: float) -> str:
    return dt.datetime.fromtimestamp(at, MOSCOW).isoformat(timespec="minutes")


async def night_of(w: World) -> Schedule:
    (night,) = await w.gm.nights.store.upcoming(w.guild.id)
    return night


async def signup_message(w: World, night_id: int) -> Message:
    """The night's sign-up message, where the bot keeps it."""
    night = await w.gm.nights.store.schedule(night_id)
    assert night is not None and night.meta.get("message"), f"night {night_id} has no sign-up message yet"
    return w.standin.message(int(night.meta["message"][1]))


async def press(w: World, user: User, night_id: int, answer: str) -> InteractionRecord:
    message = await signup_message(w, night_id)
    call = await w.standin.click(user, custom_id=f"gn|{night_id}|{answer}", message=message)
    await call.wait_response()
    assert not call.errors, call.callbacks
    await w.standin.settle()
    return call


def question(w: World, user: User) -> Message | None:
    """The member's open sign-up question for a night (ephemeral, with gnja/gnjs components)."""
    for message in reversed(w.standin.channel_view(w.channel, user)):
        ids = [str(c.get("custom_id", "")) for c in message.all_components()]
        if message.ephemeral and any(i.startswith(("gnja|", "gnjs|", "gmja|", "gmjs|")) for i in ids):
            return message
    return None


async def answer(w: World, user: User, value: str) -> InteractionRecord:
    message = question(w, user)
    assert message is not None, w.standin.transcript(w.channel, user)
    button = next((b for b in message.buttons if str(b.get("custom_id", "")).endswith(f"|{value}")), None)
    if button is not None:
        call = await w.standin.click(user, custom_id=str(button["custom_id"]), message=message)
    else:
        menu = next(str(c["custom_id"]) for c in message.all_components()
                    if str(c.get("custom_id", "")).startswith(("gnjs|", "gmjs|")))
        call = await w.standin.select(user, [value], custom_id=menu, message=message)
    await call.wait_response()
    assert not call.errors, call.callbacks
    await w.standin.settle()
    return call


def the_event(w: World) -> ScheduledEvent:
    (event,) = events_of(w.guild)
    return event


def dms(w: World, user: User, starting: str) -> list[Message]:
    return [m for m in w.standin.dm_view(user) if m.text.startswith(starting)]
