"""Moderators through the stand-in (issue 24, items 7, 8, 14, 18): a command Discord delivers twice
acts once; whoever holds or held a seat is a player of the game until it is over — no moderator step
on it, no hidden information, and never another seat; a seat a bot took over can go to a substitute."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.i18n import t
from tests.discord.world import World, open_game, world
from tests.discord_standin import InteractionRecord


def reply(w: World, call: InteractionRecord) -> str:
    """The text the bot answered an interaction with (a message, or the first callback's content)."""
    if call.original_message_id:
        return w.standin.message(call.original_message_id).text
    return str(call.callbacks[0]["body"].get("data", {}).get("content", ""))


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("bot", "cogs", "discord"))]


async def play_one_round(w: World, game_id: int) -> None:
    """Every player answers the prompts open now, so the game is past its first step."""
    game = w.game(game_id)
    assert game is not None
    for prompt in [p for p in game.state.prompts if not p.answered]:
        call = await w.answer(game, prompt, prompt.options[0].value)
        assert not call.errors
    await w.standin.settle()
    assert game.state.step > 0


# --- item 14: once per interaction ----------------------------------------------------------------
async def test_commands_delivered_twice_act_once(
    tmp_path: Path, standin, caplog: pytest.LogCaptureFixture
) -> None:
    async with world(tmp_path, 4, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "cookie new")
        added = await w.slash(w.users[0], "addbot", count=2)
        await w.standin.redeliver(added)
        await w.standin.settle(quiet=0.3)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and sum(1 for s in row.seats if s.get("bot")) == 2, "two bots, not four"

        await w.slash(w.users[1], "join")
        await w.slash(w.users[0], "start")
        game = w.game(row.id)
        assert game is not None
        dues = dict(game.dues)
        extended = await w.slash(w.moderator, "gm extend", seconds=600)
        assert reply(w, extended) == t("en", "gm-done")
        await w.standin.redeliver(extended)
        await w.standin.settle(quiet=0.3)
        assert game.dues == {k: v + 600 for k, v in dues.items()}, "600 s more, not 1200"
        stored = {d.prompt_id: d.due for d in await w.gm.storage.deadlines(game.id)}
        assert stored == game.dues
        ops = [a.payload["op"] for a in await w.gm.storage.actions(game.id, kind="table")]
        assert ops.count("extend") == 1
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]


async def test_a_cancel_delivered_again_never_cancels_the_next_lobby(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 3, standin=standin, locales=("en-US",)) as w:
        await w.slash(w.users[0], "cookie new")
        cancelled = await w.slash(w.users[0], "cancel")
        assert not cancelled.errors
        await w.slash(w.users[0], "maskmen new")
        await w.standin.redeliver(cancelled)
        await w.standin.settle(quiet=0.3)
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.game == "maskmen" and row.status == "lobby", "the new lobby stays open"


# --- item 8: a player is a player, moderator or not -----------------------------------------------
async def test_a_playing_moderator_may_not_moderate_or_look_into_their_game(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        await play_one_round(w, game_id)  # they have seen the cards revealed: a rollback would let them choose again
        game = w.game(game_id)
        assert game is not None
        player = w.users[1]
        w.standin.add_member(w.guild, player, roles=[w.guild.role("Mods")])
        before = (game.state.step, game.row.paused, [s.model_dump() for s in game.seats], dict(game.dues))
        refused = {
            "gm rollback": {"step": 0}, "gm force": {}, "gm extend": {"seconds": 600}, "gm pause": {},
            "gm resume": {}, "gm replace": {"player": player, "member": w.users[4]},
            "gm remove": {"player": w.users[2]}, "gm state": {}, "gm export": {}, "gm end": {},
        }
        for command, options in refused.items():
            call = await w.slash(player, command, **options)
            assert reply(w, call) == t("en", "gm-secrets-player", id=game_id), command
        cancel = await w.slash(player, "cancel")  # not the host: a moderator's power, so refused too
        assert reply(w, cancel) == t("en", "gm-secrets-player", id=game_id)
        assert game.running and (game.state.step, game.row.paused, [s.model_dump() for s in game.seats],
                                 dict(game.dues)) == before, "nothing changed"
        listing = await w.slash(player, "gm list")
        assert f"#{game_id}" in reply(w, listing), "the public list is fine"

        rolled = await w.slash(w.moderator, "gm rollback", step=0)  # another moderator still can
        assert reply(w, rolled) == t("en", "gm-done") and game.state.step == 0


async def test_giving_the_seat_away_does_not_make_a_moderator_a_bystander(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        host, alt = w.users[0], w.users[4]
        w.standin.add_member(w.guild, host, roles=[w.guild.role("Mods")])
        handed = await w.slash(host, "gm replace", player=host, member=alt)  # the attack, step one
        assert reply(w, handed) == t("en", "gm-secrets-player", id=game_id)
        assert game.seat_of(host.id) == 0 and game.seat_of(alt.id) is None

        await w.slash(w.moderator, "gm replace", player=host, member=alt)  # another moderator gives it away
        assert game.seat_of(alt.id) == 0 and game.seat_of(host.id) is None
        for command in ("gm state", "gm export", "gm rollback", "gm end"):
            options = {"step": 0} if command == "gm rollback" else {}
            call = await w.slash(host, command, **options)
            assert "held a seat" in reply(w, call), command
        assert game.running
        await w.slash(w.moderator, "gm end")
        export = await w.slash(host, "gm export", game_id=game_id)
        assert f"#{game_id}" in reply(w, export), "once the game is over its record is open"
        assert w.standin.message(export.original_message_id).attachments


# --- item 7: never a second seat ------------------------------------------------------------------
async def test_a_member_who_held_a_seat_is_never_given_another_one(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        host, alt = w.users[0], w.users[4]
        await w.slash(w.moderator, "gm replace", player=host, member=alt)
        assert game.seat_of(alt.id) == 0
        await w.gm.drained()
        await w.standin.settle()
        host_dms = len(w.standin.dm_view(host))

        hop = await w.slash(w.moderator, "gm replace", player=w.users[3], member=host)
        assert reply(w, hop) == t("en", "gm-replace-former-player", id=game_id)
        twice = await w.slash(w.moderator, "gm replace", player=w.users[3], member=alt)
        assert reply(w, twice) == t("en", "gm-replace-former-player", id=game_id), "nor one who holds a seat now"
        await w.gm.drained()
        await w.standin.settle()
        assert game.seat_of(w.users[3].id) == 3 and game.seat_of(host.id) is None, "seat 3 stays with its player"
        assert len(w.standin.dm_view(host)) == host_dms, "nothing of seat 3 reached them"

        back = await w.slash(w.moderator, "gm replace", player=alt, member=host)
        assert reply(w, back) == t("en", "gm-done") and game.seat_of(host.id) == 0, \
            "coming back to the one seat they held shows them nothing new"


# --- item 18: a seat a bot took over can go to a substitute -----------------------------------------
async def test_a_removed_players_seat_goes_to_a_substitute(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 6, standin=standin, locales=("en-US",)) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        gone, substitute = w.users[2], w.users[4]
        await w.slash(w.moderator, "gm remove", player=gone)
        assert game.seats[2].bot and game.seat_of(gone.id) is None
        call = await w.slash(w.moderator, "gm replace", player=gone, member=substitute)
        assert reply(w, call) == t("en", "gm-done")
        assert game.seat_of(substitute.id) == 2 and not game.seats[2].bot
        stranger = await w.slash(w.moderator, "gm replace", player=w.users[5], member=substitute)
        assert reply(w, stranger) == t("en", "gm-player-no-seat", id=game_id)


# --- issue 35, item 11: the GM role --------------------------------------------------------------
async def test_only_manage_server_changes_the_gm_role_and_never_to_everyone(tmp_path: Path, standin) -> None:
    """A member holding only the GM role moderates, but cannot change who else does: gm_role needs Manage
    Server. @everyone is refused to anyone (every member would be a moderator). A refused change changes
    nothing, not even the command's other options."""
    async with world(tmp_path, 3, standin=standin, locales=("en-US", "ru")) as w:
        helpers = w.standin.add_role(w.guild, "Game Masters")
        assert not (await w.slash(w.moderator, "gm settings", gm_role=helpers)).errors
        english, russian, outsider = w.users
        for user in (english, russian):
            w.standin.add_member(w.guild, user, roles=[helpers])
        before = await w.gm.storage.guild_settings(w.guild.id)
        assert before["gm_role_id"] == helpers.id

        refused = reply(w, await w.slash(english, "gm settings", gm_role=w.guild.everyone, language="ru"))
        assert "needs the Manage Server permission" in refused and "Nothing was changed" in refused
        assert "Manage Server" in reply(w, await w.slash(english, "gm settings", gm_role=w.standin.add_role(
            w.guild, "Friends")))
        assert "«Управление сервером»" in reply(w, await w.slash(russian, "gm settings", gm_role=w.guild.everyone))
        everyone = reply(w, await w.slash(w.moderator, "gm settings", gm_role=w.guild.everyone))
        assert "The GM role cannot be @everyone" in everyone and "Nothing was changed" in everyone
        assert await w.gm.storage.guild_settings(w.guild.id) == before, "nothing changed"
        assert "moderator" in reply(w, await w.slash(outsider, "gm list")).lower(), "still no moderator"
        await w.gm.storage.save_guild_settings(w.guild.id, {**before, "gm_role_id": w.guild.id})  # an older bot's
        assert "moderator" in reply(w, await w.slash(outsider, "gm list")).lower(), "@everyone saved: nobody by it"
        await w.gm.storage.save_guild_settings(w.guild.id, before)
        assert "30" in reply(w, await w.slash(english, "gm settings", deadline="choose", seconds=30)), \
            "the GM role still changes the other settings"
