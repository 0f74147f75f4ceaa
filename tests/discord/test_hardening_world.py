"""Discord events that end a game's world, through the stand-in: the game's channel deleted, the
bot removed from the server, a player leaving the server (seen with the members intent, or from a
failed DM without it). The game is paused or the seat handed to a bot; nothing goes into the void."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.discord.app import GameMasterBot
from bot.i18n import t
from tests.discord.world import WINDOW, World, open_game, world
from tests.discord_standin import GUILD_MEMBERS, DiscordStandIn, User, start_bot


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def requests_to_channel(w: World, since: int = 0) -> list[str]:
    return [f"{r.method} {r.path}" for r in w.standin.requests[since:] if f"/channels/{w.channel.id}/" in r.path]


def seat_of(w: World, game_id: int, user: User) -> int:
    game = w.game(game_id)
    assert game is not None
    seat = game.seat_of(user.id)
    assert seat is not None
    return seat


async def test_a_deleted_channel_pauses_its_game_tells_the_players_and_gets_nothing_more(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        await w.standin.settle()
        mark = len(w.standin.requests)
        await w.standin.delete_channel(w.channel)
        await w.standin.wait_for(lambda: game.row.paused, timeout=5, what="the game to pause")
        await w.standin.settle()
        told = t("en", "world-channel-deleted", id=game_id, game=t("en", "cookie-title"))
        for user in w.users:
            assert any(m.content == told for m in w.standin.dm_view(user)), w.standin.transcript(user)
        # an old DM button is refused as paused, and nothing is sent to the deleted channel
        prompt = next(p for p in game.state.prompts if not p.answered)
        call = await w.answer(game, prompt, prompt.options[0].value)
        assert t("en", "error-paused") in str(call.callbacks[0]["body"])
        await w.standin.settle()
        assert requests_to_channel(w, mark) == []
        stored = await w.gm.storage.load_game(game_id)
        assert stored is not None and stored.paused and stored.status == "running", "kept, to end or resume"
    assert not errors_logged(caplog), errors_logged(caplog)


async def test_a_deleted_lobby_channel_cancels_the_lobby(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        await w.slash(w.users[0], "cookie new")
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None
        await w.standin.delete_channel(w.channel)
        await w.standin.wait_for(lambda: any("cancelled" in m.content for m in w.standin.dm_view(w.users[0])),
                                 timeout=5, what="the host to be told")
        stored = await w.gm.storage.load_game(row.id)
        assert stored is not None and stored.status == "cancelled"


async def test_the_bot_removed_from_the_server_pauses_its_games_quietly(
    tmp_path: Path, standin: DiscordStandIn, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        await w.standin.settle()
        mark = len(w.standin.requests)
        await w.standin.remove_bot(w.guild)
        await w.standin.wait_for(lambda: game.row.paused, timeout=5, what="the game to pause")
        await w.standin.settle()
        assert requests_to_channel(w, mark) == [], "nothing sent into the server the bot left"
        assert game.row.meta.get("world") == "guild"
    assert not errors_logged(caplog), errors_logged(caplog)


@pytest.fixture
async def members_standin() -> DiscordStandIn:  # type: ignore[misc]
    """A stand-in whose developer portal has the Server Members intent turned on."""
    server = DiscordStandIn(flood_limit=(5, WINDOW), privileged_intents={GUILD_MEMBERS})
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    server.assert_clean()


async def test_a_player_leaving_gets_a_bot_in_their_seat_after_the_grace_period(
    tmp_path: Path, members_standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=members_standin, discord_members_intent=True,
                     departed_grace_seconds=0) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        leaver = w.users[1]
        seat = seat_of(w, game_id, leaver)
        await w.standin.remove_member(w.guild, leaver)
        await w.standin.wait_for(lambda: game.seats[seat].bot and "departed" not in game.row.meta, timeout=5,
                                 what="a bot to take the seat, and the handover done")
        assert not game.row.paused, "the game goes on"
        notice = t(game.row.language, "world-player-left-bot", player=f"<@{leaver.id}>", when="")
        await w.standin.wait_for(
            lambda: notice.split("{")[0][:25] in w.standin.transcript(w.channel), timeout=5, what="the notice"
        )


async def test_a_player_leaving_pauses_the_game_when_the_server_says_so(
    tmp_path: Path, members_standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=members_standin, discord_members_intent=True,
                     departed_player="pause") as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        leaver = w.users[2]
        seat = seat_of(w, game_id, leaver)
        await w.standin.remove_member(w.guild, leaver)
        await w.standin.wait_for(lambda: game.row.paused, timeout=5, what="the game to pause")
        assert game.seats[seat].user_id == leaver.id, "the seat waits for a moderator's decision"


async def test_without_the_members_intent_a_failed_dm_finds_the_departed_player(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin, departed_grace_seconds=0) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        assert not w.bot.intents.members, "no privileged intent by default"
        leaver = w.users[3]
        seat = seat_of(w, game_id, leaver)
        await w.standin.remove_member(w.guild, leaver)  # the bot is not told: no members intent
        await w.standin.settle()
        assert not game.seats[seat].bot
        w.gm.dm_outbox(leaver.id).put_text("…")  # the next DM to them fails: they share no server now
        await w.standin.wait_for(lambda: game.seats[seat].bot, timeout=5, what="a bot to take the seat")
        closed_dms = t(game.row.language, "dm-failed", player=f"<@{leaver.id}>")
        assert closed_dms not in w.standin.transcript(w.channel), "told as a departure, not as closed DMs"


async def test_a_channel_deleted_while_the_bot_was_offline_is_found_at_start_up(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 4, locales=("en-US",), standin=standin) as w:
        game_id = await open_game(w)
        await w.standin.settle()
        channel, settings, users = w.channel, w.bot.settings, w.users
    await standin.delete_channel(channel)  # nobody is connected to hear it
    bot = GameMasterBot(settings, outbox_window=WINDOW)
    run = await start_bot(bot, standin)
    try:
        game = bot.game_master.table.games[game_id]
        await standin.wait_for(lambda: game.row.paused, timeout=5, what="the game to pause at start-up")
        told = t("en", "world-channel-deleted", id=game_id, game=t("en", "cookie-title"))
        await standin.wait_for(lambda: all(any(m.content == told for m in standin.dm_view(u)) for u in users),
                               timeout=5, what="the players to be told")
    finally:
        await bot.game_master.drained()
        await run.stop()
