"""Bad input is refused with a reason and leaves the state byte-for-byte unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cookie import ENGINE
from games.cookie.state import CookieState
from games.core import IllegalAction, Refusal, seat
from tests.depth import examples

from .helpers import choose, final_state, place, play_circle, prompt_of


def choosing() -> CookieState:
    """4 players (Cookie, Blue, Strontium, 37), circle 1; seat 0 has already chosen."""
    state, _ = ENGINE.scenario(["cookie", "blue", "strontium", "thirty-seven"], first_player=0)
    state, _ = choose(state, 0, "sword")
    return state


def placing() -> CookieState:
    """Seat 3 must place its Shield; seat 0's Sword already lies before it."""
    state, _ = ENGINE.scenario(["cookie", "blue", "strontium", "thirty-seven"], first_player=0)
    state, _ = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "shield"})
    state, _ = place(state, 0, 3)
    return state


def assert_refused(state: CookieState, player: int, action: Any, expected: Refusal) -> None:
    saved = state.model_dump_json()
    assert ENGINE.check(state, player, action) == expected
    assert not ENGINE.can(state, player, action)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, player, action)
    assert refused.value.refusal == expected
    assert state.model_dump_json() == saved


def choose_id(state: CookieState, player: int) -> str:
    return prompt_of(state, player).id


def test_not_your_prompt() -> None:
    state = choosing()
    action = {"prompt": choose_id(state, 2), "value": "sword"}
    assert_refused(state, 1, action, Refusal(key="error-not-your-prompt"))


@pytest.mark.parametrize("card", ["cookie", "excalibur", "", "SWORD"])
def test_card_not_in_hand(card: str) -> None:
    state = choosing()  # seat 0 is Cookie: its own character card is not in its hand
    assert_refused(
        state,
        0,
        {"prompt": choose_id(state, 0), "value": card},
        Refusal(key="cookie-error-not-in-hand", params={"card": card}),
    )


def test_blocked_target() -> None:
    state = placing()
    assert_refused(
        state,
        3,
        {"prompt": choose_id(state, 3), "value": "0"},
        Refusal(key="cookie-error-blocked-shield", params={"player": seat(0)}),
    )


@pytest.mark.parametrize("player", [-1, 4, 99])
def test_unknown_seat(player: int) -> None:
    state = choosing()
    assert_refused(
        state, player, {"prompt": choose_id(state, 1), "value": "sword"}, Refusal(key="error-unknown-player")
    )


def test_wrong_phase_answers_are_stale() -> None:
    state = choosing()
    # A placement prompt that does not exist yet.
    assert_refused(state, 0, {"prompt": "cookie-r1-c1-s0-place", "value": "1"}, Refusal(key="error-stale"))
    # A choice from a circle that is over.
    old = choose_id(state, 1)
    state = placing()
    assert_refused(state, 1, {"prompt": old, "value": "sword"}, Refusal(key="error-stale"))
    assert_refused(state, 3, {"prompt": "cookie-r1-c1-s3-choose", "value": "sword"}, Refusal(key="error-stale"))
    # A placement that was already made (a second click).
    state, _ = place(state, 3, 1)
    assert_refused(state, 3, {"prompt": "cookie-r1-c1-s3-place", "value": "1"}, Refusal(key="error-stale"))
    assert_refused(state, 0, {"prompt": "nonsense", "value": "1"}, Refusal(key="error-stale"))


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"prompt": "cookie-r1-c1-s1-choose"},
        {"value": "sword"},
        {"prompt": "cookie-r1-c1-s1-choose", "value": None},
        {"prompt": "cookie-r1-c1-s1-choose", "value": ["sword"]},
        {"prompt": "cookie-r1-c1-s1-choose", "value": {"card": "sword"}},
        {"prompt": "cookie-r1-c1-s1-choose", "value": 3},
        {"prompt": 5, "value": "sword"},
        "sword",
        None,
        42,
    ],
)
def test_malformed_payload(payload: Any) -> None:
    assert_refused(choosing(), 1, payload, Refusal(key="error-malformed"))


@pytest.mark.parametrize("value", ["abc", "1.0", "-1", "3 ", "9"])
def test_placement_value_not_a_listed_player(value: str) -> None:
    state = placing()
    assert_refused(
        state,
        3,
        {"prompt": choose_id(state, 3), "value": value},
        Refusal(key="error-no-such-option", params={"value": value}),
    )


def test_finished_game() -> None:
    state, log = final_state(4, seed=3)
    player, action = log[-1]
    assert_refused(state, player, action, Refusal(key="error-game-over"))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    player=st.integers(-2, 5),
    prompt=st.sampled_from(["cookie-r1-c1-s1-choose", "cookie-r1-c1-s3-place", "cookie-r1-c1-s0-choose", "x"])
    | st.text(max_size=10)
    | JSON,
    value=st.sampled_from(["sword", "shield", "hill", "blue", "0", "1", "2", "3"]) | JSON,
    phase=st.sampled_from(["choosing", "placing"]),
)
def test_any_payload_is_either_legal_or_refused_without_change(
    player: int, prompt: Any, value: Any, phase: str
) -> None:
    state = choosing() if phase == "choosing" else placing()
    saved = state.model_dump_json()
    action = {"prompt": prompt, "value": value}
    refusal = ENGINE.check(state, player, action)
    if refusal is None:
        new, _ = ENGINE.apply(state, player, action)
        assert new.step == state.step + 1
    else:
        assert refusal.key
        with pytest.raises(IllegalAction):
            ENGINE.apply(state, player, action)
    assert state.model_dump_json() == saved
