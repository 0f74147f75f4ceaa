"""Every message key the engine can emit exists in English and Russian, renders without
Fluent errors with the engine's own parameters, and Russian plurals are right."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fluent.runtime import FluentResource

from bot.i18n import LOCALES_DIR, catalog, render_params
from games.core.rng import derived
from games.sword_of_lies import ENGINE
from games.sword_of_lies.betting_records import KINDS, REFUSAL_KEYS
from tests.games.sword_of_lies.test_properties import bot_level

from ..rendering import assert_renders_for_everyone

SOURCE = Path(__file__).resolve().parents[3] / "games" / "sword_of_lies"
LITERAL = re.compile(r'"(sol-[a-z0-9_-]*[a-z0-9])"')
DYNAMIC = {
    "sol-colour-": ["red", "black"],
    "sol-limit-": ["no_limit", "pot_limit", "fixed_limit"],
    "sol-bet-": [kind.replace("_", "-") for kind in KINDS],
    "sol-outcome-": ["plain", "shield", "sword"],
    "sol-attack-": ["standard", "double"],
    "sol-result-": ["flipped", "destroyed", "held"],
}


def file_keys(language: str) -> set[str]:
    resource = FluentResource((LOCALES_DIR / language / "sword_of_lies.ftl").read_text(encoding="utf-8"))
    return {entry.id.name for entry in resource.body if type(entry).__name__ == "Message"}


def static_keys() -> set[str]:
    found: set[str] = set(REFUSAL_KEYS)
    for path in SOURCE.glob("*.py"):
        found.update(k for k in LITERAL.findall(path.read_text(encoding="utf-8")) if not k.startswith("sol-bet-error"))
    for prefix, suffixes in DYNAMIC.items():
        found.update(prefix + s for s in suffixes)
    found.discard("sol-prompt")
    return {k for k in found if not k.endswith("-")}


def test_both_languages_define_the_same_keys() -> None:
    assert file_keys("en") == file_keys("ru")
    assert "sol-rules" in file_keys("en")
    for language in ("en", "ru"):
        assert catalog(language).text("sol-rules").count("\n") >= 5


def test_every_key_in_the_source_exists_in_both_languages() -> None:
    keys = static_keys()
    assert len(keys) > 100
    for language in ("en", "ru"):
        missing = sorted(k for k in keys if not catalog(language).has(k))
        assert not missing, (language, missing)


def _terms(value: Any) -> set[str]:
    if isinstance(value, dict):
        if set(value) == {"term"}:
            return {value["term"]}
        return set().union(*(_terms(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_terms(v) for v in value)) if value else set()
    return set()


def _render_checked(language: str, key: str, params: dict[str, Any]) -> str:
    """The channel's text of a message; it must also render for every player named in it
    reading it as "you"."""
    cat = catalog(language)
    assert cat.has(key), (language, key)
    assert_renders_for_everyone(language, key, params, "sol-")
    for term in _terms(params):
        assert cat.has(term), (language, term)
    message = cat.bundle.get_message(key)
    text, _ = cat.bundle.format_pattern(message.value, render_params(language, params, lambda n: f"Player{n + 1}"))
    return text


def test_everything_emitted_in_real_games_renders_in_both_languages() -> None:
    emitted: set[str] = set()
    checked: set[str] = set()

    def _render(language: str, key: str, params: dict[str, Any]) -> None:
        """Each distinct message (key and parameters) once: a prompt's options come back every step."""
        seen = json.dumps([language, key, params], sort_keys=True)
        if seen not in checked:
            checked.add(seen)
            _render_checked(language, key, params)

    for seed in range(30):
        options = {
            "reveal_mode": ["sequential", "simultaneous"][seed % 2],
            "ask_buy_ins": seed % 5 == 0,
            "rake_percent": 5 * (seed % 2),
            "betting": ["no_limit", "pot_limit", "fixed_limit"][seed % 3],
            "sturdy_shields": seed % 4 == 0,
        }
        state, events = ENGINE.setup(3 + seed % 5, options, seed)
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            for language in ("en", "ru"):
                _render(language, prompt.key, prompt.params)
                for option in prompt.options:
                    _render(language, option.label, option.params)
                    if option.disabled:
                        _render(language, option.disabled.key, option.disabled.params)
            emitted.update([prompt.key, *(o.label for o in prompt.options)])
            rng = derived(seed, "msg", state.step)
            action = (
                ENGINE.default_action(state, prompt)
                if rng.random() < 0.1
                else ENGINE.bot_action(state, prompt, rng, level=bot_level(seed))
            )
            state, new = ENGINE.apply(state, prompt.seat, action)
            events += new
        for event in events:
            for language in ("en", "ru"):
                _render(language, event.key, event.params)
            emitted.add(event.key)
    assert emitted <= static_keys()
    assert len([k for k in emitted if k.startswith("sol-event-")]) > 40


def test_russian_plurals() -> None:
    def ru(key: str, **params: Any) -> str:
        return _render_checked("ru", key, params)

    paid = [ru("sol-event-paid", player={"seat": 0}, to={"seat": 1}, chips=n) for n in (1, 3, 5, 21, 11)]
    assert [p.split()[-1] for p in paid] == ["фишку.", "фишки.", "фишек.", "фишку.", "фишек."]
    swords = [ru("sol-event-swords-doubled", player={"seat": 0}, swords=n) for n in (1, 2, 5, 22)]
    assert ["меч " in s for s in swords] == [True, False, False, False]
    assert ["меча " in s for s in swords] == [False, True, False, True]
    assert "мечей" in swords[2]
    lives = [ru("sol-event-rank", place=1, player={"seat": 0}, lives=n, swords=0) for n in (1, 4, 7)]
    assert ["жизнь," in lives[0], "жизни," in lives[1], "жизней," in lives[2]] == [True, True, True]
    assert "1 меч" in ru("sol-error-double-needs-two-swords", swords=1)


def test_the_rules_summary_is_the_engines_rules_key() -> None:
    assert ENGINE.rules_key() == "sol-rules"
    for language in ("en", "ru"):
        assert "Phase" in catalog(language).text("sol-rules") or "Фаза" in catalog(language).text("sol-rules")
