"""Mafia of Heroes' game channel through the stand-in: the bot manages the channel's permission
overwrites so that players write only while the rules let them — radio silence (nobody) during the
draft, the living during the phases, the dead losing their voice when they die, everyone again when
the game ends — changing only the Send Messages bit of overwrites the moderators had set. Without
Manage Roles the moderators are told once which permission is missing, and the bot announces each
rule instead of enforcing it. Every request passes the OpenAPI checks (the stand-in's teardown)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.discord.app import GameMasterBot
from bot.discord.text import event_text
from bot.i18n import normalize, t
from bot.live import LiveGame
from games.core import Event, seats
from tests.discord.mafia_play import (
    MANAGE_ROLES,
    SEND_MESSAGES,
    fixed_seed,
    may_write,
    open_mafia,
    overwrite,
    play,
    say,
)
from tests.discord.world import WINDOW, World, world
from tests.discord_standin import ApiError, User, start_bot
from tests.discord_standin.models import Overwrite

ADD_REACTIONS = 1 << 6


def human_seats(game: LiveGame) -> list[int]:
    return [n for n, s in enumerate(game.seats) if not s.bot]


def users(w: World, game: LiveGame) -> dict[int, User]:
    return {n: w.user_of(game, n) for n in human_seats(game)}


def a_human_died(game: LiveGame) -> bool:
    return any(not game.state.seats[n].alive for n in human_seats(game))  # type: ignore[attr-defined]


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


@asynccontextmanager
async def restarted(w: World) -> AsyncIterator[World]:
    """A new bot process on the same database (the world's own bot has stopped)."""
    bot = GameMasterBot(w.bot.settings, outbox_window=WINDOW)
    run = await start_bot(bot, w.standin)
    again = World(w.standin, w.guild, w.channel, w.users, w.moderator, bot, w.db)
    try:
        await settled(again)
        yield again
    finally:
        await bot.game_master.drained()
        await run.stop()


OVERWRITES = "/channels/{channel_id}/permissions/{overwrite_id}"


async def test_overwrites_follow_the_draft_the_phases_a_death_and_the_end(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        # the moderators' own overwrite of @everyone: only its Send Messages bit may change
        w.channel.overwrites[w.guild.id] = Overwrite(w.guild.id, 0, allow=ADD_REACTIONS)
        await standin.changed(w.guild, w.channel)  # as Discord tells the bot of it
        game_id = await open_mafia(w, humans=3, mode="open")
        await settled(w)
        game = w.game(game_id)
        assert game is not None and game.state.phase == "draft"
        players = users(w, game)

        # the draft: radio silence — no player, nor anyone else, writes; the bot still does
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="@everyone silenced")
        assert overwrite(w, w.guild.id) == (ADD_REACTIONS, SEND_MESSAGES)
        assert all(may_write(w, u.id) is None for u in players.values()), "@everyone's deny is theirs: no write"
        assert may_write(w, standin.bot_user.id) is True and standin.can_send(standin.bot_user, w.channel)
        assert not any(standin.can_send(u, w.channel) for u in [*players.values(), w.moderator])
        with pytest.raises(ApiError):
            await standin.user_message(players[min(players)], "hello?", channel=w.channel)

        # Night 1: every living player may write, nobody else
        game = await play(w, game_id, until=lambda g: g.state.phase == "night")  # type: ignore[attr-defined]
        assert game is not None
        await settled(w)
        await standin.wait_for(lambda: all(may_write(w, u.id) for u in players.values()), what="players' voices")
        assert may_write(w, w.guild.id) is False and not standin.can_send(w.moderator, w.channel)
        await standin.user_message(players[min(players)], "good evening", channel=w.channel)
        speaker = players[min(players)]
        assert t(normalize(speaker.locale), "mafia-say-open-mode") in await say(w, speaker, "through the bot?")

        # a death: the dead lose their voice, the living keep theirs
        game = await play(w, game_id, until=a_human_died)
        assert game is not None, "a stand-in user's character dies before the end (the seed)"
        await settled(w)
        dead = [n for n in human_seats(game) if not game.state.seats[n].alive]  # type: ignore[attr-defined]
        alive = [n for n in human_seats(game) if n not in dead]
        await standin.wait_for(lambda: all(may_write(w, players[n].id) is None for n in dead), what="silenced")
        assert not any(standin.can_send(players[n], w.channel) for n in dead)
        assert all(may_write(w, players[n].id) for n in alive)
        with pytest.raises(ApiError):
            await standin.user_message(players[dead[0]], "I am not dead yet", channel=w.channel)

        # the end: every overwrite back as it was, the bot's own and the players' gone
        assert await play(w, game_id) is None
        await settled(w)
        await standin.wait_for(lambda: set(w.channel.overwrites) == {w.guild.id}, what="overwrites restored")
        assert overwrite(w, w.guild.id) == (ADD_REACTIONS, 0)
        assert all(standin.can_send(u, w.channel) for u in [*players.values(), w.moderator])

        puts = standin.requests_to("PUT", OVERWRITES)
        deletes = standin.requests_to("DELETE", OVERWRITES)
        assert puts and deletes and all(r.status == 204 for r in puts + deletes)
        language = game.row.language
        assert t(language, "channel-missing-manage-roles") not in standin.transcript(w.channel)
        assert t(language, "mafia-channel-rule-silence") not in standin.transcript(w.channel), "enforced, not told"


async def test_without_manage_roles_the_moderators_are_told_once_and_the_rules_are_announced(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:  # the bot is invited without Manage Roles
        game_id = await open_mafia(w, humans=3, mode="open")
        await settled(w)
        game = w.game(game_id)
        assert game is not None
        language = game.row.language
        notice = t(language, "channel-missing-manage-roles")

        def channel() -> str:
            return standin.transcript(w.channel)

        await standin.wait_for(lambda: t(language, "mafia-channel-rule-silence") in channel(), what="radio silence")
        assert channel().count(notice) == 1

    async with restarted(w) as w:  # what the moderators were told is remembered
        game = await play(w, game_id, until=lambda g: g.state.phase == "night")  # type: ignore[attr-defined]
        assert game is not None
        await standin.wait_for(lambda: t(language, "channel-rule-living") in channel(), what="the living rule")

        game = await play(w, game_id, until=a_human_died)
        assert game is not None
        dead = [n for n in human_seats(game) if not game.state.seats[n].alive]  # type: ignore[attr-defined]
        rule = event_text(Event(key="channel-rule-dead", params={"players": {"and": seats(dead)}}), language,
                          game.name_of)
        await standin.wait_for(lambda: rule in channel(), what="the dead lose their voice")

        ended = await w.slash(w.moderator, "gm end")
        assert not ended.errors
        await settled(w)
        await standin.wait_for(lambda: t(language, "channel-rule-open") in channel(), what="everyone may write")
        assert channel().count(notice) == 1, "told once"
        assert w.channel.overwrites == {}
        refused = standin.requests_to("PUT", OVERWRITES)
        assert refused and all(r.status == 403 for r in refused)


async def test_a_restart_neither_redoes_nor_forgets_what_the_overwrites_say(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        game_id = await open_mafia(w, humans=3, mode="open")
        await settled(w)
        await standin.wait_for(lambda: may_write(w, w.guild.id) is False, what="the draft's silence")
        silenced = {target: (o.allow, o.deny) for target, o in w.channel.overwrites.items()}
        players = users(w, w.game(game_id))  # type: ignore[arg-type]
    requests = len(standin.requests_to("PUT", OVERWRITES)) + len(standin.requests_to("DELETE", OVERWRITES))
    async with restarted(w) as w:
        assert len(standin.requests_to("PUT", OVERWRITES)) + len(standin.requests_to("DELETE", OVERWRITES)) \
            == requests, "what was applied before the restart is not applied again"
        assert {target: (o.allow, o.deny) for target, o in w.channel.overwrites.items()} == silenced
        game = await play(w, game_id, until=lambda g: g.state.phase == "night")  # type: ignore[attr-defined]
        assert game is not None
        await standin.wait_for(lambda: all(may_write(w, u.id) for u in players.values()), what="players' voices")
        ended = await w.slash(w.moderator, "gm end")
        assert not ended.errors
        await standin.wait_for(lambda: not w.channel.overwrites, what="the channel given back")
