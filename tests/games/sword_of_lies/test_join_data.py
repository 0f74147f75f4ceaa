"""Join data (the engine contract's per-seat data given at /join): Sword of Lies declares a buy-in,
checks it against its own house rules with its own reason, and deals each seat its stack."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.registry import engine
from games.sword_of_lies import ENGINE
from games.sword_of_lies.options import MAX_BUY_IN


def test_a_buy_in_within_the_house_rules_is_accepted_as_plain_data() -> None:
    assert ENGINE.parse_join({"min_buy_in": 500}, {"buy_in": 500}) == {"buy_in": 500}
    assert ENGINE.parse_join({}, {}) == {}, "no buy-in: the table's minimum, decided at set-up"


@pytest.mark.parametrize("buy_in", [499, MAX_BUY_IN + 1, 10**9])
def test_a_buy_in_outside_the_house_rules_is_refused_with_the_range(buy_in: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.parse_join({"min_buy_in": 500}, {"buy_in": buy_in})
    assert refused.value.refusal.key == "sol-error-buy-in-range"
    assert refused.value.refusal.params == {"min": 500, "max": MAX_BUY_IN}


def test_unknown_or_malformed_join_data_is_refused() -> None:
    with pytest.raises(IllegalAction) as unknown:
        ENGINE.parse_join({}, {"colour": "red"})
    assert unknown.value.refusal.key == "error-join-field"
    with pytest.raises(IllegalAction) as malformed:
        ENGINE.parse_join({}, {"buy_in": "lots"})
    assert malformed.value.refusal.key == "error-bad-join"


def test_a_game_without_join_data_refuses_any() -> None:
    cookie = engine("cookie")
    assert cookie.Join is None and cookie.parse_join({}, {}) == {}
    with pytest.raises(IllegalAction) as refused:
        cookie.parse_join({}, {"buy_in": 500})
    assert refused.value.refusal.params == {"field": "buy_in"}


def test_set_up_deals_each_seat_its_own_buy_in_and_checks_it_again() -> None:
    state, _ = ENGINE.setup(3, {"min_buy_in": 500}, 7, [{"buy_in": 800}, {}, {"buy_in": 500}])
    assert [p.buy_in for p in state.table] == [800, 500, 500]
    assert state.options.buy_ins == {0: 800, 2: 500}, "the state keeps them, so a reload deals the same"
    with pytest.raises(IllegalAction):
        ENGINE.setup(3, {"min_buy_in": 500}, 7, [{"buy_in": 100}])
