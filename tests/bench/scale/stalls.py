"""What the stalled games' rows still waiting at the end looked like (issue 41's lead for the stalls left at 2,000
games with faults): at how many processes a game's waiting rows were (a step's rows wait for the game's earlier
rows another process still has: bot/discord/shards.py), whether any had been adopted from a process killed
meanwhile (and through which processes), and how long the oldest of them had waited when the bots were told to
stop. Each delivery row says when it was made (`MADE`: the bot's own column, migration 018)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.benchmarking import percentile

MADE = "made"
"""The delivery rows' column saying when the row was made (the planning process's clock, Unix seconds)."""


@dataclass
class StallShapes:
    games: int = 0
    """Stalled games with rows still waiting."""
    at_processes: Counter[int] = field(default_factory=Counter)
    """How many processes' rows a game's waiting rows were → how many games."""
    adopted: int = 0
    """Games with a waiting row that had changed owner (adopted from a process killed, or taken back)."""
    chains: Counter[str] = field(default_factory=Counter)
    """The owners those rows went through, first to last ("2→4→7") → how many games."""
    ages: list[float] = field(default_factory=list)
    """Each game's oldest waiting row: seconds from when it was made to when the bots were told to stop."""

    def line(self) -> str:
        if not self.games:
            return "  stalled games' waiting rows: none"
        spread = ", ".join(f"{n} process{'es' if n > 1 else ''}: {count}"
                           for n, count in sorted(self.at_processes.items()))
        ages = (f"; the oldest waiting row made {percentile(self.ages, 0.5):.0f} s (median) / {max(self.ages):.0f} s"
                " (most) before the stop") if self.ages else ""
        return (f"  stalled games' waiting rows: {self.games} games; their rows at {spread}; with a row adopted:"
                f" {self.adopted} {dict(self.chains.most_common(4))}{ages}")


def stall_shapes(
    stalled: Iterable[int], rows: Iterable[Mapping[str, Any]], moves: Mapping[int, list[tuple[int, int]]],
    stopped: float,
) -> StallShapes:
    """`rows`: every delivery row (`game_id`, `owner`, `state`, `MADE`); `moves`: a row's owner changes in order
    (was, now); `stopped`: when the bots were told to stop (the wall clock)."""
    waiting: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    wanted = set(stalled)
    for row in rows:
        if row["state"] == 0 and row["game_id"] is not None and int(row["game_id"]) in wanted:
            waiting[int(row["game_id"])].append(row)
    shapes = StallShapes()
    for game_rows in waiting.values():
        shapes.games += 1
        shapes.at_processes[len({row["owner"] for row in game_rows})] += 1
        chains = {"→".join(str(owner) for owner in [moved[0][0], *(now for _, now in moved)])
                  for row in game_rows if (moved := moves.get(int(row["id"])))}
        if chains:
            shapes.adopted += 1
            shapes.chains.update(chains)
        made = [float(row[MADE]) for row in game_rows if row.get(MADE) is not None]
        if made:
            shapes.ages.append(stopped - min(made))
    return shapes
