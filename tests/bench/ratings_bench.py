"""Rating quality, measured (issue 40): bot-only games between the easy and normal bot levels, rated by the
bot's own rating code (bot/ratings/maths.py, openskill), printing per game after how many games the
normal bots' ratings rise above the easy ones' and stay there. Figures printed, never asserted.

Each game draws its seats from a pool of bot players, half of them easy and half normal (each keeps its
level and its rating across games); games are seeded and played straight through the engines in a
process pool, then rated one after the other in order. Printed per game: the games until every normal
bot's shown rating (μ − 3σ) is above every easy bot's for good, the same for the two levels' averages,
and where the two levels' ratings end.

    .venv/bin/python -m tests.bench.ratings_bench [--games N] [--game NAME] [--pool K]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import time

from bot.ratings.holders import END
from bot.ratings.maths import Holder, Rating, SeatResult, rate, shown
from games import registry
from games.core import Results
from games.core.rng import derived

PLAYERS = {"cookie": 4, "maskmen": 4, "sword-of-lies": 4, "castle": 4, "mafia": 10}
GAMES = {"cookie": 200, "maskmen": 200, "sword-of-lies": 100, "castle": 60, "mafia": 60}
"""Games per game without `--games` (a few minutes on two cores in all)."""
POOL = 6
"""Bot players per level (Mafia's ten seats need at least five of each)."""


def table(name: str, number: int, pool: int) -> list[int]:
    """The bot players (0 … pool−1 easy, pool … 2·pool−1 normal) who sit at game `number`, by seat."""
    return random.Random(f"{name}:{number}").sample(range(2 * pool), PLAYERS[name])


def play(job: tuple[str, int, int]) -> Results:
    name, number, pool = job
    engine = registry.engine(name)
    seated = table(name, number, pool)
    levels = ["easy" if who < pool else "normal" for who in seated]
    players = len(seated)
    joins = [{} for _ in range(players)] if name == "sword-of-lies" else None
    state, _ = engine.setup(players, engine.parse_options({}), number, joins)
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        action = engine.bot_action(state, prompt, derived(number, "bot", state.step, prompt.id),
                                   level=levels[prompt.seat])
        state, _ = engine.apply(state, prompt.seat, action)
    results = engine.results(state)
    assert results is not None
    return results


def since(flags: list[bool]) -> int | None:
    """The number of games after which `flags` holds to the end (None: it does not hold at the end)."""
    if not flags or not flags[-1]:
        return None
    last_false = max((n for n, flag in enumerate(flags) if not flag), default=-1)
    return last_false + 2


def measure(name: str, games: int, pool: int, workers: int) -> None:
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(workers) as processes:
        played = processes.map(play, [(name, number, pool) for number in range(1, games + 1)], chunksize=4)
    ratings: dict[int, Rating] = {}
    every, means = [], []
    for number, results in enumerate(played, start=1):
        seated = table(name, number, pool)
        places = results.ranked_places()
        seats = [SeatResult(n, places[n], None if results.sides is None else results.sides[n],
                            (Holder(who, True, 1.0, END),)) for n, who in enumerate(seated)]
        ratings.update(rate(seats, ratings))
        easy = [shown(ratings[w]) for w in range(pool) if w in ratings]
        normal = [shown(ratings[w]) for w in range(pool, 2 * pool) if w in ratings]
        every.append(bool(easy and normal) and min(normal) > max(easy))
        means.append(bool(easy and normal) and statistics.mean(normal) > statistics.mean(easy))
    easy = [shown(ratings[w]) for w in range(pool) if w in ratings]
    normal = [shown(ratings[w]) for w in range(pool, 2 * pool) if w in ratings]
    found_every, found_means = since(every), since(means)
    print(f"{name:14} {games:4} games ({PLAYERS[name]} seats, {pool}+{pool} bots): "
          f"every normal above every easy after {found_every if found_every else 'never (by the end)'}; "
          f"normal average above easy after {found_means if found_means else 'never (by the end)'}; "
          f"ratings at the end: easy {min(easy)}–{max(easy)}, normal {min(normal)}–{max(normal)} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="games per game (default: GAMES)")
    parser.add_argument("--game", choices=sorted(PLAYERS), default=None)
    parser.add_argument("--pool", type=int, default=POOL, help="bot players per level")
    args = parser.parse_args()
    workers = max(1, os.cpu_count() or 1)
    print("Ratings: easy against normal bot players, rated by openskill (after N: the games after which it holds "
          "to the end)")
    for name in [args.game] if args.game else list(PLAYERS):
        measure(name, args.games or GAMES[name], max(args.pool, (PLAYERS[name] + 1) // 2), workers)


if __name__ == "__main__":
    main()
