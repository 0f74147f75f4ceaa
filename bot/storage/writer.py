"""The bot's SQLite writer: a process of its own that runs the group commit's batches on its own
connection, while the bot process keeps its connection for reads.

Why a process: a thread of the bot process runs Python (each statement's call, the programs) under
the same GIL as the event loop. Under load the loop holds the GIL most of the time, and the writer
thread waited for it at each statement of a batch: in the Discord benchmark's first pass (~78
interactions/s) the writer thread was busy 70–82 % of the time, mostly waiting, and the steps' saves
took p99 ~450 ms. A process has its own GIL and waits for nobody; a batch costs a pipe round trip.
(That was a slower 2-core machine; on one ~2.2× faster per interaction the thread keeps up and the two
measure alike: the process is what keeps a slow machine's saves short.)

The batches go down the writer's stdin and come back on its stdout in the same order, each a
length-prefixed pickle: a batch is a list of writes (`functools.partial`s of module-level programs,
bot/storage/program.py), its answer ("ok", outcomes) or ("failed", error). The writer ends when its
stdin closes (the bot closed the storage, or died): a batch under way is committed or rolled back
whole, never half. A writer that dies unasked leaves the batches it had in doubt (committed or not,
nobody can tell), so the bot's memory of those games may not be what is saved: `on_lost` is told
(the bot stops as if it had crashed, and its restart starts from the database, as after a SIGKILL).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import pickle
import signal
import sqlite3
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from bot.storage.program import Settle, Write
from bot.storage.sqlite_batch import BUSY_MS, WRITER_PRAGMAS, run_batch

log = logging.getLogger(__name__)
HEADER = struct.Struct(">I")
PROJECT_ROOT = str(Path(__file__).resolve().parents[2])


class WriterGone(RuntimeError):
    """The writer process ended with this batch under way, or before it: whether it was committed is not
    known, so nobody is told it succeeded."""


# --- the writer process -------------------------------------------------------------------------
CHECKPOINT_SECONDS = 0.05
"""How often the writer process's checkpoint thread moves the WAL into the database.

Why so often, and here. Under load the WAL grew to WAL_AUTOCHECKPOINT_PAGES between restarts, and the commit
that crossed it checkpointed inline: at 32 players acting at once (~3,300 steps/s, ~5 WAL pages a step) one
COMMIT in ~160 took 13–15 ms instead of ~0.6 ms, every ~0.6 s, and every step under way waited behind it (the
table benchmark's p99). A PASSIVE checkpoint on another connection never blocks a commit; run this often it
keeps up with the writes, so the commit that crosses the limit has little left to copy (the slowest COMMIT
measured 6–9 ms). A thread of this process, not of the bot's: it holds the GIL only to start each checkpoint, and
this GIL is not the event loop's."""


def _checkpoint_now_and_then(path: str, stop: threading.Event) -> None:
    db = sqlite3.connect(path, isolation_level=None, timeout=1, check_same_thread=False)
    try:
        while not stop.wait(CHECKPOINT_SECONDS):
            try:
                db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            except sqlite3.Error as error:  # e.g. another checkpoint under way: the next one goes on
                log.debug("background checkpoint: %s", error)
    finally:
        db.close()


def serve(path: str, requests: BinaryIO, answers: BinaryIO) -> None:
    """Run the batches that come in, one transaction each, until `requests` ends; meanwhile a thread checkpoints."""
    db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_MS / 1000)
    for pragma in WRITER_PRAGMAS:
        db.execute(pragma)
    stop = threading.Event()
    checkpointer = threading.Thread(target=_checkpoint_now_and_then, args=(path, stop), daemon=True)
    checkpointer.start()
    _write(answers, _pickled(("ready", None)))
    try:
        while (batch := _read(requests)) is not None:
            try:
                answer: tuple[str, Any] = ("ok", run_batch(pickle.loads(batch), db))
            except Exception as error:  # the whole transaction was rolled back
                answer = ("failed", error)
            _write(answers, _pickled(answer))
    finally:
        stop.set()
        checkpointer.join()
        db.close()


def framed(body: bytes) -> bytes:
    """A message on either pipe: its length, then itself."""
    return HEADER.pack(len(body)) + body


def _read(stream: BinaryIO) -> bytes | None:
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    (size,) = HEADER.unpack(header)
    body = stream.read(size)
    return body if len(body) == size else None


def _write(stream: BinaryIO, body: bytes) -> None:
    stream.write(framed(body))
    stream.flush()


def _pickled(answer: tuple[str, Any]) -> bytes:
    """The answer as a pickle; an error that would not come back out of one goes as its text (a batch's
    other outcomes, committed, stand)."""
    kind, value = answer
    if kind == "ok":
        value = [(result, None if error is None else _picklable(error)) for result, error in value]
    else:
        value = _picklable(value)
    return pickle.dumps((kind, value), pickle.HIGHEST_PROTOCOL)


def _picklable(error: BaseException) -> BaseException:
    try:
        pickle.loads(pickle.dumps(error, pickle.HIGHEST_PROTOCOL))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def main() -> None:
    # a Ctrl-C (and systemd's SIGTERM) reach the whole process group: the bot, stopping gently, still
    # writes, and ends this process itself (closing its stdin), as it also does by dying
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr  # nothing else may write into the answers
    serve(sys.argv[1], sys.stdin.buffer, answers)


# --- the bot's side -----------------------------------------------------------------------------
PIPE_BYTES = 1 << 20
"""The batches' pipe holds this much: an unprivileged process may ask up to /proc/sys/fs/pipe-max-size (1 MiB by
default). Why: a step's write pickles to ~5 KB (a Cookie state) and up to four batches are under way, so Linux's
default 64 KiB pipe was full: at 32 players acting at once (`python -m bot bench`) 746 of 957 batches went down it
only in part, their rest left in the transport's buffer until the event loop's next pass (after every ready
player's step) saw the pipe writable again, and the writer could not start them until then."""


def widen_pipe(fd: int) -> bool:
    """Let the pipe hold PIPE_BYTES where the system allows (Linux; elsewhere nothing is done): True when it does."""
    try:
        import fcntl  # (not on Windows)
    except ImportError:
        return False
    if not hasattr(fcntl, "F_SETPIPE_SZ"):  # Linux only
        return False
    try:
        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except OSError:  # above /proc/sys/fs/pipe-max-size, lowered by the operator: the default stands
        return False
    return True


class Writer(asyncio.Protocol):
    """The bot's handle on its writer process: `submit` is the group commit's (bot/storage/program.py). The
    answers are read as they arrive, by this protocol, and settled there and then (no task to wake)."""

    def __init__(self, path: str, on_lost: Callable[[], None]) -> None:
        self.path = str(Path(path).resolve())
        self._on_lost = on_lost
        self._process: subprocess.Popen[bytes] | None = None
        self._requests: asyncio.WriteTransport | None = None
        self._answers = bytearray()
        self._waiting: collections.deque[Settle] = collections.deque()
        self._ended: asyncio.Future[None] | None = None
        self._ready: asyncio.Future[None] | None = None
        self._closed = False
        self._lost = False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None and self._process.poll() is None else None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        process = subprocess.Popen(
            [sys.executable, "-c",
             f"import sys; sys.path.insert(0, {PROJECT_ROOT!r}); from bot.storage.writer import main; main()",
             self.path],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        assert process.stdin is not None and process.stdout is not None
        widen_pipe(process.stdin.fileno())
        self._process, self._ended, self._ready = process, loop.create_future(), loop.create_future()
        self._requests, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, process.stdin)
        await loop.connect_read_pipe(lambda: self, process.stdout)
        # ready before the bot goes on: its first writes do not wait for an interpreter to start
        await asyncio.wait([self._ready, self._ended], return_when=asyncio.FIRST_COMPLETED)
        if not self._ready.done():
            raise WriterGone("the database writer process ended as it started")

    def submit(self, writes: list[Write[Any]], settle: Settle) -> None:
        if self._closed:
            raise ValueError("the database connection is closed")
        if self._requests is None or self._requests.is_closing():
            raise WriterGone("the database writer process has ended")
        batch = pickle.dumps(writes, pickle.HIGHEST_PROTOCOL)  # (a write that does not pickle fails its batch here)
        self._requests.write(framed(batch))
        self._waiting.append(settle)

    # the answers (asyncio.Protocol)
    def data_received(self, data: bytes) -> None:
        if self._lost:
            return
        self._answers += data
        while len(self._answers) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._answers)
            if len(self._answers) < HEADER.size + size:
                return
            answer = bytes(self._answers[HEADER.size:HEADER.size + size])
            del self._answers[:HEADER.size + size]
            try:
                kind, value = pickle.loads(answer)
            except Exception:  # not expected (the writer sends only what unpickles): the batch is in doubt
                log.exception("a database writer's answer could not be read")
                self._lose()
                return
            if kind == "ready":
                assert self._ready is not None
                self._ready.set_result(None)
                continue
            settle = self._waiting.popleft()
            if kind == "ok":
                settle(value, None)
            else:
                settle(None, value)

    def connection_lost(self, exc: Exception | None) -> None:
        """The answers ended: the process is gone (or going). Nobody waiting is told their write succeeded."""
        code = self._process.poll() if self._process is not None else None  # (None: still exiting)
        if self._ended is not None and not self._ended.done():
            self._ended.set_result(None)
        self._lose(f"the database writer process ended (exit code {code})")

    def _lose(self, why: str = "a database writer's answer could not be read") -> None:
        """The batches sent are in doubt: nobody is told they succeeded, no more are sent, and the bot is told
        (`on_lost`)."""
        if self._requests is not None:
            self._requests.close()
        waiting, self._waiting = self._waiting, collections.deque()
        for settle in waiting:
            settle(None, WriterGone(why))
        if not self._closed and not self._lost:
            self._lost = True
            log.critical("%s: the writes under way are in doubt", why)
            self._on_lost()

    async def close(self) -> None:
        """End the process once the batches sent are answered (the group commit drained first)."""
        self._closed = True
        if self._requests is None or self._ended is None:
            return
        self._requests.close()  # the writer reads to the end, answers, and exits
        assert self._process is not None
        try:
            await asyncio.wait_for(asyncio.shield(self._ended), 10)
        except TimeoutError:
            log.error("the database writer process did not end; killing it")
            self._process.kill()
            await self._ended
        await asyncio.to_thread(self._process.wait)

