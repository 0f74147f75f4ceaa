"""The worked check from the rules page, move by move (A, B, C, D = seats 0–3; A leads)."""

from __future__ import annotations

from functools import partial

from bot.i18n import t
from games.maskmen.picture import text_form
from games.maskmen.plays import legal_plays

from .helpers import act, assert_cards_conserved, assert_order_sound, closure_pairs, position

A, B, C, D = range(4)
HANDS = [
    {"pink": 2, "blue": 3, "purple": 4, "green": 2, "grey": 3, "orange": 1},
    {"pink": 2, "blue": 3, "purple": 1, "green": 4, "grey": 2, "orange": 3},
    {"pink": 3, "blue": 3, "purple": 2, "green": 2, "grey": 4, "orange": 1},
    {"pink": 3, "blue": 1, "purple": 3, "green": 2, "grey": 1, "orange": 5},
]

# Each move: (who, value, the full strength order after it, who leads next if the ring cleared)
BLUE_PINK = {("blue", "pink")}
AFTER_TRICK_1 = BLUE_PINK | {("orange", "blue"), ("orange", "pink")}
AFTER_TRICK_2 = AFTER_TRICK_1 | {("green", "blue"), ("green", "pink")}
AFTER_GREY = AFTER_TRICK_2 | {("blue", "grey"), ("orange", "grey"), ("green", "grey")}
AFTER_TRICK_3 = AFTER_GREY | {("purple", c) for c in ("orange", "blue", "pink", "grey")}
AFTER_TRICK_4 = AFTER_TRICK_3 | {("orange", "green"), ("purple", "green")}
MOVES = [
    # Trick 1
    (A, "pink:1", set(), None),
    (B, "blue:2", BLUE_PINK, None),
    (C, "pass", BLUE_PINK, None),
    (D, "orange:3", AFTER_TRICK_1, D),
    # Trick 2
    (D, "pink:2", AFTER_TRICK_1, None),
    (A, "blue:2", AFTER_TRICK_1, None),
    (B, "green:3", AFTER_TRICK_2, B),
    # Trick 3
    (B, "grey:1", AFTER_TRICK_2, None),
    (C, "blue:2", AFTER_GREY, None),
    (D, "orange:2", AFTER_GREY, None),
    (A, "purple:3", AFTER_TRICK_3, A),
    # Trick 4
    (A, "green:1", AFTER_TRICK_3, None),
    (B, "orange:2", AFTER_TRICK_4, None),
]


def test_worked_check_move_by_move() -> None:
    state = position(HANDS, leader=A)
    assert state.turn == A and state.ring is None
    for number, (who, value, order, next_leader) in enumerate(MOVES, start=1):
        assert state.turn == who, f"move {number}: expected seat {who} to act"
        assert value in [o.value for o in state.prompts[0].options], f"move {number}: {value} not offered"
        state, events = act(state, value)
        assert closure_pairs(state) == order, f"move {number}"
        assert_order_sound(state)
        assert_cards_conserved(state)
        keys = [e.key for e in events]
        if next_leader is not None:
            assert state.ring is None and state.leader == next_leader and state.turn == next_leader
            assert "maskmen-cleared-three" in keys
        else:
            assert state.ring is not None
    # Purple now beats every colour shown.
    assert {w for s, w in closure_pairs(state) if s == "purple"} == {"pink", "blue", "green", "grey", "orange"}
    assert state.debuted == ["pink", "blue", "orange", "green", "grey", "purple"]
    assert state.trick == 4


def test_worked_check_details() -> None:
    state = position(HANDS, leader=A)
    # Leading: Pink has not debuted, so only 1 card of any colour.
    assert {(p.colour, p.count) for p in legal_plays(state, A)} == {(c, 1) for c in HANDS[A]}
    state, events = act(state, "pink:1")
    assert [e.key for e in events if e.to is None] == ["maskmen-play", "maskmen-debut"]
    state, events = act(state, "blue:2")
    proved = next(e for e in events if e.key == "maskmen-proved")
    assert proved.params["stronger"] == {"term": "maskmen-colour-blue"}
    assert proved.params["implied"] == 0
    state, _ = act(state, "pass")
    assert state.passed == [C]
    state, events = act(state, "orange:3")
    proved = next(e for e in events if e.key == "maskmen-proved")
    assert proved.params["implied"] == 1 and sorted(map(tuple, proved.params["pairs"])) == [
        ("orange", "blue"),
        ("orange", "pink"),
    ]
    cleared = next(e for e in events if e.key == "maskmen-cleared-three")
    assert cleared.params["leader"] == {"seat": D}
    assert state.passed == [] and sum(state.cleared.values()) == 6
    # Trick 2: D leads with the debuted Pink, 1–3 cards allowed.
    assert {p.count for p in legal_plays(state, D) if p.colour == "pink"} == {1, 2, 3}


def test_worked_check_text_form() -> None:
    state = position(HANDS, leader=A)
    for _, value, _, _ in MOVES:
        state, _ = act(state, value)
    order = {"beats": [list(p) for p in state.beats], "debuted": state.debuted}
    assert text_form(order, partial(t, "en")) == "Strength order: Purple > Orange > Green > Blue > Pink; Blue > Grey."
    assert text_form(order, partial(t, "ru")) == (
        "Цепочка силы: Фиолетовый > Оранжевый > Зелёный > Синий > Розовый; Синий > Серый."
    )
