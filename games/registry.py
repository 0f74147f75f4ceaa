"""Every game the bot knows, by name. A game is a package of games/ whose `__init__.py` builds a `SPEC`
(games.core.spec.GameSpec): the registry finds each one there, so adding a game registers it — nothing
else lists the games."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import games
from games.core import Engine
from games.core.spec import GameSpec

FIRST_GAME = "cookie"
"""The game played when none is named: the terminal's `play`, the bot run with no token, the table benchmark."""


@cache
def _found() -> dict[str, tuple[GameSpec, str]]:
    """Name → (spec, package), in the packages' order."""
    found: dict[str, tuple[GameSpec, str]] = {}
    for module in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not module.ispkg:
            continue
        try:
            package = importlib.import_module(f"{games.__name__}.{module.name}")
        except ImportError:
            continue
        spec = getattr(package, "SPEC", None)
        if isinstance(spec, GameSpec):
            found[spec.name] = (spec, module.name)
    return found


def available() -> list[str]:
    return list(_found())


def spec(name: str) -> GameSpec:
    """The game's spec; KeyError for a name no game has."""
    return _found()[name][0]


def specs() -> list[GameSpec]:
    return [found for found, _ in _found().values()]


def engine(name: str) -> Engine[Any]:
    return spec(name).engine


def package(name: str) -> str:
    """The game's package in games/ (and its cog's module in cogs/): "sword_of_lies" for "sword-of-lies"."""
    return _found()[name][1]
