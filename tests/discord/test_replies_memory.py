"""An interaction's token waits for its answer with an Event of its own, and keeps none once answered (issue 41:
a channel's tokens stay for their 15 minutes; an Event is 0.9 KB)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from bot.discord.replies import ANSWERED, Replies


def interaction(interaction_id: int, channel_id: int = 7) -> Any:
    return SimpleNamespace(id=interaction_id, channel_id=channel_id, followup=object())


def test_an_answered_token_shares_one_set_event_and_its_waiter_is_woken() -> None:
    async def run() -> None:
        replies, act = Replies(), interaction(1)
        replies.expect(act)
        waiting = asyncio.ensure_future(replies.token_for(7))
        await asyncio.sleep(0)
        token = replies._newest[7]
        assert token.answered is not ANSWERED and not token.answered.is_set(), "while answered: its own Event"
        replies.offer(act)
        carried = await asyncio.wait_for(waiting, 1)
        assert carried is token and token.answered is ANSWERED

    asyncio.run(run())


def test_a_token_offered_without_being_expected_or_withdrawn_keeps_no_event_of_its_own() -> None:
    async def run() -> None:
        replies = Replies()
        replies.offer(interaction(1))
        assert replies._answered[7].answered is ANSWERED
        replies.expect(refused := interaction(2, channel_id=8))
        token = replies._newest[8]
        replies.withdraw(refused)
        assert token.answered is ANSWERED and await replies.token_for(8) is None

    asyncio.run(run())
