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

The work is split by job: `picture_model` (Scene, words, initials), `picture_layout` (canvas, hall
spots, corridor paths), `picture_place` (labels that never overlap), `picture_markers` (Locks and
Barricades on their corridors), `picture_plan` (secret passages as portal marks, where tokens and
artifacts go), `picture_paint` (colours, symbols), `picture_legend`.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable

from PIL import Image, ImageDraw

from games.castle.board import Board, Corridor, corridor_key
from games.castle.picture_layout import BOARD_UNIT, HALL_R, HEIGHT, MARKER_R, SCALE, TOKEN_R, WIDTH, along, dashes
from games.castle.picture_legend import draw_legend, draw_title
from games.castle.picture_markers import ROUNDS_R
from games.castle.picture_model import ENGLISH_WORDS, Say, Scene, initials, picture_words, rounds_left
from games.castle.picture_paint import (
    BACKGROUND,
    CORRIDOR,
    FLOOR,
    FLOOR_EDGE,
    GOLD_EDGE,
    HALL,
    HALL_EDGE,
    INK,
    PASSAGE,
    REMOVED,
    SEAT_COLOURS,
    WHITE,
    Painter,
    darker,
    passage_colour,
    seat_colour,
    tint,
)
from games.castle.picture_plan import (
    PORTAL_CELL,
    PORTAL_END,
    PORTAL_FONT,
    Plan,
    plan_board,
    portal_text,
)
from games.core import drawing

__all__ = [
    "BACKGROUND",
    "ENGLISH_WORDS",
    "HEIGHT",
    "SEAT_COLOURS",
    "WIDTH",
    "Overlay",
    "Plan",
    "Say",
    "Scene",
    "initials",
    "picture_words",
    "plan_board",
    "render_board",
    "rounds_left",
    "scene_from_markers",
    "seat_colour",
    "text_form",
]

PALETTE_COLOURS = 192
PNG_LEVEL = 6
"""zlib level: `optimize=True` (level 9) saves about 3 KB of 43 and costs 35 ms per picture."""


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
    lock_rounds = {corridor_key(*c): n for c, n in scene.lock_rounds.items()}
    barricade_rounds = {corridor_key(*c): n for c, n in scene.barricade_rounds.items()}
    for key, corridors, rounds in (
        ("locks", scene.locks, lock_rounds),
        ("barricades", scene.barricades, barricade_rounds),
        ("passages", scene.passages, {}),
        ("removed_corridors", scene.removed, {}),
    ):
        if corridors:
            # Each corridor once, its ends and the list in board order: "C–A1, A1–A2"; a marker's
            # rounds left after it when known: "C–A1 (rounds left: 2)".
            ends = {tuple(sorted(corridor_key(a, b), key=by_order)) for a, b in corridors}
            names = []
            for a, b in sorted(ends, key=lambda pair: [by_order(h) for h in pair]):
                left = rounds.get(corridor_key(a, b))
                names.append(f"{a}–{b}" if left is None else f"{a}–{b} ({word('rounds_left')}: {left})")
            lines.append(f"{word(key)}: {', '.join(names)}.")
    return "\n".join(lines)


def _draw_corridors(paint: Painter, plan: Plan) -> None:
    """Fallen corridors faint and crossed, open ones solid, secret passages drawn as lines dashed purple;
    then the markers on lines, each with its leader when it sits beside its corridor."""
    s = SCALE
    paths = plan.paths
    for key in sorted(plan.removed):
        for piece in dashes(paths[key], 4 * s, 9 * s):
            paint.polyline(piece, REMOVED, 3 * s)
    for key in sorted(plan.open_now - plan.passages):
        if key in paths:
            paint.polyline(paths[key], CORRIDOR, 7 * s)
    for key in sorted(plan.lines):
        # A pale casing first, so a passage reads as one line beside the corridors.
        paint.polyline(paths[key], FLOOR, 11 * s, joints=False)
        for piece in dashes(paths[key], 15 * s, 8 * s):
            paint.polyline(piece, PASSAGE, 6 * s, joints=False)  # dashes are short: no joints to round
    for key in sorted(plan.removed):
        paint.cross(along(paths[key], 0.5)[0], 6 * s, (170, 60, 60), 3 * s)
    for marker in plan.markers:
        if marker.leader:
            paint.leader(marker.centre, marker.anchor, MARKER_R * s)


def _draw_ties(paint: Painter, plan: Plan) -> None:
    """A thin line from a hall to each of its things set further out than beside it (drawn under both)."""
    s = SCALE
    points = plan.layout.points
    ties = [(portal.hall, portal.centre, passage_colour(portal.number)) for portal in plan.portals if portal.tied]
    ties += [(token.hall, token.centre, seat_colour(token.seat)) for token in plan.tokens if token.tied]
    ties += [(gem.hall, gem.centre, GOLD_EDGE) for gem in plan.gems if gem.tied]
    for hall, centre, colour in ties:
        paint.polyline([points[hall], centre], WHITE, 5 * s)
        paint.polyline([points[hall], centre], colour, 2.5 * s)


def _draw_markers(paint: Painter, plan: Plan) -> None:
    """Locks and Barricades, then the portal marks of the passages (with their own markers)."""
    s = SCALE
    for marker in plan.markers:
        if marker.kind == "lock":
            paint.padlock(marker.centre, 14 * s)
        elif marker.leader:  # beside its corridor: framed like a Lock, the bar still across the corridor
            paint.circle(marker.centre, 16 * s, WHITE, INK, 2 * s)
            paint.barricade(marker.centre, marker.direction, 9 * s)
        else:
            paint.barricade(marker.centre, marker.direction, 13 * s)
    for portal in plan.portals:
        paint.portal(portal.centre, portal.half, portal_text(portal.number), passage_colour(portal.number),
                     portal.markers, PORTAL_CELL * s, PORTAL_END * s, PORTAL_FONT * s)


def _draw_rounds(paint: Painter, plan: Plan) -> None:
    """The rounds each marker has left, drawn last so that nothing hides one."""
    for marker in plan.markers:
        if marker.rounds is not None:
            paint.rounds(marker.badge, ROUNDS_R * SCALE, marker.rounds, INK)


def _draw_halls(draw: ImageDraw.ImageDraw, paint: Painter, scene: Scene, plan: Plan) -> None:
    """Halls, with shrines ringed in their owners' colours."""
    s = SCALE
    layout = plan.layout
    label_font = drawing.font(True, 14 * s)
    centre_font = drawing.font(True, 17 * s)
    for hall in scene.board.halls:
        point = layout.points[hall.id]
        radius = layout.radius(hall.id)
        seats = plan.owners.get(hall.id, [])
        if seats:
            paint.circle(point, radius + 7 * s, WHITE)
            sweep = 360 / len(seats)
            box = (point[0] - radius - 6 * s, point[1] - radius - 6 * s, point[0] + radius + 6 * s,
                   point[1] + radius + 6 * s)
            for index, seat in enumerate(seats):
                draw.arc(box, -90 + index * sweep, -90 + (index + 1) * sweep, fill=seat_colour(seat), width=8 * s)
            paint.circle(point, radius - 2 * s, tint(seat_colour(seats[0]), 0.72),
                         darker(seat_colour(seats[0]), 0.8), 2 * s)
            ink = darker(seat_colour(seats[0]), 0.55)
        else:
            paint.circle(point, radius, HALL, HALL_EDGE, 3 * s)
            ink = INK
        font = centre_font if hall.id == scene.board.centre else label_font
        draw.text(point, hall.id, font=font, fill=ink, anchor="mm")


def _draw_pieces(draw: ImageDraw.ImageDraw, paint: Painter, plan: Plan) -> None:
    """Artifacts on the floor and the players' tokens (each pointing at its hall, with what it carries)."""
    s = SCALE
    count_font = drawing.font(True, 14 * s)
    for gem in plan.gems:
        x, y = gem.centre
        paint.circle(gem.centre, (TOKEN_R - 1) * s, WHITE, (150, 105, 0), 2 * s)
        paint.gem(gem.centre, 10 * s)
        if gem.count > 1:
            draw.text((x + 13 * s, y + 11 * s), f"{gem.count}", font=count_font, fill=INK, anchor="mm",
                      stroke_width=2 * s, stroke_fill=WHITE)
    for token in plan.tokens:
        toward = token.angle + math.pi
        paint.token(token.centre, TOKEN_R * s, seat_colour(token.seat), token.letters, toward)
        if token.carried > 0:
            # On the token's outer side, away from the hall and from the tokens beside it.
            reach = (TOKEN_R + 1) * s
            x, y = token.centre
            badge_at = (x + reach * math.cos(token.angle), y + reach * math.sin(token.angle))
            paint.badge(badge_at, 10 * s, token.carried, token.angle)


Overlay = Callable[[Painter, Plan], None]
"""Something drawn over the halls and under the players' tokens (the web record's orders of a round:
games/castle/picture_orders.py), on the full-size canvas before it is reduced."""


def render_board(scene: Scene, overlay: Overlay | None = None) -> bytes:
    """PNG bytes, 900×1000: the title, the castle with its markers, players and artifacts, and a
    legend of the players (token, name, shrine, delivered, carried) and of the symbols. `overlay`
    (optional) draws more between the halls and the tokens."""
    s = SCALE
    plan = plan_board(scene)
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), BACKGROUND)
    paint = Painter(image)
    draw = paint.draw
    # The castle floor: a stone disc behind the rings.
    floor_r = (0.9 * BOARD_UNIT + HALL_R + 34) * s
    paint.circle(plan.layout.centre, floor_r, FLOOR, FLOOR_EDGE, 3 * s)
    _draw_corridors(paint, plan)
    _draw_ties(paint, plan)
    _draw_halls(draw, paint, scene, plan)
    _draw_markers(paint, plan)
    if overlay is not None:
        overlay(paint, plan)
    _draw_pieces(draw, paint, plan)
    _draw_rounds(paint, plan)
    draw_title(draw, scene.title)
    draw_legend(draw, paint, scene, plan.letters)

    image = image.reduce(SCALE)
    # A palette keeps the file small; no dithering, so the result is the same bytes every time.
    image = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


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
