"""Castle's lines read as a player reads them, in English and Russian: the shrines, one line per card
drawn, the “Ahaha” questions, one position, the Platform and dropped-artifact lines, every action card
named in «quotes» in Russian, one apostrophe, and corridors named in board order (B9–B10).

Random games are played with random legal answers; every event is read by the channel and by every
seat, as the terminal shows it (`bot.render.visible_to`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import catalog, reading_as
from bot.render import event_text, prompt_text, visible_to
from games.castle import ENGINE
from games.castle.cards import ACTION_KINDS
from games.castle.engine import random_action
from games.castle.state import CastleState
from games.core import Event
from games.core.orders import EDIT
from games.core.rng import derived
from tests.depth import count
from tests.games.castle.helpers import act, new_game, orders, position, prompt_of

NAMES = {"en": ["Ada", "Boris", "Clara", "Dmitri"], "ru": ["Аня", "Борис", "Вера", "Глеб"]}
LOCALES = Path(__file__).resolve().parents[3] / "data" / "locales"


def read(events: list[Event], reader: int | None, language: str) -> list[str]:
    names = reading_as(lambda n: NAMES[language][n], reader)
    return [event_text(e, language, names) for e in events if visible_to(e, reader)]


def played(seed: int, players: int) -> Iterator[tuple[CastleState, list[Event]]]:
    """A whole game of random legal answers: each step's state and events."""
    state, events = ENGINE.setup(players, {"max_rounds": 12}, seed=seed)
    yield state, events
    step = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        state, events = ENGINE.apply(state, prompt.seat, random_action(state, prompt, derived(seed, "words", step)))
        step += 1
        yield state, events


def every_line(language: str, games: int) -> Iterator[tuple[CastleState, str]]:
    for seed in range(games):
        players = 3 + seed % 2
        for state, events in played(seed, players):
            for reader in [None, *range(players)]:
                for line in read(events, reader, language):
                    yield state, line


GAMES = count(8, least=3)


# --- §5/§6: the shrines, one line per draw, "Ahaha", one position ------------------------------------
def test_the_shrines_say_yours_and_each_players() -> None:
    _, events = ENGINE.setup(4, None, seed=5)
    start = next(e for e in events if e.key == "castle-start")
    english = read([start], 0, "en")[0]
    assert "Shrines: yours B2, Boris B6, Clara B10, Dmitri B14." in english
    russian = read([start], 0, "ru")[0]
    assert "Святыни: ваша — B2, Бориса — B6, Веры — B10, Глеба — B14." in russian
    assert "Святыни: Ани — B2, Бориса — B6" in read([start], None, "ru")[0]


def test_a_card_drawn_is_one_line_for_the_player_who_draws_it() -> None:
    state = position(new_game(3, seed=4), hands={0: ["devil"], 1: ["unfair"]})
    state, events = orders(state, {0: (["none", "draw"], None), 1: (["none", "draw"], None)})
    mine = [line for line in read(events, 0, "en") if line.startswith("🃏 You")]
    assert len(mine) == 1, mine  # not "You draw an action card." and then the card
    assert mine[0].startswith("🃏 You draw ") and "Your cards: Deal with the Devil, " in mine[0]
    assert "🃏 Boris draws an action card." in read(events, 0, "en")
    assert "🃏 Ada draws an action card." in read(events, None, "en"), "the channel still sees it"
    russian = read(events, 0, "ru")
    assert len([line for line in russian if line.startswith("🃏 Вы")]) == 1
    assert "🃏 Борис берёт карту действия." in russian


def test_ahaha_asks_which_of_a_players_cards_first_and_second() -> None:
    state = position(new_game(3, seed=3), hands={0: ["ahaha", "devil"], 1: ["unfair", "passage", "devil"]})
    for value in (f"{EDIT}card", "1", "1"):
        state, _ = act(state, 0, value)
    prompt = prompt_of(state, 0)
    for language, first in (("en", "“Ahaha”: which of Boris's cards first (by position)?"),
                            ("ru", "«Ахаха»: какую карту Бориса смотрите первой (по позиции)?")):
        assert prompt_text(prompt, language, reading_as(NAMES[language].__getitem__, 0)) == first
    state, _ = act(state, 0, "2")
    second = prompt_text(prompt_of(state, 0), "en", reading_as(lambda n: NAMES["en"][n], 0))
    assert second == "“Ahaha”: which of Boris's cards second (by position)?"


def test_one_position_is_position_and_two_are_positions() -> None:
    state = position(new_game(3, seed=3), hands={0: ["ahaha", "devil"], 1: ["unfair"], 2: ["unfair", "devil"]})
    _, events = orders(state, {0: (["1", "1", "1"], None)})
    assert any("“Ahaha, it's a card))” → Boris, position 1;" in line for line in read(events, 0, "en"))
    assert any("→ Борис, позиция 1;" in line for line in read(events, 0, "ru"))
    _, events = orders(state, {0: (["1", "2", "1", "2"], None)})
    assert any("→ Clara, positions 1 and 2;" in line for line in read(events, 0, "en"))
    assert any("→ Вера, позиции 1 и 2;" in line for line in read(events, 0, "ru"))


# --- §5 Russian lines ------------------------------------------------------------------------------------
def test_platform_says_you_play_it_and_a_barricade_on_the_corridor() -> None:
    state = position(new_game(3, seed=3), hands={0: ["platform", "devil"]})
    _, events = orders(state, {0: (["1", "A4", "C"], None)})
    line = next(line for line in read(events, 0, "ru") if line.startswith("🚧"))
    assert line == f"🚧 Вы играете «Платформу 9¾»: баррикада на коридоре C–A4 до конца раунда {state.round + 1}."
    english = next(line for line in read(events, 0, "en") if line.startswith("🚧"))
    until = state.round + 1
    assert english == f"🚧 You play Platform 9¾: a Barricade on the corridor C–A4 until the end of round {until}."


def test_the_guide_names_whose_shrine_holds_the_artifacts() -> None:
    event = Event(key="castle-guide-artifact-delivered", params={"player": {"seat": 1}, "shrine": "B6", "count": 2})
    assert read([event], None, "ru") == ["в святыне Бориса (B6): 2"]


def test_a_dropped_artifact_is_a_common_noun() -> None:
    event = Event(key="castle-dropped", params={"player": {"seat": 1}, "hall": "A1", "count": 1})
    assert read([event], None, "ru") == ["💎 Борис роняет артефакт в зале A1."]


def card_names(language: str) -> list[str]:
    """Every form of every action card's name in the catalog (Russian: each case)."""
    bundle = catalog(language).bundle
    names = set()
    for kind in ACTION_KINDS:
        message = bundle.get_message(f"castle-card-{kind}")
        for case in ("nom", "gen", "acc", "ins"):
            text, _ = bundle.format_pattern(message.value, {"case": case})
            names.add(text.strip("«»"))
    return sorted(names, key=len, reverse=True)


def test_every_action_card_is_named_in_quotes_in_russian() -> None:
    names = card_names("ru")
    pattern = re.compile("|".join(re.escape(name) for name in names))
    for _, line in every_line("ru", GAMES):
        for found in pattern.finditer(line):
            before, after = line[found.start() - 1: found.start()], line[found.end(): found.end() + 1]
            assert before == "«" and after == "»", f"unquoted {found.group()!r}: {line}"


def test_no_line_capitalises_artifact_or_barricade_mid_sentence_in_russian() -> None:
    for _, line in every_line("ru", GAMES):
        assert not re.search(r"[а-яё,:] (Артефакт|Баррикад)", line), line


# --- one apostrophe, corridors in board order ---------------------------------------------------------
def test_english_castle_messages_use_one_apostrophe() -> None:
    for path in sorted((LOCALES / "en").glob("castle*.ftl")):
        assert "’" not in path.read_text(encoding="utf-8"), f"{path.name}: use ' as every other catalog does"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_corridors_are_named_in_board_order(language: str) -> None:
    seen = 0
    for state, line in every_line(language, GAMES):
        order = state.the_board().ordered_halls()
        for a, b in re.findall(r"\b([ABC]\d*)–([ABC]\d*)\b", line):
            if a in order and b in order:
                seen += 1
                assert order.index(a) < order.index(b), f"{a}–{b} in: {line}"
    assert seen


# --- §3: a skirmish card named in a list shows its type and Base; one term for Base -------------------
def test_the_status_lists_each_players_skirmish_cards_with_type_and_base() -> None:
    from games.castle.summary import build

    state = position(new_game(3, seed=3), rows={1: ["eject", "shackles"]})
    english = read(build(state, None), None, "en")
    assert any("skirmish: Push I: Eject (Push, Base 1), Hold II: Shackles (Hold, Base 2);" in line for line in english)
    russian = read(build(state, None), None, "ru")
    assert any("стычка: «Толчок I: Выброс» (Толчок, сила 1), «Удержание II: Кандалы» (Удержание, сила 2);" in line
               for line in russian)


def test_the_rules_list_every_skirmish_card_with_the_type_and_base_of_the_deck_file() -> None:
    from games.castle.cards import load_decks

    decks = load_decks()
    for language, base in (("en", "Base"), ("ru", "сила")):
        rules = catalog(language).bundle
        text, _ = rules.format_pattern(rules.get_message("castle-rules").value, {})
        for kind, stats in decks.skirmish_kinds.items():
            name = catalog(language).bundle.format_pattern(
                catalog(language).bundle.get_message(f"castle-skirmish-{kind}").value, {})[0]
            kind_name = catalog(language).bundle.format_pattern(
                catalog(language).bundle.get_message(f"castle-type-{stats.type}").value, {})[0]
            assert f"{name} ({kind_name}, {base} {stats.base};" in text, (language, kind)


def test_a_skirmish_card_replaced_or_faced_is_shown_with_type_and_base() -> None:
    state = position(new_game(3, seed=3), rows={0: ["peek", "eject"]})
    _, events = orders(state, {0: (["none", "replace-skirmish", "1"], None)})
    lines = read(events, None, "en")
    assert any("Ada: no card, replace the skirmish card Trick I: Peek (Trick, Base 0);" in line for line in lines)
    assert any(line.startswith("🃏 Ada replaces the skirmish card Trick I: Peek (Trick, Base 0) with ") and
               re.search(r"\((Push|Hold|Trick), Base \d\)\.$", line) for line in lines)
    meeting = position(new_game(3, seed=3), halls={1: "B1"}, rows={1: ["robbery", "defence"]})
    meeting, _ = orders(meeting, {0: (None, ["B1"])})
    prompt = prompt_of(meeting, 0)
    asked = prompt_text(prompt, "en", reading_as(NAMES["en"].__getitem__, 0))
    assert "Boris: Push II: Robbery (Push, Base 2), Hold I: Defence (Hold, Base 1)" in asked



# --- played by hand: what still read wrong ----------------------------------------------------------------
def test_names_in_a_list_are_joined_with_and() -> None:
    over = Event(key="castle-over-rounds", params={"players": {"and": [{"seat": 1}, {"seat": 2}]}, "count": 2,
                                                    "round": 30})
    from games.castle.artifacts import _finish

    state = new_game(3, seed=3)
    state.round = 30
    for player in state.table:
        player.delivered = 2
    events: list[Event] = []
    _finish(state, [1, 2], "rounds", events)
    assert read(events[-1:], None, "ru")[-1] == read([over], None, "ru")[0] == \
        "⌛ Последний раунд (30) сыгран. Общая победа: Борис и Вера."
    meeting = position(new_game(3, seed=3), halls={1: "B1"})
    _, events = orders(meeting, {0: (None, ["B1"])})
    assert "B1: you and Boris" in "\n".join(read(events, 0, "en"))


def test_the_influence_line_names_its_three_parts() -> None:
    state = position(new_game(3, seed=3), halls={1: "B1"}, rows={0: ["robbery", "peek"], 1: ["peek", "eject"]})
    state, events = orders(state, {0: (None, ["B1"])})
    from tests.games.castle.helpers import skirmish_cards

    _, events = skirmish_cards(state, {0: 1, 1: 1})
    lines = "\n".join(read(events, None, "en"))
    assert "Ada: Push II: Robbery — Base 2 + type 1 + arrival 1 = 4" in lines
    assert "Борис: «Хитрость I: Подглядывание» — сила 0 + тип 0 + приход 0 = 0" in "\n".join(read(events, None, "ru"))


def test_a_passage_opened_names_its_halls_in_board_order() -> None:
    state = position(new_game(3, seed=3), hands={0: ["passage", "devil"]})
    _, events = orders(state, {0: (["1", "B2", "A6"], None)})
    assert any("between A6 and B2" in line for line in read(events, None, "en"))


def test_a_tie_that_includes_you_says_you_are_thrown_out() -> None:
    tie = Event(key="castle-skirmish-tie", params={
        "hall": "A1", "players": {"and": [{"seat": 0}, {"seat": 2}]}, "thrown": {"lines": []}, "artifact": "no",
        "below": {"and": [{"seat": 1}]}, "has_below": "yes"})
    assert read([tie], 0, "en")[0].startswith("⚖ A tie in A1 between you and Clara: you are both thrown out;")
    assert read([tie], None, "en")[0].startswith("⚖ A tie in A1 between Ada and Clara: both are thrown out;")
    assert read([tie], 0, "ru")[0].startswith("⚖ Ничья в зале A1: вы и Вера — вас разбрасывает;")
    assert read([tie], None, "ru")[0].startswith("⚖ Ничья в зале A1: Аня и Вера — их разбрасывает;")
