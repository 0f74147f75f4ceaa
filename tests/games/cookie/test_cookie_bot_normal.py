"""The normal bot: places Swords and Shields where the deduction aid points, and plays them once
it is sure (or time runs out), keeping the Hill for its coin."""

from __future__ import annotations

import random

from games.cookie import ENGINE, rules
from games.cookie.bot import Knowledge, choose_card, knowledge, normal_card, place_target, role_odds
from games.cookie.deduction import possible_roles


def seat_zero_as_cookie(
    revealed: list[list[str]], hand: tuple[str, ...], circle: int = 2, placements: tuple = ()
) -> Knowledge:
    """Seat 0 of 5 holds Cookie (target Blue, hunter Persians); the aid is built from `revealed`."""
    players = 5
    return Knowledge(
        seat=0,
        players=players,
        circle=circle,
        role="cookie",
        target="blue",
        hunter="persians",
        hand=hand,
        possible=tuple(tuple(r) for r in possible_roles(players, 0, "cookie", revealed)),
        placements=placements,
    )


FULL_HAND = ("blue", "strontium", "thirty-seven", "persians", "sword", "shield", "hill")


def test_a_bot_with_a_sole_deduction_candidate_places_its_sword_there() -> None:
    # Seats 1, 2 and 4 have shown the Blue card: only seat 3 can be Blue.
    k = seat_zero_as_cookie([[], ["blue"], ["blue"], [], ["blue"]], FULL_HAND)
    assert k.target_candidates() == [3]
    for seed in range(10):
        assert place_target(k, rules.SWORD, [1, 2, 3, 4], random.Random(seed)) == 3
        assert choose_card(k, random.Random(seed)) == rules.SWORD


def test_a_bot_places_its_shield_on_the_likeliest_hunter() -> None:
    # Seats 1, 2 and 3 are not Persians, so seat 4 is the hunter; seat 1 being blocked changes nothing.
    k = seat_zero_as_cookie([[], ["persians"], ["persians"], ["persians"], []], FULL_HAND)
    assert place_target(k, rules.SHIELD, [2, 3, 4], random.Random(0)) == 4


def test_the_likeliest_seat_is_counted_over_every_deal_the_aid_allows() -> None:
    # Seat 1 is not Blue, not Strontium; seat 2 is not Blue: Blue is seat 3 or 4, equally likely,
    # while seat 1 is 37 or Persians.
    k = seat_zero_as_cookie([[], ["blue", "strontium"], ["blue"], [], []], FULL_HAND)
    odds = role_odds(k, "blue")
    assert odds[1] == 0 and odds[2] == 0
    assert abs(odds[3] - 0.5) < 1e-9 and abs(odds[4] - 0.5) < 1e-9
    assert place_target(k, rules.SWORD, [1, 2, 3], random.Random(0)) == 3  # the only likely legal seat


def test_an_unsure_bot_with_circles_to_spare_reveals_a_character_and_keeps_the_hill() -> None:
    k = seat_zero_as_cookie([[], [], [], [], []], FULL_HAND, circle=1)
    for seed in range(20):
        assert rules.is_character(normal_card(k, random.Random(seed)))


def test_with_no_circle_to_spare_the_bot_plays_its_tools() -> None:
    # Circle 4 of 5: two circles left for Sword and Shield.
    k = seat_zero_as_cookie([[], [], [], [], []], ("strontium", "sword", "shield", "hill"), circle=4)
    assert normal_card(k, random.Random(0)) == rules.SWORD  # 3 coins at 1/4 beats 2 coins at 1/4


def test_a_sword_is_not_aimed_at_a_player_who_blocked_it() -> None:
    # Seat 3, the only possible Blue, already put a Shield in front of seat 0: the Sword cannot
    # go there, so the bot does not count on it and waits while it can.
    k = seat_zero_as_cookie([[], ["blue"], ["blue"], [], ["blue"]], FULL_HAND, placements=((3, "shield", 0),))
    assert normal_card(k, random.Random(0)) != rules.SWORD


def test_the_normal_bot_uses_only_its_own_view() -> None:
    # knowledge() reads the seat's role and hand and the public table; the policy reads nothing else
    state, _ = ENGINE.setup(5, None, 7)
    prompt = state.prompts_for(0)[0]
    before = knowledge(state, 0)
    other = state.model_copy(deep=True)
    other.hands[1] = list(reversed(other.hands[1]))
    assert knowledge(other, 0) == before
    assert ENGINE.bot_action(state, prompt, random.Random(3)) == ENGINE.bot_action(other, prompt, random.Random(3))
