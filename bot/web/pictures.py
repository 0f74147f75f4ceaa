"""The games' pictures on the web: which public events the channel was shown one after, and how each is drawn
— by the games' own renderers, from a public view, with the words of the reader's language — and the disk
cache that keeps each drawn file by (database, game, step, language, names), so a picture is drawn once."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bot.config import ROOT
from bot.i18n import t
from games.castle.picture import render_board
from games.castle.picture import text_form as board_text
from games.castle.scene import BOARD_SHOWN_AFTER, build_scene
from games.maskmen.picture import ORDER_CHANGES, order_texts, render_order
from games.maskmen.picture import text_form as order_text

CACHE_DIR = ROOT / "data" / "cache" / "web"

Drawer = Callable[[dict[str, Any], list[str], str], bytes]
Describer = Callable[[dict[str, Any], list[str], str], str]


@dataclass(frozen=True)
class PictureKind:
    shown_after: frozenset[str]
    """The public events after which the channel was shown the picture (as Discord's presenters show it)."""
    draw: Drawer
    """(public view, the seats' names, language) → PNG bytes."""
    describe: Describer
    """The same → the picture in words (its alt text)."""


def _board(view: dict[str, Any], names: list[str], language: str) -> bytes:
    return render_board(build_scene(view, names, partial(t, language)))


def _board_words(view: dict[str, Any], names: list[str], language: str) -> str:
    return board_text(build_scene(view, names, partial(t, language)))


def _order(view: dict[str, Any], names: list[str], language: str) -> bytes:
    return render_order(view["order"], order_texts(partial(t, language), season=view["season"]))


def _order_words(view: dict[str, Any], names: list[str], language: str) -> str:
    return order_text(view["order"], partial(t, language))


PICTURES: dict[str, PictureKind] = {
    "castle": PictureKind(frozenset(BOARD_SHOWN_AFTER), _board, _board_words),
    "maskmen": PictureKind(ORDER_CHANGES, _order, _order_words),
}


def database_key(secret: bytes) -> str:
    """A database's folder in the cache: its links' key, hashed (two databases' game numbers never meet)."""
    return hashlib.sha256(secret).hexdigest()[:16]


class DiskCache:
    """Drawn files under `folder`/<database>/<game>/, written whole or not at all (a reader never sees half a
    file; two writers of the same name write the same bytes)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else CACHE_DIR

    @staticmethod
    def names_key(names: list[str]) -> str:
        return hashlib.sha256("\0".join(names).encode()).hexdigest()[:12]

    def path(self, database: str, game_id: int, name: str) -> Path:
        return self.folder / database / str(game_id) / name

    def get(self, path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except OSError:
            return None

    def put(self, path: Path, data: bytes) -> None:
        with contextlib.suppress(OSError):  # a folder that cannot be written: drawn again next time
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(data)
                os.replace(temporary, path)
            finally:
                Path(temporary).unlink(missing_ok=True)
