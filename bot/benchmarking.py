"""Ratios measured interleaved, so one benchmark run is comparable with the next on a shared machine.

A ratio of two figures measured minutes apart mostly measures what else the machine did in between (bare
SQLite came out at 829, 3,072 and 4,364 commits/s in three runs). Here the baseline and each subject are
measured in short alternating rounds (baseline, subject, baseline, subject, …); every round gives one ratio
per subject against that round's baseline, and the figure shown is the median of those ratios with their
spread. Noise that lasts longer than a round hits both sides of a pair alike.

    ratios = interleaved(rounds=7, baseline=bare_run, subjects={"table": table_run})
    print(f"table/bare: {ratios['table']}")      # 0.52 (IQR 0.49-0.55, range 0.41-0.60, 7 pairs)

Used by `python -m bot bench` and the benchmarks under tests/bench (which import it from here: the runtime
package never imports the tests).
"""

from __future__ import annotations

import statistics
from collections.abc import Awaitable, Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

Name = TypeVar("Name", bound=Hashable)


@dataclass(frozen=True)
class Spread:
    """Per-round ratios (subject / baseline): their median, quartiles and extremes."""

    ratios: tuple[float, ...]
    median: float = field(init=False)
    low: float = field(init=False)
    high: float = field(init=False)
    q1: float = field(init=False)
    q3: float = field(init=False)

    def __post_init__(self) -> None:
        if not self.ratios:
            raise ValueError("no rounds were measured")
        ordered = sorted(self.ratios)
        object.__setattr__(self, "median", statistics.median(ordered))
        object.__setattr__(self, "low", ordered[0])
        object.__setattr__(self, "high", ordered[-1])
        # quartiles need two values; with one round the quartiles are that value
        quartiles = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else ordered * 3
        object.__setattr__(self, "q1", quartiles[0])
        object.__setattr__(self, "q3", quartiles[2])

    def __format__(self, spec: str) -> str:
        """`spec` formats each number (default ".2f"): "0.52 (IQR 0.49–0.55, range 0.41–0.60, 7 pairs)"."""
        spec = spec or ".2f"
        return (f"{self.median:{spec}} (IQR {self.q1:{spec}}–{self.q3:{spec}}, "
                f"range {self.low:{spec}}–{self.high:{spec}}, {len(self.ratios)} pairs)")

    def __str__(self) -> str:
        return format(self)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (the nearest rank): p50, p99 of a benchmark's timings."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def paired(subject: list[float], baseline: list[float]) -> Spread:
    """The spread of `subject[i] / baseline[i]`: figures measured in the same round (or on the same input),
    e.g. recorded by the callables given to `interleaved` for a second ratio from the same rounds."""
    return Spread(tuple(s / b for s, b in zip(subject, baseline, strict=True) if b))


def _ratios(baselines: list[float], measured: dict[Name, list[float]]) -> dict[Name, Spread]:
    return {name: paired(values, baselines) for name, values in measured.items()}


def interleaved(
    rounds: int, baseline: Callable[[], float], subjects: Mapping[Name, Callable[[], float]]
) -> dict[Name, Spread]:
    """Each round measures `baseline()` then every subject once; each call returns one figure (a rate or a
    time: the ratio is subject / baseline either way). Returns each subject's per-round ratios."""
    baselines: list[float] = []
    measured: dict[Name, list[float]] = {name: [] for name in subjects}
    for _ in range(rounds):
        baselines.append(baseline())
        for name, measure in subjects.items():
            measured[name].append(measure())
    return _ratios(baselines, measured)


async def interleaved_async(
    rounds: int,
    baseline: Callable[[], Awaitable[float]],
    subjects: Mapping[Name, Callable[[], Awaitable[float]]],
) -> dict[Name, Spread]:
    """`interleaved` for coroutine functions (the storage benchmark's figures are measured on an event loop)."""
    baselines: list[float] = []
    measured: dict[Name, list[float]] = {name: [] for name in subjects}
    for _ in range(rounds):
        baselines.append(await baseline())
        for name, measure in subjects.items():
            measured[name].append(await measure())
    return _ratios(baselines, measured)
