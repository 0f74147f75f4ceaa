"""Spectators through the stand-in: two members who hold no seat `/spectate` a Mafia game and read its
graveyard thread (opened for them before anyone died) while, at every phase, no living player sees a
line of it; a player cannot spectate; a spectator cannot be given a seat; a moderator removes one; the
server's house rule turns spectating off. A game without eliminations (Cookie) gets a spectators' thread
with the same feed (here in the server's language, Russian)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.discord.graveyard import spectators_of
from bot.live import LiveGame
from games.core.rng import derived
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, answered, reply
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.world import World, open_game, world
from tests.discord_standin import Channel, User
from tests.discord_standin.threads import thread_members

PLAYERS = 10


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


async def command(w: World, user: User, name: str, **options: object) -> str:
    """The bot's (ephemeral) answer to a command in the game channel."""
    return reply(w, await answered(w, await w.slash(user, name, **options)))


def the_thread(w: World) -> Channel:
    (thread,) = [t for t in w.guild.threads.values() if t.parent_id == w.channel.id]
    return thread


def check_phase(w: World, game: LiveGame, watching: set[int]) -> None:
    """The thread holds the dead and the spectators; no living player sees a line; spectators read it."""
    state = game.state
    assert isinstance(state, MafiaState)
    thread = the_thread(w)
    dead = {w.user_of(game, n).id for n, p in enumerate(state.seats) if not p.alive}
    if game.running:
        assert thread_members(thread) == dead | watching | {w.standin.bot_user.id}, (state.phase, state.number)
    for n, player in enumerate(state.seats):
        if player.alive:
            assert w.standin.channel_view(thread, w.user_of(game, n)) == [], "a living player reads nothing"
    for user_id in watching:
        assert w.standin.channel_view(thread, w.standin.users[user_id]), "a spectator reads the feed"


async def test_spectators_watch_a_mafia_game_from_its_graveyard_and_never_get_a_seat(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS + 2, standin=standin, locales=("en-US",)) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES
        first, second = w.users[PLAYERS], w.users[PLAYERS + 1]
        game = await start_mafia(w, PLAYERS)
        await settled(w)
        assert "hold or have held a seat" in await command(w, w.users[2], "spectate")
        assert "You are watching game" in await command(w, first, "spectate")
        await settled(w)
        thread = the_thread(w)
        assert "Everything known now" in w.standin.channel_view(thread, first)[0].text
        assert "already watching" in await command(w, first, "spectate")
        check_phase(w, game, {first.id})

        refused = await command(w, w.moderator, "gm replace", player=w.users[3], member=first)
        assert "cannot be given a seat" in refused
        assert game.seats[3].user_id == w.users[3].id

        watching = {first.id}
        phases = 0
        while game.running:
            state = game.state
            assert isinstance(state, MafiaState)
            here = (state.phase, state.number)
            await advance(w, game, lambda s, here=here: (s.phase, s.number) != here or s.over)  # type: ignore[misc]
            await settled(w)
            check_phase(w, game, watching)
            phases += 1
            if phases == 2:
                assert "You are watching game" in await command(w, second, "spectate")
                watching.add(second.id)
                await settled(w)
                check_phase(w, game, watching)
            if phases == 4:
                assert "only moderators" in (await command(w, first, "unspectate", member=second)).lower()
                assert "no longer watches" in await command(w, w.moderator, "unspectate", member=second)
                watching.discard(second.id)
                await settled(w)
                check_phase(w, game, watching)
                assert w.standin.channel_view(thread, second) == [], "a removed spectator reads nothing more"
        assert phases > 4
        w.standin.assert_clean()


async def test_a_server_that_fears_spoilers_turns_spectating_off(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS + 1, standin=standin, locales=("en-US",)) as w:
        await command(w, w.moderator, "gm settings", spectators=False)
        await start_mafia(w, PLAYERS)
        assert "turned off" in await command(w, w.users[PLAYERS], "spectate")
        assert not w.guild.threads


async def test_a_game_without_eliminations_has_a_spectators_thread_with_the_same_feed(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        watcher = w.users[4]
        game_id = await open_game(w, "cookie", players=4)
        assert "You are watching game" in await command(w, watcher, "spectate")
        await settled(w)
        thread = the_thread(w)
        assert thread.name == "👁 Зрители · Печенька №1", "the game's language: the server's, Russian"
        game = w.game(game_id)
        assert game is not None
        for _ in range(8):  # a few choices, by the bot policy straight through the table
            prompt = next((p for p in game.state.prompts if not p.answered), None)
            if prompt is None or not game.running:
                break
            action = game.engine.bot_action(game.state, prompt, derived(game.row.seed, "t", game.state.step, prompt.id))
            assert (await w.gm.table.act(game.id, prompt.seat, action)).ok
        await settled(w)
        text = "\n".join(m.text for m in w.standin.channel_view(thread, watcher))
        assert "Что известно сейчас" in text and "🔒" in text
        for user in w.users[:4]:
            assert w.standin.channel_view(thread, user) == []
        assert thread_members(thread) == {watcher.id, w.standin.bot_user.id}


def waiting_for(game: LiveGame) -> int:
    """How many steps wait for the game's lock (asyncio.Lock keeps them in `_waiters`)."""
    return len(game.lock._waiters or ())


@pytest.mark.parametrize("first", ["spectate", "replace"])
async def test_spectate_and_replace_racing_for_one_member_never_seat_a_spectator(
    tmp_path: Path, standin, first: str
) -> None:
    """/spectate and /gm replace for the same member, each past its own first check while another step holds
    the game: whichever is saved first wins, and the other is refused under the game's lock. A member is
    never both seated and watching."""
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        member = w.users[4]
        game = w.game(await open_game(w, "cookie", players=4))
        assert game is not None
        spectate = lambda: command(w, member, "spectate")  # noqa: E731
        replace = lambda: command(w, w.moderator, "gm replace", player=w.users[3], member=member)  # noqa: E731
        order = [spectate, replace] if first == "spectate" else [replace, spectate]
        async with w.gm.table.hold(game):  # a step in progress
            tasks = []
            for number, step in enumerate(order, start=1):
                tasks.append(asyncio.create_task(step()))
                await w.standin.wait_for(lambda number=number: waiting_for(game) == number,  # type: ignore[misc]
                                         what="the command waiting for the game")
        answers = await asyncio.gather(*tasks)
        await settled(w)
        seated = game.seat_of(member.id) is not None
        watching = member.id in spectators_of(game)
        assert not (seated and watching), answers
        if first == "spectate":
            assert watching and "cannot be given a seat" in answers[1]
        else:
            assert seated and "hold or have held a seat" in answers[1]


async def test_spectating_back_and_forth_is_slowed_down(tmp_path: Path, standin) -> None:
    """24 /spectate and /unspectate in a row: the first few are done, the rest refused with when to try again
    (no thread request, nothing saved for them); the thread's members stay what the answers said."""
    async with world(tmp_path, 5, standin=standin, locales=("en-US",)) as w:
        member = w.users[4]
        game = w.game(await open_game(w, "cookie", players=4))
        assert game is not None
        answers = [await command(w, member, "unspectate" if turn % 2 else "spectate") for turn in range(24)]
        await settled(w)
        done = [a for a in answers if a.startswith("👁")]
        slowed = [a for a in answers if "Not so fast" in a]
        assert 1 < len(done) <= 5 and slowed, answers
        others = [a for a in answers if a not in done and a not in slowed]
        assert all(a.startswith("Not a spectator") or "already watching" in a for a in others), others
        assert all("Try again in" in a for a in slowed)
        route = "/channels/{channel_id}/thread-members/{user_id}"
        assert len(w.standin.requests_to("PUT", route) + w.standin.requests_to("DELETE", route)) <= len(done)
        members = thread_members(the_thread(w)) - {w.standin.bot_user.id}
        assert members == ({member.id} if member.id in spectators_of(game) else set())
