"""Castle engine benchmark (figures printed, never asserted): bot-versus-bot full games per second.

Engine only (no table, no storage): every prompt is answered by `ENGINE.bot_action`, the answer is
checked and applied as the table would. Baselines measured in the same run, on the same machine:
- the same number of Cookie bot games (a game whose engine is known to be cheap);
- one JSON round-trip (dump + load) of the Castle state per Castle step, i.e. what the table pays
  to save each step.
Cookie, Castle 4p, Castle 3p and the round-trips take turns in rounds of games/8 games; each ratio is the
median of the rounds' ratios, with their IQR and range (`bot.benchmarking`).

    .venv/bin/python -m tests.bench.castle_bench [--games 40]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.benchmarking import interleaved, paired
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


ROUNDS = 8


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    games = args.games
    per_round = max(1, games // ROUNDS)
    rounds = max(1, games // per_round)

    # What saving each step costs: dump + load of every state of a few Castle games (made once, timed per round).
    states: list[GameState] = []
    for seed in range(min(games, 5)):
        play(CASTLE, 4, seed, keep=states)

    kinds = ("cookie 4p", "castle 4p", "castle 3p")
    totals = {name: [0.0, 0.0] for name in kinds}  # seconds, steps
    splits = {name: {"bot": 0.0, "engine": 0.0} for name in totals}
    rounds_played: dict[str, list[int]] = {name: [] for name in totals}
    per_step: dict[str, list[float]] = {name: [] for name in totals}
    round_trip: list[float] = []

    def batch(name: str, engine: Engine[Any], players: int) -> Callable[[], float]:
        """The next round's games of one kind (seeds carry on from the last round); returns seconds per game
        and records seconds per step."""
        next_seed = 0

        def run() -> float:
            nonlocal next_seed
            SPLIT.update(bot=0.0, engine=0.0)
            start = time.perf_counter()
            steps = 0
            for seed in range(next_seed, next_seed + per_round):
                n, final = play(engine, players, seed)
                steps += n
                rounds_played[name].append(int(getattr(final, "round", 0)))
            next_seed += per_round
            elapsed = time.perf_counter() - start
            totals[name][0] += elapsed
            totals[name][1] += steps
            for part in ("bot", "engine"):
                splits[name][part] += SPLIT[part]
            per_step[name].append(elapsed / steps)
            return elapsed / per_round

        return run

    def json_round_trip() -> float:
        start = time.perf_counter()
        for state in states:
            CASTLE.load(CASTLE.dump(state))
        round_trip.append((time.perf_counter() - start) / len(states))
        return round_trip[-1]

    print(f"Castle engine benchmark: {rounds * per_round} bot-vs-bot games per table size, in {rounds} interleaved"
          f" rounds (cookie, castle 4p, castle 3p, state JSON round-trips)\n")
    per_game = interleaved(rounds, batch("cookie 4p", COOKIE, 4), {
        "castle 4p": batch("castle 4p", CASTLE, 4),
        "castle 3p": batch("castle 3p", CASTLE, 3),
        "json": json_round_trip,
    })
    for name in ("castle 4p", "castle 3p"):
        elapsed, steps = totals[name]
        played = rounds * per_round
        print(
            f"{name}: {played / elapsed:8.1f} games/s  {steps / elapsed:9.0f} steps/s  "
            f"{steps / played:6.0f} steps/game  {statistics.mean(rounds_played[name]):5.1f} rounds/game  "
            f"(bot {splits[name]['bot'] / elapsed:4.0%} of the time, rules {splits[name]['engine'] / elapsed:4.0%})"
        )
    elapsed, steps = totals["cookie 4p"]
    print(f"cookie 4p: {rounds * per_round / elapsed:8.1f} games/s  {steps / elapsed:9.0f} steps/s")

    print("\nratios: median of the rounds (IQR, range)")
    print(f"castle 4p game vs cookie 4p game: {per_game['castle 4p']:.1f} × the time")
    print(f"castle 4p step vs cookie 4p step: {paired(per_step['castle 4p'], per_step['cookie 4p']):.1f} × the time")
    print(f"castle 4p step vs JSON round-trip of its state: {paired(per_step['castle 4p'], round_trip):.2f} × "
          f"({statistics.median(per_step['castle 4p']) * 1e3:.2f} ms vs {statistics.median(round_trip) * 1e3:.2f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
