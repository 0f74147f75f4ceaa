"""The disk cache of the games' pictures on the web: each file drawn (by the game's own renderer,
games.core.spec.Picture, from a public view with the words of the reader's language) is kept by (database,
game, step, language, names), so a picture is drawn once."""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from pathlib import Path

from bot.config import ROOT

CACHE_DIR = ROOT / "data" / "cache" / "web"


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
