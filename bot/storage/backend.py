"""What each storage backend provides, and what the storage's parts build on: a read, a transaction, a
group-committed write (and one that moves games' versions on), migrations, the locks several processes
share a database by. `Storage` (bot/storage/base.py) is these parts together; SQLite (sqlite.py) and
PostgreSQL (postgres.py) fill in the primitives."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import cached_property, partial
from typing import Any, ClassVar, TypeVar

from bot.storage.program import GroupCommit, Program, SavedStep, StepWrite, Tx, Write, moving, step_program
from bot.storage.rows import DeliveryRow, OwnShards

T = TypeVar("T")


class Backend(ABC):
    """The primitives every part of the storage writes and reads through."""

    dialect: ClassVar[str]
    owner: int | None = None
    """This bot process's number on a database several processes may share (PostgreSQL): the owner
    of the delivery rows it saves. None: not a bot process, or SQLite."""
    shared: bool = False
    """Other bot processes may work on the same games now (PostgreSQL, a process running some of the
    shards): the table takes `game_lock` and reloads a game another process moved."""

    @cached_property
    def moved(self) -> dict[int, set[int]]:
        """game → the versions this process's own writes outside a step moved it to (shared databases): the
        table takes a copy that was current just before them as current, rather than reloading it."""
        return {}

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the recorded version, each in its own transaction."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction, committed durably when the block ends, rolled back if it raises."""

    @abstractmethod
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[tuple[int | None, int]]:
        """Held across a game's check → apply → save by whichever process works on the game
        (PostgreSQL: an advisory lock, for several bot processes on one database; SQLite: no lock,
        one bot process per file being enforced at start-up). Gives the game's `game_position`
        as read once the lock is held."""

    @asynccontextmanager
    async def claim_deadline(self, game_id: int, prompt_id: str, now: float) -> AsyncIterator[bool]:
        """Whether this process fires the deadline now: True while it is the one (PostgreSQL: no other
        process is firing the game's deadlines, and the deadline is still due). One process per
        database: always True."""
        yield True

    async def adopt_deliveries(
        self, own: OwnShards | None = None, orphaned: OwnShards | None = None
    ) -> list[DeliveryRow]:
        """The waiting rows of bot processes that died, now this process's to send (PostgreSQL): those of the games
        of its own shards (`own`), and its share of the others' of shards no live process runs (`orphaned`) and of
        rows of no game. Without `own`, its share of every game's."""
        return []

    async def keep_alive(self) -> None:
        """Make sure the other processes still see this one as alive (PostgreSQL: its liveness lock).
        Nothing to do for a database of one process."""
        return

    # --- interactions forwarded between processes (bot/discord/forwarding.py; PostgreSQL: postgres_forwarding.py) --
    async def shard_processes(self) -> dict[int, int]:
        """Each gateway shard run by a live bot process now → that process's number. One process per database:
        none (no process is another's)."""
        return {}

    async def game_guild(self, game_id: int) -> int | None:
        """The server a game is played in (None: no such game, or one without a server)."""
        rows = await self._fetchall("SELECT guild_id FROM games WHERE id = ?", (game_id,))
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def forward_interaction(self, forward_id: int, target: int, payload: str, at: float) -> bool:
        """Hand an interaction (`forward_id`: its id) to the live process `target` with its gateway payload, and
        tell it. False: no other process to hand it to (one process per database)."""
        return False

    async def take_forwarded(self, forward_id: int) -> str | None:
        """The target takes a forwarded interaction: its payload, unless the forwarding process took it first."""
        return None

    async def claim_forwarded(self, forward_id: int, target: int, at: float) -> bool:
        """The forwarding process takes back an interaction its target has not taken: True when it is now this
        process's to answer (not taken; or never written, the hand-over having failed), False when the target
        has it."""
        return True

    async def prune_forwarded(self, before: float) -> int:
        """Drop the forwarded interactions handed over before `before` (taken long since, or left by a forwarding
        process that died); how many."""
        return 0

    async def listen_forwarded(self, heard: Callable[[int], None]) -> bool:
        """Be told (`heard(id)`) of the interactions forwarded to this process, on a connection of its own,
        connected again if it was lost; True when it was (re)connected now. One process per database: never."""
        return False

    @abstractmethod
    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]: ...

    _commits: GroupCommit
    """Each backend's group commit (its `_run_batch` runs a batch of programs in one transaction)."""

    @staticmethod
    def _step_program(step: StepWrite) -> Program[SavedStep | None]:
        """How this backend writes a step (PostgreSQL: in one statement)."""
        return step_program(step)

    async def _write(self, write: Write[T]) -> T:
        """Run a write durably, group-committed with other writes that arrive together."""
        return await self._commits.write(write)

    async def _write_moving(self, make: Write[T], game_ids: Iterable[int]) -> T:
        """A write that changes games outside a step: when other processes share the database, the
        games' versions move on in the same transaction (they reload what changed: the prompts
        posted, the deadlines), and `moved` keeps the new ones once they are saved."""
        games = sorted(set(game_ids)) if self.shared else []
        result, versions = await self._write(partial(moving, make, games))
        for game_id, version in versions.items():
            self.moved.setdefault(game_id, set()).add(version)
        return result

    async def read(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows for a reader of saved rows beside the storage (bot/ratings/)."""
        return await self._fetchall(sql, params)

    async def write(self, write: Write[T]) -> T:
        """A write program of a module beside the storage (bot/ratings/), durably and group-committed."""
        return await self._write(write)
