"""Issue 35's graveyard items through the stand-in (Mafia of Heroes, ten seats held by stand-in users, the
bot policy giving their orders):

- Nobody can plant the graveyard: a thread a player opened under the graveyard's very name, public or
  private, gets nothing, also when Discord made the bot's own thread but answered 5xx and the bot tries
  again; the bot adopts only the private thread it made itself.
- Before each feed post the bot looks again: a living player added to the thread, or one who can now read
  private threads, stops the feed and the moderators are told once.
- A living player who can read every private thread of the channel (Manage Threads, Administrator, the
  server's owner) means no graveyard there: the moderators are told once, in the game's language, who and
  why; a server graveyard channel they cannot see holds it instead.
- The thread is a destination of its own: while it waits (its own 5-in-5-s limit, here held by the test)
  the game channel goes on — its lines, and a living player's `/mafia say` — and the feed then follows in
  as few messages as Discord's limits allow, each line once and in order.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest

from bot.live import LiveGame
from bot.render import joined
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, reply
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.test_mafia_restart import query
from tests.discord.world import World, world
from tests.discord_standin import Channel, ChannelType, RecordedRequest, User
from tests.discord_standin.models import ADMINISTRATOR, MANAGE_THREADS, VIEW_CHANNEL, Overwrite
from tests.discord_standin.threads import add_thread, thread_members

PLAYERS = 10
FIRST_DEAD = {4, 9}
"""The seats the first death takes with start_mafia's seed and the bot policy (seats 0-2 live on)."""


async def settled(w: World) -> None:
    await w.gm.drained()
    await w.standin.settle()
    await w.gm.drained()


def first_death(state: MafiaState) -> bool:
    return any(not p.alive for p in state.seats)


def bots_threads(w: World, parent: Channel | None = None) -> list[Channel]:
    parent_id = (parent or w.channel).id
    return [t for t in w.guild.threads.values() if t.parent_id == parent_id and t.owner_id == w.standin.bot_user.id]


def dead_users(w: World, game: LiveGame) -> set[int]:
    state = game.state
    assert isinstance(state, MafiaState)
    return {w.user_of(game, n).id for n, p in enumerate(state.seats) if not p.alive}


def living_users(w: World, game: LiveGame) -> list[User]:
    state = game.state
    assert isinstance(state, MafiaState)
    return [w.user_of(game, n) for n, p in enumerate(state.seats) if p.alive]


def told(w: World, text: str) -> list[str]:
    return [m.text for m in w.standin.channel_view(w.channel) if text in m.text]


@pytest.mark.parametrize("status", [503, 500])  # discord.py itself sends a POST again after a 500
async def test_a_thread_a_player_planted_under_the_graveyards_name_gets_nothing(
    tmp_path: Path, standin, status: int
) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS)
        name = f"🪦 Graveyard · Mafia of Heroes #{game.id}"
        planter = w.user_of(game, 0)
        planted = [add_thread(standin, w.channel, name, private=False, owner_id=planter.id),
                   add_thread(standin, w.channel, name, private=True, owner_id=planter.id, invitable=False)]
        standin.fail("POST", "/channels/{channel_id}/threads", status=status, landed=True)  # made, then 5xx
        await advance(w, game, first_death)
        await settled(w)
        for thread in planted:
            assert standin.messages[thread.id] == [], "nothing goes into a thread a player opened"
            assert thread_members(thread) == {planter.id}
        (mine,) = bots_threads(w)  # the thread made before the 5xx, found again: not a second one
        assert mine.type == ChannelType.PRIVATE_THREAD and mine.name == name
        assert thread_members(mine) == dead_users(w, game) | {standin.bot_user.id}
        assert any("Everything known now" in m.text for m in standin.messages[mine.id])
        assert (game.row.meta.get("graveyard") or {}).get("thread") == mine.id
        for user in living_users(w, game):
            assert standin.channel_view(mine, user) == []


async def test_a_living_player_put_into_the_thread_stops_the_feed(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS)
        await advance(w, game, first_death)
        await settled(w)
        (thread,) = bots_threads(w)
        posted = len(standin.messages[thread.id])
        living = w.user_of(game, 0)
        thread.thread_members[living.id] = time.time()  # a moderator with Manage Threads adds a living player
        await advance(w, game, lambda s: sum(not p.alive for p in s.seats) >= 3)
        await settled(w)
        assert len(standin.messages[thread.id]) == posted, "not a line more once a living player is in it"
        (notice,) = told(w, "stopped posting in the graveyard")
        assert living.mention in notice and "a member of the thread" in notice


async def test_a_living_player_who_can_read_private_threads_now_stops_the_feed(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        helpers = standin.add_role(w.guild, "Helpers")
        game = await start_mafia(w, PLAYERS)
        living = w.user_of(game, 1)
        w.guild.members[living.id].role_ids.append(helpers.id)
        await advance(w, game, first_death)
        await settled(w)
        (thread,) = bots_threads(w)
        posted = len(standin.messages[thread.id])
        helpers.permissions |= MANAGE_THREADS  # a moderator gives the role Manage Threads mid-game
        await standin.changed(w.guild, helpers)
        await advance(w, game, lambda s: sum(not p.alive for p in s.seats) >= 3)
        await settled(w)
        assert len(standin.messages[thread.id]) == posted, "not a line more once a living player can read it"
        (notice,) = told(w, "stopped posting in the graveyard")
        assert living.mention in notice and "Manage Threads" in notice


async def test_no_graveyard_while_living_players_can_read_private_threads(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS + 1, standin=standin, locales=("en-US",)) as w:
        keepers = standin.add_role(w.guild, "Thread keepers", permissions=MANAGE_THREADS)
        admins = standin.add_role(w.guild, "Admins", permissions=ADMINISTRATOR)
        game = await start_mafia(w, PLAYERS)
        keeper, admin, owner = (w.user_of(game, n) for n in (0, 1, 2))
        w.guild.members[keeper.id].role_ids.append(keepers.id)
        w.guild.members[admin.id].role_ids.append(admins.id)
        w.guild.owner_id = owner.id
        await standin.changed(w.guild)
        await advance(w, game, first_death)
        await settled(w)
        state = game.state
        assert isinstance(state, MafiaState)
        assert {n for n, p in enumerate(state.seats) if not p.alive} == FIRST_DEAD
        assert not w.guild.threads, "no graveyard the living could read"
        (notice,) = told(w, "did not open the graveyard thread")
        for user, why in ((keeper, "Manage Threads"), (admin, "Administrator"), (owner, "the server's owner")):
            assert f"{user.mention} ({why})" in notice, notice
        await advance(w, game, lambda s: sum(not p.alive for p in s.seats) >= 3)
        await settled(w)
        assert not w.guild.threads
        assert len(told(w, "did not open the graveyard thread")) == 1, "told once"
        watcher = w.users[PLAYERS]  # a member who holds no seat: nothing to watch, and told so
        answer = reply(w, await answered(w, await w.slash(watcher, "spectate")))
        assert "has no thread to watch from" in answer, answer
        assert watcher.id not in {int(u) for u in (game.row.meta.get("spectators") or {}).get("members") or []}


async def test_an_anonymous_game_counts_the_readers_without_naming_them_in_russian(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        admins = standin.add_role(w.guild, "Admins", permissions=ADMINISTRATOR)
        game = await start_mafia(w, PLAYERS, mode="anonymous", language="ru")
        for n in (0, 1):
            w.guild.members[w.user_of(game, n).id].role_ids.append(admins.id)
        await advance(w, game, first_death)
        await settled(w)
        assert not w.guild.threads
        (notice,) = told(w, "ветка-кладбище для выбывших не открыта")
        assert "2 игрока" in notice, notice
        for user in w.users:
            assert user.mention not in notice and user.username not in notice, "an anonymous game names nobody"


async def test_the_servers_graveyard_channel_they_cannot_see_holds_the_graveyard(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        keepers = standin.add_role(w.guild, "Thread keepers", permissions=MANAGE_THREADS)
        hidden = standin.add_channel(w.guild, "graveyards")
        bot_role = standin.bot_role(w.guild)
        hidden.overwrites[w.guild.id] = Overwrite(w.guild.id, 0, 0, VIEW_CHANNEL)
        hidden.overwrites[bot_role.id] = Overwrite(bot_role.id, 0, VIEW_CHANNEL, 0)
        await standin.changed(w.guild, hidden)
        call = await w.slash(w.moderator, "gm settings", graveyard_channel=hidden)
        assert not call.errors, call.callbacks
        game = await start_mafia(w, PLAYERS)
        keeper = w.user_of(game, 0)
        w.guild.members[keeper.id].role_ids.append(keepers.id)
        await advance(w, game, first_death)
        await settled(w)
        assert not bots_threads(w), "not in the game channel, where the keeper reads every private thread"
        (thread,) = bots_threads(w, hidden)
        assert thread_members(thread) == dead_users(w, game) | {standin.bot_user.id}
        assert standin.channel_view(thread, keeper) == []
        assert not told(w, "did not open")


class Held:
    """Holds every message post into a thread until released (the thread waiting for its own limit)."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.release = asyncio.Event()
        self.held = 0

    async def __call__(self, record: RecordedRequest, phase: str) -> None:
        parts = record.path.strip("/").split("/")
        if (phase == "received" and record.method == "POST" and len(parts) == 3 and parts[2] == "messages"
                and int(parts[1]) in self.w.guild.threads):
            self.held += 1
            await self.release.wait()


async def test_the_game_channel_never_waits_for_the_graveyard(tmp_path: Path, standin) -> None:
    async with world(tmp_path, PLAYERS + 1, standin=standin) as w:
        standin.bot_role(w.guild).permissions |= MANAGE_ROLES | MANAGE_WEBHOOKS
        watcher = w.users[PLAYERS]
        game = await start_mafia(w, PLAYERS, mode="anonymous")
        hold = Held(w)
        standin.request_hooks.append(hold)
        try:
            answer = reply(w, await answered(w, await w.slash(watcher, "spectate")))
            assert "You are watching game" in answer  # from the draft: the feed opens now
            await advance(w, game, lambda s: s.phase == "night")
            outbox = w.gm.outboxes.channel_outbox(w.channel.id)
            await asyncio.wait_for(outbox.drained(), 10)
            await standin.settle()
            # (the feed's first post may still wait its turn in the REST budget behind the game's start)
            await standin.wait_for(lambda: hold.held >= 1, timeout=10, what="the feed's first message, held")
            await standin.settle()
            assert hold.held == 1, "the feed's first message waits; nothing more went to the thread"
            waiting = [r for r in await w.gm.storage.waiting_deliveries() if r.channel_id]
            assert waiting and all(r.kind.startswith("graveyard") for r in waiting), [r.kind for r in waiting]

            speaker = w.user_of(game, 0)  # a living player speaks meanwhile: confirmed at once
            call = await standin.invoke_slash(speaker, "mafia say", channel=w.channel, options={"text": "Hello all"})
            started = time.monotonic()
            assert "Said in the game channel" in reply(w, await answered(w, call))
            assert time.monotonic() - started < 5, "confirmed at once, not after the feed"
        finally:
            hold.release.set()
        await settled(w)
        (thread,) = bots_threads(w)
        posts = [m.content for m in standin.messages[thread.id] if m.webhook_id is None]
        rows = [json.loads(body)["text"] for (body,) in query(
            w.db, "SELECT body FROM deliveries WHERE game_id = ? AND kind = 'graveyard-feed' ORDER BY id", game.id)]
        assert "\n".join(posts) == "\n".join(rows), "every line of the feed once, in order"
        assert "Everything known now" in posts[0]
        first = next(k for k in range(1, len(rows) + 1) if "\n".join(rows[:k]) == posts[0])  # what went at once
        assert len(posts) - 1 == len(joined(rows[first:])) < len(rows) - first, (
            f"{len(posts)} posts for {len(rows)} feed rows: what waited went in as few messages as fit")


async def test_a_graveyard_due_before_the_gateway_told_of_the_server_waits_for_it(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scale run's faults: a restarted process opened a game's graveyard before its gateway had told it of the
    server, found nobody could tell who would read the thread, and refused the graveyard for good ("I cannot open
    the graveyard thread"). Until the server is known the graveyard waits; then it opens, checked as ever."""
    async with world(tmp_path, PLAYERS, standin=standin) as w:
        game = await start_mafia(w, PLAYERS)
        known = False
        get_guild = w.bot.get_guild
        monkeypatch.setattr(w.bot, "get_guild", lambda guild_id: get_guild(guild_id) if known else None)
        monkeypatch.setattr(w.bot, "is_ready", lambda: known)
        await advance(w, game, first_death)
        await asyncio.sleep(1.5)  # the graveyard's row tried, and tried again
        assert bots_threads(w) == [] and not told(w, "cannot open the graveyard")
        assert not (game.row.meta.get("graveyard") or {}).get("refused")
        known = True  # the gateway's server comes
        await settled(w)
        (thread,) = bots_threads(w)
        assert thread_members(thread) == dead_users(w, game) | {standin.bot_user.id}
        assert any("Everything known now" in m.text for m in standin.messages[thread.id])
        assert not told(w, "cannot open the graveyard")
