"""The bot's SQLite writes run in a writer process of its own (bot/storage/writer.py): a game is saved
exactly as on the connection's thread, every kind of write gets there and answers as it would, and a
writer that dies under the bot stops the bot rather than leave it unsure of what was saved."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import shutil
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import Term
from bot.live import Delivery
from bot.morphology import Named
from bot.storage import DeadlineRow, DeliveryRow, IntegrityError, Storage, open_storage
from bot.storage.program import Program, Run
from bot.storage.rows import dumps
from bot.storage.sqlite import SqliteStorage
from bot.storage.writer import PIPE_BYTES, WriterGone
from bot.table import Table
from tests.runtime.helpers import FakeClock, humans, pick

SAVED = {
    "actions": "SELECT seq, kind, step, seat, payload, by_bot, input_key FROM actions ORDER BY seq",
    "events": "SELECT seq, action_seq, key, params, audience FROM events ORDER BY seq",
    "deliveries": "SELECT id, step, kind, channel_id, user_id, body, prompt_id, state FROM deliveries ORDER BY id",
    "deadlines": "SELECT prompt_id, seat, due, remind_at FROM deadlines ORDER BY prompt_id",
    "game": "SELECT state, step, status, seats FROM games",
}


def planner(step: Any) -> list[DeliveryRow]:
    return [DeliveryRow(step.game.id, step.state.step, "text", {"text": e.key}, channel_id=1) for e in step.events]


def saved(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as db:
        return {name: db.execute(sql).fetchall() for name, sql in SAVED.items()}


@pytest.fixture(autouse=True)
def lost(monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """Told when a writer is lost (the bot's own hook exits the process at once, code 70)."""
    told = asyncio.Event()
    monkeypatch.setattr("bot.storage.sqlite.writer_lost", told.set)
    return told


async def bot_storage(path: Path) -> SqliteStorage:
    storage = await SqliteStorage.connect(str(path), exclusive=True)
    assert storage.writer is not None and storage.writer.pid not in (None, os.getpid())
    return storage


async def play_with_keys(storage: Storage) -> tuple[int, list[int]]:
    """Half a game of Cookie, each click with its interaction's key, on a clock that stands still: the
    game, and the ids of the delivery rows its steps handed to the listeners."""
    table = Table(storage, clock=FakeClock(), planner=planner)
    handed: list[int] = []

    async def listen(delivery: Delivery) -> None:
        handed.extend(row.id for row in (delivery.step.rows if delivery.step else []))

    table.listeners.append(listen)
    game = await table.start("cookie", humans(4), seed=11)
    for click in range(12):
        prompt, action = pick(game)
        assert (await table.act(game.id, prompt.seat, action, input_key=f"click-{click}")).ok
    return game.id, handed


async def test_a_game_is_saved_by_the_writer_process_exactly_as_on_the_connections_thread(tmp_path: Path) -> None:
    on_thread = await open_storage(tmp_path / "thread.db")
    in_process = await bot_storage(tmp_path / "process.db")
    try:
        thread_game, _ = await play_with_keys(on_thread)
        process_game, handed = await play_with_keys(in_process)
        assert handed and handed == [r.id for r in await in_process.waiting_deliveries()], (
            "the rows the steps hand on carry the ids the writer process gave them"
        )
    finally:
        await on_thread.close()
        await in_process.close()
    assert thread_game == process_game
    assert saved(tmp_path / "process.db") == saved(tmp_path / "thread.db")


async def test_every_kind_of_write_gets_to_the_writer_process_and_answers_as_it_would(tmp_path: Path) -> None:
    storage = await bot_storage(tmp_path / "bot.db")
    assert storage.writer is not None
    try:
        lobby = await storage.create_game(
            game="cookie", status="lobby", seed=1, options={}, seats=[], language="en", input_key="open-1"
        )
        with pytest.raises(IntegrityError):  # the same interaction again: its key is taken
            await storage.create_game(
                game="cookie", status="lobby", seed=1, options={}, seats=[], language="en", input_key="open-1"
            )
        seats = [{"name": "Ada"}]
        assert await storage.update_lobby(lobby, [], seats=seats, input_key="join-1")
        assert not await storage.update_lobby(lobby, [], seats=[], input_key="join-2"), "the seats moved on"
        await storage.update_game(lobby, status="running")
        rows = [DeliveryRow(lobby, 1, "text", {"text": "hello"}, channel_id=5) for _ in range(3)]
        await storage.commit_step(
            lobby, game_fields={"step": 1}, actions=[], events=[], deliveries=rows,
            deadlines=[DeadlineRow(lobby, "p1", 0, due=100.0, remind_at=50.0)],
        )
        later = [DeliveryRow(lobby, 1, "text", {"text": "later"}, channel_id=5)]
        await storage.add_deliveries(later)
        ids = [r.id for r in rows + later]
        assert ids == [r.id for r in await storage.waiting_deliveries()], "ids as saved, in order"
        assert await storage.claim_deliveries(ids[:2], batch=ids[0])
        await storage.finish_deliveries(ids[:2], prompts=[(lobby, "p1", 5, 900)])
        assert [r.id for r in await storage.waiting_deliveries()] == ids[2:]
        assert await storage.mark_reminded(lobby, "p1")
        assert not await storage.mark_reminded(lobby, "p1"), "reminded once"
        await storage.shift_deadlines(lobby, 10.0)
        await storage.set_deadline_due(lobby, 500.0)
        await storage.record_prompt_message(lobby, "p2", 5, 901)
        row = await storage.load_game(lobby)
        assert row is not None
        await storage.record_results(row, [(7, 3, True, None)], at=1.0)
        assert [(d.due, d.remind_at) for d in await storage.deadlines(lobby)] == [(500.0, 60.0)]
        assert await storage.sent_prompts(lobby) == {"p1", "p2"}
        assert await storage.game_results(lobby) == [(0, 7, 3, 1)]
    finally:
        await storage.close()


async def test_closing_the_storage_ends_its_writer_process(tmp_path: Path) -> None:
    storage = await bot_storage(tmp_path / "bot.db")
    assert storage.writer is not None
    pid = storage.writer.pid
    await storage.close()
    assert pid is not None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # ended and reaped


async def test_a_writer_that_dies_under_the_bot_stops_the_bot(tmp_path: Path, lost: asyncio.Event) -> None:
    storage = await bot_storage(tmp_path / "bot.db")
    assert storage.writer is not None and storage.writer.pid is not None
    try:
        os.kill(storage.writer.pid, signal.SIGKILL)
        await asyncio.wait_for(lost.wait(), 10)
        with pytest.raises(WriterGone):  # nobody is ever told a write succeeded that may not be saved
            await storage.update_game(1, status="running")
    finally:
        await storage.close()


def pipe_max_size() -> int:
    with contextlib.suppress(OSError, ValueError):
        return int(Path("/proc/sys/fs/pipe-max-size").read_text())
    return 0


@pytest.mark.skipif(not sys.platform.startswith("linux") or pipe_max_size() < PIPE_BYTES,
                    reason="a pipe's size is set on Linux, up to its pipe-max-size")
async def test_the_batches_pipe_holds_a_megabyte_so_a_big_batch_goes_down_it_in_one_write(tmp_path: Path) -> None:
    """A batch of 32 Cookie steps is ~160 KB: in a 64 KiB pipe its rest waited for the event loop's next pass."""
    import fcntl

    storage = await bot_storage(tmp_path / "bot.db")
    try:
        assert storage.writer is not None and storage.writer._requests is not None
        pipe = storage.writer._requests.get_extra_info("pipe")
        assert fcntl.fcntl(pipe.fileno(), fcntl.F_GETPIPE_SZ) >= PIPE_BYTES
    finally:
        await storage.close()


def test_message_arguments_in_delivery_bodies_reach_the_writer_process_whole() -> None:
    """A body's terms (a card, a role, an anonymous seat's public role) keep the key they render with."""
    body = {"params": {"card": Named("Шут", "mafia-role-jester"), "player": Term("Бухгалтер", "mafia-public-1")}}
    again = pickle.loads(pickle.dumps(body, pickle.HIGHEST_PROTOCOL))
    assert again == body and dumps(again) == dumps(body)
    assert [(type(v), v.key) for v in again["params"].values()] == [(Named, "mafia-role-jester"),
                                                                    (Term, "mafia-public-1")]


class Unpicklable(Exception):
    def __init__(self, reason: str, code: int) -> None:  # pickled by its args, it cannot be made again
        super().__init__(f"{reason} ({code})")


def refused_program() -> Program[None]:
    yield Run("SELECT 1")
    raise Unpicklable("a broken write", 7)


async def test_an_error_that_does_not_pickle_reaches_its_writer_as_text_and_the_others_stand(
    tmp_path: Path, lost: asyncio.Event
) -> None:
    storage = await bot_storage(tmp_path / "bot.db")
    try:
        game = storage.create_game(game="cookie", status="lobby", seed=1, options={}, seats=[], language="en")
        broken = storage._write(refused_program)  # the same batch: both asked in one pass of the loop
        results = await asyncio.gather(game, broken, return_exceptions=True)
        assert isinstance(results[0], int) and await storage.load_game(results[0]) is not None
        assert isinstance(results[1], RuntimeError) and "a broken write (7)" in str(results[1])
        assert not lost.is_set()
    finally:
        await storage.close()


def rows_in_the_database_file(path: Path, copy: Path) -> int:
    """The actions found in the database file alone, without its WAL: what a checkpoint moved there."""
    shutil.copyfile(path, copy)
    with contextlib.closing(sqlite3.connect(copy)) as db:
        try:
            return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
        except sqlite3.OperationalError:  # not even the schema moved yet
            return 0


async def test_the_writer_process_moves_the_wal_into_the_database_within_a_moment(tmp_path: Path) -> None:
    """The WAL is checkpointed beside the commits, not only by the commit that crosses the autocheckpoint limit
    (which then waits for it: a stall of every step under way)."""
    storage = await bot_storage(tmp_path / "bot.db")
    try:
        await play_with_keys(storage)
        saved_actions = len(await storage.actions(1))
        moved = 0
        for _ in range(50):  # the writer's checkpoint thread runs every CHECKPOINT_SECONDS (0.05 s)
            await asyncio.sleep(0.02)
            moved = rows_in_the_database_file(tmp_path / "bot.db", tmp_path / "copy.db")
            if moved == saved_actions:
                break
        assert moved == saved_actions == 13, "every saved action is in the database file, not only in the WAL"
    finally:
        await storage.close()
