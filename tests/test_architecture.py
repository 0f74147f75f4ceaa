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
        for path in [*(ROOT / "bot").glob("*.py"), *(ROOT / "bot" / "web").glob("*.py")]
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


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(*packages: str) -> dict[str, set[str]]:
    """Module → the modules of `packages` it imports (type-only imports included: a circle is a circle)."""
    files = {_module_name(path): path for package in packages for path in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name in files}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                # `from bot.discord import presenting` imports a module; `from bot.table import Seat` a name
                named = {f"{node.module}.{a.name}" for a in node.names} & files.keys()
                targets |= named or ({node.module} & files.keys())
        graph[module] = targets - {module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each found once (depth-first, as a path back to where it started)."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> None:
        for target in sorted(graph.get(module, ())):
            if target in path:
                found.append([*path[path.index(target):], target])
            elif target not in done:
                walk(target, [*path, target])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            walk(module, [module])
    return found


def test_imports_run_one_way_with_no_circle() -> None:
    found = circles(import_graph("bot", "cogs", "games"))
    assert not found, "import circles: " + "; ".join(" → ".join(c) for c in found)


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]


def test_the_discord_helpers_receive_what_they_use_not_the_service() -> None:
    helpers = ("channel", "flow", "relay", "shards", "planning", "delivering", "interactions", "standing",
               "outboxes", "presenting", "kinds", "prompts", "pictures")
    offenders = [name for name in helpers if "bot.discord.service" in imports(ROOT / "bot" / "discord" / f"{name}.py")]
    assert not offenders, offenders


def test_bot_modules_stay_small() -> None:
    """Every module of bot/ (its storage aside, split on its own) holds at most about 500 lines."""
    files = [path for path in (ROOT / "bot").rglob("*.py") if "storage" not in path.relative_to(ROOT).parts]
    sizes = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines()) for path in files}
    assert all(lines <= 500 for lines in sizes.values()), {name: n for name, n in sizes.items() if n > 500}


def test_a_games_row_is_written_by_the_table_and_the_lobby_only() -> None:
    """A game's meta has one writer, `Table.update_meta` (under the game's lock, moving the game's version
    with the write, so no process reloads the game for it); a lobby's row is the lobby's (bot/lobby.py). Nothing
    else calls the storage's `update_game`."""
    allowed = ("bot/table/", "bot/storage/", "bot/lobby.py")
    offenders = []
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]:
        name = str(path.relative_to(ROOT))
        if name.startswith(allowed):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("update_game", "update_game_in"):
                offenders.append(f"{name}:{node.lineno}")
    assert not offenders, offenders


def test_the_game_master_hands_each_part_what_it_uses_when_it_is_made() -> None:
    """bot/discord/service.py builds its parts with their collaborators as constructor arguments: none is
    set on a part afterwards (`self.part.collaborator = …`, `self.part.hooks += …`), nor on the table or
    the storage (by anyone in bot/table/ either)."""
    wired = []
    for path in [ROOT / "bot" / "discord" / "service.py", *(ROOT / "bot" / "table").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            else:
                continue
            for target in targets:
                if not isinstance(target, ast.Attribute):
                    continue
                owner = ast.unparse(target.value)
                if owner in ("storage", "table", "self.storage", "self.table") or (
                        path.name == "service.py" and "." in owner):
                    wired.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(target)}")
    assert not wired, wired
