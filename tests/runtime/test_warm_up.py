"""What a bot process loads before its first message (bot/discord/app.py `warm_up`), off the event loop: the first
picture a game saves then imports nothing (Pillow's image formats took 12 ms of the first one), in a fresh process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_PICTURE = """
import io, sys
from bot.discord.app import warm_up
warm_up()
before = set(sys.modules)
from games.core.drawing import font
from PIL import Image, ImageDraw
picture = Image.new("RGB", (64, 32), "white")
ImageDraw.Draw(picture).text((2, 2), "Замок", font=font(True, 12), fill="black")
picture.save(io.BytesIO(), "PNG")
print(sorted(set(sys.modules) - before))
"""


def test_after_the_warm_up_the_first_picture_saved_imports_nothing() -> None:
    done = subprocess.run([sys.executable, "-c", FIRST_PICTURE], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.strip() == "[]", f"imported by the first picture: {done.stdout}"
