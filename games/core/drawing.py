"""What every game's picture shares: the bundled fonts (Cyrillic included) and readable text colours.

Pictures are pure functions from plain data to PNG bytes (Pillow, no I/O beyond reading the fonts)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONTS_DIR = Path(__file__).resolve().parents[2] / "data" / "fonts"
REGULAR_FONT = FONTS_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONTS_DIR / "DejaVuSans-Bold.ttf"

RGB = tuple[int, int, int]


@cache
def font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD_FONT if bold else REGULAR_FONT), size)


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(channel, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_colour(fill: RGB) -> RGB:
    """White or near-black, whichever contrasts more with `fill`."""
    light = luminance(fill)
    return (255, 255, 255) if (1.05 / (light + 0.05)) >= ((light + 0.05) / 0.05) else (20, 20, 20)
