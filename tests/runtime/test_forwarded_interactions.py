"""The storage's part of forwarding DM clicks between bot processes on one PostgreSQL (bot/discord/forwarding.py):
which live process runs which shard, a forwarded payload heard by its target and taken by exactly one process
(the target, or the forwarding process taking it back), and old rows dropped. Two storages stand for two
processes, as in test_cross_process.py."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from bot.discord.forwarding import game_of
from bot.storage import open_storage
from tests.runtime.databases import PostgresDatabase


def dm_click(custom_id: str, *, guild_id: str | None = None, kind: int = 3) -> dict[str, object]:
    payload: dict[str, object] = {"id": "1", "type": kind, "data": {"custom_id": custom_id, "component_type": 2}}
    if guild_id is not None:
        payload["guild_id"] = guild_id
    return payload


def test_only_a_dm_click_or_modal_on_a_game_is_forwarded() -> None:
    assert game_of(dm_click("gm|42|p0|give")) == 42
    assert game_of(dm_click("gms|42|p0")) == 42
    assert game_of(dm_click("gmm|42|p0", kind=5)) == 42, "a modal's submission"
    assert game_of(dm_click("gmsm|7", kind=5)) == 7
    assert game_of(dm_click("gmv|7")) == 7 and game_of(dm_click("gmb|7")) == 7
    assert game_of(dm_click("gm|42|p0|give", guild_id="9")) is None, "a click in a server is at its shard already"
    assert game_of(dm_click("gmj|42")) is None, "a lobby's id, not a game's"
    assert game_of(dm_click("gmsc|0123456789abcdef")) is None
    assert game_of(dm_click("gm|4x2|p0|give")) is None and game_of(dm_click("gm|")) is None, "garbled"
    assert game_of({"id": "1", "type": 2, "data": {"name": "cookie"}}) is None, "a slash command stays"
    assert game_of({"id": "1", "type": 4, "data": {"name": "cookie"}}) is None, "autocomplete stays"


async def test_each_shard_is_known_with_its_live_process_and_forgotten_when_it_stops(
    postgres: PostgresDatabase,
) -> None:
    first = await open_storage(postgres.target, exclusive=True, shard_ids=[0, 1])
    second = await open_storage(postgres.target, exclusive=True, shard_ids=[2, 3])
    try:
        seen = await first.shard_processes()
        assert seen == {0: first.owner, 1: first.owner, 2: second.owner, 3: second.owner}
        await second.close()
        assert await first.shard_processes() == {0: first.owner, 1: first.owner}, "a stopped process runs none"
    finally:
        await first.close()
        await second.close()


async def test_a_forwarded_interaction_is_heard_by_its_target_and_taken_by_exactly_one_process(
    postgres: PostgresDatabase,
) -> None:
    """The payload travels in a row (bigger than a NOTIFY may carry), its id by NOTIFY to the target alone; the
    target takes it and the forwarding process takes it back at the same moment, and one of them gets it."""
    sender = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    target = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    other = await open_storage(postgres.target, exclusive=True, shard_ids=[2])
    try:
        heard: list[int] = []
        elsewhere: list[int] = []
        assert await target.listen_forwarded(heard.append)
        assert not await target.listen_forwarded(heard.append), "listening already"
        assert await other.listen_forwarded(elsewhere.append)
        payload = json.dumps(dm_click("gm|1|p0|give") | {"message": {"content": "x" * 20_000}})
        assert target.owner is not None
        for interaction in range(1, 41):
            assert await sender.forward_interaction(interaction, target.owner, payload, time.time())
            for _ in range(200):
                if interaction in heard:
                    break
                await asyncio.sleep(0.005)
            assert interaction in heard, "the target is told"
            taken, back = await asyncio.gather(
                target.take_forwarded(interaction), sender.claim_forwarded(interaction, target.owner, time.time())
            )
            assert (taken == payload) != back, f"exactly one of them has it: {taken is not None}, {back}"
            assert await target.take_forwarded(interaction) is None, "taken once"
            assert not await sender.claim_forwarded(interaction, target.owner, time.time()), "taken once"
        assert not elsewhere, "no other process is told"
    finally:
        for storage in (sender, target, other):
            await storage.close()


async def test_a_hand_over_that_never_reached_the_database_is_taken_back_by_the_forwarding_process(
    postgres: PostgresDatabase,
) -> None:
    """The forwarding process does not know whether its row was written (the database went away): taking it back
    writes it as its own, and the target, told late, gets nothing."""
    sender = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    target = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    try:
        assert target.owner is not None
        assert await sender.claim_forwarded(7, target.owner, time.time())
        assert await target.take_forwarded(7) is None
    finally:
        await sender.close()
        await target.close()


async def test_forwarded_interactions_are_dropped_after_a_while(postgres: PostgresDatabase) -> None:
    sender = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    try:
        assert await sender.forward_interaction(1, 99, "{}", time.time() - 120)
        assert await sender.forward_interaction(2, 99, "{}", time.time())
        assert await sender.prune_forwarded(time.time() - 60) == 1
        assert await sender.read("SELECT id FROM forwarded_interactions") == [(2,)]
    finally:
        await sender.close()


async def test_alone_on_a_database_nothing_is_forwarded(postgres: PostgresDatabase) -> None:
    alone = await open_storage(postgres.target, exclusive=True)
    try:
        assert not alone.shared
        assert await alone.listen_forwarded(lambda _: None) is False
    finally:
        await alone.close()


async def test_a_hand_over_waits_for_no_group_commit_of_game_steps(postgres: PostgresDatabase) -> None:
    """A forwarded click's first answer waits for its hand-over twice (written, then taken), so each is one
    statement committed alone on a reading connection (the table is UNLOGGED: no disk flush either), never queued
    behind the steps' group commits: here every committer of both processes is busy, and the hand-over goes on."""
    sender = await open_storage(postgres.target, exclusive=True, shard_ids=[0])
    target = await open_storage(postgres.target, exclusive=True, shard_ids=[1])
    held: list[tuple[Any, int]] = []
    try:
        assert target.owner is not None
        for storage in (sender, target):
            queue = storage._free_committers  # type: ignore[attr-defined]
            held += [(queue, queue.get_nowait()) for _ in range(queue.qsize())]  # every committer busy
        async with asyncio.timeout(10):
            assert await sender.forward_interaction(1, target.owner, "{}", time.time())
            assert await target.take_forwarded(1) == "{}"
            assert not await sender.claim_forwarded(1, target.owner, time.time()), "the target has it"
            assert await sender.claim_forwarded(2, target.owner, time.time()), "never handed over: taken back"
    finally:
        for queue, number in held:
            queue.put_nowait(number)
        await sender.close()
        await target.close()
