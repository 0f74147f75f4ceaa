"""The REST budget (issue 13): Discord allows a bot about 50 requests per second across all its
processes, and interaction endpoints — callbacks, an interaction token's follow-ups and edits — are not
counted. A whole 5-player Cookie game makes at most 100 counted requests, at most half of what the same
game makes with every message sent the ordinary way, and every player and the channel see the same
texts either way; a token Discord refuses costs nothing but the saving."""

from __future__ import annotations

import asyncio
import re
import types
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest

import bot.lobby
from bot.discord.batches import ROW_BITS, claimed_since
from bot.discord.outbox import Message, Outbox
from bot.discord.replies import ANSWER_WAIT, LIFETIME, MARGIN, FollowUp, Replies
from tests.discord.world import WINDOW, World, open_game, world
from tests.discord_standin import DiscordStandIn, RecordedRequest
from tests.discord_standin import Message as Shown
from tests.runtime.helpers import Journal

PLAYERS = 5
SEED = 1313  # the same deal, the same choices, in every run
MOST_COUNTED = 100


@dataclass
class Played:
    counted: int
    free: int
    refused: int
    """Requests through an interaction token that Discord refused (the token past its 15 minutes)."""
    seen: dict[str, list[str]]
    """What each player sees (the channel, their ephemeral answers, their DMs), and what the channel shows
    everyone: every line of every message as it finally reads, in order."""


def readable(standin: DiscordStandIn, text: str) -> str:
    """A line as a reader takes it: mentions by name (ids differ between runs), deadlines as such."""
    text = re.sub(r"<@!?(\d+)>", lambda m: "@" + standin.users[int(m.group(1))].username, text)
    return re.sub(r"<t:\d+:R>", "<deadline>", text)


def seen(w: World) -> dict[str, list[str]]:
    def lines(messages: list[Shown]) -> list[str]:
        return [readable(w.standin, line) for message in messages for line in message.content.split("\n")]

    views = {"#channel": lines(w.standin.channel_view(w.channel))}
    for user in w.users:
        views[f"{user.username} in the channel"] = lines(w.standin.channel_view(w.channel, user))
        views[f"{user.username}'s DMs"] = lines(w.standin.dm_view(user))
    return views


async def play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, follow_ups: bool, refuse_tokens: bool = False
) -> Played:
    """One whole 5-player Cookie game through slash commands and clicks, from the same seed."""
    monkeypatch.setattr(bot.lobby, "secrets", types.SimpleNamespace(randbits=lambda bits: SEED))
    standin = DiscordStandIn(flood_limit=(5, WINDOW))
    await standin.start()
    try:
        async with world(tmp_path, PLAYERS, standin=standin) as w:
            w.gm.replies.enabled = follow_ups
            started = len(standin.requests)  # the bot's start-up (commands, gateway) is no game's
            game_id = await open_game(w)
            if refuse_tokens:
                standin.request_hooks.append(expire_tokens(standin))
            await w.play_to_end(game_id)
            await w.gm.drained()
            await standin.settle()
            requests = standin.requests[started:]
            counted = sum(1 for request in requests if standin.counted(request))
            refused = sum(1 for request in requests if request.status == 401 and standin.interaction_of(request))
            played = Played(counted, len(requests) - counted, refused, seen(w))
    finally:
        await standin.stop()
    standin.assert_clean()  # every request valid by Discord's OpenAPI description, no channel flooded
    return played


def expire_tokens(standin: DiscordStandIn) -> Callable[[RecordedRequest, str], Awaitable[None]]:
    """Every follow-up or edit through an interaction token arrives after the token's 15 minutes."""

    async def hook(request: RecordedRequest, phase: str) -> None:
        interaction = standin.interaction_of(request)
        if phase == "received" and interaction is not None and request.path.startswith("/webhooks/"):
            interaction.sent_at -= standin.token_lifetime

    return hook


def assert_same_views(got: Played, expected: Played) -> None:
    for who, lines in expected.seen.items():
        assert got.seen[who] == lines, f"{who} saw something else:\n" + "\n".join(
            f"  {a!r}\n  {b!r}" for a, b in zip(got.seen[who], lines, strict=False) if a != b
        )


async def test_a_cookie_game_stays_within_the_budget_and_everyone_sees_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ordinary = await play(tmp_path / "ordinary", monkeypatch, follow_ups=False)
    budgeted = await play(tmp_path / "budgeted", monkeypatch, follow_ups=True)
    print(f"\ncounted requests per 5-player Cookie game: {ordinary.counted} sent the ordinary way, "
          f"{budgeted.counted} with follow-ups ({budgeted.free} free)")
    assert budgeted.counted <= MOST_COUNTED
    assert budgeted.counted * 2 <= ordinary.counted, "at least half of the counted requests are gone"
    assert_same_views(budgeted, ordinary)


def act(interaction_id: int, channel_id: int) -> discord.Interaction:
    """As much of an interaction as the replies read: its id, its channel, its follow-up webhook."""
    return types.SimpleNamespace(id=interaction_id, channel_id=channel_id, followup=f"webhook {interaction_id}")  # type: ignore[return-value]


async def test_messages_follow_the_newest_act_once_answered_and_never_a_token_past_its_time() -> None:
    now = 0.0
    replies = Replies(clock=lambda: now)
    replies.offer(act(1, channel_id=10))
    replies.expect(act(2, channel_id=10))
    picking = asyncio.create_task(replies.token_for(10))
    await asyncio.sleep(0.01)
    assert not picking.done(), "the next message waits for the act being answered"
    replies.offer(act(2, channel_id=10))
    token = await picking
    assert token is not None and token.interaction_id == 2
    replies.expect(act(3, channel_id=10))
    replies.withdraw(act(3, channel_id=10))  # refused: nothing waits for it
    token = await asyncio.wait_for(replies.token_for(10), 0.5)
    assert token is not None and token.interaction_id == 2
    assert await replies.token_for(11) is None, "an act carries its own channel's messages only"
    now = LIFETIME - MARGIN
    assert await replies.token_for(10) is None, "too close to the end of the token's 15 minutes"


async def test_a_message_waiting_on_an_act_is_not_stranded_when_a_newer_act_comes_first() -> None:
    """A player clicks again before the first click is answered: the message already waiting on the
    first act goes as soon as that act is answered, not after the whole wait."""
    replies = Replies()
    replies.expect(act(1, channel_id=10))
    waiting = asyncio.create_task(replies.token_for(10))
    await asyncio.sleep(0)
    replies.expect(act(2, channel_id=10))
    replies.offer(act(1, channel_id=10))
    token = await asyncio.wait_for(waiting, ANSWER_WAIT / 10)
    assert token is not None and token.interaction_id == 1


async def test_a_follow_up_is_claimed_with_a_negative_batch_that_says_when_and_an_earlier_claim_goes_as_claimed(
) -> None:
    """A follow-up carries no nonce: its rows are claimed with a negative batch (its first row in the low bits,
    the moment of the claim above), which tells a restart to look for the message, among those made since,
    before sending it again — the ordinary way, with the claimed (negative) batch. It is saved as sent before
    the next message goes."""
    log: list[str] = []

    def sender(how: str) -> Callable[[str, dict[str, object]], Awaitable[None]]:
        async def send(content: str, extra: dict[str, object]) -> None:
            log.append(f"{how} {content!r} nonce={extra.get('nonce')}")

        return send

    async def route() -> FollowUp:
        return FollowUp(sender("follow-up"), 1)

    outbox = Outbox(sender("ordinary"), window=WINDOW, journal=Journal(log), follow_up=route)
    before = discord.utils.time_snowflake(discord.utils.utcnow())
    outbox.put_text("Alice reveals Sword.", rows=[7])
    outbox.put_message(Message(content="Bob reveals Shield.", rows=[5], batch=-5))
    await outbox.drained()
    batch = int(log[0].rsplit(" ", 1)[1])
    assert batch < 0 and -batch & ROW_BITS == 7, "negative, its first row in the low bits"
    since = claimed_since(batch)
    assert since is not None and before >> 22 <= since >> 22 <= discord.utils.time_snowflake(
        discord.utils.utcnow()) >> 22, "the moment of the claim"
    assert claimed_since(-5) is None, "a claim saved before batches said when"
    assert log == [
        f"claim [7] as {batch}", f"follow-up 'Alice reveals Sword.' nonce={batch}", "done [7]", "marks saved",
        "ordinary 'Bob reveals Shield.' nonce=-5", "done [5]",
    ]


async def test_a_follow_ups_claim_the_database_could_not_save_is_made_again_with_its_batch_and_sent_the_ordinary_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Saved or not, nobody knows: claiming afresh (a new batch) would be refused if it was saved, leaving the row
    unsent; so it is claimed again with the same batch, and, since it may be saved as a follow-up's, sent the
    ordinary way with it, which looks for the follow-up first."""
    monkeypatch.setattr("bot.discord.outbox.backoff", lambda failures: 0.01)
    log: list[str] = []
    away = [1]

    class AwayOnce(Journal):
        async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
            if away[0]:
                away[0] -= 1
                log.append(f"claim {rows} as {batch}: the database is away")
                raise ConnectionError("the database system is shutting down")
            return await super().claim(rows, batch, carrier, again=again)

    async def send(content: str, extra: dict[str, object]) -> None:
        log.append(f"ordinary {content!r} nonce={extra.get('nonce')}")

    async def follow_up_send(content: str, extra: dict[str, object]) -> None:
        log.append(f"follow-up {content!r}")

    async def route() -> FollowUp:
        return FollowUp(follow_up_send, 1)

    outbox = Outbox(send, window=WINDOW, journal=AwayOnce(log), follow_up=route)
    outbox.put_text("Alice reveals Sword.", rows=[7])
    await outbox.drained()
    batch = int(log[0].split(" as ")[1].split(":")[0])
    assert batch < 0
    assert log == [f"claim [7] as {batch}: the database is away", f"claim [7] as {batch}",
                   f"ordinary 'Alice reveals Sword.' nonce={batch}", "done [7]"]


class FailingWebhook:
    """A follow-up webhook Discord answers with an error that is not about the token."""

    def __init__(self, status: int) -> None:
        self.status = status

    def _error(self) -> discord.HTTPException:
        response = types.SimpleNamespace(status=self.status, reason="Bad Request")
        return discord.HTTPException(response, {"code": 50035, "message": "Invalid Form Body"})  # type: ignore[arg-type]

    async def send(self, **fields: object) -> None:
        raise self._error()

    async def edit_message(self, message_id: int, **fields: object) -> None:
        raise self._error()


async def test_a_follow_up_discord_refuses_for_any_reason_goes_the_ordinary_way() -> None:
    """Not only a token past its time: any error answer (nothing was made) sends the message the
    ordinary way, and the token is not tried again."""
    from bot.discord.replies import Token

    sent: list[str] = []

    async def plain(content: str, extra: dict[str, object]) -> str:
        sent.append(f"{content} nonce={extra.get('nonce')}")
        return "ordinary message"

    token = Token(FailingWebhook(400), interaction_id=1, received=0.0, lifetime=LIFETIME)  # type: ignore[arg-type]
    replies = Replies(clock=lambda: 0.0)
    assert await replies.send(token, "Alice reveals Sword.", {"nonce": -7}, plain=plain) == "ordinary message"
    assert sent == ["Alice reveals Sword. nonce=7"] and token.dead

    edited: list[dict[str, object]] = []
    message = types.SimpleNamespace(id=5, edit=lambda **fields: asyncio.sleep(0, edited.append(fields)))
    replies._made[5] = Token(FailingWebhook(404), interaction_id=2, received=0.0, lifetime=LIFETIME)  # type: ignore[arg-type]
    await replies.edit(message, content="status")  # type: ignore[arg-type]
    assert edited == [{"content": "status"}]


async def test_refused_tokens_fall_back_to_ordinary_sends_and_lose_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ordinary = await play(tmp_path / "ordinary", monkeypatch, follow_ups=False)
    refused = await play(tmp_path / "refused", monkeypatch, follow_ups=True, refuse_tokens=True)
    assert refused.refused > 0, "the game's messages were tried as follow-ups first"
    assert_same_views(refused, ordinary)
