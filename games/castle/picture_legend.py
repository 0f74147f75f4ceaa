"""The Castle picture's title and legend: every player (token, name and colour, shrine, delivered,
carried) and the key to the board's symbols (Lock, Barricade, rounds left, Secret passage as a line
and as portal marks, Removed, Artifact)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from games.castle.picture_layout import HEIGHT, LEGEND_TOP, SCALE, TITLE_H, WIDTH, dashes
from games.castle.picture_model import Scene
from games.castle.picture_paint import (
    CORRIDOR,
    FLOOR_EDGE,
    INK,
    PASSAGE,
    REMOVED,
    SEAT_COLOUR_NAMES,
    SOFT_INK,
    Painter,
    darker,
    fit,
    passage_colour,
    seat_colour,
    tint,
)
from games.castle.picture_plan import PORTAL_FONT, portal_half, portal_text
from games.core import drawing

KEY_ROWS = ("lock", "barricade", "rounds_left", "passage", "passage_ends", "removed", "artifact")
KEY_ROW_H = 24
PLAYERS_RIGHT = 585


def draw_title(draw: ImageDraw.ImageDraw, title: str) -> None:
    s = SCALE
    width = (WIDTH - 48) * s
    size = 26
    while size > 15 and drawing.font(True, size * s).getlength(title) > width:
        size -= 1
    font = drawing.font(True, size * s)
    draw.text((24 * s, TITLE_H / 2 * s + 4 * s), fit(title, font, width), font=font, fill=INK, anchor="lm")


def legend_rows(scene: Scene, letters: Sequence[str]) -> list[tuple[int, str, str, str]]:
    """The players' rows of the legend: (seat, the initials on their token, their name, their colour's name)."""
    return [(seat, letters[seat] if seat < len(letters) else f"#{seat + 1}", scene.name(seat),
             scene.word(f"colour_{SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]}")) for seat in scene.seats()]


def draw_legend(draw: ImageDraw.ImageDraw, paint: Painter, scene: Scene, letters: Sequence[str]) -> None:
    s = SCALE
    top = LEGEND_TOP * s
    draw.line([(24 * s, top), ((WIDTH - 24) * s, top)], fill=FLOOR_EDGE, width=2 * s)
    head = drawing.font(True, 16 * s)
    text = drawing.font(False, 15 * s)
    bold = drawing.font(True, 16 * s)
    number = drawing.font(True, 16 * s)
    rows = legend_rows(scene, letters)
    players_right = PLAYERS_RIGHT * s
    draw.text((24 * s, top + 12 * s), scene.legend_title or scene.word("players"), font=head, fill=SOFT_INK)

    row_h = 34 * s if len(rows) <= 4 else max(18, 136 // max(len(rows), 1)) * s
    small = drawing.font(False, 13 * s)
    gap = 18 * s
    shrine_w = 20 * s + max((small.getlength(hall) for hall in scene.shrines.values()), default=0)
    delivered_w = text.getlength(f"{scene.word('delivered')}:") + 26 * s
    carried_w = 16 * s + text.getlength(f"{scene.word('carried')}:") + 26 * s
    room = players_right - 62 * s - shrine_w - delivered_w - carried_w - 3 * gap - 10 * s
    name_w = min(room, max((bold.getlength(name) + small.getlength(f" · {hue}") for _, _, name, hue in rows),
                           default=0))
    for row, (seat, initial, name, hue) in enumerate(rows):
        y = top + 52 * s + row * row_h
        colour = seat_colour(seat)
        paint.token((40 * s, y), 14 * s, colour, initial)
        x = 62 * s
        hue_w = small.getlength(f" · {hue}")
        shown = fit(name, bold, max(name_w - hue_w, name_w / 2))
        draw.text((x, y), shown, font=bold, fill=darker(colour, 0.8), anchor="lm")
        draw.text((x + bold.getlength(shown), y), fit(f" · {hue}", small, name_w - bold.getlength(shown)), font=small,
                  fill=SOFT_INK, anchor="lm")
        x += name_w + gap
        shrine = scene.shrines.get(seat)
        if shrine:  # a small shrine ring, as on the board, and its hall
            paint.circle((x + 7 * s, y), 7 * s, tint(colour, 0.72), colour, 3 * s)
            draw.text((x + 18 * s, y), shrine, font=small, fill=SOFT_INK, anchor="lm")
        x += shrine_w + gap
        draw.text((x, y), f"{scene.word('delivered')}:", font=text, fill=SOFT_INK, anchor="lm")
        draw.text((x + delivered_w, y), str(scene.delivered.get(seat, 0)), font=number, fill=INK, anchor="rm")
        x += delivered_w + gap
        paint.gem((x + 6 * s, y), 7 * s)
        draw.text((x + 16 * s, y), f"{scene.word('carried')}:", font=text, fill=SOFT_INK, anchor="lm")
        draw.text((x + carried_w, y), str(scene.carried.get(seat, 0)), font=number, fill=INK, anchor="rm")
    _draw_key(draw, paint, scene)


def _draw_key(draw: ImageDraw.ImageDraw, paint: Painter, scene: Scene) -> None:
    """The key to the symbols, in a column on the right."""
    s = SCALE
    top = LEGEND_TOP * s
    players_right = PLAYERS_RIGHT * s
    x0 = players_right + 22 * s
    draw.line([(players_right, top + 14 * s), (players_right, (HEIGHT - 16) * s)], fill=FLOOR_EDGE, width=s)
    text = drawing.font(False, 15 * s)
    key_w = (WIDTH - 24) * s - (x0 + 56 * s)
    for row, kind in enumerate(KEY_ROWS):
        y = top + 22 * s + row * KEY_ROW_H * s
        mid = (x0 + 22 * s, y)
        if kind == "lock":
            draw.line([(x0, y), (x0 + 44 * s, y)], fill=CORRIDOR, width=6 * s)
            paint.padlock(mid, 10 * s)
        elif kind == "barricade":
            draw.line([(x0, y), (x0 + 44 * s, y)], fill=CORRIDOR, width=6 * s)
            paint.barricade(mid, (1.0, 0.0), 10 * s)
        elif kind == "rounds_left":
            paint.rounds(mid, 9 * s, 1, INK)
        elif kind == "passage":
            for piece in dashes([(x0, y), (x0 + 44 * s, y)], 12 * s, 7 * s):
                paint.polyline(piece, PASSAGE, 5 * s)
        elif kind == "passage_ends":
            paint.portal(mid, portal_half(1, 0), portal_text(1), passage_colour(1), (), 0, 0, PORTAL_FONT * s)
        elif kind == "removed":
            for piece in dashes([(x0, y), (x0 + 44 * s, y)], 4 * s, 8 * s):
                paint.polyline(piece, REMOVED, 3 * s)
            paint.cross(mid, 5 * s, (170, 60, 60), 3 * s)
        else:
            paint.gem(mid, 10 * s)
        draw.text((x0 + 56 * s, y), fit(scene.word(kind), text, key_w), font=text, fill=INK, anchor="lm")
