"""Joining a game sends a test DM (a counted request) only to a member the bot has not reached in DMs within
JOIN_DM_TEST_HOURS (issue 41): a member who played an hour ago joins the next game without one. One whose DMs
closed since is told in the channel when the game's first DM to them is refused (the 🂠 button shows their
prompts), and their next join tests their DMs again and refuses them, as before."""

from __future__ import annotations

import time
from pathlib import Path

from tests.discord.world import World, open_game, world
from tests.discord_standin import DiscordStandIn

TEST_DM = "👋"


def join_test_dms(standin: DiscordStandIn, since: int = 0) -> list[str]:
    """The join test DMs posted since the `since`-th request."""
    return [str(r.body.get("content")) for r in standin.requests[since:]
            if r.method == "POST" and isinstance(r.body, dict) and str(r.body.get("content", "")).startswith(TEST_DM)]


def counted(standin: DiscordStandIn, since: int) -> int:
    return sum(1 for r in standin.requests[since:] if standin.counted(r))


async def play_and_end(w: World, players: int | None = None) -> None:
    game_id = await open_game(w, players=players)
    await w.slash(w.moderator, "gm end", game_id=game_id)
    await w.gm.drained()
    await w.standin.settle()


async def test_members_the_bot_reached_in_dms_lately_join_the_next_game_without_a_test_dm(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        first = len(standin.requests)
        await play_and_end(w)
        assert len(join_test_dms(standin, first)) == 4, "the first game tests the DMs of the host and each who joined"
        joining = len(standin.requests)
        await w.slash(w.users[0], "cookie new")
        for user in w.users[1:]:
            await w.slash(user, "join")
        await w.gm.drained()
        await standin.settle()
        assert join_test_dms(standin, joining) == [], "reached by the first game's DMs: no test DM"
        assert counted(standin, joining) == 0, "opening and joining a lobby cost no counted request"
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and len(row.seats) == 4, "every one of them is seated"


async def test_a_member_reached_longer_ago_than_the_hours_is_tested_again(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, standin=standin, join_dm_test_hours=2) as w:
        await play_and_end(w)
        late = w.users[2]
        await w.gm.storage.save_dm_reached(late.id, time.time() - 2 * 3600 - 60)
        joining = len(standin.requests)
        await w.slash(w.users[0], "cookie new")
        for user in w.users[1:]:
            await w.slash(user, "join")
        await w.gm.drained()
        assert len(join_test_dms(standin, joining)) == 1, "only the member last reached more than 2 hours ago"
        assert standin.dm_view(late)[-1].content.startswith(TEST_DM)


async def test_a_member_whose_dms_closed_since_is_told_in_the_channel_and_refused_at_the_next_join(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        w.gm.replies.enabled = False  # the ordinary DM: an old click's follow-up would still reach them
        await play_and_end(w)
        closed = w.users[1]
        standin.close_dms(closed)
        await w.gm.drained()
        game_id = await open_game(w)  # joined without a test DM: reached by the first game
        await w.gm.drained()
        await standin.wait_for(
            lambda: any("could not send a private message" in m.text or "Не удалось отправить" in m.text
                        for m in standin.channel_view(w.channel)),
            timeout=10, what="the channel to be told about the closed DMs",
        )
        assert any("🂠" in str(m.buttons) for m in standin.channel_view(w.channel)), "their prompts are one click away"
        assert await w.gm.storage.dm_reached(closed.id) is None, "the refused DM forgot their reach"
        await w.slash(w.moderator, "gm end", game_id=game_id)
        await w.gm.drained()
        await w.slash(w.users[0], "cookie new")
        joining = len(standin.requests)
        call = await w.slash(closed, "join")
        assert [r for r in standin.requests[joining:] if r.status == 403], "their DMs tested again, and refused"
        answer = standin.message(call.original_message_id or call.followup_ids[-1])
        assert "Direct Messages" in answer.text or "личные сообщения" in answer.text, answer.text
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and all(s["user_id"] != closed.id for s in row.seats)



async def test_the_same_members_next_game_costs_only_its_first_prompts_once_their_tokens_are_gone(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    """A table of regulars: their DM channels are known and their DMs were reached by the last game, so the next
    game's only counted requests are its first prompts in their DMs (their last clicks' tokens have run out)."""
    async with world(tmp_path, 5, standin=standin) as w:
        await w.play_to_end(await open_game(w))
        await w.gm.drained()
        await standin.settle()
        later = w.gm.replies._clock  # 16 minutes on: every token of the first game is past its time
        w.gm.replies._clock = lambda: later() + 16 * 60
        for record in standin.interactions.values():
            record.sent_at -= 16 * 60
        since = len(standin.requests)
        await w.play_to_end(await open_game(w))
        await w.gm.drained()
        await standin.settle()
        counted_requests = [r for r in standin.requests[since:] if standin.counted(r)]
        prompts = [r for r in counted_requests if r.method == "POST" and isinstance(r.body, dict)
                   and r.body.get("components") and standin.channels[int(r.path.split("/")[2])].recipient_id]
        achievements = [r for r in counted_requests if r.path == f"/channels/{w.channel.id}/messages"
                        and isinstance(r.body, dict) and str(r.body.get("content", "")).startswith("🏅")]
        assert len(prompts) == 5, "each player's first prompt"
        assert len(counted_requests) == 5 + len(achievements), [str(r) for r in counted_requests]
