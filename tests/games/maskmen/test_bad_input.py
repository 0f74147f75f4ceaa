"""Every kind of illegal play is refused with its own reason, and nothing changes."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.maskmen import ENGINE
from games.maskmen.state import MaskmenState

from .helpers import act, position

A, B, C = range(3)
HANDS = [
    {"pink": 3, "blue": 2, "green": 2},
    {"pink": 2, "blue": 3, "orange": 2, "grey": 1},
    {"pink": 2, "blue": 1, "green": 3, "orange": 1},
]


def refused(state: MaskmenState, seat: int, value: str | int) -> str:
    """Apply must refuse; the state (as JSON) stays exactly as it was. Returns the reason key."""
    before = ENGINE.dump(state)
    prompt = state.prompts[0]
    action = Action(prompt=prompt.id, value=value)
    refusal = ENGINE.check(state, seat, action)
    assert refusal is not None
    with pytest.raises(IllegalAction) as raised:
        ENGINE.apply(state, seat, action)
    assert raised.value.refusal == refusal
    assert ENGINE.dump(state) == before
    return refusal.key


def leading() -> MaskmenState:
    return position(HANDS, leader=A)


def answering_one_pink() -> MaskmenState:
    state, _ = act(leading(), "pink:1")  # A leads 1 Pink; B to answer
    return state


def blue_beats_pink() -> MaskmenState:
    state, _ = act(answering_one_pink(), "blue:2")  # B proves Blue > Pink; C to answer 2 Blue
    return state


def test_pass_when_leading() -> None:
    assert refused(leading(), A, "pass") == "maskmen-error-must-lead"


def test_undebuted_colour_with_two_cards_when_leading() -> None:
    state = leading()
    assert refused(state, A, "pink:2") == "maskmen-error-debut-one"
    assert refused(state, A, "green:2") == "maskmen-error-debut-one"


def test_more_than_three() -> None:
    assert refused(leading(), A, "pink:4") == "maskmen-error-too-many"
    assert refused(answering_one_pink(), B, "blue:4") == "maskmen-error-too-many"


def test_card_not_held() -> None:
    assert refused(leading(), A, "purple:1") == "maskmen-error-not-held"
    assert refused(answering_one_pink(), B, "green:2") == "maskmen-error-not-held"


def test_same_colour() -> None:
    assert refused(answering_one_pink(), B, "pink:2") == "maskmen-error-same-colour"


def test_wrong_count_unrelated_colour() -> None:
    state = answering_one_pink()
    assert refused(state, B, "blue:1") == "maskmen-error-wrong-count"
    assert refused(state, B, "blue:3") == "maskmen-error-wrong-count"


def test_wrong_count_known_stronger_colour() -> None:
    state = blue_beats_pink()
    # C passes; A (Pink, Green × 2) has nothing that beats 2 Blue, so A's pass is made at once;
    # B played last -> the ring clears and B leads
    state, events = act(state, "pass")
    assert [e.key for e in events][:2] == ["maskmen-pass", "maskmen-forced-pass"]
    assert state.ring is None and state.turn == B
    state, _ = act(state, "pink:2")  # B leads 2 Pink (debuted); C answers
    # C holds 1 Blue: needs exactly 2 against 2 Pink. A holds Blue too; test both counts on A later.
    assert refused(state, C, "blue:1") == "maskmen-error-wrong-count"
    state, _ = act(state, "pass")
    # A holds 2 Blue, Blue is known stronger than Pink: 2 are right, 1 and 3 are wrong counts.
    assert refused(state, A, "blue:1") == "maskmen-error-wrong-count"
    assert refused(state, A, "blue:3") == "maskmen-error-not-held"
    state.hands[A]["blue"] = 3
    assert refused(state, A, "blue:3") == "maskmen-error-wrong-count"
    assert ENGINE.check(state, A, Action(prompt=state.prompts[0].id, value="blue:2")) is None


def test_weaker_colour() -> None:
    state = blue_beats_pink()  # ring: 2 Blue, and Blue > Pink is proven
    assert refused(state, C, "pink:2") == "maskmen-error-weaker"
    assert refused(state, C, "pink:1") == "maskmen-error-weaker"


def test_not_your_turn_and_other_generic_refusals() -> None:
    state = leading()
    assert refused(state, B, "pink:1") == "error-not-your-prompt"
    assert refused(state, A, "magenta:1") == "error-no-such-option"
    assert refused(state, A, "pink") == "error-no-such-option"
    assert refused(state, A, "pink:0") == "error-no-such-option"
    assert refused(state, A, 3) == "error-malformed"
    old = state.prompts[0].id
    state, _ = act(state, "pink:1")
    before = ENGINE.dump(state)
    assert ENGINE.check(state, B, Action(prompt=old, value="blue:2")) is not None
    assert ENGINE.check(state, B, Action(prompt=old, value="blue:2")).key == "error-stale"  # type: ignore[union-attr]
    assert ENGINE.dump(state) == before


def test_refusal_parameters_name_the_colours() -> None:
    state = answering_one_pink()
    refusal = ENGINE.check(state, B, Action(prompt=state.prompts[0].id, value="blue:1"))
    assert refusal is not None
    assert refusal.params == {
        "colour": {"term": "maskmen-colour-blue"},
        "count": 1,
        "need": 2,
        "ring_colour": {"term": "maskmen-colour-pink"},
        "ring_colour_of": {"term": "maskmen-colour-pink-of"},
        "ring_count": 1,
    }


def test_game_over_refuses_everything() -> None:
    state = position([{"pink": 1}, {"blue": 2}, {"green": 2}], leader=A, options={"seasons": 1})
    prompt = state.prompts[0]
    state, _ = act(state, "pink:1")
    assert state.over
    assert ENGINE.check(state, A, Action(prompt=prompt.id, value="pink:1")).key == "error-game-over"  # type: ignore[union-attr]
