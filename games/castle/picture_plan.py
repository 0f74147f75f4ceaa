"""Where everything of a Castle scene goes, decided before anything is painted.

- The board's own corridors are lines (a fallen one faint, crossed out at its middle).
- A Secret passage is a pair of portal marks, one beside each of its halls, with the same colour and
  number ("⇄3"), never a line across the board. Only a short passage between neighbours on the same
  or adjacent rings is a line, and only where that line passes no other hall and crosses no other
  line (`line_passages`).
- Each Lock or Barricade sits on its own corridor, on the middle when there is room, else further
  along it, else beside it with a leader to the corridor: wherever it sits, the point it marks is
  nearer its own corridor than any other. A marker of a passage drawn as portals is drawn on both
  portal marks.
- Players' tokens, artifacts on the floor and portal marks sit round their hall, nearer it than any
  other hall; a hall's portal marks side by side in one strip.
No two of these (halls, markers with their rounds, tokens with what they carry, artifacts, portal
marks, the crosses of fallen corridors) overlap (`Room`).

The plan is plain data in canvas pixels at SCALE, so tests check what the picture promises.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from games.castle.board import Corridor, corridor_key
from games.castle.picture_layout import (
    LEGEND_TOP,
    SCALE,
    TITLE_H,
    TOKEN_R,
    WIDTH,
    Layout,
    Point,
    along,
    length,
    path_distance,
)
from games.castle.picture_markers import MarkerKind, MarkerSpot, corridor_name, place_markers
from games.castle.picture_model import Scene, initials
from games.castle.picture_place import Label, Lines, Placed, Room, Thing
from games.core import drawing

PASSAGE_CLEARANCE = 14
"""The least room (px at 1×) between a passage drawn as a line and the rim of any hall it does not join."""
LINE_REACH = 1.25
"""A passage drawn as a line is at most this many times as long as the board's longest corridor."""
PORTAL_H = 12
"""Half the height (px at 1×) of a portal mark."""
PORTAL_FONT = 15
"""The size (px at 1×) of a portal mark's "⇄3"."""
PORTAL_PAD = 8
"""Air (px at 1×) either side of a portal mark's "⇄3"."""
PORTAL_CELL = 24
"""The width (px at 1×) of a marker drawn on a portal mark."""
PORTAL_END = 5
"""Air (px at 1×) after the last marker of a portal mark."""


@dataclass(frozen=True)
class PortalSpot:
    """One end of a secret passage drawn as portals: a mark beside `hall` saying "⇄number", in the
    passage's colour, with the passage's markers (kind, rounds left) on it."""

    passage: Corridor
    hall: str
    number: int
    centre: Point
    half: Point
    """Half the mark's width and height."""
    markers: tuple[tuple[MarkerKind, int | None], ...]
    tied: bool = False
    """Set further out than beside its hall: a thin line in the passage's colour ties it to the hall."""


@dataclass(frozen=True)
class TokenSpot:
    seat: int
    hall: str
    centre: Point
    angle: float
    """Where the token sits round its hall (radians from the hall's centre)."""
    letters: str
    carried: int
    tied: bool = False
    """Set further out than beside its hall: a thin line ties it to the hall."""


@dataclass(frozen=True)
class GemSpot:
    hall: str
    centre: Point
    count: int
    tied: bool = False


@dataclass
class Plan:
    layout: Layout
    paths: dict[Corridor, list[Point]]
    """Every corridor drawn as a line (open, fallen, or a passage drawn as a line), key[0] → key[1]."""
    open_now: set[Corridor]
    removed: set[Corridor]
    """Fallen corridors of the board, drawn faint and crossed out (a fallen passage is not drawn)."""
    passages: set[Corridor]
    lines: set[Corridor] = field(default_factory=set)
    """The passages drawn as lines; every other passage is a pair of portal marks."""
    numbers: dict[Corridor, int] = field(default_factory=dict)
    """Each portal passage's number, 1, 2, … in the order the passages were opened."""
    portals: list[PortalSpot] = field(default_factory=list)
    markers: list[MarkerSpot] = field(default_factory=list)
    tokens: list[TokenSpot] = field(default_factory=list)
    gems: list[GemSpot] = field(default_factory=list)
    letters: list[str] = field(default_factory=list)
    owners: dict[str, list[int]] = field(default_factory=dict)
    """Shrine hall → the seats whose shrine it is."""
    labels: list[Label] = field(default_factory=list)
    """What every drawn thing covers; no two things' labels overlap."""


def hall_label(layout: Layout, hall: str, owners: dict[str, list[int]]) -> float:
    """The radius a hall takes: its disc, and on a shrine the coloured ring round it."""
    return layout.radius(hall) + (10 if hall in owners else 2) * SCALE


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


def line_passages(layout: Layout, passages: list[Corridor], drawn: dict[Corridor, list[Point]]) -> set[Corridor]:
    """The passages short enough to be lines: halls on the same or adjacent rings, no longer than
    LINE_REACH times the board's longest corridor, passing no other hall by less than
    PASSAGE_CLEARANCE and crossing no line drawn (the board's corridors, lines chosen before).
    `drawn` gets their paths."""
    board = layout.board
    longest = max((length(layout.corridor_path(a, b)) for a, b in board.corridors), default=0.0)
    chosen: set[Corridor] = set()
    for key in passages:
        a, b = key
        if abs(board.ring_of(a) - board.ring_of(b)) > 1:
            continue
        path = layout.corridor_path(a, b)
        if length(path) > LINE_REACH * longest:
            continue
        if any(path_distance(point, path) - layout.radii[hall] < PASSAGE_CLEARANCE * SCALE
               for hall, point in layout.points.items() if hall not in key):
            continue
        lines = Lines()
        for other, points in drawn.items():
            if not set(other) & set(key):  # lines from the same hall meet there: not a crossing
                lines.add(corridor_name(other), points)
        if any(lines.crossed(p, q) for p, q in itertools.pairwise(path)):
            continue
        chosen.add(key)
        drawn[key] = path
    return chosen


# --- things beside halls -------------------------------------------------------------------------
def _token(seat: int, carried: int) -> Thing:
    radius = (TOKEN_R + 3) * SCALE  # the disc, its shadow and some air
    owner = f"token {seat}"

    def labels(spot: Point, angle: float) -> list[Label]:
        found = [Label("token", owner, spot, radius)]
        if carried:
            reach = (TOKEN_R + 1) * SCALE
            badge = (spot[0] + reach * math.cos(angle), spot[1] + reach * math.sin(angle))
            found.append(Label("carried", owner, badge, 11 * SCALE))
            if carried > 1:
                far = reach + 17 * SCALE
                found.append(Label("carried", owner, (spot[0] + far * math.cos(angle), spot[1] + far * math.sin(angle)),
                                   7 * SCALE))
        return found

    return Thing(labels=labels, size=radius + (28 * SCALE if carried > 1 else 0))


def _gem(hall: str, count: int) -> Thing:
    radius = (TOKEN_R + 1) * SCALE
    owner = f"artifacts {hall}"

    def labels(spot: Point, _angle: float) -> list[Label]:
        found = [Label("artifact", owner, spot, radius)]
        if count > 1:
            found.append(Label("artifact", owner, (spot[0] + 13 * SCALE, spot[1] + 11 * SCALE), 7 * SCALE))
        return found

    return Thing(labels=labels, size=radius)


def portal_text(number: int) -> str:
    return f"⇄{number}"


def portal_half(number: int, markers: int) -> Point:
    """Half the size of a portal mark: "⇄" and the number with some air, then a cell per marker."""
    text = drawing.font(True, PORTAL_FONT * SCALE).getlength(portal_text(number))
    cells = (PORTAL_CELL * markers + PORTAL_END) * SCALE if markers else 0
    return ((text + 2 * PORTAL_PAD * SCALE + cells) / 2, PORTAL_H * SCALE)


def _portal(layout: Layout, key: Corridor, hall: str, half: Point) -> Thing:
    """A portal mark beside `hall`, leaning towards the passage's other end."""
    hx, hy = half
    here, there = layout.points[hall], layout.points[key[1] if key[0] == hall else key[0]]
    label = partial(Label, "portal", f"portal {key[0]}–{key[1]} {hall}", rx=hx, ry=hy, rounded=True)
    return Thing(labels=lambda spot, _angle: [label(centre=spot)], size=max(hx, hy),
                 toward=math.atan2(there[1] - here[1], there[0] - here[0]), off_lines=True)


def _portal_strip(hall: str, halves: list[Point],
                  belongs: Callable[[Point], bool]) -> tuple[Thing, list[float], Callable[[Point], bool]]:
    """A hall's portal marks side by side in one strip: the strip to place, each mark's offset from
    its centre, and where the strip reads as this hall's (every mark of it)."""
    gap = 3 * SCALE
    width = sum(2 * hx for hx, _ in halves) + gap * (len(halves) - 1)
    hy = max(h for _, h in halves)
    offsets, left = [], -width / 2
    for hx, _ in halves:
        offsets.append(left + hx)
        left += 2 * hx + gap
    thing = Thing(labels=lambda spot, _angle: [Label("portal", f"portals {hall}", spot, width / 2, hy, rounded=True)],
                  size=max(width / 2, hy), off_lines=True)
    return thing, offsets, lambda spot: all(belongs((spot[0] + dx, spot[1])) for dx in offsets)


def _leaving(plan: Plan) -> dict[str, list[float]]:
    """Angles round each hall taken by the lines leaving it, so things beside it sit between them."""
    leaving: dict[str, list[float]] = {hall: [] for hall in plan.layout.points}
    for key, points in plan.paths.items():
        if len(points) < 2:
            continue
        for end, (p, q) in ((key[0], points[:2]), (key[1], points[-1:-3:-1])):
            leaving[end].append(math.atan2(q[1] - p[1], q[0] - p[0]))
    return leaving


def _belongs(plan: Plan, hall: str) -> Callable[[Point], bool]:
    """Whether a spot reads as beside `hall`: nearer its rim than any other hall's, with room to spare."""
    layout = plan.layout
    point, radius = layout.points[hall], layout.radius(hall)
    others = [(there, layout.radius(h)) for h, there in layout.points.items()
              if h != hall and math.dist(there, point) < 320 * SCALE]  # a spot beside it is never farther

    def belongs(spot: Point) -> bool:
        mine = math.dist(spot, point) - radius
        return all(math.dist(spot, there) - rim > mine + 4 * SCALE for there, rim in others)

    return belongs


def _outward(plan: Plan, hall: str) -> float | None:
    layout = plan.layout
    if layout.board.ring_of(hall) != layout.outer_ring or hall == layout.board.centre:
        return None
    point = layout.points[hall]
    return math.atan2(point[1] - layout.centre[1], point[0] - layout.centre[0])


def _beside_halls(scene: Scene, plan: Plan, room: Room, lines: Lines, kinds: dict[Corridor, list[MarkerKind]]) -> None:
    """Players and artifacts round their halls first, then the portal marks (off the lines where they can be)."""
    layout = plan.layout
    leaving = _leaving(plan)
    present: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.positions.items()):
        if hall in layout.points:
            present.setdefault(hall, []).append(seat)
    ends: dict[str, list[Corridor]] = {}
    for key in sorted(plan.numbers, key=plan.numbers.__getitem__):
        for hall in key:
            if hall in layout.points:
                ends.setdefault(hall, []).append(key)

    def rim(hall: str) -> float:
        return hall_label(layout, hall, plan.owners)

    for hall in layout.board.ordered_halls():
        seats = present.get(hall, [])
        count = scene.floor.get(hall, 0)
        things = [_token(seat, scene.carried.get(seat, 0)) for seat in seats]
        if count > 0:
            things.append(_gem(hall, count))
        if not things:
            continue
        spots = room.around(layout.points[hall], rim(hall), things, leaving[hall], _outward(plan, hall),
                            _belongs(plan, hall))
        for seat, placed in zip(seats, spots, strict=False):
            letters = plan.letters[seat] if seat < len(plan.letters) else str(seat + 1)
            plan.tokens.append(TokenSpot(seat, hall, placed.centre, placed.angle, letters, scene.carried.get(seat, 0),
                                         placed.orbit > 0))
        if count > 0:
            plan.gems.append(GemSpot(hall, spots[-1].centre, count, spots[-1].orbit > 0))
    for hall in layout.board.ordered_halls():
        keys = ends.get(hall, [])
        if not keys:
            continue
        halves = [portal_half(plan.numbers[key], len(kinds.get(key, []))) for key in keys]

        def place(things: list[Thing], belongs: Callable[[Point], bool], hall: str = hall) -> list[Placed]:
            return room.around(layout.points[hall], rim(hall), things, leaving[hall], _outward(plan, hall), belongs,
                               lines)

        spots = _portals(room, layout, hall, keys, halves, place, _belongs(plan, hall))
        for key, half, spot in zip(keys, halves, spots, strict=True):
            markers = tuple((kind, _rounds(scene, kind, key)) for kind in kinds.get(key, []))
            plan.portals.append(PortalSpot(key, hall, plan.numbers[key], spot.centre, half, markers, spot.orbit > 0))


def _portals(room: Room, layout: Layout, hall: str, keys: list[Corridor], halves: list[Point],
             place: Callable[[list[Thing], Callable[[Point], bool]], list[Placed]],
             belongs: Callable[[Point], bool]) -> list[Placed]:
    """A hall's portal marks: each on its own, leaning towards its passage's other end; where they do
    not all find room, side by side in one strip; where that does not fit either, each on its own."""
    alone = [_portal(layout, key, hall, half) for key, half in zip(keys, halves, strict=True)]
    spots = place(alone, belongs)
    if len(keys) < 2 or all(spot.free for spot in spots):
        return spots
    for key in keys:
        room.remove(f"portal {key[0]}–{key[1]} {hall}")
    strip, offsets, strip_belongs = _portal_strip(hall, halves, belongs)
    [spot] = place([strip], strip_belongs)
    if spot.free:
        middle = min(range(len(offsets)), key=lambda i: abs(offsets[i]))  # one tie for the strip, at its middle
        return [Placed(spot.angle, (spot.centre[0] + dx, spot.centre[1]), True, spot.orbit if i == middle else 0)
                for i, dx in enumerate(offsets)]
    room.remove(f"portals {hall}")
    return place(alone, belongs)


def plan_board(scene: Scene) -> Plan:
    """The whole layout of a scene: lines, portal marks, markers, tokens and artifacts (see the module's note)."""
    layout = Layout(scene.board)
    originals = {corridor_key(a, b) for a, b in scene.board.corridors}
    ordered = list(dict.fromkeys(corridor_key(a, b) for a, b in scene.passages))
    passages = {key for key in ordered if key[0] in layout.points and key[1] in layout.points}
    removed = {corridor_key(a, b) for a, b in scene.removed} - passages
    open_now = {corridor_key(a, b) for a, b in scene.corridors} - removed
    drawn_removed = removed & originals  # a fallen passage simply goes
    paths: dict[Corridor, list[Point]] = {
        key: layout.corridor_path(*key)
        for key in sorted((drawn_removed | open_now) - passages)
        if key[0] in layout.points and key[1] in layout.points
    }
    lines = line_passages(layout, [key for key in ordered if key in passages], paths)
    owners: dict[str, list[int]] = {}
    for seat, hall in sorted(scene.shrines.items()):
        owners.setdefault(hall, []).append(seat)
    plan = Plan(layout, paths, open_now, drawn_removed, passages, lines=lines, owners=owners)
    plan.numbers = {key: number for number, key in
                    enumerate((key for key in ordered if key in passages and key not in lines), start=1)}
    plan.letters = initials([scene.name(seat) for seat in range(max(scene.seats(), default=-1) + 1)],
                            halls=[hall.id for hall in scene.board.halls])

    s = SCALE
    room = Room((4 * s, (TITLE_H + 2) * s, (WIDTH - 4) * s, (LEGEND_TOP - 6) * s))
    for hall, point in layout.points.items():
        room.add(Label("hall", hall, point, hall_label(layout, hall, owners)))
    drawn = Lines()
    for key, path in paths.items():
        drawn.add(corridor_name(key), path)
    for key in sorted(drawn_removed):
        room.add(Label("cross", f"fallen {corridor_name(key)}", along(paths[key], 0.5)[0], 9 * s))
    kinds = _marker_kinds(scene)
    for key, found in sorted(kinds.items()):
        if key in paths and key not in drawn_removed:
            plan.markers += place_markers(room, drawn, key, [(kind, _rounds(scene, kind, key)) for kind in found])
    _beside_halls(scene, plan, room, drawn, kinds)
    plan.labels = room.labels
    return plan

