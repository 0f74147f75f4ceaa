"""Locks and Barricades on the lines of the Castle picture: each on its own corridor (its middle first),
a pair side by side, else beside it with a leader to a free point of it that no other line is near.
Whatever it marks is nearer its own corridor than any other. Canvas pixels at SCALE."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Literal

from games.castle.board import Corridor
from games.castle.picture_layout import MARKER_R, SCALE, Point, along, length
from games.castle.picture_place import Label, Lines, Room

MarkerKind = Literal["lock", "barricade"]

ROUNDS_R = 8.5
"""The radius (px at 1×) of the disc that says how many rounds a marker has left."""
ON_LINE_SHARES = (0.5, 0.44, 0.56, 0.38, 0.62, 0.32, 0.68)
"""Where along its corridor a marker may sit: the middle first."""
LEADER_SHARES = (0.5, 0.4, 0.6, 0.3, 0.7, 0.25, 0.75, 0.2, 0.8)
"""Where along its corridor the leader of a marker set beside it may end."""
LEADER_STEPS = (1.0, 1.3, 1.6, 2.0, 2.5)
"""How far beside its corridor a marker with a leader may sit, in marker widths."""
LEADER_TURNS = (0.0, math.radians(35), -math.radians(35), math.radians(65), -math.radians(65))
"""How far a leader may lean from square to its corridor."""


@dataclass(frozen=True)
class MarkerSpot:
    kind: MarkerKind
    corridor: Corridor
    centre: Point
    direction: Point
    """The corridor's direction at the anchor (a Barricade on the corridor lies across it)."""
    rounds: int | None
    """Rounds left, drawn on the marker; None when the scene does not say."""
    anchor: Point
    """The point of the corridor the marker marks: its centre, or the end of its leader."""
    badge: Point
    """Where the rounds disc sits."""

    @property
    def leader(self) -> bool:
        return math.dist(self.anchor, self.centre) > 1.0


def corridor_name(key: Corridor) -> str:
    return f"{key[0]}–{key[1]}"


MARKER_LABEL = MARKER_R + 1
BADGE_SIDES = ((1, -1), (-1, -1), (1, 1), (-1, 1))
"""Where a marker's rounds disc may sit: upper right first."""


def _marker_labels(kind: MarkerKind, key: Corridor, centre: Point, badge: Point | None) -> list[Label]:
    owner = f"{kind} {corridor_name(key)}"
    labels = [Label("marker", owner, centre, MARKER_LABEL * SCALE)]
    if badge is not None:
        labels.append(Label("rounds", owner, badge, (ROUNDS_R + 1) * SCALE))
    return labels


def _badges(centre: Point, rounds: int | None) -> list[Point | None]:
    if rounds is None:
        return [None]
    reach = MARKER_R * 0.72 * SCALE
    return [(centre[0] + sx * reach, centre[1] + sy * reach) for sx, sy in BADGE_SIDES]


def _take(room: Room, labels: list[Label]) -> bool:
    """Add the labels if they all fit."""
    if not all(room.free(label) for label in labels):
        return False
    for label in labels:
        room.add(label)
    return True


def _on_line(room: Room, lines: Lines, key: Corridor, kind: MarkerKind, rounds: int | None,
             share: float) -> MarkerSpot | None:
    """The marker on its corridor at `share` of its length, if it is clear there."""
    own = corridor_name(key)
    centre, direction = along(lines.paths[own], share)
    if lines.near(centre, (MARKER_R + 4) * SCALE, skip=[own]):
        return None  # on a crossing: it would mark the other line as well
    for badge in _badges(centre, rounds):
        if _take(room, _marker_labels(kind, key, centre, badge)):
            return MarkerSpot(kind, key, centre, direction, rounds, centre, badge or centre)
    return None


def _beside_line(room: Room, lines: Lines, key: Corridor, kind: MarkerKind, rounds: int | None) -> MarkerSpot | None:
    """The marker beside its corridor, with a leader to a free point of it that no other line is near;
    the marker itself clear of every line, the leader crossing none."""
    own = corridor_name(key)
    path = lines.paths[own]
    width = 2 * MARKER_LABEL * SCALE + 4 * SCALE
    for share in LEADER_SHARES:
        anchor, direction = along(path, share)
        if lines.near(anchor, MARKER_R * SCALE, skip=[own]):
            continue
        for step, turn, side in itertools.product(LEADER_STEPS, LEADER_TURNS, (1, -1)):
            heading = math.atan2(direction[1], direction[0]) + side * (math.pi / 2 + turn)
            out = (math.cos(heading), math.sin(heading))
            reach = step * width
            centre = (anchor[0] + out[0] * reach, anchor[1] + out[1] * reach)
            if lines.near(centre, (MARKER_LABEL + 3) * SCALE):
                continue
            short = reach - MARKER_LABEL * SCALE  # the leader stops at the marker's rim
            edge = (anchor[0] + out[0] * short, anchor[1] + out[1] * short)
            if lines.crossed(anchor, edge, skip=[own]):
                continue
            owner = f"{kind} {own}"
            leader = [Label("leader", owner, (anchor[0] + (edge[0] - anchor[0]) * t,
                                              anchor[1] + (edge[1] - anchor[1]) * t), (4 if t == 0 else 1) * SCALE)
                      for t in (0.0, 0.25, 0.5, 0.75)]  # its dot on the corridor, then the line
            for badge in _badges(centre, rounds):
                if _take(room, [*_marker_labels(kind, key, centre, badge), *leader]):
                    return MarkerSpot(kind, key, centre, direction, rounds, anchor, badge or centre)
    return None


def place_markers(room: Room, lines: Lines, key: Corridor, found: list[tuple[MarkerKind, int | None]]
                   ) -> list[MarkerSpot]:
    """A corridor's markers: on it (side by side when it carries both, the pair centred on its middle),
    else beside it with leaders (both, when a pair does not fit on it); where nothing is free, on its
    middle all the same."""
    path = lines.paths[corridor_name(key)]
    if len(found) == 2:
        half = (MARKER_LABEL + 2) * SCALE / (length(path) or 1.0)
        for share in ON_LINE_SHARES:
            first = _on_line(room, lines, key, *found[0], share - half)
            if first is None:
                continue
            second = _on_line(room, lines, key, *found[1], share + half)
            if second is not None:
                return [first, second]
            room.remove(f"{found[0][0]} {corridor_name(key)}")
        first = _beside_line(room, lines, key, *found[0])  # no room for both on it: both beside it
        if first is not None:
            second = _beside_line(room, lines, key, *found[1])
            if second is not None:
                return [first, second]
            room.remove(f"{found[0][0]} {corridor_name(key)}")
    spots = []
    for kind, rounds in found:
        spot = next((s for s in (_on_line(room, lines, key, kind, rounds, share) for share in ON_LINE_SHARES)
                     if s is not None), None) or _beside_line(room, lines, key, kind, rounds)
        if spot is None:
            centre, direction = along(path, 0.5)
            badge = _badges(centre, rounds)[0]
            for label in _marker_labels(kind, key, centre, badge):
                room.add(label)
            spot = MarkerSpot(kind, key, centre, direction, rounds, centre, badge or centre)
        spots.append(spot)
    return spots
