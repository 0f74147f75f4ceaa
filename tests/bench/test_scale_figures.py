"""The scale run's figures: what each process's counters grew by in a window, across its restarts."""

from __future__ import annotations

from tests.bench.scale.figures import (
    CORE_WAIT,
    FORWARDING,
    HANDLING,
    UNWAITED,
    Part,
    Watch,
    Window,
    core_waits,
    grown_since,
    hand_over,
    report,
)

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


def hand_over_part(seconds: dict[str, list[float]]) -> Part:
    """A window's merged figures with these hand-overs observed, part by part (as the histogram's buckets)."""
    part = Part()
    bounds = (0.001, 0.01, 0.1, float("inf"))
    for name, observed in seconds.items():
        part.grown[(f"{FORWARDING}_count", (("part", name),))] = len(observed)
        for bound in bounds:
            le = "+Inf" if bound == float("inf") else str(bound)
            part.grown[(f"{FORWARDING}_bucket", (("part", name), ("le", le)))] = sum(s <= bound for s in observed)
    return part


def test_a_forwarded_click_s_hand_over_is_shown_part_by_part_and_not_at_all_without_forwarding() -> None:
    quick, slow = [0.0005] * 98, [0.05] * 2
    (line,) = hand_over(hand_over_part({"written": quick + slow, "heard": quick + slow, "taken": [0.005] * 100}))
    # each quantile interpolated in its bucket, in ms
    assert "written there 0.5 / 55.0, heard by its process 0.5 / 55.0, taken there 5.5 / 9.9" in line, line
    assert hand_over(Part()) == []


def test_the_collections_row_keeps_each_process_s_figures_apart_however_many_there_were() -> None:
    window = Window("2000 tables", began=0.0, wall=0.0, began_loop=0.0, ended=600.0)
    for name, (count, short) in {"bot 0": (619, 612), "bot 1": (595, 594)}.items():
        window.parts[name].grown[COUNT] = float(count)
        window.parts[name].grown[SHORT] = float(short)
        window.parts[name].grown[("gamemaster_gc_pause_seconds_bucket", (("generation", "0"), ("le", "+Inf")))] = (
            float(count))
    (line,) = [line for line in report(window, None) if line.lstrip().startswith("gc gen. 0")]
    # before, the cells ran together: "619, 56.7, 7595, 34.5, 1"
    cells = line.split()[-3:]
    assert [cell.split("/")[0] for cell in cells] == ["619", "595", "1214"], line
    assert [cell.split("/")[2] for cell in cells] == ["7", "1", "8"], line


def histogram(part: Part, name: str, via: str, observed: list[float]) -> None:
    """`observed` put in `part` as histogram `name`'s buckets for clicks that came `via`."""
    part.grown[(f"{name}_count", (("via", via),))] = len(observed)
    for bound in (0.001, 0.01, 0.1, 1.0, float("inf")):
        le = "+Inf" if bound == float("inf") else str(bound)
        part.grown[(f"{name}_bucket", (("via", via), ("le", le)))] = sum(s <= bound for s in observed)


def test_the_wait_for_a_core_is_shown_beside_the_share_it_was_part_of_for_each_way_a_click_came() -> None:
    part = Part()
    histogram(part, HANDLING, "server", [0.005] * 95 + [0.5] * 5)  # five slow clicks …
    histogram(part, CORE_WAIT, "server", [0.0005] * 95 + [0.45] * 5)  # … slow for want of a core
    histogram(part, UNWAITED, "server", [0.005] * 100)
    (title, line) = core_waits(part)
    assert "the share's p99 without the wait" in title
    # each quantile interpolated in its bucket, in ms
    assert line.strip() == "in a server: waiting 0.5 / 820.0, share p99 820.0 → 9.9 without it", line
    assert core_waits(Part()) == [], "a bot that read no wait (not on Linux) shows no line"


def test_a_reading_by_thread_counts_each_thread_s_growth_and_a_new_thread_from_nothing() -> None:
    last: dict[str, dict[int, float]] = {}
    assert grown_since(last, "bot 0", {1: 2.0, 2: 1.0}) == 3.0
    assert grown_since(last, "bot 0", {1: 2.5, 3: 0.25}) == 0.75, "thread 2 ended; thread 3 started since"
    assert grown_since(last, "bot 0", {1: 0.5}) == 0.5, "a reused id whose reading went down counts from 0"
