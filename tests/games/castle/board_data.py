"""The rules page's default boards, built from the Decision (compared with data/boards/ by the tests).

Regenerate the files with `.venv/bin/python -m tests.games.castle.board_data`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from games.castle.board import BOARDS_DIR

INNER_RADIUS = 0.45
OUTER_RADIUS = 0.9


def _point(radius: float, turn: float) -> tuple[float, float]:
    """A point `turn` of a full circle clockwise from 12 o'clock, on screen (y down)."""
    angle = 2 * math.pi * turn
    return (round(radius * math.sin(angle), 4) + 0.0, round(-radius * math.cos(angle), 4) + 0.0)


def default_board_data(players: int) -> dict[str, Any]:
    """Ring 0 `C`; ring 1 A1…A2N in a cycle, each joined to C; ring 2 B1…B4N in a cycle; Ak–B(2k−1);
    shrines B(4i+2). The first shrine B2 is at 12 o'clock; labels increase clockwise."""
    inner, outer = 2 * players, 4 * players

    def outer_turn(j: int) -> float:
        return (j - 2) / outer

    halls: list[dict[str, Any]] = [{"id": "C", "ring": 0, "x": 0.0, "y": 0.0}]
    for k in range(1, inner + 1):
        x, y = _point(INNER_RADIUS, outer_turn(2 * k - 1))  # Ak at the angle of B(2k−1)
        halls.append({"id": f"A{k}", "ring": 1, "x": x, "y": y})
    for j in range(1, outer + 1):
        x, y = _point(OUTER_RADIUS, outer_turn(j))
        halls.append({"id": f"B{j}", "ring": 2, "x": x, "y": y})
    corridors: list[list[str]] = [["C", f"A{k}"] for k in range(1, inner + 1)]
    corridors += [[f"A{k}", f"A{k % inner + 1}"] for k in range(1, inner + 1)]
    corridors += [[f"B{j}", f"B{j % outer + 1}"] for j in range(1, outer + 1)]
    corridors += [[f"A{k}", f"B{2 * k - 1}"] for k in range(1, inner + 1)]
    return {
        "name": f"castle-{players}",
        "centre": "C",
        "halls": halls,
        "corridors": corridors,
        "shrines": [f"B{4 * i + 2}" for i in range(players)],
    }


def board_text(players: int) -> str:
    """The file's exact text: one hall or corridor per line, so diffs stay readable."""
    data = default_board_data(players)
    lines = ["{", f'  "name": {json.dumps(data["name"])},', f'  "centre": {json.dumps(data["centre"])},']
    lines.append('  "halls": [')
    lines.append(",\n".join(f"    {json.dumps(hall, ensure_ascii=False)}" for hall in data["halls"]))
    lines.append("  ],")
    lines.append('  "corridors": [')
    lines.append(",\n".join(f"    {json.dumps(pair)}" for pair in data["corridors"]))
    lines.append("  ],")
    lines.append(f'  "shrines": {json.dumps(data["shrines"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def board_file(players: int) -> Path:
    return BOARDS_DIR / f"castle-{players}.json"


if __name__ == "__main__":
    for n in (3, 4):
        board_file(n).write_text(board_text(n), encoding="utf-8")
        print(board_file(n))
