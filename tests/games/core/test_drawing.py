"""What every game's picture shares (games/core/drawing.py): a polygon with a wide outline is drawn as Pillow
draws it, pixel for pixel, without a mask the size of the whole picture; a replay's frames make one GIF."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from games.core.drawing import animate, outlined_polygon

SIZE = (400, 300)
BACKGROUND = (236, 229, 214)


def polygons(seed: int) -> list[tuple[list[tuple[float, float]], int]]:
    """Triangles to hexagons anywhere, some across the picture's edge or wholly outside it, any outline width."""
    rng = random.Random(seed)
    found = []
    for _ in range(40):
        cx, cy, r = rng.uniform(-60, SIZE[0] + 60), rng.uniform(-60, SIZE[1] + 60), rng.uniform(2, 70)
        corners = [(cx + rng.uniform(-r, r), cy + rng.uniform(-r, r)) for _ in range(rng.randint(3, 6))]
        found.append((corners, rng.choice((1, 2, 3, 5, 8, 13))))
    return found


@pytest.mark.parametrize("seed", range(5))
def test_a_wide_outlined_polygon_is_the_same_pixels_as_pillows_own(seed: int) -> None:
    pillow, ours = Image.new("RGB", SIZE, BACKGROUND), Image.new("RGB", SIZE, BACKGROUND)
    for n, (corners, width) in enumerate(polygons(seed)):
        fill = None if n % 4 == 0 else (n * 37 % 256, n * 91 % 256, n * 53 % 256)
        outline = (20, 20, 20) if n % 2 else (255, 255, 255)
        ImageDraw.Draw(pillow).polygon(corners, fill=fill, outline=outline, width=width)
        outlined_polygon(ours, corners, fill, outline, width)
    assert ours.tobytes() == pillow.tobytes()


def test_a_polygon_wholly_outside_the_picture_draws_nothing() -> None:
    image = Image.new("RGB", SIZE, BACKGROUND)
    outlined_polygon(image, [(-50, -50), (-10, -40), (-30, -5)], (200, 0, 0), (0, 0, 0), 4)
    assert image.getcolors() == [(SIZE[0] * SIZE[1], BACKGROUND)]


def test_frames_make_one_looping_gif_of_the_given_width_with_the_last_frame_held() -> None:
    frames = []
    for colour in ((200, 30, 30), (30, 200, 30), (30, 30, 200)):
        image = Image.new("RGB", (900, 1000), colour)
        out = io.BytesIO()
        image.save(out, format="PNG")
        frames.append(out.getvalue())
    gif = Image.open(io.BytesIO(animate(frames, width=720, frame_ms=1600, last_ms=5000)))
    assert gif.format == "GIF" and gif.n_frames == 3 and gif.size == (720, 800) and gif.info["loop"] == 0
    held = []
    for n in range(3):
        gif.seek(n)
        held.append(gif.info["duration"])
        red, green, blue = gif.convert("RGB").getpixel((360, 400))
        assert max(red, green, blue) > 150 and [red, green, blue].index(max(red, green, blue)) == n
    assert held == [1600, 1600, 5000]
    assert animate([]) == b""
