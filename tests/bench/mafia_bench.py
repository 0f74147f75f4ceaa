"""Mafia of Heroes engine benchmark (figures printed, never asserted).

- Resolution of a 12-player phase in which every living player gives a full order sheet (every part
  that can be filled is filled: a hand card with target and cost, a sleeve card, votes, the
  Killer's check, …): p50 / p99 of `resolution.resolve` alone and of the whole phase end (orders
  read from the sheets, resolution, the next phase's sheets opened). Goal: p99 < 20 ms.
- Whole 12-player bot games, engine only (bots choose, every answer checked and applied as the
  table does): wall time per game. Goal: < 2 s.
- The saved state's size (the JSON the table stores each step) at its largest. Goal: < 64 KB.
- How often law wins bot games at 10, 11 and 12 players (a measure of the bots' balance: the normal
  bots are tuned for 40–60 %; tests/bench/bots.py measures it over more games).

Baselines measured in the same run on the same machine, interleaved with what they are compared to: one
JSON round-trip of each phase's state right after its phase end (what the table pays to save a step), and
a few whole 5-player Cookie bot games before each Mafia game. Ratios: the median of the pairs, with their
spread (IQR, range).

    .venv/bin/python -m tests.bench.mafia_bench [--games 10] [--phases 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from bot.benchmarking import interleaved, paired, percentile
from games.cookie import ENGINE as COOKIE
from games.core import Engine
from games.core.order_random import random_answers
from games.core.rng import derived
from games.mafia import ENGINE as MAFIA
from games.mafia import phases, resolution, sheet
from games.mafia.state import MafiaState

EMPTY = ("none", "no", "")
COOKIES_PER_ROUND = 5


def play(engine: Engine, players: int, seed: int, sizes: list[int] | None = None) -> tuple[int, object]:
    state, _ = engine.setup(players, None, seed)
    steps = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = engine.apply(state, prompt.seat, engine.bot_action(state, prompt, derived(seed, "bench", steps)))
        steps += 1
        if sizes is not None:
            sizes.append(len(engine.dump(state)))
        if steps > 50000:
            raise RuntimeError(f"{engine.name} game {seed} did not end")
    return steps, state


def full_sheets(state: MafiaState, rng: random.Random) -> None:
    """Fill every living player's sheet with a full order (each part filled when it can be)."""
    form = sheet.form(state)
    for held in state.sheets.values():
        for name in list(held.parts):
            if form.parts[name].immediate:
                continue
            tries = [random_answers(form, state, held, name, rng) for _ in range(12)]
            filled = [t for t in tries if t and t[0] not in EMPTY]
            held.parts[name] = filled[0] if filled else tries[0]
            if not form.valid(state, held, name, held.parts[name]):
                held.parts[name] = form.parts[name].default(state, held)
        held.done = True


def phase_states(count: int, players: int = 12) -> list[MafiaState]:
    """States at the start of a phase, from bot games at `players`."""
    found: list[MafiaState] = []
    seed = 0
    while len(found) < count:
        state, _ = MAFIA.setup(players, None, seed)
        index = -1
        steps = 0
        while not state.over and len(found) < count:
            if state.phase in ("night", "day") and state.phase_index != index:
                index = state.phase_index
                found.append(state)
            prompt = next(p for p in state.prompts if not p.answered)
            state, _ = MAFIA.apply(state, prompt.seat, MAFIA.bot_action(state, prompt, derived(seed, "b", steps)))
            steps += 1
        seed += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--phases", type=int, default=200)
    parser.add_argument("--balance", type=int, default=40, help="bot games per size for the win rates")
    args = parser.parse_args(argv)

    print(f"Mafia of Heroes engine benchmark: {args.phases} phases, {args.games} games at 12 players\n")
    rng = random.Random(1)
    resolve_ms: list[float] = []
    end_ms: list[float] = []
    round_trip_ms: list[float] = []
    for state in phase_states(args.phases):
        full_sheets(state, rng)
        a, b = state.model_copy(deep=True), state.model_copy(deep=True)
        a.orders = {n: sheet.order_of(a, n) for n in a.living()}
        sheet.form(a).close(a)
        start = time.perf_counter()
        resolution.resolve(a, [])
        resolve_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        phases.end_phase(b, [])
        end_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        MAFIA.load(MAFIA.dump(b))
        round_trip_ms.append((time.perf_counter() - start) * 1000)
    for label, values in (("resolve()", resolve_ms), ("phase end (orders, resolve, next sheets)", end_ms),
                          ("baseline: state JSON round-trip", round_trip_ms)):
        print(f"{label:44s} p50 {statistics.median(values):6.2f} ms   p99 {percentile(values, 0.99):6.2f} ms")
    # each phase's end against the round-trip of the same state, measured right after it
    print(f"phase end / state round-trip, per phase (×): {paired(end_ms, round_trip_ms):.1f}")

    sizes: list[int] = []
    walls: list[float] = []
    cookies: list[float] = []
    phases_played: list[int] = []
    seeds = iter(range(args.games))

    def cookie_games() -> float:
        """A few 5-player Cookie bot games (one is a few milliseconds): seconds per game."""
        start = time.perf_counter()
        for seed in range(COOKIES_PER_ROUND):
            play(COOKIE, 5, seed)
        cookies.append((time.perf_counter() - start) / COOKIES_PER_ROUND)
        return cookies[-1]

    def mafia_game() -> float:
        seed = next(seeds)
        start = time.perf_counter()
        _, final = play(MAFIA, 12, seed, sizes)
        walls.append(time.perf_counter() - start)
        assert isinstance(final, MafiaState)
        phases_played.append(final.phase_index)
        return walls[-1]

    ratio = interleaved(args.games, cookie_games, {"mafia": mafia_game})["mafia"]
    print(f"\nwhole 12-player bot game: mean {statistics.mean(walls):.2f} s, max {max(walls):.2f} s "
          f"({statistics.mean(phases_played):.1f} phases a game)")
    print(f"baseline: a 5-player Cookie bot game {statistics.median(cookies) * 1000:.0f} ms; "
          f"Mafia game / Cookie game (×) {ratio:.1f} (each game against the Cookie games played just before it)")
    print(f"saved state at its largest: {max(sizes) / 1024:.1f} KB (mean {statistics.mean(sizes) / 1024:.1f} KB)")

    print(f"\nbot games won, {args.balance} per size:")
    for players in (10, 11, 12):
        winners = Counter(getattr(play(MAFIA, players, 1000 + seed)[1], "winner", None) for seed in range(args.balance))
        print(f"  {players} players: law {winners['law']}, mafia {winners['mafia']}, draw {winners['draw']} — "
              f"law wins {winners['law'] / args.balance:.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
