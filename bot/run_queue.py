"""How long a thread has waited for a CPU core while ready to run: Linux's run-queue delay of the thread
(/proc/self/task/<tid>/schedstat, its second field, in nanoseconds since the thread started).

A click's answer that took 200 ms in a process whose event loop waited 150 ms of it for a core was slow because
the machine was busy, not because of the bot's work; the metrics put the two apart (bot/metrics.py `CORE_WAIT`).
Read with one `pread` of a file kept open (about a microsecond). Elsewhere (no /proc, another system) nothing is
read: `waited` is None."""

from __future__ import annotations

import os
import threading


class RunQueueDelay:
    """The run-queue delay of the thread that first asks (the event loop's: ask from it only)."""

    def __init__(self) -> None:
        self._fd: int | None = None
        self._tried = False

    def waited(self) -> float | None:
        """Seconds this thread has waited for a core since it started; None where that cannot be read."""
        if self._fd is None:
            if self._tried:
                return None
            self._tried = True
            try:
                self._fd = os.open(f"/proc/self/task/{threading.get_native_id()}/schedstat", os.O_RDONLY)
            except OSError:
                return None
        try:
            return run_delay(os.pread(self._fd, 64, 0))
        except (OSError, ValueError, IndexError):
            return None


def run_delay(schedstat: bytes) -> float:
    """The seconds of run-queue delay a schedstat file's text gives (its fields: on a core, waiting, slices)."""
    return int(schedstat.split()[1]) / 1e9
