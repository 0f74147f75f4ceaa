"""The layers point one way: games/ never imports Discord, SQLite or asyncio."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "asyncio", "bot", "cogs"}


def test_games_import_no_io_or_runtime() -> None:
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert not offenders, offenders


def test_games_never_use_the_global_random() -> None:
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for bad in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(", "random.seed("):
            if bad in text:
                offenders.append(f"{path.relative_to(ROOT)}: {bad}")
    assert not offenders, offenders
