"""Voice for a live Mafia game through the stand-in: a linked voice channel where, at every phase, the
players connected are server-muted in the draft and at night, the living unmuted by day and the dead kept
muted; a player who connects mid-game gets their seat's state at once; at the end exactly those the bot
muted are unmuted (a player a moderator had muted before stays muted, a bystander is never touched).
Without Mute Members the moderators are told once and the game runs without voice. `/mafia new voice:`
links the channel (live pace only)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.voice import KIND
from bot.live import LiveGame, Seat
from games.mafia.state import MafiaState
from tests.discord.mafia_play import fixed_seed
from tests.discord.mafia_world import SEED, advance
from tests.discord.test_mafia_channel import restarted
from tests.discord.world import World, world
from tests.discord_standin import Channel, ChannelType
from tests.discord_standin.models import MUTE_MEMBERS
from tests.discord_standin.voice import join_voice, leave_voice, muted

PLAYERS = 10


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def start_with_voice(w: World, voice: Channel) -> LiveGame:
    seats = [Seat(name=u.username, user_id=u.id, language="en") for u in w.users[:PLAYERS]]
    return await w.gm.table.start(
        "mafia", seats, seed=SEED, language="en", guild_id=w.guild.id, channel_id=w.channel.id,
        meta={KIND: {"channel": voice.id}},
    )


def check_phase(w: World, game: LiveGame, connected: set[int], premuted: int) -> None:
    state = game.state
    assert isinstance(state, MafiaState)
    for number, player in enumerate(state.seats):
        user = w.user_of(game, number)
        if user.id not in connected:
            continue
        expected = state.phase != "day" or not player.alive or user.id == premuted
        assert muted(w.guild, user) == expected, (state.phase, state.number, number, player.alive)


async def test_a_live_game_mutes_the_night_and_the_dead_and_gives_back_exactly_its_own_mutes(
    tmp_path: Path, standin
) -> None:
    async with world(tmp_path, PLAYERS + 1, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MUTE_MEMBERS
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        bystander, late, premuted = w.users[PLAYERS], w.users[8], w.users[5]
        w.guild.members[premuted.id].mute = True  # a moderator's own mute, before the game
        connected = {u.id for u in w.users[:8]} | {bystander.id}
        for user in [*w.users[:8], bystander]:
            await join_voice(standin, w.guild, user, voice)
        await settled(w)
        game = await start_with_voice(w, voice)
        await settled(w)
        check_phase(w, game, connected, premuted.id)  # the draft: everyone muted
        phases = 0
        while game.running:
            state = game.state
            assert isinstance(state, MafiaState)
            here = (state.phase, state.number)
            await advance(w, game, lambda s, here=here: (s.phase, s.number) != here or s.over)  # type: ignore[misc]
            await settled(w)
            if not game.running:
                break
            check_phase(w, game, connected, premuted.id)
            assert not muted(w.guild, bystander), "never a member the game does not seat"
            phases += 1
            if phases == 3:  # someone connects mid-game: their seat's state at once
                await join_voice(standin, w.guild, late, voice)
                connected.add(late.id)
                await settled(w)
                check_phase(w, game, connected, premuted.id)
        assert phases > 3
        for user in w.users[:PLAYERS]:
            if user.id in connected:
                assert muted(w.guild, user) == (user.id == premuted.id), "exactly the bot's own mutes lifted"
        assert not muted(w.guild, bystander)
        w.standin.assert_clean()


async def test_without_mute_members_the_moderators_are_told_once(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin, locales=("en-US",)) as w:
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        for user in w.users[:4]:
            await join_voice(standin, w.guild, user, voice)
        game = await start_with_voice(w, voice)
        await advance(w, game, lambda s: s.phase == "day")
        await settled(w)
        assert not any(muted(w.guild, u) for u in w.users)
        told = [m for m in standin.channel_view(w.channel) if "Mute Members" in m.text]
        assert len(told) == 1, standin.transcript(w.channel)[-1500:]


async def test_mafia_new_links_a_voice_channel_for_a_live_game_only(tmp_path: Path, standin, monkeypatch) -> None:
    fixed_seed(monkeypatch)
    async with world(tmp_path, 2, standin=standin, locales=("en-US",)) as w:
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        refused = await w.slash(w.users[0], "mafia new", pace="forum", voice=voice)
        await refused.wait_response()
        assert "only to a live-paced game" in str(refused.callbacks[0]["body"]["data"]["content"])
        assert await w.gm.lobby.current(w.channel.id) is None
        created = await w.slash(w.users[0], "mafia new", voice=voice)
        assert not created.errors, created.callbacks
        row = await w.gm.lobby.current(w.channel.id)
        assert row is not None and row.meta[KIND] == {"channel": voice.id}


async def test_the_end_unmutes_a_player_the_bot_muted_who_moved_to_another_voice_channel(
    tmp_path: Path, standin
) -> None:
    """A server mute is server-wide: a player the bot muted in the draft who moved to another voice channel
    is still muted there, and the end (/gm end) lifts it wherever they are connected."""
    async with world(tmp_path, PLAYERS, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MUTE_MEMBERS
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        lounge = standin.add_channel(w.guild, "Lounge", type=ChannelType.GUILD_VOICE)
        for user in w.users[:3]:
            await join_voice(standin, w.guild, user, voice)
        await settled(w)
        game = await start_with_voice(w, voice)
        await settled(w)
        assert all(muted(w.guild, u) for u in w.users[:3]), "the draft"
        moved = w.users[0]
        await join_voice(standin, w.guild, moved, lounge)
        await settled(w)
        assert muted(w.guild, moved), "muted server-wide, in the lounge too"
        ended = await w.slash(w.moderator, "gm end", game_id=game.id)
        assert not ended.errors
        await settled(w)
        assert not any(muted(w.guild, u) for u in w.users[:3]), "unmuted wherever they are"
        row = await w.gm.storage.load_game(game.id)
        assert row is not None and row.meta[KIND]["muted"] == [], "nobody left to unmute"


async def test_a_player_away_at_the_end_is_unmuted_when_they_connect_after_a_restart(tmp_path: Path, standin) -> None:
    """A player the bot muted who was not connected when the game ended stays muted (Discord lifts a mute
    only from a connected member): the game's saved voice record keeps them, so a restarted bot still
    unmutes them when they connect, and forgets them once done."""
    async with world(tmp_path, PLAYERS, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MUTE_MEMBERS
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        for user in w.users[:3]:
            await join_voice(standin, w.guild, user, voice)
        await settled(w)
        game = await start_with_voice(w, voice)
        await settled(w)
        away = w.users[1]
        assert muted(w.guild, away)
        await leave_voice(standin, w.guild, away)
        await settled(w)
        assert not (await w.slash(w.moderator, "gm end", game_id=game.id)).errors
        await settled(w)
        assert muted(w.guild, away) and not muted(w.guild, w.users[0])
    async with restarted(w) as w:
        await join_voice(standin, w.guild, away, voice)
        await settled(w)
        await standin.wait_for(lambda: not muted(w.guild, away), what="the mute lifted after the restart")
        row = await w.gm.storage.load_game(game.id)
        assert row is not None and row.meta[KIND]["muted"] == [], "done: nothing left to unmute"
        mutes = len(standin.requests_to("PATCH", "/guilds/{guild_id}/members/{user_id}"))
    async with restarted(w) as w:
        await leave_voice(standin, w.guild, away)
        await join_voice(standin, w.guild, away, voice)
        await settled(w)
        assert len(standin.requests_to("PATCH", "/guilds/{guild_id}/members/{user_id}")) == mutes, "once"


async def test_an_anonymous_game_takes_no_voice_channel(tmp_path: Path, standin, monkeypatch) -> None:
    """Muting the dead by day would show everyone connected which member held which public role: /mafia new
    mode:anonymous voice: is refused, in the member's language, and no game is opened."""
    fixed_seed(monkeypatch)
    async with world(tmp_path, 2, standin=standin, locales=("en-US", "ru")) as w:
        voice = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        for user, expected in ((w.users[0], "cannot be linked to an anonymous game"),
                               (w.users[1], "нельзя связать с анонимной игрой")):
            refused = await w.slash(user, "mafia new", mode="anonymous", voice=voice)
            await refused.wait_response()
            answer = refused.callbacks[0]["body"]["data"]
            assert expected in str(answer.get("content")) and answer.get("flags", 0) & 64, answer
        assert await w.gm.lobby.current(w.channel.id) is None, "nothing was opened"
        assert not (await w.slash(w.users[0], "mafia new", mode="anonymous")).errors, "without voice it opens"
