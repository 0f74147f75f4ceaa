"""Castle board picture benchmark (figures printed, never asserted).

Renders a busy 4-player scene (every kind of marker, a crowded hall, carried artifacts) N times in
this one process, on one core, with the bot process's malloc settings (bot/process.py: big blocks
mapped on their own, as pictures are drawn in the bot), and prints p50/p99 milliseconds and the PNG
size, with the same figures for a baseline measured in the same run: a blank Pillow canvas of the
same size encoded to PNG. Baseline and boards take turns in rounds of N/10 renders; the ratio is the
median of the rounds' p50 ratios, with their spread. Goal: p99 < 150 ms and < 200 KB. Then the
end-of-game GIF of 13 such frames (games/core/drawing.py `animate`) against one board, interleaved.

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

from bot.benchmarking import interleaved
from bot.process import bound_malloc_arenas, bound_mmap_threshold
from games.castle.picture import BACKGROUND, HEIGHT, WIDTH, Scene, render_board
from games.core.drawing import animate
from tests.games.castle.test_picture import busy_scene, cyrillic_scene


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


ROUNDS = 10


def timed(make: Callable[[], bytes], runs: int, times: list[float], sizes: list[int]) -> Callable[[], float]:
    """One round of `runs` renders (milliseconds added to `times`); returns the round's median."""

    def round_of_renders() -> float:
        start_of_round = len(times)
        for _ in range(runs):
            start = time.perf_counter()
            sizes.append(len(make()))
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times[start_of_round:])

    return round_of_renders


def blank() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND).save(out, format="PNG")
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    bound_malloc_arenas(), bound_mmap_threshold()  # first, as the bot process does
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the worker thread gets
    busy, russian = busy_scene(), cyrillic_scene()
    makers = {"blank canvas → PNG (baseline)": blank, "busy 4-player board": lambda: render_board(busy),
              "Cyrillic 4-player board": lambda: render_board(russian)}
    times: dict[str, list[float]] = {name: [] for name in makers}
    sizes: dict[str, list[int]] = {name: [] for name in makers}
    for make in makers.values():
        make()  # warm up: fonts loaded, caches filled
    per_round = max(1, args.runs // ROUNDS)
    rounds = max(1, args.runs // per_round)
    steps = {name: timed(make, per_round, times[name], sizes[name]) for name, make in makers.items()}
    baseline, *subjects = makers
    ratios = interleaved(rounds, steps[baseline], {name: steps[name] for name in subjects})
    print(f"{rounds * per_round} renders each in {rounds} interleaved rounds, {WIDTH}×{HEIGHT} px, one core")
    print(f"{'':32} {'p50 ms':>8} {'p99 ms':>8} {'KB':>7}   p50 / baseline: median of the rounds (IQR, range)")
    for name in makers:
        p50, p99 = statistics.median(times[name]), pct(times[name], 0.99)
        ratio = f"{ratios[name]:.1f}" if name in ratios else "1"
        print(f"{name:32} {p50:8.1f} {p99:8.1f} {max(sizes[name]) / 1024:7.1f}   {ratio}")
    worst_p99 = max(pct(times[name], 0.99) for name in subjects)
    worst_kb = max(max(sizes[name]) for name in subjects) / 1024
    verdict = "met" if worst_p99 < 150 and worst_kb < 200 else "NOT met"
    print(f"goal p99 < 150 ms and < 200 KB: {verdict} (worst p99 {worst_p99:.1f} ms, largest {worst_kb:.1f} KB)")
    gif_vs_board(busy)


GIF_FRAMES = 13
"""A 6-round 4-player Castle game's replay: about two frames a round and the end."""


def gif_vs_board(busy: Scene, rounds: int = 8) -> None:
    """The end-of-game GIF (resized and quantized frame by frame) against drawing one board, in turns."""
    frames = [render_board(busy)] * GIF_FRAMES
    board: list[float] = []
    gif: list[float] = []
    board_sizes: list[int] = []
    gif_sizes: list[int] = []
    ratios = interleaved(rounds, timed(lambda: render_board(busy), 1, board, board_sizes),
                         {"gif": timed(lambda: animate(frames), 1, gif, gif_sizes)})
    print(f"end-of-game GIF of {GIF_FRAMES} busy frames: p50 {statistics.median(gif):.0f} ms, "
          f"{max(gif_sizes) / 1024:.0f} KB; one busy board p50 {statistics.median(board):.1f} ms; "
          f"GIF / board {ratios['gif']}")


if __name__ == "__main__":
    main()
