"""Every message the engine emits exists in English and Russian and renders without errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fluent.runtime import FluentResource

from bot.i18n import LOCALES_DIR, catalog
from games.core import Action
from games.core.rng import derived
from games.maskmen import ENGINE
from games.maskmen.cards import COLOURS, colour_key

from ..rendering import assert_renders_for_everyone

pytestmark = pytest.mark.xdist_group("maskmen-messages")
"""One worker plays the module's games once (a module fixture) for all its tests."""

ERROR_KEYS = {
    "maskmen-error-must-lead",
    "maskmen-error-too-many",
    "maskmen-error-not-held",
    "maskmen-error-debut-one",
    "maskmen-error-same-colour",
    "maskmen-error-weaker",
    "maskmen-error-wrong-count",
    "maskmen-error-cannot-beat",
}
PICTURE_KEYS = {
    "maskmen-picture-title",
    "maskmen-picture-legend",
    "maskmen-picture-unrelated",
    "maskmen-picture-undebuted",
    "maskmen-picture-empty",
    "maskmen-order-chains",
    "maskmen-order-isolated",
    "maskmen-order-undebuted",
    "maskmen-order-empty",
}


def message_ids(language: str) -> set[str]:
    text = (Path(LOCALES_DIR) / language / "maskmen.ftl").read_text(encoding="utf-8")
    return {entry.id.name for entry in FluentResource(text).body if type(entry).__name__ == "Message"}


def emitted() -> list[tuple[str, dict[str, Any]]]:
    """(key, params) of everything a few games emit: events, prompts, options, refusals."""
    found: list[tuple[str, dict[str, Any]]] = []
    for seed, (players, rule) in enumerate(
        [(2, "first_out"), (3, "last_standing"), (4, "first_out"), (6, "last_standing")]
    ):
        state, events = ENGINE.setup(players, {"season_end": rule, "seasons": 2}, seed)
        found += [(e.key, e.params) for e in events]
        while not state.over:
            prompt = state.prompts[0]
            found.append((prompt.key, prompt.params))
            found += [(o.label, o.params) for o in prompt.options]
            for value in ("pass", "pink:4", "purple:3", "grey:2", "blue:1", "orange:2"):
                refusal = ENGINE.check(state, prompt.seat, Action(prompt=prompt.id, value=value))
                if refusal:
                    found.append((refusal.key, refusal.params))
            if state.step % 7 == 0:
                for viewer in (None, prompt.seat, "gm"):
                    found += [(e.key, e.params) for e in ENGINE.summary(state, viewer)]
            action = ENGINE.bot_action(state, prompt, derived(seed, state.step))
            state, events = ENGINE.apply(state, prompt.seat, action)
            found += [(e.key, e.params) for e in events]
        found += [(e.key, e.params) for e in ENGINE.summary(state, None)]
    return found


@pytest.fixture(scope="module")
def messages() -> list[tuple[str, dict[str, Any]]]:
    return emitted()


def test_catalogs_define_the_same_keys() -> None:
    en, ru = message_ids("en"), message_ids("ru")
    assert en == ru
    assert all(key.startswith("maskmen-") for key in en)
    assert {"maskmen-rules", *(colour_key(c) for c in COLOURS), *ERROR_KEYS, *PICTURE_KEYS} <= en


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_emitted_message_exists_and_renders(language: str, messages: list[tuple[str, dict[str, Any]]]) -> None:
    keys = {key for key, _ in messages}
    assert {"maskmen-play", "maskmen-pass", "maskmen-proved", "maskmen-season-end", "maskmen-game-end"} <= keys
    assert {"maskmen-cleared-three", "maskmen-cleared-passed", "maskmen-out", "maskmen-duel-season"} <= keys
    assert keys & ERROR_KEYS
    assert {"maskmen-status-ring", "maskmen-status-beats", "maskmen-status-gm-hand", "maskmen-status-duel"} <= keys
    for key in keys | ERROR_KEYS | PICTURE_KEYS | {"maskmen-rules"}:
        assert catalog(language).has(key), (language, key)
    for key, params in messages:
        assert_renders_for_everyone(language, key, params, "maskmen-")


def test_russian_plurals() -> None:
    ru = catalog("ru")
    colour = ru.text("maskmen-colour-blue")
    assert ru.text("maskmen-play", {"player": "Аня", "colour": colour, "count": 2, "left": 1}).endswith(
        "(осталась 1 карта)."
    )
    assert ru.text("maskmen-play", {"player": "Аня", "colour": colour, "count": 2, "left": 3}).endswith(
        "(осталось 3 карты)."
    )
    assert ru.text("maskmen-play", {"player": "Аня", "colour": colour, "count": 2, "left": 11}).endswith(
        "(осталось 11 карт)."
    )
    assert ru.text("maskmen-play", {"player": "Аня", "colour": colour, "count": 2, "left": 21}).endswith(
        "(осталась 21 карта)."
    )
    assert "по 15 карт" in ru.text("maskmen-season-start", {"season": 1, "cards": 15, "leader": "Аня"})
    en = catalog("en")
    assert en.text("maskmen-play", {"player": "Ann", "colour": "Blue", "count": 2, "left": 1}).endswith(
        "(1 card left)."
    )


def test_rules_summary_is_multi_line() -> None:
    for language in ("en", "ru"):
        text = catalog(language).text("maskmen-rules")
        assert text.count("\n") >= 8 and "+2" in text and "−1" in text


def test_every_key_in_the_engine_source_exists() -> None:
    """Keys written as literals anywhere in games/maskmen (events, prompts, refusals, captions)."""
    import re

    source = Path(__file__).resolve().parents[3] / "games" / "maskmen"
    literals = set()
    for path in source.glob("*.py"):
        literals |= set(re.findall(r'"(maskmen-[a-z_-]+[a-z])"', path.read_text(encoding="utf-8")))
    literals.discard("maskmen-colour")
    assert len(literals) > 30
    for language in ("en", "ru"):
        missing = sorted(key for key in literals if not catalog(language).has(key))
        assert not missing, (language, missing)
