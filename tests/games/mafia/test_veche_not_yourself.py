"""At the veche you may not vote for yourself; at the Leader vote you may (rules page, "Day: the veche"
and "Leader"). The order sheet offers and says exactly that, in both languages, and nothing in the
catalogs tells a player the veche takes a vote for oneself."""

from __future__ import annotations

import re

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.serializer import serialize_pattern

from bot.i18n import LOCALES_DIR, render
from games.mafia import sheet
from games.mafia.state import MafiaState
from tests.games.mafia.helpers import LANGUAGES, act, day_one, edit, prompt_of, refused


def offered_seats(state: MafiaState, number: int) -> list[int]:
    return [int(option.value) for option in prompt_of(state, number).options if option.value.isdigit()]


def test_the_veche_offers_every_other_living_character_and_never_yourself() -> None:
    state = day_one()
    for voter in state.living():
        asked = edit(state, voter, "veche")
        assert prompt_of(asked, voter).key == "mafia-ask-veche"
        assert offered_seats(asked, voter) == [n for n in state.living() if n != voter]
        assert refused(asked, voter, str(voter)) == "mafia-refuse-self"


def test_the_leader_vote_offers_yourself_too() -> None:
    state = day_one()
    voter = state.living()[0]
    asked = edit(state, voter, "leader")
    assert voter in offered_seats(asked, voter)
    assert sheet.order_of(act(asked, voter, str(voter)), voter).leader == voter


@pytest.mark.parametrize(("language", "veche", "leader"), [
    ("en", "you cannot vote for yourself", "you may vote for yourself"),
    ("ru", "за себя голосовать нельзя", "за себя голосовать можно"),
])
def test_each_vote_says_whether_you_may_choose_yourself(language: str, veche: str, leader: str) -> None:
    state = edit(day_one(), 0, "veche")
    prompt = prompt_of(state, 0)
    assert veche in render(language, prompt.key, prompt.params, str)
    state = edit(day_one(), 0, "leader")
    prompt = prompt_of(state, 0)
    assert leader in render(language, prompt.key, prompt.params, str)


SELF_VOTE = {"en": re.compile(r"\byourself\b|\bhimself\b|\boneself\b"), "ru": re.compile(r"\bза себя\b|\bсебе\b")}
REFUSED = {"en": re.compile(r"cannot vote for yourself|not yourself"), "ru": re.compile(r"за себя голосовать нельзя")}


def offers_a_vote_for_oneself_at_the_veche(language: str, key: str, text: str) -> bool:
    """A line about the veche (not also about the Leader vote) that speaks of voting for oneself without
    saying it is not allowed."""
    about_the_veche = "veche" in key or re.search(r"\bveche\b|\bвече\b", text)
    about_the_leader = "leader" in key or re.search(r"Leader|Лидер", text)
    return bool(about_the_veche and not about_the_leader and SELF_VOTE[language].search(text)
                and not REFUSED[language].search(text))


def test_the_catalog_check_finds_a_veche_line_that_offers_yourself() -> None:
    assert offers_a_vote_for_oneself_at_the_veche("en", "mafia-ask-veche", "⚖ The veche: you may vote for yourself.")
    assert offers_a_vote_for_oneself_at_the_veche("ru", "mafia-order-veche", "⚖ Вече: голос за себя")
    assert not offers_a_vote_for_oneself_at_the_veche("ru", "mafia-ask-veche", "⚖ Вече: за себя голосовать нельзя.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_veche_line_of_the_catalogs_offers_a_vote_for_yourself(language: str) -> None:
    offending = []
    for path in sorted((LOCALES_DIR / language).glob("mafia*.ftl")):
        for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                text = serialize_pattern(entry.value)
                if offers_a_vote_for_oneself_at_the_veche(language, entry.id.name, text):
                    offending.append(f"{entry.id.name}: {text}")
    assert not offending
