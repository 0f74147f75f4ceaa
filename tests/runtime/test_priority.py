"""Answers first (bot/discord/priority.py): while a click is being answered an outbox starts nothing new;
it goes on once the answer is done, or after the longest wait even if clicks keep coming."""

from __future__ import annotations

import asyncio

from bot.discord.priority import Foreground


async def test_a_turn_waits_for_the_click_being_answered() -> None:
    foreground = Foreground(longest=5.0)
    order: list[str] = []

    async def outbox() -> None:
        await foreground.turn()
        order.append("delivery")

    async with foreground.answering():
        waiting = asyncio.create_task(outbox())
        await asyncio.sleep(0.02)
        order.append("answer")
    await waiting
    assert order == ["answer", "delivery"]


async def test_a_turn_is_immediate_when_nobody_waits_for_an_answer() -> None:
    foreground = Foreground(longest=5.0)
    await asyncio.wait_for(foreground.turn(), 0.5)


async def test_a_steady_stream_of_clicks_delays_deliveries_only_by_the_longest_wait() -> None:
    foreground = Foreground(longest=0.05)
    async with foreground.answering():
        loop = asyncio.get_running_loop()
        started = loop.time()
        await foreground.turn()
        assert loop.time() - started < 1.0  # not until the answer is done: the outbox goes on
