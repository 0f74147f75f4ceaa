"""Castle ends with a final table, best first, as every game does: places by artifacts delivered
(equal ones share a place); after the last round equal deliveries go to whoever carries more, and a
line says so where it decided."""

from __future__ import annotations

from bot.i18n import reading_as
from bot.render import event_text
from games.core import Event
from tests.games.castle.helpers import keys, new_game, orders, position

NAMES = {"en": ["Ada", "Boris", "Clara"], "ru": ["Аня", "Борис", "Вера"]}


def table(events: list[Event], language: str, reader: int | None = None) -> list[str]:
    names = reading_as(NAMES[language].__getitem__, reader)
    start = keys(events).index("castle-standings")
    return [event_text(e, language, names) for e in events[start:] if e.key.startswith("castle-standings")]


def test_the_goal_reached_ends_with_the_final_table_before_the_winner() -> None:
    state = position(new_game(3, seed=2), halls={1: "B6"}, carried={1: 1}, delivered={0: 1, 1: 2, 2: 1})
    state, events = orders(state)
    assert state.over and state.winners == [1]
    assert keys(events)[-5:] == ["castle-standings", "castle-standings-row", "castle-standings-row",
                                 "castle-standings-row", "castle-over-goal"]
    assert table(events, "en", 0) == [
        "📊 Final standings (artifacts delivered):",
        "1. Boris — 3 artifacts delivered",
        "2. You — 1 artifact delivered",
        "2. Clara — 1 artifact delivered",
    ]
    assert table(events, "ru") == [
        "📊 Итоговая таблица (по доставленным артефактам):",
        "1. Борис — доставлено: 3",
        "2. Аня — доставлено: 1",
        "2. Вера — доставлено: 1",
    ]


def test_after_the_last_round_carried_artifacts_decide_between_equal_deliveries() -> None:
    state = position(new_game(3, seed=2, max_rounds=1), halls={0: "A1", 1: "A3"}, carried={1: 2, 0: 1},
                     delivered={0: 1, 1: 1, 2: 0}, floor={})
    state, events = orders(state)
    assert state.over and state.winners == [1]
    assert table(events, "en") == [
        "📊 Final standings (artifacts delivered; equal ones go to whoever carries more):",
        "1. Boris — 1 artifact delivered, 2 carried",
        "2. Ada — 1 artifact delivered, 1 carried",
        "3. Clara — 0 artifacts delivered, 0 carried",
        "Equal deliveries (1): Boris and Ada; the artifacts carried decided the order.",
    ]
    assert table(events, "ru", 1)[1:] == [
        "1. Вы — доставлено: 1, при себе: 2",
        "2. Аня — доставлено: 1, при себе: 1",
        "3. Вера — доставлено: 0, при себе: 0",
        "Поровну доставлено (1): вы и Аня; места решило число артефактов при себе.",
    ]


def test_the_final_table_stays_in_the_status_once_the_game_is_over() -> None:
    from games.castle.summary import build

    state = position(new_game(3, seed=2), halls={1: "B6"}, carried={1: 1}, delivered={1: 2})
    state, _ = orders(state)
    assert "castle-standings" in keys(build(state, None))
