"""Room on the Castle picture: every drawn thing that must stay readable is a `Label` (a disc or a box),
and a `Room` places labels so that no two overlap; `Lines` are the drawn corridors, which a marker's
spot must be nearer to its own corridor than to any other.

`Room.around` places a hall's things (tokens, artifacts, passage ends) side by side round the hall:
the first free spot in the order of a cost (clear of the corridors leaving the hall, outward on the
castle's rim, next to the hall's other things), first close to the hall, then a ring further out.

All in canvas pixels at SCALE; pure geometry, nothing is painted here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from games.castle.picture_layout import SCALE, Point, angle_gap, segment_distance, segments_cross

GRID = 60 * SCALE
"""The buckets (px) of labels and line segments: each is filed in every bucket its box touches."""
MARGIN = 2 * SCALE
"""Air kept between two labels."""
STEPS = 72
"""Spots tried round a hall: every 5°."""
ANGLES = [2 * math.pi * step / STEPS for step in range(STEPS)]
ORBITS = 4
"""Rings of spots round a hall: touching it, then further out."""
STRICT_ORBITS = 2
"""How far out a thing that keeps off the lines looks for a spot on none before it settles for one on a line."""
LINE_AIR = 12 * SCALE
"""Room kept between a thing that keeps off the lines and any line (a mark beside a line reads as its label)."""
GAP = MARGIN + SCALE
"""Air between a hall's label and the things beside it (a little more than between two labels)."""


@dataclass(frozen=True)
class Label:
    """What one drawn thing covers: a disc of radius `rx` (when `ry` is None) or a box of half-sizes
    `rx` × `ry`, round `centre`. `what` and `owner` (a hall, a corridor as "A1–B2", a seat) name it
    for tests and their messages."""

    what: str
    owner: str
    centre: Point
    rx: float
    ry: float | None = None
    rounded: bool = False
    """A box with round ends (a pill, `rx` ≥ `ry`): a disc reaches nearer its corners."""

    @property
    def half(self) -> tuple[float, float]:
        return (self.rx, self.rx if self.ry is None else self.ry)

    def reach(self, angle: float) -> float:
        """How far the label reaches from its centre in the direction `angle` (its support)."""
        if self.ry is None:
            return self.rx
        return self.rx * abs(math.cos(angle)) + self.ry * abs(math.sin(angle))


def overlap(one: Label, other: Label, margin: float = 0.0) -> bool:
    """Whether two labels come closer than `margin`."""
    (x1, y1), (x2, y2) = one.centre, other.centre
    if one.ry is None and other.ry is None:
        return math.hypot(x1 - x2, y1 - y2) < one.rx + other.rx + margin
    if one.ry is not None and other.ry is not None:
        return abs(x1 - x2) < one.rx + other.rx + margin and abs(y1 - y2) < one.ry + other.ry + margin
    disc, box = (one, other) if one.ry is None else (other, one)
    (dx, dy), (bx, by) = disc.centre, box.centre
    hx, hy = box.half
    if box.rounded:  # a pill: the segment along its middle, widened by its half height
        core = hx - hy
        return segment_distance(disc.centre, (bx - core, by), (bx + core, by)) < disc.rx + hy + margin
    nearest = (min(max(dx, bx - hx), bx + hx), min(max(dy, by - hy), by + hy))
    return math.dist(disc.centre, nearest) < disc.rx + margin


@dataclass(frozen=True)
class Thing:
    """Something placed beside a hall: `labels(spot, angle)` are what it takes with its centre at
    `spot` (at `angle` round the hall), the first of them its body (which touches the hall); `size`
    its largest reach from its centre."""

    labels: Callable[[Point, float], list[Label]]
    size: float
    toward: float | None = None
    """The side of the hall it would best sit on (a portal mark: towards the passage's other end)."""
    off_lines: bool = False
    """Kept off the corridors where it can be (a portal mark on a line would read as its label)."""


@dataclass(frozen=True)
class Placed:
    """Where a thing went round its hall: the angle, its centre, and whether the spot was free."""

    angle: float
    centre: Point
    free: bool
    orbit: int = 0
    """0 when it touches the hall; further out it is tied to the hall by a thin line."""


class Lines:
    """The drawn corridors (each a polyline, by an owner name), for distances and crossings; their
    segments are filed by grid bucket, so a question about one spot reads only the segments near it."""

    def __init__(self) -> None:
        self.paths: dict[str, list[Point]] = {}
        self.segments: list[tuple[str, Point, Point]] = []
        self.grid: dict[tuple[int, int], list[int]] = {}

    def add(self, owner: str, path: Sequence[Point]) -> None:
        self.paths[owner] = list(path)
        for p, q in itertools.pairwise(path):
            self.segments.append((owner, p, q))
            for cell in _cells_of(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])):
                self.grid.setdefault(cell, []).append(len(self.segments) - 1)

    def _segments(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[str, Point, Point]]:
        found: set[int] = set()
        for cell in _cells_of(x0, y0, x1, y1):
            found.update(self.grid.get(cell, ()))
        return [self.segments[index] for index in found]

    def near(self, point: Point, within: float, skip: Iterable[str] = ()) -> list[tuple[float, str]]:
        """(distance, owner) of every line closer than `within` to `point`, nearest first."""
        x, y = point
        nearest: dict[str, float] = {}
        for owner, p, q in self._segments(x - within, y - within, x + within, y + within):
            distance = segment_distance(point, p, q)
            if distance < within and distance < nearest.get(owner, math.inf):
                nearest[owner] = distance
        for owner in skip:
            nearest.pop(owner, None)
        return sorted((distance, owner) for owner, distance in nearest.items())

    def crossed(self, a: Point, b: Point, skip: Iterable[str] = ()) -> bool:
        """Whether the segment a–b crosses a line other than those in `skip`."""
        skipped = set(skip)
        box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        return any(owner not in skipped and segments_cross(a, b, p, q) for owner, p, q in self._segments(*box))


def _cells_of(x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
    for cx in range(int(x0 // GRID), int(x1 // GRID) + 1):
        for cy in range(int(y0 // GRID), int(y1 // GRID) + 1):
            yield cx, cy


class Room:
    """The labels placed so far, filed by grid bucket, and the area they must stay in."""

    def __init__(self, area: tuple[float, float, float, float]) -> None:
        self.area = area
        """(left, top, right, bottom): nothing is placed outside it."""
        self.labels: list[Label] = []
        self.grid: dict[tuple[int, int], list[Label]] = {}

    def _cells(self, label: Label) -> Iterable[tuple[int, int]]:
        (x, y), (hx, hy) = label.centre, label.half
        for cx in range(int((x - hx) // GRID), int((x + hx) // GRID) + 1):
            for cy in range(int((y - hy) // GRID), int((y + hy) // GRID) + 1):
                yield cx, cy

    def inside(self, label: Label) -> bool:
        (x, y), (hx, hy) = label.centre, label.half
        left, top, right, bottom = self.area
        return left <= x - hx and x + hx <= right and top <= y - hy and y + hy <= bottom

    def free(self, label: Label, margin: float = MARGIN) -> bool:
        """Inside the area and clear of every label placed."""
        if not self.inside(label):
            return False
        seen: set[int] = set()
        for cell in self._cells(Label(label.what, label.owner, label.centre, label.half[0] + margin,
                                      label.half[1] + margin)):
            for other in self.grid.get(cell, ()):
                if id(other) not in seen:
                    seen.add(id(other))
                    if overlap(label, other, margin):
                        return False
        return True

    def remove(self, owner: str) -> None:
        """Take back every label of one thing."""
        self.labels = [label for label in self.labels if label.owner != owner]
        for cell, labels in self.grid.items():
            self.grid[cell] = [label for label in labels if label.owner != owner]

    def clashes(self, labels: Sequence[Label]) -> int:
        return sum(1 for label in labels for other in self.labels if overlap(label, other))

    def add(self, label: Label) -> Label:
        self.labels.append(label)
        for cell in self._cells(label):
            self.grid.setdefault(cell, []).append(label)
        return label

    def around(
        self,
        centre: Point,
        rim: float,
        things: Sequence[Thing],
        away: Sequence[float],
        outward: float | None,
        belongs: Callable[[Point], bool],
        lines: Lines | None = None,
    ) -> list[Placed]:
        """Spots for a hall's things side by side round the hall (its centre; `rim`, the radius of its
        label). Each goes to the free spot of least cost: clear of the directions in `away` (corridors
        leaving the hall), facing `outward` on the rim of the castle, beside the things placed before
        it, on its own side (`Thing.toward`); first touching the hall, then a ring further out, and
        only where `belongs` says the spot reads as this hall's; a thing that keeps `off_lines` first
        where it lies on none of the `lines`. A thing with no free spot anywhere goes to its least
        crowded one. Returns where each went; their labels are added."""
        placed: list[Placed] = []
        for thing in things:
            best: tuple[float, float, Point, list[Label]] | None = None
            crowded: list[tuple[float, float, Point, list[Label]]] = []
            ring = 0
            siblings = [spot.angle for spot in placed]
            costs = [_cost(angle, away, outward, siblings, thing.toward) for angle in ANGLES]
            bases = [touching(thing, angle, rim + GAP) for angle in ANGLES]
            steps = [2 * support(thing, angle) + GAP for angle in ANGLES]
            cheapest = sorted(range(STEPS), key=costs.__getitem__)  # the first spot that fits is the best
            tries = [(True, orbit) for orbit in range(STRICT_ORBITS) if thing.off_lines]
            for strict, orbit in [*tries, *((False, orbit) for orbit in range(ORBITS))]:
                for index in cheapest:
                    angle, base, step, cost = ANGLES[index], bases[index], steps[index], costs[index] + orbit * 4.0
                    if best is not None:
                        break
                    distance = base + orbit * step
                    spot = (centre[0] + distance * math.cos(angle), centre[1] + distance * math.sin(angle))
                    if not belongs(spot):
                        continue
                    labels = thing.labels(spot, angle)
                    if strict and lines is not None and on_a_line(labels[0], lines):
                        continue
                    if all(self.free(label) for label in labels):
                        best, ring = (cost, angle, spot, labels), orbit
                    elif best is None and not strict:
                        crowded.append((cost, angle, spot, labels))
                if best is not None:
                    break
            if best is not None:
                _, angle, spot, labels = best
            elif crowded:  # nowhere free: the spot that overlaps least, on the board if it can
                _, angle, spot, labels = min(crowded, key=lambda c: (
                    not all(self.inside(label) for label in c[3]), self.clashes(c[3]), c[0]))
            else:  # nowhere reads as this hall's (a hall off the drawing): beside it all the same
                angle, spot = 0.0, (centre[0] + rim + GAP + thing.size, centre[1])
                labels = thing.labels(spot, angle)
            for label in labels:
                self.add(label)
            placed.append(Placed(angle, spot, best is not None, ring))
        return placed


def on_a_line(label: Label, lines: Lines) -> bool:
    """Whether a line runs under the label (a pill is checked along its middle)."""
    hx, hy = label.half
    core = hx - hy if label.rounded else hx
    x, y = label.centre
    if not lines.near(label.centre, core + hy + LINE_AIR):
        return False  # nothing anywhere near: no need to look along it
    return any(lines.near((x + core * t, y), hy + LINE_AIR) for t in (-1.0, -0.5, 0.0, 0.5, 1.0))


def support(thing: Thing, angle: float) -> float:
    """How far the thing reaches from its centre along `angle` (what a ring further out must clear)."""
    probe = thing.labels((0.0, 0.0), angle)[0]
    if probe.ry is None:
        return thing.size
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    if probe.rounded:
        return (probe.rx - probe.ry) * c + probe.ry
    return probe.rx * c + probe.ry * s


def touching(thing: Thing, angle: float, rim: float) -> float:
    """How far from a hall's centre `thing` sits at `angle` when it just clears a disc of radius `rim`
    round that centre (a box reaches nearer with a corner than along the line to its centre)."""
    probe = thing.labels((0.0, 0.0), angle)[0]
    if probe.ry is None:
        return rim + probe.rx
    c, s = abs(math.cos(angle)), abs(math.sin(angle))
    if probe.rounded:  # the pill's middle segment (half length k) must stay rim + ry away
        k, reach = probe.rx - probe.ry, rim + probe.ry
        if s > 0 and reach * c <= k * s:
            return reach / s
        return k * c + math.sqrt(max(0.0, reach * reach - k * k * s * s))
    low, high = rim, rim + probe.rx + probe.ry
    for _ in range(12):
        middle = (low + high) / 2
        spot = (middle * math.cos(angle), middle * math.sin(angle))
        if overlap(Label("", "", spot, probe.rx, probe.ry), Label("", "", (0.0, 0.0), rim)):
            low = middle
        else:
            high = middle
    return high


def _cost(angle: float, away: Sequence[float], outward: float | None, siblings: Sequence[float],
          toward: float | None) -> float:
    cost = 0.0
    for corridor in away:
        gap = angle_gap(angle, corridor)
        if gap < math.radians(32):
            cost += (math.radians(32) - gap) ** 2 * 12
    if outward is not None:
        cost += angle_gap(angle, outward) * 0.15
    else:
        cost += angle_gap(angle, math.radians(60)) * 0.03  # inner halls: lower right first
    if siblings:
        cost += min(angle_gap(angle, other) for other in siblings) * 0.4
    if toward is not None:
        cost += angle_gap(angle, toward) * 0.6
    return cost
