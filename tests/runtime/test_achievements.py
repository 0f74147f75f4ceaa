"""Achievements (issue 40): each one earned in a scripted game — a seeded game the bot players play the
same way every time, straight through the engine — by the seats its check names, given to the member
holding such a seat at the end (not to one who left it), announced with its name and what earned it in
English and in Russian; and not earned in a game where nobody did it. Every game has 6 to 10."""

from __future__ import annotations

import functools
import re

import pytest

from bot.i18n import t
from bot.ratings.achievements import by_id, catalog, earned
from bot.ratings.feats import Finished
from bot.ratings.holders import AFK, END
from bot.ratings.maths import Holder
from bot.ratings.text import awards_lines
from games import registry
from games.core.rng import derived

SCRIPTS: dict[str, tuple[int, int, list[int], tuple[int, int]]] = {
    # achievement: (players, seed of a game earning it, the seats that earn it, (players, seed) of one without it)
    "cookie-perfect-round": (4, 10, [1], (4, 1)),
    "cookie-gentle-win": (4, 38, [2], (4, 1)),
    "cookie-shield-wall": (4, 10, [1], (4, 1)),
    "cookie-sharp-sword": (4, 4, [2, 3], (4, 1)),
    "cookie-landslide": (4, 1, [2], (4, 2)),
    "cookie-comeback": (4, 16, [3], (4, 1)),
    "maskmen-every-season": (3, 3, [2], (2, 1)),
    "maskmen-duel-shutout": (2, 1, [0], (2, 3)),
    "maskmen-three-in-a-row": (2, 1, [0], (2, 3)),
    "maskmen-never-minus": (3, 1, [0], (2, 1)),
    "maskmen-comeback": (3, 9, [1], (2, 1)),
    "maskmen-tiebreak": (3, 36, [0], (2, 1)),
    "sol-bluff": (3, 10, [0], (3, 1)),
    "sol-untouched": (3, 1, [2], (3, 2)),
    "sol-last-standing": (3, 11, [1], (3, 1)),
    "sol-trader": (3, 2, [2], (3, 1)),
    "sol-doubled": (3, 1, [2], (3, 11)),
    "sol-tripled": (4, 1, [0], (3, 1)),
    "castle-first-delivery": (3, 1, [2], (3, 2)),
    "castle-skirmish-master": (3, 1, [2], (3, 2)),
    "castle-robber": (3, 1, [1], (3, 3)),
    "castle-unbeaten": (3, 4, [1], (3, 1)),
    "castle-shared": (3, 30, [0, 1, 2], (3, 1)),
    "castle-swift": (3, 5, [1], (3, 1)),
    "mafia-last-law": (10, 3, [6], (10, 1)),
    "mafia-boss-day-one": (10, 5, [0, 2, 4, 5, 6, 8, 9], (10, 1)),
    "mafia-family-intact": (10, 2, [0, 1, 4], (10, 1)),
    "mafia-leader-win": (10, 10, [4, 7], (10, 1)),
    "mafia-killer-check": (10, 1, [9], (10, 2)),
    "mafia-artifact-win": (10, 5, [6], (10, 1)),
}
SUBSTITUTE = 900
"""The member who took over the first earning seat from its first holder (who went absent)."""


@functools.cache
def scripted(game: str, players: int, seed: int) -> Finished:
    """The game the bot players (the shipped level) play from this seed, with every event it told."""
    engine = registry.engine(game)
    joins = [{} for _ in range(players)] if game == "sword-of-lies" else None
    state, events = engine.setup(players, engine.parse_options({}), seed, joins)
    told = list(events)
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        action = engine.bot_action(state, prompt, derived(seed, "bot", state.step, prompt.id), level="normal")
        state, events = engine.apply(state, prompt.seat, action)
        told += events
    results = engine.results(state)
    assert results is not None
    return Finished(game, state, told, results)


def members(players: int, replaced: int | None = None) -> list[tuple[Holder, ...]]:
    """Member 500 + n in seat n for the whole game; `replaced`: that seat's member went absent halfway and
    `SUBSTITUTE` finished the game in it."""
    return [
        (Holder(500 + n, True, 0.5, AFK), Holder(SUBSTITUTE, True, 0.5, END)) if n == replaced
        else (Holder(500 + n, True, 1.0, END),)
        for n in range(players)
    ]


def test_every_game_has_six_to_ten_achievements_each_scripted_here() -> None:
    listed = catalog()
    assert set(listed) == set(registry.available())
    assert all(6 <= len(found) <= 10 for found in listed.values()), {g: len(a) for g, a in listed.items()}
    assert {a.id for found in listed.values() for a in found} == set(SCRIPTS)


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("achievement_id", list(SCRIPTS))
def test_an_achievement_is_earned_in_its_scripted_game_and_announced(achievement_id: str, language: str) -> None:
    achievement = by_id(achievement_id)
    assert achievement is not None
    players, seed, seats, (other_players, other_seed) = SCRIPTS[achievement_id]
    done = scripted(achievement.game, players, seed)
    awards = [(user, a) for user, a in earned(done, members(players, replaced=seats[0])) if a == achievement_id]
    assert sorted(user for user, _ in awards) == sorted([SUBSTITUTE, *(500 + s for s in seats[1:])]), \
        "to whoever held an earning seat at the end, never to one who had left it"

    lines = awards_lines(language, 42, awards, lambda user: f"<@{user}>")
    name, about = t(language, achievement.name_key), t(language, achievement.about_key)
    assert lines[0] == t(language, "achievements-earned", id=42)
    assert f"<@{SUBSTITUTE}>" in lines[1] and name in lines[1] and about in lines[1]
    assert achievement_id not in "\n".join(lines), "a message, not its key"
    if language == "ru":
        assert re.search("[а-яё]", name + about, re.IGNORECASE), (name, about)

    quiet = scripted(achievement.game, other_players, other_seed)
    assert achievement_id not in [a for _, a in earned(quiet, members(other_players))]
