"""How the Castle picture draws its things: the colours, and a painter for discs, lines, gems, the
Lock and Barricade markers (with the rounds they have left), player tokens and carried-artifact badges.

All sizes are canvas pixels at SCALE; no layout decisions here (see picture_plan)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from games.castle.picture_layout import SCALE, Point
from games.core import drawing
from games.core.drawing import RGB

SEAT_COLOURS: list[RGB] = [
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (86, 180, 233),  # sky blue
    (90, 90, 90),  # grey
]
SEAT_COLOUR_NAMES = ["blue", "orange", "green", "pink", "light_blue", "grey"]
"""The legend's word for each seat colour (`colour_<name>` in the picture's words)."""
PASSAGE_COLOURS: list[RGB] = [
    (106, 61, 154),  # purple
    (140, 81, 10),  # brown
    (0, 102, 102),  # dark teal
    (178, 24, 100),  # crimson
    (45, 60, 140),  # indigo
    (100, 110, 20),  # olive
    (60, 80, 95),  # slate
    (120, 30, 40),  # maroon
]
"""Portal marks: a secret passage's colour, the same at both ends (numbers tell apart passages that share one)."""
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


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def passage_colour(number: int) -> RGB:
    return PASSAGE_COLOURS[(number - 1) % len(PASSAGE_COLOURS)]


def tint(rgb: RGB, amount: float) -> RGB:
    return (
        int(rgb[0] + (255 - rgb[0]) * amount),
        int(rgb[1] + (255 - rgb[1]) * amount),
        int(rgb[2] + (255 - rgb[2]) * amount),
    )


def darker(rgb: RGB, factor: float = 0.65) -> RGB:
    return (int(rgb[0] * factor), int(rgb[1] * factor), int(rgb[2] * factor))


def fit(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """The text, cut with an ellipsis to fit `width`."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


class Painter:
    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.s = SCALE

    def circle(
        self, centre: Point, radius: float, fill: RGB | None, outline: RGB | None = None, width: float = 0
    ) -> None:
        x, y = centre
        self.draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=round(width)
        )

    def polygon(self, points: Sequence[Point], fill: RGB | None, outline: RGB, width: float) -> None:
        """A polygon with an outline `width` wide inside its edge."""
        drawing.outlined_polygon(self.image, points, fill, outline, round(width))

    def polyline(self, points: Sequence[Point], fill: RGB, width: float, joints: bool = True) -> None:
        """A line through `points`; `joints` rounds the bends (costly on long dense curves)."""
        self.draw.line(list(points), fill=fill, width=round(width), joint="curve" if joints else None)

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
        self.polygon(outline, GOLD, GOLD_EDGE, max(1, round(size / 5)))
        facet = max(1, round(size / 8))
        self.draw.line([(x - w, y + girdle), (x + w, y + girdle)], fill=GOLD_EDGE, width=facet)
        self.draw.line(
            [(x - w * 0.3, y + girdle), (x, y + bottom), (x + w * 0.3, y + girdle)], fill=GOLD_EDGE, width=facet
        )
        self.draw.polygon(
            [(x - w * 0.45, y + top + size * 0.1), (x - w * 0.1, y + top + size * 0.1), (x - w * 0.3, y + girdle)],
            fill=(255, 236, 150),
        )

    def padlock(self, centre: Point, size: float, ring: bool = True) -> None:
        """A padlock on a white disc (with a red rim when `ring`): the Lock marker."""
        x, y = centre
        if ring:
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
        self.polygon(corners, None, INK, max(1, round(size * 0.12)))
        for end in (-1, 1):  # the two feet of the trestle
            self.circle(at(0, end * half_long), size * 0.22, INK)

    def leader(self, marker: Point, anchor: Point, reach: float) -> None:
        """A thin line from a marker set beside its corridor to the point of the corridor it marks,
        ending in a dot on the corridor."""
        share = reach / (math.dist(marker, anchor) or 1.0)
        edge = (marker[0] + (anchor[0] - marker[0]) * share, marker[1] + (anchor[1] - marker[1]) * share)
        self.draw.line([edge, anchor], fill=INK, width=round(2 * self.s))
        self.circle(anchor, 4 * self.s, INK, WHITE, self.s)

    def portal(self, centre: Point, half: Point, text: str, colour: RGB, markers: Sequence[tuple[str, int | None]],
               cell: float, end: float, font_size: float) -> None:
        """One end of a secret passage: a pill in the passage's colour saying "⇄number", then a white
        disc per Lock or Barricade on the passage with the rounds it has left."""
        x, y = centre
        hx, hy = half
        box = (x - hx, y - hy, x + hx, y + hy)
        self.draw.rounded_rectangle(box, radius=hy, fill=colour, outline=WHITE, width=round(1.5 * self.s))
        text_right = x + hx - (cell * len(markers) + end if markers else 0)
        font = drawing.font(True, round(font_size))
        self.draw.text(((x - hx + text_right) / 2, y), text, font=font, fill=WHITE, anchor="mm")
        for index, (kind, rounds) in enumerate(markers):
            mid = (text_right + cell * (index + 0.5), y)
            self.circle(mid, hy * 0.78, WHITE)
            if kind == "lock":
                self.padlock(mid, hy * 0.6, ring=False)
            else:
                self.barricade(mid, (1.0, 0.0), hy * 0.56)
            if rounds is not None:
                self.rounds((mid[0] + hy * 0.6, mid[1] - hy * 0.45), hy * 0.5, rounds, INK)

    def cross(self, centre: Point, size: float, colour: RGB, width: float) -> None:
        x, y = centre
        self.circle(centre, size * 1.3, BACKGROUND)
        self.draw.line([(x - size, y - size), (x + size, y + size)], fill=colour, width=round(width))
        self.draw.line([(x - size, y + size), (x + size, y - size)], fill=colour, width=round(width))

    def token(self, centre: Point, radius: float, colour: RGB, letters: str, toward: float | None = None) -> None:
        """A player: a disc in the seat's colour with the player's initials and a white rim. On the
        board a pointer (`toward`, an angle) reaches for the player's hall."""
        x, y = centre
        if toward is not None:
            tip = (x + radius * 1.62 * math.cos(toward), y + radius * 1.62 * math.sin(toward))
            side = math.radians(38)
            base = [
                (x + radius * 0.98 * math.cos(toward + turn), y + radius * 0.98 * math.sin(toward + turn))
                for turn in (-side, side)
            ]
            self.draw.polygon([base[0], tip, base[1]], fill=WHITE)
            inner = (x + radius * 1.36 * math.cos(toward), y + radius * 1.36 * math.sin(toward))
            self.draw.polygon([base[0], inner, base[1]], fill=darker(colour, 0.8))
        self.circle((x, y + radius * 0.12), radius * 1.04, darker(colour, 0.45))  # a little shadow
        self.circle(centre, radius, colour, WHITE, radius * 0.16)
        size = int(radius * {1: 1.15, 2: 0.88}.get(len(letters), 0.66))
        self.draw.text(centre, letters, font=drawing.font(True, size), fill=drawing.text_colour(colour), anchor="mm")

    def rounds(self, centre: Point, radius: float, count: int, colour: RGB) -> None:
        """A small dark disc with a white number: how many rounds a marker has left."""
        self.circle(centre, radius, colour, WHITE, max(1, radius * 0.2))
        self.draw.text(centre, str(count), font=drawing.font(True, round(radius * 1.35)), fill=WHITE, anchor="mm")

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


