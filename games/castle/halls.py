"""Questions about halls and corridors: where one may walk, be expelled, open a passage; and the
hall picker that keeps every prompt within Discord's 25 options (23 + Back and Cancel)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.castle.board import Corridor, corridor_key
from games.castle.state import CastleState, the_board
from games.core import Option, Refusal
from games.core.orders import Step

MAX_OPTIONS = 23
"""A select holds 25 options; the order form adds Back and Cancel."""
RING = "ring:"


def open_neighbours(state: CastleState, hall: str) -> list[str]:
    """Halls reachable through an open corridor (not locked, not barricaded) — where a skirmish
    loser can be expelled or thrown (**Decision**: a Barricade stops them too)."""
    board = state.the_board()
    return [
        other for other in board.neighbours(hall, state.corridors())
        if not state.locked(corridor_key(hall, other)) and not state.barricaded(corridor_key(hall, other))
    ]


def two_step_walks(state: CastleState, hall: str) -> dict[str, list[str]]:
    """Eject: first hall → second halls of walks along two open corridors ending elsewhere than `hall`."""
    walks: dict[str, list[str]] = {}
    for first in open_neighbours(state, hall):
        ends = [h for h in open_neighbours(state, first) if h != hall]
        if ends:
            walks[first] = ends
    return walks


def step_refusal(state: CastleState, here: str, there: str, double: bool) -> Refusal | None:
    """Why the corridor here→there cannot be taken in a move order now, or None."""
    if here == there or not state.joined(here, there):
        return Refusal(key="castle-refuse-no-corridor", params={"from": here, "to": there})
    corridor = corridor_key(here, there)
    if state.locked(corridor):
        return Refusal(key="castle-refuse-locked", params={"from": here, "to": there})
    if state.barricaded(corridor) and not double:
        return Refusal(key="castle-refuse-barricade", params={"from": here, "to": there})
    return None


@lru_cache(maxsize=64)
def _near(name: str, players: int) -> dict[str, dict[str, int]]:
    """Original distances of at most 3 from every hall (the board never changes)."""
    board = the_board(name, players)
    order = board.ordered_halls()
    return {h: {o: d for o in order if 0 < (d := board.distances_from(h)[o]) <= 3} for h in order}


@lru_cache(maxsize=64)
def _rings(name: str, players: int) -> dict[str, int]:
    board = the_board(name, players)
    return {h: board.ring_of(h) for h in board.ordered_halls()}


def passage_refusal(state: CastleState, a: str, b: str, *, adjacent_rings: bool,
                    links: set[Corridor] | None = None) -> Refusal | None:
    """Why a secret passage a–b cannot be opened (Secret Passage needs adjacent rings; Secret Door
    any rings); both need halls not joined now at original distance at most 3."""
    ring = _rings(state.board, state.players)
    if a not in ring or b not in ring:
        return Refusal(key="castle-refuse-unknown-hall")
    rings = (ring[a], ring[b])
    if a == b:
        return Refusal(key="castle-refuse-same-hall")
    if adjacent_rings and abs(rings[0] - rings[1]) != 1:
        return Refusal(key="castle-refuse-passage-rings", params={"a": a, "b": b})
    if corridor_key(a, b) in (state.links() if links is None else links):
        return Refusal(key="castle-refuse-passage-joined", params={"a": a, "b": b})
    if b not in _near(state.board, state.players)[a]:
        return Refusal(key="castle-refuse-passage-far", params={"a": a, "b": b})
    return None


def passage_partners(state: CastleState, hall: str, *, adjacent_rings: bool,
                     links: set[Corridor] | None = None) -> list[str]:
    links = state.links() if links is None else links
    near = _near(state.board, state.players)[hall]
    return [h for h in near if passage_refusal(state, hall, h, adjacent_rings=adjacent_rings, links=links) is None]


def passage_ends(state: CastleState, *, adjacent_rings: bool) -> list[str]:
    """Halls that have at least one hall to open a passage to."""
    links = state.links()
    return [h for h in state.the_board().ordered_halls()
            if passage_partners(state, h, adjacent_rings=adjacent_rings, links=links)]


def corridor_ends(state: CastleState) -> list[str]:
    """Halls with at least one corridor now (the first end of a corridor choice)."""
    board = state.the_board()
    return [h for h in board.ordered_halls() if board.neighbours(h, state.corridors())]


def hall_option(hall: str, label: str = "castle-opt-hall", disabled: Refusal | None = None, **params: Any) -> Option:
    return Option(value=hall, label=label, params={"hall": hall, **params}, disabled=disabled)


def pick_hall(
    state: CastleState, candidates: list[str], answers: list[str], key: str, params: dict[str, Any] | None = None,
) -> tuple[str | None, list[str], Step | None]:
    """Read one hall choice off the front of `answers`: (hall, the answers after it, None), or
    (None, [], the step that asks for it). More than 23 candidates are asked ring first."""
    params = params or {}
    if len(candidates) <= MAX_OPTIONS:
        if not answers:
            return None, [], Step(key, [hall_option(h) for h in candidates], params)
        return answers[0], answers[1:], None
    board = state.the_board()
    if not answers:
        rings = sorted({board.ring_of(h) for h in candidates})
        options = [
            Option(value=f"{RING}{r}", label="castle-opt-ring",
                   params={"ring": r, "count": sum(1 for h in candidates if board.ring_of(h) == r)})
            for r in rings
        ]
        return None, [], Step(f"{key}-ring", options, params)
    ring = answers[0].removeprefix(RING)
    if len(answers) < 2:
        in_ring = [h for h in candidates if str(board.ring_of(h)) == ring]
        return None, [], Step(key, [hall_option(h) for h in in_ring], params)
    return answers[1], answers[2:], None

