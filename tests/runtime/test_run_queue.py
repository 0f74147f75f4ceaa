"""The event loop's wait for a CPU core (bot/run_queue.py): read from Linux's schedstat of the thread that asks."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from bot.run_queue import RunQueueDelay, run_delay

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's /proc/…/schedstat")


def test_a_schedstat_line_gives_its_second_field_in_seconds() -> None:
    assert run_delay(b"525707843 80311000 4\n") == pytest.approx(0.080311)


@linux_only
def test_the_delay_is_the_asking_thread_s_and_only_grows() -> None:
    delay = RunQueueDelay()
    first = delay.waited()
    assert first is not None and first >= 0
    for _ in range(200_000):  # some work: the delay never goes back
        pass
    second = delay.waited()
    assert second is not None and second >= first
    own = f"/proc/self/task/{threading.get_native_id()}/schedstat"
    with open(own, "rb") as stat:
        assert run_delay(stat.read()) >= second, "the asking thread's own file"


def test_where_it_cannot_be_read_nothing_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> int:
        raise FileNotFoundError("no /proc here")

    monkeypatch.setattr(os, "open", refused)
    delay = RunQueueDelay()
    assert delay.waited() is None
    assert delay.waited() is None, "and it is not tried again"
