"""Where everything of a Castle scene goes, decided before anything is painted: the path of every
corridor and secret passage, each Lock and Barricade on the middle of its own corridor with the
rounds it has left, each player's token and each pile of artifacts beside their hall.

The plan is plain data in canvas pixels at SCALE, so tests can check the geometry the picture
promises (passages keep clear of other halls, markers sit mid-corridor, tokens point at their hall).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from games.castle.board import Corridor, corridor_key
from games.castle.picture_layout import (
    LEGEND_TOP,
    MARKER_CLEAR,
    MARKER_R,
    SCALE,
    TITLE_H,
    TOKEN_R,
    Layout,
    Point,
    along,
    angle_gap,
    length,
    resample,
)
from games.castle.picture_model import Scene, initials
from games.castle.picture_route import route_passages

MarkerKind = Literal["lock", "barricade"]


@dataclass(frozen=True)
class MarkerSpot:
    kind: MarkerKind
    corridor: Corridor
    centre: Point
    direction: Point
    """The corridor's direction at the marker (a Barricade lies across it)."""
    rounds: int | None
    """Rounds left, drawn on the marker; None when the scene does not say."""


@dataclass(frozen=True)
class TokenSpot:
    seat: int
    hall: str
    centre: Point
    angle: float
    """Where the token sits round its hall (radians from the hall's centre)."""
    letters: str
    carried: int


@dataclass(frozen=True)
class GemSpot:
    hall: str
    centre: Point
    count: int


@dataclass
class Plan:
    layout: Layout
    paths: dict[Corridor, list[Point]]
    """Every corridor drawn (open, removed, passage, or only marked), running key[0] → key[1]."""
    open_now: set[Corridor]
    removed: set[Corridor]
    passages: set[Corridor]
    markers: list[MarkerSpot] = field(default_factory=list)
    tokens: list[TokenSpot] = field(default_factory=list)
    gems: list[GemSpot] = field(default_factory=list)
    letters: list[str] = field(default_factory=list)
    owners: dict[str, list[int]] = field(default_factory=dict)
    """Shrine hall → the seats whose shrine it is."""


def _marker_kinds(scene: Scene) -> dict[Corridor, list[MarkerKind]]:
    kinds: dict[Corridor, list[MarkerKind]] = {}
    lists: tuple[tuple[MarkerKind, list[Corridor]], ...] = (("lock", scene.locks), ("barricade", scene.barricades))
    for kind, corridors in lists:
        for a, b in corridors:
            key = corridor_key(a, b)
            if kind not in kinds.setdefault(key, []):
                kinds[key].append(kind)
    return kinds


def _rounds(scene: Scene, kind: MarkerKind, key: Corridor) -> int | None:
    table = scene.lock_rounds if kind == "lock" else scene.barricade_rounds
    for corridor, rounds in table.items():
        if corridor_key(*corridor) == key:
            return rounds
    return None


def _slots(count: int, away: Sequence[float], spread: float, outward: float | None,
           fits: Callable[[float], bool] = lambda _: True) -> list[float]:
    """Angles around a hall for `count` items, side by side `spread` apart, turned to keep clear of
    the corridors and passages at the angles in `away` and, on the rim of the castle, to face outward;
    never where `fits` says an item would leave the board (over the title or the legend)."""
    if count == 0:
        return []
    best: tuple[float, list[float]] | None = None
    for step in range(72):
        start = math.radians(step * 5)
        angles = [start + (i - (count - 1) / 2) * spread for i in range(count)]
        cost = 0.0
        for angle in angles:
            if not fits(angle):
                cost += 1000.0
            for corridor in away:
                gap = angle_gap(angle, corridor)
                if gap < math.radians(38):
                    cost += (math.radians(38) - gap) ** 2 * 10
            if outward is not None:
                cost += angle_gap(angle, outward) * 0.05
            else:
                cost += angle_gap(angle, math.radians(60)) * 0.02  # inner halls: lower right first
        if best is None or cost < best[0] - 1e-9:
            best = (cost, angles)
    assert best is not None
    return best[1]


def _clear_share(path: list[Point], share: float, spread: Sequence[float], others: list[Point]) -> float:
    """`share` itself when the markers there (at `share` + each of `spread`) are clear of every other
    drawn path; otherwise the nearest clear share along the passage (its middle may fall on a
    crossing), or, when none is clear, the one with the most room."""
    room = MARKER_CLEAR * SCALE

    def least_room(at: float) -> float:
        least = math.inf
        for offset in spread:
            (x, y), _ = along(path, at + offset)
            for px, py in others:
                if abs(x - px) < room and abs(y - py) < room:
                    least = min(least, math.hypot(x - px, y - py))
        return least

    best = (least_room(share), share)
    for step in range(1, 39):
        for at in (share + step * 0.01, share - step * 0.01):
            if best[0] > room:
                return best[1]
            here = least_room(at)
            if here > best[0] + 1e-6:
                best = (here, at)
    return best[1]


def _markers(scene: Scene, paths: dict[Corridor, list[Point]], passages: set[Corridor]) -> list[MarkerSpot]:
    """Each marker on the middle of its own corridor's drawn path; a Lock and a Barricade on the same
    corridor sit side by side, the pair centred on the middle. Routes keep away from the middle of
    marked corridors; only a passage's own middle may still fall on a crossing, and then its
    markers move along it to the nearest clear spot."""
    spots: list[MarkerSpot] = []
    everything: dict[Corridor, list[Point]] = {}  # every drawn path's points, resampled once when needed
    for key, kinds in sorted(_marker_kinds(scene).items()):
        path = paths.get(key)
        if not path:
            continue
        total = length(path) or 1.0
        half = min(0.2, (MARKER_R + 3) * SCALE / total)
        spread = [0.0] if len(kinds) == 1 else [-half, half]
        middle = 0.5
        if key in passages:
            if not everything:
                everything = {other: resample(drawn, 4 * SCALE) for other, drawn in paths.items()}
            others = [p for other, points in everything.items() if other != key for p in points]
            middle = _clear_share(path, 0.5, spread, others)
        shares = [middle + offset for offset in spread]
        for kind, share in zip(kinds, shares, strict=False):
            centre, direction = along(path, share)
            spots.append(MarkerSpot(kind, key, centre, direction, _rounds(scene, kind, key)))
    return spots


def _leaving(plan: Plan) -> dict[str, list[float]]:
    """Angles round each hall taken by corridors leaving it and by passages running past it, so
    tokens and artifacts sit between them."""
    layout = plan.layout
    leaving: dict[str, list[float]] = {hall: [] for hall in layout.points}
    for key, points in plan.paths.items():
        if key in plan.removed or len(points) < 2:
            continue
        for end, (p, q) in ((key[0], points[:2]), (key[1], points[-1:-3:-1])):
            leaving[end].append(math.atan2(q[1] - p[1], q[0] - p[0]))
    reach = (2 * TOKEN_R + 16) * SCALE
    cell = 2 * reach
    grid: dict[tuple[int, int], list[str]] = {}  # halls by cell, each in every cell its reach touches
    for hall, (hx, hy) in layout.points.items():
        span = reach + layout.radii[hall]
        for cx in range(int((hx - span) // cell), int((hx + span) // cell) + 1):
            for cy in range(int((hy - span) // cell), int((hy + span) // cell) + 1):
                grid.setdefault((cx, cy), []).append(hall)
    for key in sorted(plan.passages):
        for x, y in resample(plan.paths.get(key, []) or [(0.0, 0.0)], 10 * SCALE):
            for hall in grid.get((int(x // cell), int(y // cell)), ()):
                if hall in key:
                    continue
                hx, hy = layout.points[hall]
                room = math.hypot(x - hx, y - hy) - layout.radii[hall]
                if 0 < room < reach:
                    angle = math.atan2(y - hy, x - hx)
                    if all(angle_gap(angle, other) > math.radians(6) for other in leaving[hall]):
                        leaving[hall].append(angle)
    badge = MARKER_R * 0.72 * SCALE
    spots = [spot for marker in plan.markers
             for spot in (marker.centre, (marker.centre[0] + badge, marker.centre[1] - badge))]
    spots += [along(plan.paths[key], 0.5)[0] for key in plan.removed if key in plan.paths]  # the crosses
    # Markers, their rounds badges and the crosses of fallen corridors keep tokens away too.
    for x, y in spots:
        for hall in grid.get((int(x // cell), int(y // cell)), ()):
            hx, hy = layout.points[hall]
            if math.hypot(x - hx, y - hy) - layout.radii[hall] < reach + MARKER_R * SCALE:
                leaving[hall].append(math.atan2(y - hy, x - hx))
    return leaving


def _tokens_and_gems(scene: Scene, plan: Plan) -> None:
    """Players and artifacts on the floor side by side around their hall, clear of the corridors."""
    layout, board = plan.layout, scene.board
    s = SCALE
    leaving = _leaving(plan)
    present: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.positions.items()):
        if hall in layout.points:
            present.setdefault(hall, []).append(seat)
    for hall in board.ordered_halls():
        seats = present.get(hall, [])
        gems = scene.floor.get(hall, 0)
        items: list[int | None] = [*seats, *([None] if gems > 0 else [])]
        if not items:
            continue
        point = layout.points[hall]
        radius = layout.radius(hall)
        # Past the coloured ring on a shrine, so the token does not hide it; the pointer reaches it.
        distance = radius + (10 if hall in plan.owners else 4) * s + TOKEN_R * s
        touching = 2 * math.asin(min(1.0, (TOKEN_R + 2) * s / distance))
        spread = max(touching, min(2 * math.pi / len(items), touching * 1.3))  # some air when there is room
        outward = None
        if board.ring_of(hall) == layout.outer_ring and hall != board.centre:
            outward = math.atan2(point[1] - layout.centre[1], point[0] - layout.centre[0])
        def fits(angle: float, point: Point = point, distance: float = distance) -> bool:
            y = point[1] + distance * math.sin(angle)
            return (TITLE_H + TOKEN_R + 2) * s <= y <= (LEGEND_TOP - TOKEN_R - 12) * s

        angles = _slots(len(items), leaving[hall], spread, outward, fits)
        for item, angle in zip(items, angles, strict=True):
            spot = (point[0] + distance * math.cos(angle), point[1] + distance * math.sin(angle))
            if item is None:
                plan.gems.append(GemSpot(hall, spot, gems))
            else:
                letters = plan.letters[item] if item < len(plan.letters) else str(item + 1)
                plan.tokens.append(TokenSpot(item, hall, spot, angle, letters, scene.carried.get(item, 0)))


def plan_board(scene: Scene) -> Plan:
    """The whole layout of a scene: paths, markers, tokens and artifacts (see the module's note)."""
    layout = Layout(scene.board)
    passages = {corridor_key(a, b) for a, b in scene.passages}
    removed = {corridor_key(a, b) for a, b in scene.removed} - passages
    open_now = {corridor_key(a, b) for a, b in scene.corridors} - removed
    kinds = _marker_kinds(scene)
    ordinary = sorted(
        key for key in (removed | open_now | set(kinds)) - passages
        if key[0] in layout.points and key[1] in layout.points
    )
    paths: dict[Corridor, list[Point]] = {key: layout.corridor_path(*key) for key in ordinary}
    routes = route_passages(scene.board, tuple(sorted(passages)), tuple(sorted(kinds)), tuple(ordinary))
    paths.update({key: list(route) for key, route in routes.items()})
    owners: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.shrines.items()):
        owners.setdefault(hall, []).append(seat)
    plan = Plan(layout, paths, open_now, removed, passages, owners=owners)
    plan.markers = _markers(scene, paths, passages)
    plan.letters = initials([scene.name(seat) for seat in range(max(scene.seats(), default=-1) + 1)])
    _tokens_and_gems(scene, plan)
    return plan
