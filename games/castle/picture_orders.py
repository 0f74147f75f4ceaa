"""A round's orders drawn on the Castle board, as the web record's replay shows them: each player's path an
arrow in their colour along the corridors they took (expulsions dashed), and every hall where a skirmish
was fought ringed in red with crossed swords. Pure data in, an overlay for `render_board` out; what it
draws comes from the round's public events (the moves and skirmishes the channel was told), never a state."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from PIL import ImageDraw

from games.castle.board import corridor_key
from games.castle.picture import Overlay, Plan, seat_colour
from games.castle.picture_layout import SCALE, dashes
from games.castle.picture_paint import WHITE, Painter, darker

Point = tuple[float, float]
SKIRMISH = (196, 30, 45)


@dataclass(frozen=True)
class Move:
    seat: int
    halls: list[str]
    expelled: bool = False
    """Thrown out of a hall after a skirmish (drawn dashed), not walked by an order."""


@dataclass(frozen=True)
class Orders:
    moves: list[Move] = field(default_factory=list)
    skirmishes: list[str] = field(default_factory=list)
    """Halls where a skirmish was fought this round."""


def orders_overlay(orders: Orders) -> Overlay:
    """The overlay that draws `orders` (for `render_board(scene, overlay)`)."""

    def draw_orders(paint: Painter, plan: Plan) -> None:
        s, draw = SCALE, paint.draw
        for hall in orders.skirmishes:
            _skirmish(draw, plan, hall)
        seats = sorted({move.seat for move in orders.moves})
        for move in orders.moves:
            points = _route(plan, move.halls)
            if len(points) < 2:
                continue
            spread = (seats.index(move.seat) - (len(seats) - 1) / 2) * 6 * s  # side by side on a shared corridor
            points = _offset(points, spread)
            colour = seat_colour(move.seat)
            pieces = dashes(points, 14 * s, 9 * s) if move.expelled else [points]
            for piece in pieces:
                draw.line(piece, fill=WHITE, width=int(11 * s), joint="curve")
            for piece in pieces:
                draw.line(piece, fill=colour, width=int(6 * s), joint="curve")
            _head(paint, points, colour)

    return draw_orders


def _route(plan: Plan, halls: list[str]) -> list[Point]:
    """The path through `halls` along the drawn corridors (straight where none is drawn), from the edge of
    the first hall to the edge of the last."""
    layout = plan.layout
    halls = [hall for hall in halls if hall in layout.points]
    if len(halls) < 2:
        return []
    points: list[Point] = [layout.points[halls[0]]]
    for a, b in itertools.pairwise(halls):
        key = corridor_key(a, b)
        path = plan.paths.get(key)
        if path is None:
            path = [layout.points[a], layout.points[b]]
        elif key[0] != a:
            path = list(reversed(path))
        points += list(path[1:])
    return _trimmed(points, layout.radius(halls[0]) + 2 * SCALE, layout.radius(halls[-1]) + 4 * SCALE)


def _trimmed(points: list[Point], start: float, end: float) -> list[Point]:
    """`points` without their first `start` and last `end` of length (what lies inside the halls)."""

    def cut(line: list[Point], by: float) -> list[Point]:
        left = by
        for index in range(len(line) - 1):
            p, q = line[index], line[index + 1]
            step = math.dist(p, q)
            if step > left:
                share = left / step if step else 0.0
                return [(p[0] + (q[0] - p[0]) * share, p[1] + (q[1] - p[1]) * share), *line[index + 1:]]
            left -= step
        return line[-1:]

    total = sum(math.dist(p, q) for p, q in itertools.pairwise(points))
    if total <= start + end:
        return points
    forward = cut(points, start)
    return list(reversed(cut(list(reversed(forward)), end)))


def _offset(points: list[Point], distance: float) -> list[Point]:
    """The polyline moved sideways by `distance` (along each point's averaged normal)."""
    if not distance:
        return points
    moved = []
    for index, (x, y) in enumerate(points):
        normals = []
        for a, b in ((index - 1, index), (index, index + 1)):
            if a >= 0 and b < len(points):
                dx, dy = points[b][0] - points[a][0], points[b][1] - points[a][1]
                size = math.hypot(dx, dy) or 1.0
                normals.append((-dy / size, dx / size))
        nx = sum(n[0] for n in normals) / len(normals)
        ny = sum(n[1] for n in normals) / len(normals)
        size = math.hypot(nx, ny) or 1.0
        moved.append((x + nx / size * distance, y + ny / size * distance))
    return moved


def _head(paint: Painter, points: list[Point], colour: tuple[int, int, int]) -> None:
    """An arrowhead at the end of the path."""
    s = SCALE
    (x0, y0), (x1, y1) = points[-2], points[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    length, half = 18 * s, 10 * s
    back = (x1 - length * math.cos(angle), y1 - length * math.sin(angle))
    left = (back[0] + half * math.sin(angle), back[1] - half * math.cos(angle))
    right = (back[0] - half * math.sin(angle), back[1] + half * math.cos(angle))
    paint.polygon([(x1, y1), left, right], colour, WHITE, int(2 * s))


def _skirmish(draw: ImageDraw.ImageDraw, plan: Plan, hall: str) -> None:
    """A red ring around the hall and crossed swords at its upper right."""
    if hall not in plan.layout.points:
        return
    s = SCALE
    x, y = plan.layout.points[hall]
    radius = plan.layout.radius(hall) + 13 * s
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), outline=SKIRMISH, width=int(5 * s))
    cx, cy = x + radius * 0.75, y - radius * 0.75
    size = 11 * s
    draw.ellipse((cx - size - 4 * s, cy - size - 4 * s, cx + size + 4 * s, cy + size + 4 * s), fill=WHITE,
                 outline=SKIRMISH, width=int(2 * s))
    for sign in (1, -1):
        draw.line([(cx - size * 0.8, cy + sign * size * 0.8), (cx + size * 0.8, cy - sign * size * 0.8)],
                  fill=darker(SKIRMISH, 0.8), width=int(3 * s))
