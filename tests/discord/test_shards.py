"""Two real bot processes (`python -m bot`), one per gateway shard, sharing one PostgreSQL database,
against the stand-in, which routes a server's events to the server's shard and DMs to shard 0 — as
Discord does. A Cookie game lives in a server of shard 1: its slash commands and channel clicks reach
the shard-1 process, its players' DM clicks the shard-0 process, and its deadlines whichever process
claims them first. Every input is applied once, every line reaches the channel once and in order,
and a process that is killed loses no acknowledged click and leaves its deadlines and its unsent
messages to the other. Forwarding is off here (FORWARD_DM_CLICKS=false): the shard-0 process answers the DM
clicks itself, as it does when the server's process does not take one in time (tests/discord/test_forwarding.py),
so both processes work on the same game.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from tests.discord.bot_process import (
    WINDOW,
    Players,
    channel_lines,
    input_keys,
    public_lines,
    query,
    read_game,
    waiting_deliveries,
)
from tests.discord.cluster import SHARDS, Cluster, database, running_cluster
from tests.discord_standin import Channel, DiscordStandIn, RecordedRequest, User

__all__ = ["database"]  # the module's PostgreSQL database (a fixture)

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.serial]
"""One cluster of real bot processes for the module, racing clicks around a deadline: run alone."""

RACE_SPREAD = 0.02
"""Seconds between the last clicks around a deadline: one just before it, one at it, one after."""
SLOW_SECONDS, SLOW_REQUESTS = 0.3, 4
"""The server's process's first messages for a new game each take this long to reach Discord."""


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def cluster(database: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Cluster]:
    logs = tmp_path_factory.mktemp("shards")
    async with running_cluster(database, logs, lambda: {"FORWARD_DM_CLICKS": "false"}) as made:
        yield made


async def slash(standin: DiscordStandIn, user: User, command: str, channel: Channel, **options: object) -> None:
    call = await standin.invoke_slash(user, command, channel=channel, options=options)
    await call.wait_response(timeout=10)
    if call.response_type == 5:
        await standin.wait_for(
            lambda: call.original_message_id and not standin.message(call.original_message_id).loading, timeout=10
        )
    assert not call.errors, call.callbacks


async def open_cookie(cluster: Cluster, channel: Channel, **options: object) -> int:
    """A game opened, joined and started by slash commands in the server (the shard-1 process)."""
    users = cluster.users
    await slash(cluster.standin, users[0], "cookie new", channel, **options)
    for user in users[1:]:
        await slash(cluster.standin, user, "join", channel)
    await slash(cluster.standin, users[0], "start", channel)
    ((game_id,),) = query(
        cluster.url, "SELECT id FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel.id,)
    )
    return int(game_id)


async def all_sent(cluster: Cluster) -> None:
    await cluster.standin.wait_for(lambda: waiting_deliveries(cluster.url) == 0, timeout=30, what="every delivery sent")
    await cluster.standin.settle(quiet=WINDOW * 4)


def status_messages(cluster: Cluster, channel: Channel, game_id: int) -> list[int]:
    """The channel's messages that are the game's status message (they start with its title line)."""
    title = f"**Cookie #{game_id}**"
    return [m.id for m in cluster.standin.channel_view(channel) if m.content.split("\n", 1)[0] == title]


def assert_shown_once_in_order(cluster: Cluster, channel: Channel, game_id: int) -> None:
    expected = public_lines(cluster.url, game_id)
    shown = channel_lines(cluster.standin, channel, expected, set(status_messages(cluster, channel, game_id)))
    assert shown == expected, (
        "every public line of the game once, in order\n"
        f"missing or extra: {sorted(set(expected) ^ set(shown))[:5]}\n{cluster.standin.transcript(channel)[-3000:]}"
    )
    assert len(status_messages(cluster, channel, game_id)) == 1, "one status message, edited by both processes"


def prompt_posts(cluster: Cluster, channel: Channel, game_id: int) -> dict[str, int]:
    """How many messages carry each prompt's buttons (DMs and the channel): a prompt posted twice counts 2."""
    counts: dict[str, int] = {}
    messages = [m for u in cluster.users for m in cluster.standin.dm_view(u)] + cluster.standin.channel_view(channel)
    for message in messages:
        prompts = {str(b.get("custom_id", "")).split("|")[2] for b in message.buttons
                   if str(b.get("custom_id", "")).startswith(f"gm|{game_id}|")}
        for prompt in prompts:
            counts[prompt] = counts.get(prompt, 0) + 1
    return counts


def owners(cluster: Cluster, game_id: int) -> int:
    """How many processes saved (and sent) the game's deliveries."""
    return len(query(cluster.url, "SELECT DISTINCT owner FROM deliveries WHERE game_id = ?", (game_id,)))


def open_prompts(cluster: Cluster, game_id: int) -> list[str]:
    _, state, _ = read_game(cluster.url, game_id)
    return [p.id for p in state.prompts if not p.answered]


def answers(cluster: Cluster, game_id: int) -> dict[str, list[tuple[str | None, bool]]]:
    """Each prompt's saved answers: (input key, by the bot at a deadline)."""
    found: dict[str, list[tuple[str | None, bool]]] = {}
    for payload, key, by_bot in query(
        cluster.url, "SELECT payload, input_key, by_bot FROM actions WHERE game_id = ? AND kind = 'play'", (game_id,)
    ):
        prompt = json.loads(payload)["prompt"]
        found.setdefault(prompt, []).append((key, bool(by_bot)))
    return found


def defaults_applied(cluster: Cluster, game_id: int) -> list[dict[str, Any]]:
    """The payloads of the answers the bot gave at deadlines."""
    rows = query(cluster.url, "SELECT payload FROM actions WHERE game_id = ? AND kind = 'play' AND by_bot = 1",
                 (game_id,))
    return [json.loads(payload) for (payload,) in rows]


async def test_a_game_in_a_shard_1_server_is_played_to_the_end_by_dm_clicks_that_reach_shard_0(
    cluster: Cluster,
) -> None:
    """The server's process opens the game and is slow to post its first lines and status message
    (its follow-ups of /start take a while); the DM clicks' steps, applied by the other process, still
    show after them, in the same status message, and so on to the end of the game."""
    standin, channel = cluster.standin, cluster.guild.channel("general")

    slowed: list[str] = []

    async def slow_opening(record: RecordedRequest, phase: str) -> None:
        interaction = standin.interaction_of(record)
        if phase == "received" and interaction is not None and interaction.data.get("name") == "start" \
                and "/callback" not in record.path and len(slowed) < SLOW_REQUESTS:
            slowed.append(record.path)
            await asyncio.sleep(SLOW_SECONDS)

    standin.request_hooks.append(slow_opening)
    try:
        game_id = await open_cookie(cluster, channel)
        players = Players(cluster.standin, cluster.users, cluster.url)
        moves = 0
        while (outcome := await players.step(cluster.processes, game_id, channel)) == "played":
            moves += 1
    finally:
        standin.request_hooks.remove(slow_opening)
    assert outcome == "over" and read_game(cluster.url, game_id)[0] == "finished"
    assert moves > 10 and players.acked <= input_keys(cluster.url), "every acknowledged click is saved"
    await all_sent(cluster)
    assert_shown_once_in_order(cluster, channel, game_id)
    posted = prompt_posts(cluster, channel, game_id)
    assert posted and max(posted.values()) == 1, f"no prompt posted twice: {posted}"
    assert owners(cluster, game_id) == SHARDS, "both processes applied steps and sent what they saved"


async def test_clicks_and_deadlines_on_one_game_in_both_processes_at_once_apply_each_input_once(
    cluster: Cluster,
) -> None:
    """At the very moment the players' deadline passes, both processes' schedulers fire the same
    deadlines, and the last clicks reach both processes at once (each interaction is delivered to
    every shard). Each deadline fires once and each click is applied once, by one process (a click
    that comes after its deadline's default changes the choice, as it may)."""
    standin = cluster.standin
    channel = standin.add_channel(cluster.guild, "race")
    game_id = await open_cookie(cluster, channel, choose_seconds=10)
    waiting = await standin.wait_for(lambda: open_prompts(cluster, game_id), what="the first prompts")
    ((due,),) = query(cluster.url, "SELECT MIN(due) FROM deadlines WHERE game_id = ?", (game_id,))
    players = Players(standin, cluster.users, cluster.url)
    assert await players.answer(cluster.processes, game_id, channel, waiting[0]) == "played"  # in good time
    await asyncio.sleep(max(0.0, due - time.time() - RACE_SPREAD))

    async def late(prompt: str, delay: float) -> str:
        await asyncio.sleep(delay)
        return await players.answer(cluster.processes, game_id, channel, prompt)

    sent_before = set(standin.interactions)
    standin.gateway.everywhere.add("INTERACTION_CREATE")
    try:
        spread = [n * RACE_SPREAD for n in range(len(waiting) - 1)]  # just before, at and after the deadline
        await asyncio.gather(*(late(prompt, delay) for prompt, delay in zip(waiting[1:], spread, strict=True)))
    finally:
        standin.gateway.everywhere.discard("INTERACTION_CREATE")
    await standin.wait_for(
        lambda: not set(waiting) & set(open_prompts(cluster, game_id)), timeout=15, what="every prompt answered"
    )
    saved = answers(cluster, game_id)
    assert all(saved[prompt] for prompt in waiting), "every prompt answered"
    assert all(sum(by_bot for _, by_bot in saved[prompt]) <= 1 for prompt in waiting), f"one default: {saved}"
    keys = [key for prompt in waiting for key, by_bot in saved[prompt] if not by_bot]
    assert len(keys) == len(set(keys)), f"no click applied twice: {saved}"  # (a click after the default changes it)
    # a click just after its deadline that gives the answer the default put in effect is taken and rightly not
    # logged (the table's no-op): every other acknowledged click is saved
    defaults = {(p["prompt"], str(p["value"])) for p in defaults_applied(cluster, game_id)}
    unsaved = players.acked - input_keys(cluster.url)
    assert all(players.clicked[key] in defaults for key in unsaved), "every acknowledged click is saved"
    clicks = [standin.interactions[i] for i in set(standin.interactions) - sent_before]
    await standin.wait_for(lambda: all(len(c.callbacks) == SHARDS for c in clicks), what="both processes to answer")
    assert all(len(c.errors) == 1 for c in clicks), "one answer per click; the other process's came second"
    await all_sent(cluster)
    assert_shown_once_in_order(cluster, channel, game_id)


async def test_a_killed_process_loses_no_acknowledged_click_and_its_deadlines_fire_on_the_other(
    cluster: Cluster,
) -> None:
    """The shard-0 process is killed as its first write to the channel after a DM click arrives (it
    never reaches Discord): every click it acknowledged is saved, the other process sends what the
    dead one had not sent, and fires the deadlines of the prompts nobody answered."""
    standin, channel = cluster.standin, cluster.standin.add_channel(cluster.guild, "kill")
    game_id = await open_cookie(cluster, channel, choose_seconds=10)
    waiting = await standin.wait_for(lambda: open_prompts(cluster, game_id), what="the first prompts")
    await all_sent(cluster)
    killed: list[str] = []
    dm_shard = cluster.dm_shard

    async def kill_at_its_next_channel_write(record: RecordedRequest, phase: str) -> bool | None:
        if phase == "received" and not killed and standin.writes_to(record) == channel.id:
            dm_shard.kill()  # the server's shard has nothing to write there now: this is the DM shard's
            killed.append(f"{record.method} {record.path}")
            return True
        return None

    players = Players(standin, cluster.users, cluster.url)
    assert await players.answer(cluster.processes, game_id, channel, waiting[0]) == "played"
    standin.request_hooks.append(kill_at_its_next_channel_write)
    assert await players.answer(cluster.processes, game_id, channel, waiting[1]) in ("played", "dead")
    await standin.wait_for(lambda: killed, what="the shard-0 process to write to the channel")
    standin.request_hooks.remove(kill_at_its_next_channel_write)
    assert not dm_shard.alive
    assert players.acked and players.acked <= input_keys(cluster.url), "every acknowledged click is saved"
    await standin.wait_for(
        lambda: not set(waiting) & set(open_prompts(cluster, game_id)), timeout=20,
        what="the dead process's deadlines to fire on the other",
    )
    saved = answers(cluster, game_id)
    assert all(len(saved[prompt]) == 1 for prompt in waiting), f"one answer per prompt: {saved}"
    assert not saved[waiting[0]][0][1], "the first player's own click"
    assert all(saved[prompt][0][1] for prompt in waiting[2:]), "the others' deadlines fired (in the live process)"
    await all_sent(cluster)
    assert_shown_once_in_order(cluster, channel, game_id)
