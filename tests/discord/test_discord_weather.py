"""Discord's ordinary weather through the stand-in (issue 24, items 1, 4 and 5): a 5xx, a request Discord
carried out but answered with an error. A transient failure leaves the delivery waiting and tries it
again, in order; nothing is lost, nothing appears twice, and a rule is announced only once it is true."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.i18n import t
from bot.storage import DELIVERY_DROPPED
from tests.discord.mafia_play import MANAGE_ROLES, fixed_seed, may_write, open_mafia
from tests.discord.world import open_game, world
from tests.discord_standin import DiscordStandIn

MESSAGES = "/channels/{channel_id}/messages"
OVERWRITES = "/channels/{channel_id}/permissions/{overwrite_id}"
FOLLOW_UPS = "/webhooks/{webhook_id}/{webhook_token}"


def lines(key: str) -> list[str]:
    """A catalog line in both languages (the stand-in's server speaks Russian)."""
    return [t(language, key) for language in ("en", "ru")]


def dropped_deliveries(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        query = "SELECT COUNT(*) FROM deliveries WHERE state = ?"
        return int(connection.execute(query, (DELIVERY_DROPPED,)).fetchone()[0])


async def test_a_5xx_leaves_a_message_waiting_and_it_is_sent_once_discord_recovers(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """Discord answers the first posts after /start with 503: the players still get their first prompts
    (before: the rows were dropped and the game waited for ever), and the game plays to its end. The
    join test DM meeting a 503 lets the member in (it says nothing about their DMs)."""
    async with world(tmp_path, 4, standin=standin) as w:
        standin.fail("POST", MESSAGES, status=503, times=1)
        assert not (await w.slash(w.users[0], "cookie new")).errors
        for user in w.users[1:]:
            await w.slash(user, "join")
        failing = standin.fail("POST", MESSAGES, status=503, times=3)
        await w.slash(w.users[0], "start")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.status == "running"
        game_id = row.id
        await w.play_to_end(game_id)
        await w.gm.drained()
        assert failing.remaining == 0, "the stand-in failed the posts it was told to"
        assert dropped_deliveries(w.db) == 0, "a transient failure dropped a delivery"
        row = await w.gm.storage.load_game(game_id)
        assert row is not None and row.status == "finished"
        for user in w.users:  # the game's first prompts were DMs that met the 503s
            assert any("#" in m.content for m in standin.dm_view(user)), f"{user.username} got no prompt"


async def test_a_message_discord_made_before_answering_500_appears_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """Discord makes the message, then answers 500 (five times over, so the bot's HTTP client gives up and
    the outbox tries again later): the message carries its nonce, so the next try returns the same
    message instead of a second one."""
    async with world(tmp_path, 4, standin=standin) as w:
        w.gm.replies.enabled = False  # every message the ordinary way (not as a follow-up)
        game_id = await open_game(w)
        failing = standin.fail("POST", MESSAGES, status=503, times=1, landed=True)
        await w.play_to_end(game_id)
        await w.gm.drained()
        await standin.settle()
        failed = [r for r in standin.requests if r.route == MESSAGES and r.method == "POST" and r.status == 503]
        assert failing.remaining == 0 and failed, "no message met the failure"
        nonce = str((failed[0].body or {}).get("nonce"))
        assert nonce != "None", "a saved message goes out with its nonce"
        made = [m for channel in standin.messages.values() for m in channel if m.nonce == nonce]
        assert len(made) == 1, f"the message Discord made before its 503 exists {len(made)} times"
        assert made[0] in standin.nonce_repeats, "tried again with its nonce, and Discord gave the same message back"
        assert dropped_deliveries(w.db) == 0


async def test_a_follow_up_discord_made_before_answering_500_appears_once(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """A follow-up carries no nonce: discord.py would send it again after a 5xx. It is tried once; the
    ordinary send that replaces it first looks whether Discord made it after all."""
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        standin.fail("POST", FOLLOW_UPS, status=500, times=1, landed=True)
        await w.play_to_end(game_id)
        await w.gm.drained()
        await standin.settle()
        failed = [r for r in standin.requests if r.route == FOLLOW_UPS and r.method == "POST" and r.status == 500]
        assert failed, "no follow-up met the failure"
        content = str((failed[0].body or {}).get("content", "")).split("\n")[0]  # (an answer edits the rest)
        places = [standin.channel_view(w.channel), *(standin.dm_view(u) for u in w.users)]
        copies = [sum(m.content.split("\n")[0] == content for m in messages) for messages in places]
        assert max(copies) == 1, f"the follow-up Discord made before its 500 appears {max(copies)} times: {content!r}"


@pytest.mark.parametrize("times", [1, 4])
async def test_the_channel_is_given_back_through_5xx_and_announced_only_then(
    tmp_path: Path, standin: DiscordStandIn, monkeypatch: pytest.MonkeyPatch, times: int
) -> None:
    """The game ends while Discord answers 503 to overwrite changes: the give-back is tried again until
    @everyone and the players may write (before: they stayed silenced for good while the bot said they
    could write), nothing says so before it is true, and a give-back that keeps failing is told to the
    moderators once."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        game_id = await open_mafia(w, humans=3, mode="open")
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="@everyone silenced")
        standin.fail("PUT", OVERWRITES, status=503, times=times)
        standin.fail("DELETE", OVERWRITES, status=503, times=times)
        ended = await w.slash(w.moderator, "gm end", game_id=game_id)
        assert not ended.errors
        await standin.wait_for(lambda: may_write(w, w.guild.id) is not False, timeout=60, what="@everyone back")
        await w.gm.drained()
        await standin.settle()
        assert all(may_write(w, u.id) is not False for u in w.users), "a player is still silenced"
        changes = [r for r in standin.requests if r.route == OVERWRITES and r.method in ("PUT", "DELETE")]
        last_change = max(r.at for r in changes if r.status is not None and r.status < 300)
        posts = [r for r in standin.requests if r.route == MESSAGES and r.method == "POST" and r.status == 200]
        said = [str((r.body or {}).get("content", "")) for r in posts]
        opened = lines("channel-rule-open")
        free = [r for r, text in zip(posts, said, strict=True) if any(line in text for line in opened)]
        assert all(r.at > last_change for r in free), "announced before it was true"
        told = [text for text in said if any(line in text for line in lines("channel-still-failing"))]
        assert len(told) == (1 if times >= 3 else 0)
