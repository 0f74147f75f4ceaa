"""Guards: every game, at two sizes, in both languages, played to its end by a human seat at the terminal
(tests/lines.py), and every line it was shown scanned for the slips players have reported, whatever
message they come from:

- an undeclined Russian name after «игрока / у игрока / игроку…» («у игрока Глеб» for «у Глеба»);
- a list of names joined by bare commas ("you, Elena" for "you and Elena");
- «вы» or "you" with a third-person verb;
- a card or hall number that differs from the state's (a card shown as №2 that the state numbers 1,
  an option numbered 1 that names card №3, a player said to stand in a hall they are not in);
- a question with one entry to choose that waited for the answer.

Each game is played once per size and language (seconds for all of them) and each pattern is its own
test, so a failure names the game and the slip.
"""

from __future__ import annotations

import asyncio
import re
from functools import cache
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest

from bot.morphology import declined
from games.castle.state import CastleState
from games.core import GameState
from games.core.orders import BACK, CANCEL
from games.sword_of_lies import cards as sol_cards
from games.sword_of_lies.state import SolState
from tests.lines import NUMBERED, Facts, Played, play_as_human
from tests.test_russian import NOT_VERBS, third_person

pytestmark = pytest.mark.xdist_group("guards")

PLAYS: dict[str, tuple[int, ...]] = {
    "cookie": (4, 6), "maskmen": (2, 5), "sword-of-lies": (3, 4), "castle": (3, 4), "mafia": (10, 12),
}
"""Each game at its smallest size and a larger one."""
OPTIONS: dict[str, dict[str, Any]] = {"maskmen": {"seasons": 1}, "castle": {"max_rounds": 15}}
"""House rules that keep a play short without leaving any kind of line out."""
SEEDS = {"sword-of-lies": 21}
"""A seed per game whose plays reach the lines that went wrong (Sword of Lies: the War, with reveals)."""
SEED = 36
LANGUAGES = ("ru", "en")

KNOWN: dict[str, str] = {}
"""Cases (test ids) that fail on this branch and are fixed on another engineer's: expected to fail, strictly,
so a case turns red the moment it passes. The integrator removes each once its branch is merged (a
merged branch may also change what a seeded play reaches: read a new failure as a new slip)."""


# --- what a game's state says ----------------------------------------------------------------------
def sword_facts(state: GameState, _: int) -> frozenset[Any]:
    """Every card on the table as (its number, its face)."""
    assert isinstance(state, SolState)
    return frozenset(
        ("card", card.numbered(position), sol_cards.text(card.card))
        for player in state.table for position, card in enumerate(player.cards, start=1)
    )


def castle_facts(state: GameState, _: int) -> frozenset[Any]:
    """Where each seat stands, as (seat, hall)."""
    assert isinstance(state, CastleState)
    return frozenset(("hall", number, player.hall) for number, player in enumerate(state.table))


FACTS: dict[str, Facts] = {"sword-of-lies": sword_facts, "castle": castle_facts}


@cache
def played(game: str, players: int, language: str) -> Played:
    with TemporaryDirectory() as folder:
        result = asyncio.run(play_as_human(game, players, language, seed=SEEDS.get(game, SEED),
                                           db=Path(folder) / "guards.db",
                                           options=OPTIONS.get(game), facts=FACTS.get(game)))
    assert result.finished, result.text[-3000:]
    return result


# --- the patterns ------------------------------------------------------------------------------------
OBLIQUE = re.compile(r"\b(игрок(?:а|у|ом|е)|персонаж(?:а|у|ем|е))\s+([А-ЯЁ][а-яё]+)\b")


def undeclined_names(game: Played) -> list[str]:
    if game.language != "ru":
        return []
    found = []
    for line in game.lines:
        for noun, name in OBLIQUE.findall(line.text):
            if name in game.names and declined(name, "gen") is not None:
                found.append(f"«{noun} {name}»: {line.text}")
    return found


def bare_commas(game: Played) -> list[str]:
    you = {"ru": "[Вв]ы|[Вв]ас|[Вв]ам", "en": "[Yy]ou"}[game.language]
    name = "(?:" + "|".join([you, *(re.escape(n) for n in game.names[1:])]) + r")\b"
    run = re.compile(rf"(?<![\w-]){name}(?:, {name})+(?!, {name}| (?:и|and) {name}|, and {name})")
    return [line.text for line in game.lines if run.search(line.text)]


def you_with_third_person(game: Played) -> list[str]:
    found = []
    for line in game.lines:
        text = line.text
        if game.language == "ru":
            verbs = re.findall(r"\b[Вв]ы:?\s+(?:не\s+)?([а-яё]+)", text) + re.findall(r"\b([а-яё]+)\s+вы\b", text)
            found += [f"«{verb}»: {text}" for verb in verbs if third_person(verb)]
        else:
            verbs = re.findall(r"\b[Yy]ou:?\s+([a-z]+s)\b", text)
            found += [f"“{verb}”: {text}" for verb in verbs if verb not in NOT_VERBS and not verb.endswith("ss")]
    return found


CARD = r"(10|[2-9JQKA])([♠♣♥♦])"
NUMBERED_CARD = re.compile(rf"(?:№|#)(\d+)\)?\s*\(?{CARD}|(?<![\w№#])(\d+):{CARD}")
HALL_LINE = {
    "ru": re.compile(r"(?:^|· )(вы в зале|(?P<who>[^\s:·]+): зал) (?P<hall>[A-Z]\d*)\b"),
    "en": re.compile(r"(?:^|· )(you are in|(?P<who>[^\s:·]+): hall) (?P<hall>[A-Z]\d*)\b"),
}


def numbers_unlike_the_state(game: Played) -> list[str]:
    found = []
    for line in game.lines:
        if game.game == "sword-of-lies":
            for match in NUMBERED_CARD.finditer(line.text):
                number, rank, suit = (match.group(1), match.group(2), match.group(3)) if match.group(1) \
                    else (match.group(4), match.group(5), match.group(6))
                if ("card", int(number), rank + suit) not in line.facts:
                    found.append(f"№{number} {rank}{suit}: {line.text}")
        if game.game == "castle":
            for match in HALL_LINE[game.language].finditer(line.text):
                who = match.group("who")
                seat = 0 if who is None or who in ("Вы", "You") else game.names.index(who) if who in game.names \
                    else None
                if seat is not None and ("hall", seat, match.group("hall")) not in line.facts:
                    found.append(f"{who or 'you'} in {match.group('hall')}: {line.text}")
    for asked in game.asked:  # the number typed for a card is the card's number
        for shown in asked.shown:
            option = NUMBERED.match(shown)
            card = re.match(r"(?:№|#)(\d+)\b", option.group(2)) if option else None
            if option and card and card.group(1) != option.group(1):
                found.append(f"option {option.group(1)} is card №{card.group(1)}: {shown.strip()}")
    return found


def lone_options(game: Played) -> list[str]:
    found = []
    for asked in game.asked:
        prompt = asked.prompt
        entries = [o for o in prompt.options if o.value not in (BACK, CANCEL)]
        if prompt.ask == "one" and len(entries) == 1:
            found.append(" / ".join([prompt.key, *(line.strip() for line in asked.shown)]))
    return found


PATTERNS = {
    "undeclined-name": undeclined_names,
    "bare-commas": bare_commas,
    "you-third-person": you_with_third_person,
    "numbers": numbers_unlike_the_state,
    "lone-option": lone_options,
}


def cases() -> list[Any]:
    out = []
    for game, sizes in PLAYS.items():
        for players in sizes:
            for language in LANGUAGES:
                for pattern in PATTERNS:
                    case = f"{game}-{players}-{language}-{pattern}"
                    known = KNOWN.get(case)
                    marks = [pytest.mark.xfail(strict=True, reason=known)] if known else []
                    out.append(pytest.param(game, players, language, pattern, marks=marks, id=case))
    return out


@pytest.mark.parametrize(("game", "players", "language", "pattern"), cases())
def test_no_line_of_a_whole_game_slips(game: str, players: int, language: str, pattern: str) -> None:
    slips = PATTERNS[pattern](played(game, players, language))
    assert not slips, f"{len(slips)} lines:\n" + "\n".join(dict.fromkeys(slips))
