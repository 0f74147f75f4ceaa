"""Issue 20 as a whole: a Mafia game (open, then anonymous) through the stand-in with a graveyard, two
spectators and a linked voice channel. At every phase: the graveyard thread holds exactly the dead and
the spectators; no living player reads a line of it; who is muted in voice is what the phase says; and
no spectator ever gets a seat. `/gm end` then lifts exactly the bot's own mutes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.voice import KIND
from bot.live import LiveGame, Seat
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, reply
from tests.discord.mafia_world import SEED, advance
from tests.discord.world import World, world
from tests.discord_standin import Channel, ChannelType
from tests.discord_standin.models import MUTE_MEMBERS
from tests.discord_standin.threads import thread_members
from tests.discord_standin.voice import join_voice, muted

PLAYERS = 10


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def answer(w: World, user_index: int, name: str, **options: object) -> str:
    return reply(w, await answered(w, await w.slash(w.users[user_index], name, **options)))


def check(w: World, game: LiveGame, voice_on: set[int], watching: set[int]) -> None:
    state = game.state
    assert isinstance(state, MafiaState)
    where = f"{state.phase} {state.number}"
    dead = {w.user_of(game, n).id for n, p in enumerate(state.seats) if not p.alive}
    threads = [t for t in w.guild.threads.values() if t.parent_id == w.channel.id]
    assert len(threads) == 1, "the spectators opened it before anyone died"
    thread = threads[0]
    assert thread_members(thread) == dead | watching | {w.standin.bot_user.id}, where
    for number, player in enumerate(state.seats):
        user = w.user_of(game, number)
        if player.alive:
            assert w.standin.channel_view(thread, user) == [], f"{where}: a living player read the graveyard"
            assert not w.standin.can_send(user, thread), f"{where}: a living player may not speak there"
        else:
            assert w.standin.can_send(user, thread), f"{where}: the dead speak in the graveyard"
        if user.id in voice_on:
            assert muted(w.guild, user) == (state.phase != "day" or not player.alive), where
    for user_id in watching:
        assert w.standin.channel_view(thread, w.standin.users[user_id]), f"{where}: a spectator reads the feed"
        assert game.seat_of(user_id) is None, f"{where}: a spectator holds a seat"


@pytest.mark.parametrize("mode", ["open", "anonymous"])
async def test_graveyard_spectators_and_voice_through_a_whole_game(tmp_path: Path, standin, mode: str) -> None:
    async with world(tmp_path, PLAYERS + 2, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS | MUTE_MEMBERS
        voice: Channel = standin.add_channel(w.guild, "Game Voice", type=ChannelType.GUILD_VOICE)
        for user in w.users[:PLAYERS]:
            await join_voice(standin, w.guild, user, voice)
        voice_on = {u.id for u in w.users[:PLAYERS]}
        seats = [Seat(name=u.username, user_id=u.id, language="en") for u in w.users[:PLAYERS]]
        game = await w.gm.table.start(
            "mafia", seats, options={"mode": mode}, seed=SEED, language="en", guild_id=w.guild.id,
            channel_id=w.channel.id, meta={KIND: {"channel": voice.id}},
        )
        for spectator in (PLAYERS, PLAYERS + 1):
            assert "You are watching game" in await answer(w, spectator, "spectate")
        watching = {w.users[PLAYERS].id, w.users[PLAYERS + 1].id}
        await settled(w)
        check(w, game, voice_on, watching)
        call = await w.slash(w.moderator, "gm replace", player=w.users[1], member=w.users[PLAYERS])
        assert "cannot be given a seat" in reply(w, await answered(w, call))
        phases = 0
        while True:
            state = game.state
            assert isinstance(state, MafiaState)
            here = (state.phase, state.number)
            if phases >= 6 or state.over:
                break
            await advance(w, game, lambda s, here=here: (s.phase, s.number) != here or s.over)  # type: ignore[misc]
            await settled(w)
            if not game.running:
                break
            check(w, game, voice_on, watching)
            phases += 1
        assert game.running, "the seed's game lasts beyond six phases"
        state = game.state
        assert isinstance(state, MafiaState) and any(not p.alive for p in state.seats)
        ended = await w.slash(w.moderator, "gm end")
        assert not ended.errors, ended.callbacks
        await settled(w)
        assert not any(muted(w.guild, u) for u in w.users), "/gm end lifted every mute the bot set"
        w.standin.assert_clean()
