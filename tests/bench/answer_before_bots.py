"""A player's answer shown before the bot players' steps (benchmark; figures printed, never asserted).

Mafia at a table of 3 players and 7 bots, on SQLite in one process (the table alone, no Discord): every player's
answer goes through `Table.act` with the `answered` hook the Discord answer uses. For each click after which the
bots took steps (it opened a phase, a draft turn, …): how long from the click until the hook ran (the answer
shown, as now) and until `act` returned (when the answer went out before, after the bots' steps), in the same
run on the same clicks.

    .venv/bin/python -m tests.bench.answer_before_bots [--games 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.benchmarking import paired, percentile
from bot.live import Outcome, Seat
from bot.storage import open_storage
from bot.table import Table
from games.core.rng import derived

PLAYERS, BOTS = 3, 7


async def measure(games: int) -> tuple[list[float], list[float], list[int]]:
    shown_ms: list[float] = []
    returned_ms: list[float] = []
    bot_steps: list[int] = []
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as folder:
        storage = await open_storage(Path(folder) / "bench.db")
        table = Table(storage, use_deadlines=False)
        try:
            for number in range(games):
                seats = [Seat(name=f"P{i}", user_id=100 + i) for i in range(PLAYERS)]
                seats += [Seat(name=f"B{i}", bot=True) for i in range(BOTS)]
                game = await table.start("mafia", seats, seed=1000 + number, language="ru")
                while game.running:
                    prompt = next((p for p in game.state.prompts if not p.answered and not game.seats[p.seat].bot),
                                  None)
                    if prompt is None:
                        break
                    action = game.engine.bot_action(
                        game.state, prompt, derived(game.row.seed, "bench", game.state.step, prompt.id))
                    shown_at: list[float] = []

                    async def answered(_outcome: Outcome, shown_at: list[float] = shown_at) -> None:
                        shown_at.append(time.perf_counter())

                    step, started = game.state.step, time.perf_counter()
                    await table.act(game.id, prompt.seat, action, answered=answered)
                    returned = time.perf_counter()
                    if shown_at and game.state.step - step > 1:  # the bots took steps after this click
                        shown_ms.append((shown_at[0] - started) * 1000)
                        returned_ms.append((returned - started) * 1000)
                        bot_steps.append(game.state.step - step - 1)
        finally:
            await storage.close()
    return shown_ms, returned_ms, bot_steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    shown, returned, steps = asyncio.run(measure(args.games))
    if not shown:
        print("no click was followed by bot steps")
        return
    print(f"Mafia, {PLAYERS} players and {BOTS} bots, {args.games} games on SQLite: {len(shown)} clicks followed by "
          f"the bots' steps ({statistics.mean(steps):.1f} each on average)")
    print(f"  answer shown (now):               p50 {percentile(shown, .5):.1f} ms, "
          f"p99 {percentile(shown, .99):.1f} ms")
    print(f"  after the bots' steps (before):   p50 {percentile(returned, .5):.1f} ms, "
          f"p99 {percentile(returned, .99):.1f} ms")
    print(f"  shown / after the bots, per click: {paired(shown, returned)}")


if __name__ == "__main__":
    main()
