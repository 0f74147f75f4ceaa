"""A lingering outbox (a member's DMs): lines with nothing queued behind them wait 0.3 of the window for a message
to fold into (issue 41: one counted message instead of two), go alone when none comes, and do not wait when they
would go as a follow-up of their member's click a moment ago (they are looking). A follow-up of an older click
(a token lives 15 minutes) waits to fold like the rest: every message is a claim saved and a request."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.discord.outbox import SETTLE_SHARE, Message, Outbox
from bot.discord.replies import FRESH_SECONDS, FollowUp

WINDOW = 0.5


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[float, str]] = []

    async def __call__(self, content: str, extra: dict[str, Any]) -> str:
        self.sent.append((asyncio.get_running_loop().time(), content))
        return content


async def test_a_line_and_the_prompt_queued_a_moment_later_are_one_message() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW, linger=True)
    outbox.put_text("⏰ Your time ran out: the bot acted for you.")
    await asyncio.sleep(WINDOW * SETTLE_SHARE / 3)  # the next step plans the next round's cards
    outbox.put_message(Message(content="🃏 Draft 2/6", build=lambda: {"view": None}))
    await outbox.drained()
    assert [content for _, content in recorder.sent] == ["⏰ Your time ran out: the bot acted for you.\n🃏 Draft 2/6"]


async def test_a_line_with_no_prompt_coming_goes_alone_after_its_wait() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW, linger=True)
    queued = asyncio.get_running_loop().time()
    outbox.put_text("☠ What happened to you this phase")
    await outbox.drained()
    ((at, content),) = recorder.sent
    assert content == "☠ What happened to you this phase"
    assert at - queued >= WINDOW * SETTLE_SHARE * 0.99


async def test_a_line_that_goes_as_a_follow_up_does_not_wait() -> None:
    recorder, follow_ups = Recorder(), Recorder()

    clicked = time.monotonic()

    async def route() -> FollowUp:
        return FollowUp(follow_ups, 1, clicked)

    outbox = Outbox(recorder, window=WINDOW, linger=True, follow_up=route)
    queued = asyncio.get_running_loop().time()
    outbox.put_text("🃏 Kept: Vest, Vest")
    await outbox.drained()
    ((at, content),) = follow_ups.sent
    assert content == "🃏 Kept: Vest, Vest" and not recorder.sent
    assert at - queued < WINDOW * SETTLE_SHARE / 2


async def test_a_line_that_would_follow_an_older_click_waits_for_the_prompt_and_goes_in_one_follow_up() -> None:
    recorder, follow_ups = Recorder(), Recorder()
    clicked = time.monotonic() - FRESH_SECONDS - 60  # a click minutes ago: its token still carries, nobody is looking

    async def route() -> FollowUp:
        return FollowUp(follow_ups, 1, clicked)

    outbox = Outbox(recorder, window=WINDOW, linger=True, follow_up=route)
    outbox.put_text("⏰ Your time ran out: the bot acted for you.")
    await asyncio.sleep(WINDOW * SETTLE_SHARE / 3)
    outbox.put_message(Message(content="🃏 Draft 2/6", build=lambda: {"view": None}))
    await outbox.drained()
    assert [content for _, content in follow_ups.sent] == ["⏰ Your time ran out: the bot acted for you.\n🃏 Draft 2/6"]
    assert not recorder.sent


async def test_an_outbox_that_does_not_linger_sends_a_line_at_once() -> None:
    recorder = Recorder()
    outbox = Outbox(recorder, window=WINDOW)
    queued = asyncio.get_running_loop().time()
    outbox.put_text("a channel line")
    await outbox.drained()
    ((at, _),) = recorder.sent
    assert at - queued < WINDOW * SETTLE_SHARE / 2
