"""The layers point one way: games/ never imports Discord, SQLite or asyncio; everything Discord
lives in bot/discord/, whose components never import the service that uses them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "asyncio", "bot", "cogs"}


def imports(path: Path) -> list[str]:
    """Every module a file imports (absolute imports), wherever the import stands."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_games_import_no_io_or_runtime() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in (ROOT / "games").rglob("*.py")
        for name in imports(path)
        if name.split(".")[0] in FORBIDDEN
    ]
    assert not offenders, offenders


def test_everything_discord_lives_in_bot_discord() -> None:
    outside = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "bot").glob("*.py")
        if any(name == "discord" or name.startswith("discord.") for name in imports(path))
    ]
    assert not outside, f"Discord code outside bot/discord/: {outside}"


def test_the_components_do_not_import_the_service() -> None:
    assert "bot.discord.service" not in imports(ROOT / "bot" / "discord" / "components.py")


def test_games_never_use_the_global_random() -> None:
    offenders = []
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for bad in ("random.random(", "random.choice(", "random.shuffle(", "random.randint(", "random.seed("):
            if bad in text:
                offenders.append(f"{path.relative_to(ROOT)}: {bad}")
    assert not offenders, offenders
