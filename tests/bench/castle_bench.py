"""Castle engine benchmark (figures printed, never asserted): bot-versus-bot full games per second.

Engine only (no table, no storage): every prompt is answered by `ENGINE.bot_action`, the answer is
checked and applied as the table would. Baselines measured in the same run, on the same machine:
- the same number of Cookie bot games (a game whose engine is known to be cheap);
- one JSON round-trip (dump + load) of the Castle state per Castle step, i.e. what the table pays
  to save each step.

    .venv/bin/python -m tests.bench.castle_bench [--games 40]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from games.castle import ENGINE as CASTLE
from games.cookie import ENGINE as COOKIE
from games.core import Engine, GameState
from games.core.rng import derived

SPLIT = {"bot": 0.0, "engine": 0.0}
"""Seconds spent choosing answers (the bots) and checking + applying them (the rules)."""


def play(engine: Engine[Any], players: int, seed: int, keep: list[GameState] | None = None) -> tuple[int, GameState]:
    """One whole bot game; returns (steps, final state). `keep` collects every state (for the baseline)."""
    state, _ = engine.setup(players, None, seed)
    steps = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        start = time.perf_counter()
        action = engine.bot_action(state, prompt, derived(seed, "bench", state.step))
        middle = time.perf_counter()
        state, _ = engine.apply(state, prompt.seat, action)
        SPLIT["bot"] += middle - start
        SPLIT["engine"] += time.perf_counter() - middle
        steps += 1
        if keep is not None:
            keep.append(state)
        if steps > 20000:
            raise RuntimeError(f"{engine.name} game {seed} did not end")
    return steps, state


def castle_games(players: int, games: int) -> tuple[float, int, list[int]]:
    start = time.perf_counter()
    steps = 0
    rounds: list[int] = []
    for seed in range(games):
        n, final = play(CASTLE, players, seed)
        steps += n
        rounds.append(int(getattr(final, "round", 0)))
    return time.perf_counter() - start, steps, rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    games = args.games

    print(f"Castle engine benchmark: {games} bot-vs-bot games per table size\n")
    figures: dict[int, tuple[float, int]] = {}
    for players in (4, 3):
        SPLIT.update(bot=0.0, engine=0.0)
        elapsed, steps, rounds = castle_games(players, games)
        figures[players] = (elapsed, steps)
        print(
            f"castle {players}p: {games / elapsed:8.1f} games/s  {steps / elapsed:9.0f} steps/s  "
            f"{steps / games:6.0f} steps/game  {statistics.mean(rounds):5.1f} rounds/game  "
            f"(bot {SPLIT['bot'] / elapsed:4.0%} of the time, rules {SPLIT['engine'] / elapsed:4.0%})"
        )

    start = time.perf_counter()
    cookie_steps = sum(play(COOKIE, 4, seed)[0] for seed in range(games))
    cookie_elapsed = time.perf_counter() - start
    print(f"cookie 4p: {games / cookie_elapsed:8.1f} games/s  {cookie_steps / cookie_elapsed:9.0f} steps/s")

    # What saving each step costs: dump + load of every state of a few Castle games.
    states: list[GameState] = []
    for seed in range(min(games, 5)):
        play(CASTLE, 4, seed, keep=states)
    start = time.perf_counter()
    for state in states:
        CASTLE.load(CASTLE.dump(state))
    per_round_trip = (time.perf_counter() - start) / len(states)

    elapsed4, steps4 = figures[4]
    per_step = elapsed4 / steps4
    print()
    print(f"castle 4p game vs cookie 4p game: {(elapsed4 / games) / (cookie_elapsed / games):6.1f}x the time")
    print(f"castle 4p step vs cookie 4p step: {per_step / (cookie_elapsed / cookie_steps):6.1f}x the time")
    print(
        f"castle 4p step vs JSON round-trip of its state: {per_step / per_round_trip:6.2f}x "
        f"({per_step * 1e3:.2f} ms vs {per_round_trip * 1e3:.2f} ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
