"""DM clicks answered by the process of the game's server (bot/discord/forwarding.py), through the stand-in and two
real bot processes on one PostgreSQL, as tests/discord/test_shards.py runs them: the stand-in sends a DM click to
shard 0's process (A), as Discord does, and the game is played in a server of shard 1 (process B).

- A forwards the click to B, which answers it, once, and saves the move; A does not handle it.
- B slow (stopped for a moment): A answers the click itself after its wait; B, going on, finds it taken. Once.
- B dead (SIGKILL): A answers the click itself.
Which process answered is what each one's /metrics counts (the interaction is counted where it is handled).
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.metrics import FORWARDING_PARTS
from tests.discord.bot_process import BotProcess, Players, input_keys, query
from tests.discord.cluster import Cluster, database, running_cluster
from tests.discord.test_shards import answers, open_cookie, open_prompts
from tests.discord_standin import InteractionRecord
from tests.endpoints import free_port, scrape, total

__all__ = ["database"]  # the module's PostgreSQL database (a fixture)

pytestmark = [pytest.mark.asyncio(loop_scope="module"), pytest.mark.serial]
SECOND_ANSWER_SECONDS = 1.5
"""How long a second answer to a click is waited for (shard 0's process waits 0.5 s for the other to take it)."""


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def cluster(database: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Cluster]:
    async with running_cluster(database, tmp_path_factory.mktemp("forwarding"), own_metrics_port) as made:
        await made.standin.wait_for(lambda: knows_every_shard(made), timeout=10,
                                    what="shard 0's process to know which process runs shard 1")
        yield made


def knows_every_shard(cluster: Cluster) -> bool:
    """Shard 0's process has read which process runs each other shard (it reads that every second, and answers a
    DM click itself until it knows): its log says so."""
    told = [line for line in cluster.dm_shard.log.read_text().splitlines() if "shards' processes:" in line]
    return bool(told) and all(f"shard {shard}: process" in told[-1] for shard in range(1, len(cluster.processes)))


def own_metrics_port() -> dict[str, str]:
    """Each process its own /metrics: which process answered a click is what each one counts."""
    return {"METRICS_PORT": str(free_port())}


async def dm_clicks_handled(process: BotProcess) -> float:
    """The DM clicks (shard 0's) this process has handled: its /metrics."""
    samples = await scrape(int(process.extra_env["METRICS_PORT"]))
    return total(samples, "gamemaster_interactions_total", shard="0", kind="component")


async def forwarded_handled(process: BotProcess) -> float:
    """The clicks this process answered after another forwarded them: its /metrics' bot's share, so labelled."""
    samples = await scrape(int(process.extra_env["METRICS_PORT"]))
    return total(samples, "gamemaster_interaction_handling_seconds_count", via="dm-forwarded")


async def hand_over_parts(process: BotProcess) -> dict[str, float]:
    """How many forwarded clicks this process saw reach each part of their hand-over (bot/metrics.py FORWARDING)."""
    samples = await scrape(int(process.extra_env["METRICS_PORT"]))
    return {part: total(samples, "gamemaster_forwarding_seconds_count", part=part) for part in FORWARDING_PARTS}


async def click_once(cluster: Cluster, game_id: int, prompt: str) -> tuple[Players, InteractionRecord]:
    """A player answers `prompt` by its DM button; the click, as the stand-in recorded it."""
    standin = cluster.standin
    before = set(standin.interactions)
    players = Players(standin, cluster.users, cluster.url)
    assert await players.answer(cluster.processes, game_id, cluster.guild.channel("general"), prompt) == "played"
    (click,) = [standin.interactions[i] for i in set(standin.interactions) - before]
    return players, click


async def answered_once(cluster: Cluster, click: InteractionRecord, players: Players) -> None:
    await asyncio.sleep(SECOND_ANSWER_SECONDS)  # time for a second answer, were there one
    assert len(click.callbacks) == 1 and not click.errors, f"answered once: {click.callbacks}"
    assert players.acked and players.acked <= input_keys(cluster.url), "the move is saved"


def taker(cluster: Cluster, click: InteractionRecord) -> int:
    """The process number that took the forwarded click (it was forwarded: its row is there)."""
    ((taken_by,),) = query(cluster.url, "SELECT taken_by FROM forwarded_interactions WHERE id = ?", (click.id,))
    return int(taken_by)


def server_process_number(cluster: Cluster, game_id: int) -> int:
    """The number of the process of the game's server: it opened the game, and saved its first messages."""
    ((owner,),) = query(cluster.url, "SELECT owner FROM deliveries WHERE game_id = ? ORDER BY id LIMIT 1", (game_id,))
    return int(owner)


def nothing_left_behind(cluster: Cluster) -> None:
    untaken = query(cluster.url, "SELECT COUNT(*) FROM forwarded_interactions WHERE taken_by IS NULL")
    assert untaken == [(0,)], "every forwarded click taken"


async def test_a_dm_click_on_a_game_of_the_other_process_s_server_is_answered_by_that_process(
    cluster: Cluster,
) -> None:
    game_id = await open_cookie(cluster, cluster.guild.channel("general"), choose_seconds=600)
    waiting = await cluster.standin.wait_for(lambda: open_prompts(cluster, game_id), what="the first prompts")
    dm, server = cluster.dm_shard, cluster.server_shard
    counted = await dm_clicks_handled(dm), await dm_clicks_handled(server)
    forwarded = await forwarded_handled(server)
    parts = await hand_over_parts(dm), await hand_over_parts(server)
    players, click = await click_once(cluster, game_id, waiting[0])
    await answered_once(cluster, click, players)
    grown = [{part: count - before[part] for part, count in (await hand_over_parts(process)).items()}
             for process, before in zip((dm, server), parts, strict=True)]
    assert grown == [{"written": 1, "heard": 0, "taken": 0}, {"written": 0, "heard": 1, "taken": 1}], (
        "its hand-over timed: written by shard 0's process, heard and taken by the server's"
    )
    assert (await dm_clicks_handled(dm), await dm_clicks_handled(server)) == (counted[0], counted[1] + 1), (
        "handled by the process of the game's server, not by shard 0's"
    )
    assert await forwarded_handled(server) == forwarded + 1, "its bot's share is told apart as forwarded"
    assert [by_bot for _, by_bot in answers(cluster, game_id)[waiting[0]]] == [False], "the player's own, once"
    nothing_left_behind(cluster)
    assert taker(cluster, click) == server_process_number(cluster, game_id)


async def test_the_server_s_process_too_slow_to_take_it_leaves_the_click_to_shard_0_s_and_it_is_answered_once(
    cluster: Cluster,
) -> None:
    """B is stopped (SIGSTOP) when the click comes: A waits for it in vain, answers the click itself, and B,
    going on, is told of the click and finds it taken."""
    waiting = open_prompts(cluster, game_id := last_game(cluster))
    dm, server = cluster.dm_shard, cluster.server_shard
    assert server.process is not None
    counted = await dm_clicks_handled(dm), await dm_clicks_handled(server)
    await asyncio.sleep(0.3)  # nothing under way in B: no game lock kept for a next holder
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        players, click = await click_once(cluster, game_id, waiting[0])
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
    await answered_once(cluster, click, players)
    assert (await dm_clicks_handled(dm), await dm_clicks_handled(server)) == (counted[0] + 1, counted[1]), (
        "handled by shard 0's process, once"
    )
    nothing_left_behind(cluster)
    assert taker(cluster, click) != server_process_number(cluster, game_id), "forwarded, and taken back"


async def test_with_the_server_s_process_killed_shard_0_s_process_answers_the_click(cluster: Cluster) -> None:
    waiting = open_prompts(cluster, game_id := last_game(cluster))
    dm, server = cluster.dm_shard, cluster.server_shard
    counted = await dm_clicks_handled(dm)
    server.kill()
    players, click = await click_once(cluster, game_id, waiting[0])
    await answered_once(cluster, click, players)
    assert await dm_clicks_handled(dm) == counted + 1
    nothing_left_behind(cluster)


def last_game(cluster: Cluster) -> int:
    ((game_id,),) = query(cluster.url, "SELECT MAX(id) FROM games")
    return int(game_id)
