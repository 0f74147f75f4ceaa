"""Bot levels in the engines (issue 22): every game's `bot_action` hands the level it is asked for on
to its own bot module, and a call that names no level plays at the default level."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games import registry
from games.core.engine import BOT_LEVELS, DEFAULT_BOT_LEVEL

BOT_ENTRIES: dict[str, list[tuple[str, str]]] = {
    "cookie": [("games.cookie.bot", "choose_card"), ("games.cookie.bot", "place_target")],
    "maskmen": [("games.maskmen.engine", "bot_value")],
    "sword-of-lies": [("games.sword_of_lies.bot", "choose")],
    "castle": [("games.castle.bot", "bot_action")],
    "mafia": [("games.mafia.bot", "choose")],
}
"""Where each engine reaches its bot policy (module, name), as the engine module sees it."""

PLAYERS = {"cookie": 4, "maskmen": 4, "sword-of-lies": 4, "castle": 3, "mafia": 10}


def recording(real: Callable[..., Any], heard: list[str]) -> Callable[..., Any]:
    def entry(*args: Any, level: str = DEFAULT_BOT_LEVEL, **kwargs: Any) -> Any:
        heard.append(level)
        return real(*args, level=level, **kwargs)

    return entry


@pytest.mark.parametrize("game", sorted(BOT_ENTRIES))
@pytest.mark.parametrize("level", [*BOT_LEVELS, None])
def test_the_engine_hands_the_level_to_its_bot_module(
    game: str, level: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[str] = []
    for module, name in BOT_ENTRIES[game]:
        target = __import__(module, fromlist=[name])
        monkeypatch.setattr(target, name, recording(getattr(target, name), heard))
    engine = registry.engine(game)
    state, _ = engine.setup(PLAYERS[game], None, seed=7)
    for step in range(40):  # a few answers: enough to reach every entry point the game has
        if state.over:
            break
        prompt = next(p for p in state.prompts if not p.answered)
        rng = random.Random(step)
        if level is None:
            action = engine.bot_action(state, prompt, rng)
        else:
            action = engine.bot_action(state, prompt, rng, level=level)
        state, _ = engine.apply(state, prompt.seat, action)
    assert heard, f"{game}: the bot module was never asked"
    assert set(heard) == {level or DEFAULT_BOT_LEVEL}
