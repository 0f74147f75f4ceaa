"""The picture's Scene built from the PUBLIC view (never the state), so nothing secret can reach
a picture. Used by the Discord cog and offline play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.castle.board import corridor_key
from games.castle.picture import Scene, picture_words, rounds_left
from games.castle.state import the_board

Say = Callable[..., str]

BOARD_SHOWN_AFTER = frozenset({"castle-round", "castle-over-goal", "castle-over-rounds"})
"""Public events after which the board is shown: each round's start (event applied, orders open) and the end."""


def _pairs(items: list[list[str]]) -> list[tuple[str, str]]:
    return [(a, b) for a, b in items]


def _rounds(markers: list[dict[str, Any]], round_number: int) -> dict[tuple[str, str], int]:
    """Each Lock's or Barricade's rounds left, by its corridor (the picture shows them on the marker)."""
    return {corridor_key(*m["corridor"]): rounds_left(m["since"], m["until"], round_number) for m in markers}


def build_scene(view: dict[str, Any], names: list[str], say: Say) -> Scene:
    """A Scene of the public view: `names[seat]` are display names, `say(key, **params)` translates
    (e.g. functools.partial(bot.i18n.t, "ru"))."""
    players = view["players"]
    board = the_board(view["board"], len(players))
    event = view.get("event")
    title = say("castle-scene-title", title=say("castle-title"), round=view["round"],
                event=say(f"castle-event-{event}") if event else "—")
    return Scene(
        board=board,
        title=title,
        corridors=_pairs(view["corridors"]),
        removed=_pairs(view["removed"]),
        passages=_pairs(view["passages"]),
        locks=[(m["corridor"][0], m["corridor"][1]) for m in view["locks"]],
        barricades=[(m["corridor"][0], m["corridor"][1]) for m in view["barricades"]],
        lock_rounds=_rounds(view["locks"], view["round"]),
        barricade_rounds=_rounds(view["barricades"], view["round"]),
        positions={p["seat"]: p["hall"] for p in players},
        names=list(names),
        shrines={p["seat"]: p["shrine"] for p in players},
        floor={hall: count for hall, count in view["floor"].items() if count},
        carried={p["seat"]: p["carried"] for p in players if p["carried"]},
        delivered={p["seat"]: p["delivered"] for p in players if p["delivered"]},
        words=picture_words(say),
    )
