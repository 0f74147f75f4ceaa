"""Secret passages as drawn: each one a curve that never passes through or beside another hall.

A passage between two halls is routed like a road on a ring castle: it leaves its hall at a slant
into the free band between two rings, runs along that band (around the rings), crosses a ring only
through the gap between two neighbouring halls, and comes into the other hall at a slant. Several
such routes are tried (each band, both ways round, inner/middle/outer lane, the nearest or the next
gap) and scored: length, room left to every other hall (less than `PASSAGE_CLEARANCE` is ruled out),
no running over a Lock or Barricade of another corridor, not lying on top of a passage routed before.
For boards whose halls do not sit on rings, simple bows to either side compete as well.

Routes depend only on the board, the passages and which corridors carry markers, so they are cached:
a game redraws the same passages every round.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from games.castle.board import Board, Corridor
from games.castle.picture_layout import MARKER_R, SCALE, Layout, Point, Ring, along, length, resample

PASSAGE_CLEARANCE = 14
"""The least room (px at 1×) between a passage's centre line and the rim of any hall it does not join."""
COMFORT = 36
"""Room (px at 1×) a route tries to keep from other halls; less costs more."""
MARKER_ROOM = MARKER_R + 8
"""A passage passing closer than this (px at 1×) to another corridor's marker would sit on a crossing."""
SAMPLE = 10 * SCALE
CELL = 12 * SCALE
NEAR_CELL = 40 * SCALE
RULED_OUT = 100_000.0
OUTER_BAND_COST = 220.0
"""Going round outside the outermost ring runs under the players' tokens: only when nothing else fits."""
DRAW_STEP = 6 * SCALE
BOW_COST = 150.0
"""A plain bow ignores the rings; on a ring castle it wins only when no ring route fits."""
SHARP_TURN = 0.22
"""Radians of turning per sample step (10 px) that still reads as a smooth curve."""

Polar = tuple[float, float]
HallDisc = tuple[str, float, float, float]
"""A hall as (label, x, y, radius)."""


@dataclass(frozen=True)
class Band:
    """Free space between two rings (or outside the last one), where a route runs round the castle."""

    radius: float
    half_width: float
    outer: bool = False


@dataclass
class _Context:
    """What a candidate route is scored against."""

    halls: list[HallDisc]
    markers: list[tuple[Corridor, Point]]
    corridor_points: list[Point]
    occupied: set[tuple[int, int]] = field(default_factory=set)
    near: dict[tuple[int, int], list[HallDisc]] = field(default_factory=dict)


def bands(layout: Layout) -> list[Band]:
    """Band i lies between ring i and ring i+1 (ring 0 being the Central Hall); the last one is outside."""
    found: list[Band] = []
    for inner, outer in zip(layout.rings, layout.rings[1:], strict=False):
        low = inner.radius + inner.hall_radius
        high = outer.radius - outer.hall_radius
        found.append(Band((low + high) / 2, max(0.0, (high - low) / 2)))
    if layout.rings:
        last = layout.rings[-1]
        edge = last.radius + last.hall_radius
        found.append(Band(edge + 18 * SCALE, 8 * SCALE, outer=True))
    return found


def _ahead(current: float, target: float, direction: int) -> float:
    """The unwrapped angle of `target` reached from `current` going `direction` (+1 clockwise);
    a target just behind is not gone round for: the route stays where it is."""
    delta = ((target - current) * direction) % (2 * math.pi)
    if delta > 2 * math.pi - 0.6:
        delta = 0.0
    return current + direction * delta


def _gap(ring: Ring, key_angle: float, direction: int, skip: int, before: bool) -> float:
    """A gap of `ring`: the first (or, with skip=1, the second) ahead of `key_angle` going `direction`,
    or the last ones before it when `before`."""

    def key(gap: float) -> float:
        spread = (key_angle - gap) if before else (gap - key_angle)
        return (spread * direction + 0.1) % (2 * math.pi)

    ordered = sorted(ring.gaps, key=key)
    return ordered[min(skip, len(ordered) - 1)]


def _offset(ring: Ring, band: Band, lane_radius: float) -> float:
    """How far round (radians) a route turns while it leaves a hall of `ring` for `band`: about 45°,
    never as far as the next hall."""
    rise = abs(lane_radius - ring.radius)
    return min(rise / max(lane_radius, 1.0), 0.42 * ring.spacing) if not band.outer else 0.3 * ring.spacing


def _stations(layout: Layout, ways: list[Band], start: str, end: str, travel: int, direction: int, lane: int,
              skip: int) -> list[Polar] | None:
    """The turning points (radius, unwrapped angle) of one route from `start` to `end`, running round
    in band `travel`; None when this combination makes no route."""
    rings = layout.rings
    i_start, i_end = layout.ring_index[start], layout.ring_index[end]
    end_is_point = i_end == 0 and rings[0].radius < rings[0].hall_radius

    def lane_radius(band: int) -> float:
        way = ways[band]
        return way.radius + lane * way.half_width * 0.45

    first = i_start if travel >= i_start else i_start - 1
    if first < 0 or (end_is_point and travel != 0):
        return None
    radius, angle = layout.polar[start]
    stations: list[Polar] = [(radius, angle)]
    departure = _offset(rings[i_start], ways[first], lane_radius(first))
    if first != travel:  # a ring to cross next to the start: head for its gap, never past it
        towards = first + 1 if first < travel else first - 1
        ring = rings[max(first, towards)]
        gap = _gap(ring, angle - direction * departure, direction, skip, False)
        ahead = ((gap - angle) * direction + math.pi) % (2 * math.pi) - math.pi
        departure = min(departure, max(0.0, ahead - (0.0 if end_is_point else 0.15 * ring.spacing)))
    current = angle + direction * departure
    stations.append((lane_radius(first), current))

    def cross(band: int, towards: int, gap: float) -> tuple[int, float]:
        ring = rings[max(band, towards)]
        turn = 0.0 if end_is_point else 0.15 * ring.spacing  # to the Central Hall: straight in
        before = _ahead(current, gap - direction * turn, direction)
        stations.append((lane_radius(band), before))
        after = before + 2 * direction * turn
        stations.append((lane_radius(towards), after))
        return towards, after

    band = first
    while band != travel:  # the rings crossed near the start
        towards = band + 1 if band < travel else band - 1
        band, current = cross(band, towards, _gap(rings[max(band, towards)], current, direction, skip, False))
    if end_is_point:
        stations.append((0.0, current))
        return stations
    last = i_end if travel >= i_end else i_end - 1
    end_angle = layout.polar[end][1]
    while band != last:  # the rings crossed near the end
        towards = band + 1 if band < last else band - 1
        band, current = cross(band, towards, _gap(rings[max(band, towards)], end_angle, direction, skip, True))
    turn = _offset(rings[i_end], ways[last], lane_radius(last))
    current = _ahead(current, end_angle - direction * turn, direction)
    stations.append((lane_radius(last), current))
    nearest_end = current + ((end_angle - current + math.pi) % (2 * math.pi) - math.pi)
    stations.append((layout.polar[end][0], nearest_end))
    return stations


def _smooth(stations: list[Polar], rounds: int = 3) -> list[Polar]:
    """Chaikin's corner cutting in (radius, angle), both ends kept: the turns become curves."""
    points = stations
    for _ in range(rounds):
        cut = [points[0]]
        for (r1, a1), (r2, a2) in itertools.pairwise(points):
            cut.append((0.75 * r1 + 0.25 * r2, 0.75 * a1 + 0.25 * a2))
            cut.append((0.25 * r1 + 0.75 * r2, 0.25 * a1 + 0.75 * a2))
        cut.append(points[-1])
        points = cut
    return points


def _draw(layout: Layout, stations: list[Polar]) -> list[Point]:
    """The route as a dense polyline: straight in (radius, angle) between points, so it follows the rings."""
    points: list[Point] = [layout.from_polar(*stations[0])]
    for (r1, a1), (r2, a2) in itertools.pairwise(stations):
        arc = abs(a2 - a1) * max(r1, r2) + abs(r2 - r1)
        parts = max(1, math.ceil(arc / DRAW_STEP))
        points.extend(
            layout.from_polar(r1 + (r2 - r1) * i / parts, a1 + (a2 - a1) * i / parts) for i in range(1, parts + 1)
        )
    return points


def _bow(layout: Layout, a: str, b: str, sign: int, share: float) -> list[Point]:
    """A plain bow to one side: the fallback for boards whose halls are not on rings."""
    (x1, y1), (x2, y2) = layout.points[a], layout.points[b]
    span = math.dist((x1, y1), (x2, y2)) or 1.0
    nx, ny = -(y2 - y1) / span, (x2 - x1) / span
    control = ((x1 + x2) / 2 + sign * nx * span * share, (y1 + y2) / 2 + sign * ny * span * share)
    steps = 32
    return [
        (
            (1 - t) ** 2 * x1 + 2 * (1 - t) * t * control[0] + t**2 * x2,
            (1 - t) ** 2 * y1 + 2 * (1 - t) * t * control[1] + t**2 * y2,
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _candidates(layout: Layout, ways: list[Band], key: Corridor, lanes: Sequence[int],
                skips: Sequence[int]) -> Iterator[tuple[list[Point], float]]:
    """Routes for the passage `key`, each with its fixed extra cost; every polyline runs key[0] → key[1]."""
    a, b = key
    start, end = (b, a) if layout.ring_index[a] > layout.ring_index[b] else (a, b)
    for travel in range(len(ways)):
        if ways[travel].half_width <= 0:
            continue
        for direction in (1, -1):
            for lane in lanes:
                for skip in skips:
                    stations = _stations(layout, ways, start, end, travel, direction, lane, skip)
                    if stations is None:
                        continue
                    path = _draw(layout, _smooth(stations))
                    if start != a:
                        path.reverse()
                    yield path, OUTER_BAND_COST if ways[travel].outer else 0.0
    for sign in (1, -1):
        for share in (0.22, 0.45):
            yield _bow(layout, a, b, sign, share), BOW_COST


def _cells(points: Sequence[Point]) -> set[tuple[int, int]]:
    return {(int(x // CELL), int(y // CELL)) for x, y in points}


def _cost(path: list[Point], extra: float, key: Corridor, marked: bool, context: _Context,
          bound: float = math.inf) -> tuple[float, bool]:
    """The route's cost, and whether anything is in its way beyond a little want of room (a hall too
    close, a marker, another passage); stops counting once past `bound`."""
    s = SCALE
    cost = length(path) / s + extra
    blocked = False
    ends = [(x, y, r) for hall, x, y, r in context.halls if hall in key]
    comfort, least = COMFORT * s, PASSAGE_CLEARANCE * s
    marker_room = MARKER_ROOM * s
    near = context.near
    samples = resample(path, SAMPLE)
    cost += _sharp_turns(samples)
    for x, y in samples:
        for hall, hx, hy, hr in near.get((int(x // NEAR_CELL), int(y // NEAR_CELL)), ()):
            if hall in key:
                continue
            room = math.hypot(x - hx, y - hy) - hr
            if room < comfort:
                if room < least:
                    cost += RULED_OUT
                    blocked = True
                else:
                    cost += ((comfort - room) / s) ** 2 * 0.4
        for corridor, (mx, my) in context.markers:
            if corridor != key and abs(x - mx) < marker_room and math.hypot(x - mx, y - my) < marker_room:
                cost += 400.0
                blocked = True
        if (int(x // CELL), int(y // CELL)) in context.occupied and all(
            math.hypot(x - ex, y - ey) > er + 30 * s for ex, ey, er in ends
        ):
            cost += 25.0
            blocked = True
        if cost > bound:
            return cost, blocked
    if marked:  # its own marker must not sit where another corridor crosses it
        (mx, my), _ = along(path, 0.5)
        # (a little only: where it does, the marker moves along the passage to a clear spot)
        if any(abs(mx - px) < marker_room and math.hypot(mx - px, my - py) < marker_room
               for px, py in context.corridor_points):
            cost += 40.0
        if (int(mx // CELL), int(my // CELL)) in context.occupied:
            cost += 40.0
    return cost, blocked


def _sharp_turns(samples: list[Point]) -> float:
    """The cost of hooks and kinks: turning faster than a gentle curve, summed along the route."""
    cost = 0.0
    for (x1, y1), (x2, y2), (x3, y3) in zip(samples, samples[1:], samples[2:], strict=False):
        turn = abs((math.atan2(y3 - y2, x3 - x2) - math.atan2(y2 - y1, x2 - x1) + math.pi) % (2 * math.pi) - math.pi)
        if turn > SHARP_TURN:
            cost += (turn - SHARP_TURN) * 80.0
    return cost


def _near_index(halls: list[HallDisc]) -> dict[tuple[int, int], list[HallDisc]]:
    """Halls by grid cell: each cell lists the halls whose rim is within COMFORT of some point of it."""
    index: dict[tuple[int, int], list[HallDisc]] = {}
    for hall in halls:
        _, x, y, r = hall
        reach = r + COMFORT * SCALE
        for cx in range(int((x - reach) // NEAR_CELL), int((x + reach) // NEAR_CELL) + 1):
            for cy in range(int((y - reach) // NEAR_CELL), int((y + reach) // NEAR_CELL) + 1):
                index.setdefault((cx, cy), []).append(hall)
    return index


@lru_cache(maxsize=256)
def route_passages(board: Board, passages: tuple[Corridor, ...], marked: tuple[Corridor, ...],
                   drawn: tuple[Corridor, ...]) -> dict[Corridor, tuple[Point, ...]]:
    """The drawn path of every passage (canonical keys, in the order given), running key[0] → key[1].

    `marked`: corridors that carry a Lock or Barricade; `drawn`: the ordinary corridors drawn (open
    or removed), whose markers and crossings a route keeps away from."""
    layout = Layout(board)
    ways = bands(layout)
    marked_set = set(marked)
    markers: list[tuple[Corridor, Point]] = []
    corridor_points: list[Point] = []
    for key in drawn:
        path = layout.corridor_path(*key)
        corridor_points.extend(resample(path, 8 * SCALE))
        if key in marked_set:
            markers.append((key, along(path, 0.5)[0]))
    halls = [(hall, *layout.points[hall], layout.radii[hall]) for hall in layout.points]
    context = _Context(halls=halls, markers=markers, corridor_points=corridor_points, near=_near_index(halls))
    routes: dict[Corridor, tuple[Point, ...]] = {}
    for key in passages:
        if key[0] not in layout.points or key[1] not in layout.points or key[0] == key[1]:
            continue
        is_marked = key in marked_set
        best: tuple[float, bool, list[Point]] | None = None
        for path, extra in _candidates(layout, ways, key, lanes=(0,), skips=(0,)):
            cost, blocked = _cost(path, extra, key, is_marked, context, best[0] if best else math.inf)
            if best is None or cost < best[0] - 1e-6:
                best = (cost, blocked, path)
        assert best is not None
        if best[1]:  # something in the way: try the other lanes and gaps
            for path, extra in _candidates(layout, ways, key, lanes=(1, -1, 0), skips=(0, 1)):
                cost, blocked = _cost(path, extra, key, is_marked, context, best[0])
                if cost < best[0] - 1e-6:
                    best = (cost, blocked, path)
        route = best[2]
        routes[key] = tuple(route)
        context.occupied |= _cells(resample(route, CELL / 2))
        context.corridor_points.extend(resample(route, 8 * SCALE))
        if is_marked:
            context.markers.append((key, along(route, 0.5)[0]))
    return routes
