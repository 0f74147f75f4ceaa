"""The Castle board as a picture (PNG bytes) and as plain text for screen readers.

Both are pure functions of a `Scene`: plain data and words already in the viewer's language, built
by the engine from the public view. No I/O besides reading the bundled fonts; the Discord layer runs
`render_board` in a worker thread, offline play writes the bytes to a file. Typical use:

    from functools import partial
    from bot.i18n import t
    scene = Scene(board=default_board(4), title="Castle #12 — round 3: Flame of Udûn",
                  corridors=..., positions={0: "B2", ...}, names=["Alice", ...],
                  shrines={0: "B2", ...}, words=picture_words(partial(t, "ru")))
    png = render_board(scene)
    alt = text_form(scene)

`Scene.words` holds the picture's words (see `ENGLISH_WORDS` for the keys); missing keys fall back
to English. `picture_words(say)` reads them from the catalog as `castle-picture-<key>` messages
(with `_` written as `-`), falling back to English for keys the catalog does not have.

Numbers are always written as "word: n", so no word needs a plural form.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from games.castle.board import Board, Corridor, corridor_key
from games.core import drawing
from games.core.drawing import RGB

Say = Callable[..., str]
"""A translator: say(key, **params) -> text, e.g. functools.partial(bot.i18n.t, "ru")."""

Point = tuple[float, float]

# Okabe–Ito: told apart with every common colour-vision deficiency; the letter on each token helps too.
SEAT_COLOURS: list[RGB] = [
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
    (90, 90, 90),  # grey
]
BACKGROUND: RGB = (250, 248, 243)
FLOOR: RGB = (238, 232, 219)
FLOOR_EDGE: RGB = (214, 204, 184)
HALL: RGB = (255, 253, 247)
HALL_EDGE: RGB = (120, 110, 95)
CORRIDOR: RGB = (150, 140, 122)
REMOVED: RGB = (196, 186, 168)
PASSAGE: RGB = (106, 61, 154)
LOCK: RGB = (178, 24, 43)
BARRICADE: RGB = (240, 160, 0)
GOLD: RGB = (242, 190, 30)
GOLD_EDGE: RGB = (150, 105, 0)
INK: RGB = (40, 38, 36)
SOFT_INK: RGB = (110, 104, 96)
WHITE: RGB = (255, 255, 255)

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
PALETTE_COLOURS = 192
PNG_LEVEL = 6
"""zlib level: `optimize=True` (level 9) saves about 3 KB of 43 and costs 35 ms per picture."""

ENGLISH_WORDS: dict[str, str] = {
    "players": "Players",
    "delivered": "delivered",
    "carried": "carried",
    "shrine": "shrine",
    "artifact": "Artifact",
    "floor": "Artifacts on the floor",
    "lock": "Lock",
    "barricade": "Barricade",
    "passage": "Secret passage",
    "removed": "Removed",
    "locks": "Locks",
    "barricades": "Barricades",
    "passages": "Secret passages",
    "removed_corridors": "Removed corridors",
    "hall": "hall",
}
"""The words a Scene needs, in English; also the fallback for missing keys."""


def picture_words(say: Say) -> dict[str, str]:
    """The picture's words from the message catalog (`castle-picture-players`, …), English where missing."""
    words = {}
    for key, english in ENGLISH_WORDS.items():
        message = f"castle-picture-{key.replace('_', '-')}"
        text = say(message)
        words[key] = english if not text or text == message else text
    return words


@dataclass
class Scene:
    """Everything the picture shows, as plain data and already-translated words.

    Corridors are pairs of hall labels in either order. `corridors` are the ones open now (the
    board's minus the removed ones, plus secret passages); `passages` (also in `corridors`) are drawn
    as dashed purple curves; `removed` are drawn faint and crossed out. Locks and barricades are
    markers on corridors. Seats are 0-based; `names[seat]` is the display name.
    """

    board: Board
    title: str
    corridors: list[Corridor] = field(default_factory=list)
    removed: list[Corridor] = field(default_factory=list)
    passages: list[Corridor] = field(default_factory=list)
    locks: list[Corridor] = field(default_factory=list)
    barricades: list[Corridor] = field(default_factory=list)
    positions: dict[int, str] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    shrines: dict[int, str] = field(default_factory=dict)
    floor: dict[str, int] = field(default_factory=dict)
    carried: dict[int, int] = field(default_factory=dict)
    delivered: dict[int, int] = field(default_factory=dict)
    legend_title: str = ""
    """Heading over the players in the legend; `words["players"]` when empty."""
    words: dict[str, str] = field(default_factory=dict)

    def word(self, key: str) -> str:
        return self.words.get(key) or ENGLISH_WORDS.get(key, key)

    def seats(self) -> list[int]:
        return sorted(set(range(len(self.names))) | set(self.positions) | set(self.shrines))

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) and self.names[seat] else f"#{seat + 1}"


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _hall_sort(board: Board) -> Callable[[str], tuple[int, str]]:
    order = {hall: index for index, hall in enumerate(board.ordered_halls())}
    return lambda hall: (order.get(hall, len(order)), hall)


# --- text form ------------------------------------------------------------------------------
def text_form(scene: Scene, say: Say | None = None) -> str:
    """The board in words, one line each: title, every player (hall, shrine, carried, delivered),
    artifacts on the floor, then each kind of marker. `say` (optional) takes the words from the catalog."""
    if say is not None:
        scene = Scene(**{**scene.__dict__, "words": {**scene.words, **picture_words(say)}})
    word = scene.word
    lines = [scene.title]
    for seat in scene.seats():
        hall = scene.positions.get(seat)
        head = f"{scene.name(seat)}: {word('hall')} {hall}" if hall else scene.name(seat)
        parts = [head]
        if seat in scene.shrines:
            parts.append(f"{word('shrine')}: {scene.shrines[seat]}")
        parts.append(f"{word('carried')}: {scene.carried.get(seat, 0)}")
        parts.append(f"{word('delivered')}: {scene.delivered.get(seat, 0)}")
        lines.append("; ".join(parts) + ".")
    by_order = _hall_sort(scene.board)
    floor = [(hall, count) for hall, count in scene.floor.items() if count > 0]
    if floor:
        shown = ", ".join(f"{hall} ×{count}" for hall, count in sorted(floor, key=lambda item: by_order(item[0])))
        lines.append(f"{word('floor')}: {shown}.")
    for key, corridors in (
        ("locks", scene.locks),
        ("barricades", scene.barricades),
        ("passages", scene.passages),
        ("removed_corridors", scene.removed),
    ):
        if corridors:
            # Each corridor once, its ends and the list in board order: "C–A1, A1–A2".
            ends = {tuple(sorted(corridor_key(a, b), key=by_order)) for a, b in corridors}
            names = [f"{a}–{b}" for a, b in sorted(ends, key=lambda pair: [by_order(h) for h in pair])]
            lines.append(f"{word(key)}: {', '.join(names)}.")
    return "\n".join(lines)


# --- geometry -------------------------------------------------------------------------------
def _angle_gap(a: float, b: float) -> float:
    """Smallest difference between two angles in radians."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _length(points: Sequence[Point]) -> float:
    return sum(math.dist(p, q) for p, q in itertools.pairwise(points))


def _along(points: Sequence[Point], share: float) -> tuple[Point, Point]:
    """The point at `share` of a polyline's length, and the unit direction there."""
    target = _length(points) * share
    for p, q in itertools.pairwise(points):
        step = math.dist(p, q)
        if step and target <= step:
            t = target / step
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), ((q[0] - p[0]) / step, (q[1] - p[1]) / step)
        target -= step
    p, q = points[-2], points[-1]
    step = math.dist(p, q) or 1.0
    return q, ((q[0] - p[0]) / step, (q[1] - p[1]) / step)


def _dashes(points: Sequence[Point], dash: float, gap: float) -> list[list[Point]]:
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


class _Geometry:
    """Board coordinates to canvas pixels (at SCALE), and the path each corridor takes."""

    def __init__(self, board: Board) -> None:
        self.board = board
        s = SCALE
        self.centre = (BOARD_CENTRE[0] * s, BOARD_CENTRE[1] * s)
        self.unit = BOARD_UNIT * s
        self.points = {hall.id: self.at(hall.x, hall.y) for hall in board.halls}
        ring_sizes: dict[int, int] = {}
        for hall in board.halls:
            ring_sizes[hall.ring] = ring_sizes.get(hall.ring, 0) + 1
        self.ring_sizes = ring_sizes

    def at(self, x: float, y: float) -> Point:
        return (self.centre[0] + x * self.unit, self.centre[1] + y * self.unit)

    def radius(self, hall: str) -> float:
        return (CENTRE_R if hall == self.board.centre else HALL_R) * SCALE

    def _polar(self, hall: str) -> tuple[float, float]:
        x, y = self.points[hall]
        return math.hypot(x - self.centre[0], y - self.centre[1]), math.atan2(y - self.centre[1], x - self.centre[0])

    def straight_or_arc(self, a: str, b: str) -> list[Point]:
        """Neighbours on one ring follow the ring's circle; anything else is a straight line."""
        ra, ta = self._polar(a)
        rb, tb = self._polar(b)
        ring_a, ring_b = self.board.ring_of(a), self.board.ring_of(b)
        gap = (tb - ta + math.pi) % (2 * math.pi) - math.pi
        if ring_a == ring_b and ring_a > 0 and abs(ra - rb) < 2 and 0 < abs(gap) < math.pi * 0.6:
            steps = max(6, int(abs(gap) * ra / (8 * SCALE)))
            return [
                (
                    self.centre[0] + ra * math.cos(ta + gap * i / steps),
                    self.centre[1] + ra * math.sin(ta + gap * i / steps),
                )
                for i in range(steps + 1)
            ]
        return [self.points[a], self.points[b]]

    def curve(self, a: str, b: str) -> list[Point]:
        """A secret passage: a bow to whichever side keeps further from other halls."""
        (x1, y1), (x2, y2) = self.points[a], self.points[b]
        length = math.dist((x1, y1), (x2, y2)) or 1.0
        nx, ny = -(y2 - y1) / length, (x2 - x1) / length
        bow = min(0.28 * length, 70 * SCALE)
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
        others = [p for hall, p in self.points.items() if hall not in (a, b)]

        def clearance(sign: int) -> float:
            top = (mid[0] + sign * nx * bow / 2, mid[1] + sign * ny * bow / 2)
            return min((math.dist(top, p) for p in others), default=0.0)

        sign = 1 if clearance(1) >= clearance(-1) else -1
        control = (mid[0] + sign * nx * bow, mid[1] + sign * ny * bow)
        steps = 24
        return [
            (
                (1 - t) ** 2 * x1 + 2 * (1 - t) * t * control[0] + t**2 * x2,
                (1 - t) ** 2 * y1 + 2 * (1 - t) * t * control[1] + t**2 * y2,
            )
            for t in (i / steps for i in range(steps + 1))
        ]


def _slots(count: int, away: Sequence[float], spread: float, outward: float | None) -> list[float]:
    """Angles around a hall for `count` items, side by side `spread` apart, turned to keep clear of
    the corridors leaving at the angles in `away` and, on the rim of the castle, to face outward."""
    if count == 0:
        return []
    best: tuple[float, list[float]] | None = None
    for step in range(72):
        start = math.radians(step * 5)
        angles = [start + (i - (count - 1) / 2) * spread for i in range(count)]
        cost = 0.0
        for angle in angles:
            for corridor in away:
                gap = _angle_gap(angle, corridor)
                if gap < math.radians(38):
                    cost += (math.radians(38) - gap) ** 2 * 10
            if outward is not None:
                cost += _angle_gap(angle, outward) * 0.05
            else:
                cost += _angle_gap(angle, math.radians(60)) * 0.02  # inner halls: lower right first
        if best is None or cost < best[0] - 1e-9:
            best = (cost, angles)
    assert best is not None
    return best[1]


# --- drawing --------------------------------------------------------------------------------
def _tint(rgb: RGB, amount: float) -> RGB:
    return (
        int(rgb[0] + (255 - rgb[0]) * amount),
        int(rgb[1] + (255 - rgb[1]) * amount),
        int(rgb[2] + (255 - rgb[2]) * amount),
    )


def _darker(rgb: RGB, factor: float = 0.65) -> RGB:
    return (int(rgb[0] * factor), int(rgb[1] * factor), int(rgb[2] * factor))


def initials(names: Sequence[str]) -> list[str]:
    """One letter per player, upper case; players who share a first letter get a second letter,
    taken at the first position where their names differ (Anna, Andrei → "An", "Ad")."""
    letters = ["".join(ch for ch in name if ch.isalnum()) for name in names]
    result = [(clean[:1] or str(seat + 1)).upper() for seat, clean in enumerate(letters)]
    groups: dict[str, list[int]] = {}
    for seat, first in enumerate(result):
        groups.setdefault(first, []).append(seat)
    for first, seats in groups.items():
        if len(seats) < 2:
            continue
        longest = max(len(letters[seat]) for seat in seats)
        for position in range(1, longest):
            tries = [first + (letters[seat][position : position + 1] or "·").lower() for seat in seats]
            if len(set(tries)) == len(tries):
                break
        else:
            tries = [f"{first}{seat + 1}" for seat in seats]  # same names: the seat number tells them apart
        for seat, text in zip(seats, tries, strict=True):
            result[seat] = text
    return result


def _fit(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """The text, cut with an ellipsis to fit `width`."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


class _Painter:
    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw
        self.s = SCALE

    def circle(
        self, centre: Point, radius: float, fill: RGB | None, outline: RGB | None = None, width: float = 0
    ) -> None:
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=round(width)
        )

    def polyline(self, points: Sequence[Point], fill: RGB, width: float) -> None:
        self.draw.line(list(points), fill=fill, width=round(width), joint="curve")

    def gem(self, centre: Point, size: float) -> None:
        """A cut gem: a crown over a pointed pavilion, gold with a darker rim and two facets."""
        x, y = centre
        w, top, girdle, bottom = size, -size * 0.62, -size * 0.12, size * 0.85
        outline = [
            (x - w * 0.55, y + top),
            (x + w * 0.55, y + top),
            (x + w, y + girdle),
            (x, y + bottom),
            (x - w, y + girdle),
        ]
        self.draw.polygon(outline, fill=GOLD, outline=GOLD_EDGE, width=max(1, round(size / 5)))
        facet = max(1, round(size / 8))
        self.draw.line([(x - w, y + girdle), (x + w, y + girdle)], fill=GOLD_EDGE, width=facet)
        self.draw.line(
            [(x - w * 0.3, y + girdle), (x, y + bottom), (x + w * 0.3, y + girdle)], fill=GOLD_EDGE, width=facet
        )
        self.draw.polygon(
            [(x - w * 0.45, y + top + size * 0.1), (x - w * 0.1, y + top + size * 0.1), (x - w * 0.3, y + girdle)],
            fill=(255, 236, 150),
        )

    def padlock(self, centre: Point, size: float) -> None:
        """A padlock on a white disc: the Lock marker."""
        x, y = centre
        self.circle(centre, size * 1.15, WHITE, LOCK, size * 0.14)
        body_w, body_h = size * 1.1, size * 0.8
        shackle = size * 0.38
        self.draw.arc(
            (x - shackle, y - size * 0.8, x + shackle, y - size * 0.8 + 2 * shackle),
            180,
            360,
            fill=LOCK,
            width=round(size * 0.18),
        )
        for side in (-1, 1):
            self.draw.line(
                [(x + side * shackle, y - size * 0.8 + shackle), (x + side * shackle, y - size * 0.05)],
                fill=LOCK,
                width=round(size * 0.18),
            )
        self.draw.rounded_rectangle(
            (x - body_w / 2, y - size * 0.1, x + body_w / 2, y - size * 0.1 + body_h), radius=size * 0.15, fill=LOCK
        )
        self.circle((x, y + size * 0.25), size * 0.12, WHITE)

    def barricade(self, centre: Point, direction: Point, size: float) -> None:
        """An orange bar across the corridor with black hazard stripes: the Barricade marker."""
        x, y = centre
        ux, uy = direction
        vx, vy = -uy, ux
        half_long, half_thick = size * 1.25, size * 0.45

        def at(u: float, v: float) -> Point:
            return (x + ux * u + vx * v, y + uy * u + vy * v)

        corners = [
            at(-half_thick, -half_long),
            at(half_thick, -half_long),
            at(half_thick, half_long),
            at(-half_thick, half_long),
        ]
        self.draw.polygon(corners, fill=BARRICADE)
        stripe = half_long / 2.5
        v = -half_long
        while v < half_long:
            # A slanted black stripe, clipped to the bar.
            a, b = v, min(v + stripe * 0.55, half_long)
            c, d = max(v - stripe * 0.4, -half_long), min(v + stripe * 0.15, half_long)
            self.draw.polygon([at(-half_thick, a), at(-half_thick, b), at(half_thick, d), at(half_thick, c)], fill=INK)
            v += stripe
        self.draw.polygon(corners, outline=INK, width=max(1, round(size * 0.12)))
        for end in (-1, 1):  # the two feet of the trestle
            self.circle(at(0, end * half_long), size * 0.22, INK)

    def cross(self, centre: Point, size: float, colour: RGB, width: float) -> None:
        x, y = centre
        self.circle(centre, size * 1.3, BACKGROUND)
        self.draw.line([(x - size, y - size), (x + size, y + size)], fill=colour, width=round(width))
        self.draw.line([(x - size, y + size), (x + size, y - size)], fill=colour, width=round(width))

    def token(self, centre: Point, radius: float, colour: RGB, letters: str) -> None:
        self.circle((centre[0], centre[1] + radius * 0.12), radius * 1.04, _darker(colour, 0.45))  # a little shadow
        self.circle(centre, radius, colour, WHITE, radius * 0.16)
        size = int(radius * (1.15 if len(letters) == 1 else 0.88))
        self.draw.text(centre, letters, font=drawing.font(True, size), fill=drawing.text_colour(colour), anchor="mm")

    def badge(self, centre: Point, radius: float, count: int, outward: float) -> None:
        """A small gem on a white disc: artifacts carried by a player (with the number when 2 or more)."""
        self.circle(centre, radius, WHITE, GOLD_EDGE, max(1, radius * 0.14))
        self.gem((centre[0], centre[1] - radius * 0.05), radius * 0.62)
        if count > 1:
            self.draw.text(
                (centre[0] + radius * 1.7 * math.cos(outward), centre[1] + radius * 1.7 * math.sin(outward)),
                str(count),
                font=drawing.font(True, round(radius * 1.35)),
                fill=INK,
                anchor="mm",
                stroke_width=max(1, round(radius * 0.22)),
                stroke_fill=WHITE,
            )


def _marker_kinds(scene: Scene) -> dict[Corridor, list[str]]:
    kinds: dict[Corridor, list[str]] = {}
    for kind, corridors in (("lock", scene.locks), ("barricade", scene.barricades)):
        for a, b in corridors:
            key = corridor_key(a, b)
            if kind not in kinds.setdefault(key, []):
                kinds[key].append(kind)
    return kinds


def render_board(scene: Scene) -> bytes:
    """PNG bytes, about 900×1000: the title, the castle with its markers, players and artifacts,
    and a legend of the players (colour, name, delivered, carried) and of the marker symbols."""
    s = SCALE
    board = scene.board
    geometry = _Geometry(board)
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), BACKGROUND)
    draw = ImageDraw.Draw(image)
    paint = _Painter(draw)

    # The castle floor: a stone disc behind the rings.
    floor_r = (0.9 * BOARD_UNIT + HALL_R + 34) * s
    paint.circle(geometry.centre, floor_r, FLOOR, FLOOR_EDGE, 3 * s)

    # Corridors: removed ones faint and crossed, open ones solid, secret passages dashed curves.
    passages = {corridor_key(a, b) for a, b in scene.passages}
    removed = {corridor_key(a, b) for a, b in scene.removed} - passages
    open_now = {corridor_key(a, b) for a, b in scene.corridors} - removed
    markers = _marker_kinds(scene)
    paths: dict[Corridor, list[Point]] = {}
    for key in sorted(removed | open_now | passages | set(markers)):
        if key[0] not in geometry.points or key[1] not in geometry.points:
            continue
        paths[key] = geometry.curve(*key) if key in passages else geometry.straight_or_arc(*key)
    for key in sorted(removed):
        if key in paths:
            for piece in _dashes(paths[key], 4 * s, 9 * s):
                paint.polyline(piece, REMOVED, 3 * s)
    for key in sorted(open_now - passages):
        if key in paths:
            paint.polyline(paths[key], CORRIDOR, 7 * s)
    for key in sorted(passages):
        if key in paths:
            for piece in _dashes(paths[key], 15 * s, 9 * s):
                paint.polyline(piece, PASSAGE, 6 * s)
    for key in sorted(removed):
        if key in paths:
            paint.cross(_along(paths[key], 0.5)[0], 6 * s, (170, 60, 60), 3 * s)
    for key, kinds in sorted(markers.items()):
        if key not in paths:
            continue
        shares = [0.5] if len(kinds) == 1 else [0.38, 0.62]
        for kind, share in zip(kinds, shares, strict=False):
            point, direction = _along(paths[key], share)
            if kind == "lock":
                paint.padlock(point, 14 * s)
            else:
                paint.barricade(point, direction, 14 * s)

    # Which way corridors leave each hall, so tokens and gems sit between them.
    leaving: dict[str, list[float]] = {hall.id: [] for hall in board.halls}
    for key, points in paths.items():
        if key in removed:
            continue
        for end, (p, q) in ((key[0], points[:2]), (key[1], points[-1:-3:-1])):
            leaving[end].append(math.atan2(q[1] - p[1], q[0] - p[0]))

    # Halls, with shrines ringed in their owners' colours.
    owners: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.shrines.items()):
        owners.setdefault(hall, []).append(seat)
    label_font = drawing.font(True, 14 * s)
    centre_font = drawing.font(True, 17 * s)
    for hall in board.halls:
        point = geometry.points[hall.id]
        radius = geometry.radius(hall.id)
        seats = owners.get(hall.id, [])
        if seats:
            fill = _tint(seat_colour(seats[0]), 0.72)
            paint.circle(point, radius + 7 * s, WHITE)
            sweep = 360 / len(seats)
            for index, seat in enumerate(seats):
                box = (
                    point[0] - radius - 6 * s,
                    point[1] - radius - 6 * s,
                    point[0] + radius + 6 * s,
                    point[1] + radius + 6 * s,
                )
                draw.arc(box, -90 + index * sweep, -90 + (index + 1) * sweep, fill=seat_colour(seat), width=8 * s)
            paint.circle(point, radius - 2 * s, fill, _darker(seat_colour(seats[0]), 0.8), 2 * s)
            ink = _darker(seat_colour(seats[0]), 0.55)
        else:
            paint.circle(point, radius, HALL, HALL_EDGE, 3 * s)
            ink = INK
        font = centre_font if hall.id == board.centre else label_font
        draw.text(point, hall.id, font=font, fill=ink, anchor="mm")

    # Players and artifacts on the floor, side by side around their hall.
    letters = initials([scene.name(seat) for seat in range(max(scene.seats(), default=-1) + 1)])
    present: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.positions.items()):
        if hall in geometry.points:
            present.setdefault(hall, []).append(seat)
    count_font = drawing.font(True, 14 * s)
    for hall in board.ordered_halls():
        seats = present.get(hall, [])
        gems = scene.floor.get(hall, 0)
        items: list[int | None] = [*seats, *([None] if gems > 0 else [])]
        if not items:
            continue
        point = geometry.points[hall]
        radius = geometry.radius(hall)
        # Past the coloured ring on a shrine, so the token does not hide it.
        distance = radius + (12 if hall in owners else 7) * s
        touching = 2 * math.asin(min(1.0, (TOKEN_R + 2) * s / distance))
        spread = max(touching, min(2 * math.pi / len(items), touching * 1.3))  # some air when there is room
        outward = None
        if board.ring_of(hall) == max(geometry.ring_sizes):
            outward = math.atan2(point[1] - geometry.centre[1], point[0] - geometry.centre[0])
        angles = _slots(len(items), leaving[hall], spread, outward)
        for item, angle in zip(items, angles, strict=True):
            spot = (point[0] + distance * math.cos(angle), point[1] + distance * math.sin(angle))
            if item is None:
                paint.circle(spot, (TOKEN_R - 1) * s, WHITE, GOLD_EDGE, 2 * s)
                paint.gem(spot, 10 * s)
                if gems > 1:
                    draw.text(
                        (spot[0] + 13 * s, spot[1] + 11 * s),
                        f"{gems}",
                        font=count_font,
                        fill=INK,
                        anchor="mm",
                        stroke_width=2 * s,
                        stroke_fill=WHITE,
                    )
                continue
            paint.token(spot, TOKEN_R * s, seat_colour(item), letters[item])
            carried = scene.carried.get(item, 0)
            if carried > 0:
                # On the token's outer side, away from the hall and from the tokens beside it.
                reach = (TOKEN_R + 1) * s
                badge_at = (spot[0] + reach * math.cos(angle), spot[1] + reach * math.sin(angle))
                paint.badge(badge_at, 10 * s, carried, angle)

    _draw_title(draw, scene.title)
    _draw_legend(draw, paint, scene, letters)

    image = image.reduce(SCALE)
    # A palette keeps the file small; no dithering, so the result is the same bytes every time.
    image = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


def _draw_title(draw: ImageDraw.ImageDraw, title: str) -> None:
    s = SCALE
    width = (WIDTH - 48) * s
    size = 26
    while size > 15 and drawing.font(True, size * s).getlength(title) > width:
        size -= 1
    font = drawing.font(True, size * s)
    draw.text((24 * s, TITLE_H / 2 * s + 4 * s), _fit(title, font, width), font=font, fill=INK, anchor="lm")


def _draw_legend(draw: ImageDraw.ImageDraw, paint: _Painter, scene: Scene, letters: Sequence[str]) -> None:
    s = SCALE
    top = LEGEND_TOP * s
    draw.line([(24 * s, top), ((WIDTH - 24) * s, top)], fill=FLOOR_EDGE, width=2 * s)
    head = drawing.font(True, 16 * s)
    text = drawing.font(False, 15 * s)
    bold = drawing.font(True, 16 * s)
    number = drawing.font(True, 16 * s)
    seats = scene.seats()
    players_right = 585 * s
    draw.text((24 * s, top + 12 * s), scene.legend_title or scene.word("players"), font=head, fill=SOFT_INK)

    row_h = 34 * s if len(seats) <= 4 else max(18, 136 // max(len(seats), 1)) * s
    small = drawing.font(False, 13 * s)
    gap = 18 * s
    shrine_w = 20 * s + max((small.getlength(hall) for hall in scene.shrines.values()), default=0)
    delivered_w = text.getlength(f"{scene.word('delivered')}:") + 26 * s
    carried_w = 16 * s + text.getlength(f"{scene.word('carried')}:") + 26 * s
    room = players_right - 62 * s - shrine_w - delivered_w - carried_w - 3 * gap - 10 * s
    name_w = min(room, max((bold.getlength(scene.name(seat)) for seat in seats), default=0))
    for row, seat in enumerate(seats):
        y = top + 52 * s + row * row_h
        colour = seat_colour(seat)
        paint.token((40 * s, y), 14 * s, colour, letters[seat] if seat < len(letters) else str(seat + 1))
        x = 62 * s
        draw.text((x, y), _fit(scene.name(seat), bold, name_w), font=bold, fill=_darker(colour, 0.8), anchor="lm")
        x += name_w + gap
        shrine = scene.shrines.get(seat)
        if shrine:  # a small shrine ring, as on the board, and its hall
            paint.circle((x + 7 * s, y), 7 * s, _tint(colour, 0.72), colour, 3 * s)
            draw.text((x + 18 * s, y), shrine, font=small, fill=SOFT_INK, anchor="lm")
        x += shrine_w + gap
        draw.text((x, y), f"{scene.word('delivered')}:", font=text, fill=SOFT_INK, anchor="lm")
        draw.text((x + delivered_w, y), str(scene.delivered.get(seat, 0)), font=number, fill=INK, anchor="rm")
        x += delivered_w + gap
        paint.gem((x + 6 * s, y), 7 * s)
        draw.text((x + 16 * s, y), f"{scene.word('carried')}:", font=text, fill=SOFT_INK, anchor="lm")
        draw.text((x + carried_w, y), str(scene.carried.get(seat, 0)), font=number, fill=INK, anchor="rm")

    # The key to the symbols, in a column on the right.
    x0 = players_right + 22 * s
    draw.line([(players_right, top + 14 * s), (players_right, (HEIGHT - 16) * s)], fill=FLOOR_EDGE, width=s)
    entries = ["lock", "barricade", "passage", "removed", "artifact"]
    key_w = (WIDTH - 24) * s - (x0 + 50 * s)
    for row, kind in enumerate(entries):
        y = top + 24 * s + row * 33 * s
        mid = (x0 + 22 * s, y)
        if kind == "lock":
            draw.line([(x0, y), (x0 + 44 * s, y)], fill=CORRIDOR, width=6 * s)
            paint.padlock(mid, 10 * s)
        elif kind == "barricade":
            draw.line([(x0, y), (x0 + 44 * s, y)], fill=CORRIDOR, width=6 * s)
            paint.barricade(mid, (1.0, 0.0), 10 * s)
        elif kind == "passage":
            points = [(x0 + i * 2 * s, y + math.sin(i / 22 * math.pi) * -8 * s) for i in range(23)]
            for piece in _dashes(points, 12 * s, 7 * s):
                paint.polyline(piece, PASSAGE, 5 * s)
        elif kind == "removed":
            for piece in _dashes([(x0, y), (x0 + 44 * s, y)], 4 * s, 8 * s):
                paint.polyline(piece, REMOVED, 3 * s)
            paint.cross(mid, 5 * s, (170, 60, 60), 3 * s)
        else:
            paint.gem(mid, 10 * s)
        draw.text((x0 + 56 * s, y), _fit(scene.word(kind), bold, key_w), font=text, fill=INK, anchor="lm")


def scene_from_markers(
    board: Board,
    title: str,
    *,
    removed: Iterable[Corridor] = (),
    passages: Iterable[Corridor] = (),
    **rest: object,
) -> Scene:
    """A Scene whose open corridors are the board's minus `removed` plus `passages` (a convenience
    for callers that keep only the changes)."""
    gone = {corridor_key(a, b) for a, b in removed}
    extra = [corridor_key(a, b) for a, b in passages]
    corridors = [c for c in board.corridors if corridor_key(*c) not in gone] + extra
    return Scene(board=board, title=title, corridors=corridors, removed=list(gone), passages=extra, **rest)  # type: ignore[arg-type]
