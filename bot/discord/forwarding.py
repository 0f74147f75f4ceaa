"""DM clicks answered by the process that runs the game's server, not all by shard 0's.

Discord sends every interaction made in a DM (secret orders, hands, drafts: most clicks) to shard 0. With
several bot processes on one PostgreSQL (`Storage.shared`), shard 0's process would answer them all and reload
every game another process moved on; yet any process may answer an interaction (its callback is an HTTP POST
naming the interaction's id and token, both in the payload). So in shard 0's process a DM click or modal
submission whose custom id names a game (`gm|<game>|…`, bot/discord/components.py) of a server whose shard
((guild_id >> 22) % shard_count) another live process runs is forwarded there, raw, and not handled here:

- Its gateway payload goes in a row, and its id to the target by NOTIFY (`Storage.forward_interaction`). The
  target takes it (`take_forwarded`) and feeds it to discord.py as if its own gateway had
  dispatched it (`ConnectionState.parsers`, pinned by tests/runtime/test_pins.py), stamped with when shard 0's
  process received it (the metrics count the bot's share from then).
- Shard 0's process takes it back after `WAIT_SECONDS` (`claim_forwarded`) and handles it itself, as before,
  when the target did not take it by then (dead, stopping, slow, or deaf for a moment; or the hand-over
  failed): the row is taken once, by whichever comes first, so exactly one process answers.
- Which process runs which shard is read from the database (`Storage.shard_processes`: the processes' own
  locks), again every `MAP_SECONDS`; a game's server is read once and remembered.

Slash commands, autocomplete, anything without a game id, and clicks in a server (already at its shard's
process) are handled where they arrive. One process per database: nothing is installed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any

import discord

from bot import metrics
from bot.discord.parsing import Parse, around_interactions
from bot.storage import Storage, log_failure, shard_of
from bot.waiting import stop_task

log = logging.getLogger(__name__)

WAIT_SECONDS = 0.5
"""How long a forwarded interaction waits for its target to take it before shard 0's process answers it."""
MAP_SECONDS = 1.0
"""How often the shards' processes are read again (and a lost listening connection made again)."""
PRUNE_SECONDS = 30.0
"""Rows older than this are dropped (every `PRUNE_SECONDS` / 3): taken long since, or left by a forwarding process
that died. Far beyond `ANSWER_SECONDS`: a row is never dropped while its interaction may still be taken back."""
TAKE_TRIES, TAKE_PAUSE = 5, 0.2
"""Taking a row back when the database fails: tried again, since answering without it could answer twice."""
ANSWER_SECONDS = 3.0
"""Discord's time for an interaction's first answer: an interaction not taken back by then is left alone."""
GUILDS_REMEMBERED = 65_536
FORWARDED_AT = "_gm_forwarded_at"
"""Put in a forwarded payload: when shard 0's process received it (wall clock). Its presence also tells the
receiving process's own step that it was forwarded already."""
GAME_PREFIXES = ("gm|", "gms|", "gmx|", "gmm|", "gmv|", "gmb|", "gmsp|", "gmsm|")
"""The custom ids whose second part is a game's id (bot/discord/components.py's table)."""
FORWARDED_TYPES = (3, 5)  # a component's click, a modal's submission
_GAME_ID = re.compile(r"\d{1,18}")


def game_of(data: dict[str, Any]) -> int | None:
    """The game a DM interaction's payload names, when it is one to forward: a click or a modal submitted in a
    DM whose custom id names a game."""
    if data.get("guild_id") or data.get("type") not in FORWARDED_TYPES:
        return None
    inner = data.get("data")
    custom_id = str(inner.get("custom_id") or "") if isinstance(inner, dict) else ""
    if not custom_id.startswith(GAME_PREFIXES):
        return None
    parts = custom_id.split("|")
    return int(parts[1]) if _GAME_ID.fullmatch(parts[1]) else None


class Forwarding:
    """Installed on every bot process of a shared database: shard 0's forwards, every process takes what is
    forwarded to it."""

    def __init__(self, bot: discord.Client, storage: Storage, shard_ids: list[int] | None, *, enabled: bool) -> None:
        self.bot = bot
        self.storage = storage
        self.shard_count = bot.shard_count or 1
        own = set(shard_ids) if shard_ids is not None else set(range(self.shard_count))
        self.own = own
        self.active = enabled and storage.shared and self.shard_count > 1
        self.sends = self.active and 0 in own and len(own) < self.shard_count
        self.shards: dict[int, int] = {}
        """Each shard run by a live process → its number, as last read."""
        self.guilds: OrderedDict[int, int | None] = OrderedDict()
        """game → its server (None: none), the most recently used last."""
        self.forwarded = self.answered_here = self.taken = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop_task: asyncio.Task[None] | None = None

    def install(self) -> None:
        """In front of the INTERACTION_CREATE parser (and of the metrics' and graceful stop's steps put there
        before): a forwarded interaction is counted and answered where it is taken."""
        if self.active:
            around_interactions(self.bot, self._interaction_create)

    async def start(self) -> None:
        if self.active and self._loop_task is None:
            await self._look()
            self._loop_task = asyncio.create_task(self._look_now_and_then(), name="forwarding")

    async def close(self) -> None:
        """The clicks under way are seen through first (taken back and answered here, or left to their target)."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=WAIT_SECONDS + TAKE_TRIES * TAKE_PAUSE)
        for task in [self._loop_task, *self._tasks]:
            await stop_task(task)
        self._loop_task = None

    # --- shard 0's process: forward -------------------------------------------------------------
    def _interaction_create(self, data: Any, parse: Parse) -> None:
        game_id = game_of(data) if self.sends and FORWARDED_AT not in data else None
        if game_id is None:
            parse(data)
        elif game_id in self.guilds:
            self.guilds.move_to_end(game_id)
            self._route(data, parse, self.guilds[game_id], time.time())
        else:
            self._spawn(self._look_up_and_route(data, parse, game_id, time.time()))

    async def _look_up_and_route(self, data: Any, parse: Parse, game_id: int, received: float) -> None:
        try:
            guild = await self.storage.game_guild(game_id)
        except Exception as error:
            log_failure(log, error, "game %s: its server could not be read; answering its DM click here", game_id)
            parse(data)
            return
        self.guilds[game_id] = guild
        if len(self.guilds) > GUILDS_REMEMBERED:
            self.guilds.popitem(last=False)
        self._route(data, parse, guild, received)

    def _route(self, data: Any, parse: Parse, guild: int | None, received: float) -> None:
        """`received`: when this process received the click (wall clock; the target's metrics count from then)."""
        shard = None if guild is None else shard_of(guild, self.shard_count)
        target = None if shard is None or shard in self.own else self.shards.get(shard)
        if target is None or target == self.storage.owner:
            parse(data)
        else:
            self._spawn(self._forward(data, parse, target, received))

    async def _forward(self, data: Any, parse: Parse, target: int, received: float) -> None:
        forward_id = int(data["id"])
        try:
            await self.storage.forward_interaction(forward_id, target, json.dumps(data | {FORWARDED_AT: received}),
                                                   received)
            metrics.forwarding("written", time.time() - received)
            self.forwarded += 1
            await asyncio.sleep(max(0.0, received + WAIT_SECONDS - time.time()))
        except Exception as error:  # written or not: the claim below tells
            log_failure(log, error, "a DM click could not be handed to process %s; taking it back", target)
        for attempt in range(TAKE_TRIES):
            if time.time() - received > ANSWER_SECONDS:
                break
            try:
                mine = await self.storage.claim_forwarded(forward_id, target, received)
            except Exception as error:
                log_failure(log, error, "taking back forwarded interaction %s failed", forward_id)
                if attempt + 1 < TAKE_TRIES:
                    await asyncio.sleep(TAKE_PAUSE)
                continue
            if mine:  # not taken in time: answered here, as without forwarding
                log.info("process %s did not take a forwarded DM click within %.1f s; answering it here", target,
                         WAIT_SECONDS)
                self.answered_here += 1
                parse(data)
            return
        log.warning("forwarded interaction %s: not known whether process %s took it; left to it", forward_id, target)

    # --- every process: take what is forwarded here -----------------------------------------------
    def _heard(self, forward_id: int) -> None:
        if not getattr(self.bot, "stopping", False):  # stopping: shard 0's process answers it in a moment
            self._spawn(self._take(forward_id, time.time()))

    async def _take(self, forward_id: int, heard: float) -> None:
        try:
            payload = await self.storage.take_forwarded(forward_id)
        except Exception as error:
            log_failure(log, error, "taking forwarded interaction %s failed (shard 0's process answers it)",
                        forward_id)
            return
        if payload is None:  # shard 0's process took it back first
            return
        self.taken += 1
        data = json.loads(payload)
        received = data[FORWARDED_AT]
        metrics.forwarding("heard", heard - received)
        metrics.forwarding("taken", (taken := time.time()) - received)
        log.debug("took forwarded interaction %s: %d bytes, %.1f ms after shard 0's process received it", forward_id,
                  len(payload), (taken - received) * 1000)
        self.bot._connection.parsers["INTERACTION_CREATE"](data)

    # --- what is known of the other processes -----------------------------------------------------
    async def _look_now_and_then(self) -> None:
        pruned = time.monotonic()
        while True:
            await asyncio.sleep(MAP_SECONDS)
            try:
                await self._look()
                if self.sends and time.monotonic() - pruned > PRUNE_SECONDS / 3:
                    pruned = time.monotonic()
                    await self.storage.prune_forwarded(time.time() - PRUNE_SECONDS)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log_failure(log, error, "reading which process runs which shard failed; trying again")

    async def _look(self) -> None:
        if await self.storage.listen_forwarded(self._heard):
            log.info("listening for DM clicks forwarded by shard 0's process")
        if self.sends:
            shards = await self.storage.shard_processes()
            if shards != self.shards:
                told = ", ".join(f"shard {shard}: process {number}" for shard, number in sorted(shards.items()))
                log.info("shards' processes: %s", told or "none")
            self.shards = shards

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
