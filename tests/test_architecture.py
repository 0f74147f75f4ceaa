"""The layers point one way: games/ never imports Discord, SQLite or asyncio; everything Discord
lives in bot/discord/, whose components never import the service that uses them."""

from __future__ import annotations

import ast
import re
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


MAX_LINES = 500
"""A module a reader takes in at once: split a longer one by what its parts are about."""


def test_every_module_of_the_bot_the_games_and_the_cogs_stays_small() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for folder in ("bot", "games", "cogs")
        for path in (ROOT / folder).rglob("*.py")
    }
    assert all(lines <= MAX_LINES for lines in sizes.values()), {name: n for name, n in sizes.items() if n > MAX_LINES}


def test_an_interactions_input_key_is_spelled_in_one_place() -> None:
    """What makes an interaction applied once (its input key) is written by `bot.live.interaction_key` alone:
    a click, a command and a command's several steps (Sword of Lies' /pay) all ask it, so a second spelling
    can never drift from the first and let a redelivered interaction count twice."""
    spelled = re.compile(r"""f["']i\{""")
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("bot", "cogs")
        for path in (ROOT / folder).rglob("*.py")
        if path != ROOT / "bot" / "live.py" and spelled.search(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, f"input keys spelled outside bot.live.interaction_key: {offenders}"


GAME_WORDS_RU = ("печеньк", "маскмен", "меч лжи", "меч-лжи", "замок", "замк", "мафи")
"""The games' Russian names (their titles and slash commands), as the stems of their cases."""


def game_words() -> set[str]:
    """Every word that names one of the registered games in code: its name's and package's words, and the prefix
    its catalog keys start with ("sol-" for Sword of Lies); "of" names nothing."""
    from games import registry

    words: set[str] = set()
    for name in registry.available():
        package = registry.package(name)
        words |= {*name.split("-"), *package.split("_")}
        catalog = ROOT / "data" / "locales" / "en" / f"{package}.ftl"
        if catalog.exists():
            keys = re.findall(r"^([a-z0-9]+)-", catalog.read_text(encoding="utf-8"), re.MULTILINE)
            words.add(max(set(keys), key=keys.count))
    return words - {"of"}


def code_words(path: Path) -> list[tuple[int, str]]:
    """(line, word) of every word of the code: the identifiers it binds and reads (split at `_` and at case), and
    its strings (split at anything but letters and digits). Comments and docstrings are prose, not code: their
    examples ("Mafia's anonymous mode") help a reader and never make a new game touch the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }
    found: list[tuple[int, str]] = []

    def add(line: int, text: str, *, identifier: bool) -> None:
        if identifier:
            text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text)
        found.extend((line, word.lower()) for word in re.split(r"[^0-9A-Za-zА-Яа-яЁё]+", text) if word)
        if not identifier:
            found.append((line, text.lower()))

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            add(line, node.value, identifier=False)
        elif isinstance(node, ast.Name):
            add(line, node.id, identifier=True)
        elif isinstance(node, ast.Attribute):
            add(line, node.attr, identifier=True)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            add(line, node.name, identifier=True)
        elif isinstance(node, ast.arg):
            add(line, node.arg, identifier=True)
        elif isinstance(node, ast.alias):
            add(line, node.asname or node.name, identifier=True)
        elif isinstance(node, ast.ImportFrom) and node.module:
            add(line, node.module, identifier=True)
    return found


def names_a_game(words: set[str], word: str) -> bool:
    return word in words or any(stem in word for stem in GAME_WORDS_RU)


def test_the_game_words_know_every_game() -> None:
    assert {"cookie", "maskmen", "sword", "lies", "sol", "castle", "mafia"} <= game_words()
    assert names_a_game(game_words(), "sol") and names_a_game(game_words(), "мафию героев")
    assert not names_a_game(game_words(), "solve") and not names_a_game(game_words(), "card")


def test_no_module_of_the_runtime_nor_a_shared_cog_names_a_game() -> None:
    """A game registers in one place (its `SPEC`, games/<game>/__init__.py; games/registry.py finds it), and
    everything in bot/ and the shared cogs reads what it needs from there: adding a game is games/<game>/ and
    cogs/<game>.py (with its catalogs and data files), nothing else."""
    from games import registry

    words = game_words()
    own_cogs = {f"{registry.package(name)}.py" for name in registry.available()}
    shared_cogs = [path for path in (ROOT / "cogs").glob("*.py") if path.name not in own_cogs]
    files = [*(ROOT / "bot").rglob("*.py"), *shared_cogs]
    offenders = sorted({
        f"{path.relative_to(ROOT)}:{line} {word}"
        for path in files
        for line, word in code_words(path)
        if names_a_game(words, word)
    })
    assert not offenders, offenders


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


ADDING = ("append", "extend", "insert", "add", "update", "setdefault")
"""What adds a collaborator to a part's list, set or dict after the part was made."""


def test_the_game_master_hands_each_part_what_it_uses_when_it_is_made() -> None:
    """bot/discord/service.py builds its parts with their collaborators as constructor arguments: none is
    set on a part afterwards (`self.part.collaborator = …`, `self.part.hooks += …`, `self.part.hooks.append(…)`),
    nor on the table or the storage (by anyone in bot/table/ either)."""
    wired = []
    for path in [ROOT / "bot" / "discord" / "service.py", *(ROOT / "bot" / "table").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if path.name == "service.py" and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                part = ast.unparse(node.func.value)  # whose list, set or dict: a part's (self.part.hooks), the table's
                if node.func.attr in ADDING and (part.count(".") >= 2 or part.startswith(("table.", "storage."))):
                    wired.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node.func)}")
                continue
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
