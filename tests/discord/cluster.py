"""Real bot processes (`python -m bot`), one per gateway shard, sharing one PostgreSQL database, against the
stand-in, which routes a server's events to the server's shard and DMs to shard 0, as Discord does. The game's
server is one of shard 1. tests/discord/test_shards.py and test_forwarding.py each run one such cluster for their
module, with their own settings (`running_cluster`'s `env`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.discord.bot_process import BotProcess, throwaway_postgres
from tests.discord_standin import DiscordStandIn, Guild, User

SHARDS = 2
PLAYERS = 4


@dataclass
class Cluster:
    standin: DiscordStandIn
    guild: Guild
    users: list[User]
    url: str
    processes: list[BotProcess]

    @property
    def dm_shard(self) -> BotProcess:
        return self.processes[0]

    @property
    def server_shard(self) -> BotProcess:
        return self.processes[1]


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A migrated, empty PostgreSQL database on the session's throwaway server."""
    with throwaway_postgres() as url:
        yield url


def guild_of_shard(standin: DiscordStandIn, shard: int) -> Guild:
    """A server whose events Discord sends to `shard` ((id >> 22) % shard count)."""
    while True:
        guild = standin.add_guild("Game Night")
        if (guild.id >> 22) % SHARDS == shard:
            return guild
        time.sleep(0.002)  # the next snowflake's timestamp


@asynccontextmanager
async def running_cluster(database: str, logs: Path, env: Callable[[], dict[str, str]]) -> AsyncIterator[Cluster]:
    """The stand-in, PLAYERS members of a server of shard 1, and SHARDS bot processes, each with `env()`'s settings;
    afterwards, the stand-in saw no request Discord would refuse or not know."""
    standin = DiscordStandIn(shard_count=SHARDS, flood_limit=None)
    await standin.start()
    guild = guild_of_shard(standin, 1)
    users = [standin.add_user(f"p{i}") for i in range(PLAYERS)]
    for user in users:
        standin.add_member(guild, user)
    processes = [
        BotProcess(standin, guild, database, logs / f"shard-{n}.log", shard_ids=[n], shard_count=SHARDS, env=env())
        for n in range(SHARDS)
    ]
    try:
        await asyncio.gather(*(p.start() for p in processes))
        yield Cluster(standin, guild, users, database, processes)
    finally:
        for process in processes:
            process.stop()
        await standin.stop()
    assert not standin.violations, standin.violations
    assert not standin.unknown_requests, standin.unknown_requests
