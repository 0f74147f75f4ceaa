"""Hardening through the stand-in: a buy-in the game refuses is refused at /join, a default
deadline a game refuses is refused at /gm settings, a moderator who held a seat sees no secrets,
a leaving host hands the lobby on, and an idle lobby closes with a message."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

from tests.discord.world import open_game, world


def answer_text(w, call) -> str:  # type: ignore[no-untyped-def]
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return call.callbacks[0]["body"]["data"]["content"]


async def test_a_buy_in_the_game_refuses_is_refused_at_join_and_start_still_works(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "sword-of-lies new", buy_in=1500)
        huge = await w.slash(w.users[1], "join", buy_in=10**9)
        assert "1,000,000" in answer_text(w, huge), "the game's own range is given"
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and len(row.seats) == 1, "nothing was saved"
        await w.slash(w.users[1], "join", buy_in=3000)
        await w.slash(w.users[2], "join")
        await w.slash(w.users[0], "start")
        game = w.game(row.id)
        assert game is not None and [p.buy_in for p in game.state.table] == [1500, 3000, 1000]


async def test_a_default_deadline_a_game_refuses_is_refused_with_its_range(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 2, standin=standin, locales=("en-US",)) as w:
        refused = await w.slash(w.moderator, "gm settings", deadline="turn", seconds=7200)
        text = answer_text(w, refused)
        assert "Maskmen" in text and "3,600" in text
        assert (await w.gm.storage.guild_settings(w.guild.id))["deadlines"] == {}, "nothing was changed"
        unknown = await w.slash(w.moderator, "gm settings", deadline="nap", seconds=60)
        assert "nap" in answer_text(w, unknown)
        await w.slash(w.moderator, "gm settings", deadline="turn", seconds=1800)
        await w.slash(w.users[0], "maskmen new")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.options["turn_seconds"] == 1800


async def test_a_moderator_who_held_a_seat_cannot_see_the_games_secrets(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        other = w.standin.add_user("moderator2")  # a playing moderator moderates nothing of their game
        w.standin.add_member(w.guild, other, roles=[w.guild.role("Mods")])
        await w.slash(w.moderator, "gm replace", player=w.users[3], member=w.moderator)
        assert game.seat_of(w.moderator.id) == 3
        await w.slash(other, "gm replace", player=w.moderator, member=w.users[3])
        assert game.seat_of(w.moderator.id) is None
        for command in ("gm state", "gm export"):
            call = await w.slash(w.moderator, command)
            assert "held a seat" in answer_text(w, call), command
        await w.slash(other, "gm end")
        export = await w.slash(w.moderator, "gm export", game_id=game_id)
        assert f"#{game_id}" in answer_text(w, export), "once the game is over its record is open"
        assert w.standin.message(export.original_message_id).attachments


async def test_a_leaving_host_hands_the_lobby_to_the_next_player(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "cookie new")
        for user in w.users[1:]:
            await w.slash(user, "join")
        await w.slash(w.users[0], "leave")
        channel = w.standin.transcript(w.channel)  # the channel speaks the server's language (ru)
        assert f"<@{w.users[1].id}>" in channel and "Теперь ведущий игры" in channel
        await w.slash(w.users[0], "join")
        await w.slash(w.users[1], "start")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.status == "running" and row.host_id == w.users[1].id


async def test_an_idle_lobby_is_closed_with_a_message(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 2, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "cookie new")
        closed = await w.gm.lobby.expire_idle(now=time.time() + w.gm.lobby.limits.idle_seconds + 1)
        assert len(closed) == 1
        await w.gm.drained()
        await w.standin.wait_for(
            lambda: "закрыта" in w.standin.transcript(w.channel),
            timeout=10, what="the channel to be told the lobby closed",
        )
        assert await w.gm.lobby.current(w.channel.id) is None
        assert not any(m.buttons for m in w.standin.channel_view(w.channel)), "its Join button is gone"
        again = await w.slash(w.users[1], "cookie new")
        assert not again.errors, "the channel is free again"
        await w.gm.drained()
        await w.standin.settle()
        assert sum(1 for m in w.standin.channel_view(w.channel) if m.buttons) == 1, "the new lobby's Join"
        cancelled = await w.slash(w.users[1], "cancel")
        assert not cancelled.errors
        await w.standin.settle()
        assert not any(m.buttons for m in w.standin.channel_view(w.channel)), "a cancelled lobby's Join is gone"


async def test_a_lobby_started_before_its_announcement_went_out_still_loses_the_join_button(
    tmp_path: Path, standin
) -> None:
    """The announcement is held up on its way to Discord while the players join and start: once it
    is there, its Join button is taken away at once."""
    held = asyncio.Event()
    release = asyncio.Event()

    async def hold_the_announcement(request, phase: str) -> None:  # type: ignore[no-untyped-def]
        if phase == "received" and "gmj|" in json.dumps(request.body or {}) and not release.is_set():
            held.set()
            await release.wait()

    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        w.standin.request_hooks.append(hold_the_announcement)
        host = w.users[0]
        new = asyncio.ensure_future(w.slash(host, "cookie new"))
        await asyncio.wait_for(held.wait(), timeout=10)
        for user in w.users[1:]:
            await w.slash(user, "join")
        started = await w.slash(host, "start")
        assert not started.errors
        release.set()
        await new
        await w.gm.drained()
        await w.standin.settle()
        announcement = next(m for m in w.standin.channel_view(w.channel) if m.text.startswith("🎲"))
        assert not announcement.buttons, "the Join button went with the lobby"


async def test_opening_and_cancelling_lobbies_in_a_loop_is_slowed_down_kindly(tmp_path: Path, standin) -> None:
    """One member opened and cancelled 15 lobbies in a row (30 channel messages, 15 test DMs): after a
    few in a row they are told when they may open the next, with no test DM and no channel line."""
    async with world(tmp_path, 2, standin=standin, locales=("en-US",), lobby_openings_per_hour=20.0) as w:
        host = w.users[0]
        for _ in range(w.gm.lobby.limits.openings_burst):
            assert not (await w.slash(host, "cookie new")).errors
            await w.slash(host, "cancel")
        await w.gm.drained()
        lines, dms = len(w.standin.channel_view(w.channel)), len(w.standin.dm_view(host))
        refused = await w.slash(host, "cookie new")
        assert "open the next one in 3 minutes" in answer_text(w, refused)
        await w.gm.drained()
        assert (len(w.standin.channel_view(w.channel)), len(w.standin.dm_view(host))) == (lines, dms)
        assert await w.gm.lobby.current(w.channel.id) is None, "no lobby opened"
        assert not (await w.slash(w.users[1], "cookie new")).errors, "the limit is the member's own"


async def test_a_lobbys_lines_and_its_join_button_survive_a_restart(tmp_path: Path, standin) -> None:
    """Lobby lines are saved deliveries like a game's (a crash before they go out loses none), and where the
    Join button is lives with the lobby: a bot started anew still takes the button away at /start."""
    from bot.discord.app import GameMasterBot
    from tests.discord.world import WINDOW, World
    from tests.discord_standin import start_bot

    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "cookie new")
        await w.slash(w.users[1], "join")
        await w.slash(w.users[2], "join")
        await w.gm.drained()
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        with sqlite3.connect(w.db) as connection:
            kinds = [k for (k,) in connection.execute("SELECT kind FROM deliveries WHERE game_id = ?", (row.id,))]
        assert "lobby" in kinds and "text" in kinds, f"the announcement and the join line are saved rows: {kinds}"
        announcement = w.message_with(f"gmj|{row.id}", w.users[3], public=True)
        assert announcement is not None
        saved = await w.gm.storage.load_game(row.id)
        assert saved is not None and saved.meta.get("join_message") == [w.channel.id, announcement.id]
    bot = GameMasterBot(w.bot.settings, outbox_window=WINDOW)
    run = await start_bot(bot, standin)
    try:
        again = World(standin, w.guild, w.channel, w.users, w.moderator, bot, w.db)
        await again.slash(w.users[3], "join")
        await again.slash(w.users[0], "start")
        await bot.game_master.drained()
        await standin.settle()
        assert not standin.message(announcement.id).buttons, "the Join button went with the lobby, after a restart"
    finally:
        await bot.game_master.drained()
        await run.stop()
