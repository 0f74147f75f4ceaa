"""The scale run's figures: what each process's counters grew by in a window, across its restarts."""

from __future__ import annotations

from tests.bench.scale.figures import Watch

COUNT = ("gamemaster_gc_pause_seconds_count", (("generation", "0"),))
SHORT = ("gamemaster_gc_pause_seconds_bucket", (("generation", "0"), ("le", "0.05")))


def test_a_process_started_again_counts_from_nothing_even_once_it_has_caught_up() -> None:
    watch = Watch(None, lambda: 0)  # type: ignore[arg-type]
    assert watch._grown("bot 0", {COUNT: 100.0, SHORT: 95.0}, pid=11) == {COUNT: 100.0, SHORT: 95.0}
    assert watch._grown("bot 0", {COUNT: 110.0, SHORT: 104.0}, pid=11) == {COUNT: 10.0, SHORT: 9.0}
    # killed and started again: by the next scrape it has made 120 collections, 118 of them short
    assert watch._grown("bot 0", {COUNT: 120.0, SHORT: 118.0}, pid=12) == {COUNT: 120.0, SHORT: 118.0}
    unknown = watch._grown("bot 0", {COUNT: 125.0, SHORT: 122.0}, pid=None)  # gone since: taken for the same one
    assert unknown == {COUNT: 5.0, SHORT: 4.0}
