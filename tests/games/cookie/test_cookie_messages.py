"""Every message the engine emits exists in English and Russian and renders without errors."""

from __future__ import annotations

import re

import pytest
from fluent.runtime import FluentResource

from bot.i18n import LANGUAGES, LOCALES_DIR, catalog, render
from games.cookie import ENGINE, rules
from games.core import Event

from ..rendering import assert_renders_for_everyone
from .helpers import play_out, terms

pytestmark = pytest.mark.xdist_group("cookie-messages")
"""One worker plays the module's games once (a module fixture) for all its tests."""

REFUSALS = [
    "cookie-error-blocked-sword",
    "cookie-error-blocked-shield",
    "cookie-error-yourself",
    "cookie-error-not-in-hand",
]


def emitted() -> tuple[set[str], list[Event]]:
    """Keys of everything a few whole games emit: events, prompts, option labels, the reasons of
    disabled options, and the terms inside their parameters."""
    keys: set[str] = {ENGINE.rules_key(), *REFUSALS}
    keys |= {f"cookie-card-{card}" for card in rules.CARDS} | {f"cookie-role-{role}" for role in rules.CHARACTERS}
    events: list[Event] = []
    for players in (4, 5, 6):
        for seed in range(3):
            state, new = ENGINE.setup(players, None, seed)
            events += new
            for _before, _prompt, _action, after, new in play_out(state):
                events += new
                for prompt in after.prompts:
                    keys |= {prompt.key, *terms(prompt.params)}
                    for option in prompt.options:
                        keys |= {option.label, *terms(option.params)}
                        if option.disabled:
                            keys |= {option.disabled.key, *terms(option.disabled.params)}
    for event in events:
        keys |= {event.key, *terms(event.params)}
    return keys, events


@pytest.fixture(scope="module")
def emitted_keys() -> tuple[set[str], list[Event]]:
    return emitted()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_emitted_key_exists(language: str, emitted_keys: tuple[set[str], list[Event]]) -> None:
    keys, _ = emitted_keys
    assert {"cookie-event-placed-nobody", "cookie-event-choice-changed", "cookie-error-blocked-sword"} <= keys
    missing = sorted(key for key in keys if not catalog(language).has(key))
    assert not missing, f"{language}: {missing}"


def ftl_keys(language: str) -> set[str]:
    resource = FluentResource((LOCALES_DIR / language / "cookie.ftl").read_text(encoding="utf-8"))
    return {entry.id.name for entry in resource.body if type(entry).__name__ == "Message"}


def test_english_and_russian_define_the_same_keys() -> None:
    assert ftl_keys("en") == ftl_keys("ru")
    assert all(key.startswith("cookie-") for key in ftl_keys("en"))


EXPANSIONS: dict[str, tuple[str, ...]] = {
    "cookie-card-": rules.CARDS,
    "cookie-role-": rules.CHARACTERS,
    "cookie-error-blocked-": (rules.SWORD, rules.SHIELD),
    "cookie-event-placed-": (rules.SWORD, rules.SHIELD),
    "cookie-prompt-place-": (rules.SWORD, rules.SHIELD),
}


def test_the_engine_source_names_only_existing_keys() -> None:
    """A static cross-check: every message key written in games/cookie exists; f-string keys are
    expanded over the values they can take (prompt ids, "cookie-r…", are not messages)."""
    folder = LOCALES_DIR.parent.parent / "games" / "cookie"
    source = "\n".join(path.read_text(encoding="utf-8") for path in folder.glob("*.py"))
    keys = set(re.findall(r'(?<!f)"(cookie-[a-z0-9-]+)"', source))
    for prefix in re.findall(r'f"(cookie-[a-z0-9-]*)\{', source):
        if prefix == "cookie-r":
            continue
        assert prefix in EXPANSIONS, prefix
        keys |= {prefix + suffix for suffix in EXPANSIONS[prefix]}
    assert len(keys) > 20
    for language in LANGUAGES:
        assert sorted(k for k in keys if not catalog(language).has(k)) == [], language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_renders_without_fluent_errors(language: str, emitted_keys: tuple[set[str], list[Event]]) -> None:
    """…for the channel and for every player named in the line reading it as "you"."""
    _, events = emitted_keys
    seen = set()
    for event in events:
        if event.key in seen:
            continue
        seen.add(event.key)
        assert_renders_for_everyone(language, event.key, event.params, "cookie-")


def test_rules_summary_is_multi_line_in_both_languages() -> None:
    for language in LANGUAGES:
        text = catalog(language).text("cookie-rules")
        assert text.count("\n") >= 8
        assert ("3" in text) and ("2" in text) and ("1" in text)


@pytest.mark.parametrize(
    ("coins", "russian"),
    [(1, "1 монета"), (2, "2 монеты"), (5, "5 монет"), (21, "21 монета"), (23, "23 монеты"), (0, "0 монет")],
)
def test_russian_plurals_in_the_score_line(coins: int, russian: str) -> None:
    params = {
        "player": {"seat": 0},
        "role": {"term": "cookie-role-blue"},
        "sword": 3,
        "shield": 0,
        "hill": 1,
        "points": 4,
        "coins": coins,
    }
    text = render("ru", "cookie-event-score", params, lambda n: "Гомер")
    assert f"всего {russian})" in text
    assert text.startswith("Гомер — Синий")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "hill_in_play"), [(4, True), (6, False)])
def test_the_score_line_names_the_hill_only_where_there_is_one(language: str, players: int, hill_in_play: bool) -> None:
    """At 6 players the Hill is not in play: no "Hill 0" in the round's scores (issue 36 §6)."""
    state, _ = ENGINE.setup(players, None, 1)
    scores = [e for *_, new in play_out(state) for e in new if e.key == "cookie-event-score"]
    assert len(scores) == players * state.rounds
    hill = {"en": "Hill", "ru": "холм"}[language]
    for event in scores:
        text = render(language, event.key, event.params, lambda n: f"P{n}")
        assert (hill in text) == hill_in_play, text


@pytest.mark.parametrize(("language", "joined"), [("en", " or "), ("ru", " или ")])
def test_who_a_player_can_be_lists_the_roles_as_alternatives(language: str, joined: str) -> None:
    """«Кем может быть Борис: Печенька, Стронций или Косинус» — one of them, so "or", never a bare comma list."""
    state, _ = ENGINE.setup(4, None, 1)
    lines = [e for e in ENGINE.summary(state, 0) if e.key == "cookie-summary-possible"]
    assert lines
    for event in lines:
        text = render(language, event.key, event.params, lambda n: f"P{n}")
        roles = text.split(": ", 1)[1]
        assert joined in roles and roles.count(",") == len(event.params["roles"]["or"]) - 2, text
