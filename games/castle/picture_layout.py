"""Where the Castle picture puts things: the canvas, each hall's spot and size, the drawn path of
every ordinary corridor, and polyline helpers (length, the point at a share of it, dashes).

Everything is in canvas pixels at `SCALE` (the picture is drawn twice as large, then halved). Board
coordinates are in [-1, 1] with y down, so increasing angle runs clockwise on screen, as the labels do.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from games.castle.board import Board

Point = tuple[float, float]

WIDTH, HEIGHT = 900, 1000
SCALE = 2
"""Drawn at twice the size, then halved: smooth edges without an anti-aliasing library."""
TITLE_H = 62
BOARD_CENTRE: Point = (450, 62 + 368)
BOARD_UNIT = 352
"""Pixels per board coordinate unit: ring 2 (0.9) lands 317 px from the centre."""
LEGEND_TOP = 812
HALL_R = 29
CENTRE_R = 40
TOKEN_R = 17
MARKER_R = 18
"""Half the size of a Lock or Barricade marker on the board (px at 1×)."""
MARKER_CLEAR = MARKER_R + 7
"""A marker whose centre is this far (px at 1×) from every other drawn line is not on a crossing:
its disc, half the other line's width and some air."""


def angle_gap(a: float, b: float) -> float:
    """Smallest difference between two angles in radians."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def length(points: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(points))


def along(points: Sequence[Point], share: float) -> tuple[Point, Point]:
    """The point at `share` of a polyline's length, and the unit direction there."""
    target = length(points) * share
    for p, q in itertools.pairwise(points):
        step = math.dist(p, q)
        if step and target <= step:
            t = target / step
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), ((q[0] - p[0]) / step, (q[1] - p[1]) / step)
        target -= step
    p, q = points[-2], points[-1]
    step = math.dist(p, q) or 1.0
    return q, ((q[0] - p[0]) / step, (q[1] - p[1]) / step)


def dashes(points: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
    """The polyline cut into dashes, each a short polyline."""
    pieces: list[list[Point]] = []
    current: list[Point] = [points[0]]
    drawing, left = True, dash
    for p, q in itertools.pairwise(points):
        step = math.dist(p, q)
        start = 0.0
        while step - start > left:
            start += left
            t = start / step
            cut = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            if drawing:
                current.append(cut)
                pieces.append(current)
            current = [cut]
            drawing = not drawing
            left = dash if drawing else gap
        left -= step - start
        if drawing:
            current.append(q)
        else:
            current = [q]
    if drawing and len(current) > 1:
        pieces.append(current)
    return pieces


def segment_distance(point: Point, a: Point, b: Point) -> float:
    """Distance from `point` to the segment a–b."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / span))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def path_distance(point: Point, path: Sequence[Point]) -> float:
    """Distance from `point` to a polyline."""
    if len(path) == 1:
        return math.dist(point, path[0])
    return min(segment_distance(point, p, q) for p, q in itertools.pairwise(path))


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the segments a–b and c–d cross (touching at an end counts)."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    return d1 * d2 <= 0 and d3 * d4 <= 0 and not (d1 == d2 == 0)


def paths_cross(one: Sequence[Point], other: Sequence[Point]) -> bool:
    """Whether two polylines cross anywhere."""
    return any(segments_cross(p, q, r, s) for p, q in itertools.pairwise(one) for r, s in itertools.pairwise(other))


def resample(points: Sequence[Point], step: float) -> list[Point]:
    """Points every `step` along a polyline (both ends kept), for geometric checks."""
    out = [points[0]]
    for p, q in itertools.pairwise(points):
        parts = max(1, math.ceil(math.dist(p, q) / step))
        out.extend((p[0] + (q[0] - p[0]) * i / parts, p[1] + (q[1] - p[1]) * i / parts) for i in range(1, parts + 1))
    return out


@dataclass(frozen=True)
class Ring:
    """One ring of halls as drawn: its radius, the halls' angles in order, and the angles of the gaps
    between neighbouring halls (where a route may cross the ring)."""

    number: int
    radius: float
    hall_radius: float
    angles: tuple[float, ...]
    gaps: tuple[float, ...]
    spacing: float
    """The smallest angle between two neighbouring halls of the ring."""


class Layout:
    """Board coordinates to canvas pixels (at SCALE), the rings as drawn, and each corridor's path."""

    def __init__(self, board: Board) -> None:
        self.board = board
        s = SCALE
        self.centre: Point = (BOARD_CENTRE[0] * s, BOARD_CENTRE[1] * s)
        self.unit = BOARD_UNIT * s
        self.points: dict[str, Point] = {hall.id: self.at(hall.x, hall.y) for hall in board.halls}
        self.radii: dict[str, float] = {
            hall.id: (CENTRE_R if hall.id == board.centre else HALL_R) * s for hall in board.halls
        }
        cx, cy = self.centre
        self.polar: dict[str, tuple[float, float]] = {
            hall: (math.hypot(x - cx, y - cy), math.atan2(y - cy, x - cx)) for hall, (x, y) in self.points.items()
        }
        by_ring: dict[int, list[str]] = {}
        for hall in board.halls:
            by_ring.setdefault(hall.ring, []).append(hall.id)
        self.ring_sizes = {number: len(halls) for number, halls in by_ring.items()}
        self.outer_ring = max(by_ring, default=0)
        self.rings = [self._ring(number, halls) for number, halls in sorted(by_ring.items())]
        self.ring_index = {hall: index for index, ring in enumerate(self.rings) for hall in by_ring[ring.number]}

    def _ring(self, number: int, halls: list[str]) -> Ring:
        radius = sum(self.polar[h][0] for h in halls) / len(halls)
        hall_radius = max(self.radii[h] for h in halls)
        angles = tuple(sorted(self.polar[h][1] for h in halls))
        if len(angles) == 1:
            return Ring(number, radius, hall_radius, angles, (angles[0] + math.pi,), 2 * math.pi)
        steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, (*angles[1:], angles[0]), strict=True)]
        gaps = tuple(a + step / 2 for a, step in zip(angles, steps, strict=True))
        return Ring(number, radius, hall_radius, angles, gaps, min(steps))

    def at(self, x: float, y: float) -> Point:
        return (self.centre[0] + x * self.unit, self.centre[1] + y * self.unit)

    def from_polar(self, radius: float, angle: float) -> Point:
        return (self.centre[0] + radius * math.cos(angle), self.centre[1] + radius * math.sin(angle))

    def radius(self, hall: str) -> float:
        return self.radii[hall]

    def corridor_path(self, a: str, b: str) -> list[Point]:
        """An ordinary corridor: neighbours on one ring follow the ring's circle; anything else is straight."""
        ra, ta = self.polar[a]
        rb, tb = self.polar[b]
        ring_a, ring_b = self.board.ring_of(a), self.board.ring_of(b)
        gap = (tb - ta + math.pi) % (2 * math.pi) - math.pi
        if ring_a == ring_b and ring_a > 0 and abs(ra - rb) < 2 and 0 < abs(gap) < math.pi * 0.6:
            steps = max(6, int(abs(gap) * ra / (14 * SCALE)))
            return [self.from_polar(ra, ta + gap * i / steps) for i in range(steps + 1)]
        return [self.points[a], self.points[b]]
