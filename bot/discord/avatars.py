"""The round avatars of an anonymous game's speaking webhooks: a disc in a colour of the seat's own
with its public name's initial (bot/discord/relay.py)."""

from __future__ import annotations

import base64
import colorsys
import hashlib
import io

from PIL import Image, ImageDraw

from games.core.drawing import font, text_colour


def colour_of(key: str) -> tuple[int, int, int]:
    """A colour of the key's own (the same every time), saturated and mid-light."""
    hue = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    r, g, b = colorsys.hls_to_rgb(hue, 0.45, 0.6)
    return int(r * 255), int(g * 255), int(b * 255)


def avatar_png(name: str, key: str, size: int = 128) -> bytes:
    """A round avatar: a disc in the key's colour with the name's initial."""
    fill = colour_of(key)
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, size - 3, size - 3), fill=(*fill, 255))
    initial = (name.strip()[:1] or "?").upper()
    face = font(True, int(size * 0.55))
    draw.text((size / 2, size / 2), initial, font=face, fill=text_colour(fill), anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")
