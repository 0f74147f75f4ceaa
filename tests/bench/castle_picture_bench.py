"""Castle board picture benchmark (figures printed, never asserted).

Renders a busy 4-player scene (every kind of marker, a crowded hall, carried artifacts) N times in
this one process, on one core, and prints p50/p99 milliseconds and the PNG size, with the same
figures for a baseline measured in the same run: a blank Pillow canvas of the same size encoded
to PNG. Goal: p99 < 150 ms and < 200 KB.

    python -m tests.bench.castle_picture_bench [--runs 200]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable

from PIL import Image

from games.castle.picture import BACKGROUND, HEIGHT, WIDTH, render_board
from tests.games.castle.test_picture import busy_scene, cyrillic_scene


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(make: Callable[[], bytes], runs: int) -> tuple[list[float], int]:
    make()  # warm up: fonts loaded, caches filled
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(make())
        times.append((time.perf_counter() - start) * 1000)
    return times, size


def blank() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND).save(out, format="PNG")
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the worker thread gets
    busy, russian = busy_scene(), cyrillic_scene()
    rows = [
        ("blank canvas → PNG (baseline)", *timed(blank, args.runs)),
        ("busy 4-player board", *timed(lambda: render_board(busy), args.runs)),
        ("Cyrillic 4-player board", *timed(lambda: render_board(russian), args.runs)),
    ]
    base_p50 = statistics.median(rows[0][1])
    print(f"{args.runs} renders each, {WIDTH}×{HEIGHT} px, one core")
    print(f"{'':32} {'p50 ms':>8} {'p99 ms':>8} {'KB':>7} {'p50 / baseline':>15}")
    for name, times, size in rows:
        p50, p99 = statistics.median(times), pct(times, 0.99)
        print(f"{name:32} {p50:8.1f} {p99:8.1f} {size / 1024:7.1f} {p50 / base_p50:14.1f}×")
    worst_p99 = max(pct(times, 0.99) for _, times, _ in rows[1:])
    worst_kb = max(size for _, _, size in rows[1:]) / 1024
    verdict = "met" if worst_p99 < 150 and worst_kb < 200 else "NOT met"
    print(f"goal p99 < 150 ms and < 200 KB: {verdict} (worst p99 {worst_p99:.1f} ms, largest {worst_kb:.1f} KB)")


if __name__ == "__main__":
    main()
