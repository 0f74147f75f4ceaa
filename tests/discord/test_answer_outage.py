"""A member's private answer that Discord fails (the full scale run's 30-second outage): what the member did is
saved and its public part still goes (the lobby's announcement with its Join button, the line that a player
joined), and the log has a warning line, no ERROR traceback. Found by the full scale run: the private answer's
503 ended `/… new` and the Join button's handling before the announcement, so the lobby stood unannounced, its
channel "busy" to every later `/… new` (148 refusals, each logged as an ERROR when its answer met the outage
too)."""

from __future__ import annotations

import asyncio
import logging
import types
from pathlib import Path
from typing import Any

import discord.http
import discord.webhook.async_
import pytest

from bot.i18n import t
from bot.live import Seat
from games import registry
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn, InteractionRecord, User

FOLLOW_UP = "/webhooks/{webhook_id}/{webhook_token}"
ANSWER = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def private_answers_fail(standin: DiscordStandIn) -> None:
    """Every interaction's follow-up and every look at its answer: 503 (Discord down for them) until cleared."""
    standin.fail("POST", FOLLOW_UP, status=503, times=10**6)
    standin.fail("GET", ANSWER, status=503, times=10**6)


@pytest.fixture
def quick_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py tries a look at an answer (and any request) again after a 5xx, 1 + 3 + 5 + 7 s apart: here at
    once."""
    sleep = asyncio.sleep

    async def quick(delay: float, *args: Any) -> Any:
        return await sleep(min(delay, 0.01), *args)

    quick_asyncio = types.SimpleNamespace(**{**vars(asyncio), "sleep": quick})
    monkeypatch.setattr(discord.webhook.async_, "asyncio", quick_asyncio)
    monkeypatch.setattr(discord.http, "asyncio", quick_asyncio)


def answers_fail(standin: DiscordStandIn) -> None:
    """As `private_answers_fail`, and the answers given at once (the interaction's callback) too."""
    private_answers_fail(standin)
    standin.fail("POST", CALLBACK, status=503, times=10**6)


def private_answers_work(standin: DiscordStandIn) -> None:
    for rule in standin.server_errors:
        rule.remaining = 0


async def invoked(w: World, user: User, command: str) -> InteractionRecord:
    call = await w.standin.invoke_slash(user, command, channel=w.channel)
    await call.wait_response()  # deferred ("thinking…"): the answer is a follow-up, which fails
    await w.gm.drained()
    await w.standin.settle()
    return call


async def invoked_unanswered(w: World, user: User, command: str, caplog: pytest.LogCaptureFixture) -> None:
    """`command`, whose answer Discord fails: nothing to wait for but the bot's word that it failed."""
    known = len(caplog.records)
    await w.standin.invoke_slash(user, command, channel=w.channel)
    await w.standin.wait_for(
        lambda: any(r.levelno >= logging.WARNING and "failed" in r.getMessage() for r in caplog.records[known:]),
        timeout=10, what=f"the bot's word that its answer to /{command} failed",
    )
    await w.gm.drained()
    await w.standin.settle()


async def told_the_channel(w: World, line: str) -> None:
    """Wait for `line` in the channel: it follows the member's answer, whose failed follow-up a loaded machine may
    still be trying when the command's deferral, the outboxes and the stand-in have settled (a full suite's run
    under xdist once looked too early); then for what else would come."""
    await w.standin.wait_for(lambda: line in w.standin.transcript(w.channel), timeout=10,
                             what=f"the channel's line {line!r}")
    await w.gm.drained()
    await w.standin.settle()


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_lobby_whose_private_answers_meet_an_outage_is_announced_and_joined_with_no_error_logged(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture, quick_looks: None,
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        host, player, late = w.users[0], w.users[1], w.users[2]
        private_answers_fail(standin)
        with caplog.at_level(logging.INFO):
            await invoked(w, host, "cookie new")
            row = await w.gm.lobby.current(w.channel.id)
            assert row is not None, "the lobby was created"
            join_button = f"gmj|{row.id}"
            assert any(b.get("custom_id") == join_button for m in standin.channel_view(w.channel) for b in m.buttons), \
                [(m.text, m.buttons) for m in standin.channel_view(w.channel)]
            await invoked(w, player, "join")
            row = await w.gm.lobby.current(w.channel.id)
            assert row is not None and [s["user_id"] for s in row.seats] == [host.id, player.id]
            joined = t("ru", "lobby-joined", player=player.mention, count=2, max=registry.engine("cookie").max_players)
            await told_the_channel(w, joined)
            refused = await invoked(w, late, "cookie new")  # the channel is busy: a refusal, which fails too
            assert errors(caplog) == [], "Discord failing a private answer is no defect"
        private_answers_work(standin)
        refused = await w.slash(late, "cookie new")
        assert refused.original_message_id is not None
        answer = standin.message(refused.original_message_id).text
        assert t("en", "lobby-channel-busy") in answer, answer  # (the member's language; the channel's is ru)


async def test_a_refusal_answered_after_its_token_ran_out_is_a_warning_line(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture,
) -> None:
    """The scale run's other `/… new` ERRORs: the refusal came after the interaction's token had run out (401
    "Invalid Webhook Token"); nothing reaches the member through it any more, as with "Unknown interaction"."""
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        standin.token_lifetime = 0.0  # the next interaction's follow-ups come too late
        with caplog.at_level(logging.INFO):
            await invoked(w, w.users[1], "cookie new")
        assert errors(caplog) == [], "a token run out is no defect"
        assert any("answered too late" in r.getMessage() for r in caplog.records)


async def test_a_join_whose_private_answer_meets_an_outage_is_seated_and_told_to_the_channel(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture, quick_looks: None,
) -> None:
    """The scale run's `component gmj|N failed`: the seat was saved, then the answer's 503 ended the handling
    before the channel's line."""
    async with world(tmp_path, 4, standin=standin) as w:
        host, player = w.users[0], w.users[1]
        await w.slash(host, "cookie new")
        private_answers_fail(standin)
        with caplog.at_level(logging.INFO):
            await invoked(w, player, "join")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and [s["user_id"] for s in row.seats] == [host.id, player.id], "seated once"
        joined = t("ru", "lobby-joined", player=player.mention, count=2, max=registry.engine("cookie").max_players)
        await told_the_channel(w, joined)
        assert standin.transcript(w.channel).count(joined) == 1, "the channel is told who joined, once"
        assert errors(caplog) == []


async def test_a_start_whose_private_answer_meets_an_outage_still_retires_the_join_button(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture, quick_looks: None,
) -> None:
    """/start saves the game, answers the host, then takes the Join button off the lobby's announcement: the
    answer's 503 left the button on a game already running, and an ERROR."""
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        for user in w.users[1:]:
            await w.slash(user, "join")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        private_answers_fail(standin)
        with caplog.at_level(logging.INFO):
            await invoked(w, w.users[0], "start")
        game = w.game(row.id)
        assert game is not None and game.running, "the game started"
        join_button = f"gmj|{row.id}"
        assert not any(b.get("custom_id") == join_button for m in standin.channel_view(w.channel) for b in m.buttons)
        assert errors(caplog) == []


async def test_a_cancel_whose_answer_meets_an_outage_still_tells_the_channel_and_retires_the_join_button(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture, quick_looks: None,
) -> None:
    """/cancel (and /leave, the bots added) answer in the channel: the lobby was saved cancelled, then the answer's
    503 ended the handling, so the channel never read that it was cancelled and the Join button stayed on it."""
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        answers_fail(standin)
        with caplog.at_level(logging.INFO):
            await invoked_unanswered(w, w.users[0], "cancel", caplog)
        assert await w.gm.lobby.current(w.channel.id) is None, "cancelled"
        cancelled = t("ru", "lobby-cancelled", id=row.id)
        assert standin.transcript(w.channel).count(cancelled) == 1, "the channel is told, once"
        join_button = f"gmj|{row.id}"
        assert not any(b.get("custom_id") == join_button for m in standin.channel_view(w.channel) for b in m.buttons)
        assert errors(caplog) == []


async def test_a_leave_in_an_anonymous_lobby_whose_answer_meets_an_outage_is_still_told_to_the_channel(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture, quick_looks: None,
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        await w.slash(w.users[0], "mafia new", mode="anonymous")  # the host signs up later
        player = w.users[1]
        await w.gm.lobby.join(w.channel.id, Seat(name=player.username, user_id=player.id, language="en"))
        await w.slash(w.users[0], "addbot", count=2)
        answers_fail(standin)
        with caplog.at_level(logging.INFO):
            await invoked_unanswered(w, player, "leave", caplog)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and player.id not in [s.get("user_id") for s in row.seats], "left"
        left = t("ru", "lobby-left-anonymous", count=2)
        assert standin.transcript(w.channel).count(left) == 1, "the channel is told, once, naming no one"
        assert errors(caplog) == []
