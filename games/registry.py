"""Every game the bot knows, by name."""

from __future__ import annotations

import importlib

from games.core import Engine

_MODULES = {
    "castle": "games.castle",
    "cookie": "games.cookie",
    "maskmen": "games.maskmen",
    "mafia": "games.mafia",
    "sword-of-lies": "games.sword_of_lies",
}
_loaded: dict[str, Engine] = {}


def available() -> list[str]:
    names = []
    for name, module in _MODULES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            continue
        names.append(name)
    return names


def engine(name: str) -> Engine:
    if name not in _loaded:
        if name not in _MODULES:
            raise KeyError(name)
        _loaded[name] = importlib.import_module(_MODULES[name]).ENGINE
    return _loaded[name]
