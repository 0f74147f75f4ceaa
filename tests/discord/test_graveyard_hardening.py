"""Issue 35's graveyard items through the stand-in (Mafia of Heroes, ten seats held by stand-in users, the
bot policy giving their orders):

- The thread is a destination of its own: while it waits (its own 5-in-5-s limit, here held by the test)
  the game channel goes on — its lines, and a living player's `/mafia say` — and the feed then follows in
  as few messages as Discord's limits allow, each line once and in order.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from bot.live import LiveGame
from bot.render import joined
from games.mafia.state import MafiaState
from tests.discord.mafia_play import MANAGE_ROLES, MANAGE_WEBHOOKS, answered, reply
from tests.discord.mafia_world import advance, start_mafia
from tests.discord.test_mafia_restart import query
from tests.discord.world import World, world
from tests.discord_standin import Channel, RecordedRequest, User

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
