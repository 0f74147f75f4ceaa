"""The Castle replay's frames: the board at the start of a round with that round's orders drawn on it (each
player's path as an arrow in their colour, the skirmishes marked), from the round's public lines — the moves
and skirmishes the channel was told when the round resolved — so nothing is drawn that was secret then. The
web record (bot/web/replays.py) finds the frames in a game's log and keeps them drawn."""

from __future__ import annotations

from typing import Any

from games.castle import picture
from games.castle.picture_orders import Move, Orders, orders_overlay
from games.castle.scene import build_scene
from games.core.spec import Say

MOVES = {"castle-movement": False, "castle-expelled": True}
"""The public events that tell the round's moves (True: an expulsion after a skirmish)."""
SKIRMISHES = "castle-skirmishes"
ROUND = "castle-round"


def round_of(view: dict[str, Any]) -> int | None:
    """The round whose start the board shows (0: not told); None: the end of the game."""
    return None if view.get("over") else int(view.get("round") or 0)


def orders(lines: list[tuple[str, dict[str, Any]]]) -> Orders:
    """What a round's public lines (key, params) tell of its moves and skirmishes."""
    moves: list[Move] = []
    halls: list[str] = []
    for key, params in lines:
        if key in MOVES:
            for line in _lines(params):
                path, player = line.get("path"), line.get("player")
                if isinstance(path, str) and isinstance(player, dict) and isinstance(player.get("seat"), int):
                    steps = [hall.strip() for hall in path.split("→") if hall.strip()]
                    moves.append(Move(player["seat"], steps, expelled=MOVES[key]))
        elif key == SKIRMISHES:
            halls += [str(p["hall"]) for p in _lines(params) if isinstance(p.get("hall"), str)]
    return Orders(moves, halls)


def _lines(value: Any) -> list[dict[str, Any]]:
    """The parameters of every nested message in `value` (a `{"lines": [...]}` list of messages)."""
    found: list[dict[str, Any]] = []
    if isinstance(value, dict):
        if set(value) == {"message", "params"} and isinstance(value["params"], dict):
            found.append(value["params"])
        for inner in value.values():
            found += _lines(inner)
    elif isinstance(value, list):
        for inner in value:
            found += _lines(inner)
    return found


def draw_frame(view: dict[str, Any], names: list[str], say: Say, marks: Orders) -> bytes:
    return picture.render_board(build_scene(view, names, say), overlay=orders_overlay(marks))
