"""Delivery in Discord (issue 9): the status message never runs ahead of the lines it sums up
(item 17), a rollback posts the reopened prompts again (item 5), and finished games leave nothing
behind in memory (item 11)."""

from __future__ import annotations

import asyncio
import gc
import json
import sqlite3
import sys
import tempfile
import threading
import types
import weakref
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord import standing
from bot.discord.outboxes import Outboxes
from bot.discord.presenting import status_text
from bot.discord.priority import Foreground
from bot.live import LiveGame, Seat
from bot.startup import StartupError
from bot.storage import DELIVERY_DROPPED, DELIVERY_SENT
from games.core.rng import derived
from tests.discord.world import WINDOW, World, open_game, world
from tests.discord_standin import DiscordStandIn, RecordedRequest


def channel_rows(db: Path, game_id: int) -> list[tuple[int, int, str, str]]:
    """(id, step, kind, text) of every delivery row the game queued for its channel, in order."""
    with sqlite3.connect(db) as connection:
        return [
            (row_id, step, kind, json.loads(body).get("text", ""))
            for row_id, step, kind, body in connection.execute(
                "SELECT id, step, kind, body FROM deliveries WHERE game_id = ? AND channel_id IS NOT NULL ORDER BY id",
                (game_id,),
            )
        ]


def record_statuses(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """(step, text) of every status the bot renders, as it sends it (bot/discord/standing.py)."""
    rendered: list[tuple[int, str]] = []

    def recorded(game: LiveGame, **kwargs: Any) -> str:
        text = status_text(game, **kwargs)
        rendered.append((game.state.step, text))
        return text

    monkeypatch.setattr(standing, "status_text", recorded)
    return rendered


def assert_status_never_ahead(w: World, game_id: int, rendered: list[tuple[int, str]]) -> int:
    """Walk the channel's requests in order: every status edit shows the game as some step left it, and
    every line that step (or an earlier one) queued must already be posted. Returns how many edits."""
    lines = [(step, text) for _, step, kind, text in channel_rows(w.db, game_id) if kind != "status"]
    posted = 0  # how many of `lines` the channel has, in order
    edits = 0
    for request in w.standin.requests:  # the bot token's posts and edits, and interactions' follow-ups
        if w.standin.writes_to(request) != w.channel.id or request.status >= 400 or not isinstance(request.body, dict):
            continue
        content = str(request.body.get("content", ""))
        shown = [step for step, text in rendered if text == content]
        if shown:
            edits += 1
            before = [text for step, text in lines if step <= min(shown)]
            assert posted >= len(before), (
                f"a status edit went out with {len(before) - posted} earlier line(s) not yet posted, "
                f"the first: {before[posted][:80]!r}"
            )
            continue
        remaining = content
        while posted < len(lines) and lines[posted][1] and remaining.startswith(lines[posted][1]):
            remaining = remaining[len(lines[posted][1]):].lstrip("\n")
            posted += 1
    return edits


async def test_the_status_edit_waits_for_the_lines_queued_before_it(
    tmp_path: Path, standin, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The channel is held from the round's first reveal while the players go on in their DMs: once
    released, the lines of those later steps go out before the status edit that includes them."""
    rendered = record_statuses(monkeypatch)
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        await w.gm.drained()
        await w.standin.settle()
        release = asyncio.Event()
        holding = False
        held = 0

        async def hold_the_channel(record: RecordedRequest, phase: str) -> None:
            nonlocal held
            if holding and phase == "received" and w.standin.writes_to(record) == w.channel.id:
                held += 1
                await release.wait()

        w.standin.request_hooks.append(hold_the_channel)
        played_on = 0
        while played_on < 12:
            prompt = next((p for p in game.state.prompts if not p.answered), None)
            if prompt is None or (holding and not prompt.secret):
                break  # the next prompt waits in the held channel
            open_choices = [p for p in game.state.prompts if not p.answered and p.secret]
            if len(open_choices) == 1 and not holding:
                holding = True  # the last choice of the circle: its reveal will be held
            rng = derived(game.row.seed, "t", game.state.step, prompt.id)
            await w.answer(game, prompt, game.engine.bot_action(game.state, prompt, rng).value)
            played_on += holding
        await w.standin.wait_for(lambda: held, timeout=5, what="the reveal to reach the held channel")
        release.set()
        await w.gm.drained()
        await w.standin.settle()
        assert assert_status_never_ahead(w, game_id, rendered) >= 1


async def test_a_rollback_posts_the_reopened_prompts_again(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 4, standin=standin) as w:
        game_id = await open_game(w)
        game = w.game(game_id)
        assert game is not None
        first = [p for p in game.state.prompts if not p.answered]
        for prompt in first[:2]:
            await w.answer(game, prompt, prompt.options[0].value)
        await w.gm.drained()
        await w.standin.settle()
        before = {u.id: len(w.standin.dm_view(u)) for u in w.users}
        await w.slash(w.moderator, "gm rollback", step=0)
        await w.gm.drained()
        await w.standin.settle()
        assert game.state.step == 0
        for prompt in first[:2]:  # the two answered prompts are open again: each player gets it anew
            user = w.user_of(game, prompt.seat)
            fresh = w.standin.dm_view(user)[before[user.id]:]
            assert any(
                b.get("custom_id", "").startswith(f"gm|{game_id}|{prompt.id}|") and not b.get("disabled")
                for m in fresh for b in m.buttons
            ), f"{user.username} got no new buttons for {prompt.id}: {w.standin.transcript(user)[-500:]}"
        call = await w.answer(game, first[0], first[0].options[0].value)  # and the new button works
        assert call.callbacks[0]["type"] == 7


async def test_a_newcomer_in_a_seat_gets_its_open_prompt(tmp_path: Path, standin) -> None:
    async with world(tmp_path, 5, standin=standin) as w:
        game_id = await open_game(w, players=4)
        game = w.game(game_id)
        assert game is not None
        prompt = next(p for p in game.state.prompts if p.seat == 1 and not p.answered)
        newcomer = w.users[4]
        await w.slash(w.moderator, "gm replace", player=w.users[1], member=newcomer)
        await w.gm.drained()
        await w.standin.settle()
        assert game.seat_of(newcomer.id) == 1
        call = await w.answer(game, prompt, prompt.options[0].value)  # found in the newcomer's DMs
        assert call.callbacks[0]["type"] == 7


async def play_one(w: World, number: int) -> None:
    """A whole Cookie game in the channel, its players acting through the table (what the soak
    measures is what delivering a game keeps, not the stand-in's records of clicks)."""
    seats = [Seat(name=u.username, user_id=u.id, language="en") for u in w.users[:4]]
    game = await w.gm.table.start("cookie", seats, seed=number, guild_id=w.guild.id, channel_id=w.channel.id)
    while game.running:
        prompt = next(p for p in game.state.prompts if not p.answered)
        action = game.engine.bot_action(game.state, prompt, derived(number, "soak", game.state.step, prompt.id))
        assert (await w.gm.table.act(game.id, prompt.seat, action)).ok
    await w.gm.drained()


def held_by(root: object, *, outside: tuple[type, ...]) -> int:
    """Bytes of every object reachable from `root`, not counting what lies beyond objects of the
    `outside` types (shared machinery: the Discord client, the event loop, threads, code)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, outside):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(gc.get_referents(item))
    return total


async def game_master_memory(w: World) -> int:
    """What the game master holds once idle outboxes let go (after a window); weak references
    hold nothing (asyncio's sets of them come and go with the tasks of the moment)."""
    await asyncio.sleep(WINDOW * 3)
    gc.collect()
    shared = (discord.Client, asyncio.AbstractEventLoop, threading.Thread, type, types.ModuleType,
              types.FunctionType, types.CodeType, types.FrameType, asyncio.Task, weakref.ref)
    return held_by(w.gm, outside=shared)


def slope(ys: list[int]) -> float:
    """Least-squares growth per step: the trend, not the noise of the moment."""
    n = len(ys)
    mean_x, mean_y = (n - 1) / 2, sum(ys) / n
    return sum((x - mean_x) * (y - mean_y) for x, y in enumerate(ys)) / sum((x - mean_x) ** 2 for x in range(n))


async def test_finished_games_leave_nothing_in_memory(tmp_path: Path) -> None:
    """A soak of finished games: the game master's per-game memory (posted prompts, closed DMs,
    outboxes, the table's games) is released: what it holds does not grow from game to game."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else tmp_path) as fast:  # memory, not fsync, measured
        async with DiscordStandIn(spec=False, flood_limit=(5, WINDOW)) as standin, \
                world(Path(fast), 4, standin=standin) as w:
            for number in range(3):  # warm up: caches, catalogs, discord.py's and aiohttp's state
                await play_one(w, number)
            heaps = [await game_master_memory(w)]
            for number in range(3, 10):
                await play_one(w, number)
                heaps.append(await game_master_memory(w))
            per_game = slope(heaps)
            print(f"\nmemory retained per finished game: {per_game:.0f} B (held after each game: {heaps})")
            gm = w.gm
            assert not gm.prompts.sent and not gm.outboxes.dm_failed and not gm.table.games
            assert not gm.standing.sheet_messages and not gm.prompts.posts
            assert not w.gm.table.changes.buckets
            assert not w.gm.outboxes.outboxes, f"outboxes left: {list(w.gm.outboxes.outboxes)}"
            assert per_game < 256, f"{per_game:.0f} B kept per finished game: {heaps}"


class HeldStorage:
    """Records each save of sent marks; holds the first until released; the first `fail` saves fail."""

    def __init__(self, fail: int = 0) -> None:
        self.saves: list[list[int]] = []
        self.release = asyncio.Event()
        self.fail = fail

    async def finish_deliveries(self, ids: list[int], *, prompts: Any = ()) -> None:
        self.saves.append(list(ids))
        if len(self.saves) == 1:
            await self.release.wait()
        if self.fail:
            self.fail -= 1
            raise sqlite3.OperationalError("disk I/O error")


def journal(storage: HeldStorage) -> Outboxes:
    table = types.SimpleNamespace(games={})
    return Outboxes(None, storage, table, None, WINDOW, Foreground())  # type: ignore[arg-type]


async def test_sends_marked_while_a_save_is_under_way_are_saved_together_next() -> None:
    storage = HeldStorage()
    outboxes = journal(storage)
    await outboxes.done([1], None, [])
    await asyncio.sleep(0)  # that save is under way (held)
    for row in (2, 3, 4):
        await outboxes.done([row], None, [])
    storage.release.set()
    await outboxes.drained()
    assert storage.saves == [[1], [2, 3, 4]]


async def test_saved_returns_only_once_every_mark_made_so_far_is_on_disk() -> None:
    """What an outbox waits for before it sends after a follow-up."""
    storage = HeldStorage()
    outboxes = journal(storage)
    await outboxes.done([1], None, [])
    await asyncio.sleep(0)  # that save is under way (held)
    await outboxes.done([2], None, [])
    waiting = asyncio.create_task(outboxes.saved())
    for _ in range(5):
        await asyncio.sleep(0)
    assert not waiting.done(), "returned before the marks were saved"
    storage.release.set()
    await waiting
    assert storage.saves == [[1], [2]], "both saved when it returned"


async def test_a_mark_that_cannot_be_saved_for_now_is_saved_again_with_those_made_meanwhile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rows stay claimed until it is (a restart meanwhile sends them again with the same nonce); the
    failure is logged, not raised into the outbox's sending (tests/runtime/test_deliveries.py: the database
    restarting)."""
    monkeypatch.setattr("bot.discord.outboxes.backoff", lambda failures: 0.01)
    storage = HeldStorage(fail=2)
    storage.release.set()
    outboxes = journal(storage)
    await outboxes.done([7], None, [])
    await asyncio.sleep(0)  # its first save is under way
    await outboxes.done([8], None, [])
    await outboxes.drained()
    assert storage.saves == [[7], [7, 8], [7, 8]]


class AwayForDrops:
    """Records each save (rows, state); the first `fail` saves meet the database away."""

    def __init__(self, fail: int) -> None:
        self.saves: list[tuple[list[int], int]] = []
        self.fail = fail

    async def finish_deliveries(self, ids: list[int], *, state: int = DELIVERY_SENT, prompts: Any = ()) -> None:
        self.saves.append((list(ids), state))
        if self.fail:
            self.fail -= 1
            raise StartupError("startup-db-pg-cannot-connect", url="postgresql://db", reason="shutting down")


async def test_a_drop_that_meets_the_database_away_is_saved_again_until_it_is_not_raised_into_the_sending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A message Discord refused for good (or a prompt no longer wanted) has its rows dropped: a PostgreSQL
    restart then left them waiting, unsent, in front of their game's later lines in the other processes until a
    restart (the refused message's drop was suppressed), or ended the outbox's sending (the unwanted prompt's)."""
    monkeypatch.setattr("bot.discord.outboxes.backoff", lambda failures: 0.01)
    storage = AwayForDrops(fail=2)
    outboxes = journal(storage)  # type: ignore[arg-type]
    await outboxes.dropped([5])
    await outboxes.done([6], None, [])
    await outboxes.drained()
    assert ([5], DELIVERY_DROPPED) in storage.saves[2:] and ([6], DELIVERY_SENT) in storage.saves[2:], storage.saves


async def test_an_answered_interaction_is_freed_at_once_not_left_to_the_cyclic_collector(
    tmp_path: Path, standin
) -> None:
    """An interaction and its response, and the view discord.py builds from a clicked message, refer to
    themselves in cycles; once answered they are broken, so a game's commands and clicks leave the
    collector nothing."""
    async with world(tmp_path, 4, standin=standin) as w:
        received: list[discord.Interaction] = []

        async def keep(interaction: discord.Interaction) -> None:  # as the graceful stop keeps them
            received.append(interaction)

        w.bot.add_listener(keep, "on_interaction")
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            game_id = await open_game(w)  # slash commands (open, join, start) and then clicks
            await w.play_to_end(game_id)
            await w.gm.drained()
            await asyncio.sleep(0.05)  # the commands' completion events
            assert received and all(i.response.is_done() for i in received), "each one tells it was answered"
            received.clear()
            gc.collect()
            left = [o for o in gc.garbage if isinstance(o, discord.Interaction | discord.ui.View)]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert left == [], f"{len(left)} interactions' objects were left for the cyclic collector"
