"""The benchmarks' shared ratio helper (`bot.benchmarking`): turns taken in rounds, each ratio against its own
round's baseline, the median and spread of those ratios. Fake measurements (no timing)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.benchmarking import Spread, interleaved, interleaved_async, paired


def test_baseline_and_subjects_take_turns_round_by_round() -> None:
    calls: list[str] = []

    def measure(name: str, value: float) -> Callable[[], float]:
        def run() -> float:
            calls.append(name)
            return value

        return run

    interleaved(3, measure("base", 1.0), {"a": measure("a", 2.0), "b": measure("b", 3.0)})
    assert calls == ["base", "a", "b"] * 3


def test_each_ratio_is_against_the_baseline_of_its_own_round() -> None:
    # the machine got twice as slow in round 2 and four times in round 3: both sides alike
    baselines = iter([100.0, 50.0, 25.0])
    subjects = iter([50.0, 25.0, 12.5])
    ratios = interleaved(3, lambda: next(baselines), {"table": lambda: next(subjects)})
    assert ratios["table"].ratios == (0.5, 0.5, 0.5)
    assert ratios["table"].median == 0.5


def test_the_figure_is_the_median_with_quartiles_and_range() -> None:
    spread = Spread((0.9, 0.1, 0.5, 0.4, 0.6))
    assert spread.median == 0.5
    assert (spread.low, spread.high) == (0.1, 0.9)
    assert (spread.q1, spread.q3) == (0.4, 0.6)
    assert format(spread, ".1f") == "0.5 (IQR 0.4–0.6, range 0.1–0.9, 5 pairs)"


def test_one_round_still_gives_a_figure() -> None:
    spread = paired([3.0], [2.0])
    assert (spread.median, spread.q1, spread.q3, spread.low, spread.high) == (1.5, 1.5, 1.5, 1.5, 1.5)


def test_coroutines_take_turns_the_same_way() -> None:
    calls: list[str] = []

    async def base() -> float:
        calls.append("base")
        return 4.0

    async def subject() -> float:
        calls.append("subject")
        return 2.0

    ratios = asyncio.run(interleaved_async(2, base, {"s": subject}))
    assert calls == ["base", "subject", "base", "subject"]
    assert ratios["s"].median == 0.5
