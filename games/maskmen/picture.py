"""The strength order as a picture (PNG bytes) and as plain text for screen readers.

Both are pure functions of the `order` part of a view (`view["order"]`: "beats" pairs and
"debuted" colours) and the viewer's words. No I/O besides reading the bundled font; the caller
runs `render_order` in a worker thread. Typical use from the Discord layer:

    from functools import partial
    from bot.i18n import t
    say = partial(t, language)
    png = render_order(view["order"], order_texts(say, season=view["season"]))
    alt = text_form(view["order"], say)
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from games.core import drawing
from games.core.drawing import RGB
from games.maskmen.cards import COLOURS, Colour, colour_key
from games.maskmen.order import Pair, cover, levels, related

PAINT: dict[Colour, RGB] = {
    "pink": (236, 104, 166),
    "blue": (42, 103, 208),
    "green": (44, 158, 66),
    "grey": (132, 132, 132),
    "orange": (246, 133, 24),
    "purple": (124, 58, 176),
}
BACKGROUND: RGB = (250, 250, 248)
INK: RGB = (40, 40, 44)
SOFT_INK: RGB = (105, 105, 112)
ARROW: RGB = (60, 60, 66)

ORDER_CHANGES = frozenset({"maskmen-season-start", "maskmen-debut", "maskmen-proved"})
"""Public events after which the strength order is shown (it changed): Discord posts it, the web record shows it."""
SCALE = 2
"""Drawn at twice the size, then scaled down: smooth edges without an anti-aliasing library."""
MARGIN = 28
BOX_HEIGHT = 48
MIN_BOX_WIDTH = 140
H_GAP = 34
V_GAP = 74
CHIP_HEIGHT = 30

Say = Callable[..., str]
"""A translator: say(key, **params) -> text, e.g. functools.partial(bot.i18n.t, "ru")."""


@dataclass(frozen=True)
class OrderTexts:
    """Everything the picture writes, already in the viewer's language."""

    title: str
    labels: Mapping[str, str]
    """Colour → its name."""
    legend: str = ""
    unrelated: str = ""
    """Caption over debuted colours that have no proven relation yet."""
    undebuted: str = ""
    """Caption over colours that have not debuted this season."""
    empty: str = ""
    """Shown when no colour has debuted."""


def order_texts(say: Say, season: int) -> OrderTexts:
    """The picture's words from the message catalog."""
    return OrderTexts(
        title=say("maskmen-picture-title", season=season),
        labels={colour: say(colour_key(colour)) for colour in COLOURS},
        legend=say("maskmen-picture-legend"),
        unrelated=say("maskmen-picture-unrelated"),
        undebuted=say("maskmen-picture-undebuted"),
        empty=say("maskmen-picture-empty"),
    )


def _pairs(order: Mapping[str, Any]) -> list[Pair]:
    return [(str(s), str(w)) for s, w in order.get("beats", [])]  # type: ignore[misc]


def _debuted(order: Mapping[str, Any]) -> list[Colour]:
    shown = set(order.get("debuted", [])) | related(_pairs(order))
    return [c for c in COLOURS if c in shown]


# --- text form ------------------------------------------------------------------------------
def chains(pairs: Iterable[Pair]) -> list[list[Colour]]:
    """The covering relations as few, long chains: take the longest path (ties: colour order)
    over edges not yet written, until every covering edge is in some chain."""
    left = set(cover(pairs))
    result: list[list[Colour]] = []
    while left:
        paths = [[s, w] for s, w in left]
        best: list[Colour] = []
        while paths:
            path = paths.pop()
            longer = [[*path, w] for s, w in left if s == path[-1]]
            paths.extend(longer)
            key = (len(path), [-COLOURS.index(c) for c in path])
            if not longer and key > (len(best), [-COLOURS.index(c) for c in best]):
                best = path
        result.append(best)
        left -= set(itertools.pairwise(best))
    return result


def _grouped(found: list[list[Colour]]) -> list[list[list[Colour]]]:
    """Chains as steps; two-colour chains with the same stronger colour merge into one
    ("Purple > Pink, Blue") so that a bushy order still reads briefly."""
    result: list[list[list[Colour]]] = []
    heads: dict[Colour, list[Colour]] = {}
    for chain in found:
        if len(chain) == 2 and chain[0] in heads:
            heads[chain[0]].append(chain[1])
            continue
        steps = [[c] for c in chain]
        if len(chain) == 2:
            heads[chain[0]] = steps[1]
        result.append(steps)
    return result


def text_form(order: Mapping[str, Any], say: Say) -> str:
    """The order in words, e.g. "Strength order: Purple > Orange > Blue > Pink; Green > Blue.
    No proven relation: Grey. Not debuted yet: …"."""
    pairs = _pairs(order)
    debuted = _debuted(order)
    if not debuted:
        return say("maskmen-order-empty")
    name = {colour: say(colour_key(colour)) for colour in COLOURS}
    sentences = []
    written = _grouped(chains(pairs))
    if written:
        text = "; ".join(" > ".join(", ".join(name[c] for c in step) for step in chain) for chain in written)
        sentences.append(say("maskmen-order-chains", chains=text))
    isolated = [c for c in debuted if c not in related(pairs)]
    if isolated:
        sentences.append(say("maskmen-order-isolated", colours=", ".join(name[c] for c in isolated)))
    waiting = [c for c in COLOURS if c not in debuted]
    if waiting:
        sentences.append(say("maskmen-order-undebuted", colours=", ".join(name[c] for c in waiting)))
    return " ".join(sentences)


# --- layout ---------------------------------------------------------------------------------
Layout = dict[Colour, tuple[float, int]]
"""Colour → (x in slot units, layer)."""


def _cost(layout: Layout, edges: Sequence[Pair]) -> float:
    """Crossings, arrows running through boxes, and horizontal stretch (lower is better)."""
    placed = [(s, w) for s, w in edges if s in layout and w in layout]
    cost = 0.0

    def x_at(edge: Pair, layer: float) -> float:
        (xs, ls), (xw, lw) = layout[edge[0]], layout[edge[1]]
        return xs + (xw - xs) * (layer - ls) / (lw - ls)

    for edge in placed:
        (xs, ls), (xw, lw) = layout[edge[0]], layout[edge[1]]
        cost += abs(xs - xw) * 0.6
        for colour, (x, layer) in layout.items():
            if ls < layer < lw and colour not in edge and abs(x_at(edge, layer) - x) < 0.62:
                cost += 40
    for one, two in itertools.combinations(placed, 2):
        if set(one) & set(two):
            continue
        top = max(layout[one[0]][1], layout[two[0]][1])
        bottom = min(layout[one[1]][1], layout[two[1]][1])
        if top >= bottom:
            continue
        if (x_at(one, top) - x_at(two, top)) * (x_at(one, bottom) - x_at(two, bottom)) < 0:
            cost += 12
    return cost


def _placements(colours: Sequence[Colour], width: int) -> list[list[tuple[Colour, float]]]:
    """Every way to put a layer's colours on half-slot positions 0, ½, 1, … width−1, at least
    one slot apart, in any order."""
    halves = range(2 * width - 1)
    spots = [
        chosen
        for chosen in itertools.combinations(halves, len(colours))
        if all(b - a >= 2 for a, b in itertools.pairwise(chosen))
    ]
    return [
        [(colour, spot / 2) for colour, spot in zip(order, chosen, strict=True)]
        for order in itertools.permutations(colours)
        for chosen in spots
    ]


def layout(pairs: Sequence[Pair]) -> tuple[Layout, int]:
    """Layers by longest path from the top (stronger above), then, layer by layer, the
    placement with fewest crossings; every arrangement of the top layer is tried."""
    colours = [c for c in COLOURS if c in related(pairs)]
    if not colours:
        return {}, 0
    depth = levels(pairs, colours)
    layers = [[c for c in colours if depth[c] == d] for d in range(max(depth.values()) + 1)]
    width = max(len(layer) for layer in layers)
    edges = cover(pairs)
    centre = (width - 1) / 2
    best: tuple[float, Layout] | None = None
    for top in _placements(layers[0], width):
        current: Layout = {c: (x, 0) for c, x in top}
        for number, layer in enumerate(layers[1:], start=1):
            options = []
            for placement in _placements(layer, width):
                trial = {**current, **{c: (x, number) for c, x in placement}}
                spread = sum(abs(x - centre) for _, x in placement) * 0.05
                options.append((_cost(trial, edges) + spread, trial))
            current = min(options, key=lambda option: option[0])[1]
        total = _cost(current, edges) + sum(abs(x - centre) for x, _ in current.values()) * 0.05
        if best is None or total < best[0] - 1e-9:
            best = (total, current)
    assert best is not None
    return best[1], width


# --- drawing --------------------------------------------------------------------------------
def _darker(rgb: RGB, factor: float = 0.7) -> RGB:
    return (int(rgb[0] * factor), int(rgb[1] * factor), int(rgb[2] * factor))


def _faded(rgb: RGB, amount: float = 0.55) -> RGB:
    return tuple(int(c + (255 - c) * amount) for c in rgb)  # type: ignore[return-value]


def _text_width(text: str, font: ImageFont.FreeTypeFont) -> float:
    return font.getlength(text) if text else 0.0


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(f"{lines[-1]} {word}", font) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def render_order(order: Mapping[str, Any], texts: OrderTexts) -> bytes:
    """PNG bytes: colours in their own colours, stronger above weaker, unrelated side by side,
    arrows for the covering relations, a column of colours with no proven relation, and a strip
    of colours not yet debuted."""
    s = SCALE
    pairs = _pairs(order)
    debuted = _debuted(order)
    placed, width = layout(pairs)
    isolated = [c for c in debuted if c not in placed]
    waiting = [c for c in COLOURS if c not in debuted]

    label_font = drawing.font(True, 20 * s)
    title_font = drawing.font(True, 26 * s)
    small_font = drawing.font(False, 15 * s)
    chip_font = drawing.font(True, 15 * s)
    box_w = max(MIN_BOX_WIDTH * s, *(int(_text_width(texts.labels.get(c, c), label_font)) + 34 * s for c in COLOURS))
    box_h = BOX_HEIGHT * s
    slot = box_w + H_GAP * s
    layer_count = 1 + max((layer for _, layer in placed.values()), default=-1)

    graph_w = width * slot - H_GAP * s if placed else 0
    column_w = max(box_w, int(_text_width(texts.unrelated, small_font)))
    side_w = column_w + 2 * H_GAP * s if isolated else 0
    if not placed and isolated:
        # Nothing is related yet: the debuted colours stand side by side in one row.
        side_w = max(len(isolated) * slot - H_GAP * s, int(_text_width(texts.unrelated, small_font)))
    body_w = graph_w + side_w
    chip_w = max(int(_text_width(texts.labels.get(c, c), chip_font)) + 24 * s for c in COLOURS)
    strip_w = len(waiting) * (chip_w + 10 * s)
    inner_w = max(body_w, strip_w, 420 * s)
    canvas_w = inner_w + 2 * MARGIN * s

    title_lines = _wrap(texts.title, title_font, inner_w)
    legend_lines = _wrap(texts.legend, small_font, inner_w) if placed else []
    y = MARGIN * s
    title_h = len(title_lines) * 34 * s
    legend_h = len(legend_lines) * 21 * s
    top = y + title_h + (8 * s + legend_h if legend_lines else 0) + 22 * s
    graph_h = layer_count * box_h + max(layer_count - 1, 0) * V_GAP * s
    caption_h = 24 * s
    side_h = caption_h + len(isolated) * box_h + max(len(isolated) - 1, 0) * 16 * s if isolated else 0
    if isolated and not placed:
        side_h = caption_h + box_h
    body_h = max(graph_h, side_h)
    if not debuted:
        body_h = 40 * s
    strip_h = caption_h + CHIP_HEIGHT * s + 10 * s if waiting else 0
    canvas_h = top + body_h + (26 * s + strip_h if waiting else 0) + MARGIN * s

    image = Image.new("RGB", (canvas_w, canvas_h), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for line in title_lines:
        draw.text((MARGIN * s, y), line, font=title_font, fill=INK)
        y += 34 * s
    y += 8 * s
    for line in legend_lines:
        draw.text((MARGIN * s, y), line, font=small_font, fill=SOFT_INK)
        y += 21 * s
    left = MARGIN * s + (inner_w - body_w) // 2

    def box(colour: Colour, cx: float, cy: float) -> None:
        fill = PAINT[colour]
        draw.rounded_rectangle(
            (cx - box_w / 2, cy - box_h / 2, cx + box_w / 2, cy + box_h / 2),
            radius=12 * s,
            fill=fill,
            outline=_darker(fill),
            width=2 * s,
        )
        label = texts.labels.get(colour, colour)
        draw.text((cx, cy), label, font=label_font, fill=drawing.text_colour(fill), anchor="mm")

    if not debuted:
        draw.text((MARGIN * s, top), texts.empty, font=small_font, fill=INK)

    # The layered graph: arrows first, boxes over them.
    offset_y = top + (body_h - graph_h) / 2
    centres = {
        colour: (left + x * slot + box_w / 2, offset_y + layer * (box_h + V_GAP * s) + box_h / 2)
        for colour, (x, layer) in placed.items()
    }
    edges = cover(pairs)

    def port(colour: Colour, other: Colour, outgoing: bool) -> float:
        """Where an arrow leaves or reaches a box: spread along its edge, ordered by the
        other end's position, so that arrowheads never pile up."""
        ends = [w for s_, w in edges if s_ == colour] if outgoing else [s_ for s_, w in edges if w == colour]
        ends.sort(key=lambda c: (centres[c][0], COLOURS.index(c)))
        step = min(26 * s, box_w * 0.6 / max(len(ends) - 1, 1))
        return centres[colour][0] + (ends.index(other) - (len(ends) - 1) / 2) * step

    for stronger, weaker in edges:
        y1, y2 = centres[stronger][1], centres[weaker][1]
        _arrow(
            draw,
            (port(stronger, weaker, True), y1 + box_h / 2),
            (port(weaker, stronger, False), y2 - box_h / 2),
            s,
        )
    for colour, (cx, cy) in centres.items():
        box(colour, cx, cy)

    # Colours with no proven relation, in a column of their own.
    if isolated and not placed:
        row_x = left + (side_w - (len(isolated) * slot - H_GAP * s)) / 2
        row_y = top + (body_h - side_h) / 2
        draw.text((left + side_w / 2, row_y), texts.unrelated, font=small_font, fill=SOFT_INK, anchor="ma")
        for index, colour in enumerate(isolated):
            box(colour, row_x + index * slot + box_w / 2, row_y + caption_h + box_h / 2)
    elif isolated:
        column_x = left + graph_w + 2 * H_GAP * s + (column_w - box_w) / 2
        if placed:
            separator_x = left + graph_w + H_GAP * s
            for dash in range(int(top), int(top + body_h), 14 * s):
                draw.line((separator_x, dash, separator_x, min(dash + 7 * s, top + body_h)), fill=SOFT_INK, width=s)
        column_y = top + (body_h - side_h) / 2
        draw.text((column_x + box_w / 2, column_y), texts.unrelated, font=small_font, fill=SOFT_INK, anchor="ma")
        for index, colour in enumerate(isolated):
            box(colour, column_x + box_w / 2, column_y + caption_h + index * (box_h + 16 * s) + box_h / 2)

    # Colours not yet debuted: small faded chips along the bottom.
    if waiting:
        strip_y = top + body_h + 26 * s
        draw.line(
            (MARGIN * s, strip_y - 12 * s, canvas_w - MARGIN * s, strip_y - 12 * s), fill=(222, 222, 222), width=s
        )
        draw.text((MARGIN * s, strip_y), texts.undebuted, font=small_font, fill=SOFT_INK)
        chip_y = strip_y + caption_h
        for index, colour in enumerate(waiting):
            x = MARGIN * s + index * (chip_w + 10 * s)
            fill = _faded(PAINT[colour])
            draw.rounded_rectangle(
                (x, chip_y, x + chip_w, chip_y + CHIP_HEIGHT * s),
                radius=8 * s,
                fill=fill,
                outline=PAINT[colour],
                width=s,
            )
            draw.text(
                (x + chip_w / 2, chip_y + CHIP_HEIGHT * s / 2),
                texts.labels.get(colour, colour),
                font=chip_font,
                fill=_darker(PAINT[colour], 0.55),
                anchor="mm",
            )

    image = image.resize((canvas_w // s, canvas_h // s), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float], end: tuple[float, float], s: int) -> None:
    """A line from the stronger box to the weaker one, with the head at the weaker end."""
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1e-6)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 16 * s, 7 * s
    base = (x2 - ux * head, y2 - uy * head)
    draw.line((x1, y1, base[0], base[1]), fill=ARROW, width=3 * s)
    draw.polygon(
        [(x2, y2), (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
        fill=ARROW,
    )
