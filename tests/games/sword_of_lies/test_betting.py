"""Scenario tests for Sword of Lies betting (games/sword_of_lies/betting.py and pots.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.sword_of_lies.betting import Betting
from games.sword_of_lies.betting_records import REFUSAL_KEYS, BetKind, Limit
from games.sword_of_lies.pots import Pot, build_pots, settle


def start(
    stacks: list[int] | dict[int, int],
    *,
    order: list[int] | None = None,
    limit: Limit = "no_limit",
    big_blind: int = 20,
    small_blind: int = 10,
    ante: int = 0,
    rounds_total: int = 5,
) -> Betting:
    chips = dict(enumerate(stacks)) if isinstance(stacks, list) else stacks
    return Betting.start(
        order=order if order is not None else sorted(chips),
        stacks=chips,
        limit=limit,
        big_blind=big_blind,
        small_blind=small_blind,
        ante=ante,
        rounds_total=rounds_total,
    )


def play(b: Betting, *actions: tuple[int, BetKind] | tuple[int, BetKind, int]) -> None:
    for action in actions:
        seat, kind, *to = action
        b.act(seat, kind, to[0] if to else None)
        assert_sound(b)


def assert_sound(b: Betting) -> None:
    for s in b.order:
        assert b.stacks[s] >= 0
        assert b.stacks[s] + b.committed[s] == b.starting[s]
    assert Betting.model_validate_json(b.model_dump_json()) == b
    assert sum(p.amount for p in b.pots()) == sum(b.committed.values())


def pots(b: Betting) -> list[tuple[int, list[int]]]:
    return [(p.amount, p.eligible) for p in b.pots()]


def finish_rounds(b: Betting) -> None:
    """Skip the remaining rounds when betting is closed (reveals would go on)."""
    while b.round < b.rounds_total:
        assert b.betting_closed
        b.next_round()
        assert b.round_over


# --- posting and round 1 ----------------------------------------------------------------
def test_start_posts_antes_then_blinds_and_the_senior_blind_acts_first() -> None:
    b = start([1000, 1000, 1000, 1000], order=[2, 3, 0, 1], ante=5)
    assert b.senior == 2 and b.small_blind_seat == 1
    assert b.round_bets == {2: 20, 3: 0, 0: 0, 1: 10}
    assert b.committed == {2: 25, 3: 5, 0: 5, 1: 15}
    assert [(p.seat, p.kind, p.amount) for p in b.posts] == [
        (2, "ante", 5),
        (3, "ante", 5),
        (0, "ante", 5),
        (1, "ante", 5),
        (1, "small_blind", 10),
        (2, "big_blind", 20),
    ]
    assert b.history == []
    assert b.to_act == 2
    legal = b.legal()
    assert legal is not None
    assert legal.can_check and not legal.can_call and legal.can_raise and not legal.can_bet
    assert (legal.min_to, legal.max_to) == (40, 1000 - 5)
    assert_sound(b)


def test_round_one_ends_when_everyone_calls_the_standing_senior_blind() -> None:
    b = start([1000, 1000, 1000, 1000])
    play(b, (0, "check"), (1, "call"), (2, "call"))
    assert b.to_act == 3  # the small blind completes last
    assert b.legal() is not None and b.legal().call_amount == 10  # type: ignore[union-attr]
    play(b, (3, "call"))
    assert b.round_over  # no Hold'em "big blind option": the senior blind already stood
    assert not b.betting_closed
    assert [r.kind for r in b.history] == ["check", "call", "call", "call"]


def test_senior_blind_raise_then_everyone_must_answer_and_the_round_goes_round() -> None:
    b = start([1000, 1000, 1000])
    play(b, (0, "raise", 60), (1, "raise", 100))
    assert b.to_act == 2
    play(b, (2, "call"), (0, "call"))
    assert b.round_over
    assert b.round_bets == {0: 100, 1: 100, 2: 100}


def test_later_rounds_start_at_zero_with_the_senior_blind_or_the_next_able_seat() -> None:
    b = start([1000, 1000, 1000, 40])
    play(b, (0, "check"), (1, "call"), (2, "call"), (3, "call"))
    b.next_round()
    assert b.round == 2 and b.round_bets == {0: 0, 1: 0, 2: 0, 3: 0} and b.to_act == 0
    legal = b.legal()
    assert legal is not None and legal.can_bet and not legal.can_raise and legal.min_to == 20
    play(b, (0, "fold"), (1, "bet", 20), (2, "call"), (3, "all_in"))  # 3: 20 left, a call all-in
    assert b.history[-1].kind == "all_in" and b.history[-1].to == 20
    assert b.round_over
    b.next_round()
    assert b.to_act == 1  # the senior blind folded, seat 3 is all-in


def test_heads_up_the_senior_blind_acts_first_and_the_small_blind_last() -> None:
    b = start([500, 500])
    assert b.round_bets == {0: 20, 1: 10} and b.to_act == 0
    play(b, (0, "check"), (1, "call"))
    assert b.round_over


def test_stacks_may_be_given_as_a_list_indexed_by_seat() -> None:
    b = Betting.start(
        order=[1, 2, 0],
        stacks=[300, 100, 200],
        limit="no_limit",
        big_blind=20,
        small_blind=10,
        ante=0,
        rounds_total=3,
    )
    assert b.stacks == {1: 80, 2: 200, 0: 290}
    assert b.starting == {1: 100, 2: 200, 0: 300}


# --- all-ins and side pots ---------------------------------------------------------------
def test_three_all_ins_of_different_sizes_make_side_pots_and_pay_them() -> None:
    b = start({0: 1000, 1: 100, 2: 300, 3: 600})
    play(b, (0, "check"), (1, "all_in"), (2, "all_in"), (3, "all_in"), (0, "call"))
    assert b.round_over and b.betting_closed
    assert sorted(b.all_in) == [1, 2, 3]
    assert pots(b) == [(400, [0, 1, 2, 3]), (600, [0, 2, 3]), (600, [0, 3])]
    finish_rounds(b)
    winnings, rake = settle(b.pots(), [[1], [2], [3], [0]], b.senior, b.order, 0, 0)
    assert rake == 0
    assert winnings == {0: 0, 1: 400, 2: 600, 3: 600}
    final = {s: b.stacks[s] + winnings[s] for s in b.order}
    assert final == {0: 400, 1: 400, 2: 600, 3: 600}
    assert sum(final.values()) == sum(b.starting.values())
    # the best hand overall is the biggest stack: it takes everything it covered
    winnings, _ = settle(b.pots(), [[0], [3], [2], [1]], b.senior, b.order, 0, 0)
    assert winnings[0] == 1600


def test_folded_chips_stay_in_the_pots_they_reached() -> None:
    b = start({0: 1000, 1: 1000, 2: 150, 3: 1000})
    play(b, (0, "check"), (1, "raise", 200), (2, "all_in"), (3, "call"), (0, "fold"))
    assert b.round_over
    # 0 folded with 20 in; 2 is all-in for 150; 1 and 3 put in 200
    assert pots(b) == [(20 + 150 * 3, [1, 2, 3]), (50 * 2, [1, 3])]


def test_uncalled_chips_go_back_when_the_round_ends() -> None:
    b = start({0: 1000, 1: 100, 2: 1000})
    play(b, (0, "check"), (1, "call"), (2, "fold"))
    b.next_round()
    play(b, (0, "all_in"), (1, "all_in"))
    assert b.round_over and b.betting_closed
    assert [(r.round, r.seat, r.amount) for r in b.returns] == [(2, 0, 900)]
    assert b.stacks[0] == 900 and 0 not in b.all_in
    assert pots(b) == [(10 + 100 * 2, [0, 1])]


def test_blinds_and_antes_bigger_than_a_stack_put_the_player_all_in() -> None:
    b = start({0: 15, 1: 1000, 2: 5, 3: 1000}, ante=2)
    # antes first: 0 has 13 left, 2 has 3; the small blind (3) posts 10, the senior blind 13 all-in
    assert b.round_bets == {0: 13, 1: 0, 2: 0, 3: 10}
    assert b.all_in == [0]
    assert [(p.kind, p.amount, p.all_in) for p in b.posts if p.seat == 0] == [
        ("ante", 2, False),
        ("big_blind", 13, True),
    ]
    assert b.to_act == 1  # the senior blind is all-in
    legal = b.legal()
    assert legal is not None and legal.call_amount == 13
    assert legal.min_to == 13 + 20  # a full raise is still the big blind
    play(b, (1, "call"), (2, "all_in"), (3, "call"))
    assert b.round_over
    assert pots(b) == [(4 * 5, [0, 1, 2, 3]), (3 * 10, [0, 1, 3])]
    assert not b.betting_closed  # 1 and 3 still have chips


def test_a_player_with_no_chips_is_all_in_from_the_start_and_wins_nothing_of_others() -> None:
    b = start({0: 1000, 1: 0, 2: 1000})
    assert b.all_in == [1] and b.committed[1] == 0
    play(b, (0, "check"), (2, "call"))
    assert b.round_over
    assert pots(b) == [(40, [0, 2])]


def test_the_senior_blind_is_not_asked_when_nobody_can_put_in_more() -> None:
    b = start({0: 1000, 1: 8, 2: 5})  # 2 posts 5 of the small blind, all-in
    assert b.to_act == 1
    play(b, (1, "all_in"))
    assert b.round_over and b.betting_closed
    assert [(r.seat, r.amount) for r in b.returns] == [(0, 12)]
    assert pots(b) == [(15, [0, 1, 2]), (6, [0, 1])]


# --- sizes ---------------------------------------------------------------------------------
def test_no_limit_minimum_raise_follows_the_last_full_raise() -> None:
    b = start([10_000] * 4)
    assert b.legal().min_to == 40  # type: ignore[union-attr]
    play(b, (0, "raise", 50))  # a raise of 30 over the blind
    assert b.min_raise == 30 and b.legal().min_to == 80  # type: ignore[union-attr]
    assert b.check_action(1, "raise", 79) == ("sol-bet-error-below-min", {"min": 80})
    play(b, (1, "call"), (2, "call"), (3, "call"))
    b.next_round()
    assert b.min_raise == 20
    play(b, (0, "bet", 50))
    assert b.legal().min_to == 100  # type: ignore[union-attr]
    play(b, (1, "raise", 130))  # +80
    assert b.legal().min_to == 210  # type: ignore[union-attr]
    play(b, (2, "raise", 500))  # +370
    assert b.legal().min_to == 870  # type: ignore[union-attr]
    assert b.legal().max_to == 10_000 - 50  # type: ignore[union-attr]


def test_pot_limit_caps_raises_at_the_pot_after_calling() -> None:
    b = start([1000, 1000, 1000], limit="pot_limit")
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (40, 50)  # 20 + pot 30
    assert b.check_action(0, "raise", 60) == ("sol-bet-error-above-pot-limit", {"max": 50})
    assert b.check_action(0, "all_in") == ("sol-bet-error-above-pot-limit", {"max": 50})
    play(b, (0, "check"))
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (40, 70)  # 20 + (30 + call 20)
    assert not legal.can_all_in
    play(b, (1, "raise", 70))
    legal = b.legal()
    # the small blind: call 60, pot 20 + 70 + 10 = 100 → 70 + 160
    assert legal is not None and legal.call_amount == 60 and (legal.min_to, legal.max_to) == (120, 230)
    play(b, (2, "raise", 230), (0, "call"), (1, "call"))
    b.next_round()
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (20, 690)  # pot 690
    play(b, (0, "bet", 690))
    legal = b.legal()
    assert legal is not None and legal.max_to == 770 and legal.can_all_in  # the stack is the cap


def test_pot_limit_short_stack_may_shove_below_the_minimum() -> None:
    b = start({0: 1000, 1: 35, 2: 1000}, limit="pot_limit")
    play(b, (0, "check"))
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (35, 35) and legal.can_all_in
    play(b, (1, "raise", 35))
    assert b.history[-1].kind == "raise" and 1 in b.all_in


def test_fixed_limit_sizes_and_the_four_bet_cap() -> None:
    b = start([10_000] * 3, limit="fixed_limit", rounds_total=4)
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (40, 40)
    assert b.check_action(0, "raise", 60) == ("sol-bet-error-fixed-limit", {"to": 40})
    # round 1: the blind is bet 1, then three raises
    play(b, (0, "raise", 40), (1, "raise", 60), (2, "raise", 80))
    assert b.bets_this_round == 4
    legal = b.legal()
    assert legal is not None and not legal.can_raise and legal.min_to is None and not legal.can_all_in
    assert b.check_action(0, "raise", 100) == ("sol-bet-error-fixed-limit-cap", {"cap": 4})
    play(b, (0, "call"), (1, "call"))
    assert b.round_over
    # round 2 (small bet): bet + 3 raises
    b.next_round()
    play(b, (0, "bet", 20), (1, "raise", 40), (2, "raise", 60), (0, "raise", 80))
    assert b.check_action(1, "raise", 100) == ("sol-bet-error-fixed-limit-cap", {"cap": 4})
    play(b, (1, "call"), (2, "call"))
    # rounds 3 and 4: the big bet
    b.next_round()
    assert b.bet_size == 40
    assert b.check_action(0, "bet", 20) == ("sol-bet-error-fixed-limit", {"to": 40})
    play(b, (0, "bet", 40), (1, "raise", 80), (2, "call"), (0, "call"))
    b.next_round()
    assert b.bet_size == 40 and b.round == 4


def test_fixed_limit_all_in_for_less_than_the_bet() -> None:
    b = start({0: 1000, 1: 30, 2: 1000}, limit="fixed_limit")
    play(b, (0, "check"))
    legal = b.legal()
    assert legal is not None and (legal.min_to, legal.max_to) == (30, 30)
    assert b.check_action(1, "raise", 40) == ("sol-bet-error-above-stack", {"max": 30})
    play(b, (1, "all_in"))
    legal = b.legal()
    assert legal is not None and legal.call_amount == 20 and (legal.min_to, legal.max_to) == (50, 50)


# --- short all-ins -----------------------------------------------------------------------
def test_a_short_all_in_does_not_reopen_the_betting() -> None:
    b = start({0: 1000, 1: 1000, 2: 130})
    play(b, (0, "check"), (1, "call"), (2, "call"))
    b.next_round()
    play(b, (0, "bet", 100), (1, "call"), (2, "all_in"))  # 110: a raise of 10, short
    assert b.min_raise == 100
    legal = b.legal()
    assert legal is not None and legal.seat == 0
    assert legal.can_call and legal.call_amount == 10 and not legal.can_raise and not legal.can_all_in
    assert b.check_action(0, "raise", 300) == (
        "sol-bet-error-raise-closed",
        {"call": 10, "min_raise": 100},
    )
    play(b, (0, "call"), (1, "call"))
    assert b.round_over


def test_a_short_all_in_still_lets_players_who_have_not_acted_raise() -> None:
    b = start({0: 1000, 1: 1000, 2: 170, 3: 1000})
    play(b, (0, "check"), (1, "call"), (2, "call"), (3, "call"))
    b.next_round()
    play(b, (0, "bet", 100), (1, "fold"), (2, "all_in"))  # to 150: short
    legal = b.legal()
    assert legal is not None and legal.seat == 3 and legal.can_raise and legal.min_to == 250


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() -> None:
    b = start({0: 1000, 1: 1000, 2: 170, 3: 240})
    play(b, (0, "check"), (1, "call"), (2, "call"), (3, "call"))
    b.next_round()
    play(b, (0, "bet", 100), (1, "call"), (2, "all_in"), (3, "all_in"))  # 150, then 220
    legal = b.legal()
    assert legal is not None and legal.seat == 0
    assert legal.call_amount == 120 and legal.can_raise and legal.min_to == 320


def test_round_one_short_all_in_over_the_blind_does_not_reopen_for_the_standing_senior() -> None:
    b = start({0: 1000, 1: 30, 2: 1000})
    play(b, (0, "check"), (1, "all_in"))  # a raise of 10 over the big blind
    legal = b.legal()
    assert legal is not None and legal.seat == 2 and legal.can_raise and legal.min_to == 50
    play(b, (2, "call"))
    legal = b.legal()
    assert legal is not None and legal.seat == 0 and legal.call_amount == 10 and not legal.can_raise


def test_no_raise_when_nobody_could_call_it() -> None:
    b = start({0: 1000, 1: 100, 2: 1000})
    play(b, (0, "check"), (1, "all_in"), (2, "fold"))
    legal = b.legal()
    assert legal is not None and legal.seat == 0 and not legal.can_raise and not legal.can_all_in
    assert b.check_action(0, "raise", 300) == ("sol-bet-error-no-opponent", {})
    play(b, (0, "call"))
    assert b.round_over and b.betting_closed


# --- the end of the hand -----------------------------------------------------------------
def test_everyone_folds_to_one_player_who_takes_every_pot() -> None:
    b = start([1000, 1000, 1000])
    play(b, (0, "check"), (1, "raise", 100), (2, "fold"), (0, "fold"))
    assert b.round_over and b.betting_closed and b.winner == 1
    assert b.remaining() == [1]
    assert [(r.seat, r.amount) for r in b.returns] == [(1, 80)]
    assert pots(b) == [(50, [1])]
    winnings, rake = settle(b.pots(), [[b.winner]], b.senior, b.order, 0, 0)  # type: ignore[list-item]
    assert winnings[1] == 50 and rake == 0
    assert b.stacks[1] + winnings[1] == 1030
    with pytest.raises(ValueError):
        b.next_round()  # the hand is over


def test_next_round_refuses_while_a_round_is_open_or_after_the_last_one() -> None:
    b = start([1000, 1000, 1000], rounds_total=2)
    with pytest.raises(ValueError):
        b.next_round()
    play(b, (0, "check"), (1, "call"), (2, "call"))
    b.next_round()
    play(b, (0, "check"), (1, "check"), (2, "check"))
    assert b.round_over and b.round == b.rounds_total
    with pytest.raises(ValueError):
        b.next_round()


def test_fold_out_removes_a_player_like_a_fold() -> None:
    b = start([1000, 1000, 1000, 1000])
    play(b, (0, "check"))
    b.fold_out(1)  # the player to act is removed by the game
    assert b.to_act == 2 and 1 in b.folded and b.committed[1] == 0
    b.fold_out(3)  # a player still to act later (after posting the small blind)
    play(b, (2, "call"))
    assert b.round_over
    assert pots(b) == [(50, [0, 2])]
    b.next_round()
    b.fold_out(2)
    assert b.winner == 0 and b.round_over and b.betting_closed
    b.fold_out(2)  # twice is harmless


def test_first_highest_bet_counts_bets_raises_and_all_ins_earliest_first() -> None:
    b = start({0: 1000, 1: 1000, 2: 50})
    assert b.first_highest_bet() is None
    play(b, (0, "check"), (1, "call"), (2, "call"))
    assert b.first_highest_bet() is None  # blinds, checks and calls never count
    b.next_round()
    play(b, (0, "bet", 30), (1, "raise", 60), (2, "all_in"))  # 2 goes all-in for 30: a call
    play(b, (0, "call"))
    b.next_round()
    play(b, (0, "bet", 60), (1, "call"))
    best = b.first_highest_bet()
    assert best is not None and (best.round, best.seat, best.kind, best.to) == (2, 1, "raise", 60)


def test_first_highest_bet_an_all_in_for_less_counts() -> None:
    b = start({0: 1000, 1: 15, 2: 1000})
    play(b, (0, "check"), (1, "all_in"), (2, "call"))
    best = b.first_highest_bet()
    assert best is not None and (best.seat, best.kind, best.to) == (1, "all_in", 15)


# --- pots and the payout -------------------------------------------------------------------
def test_build_pots_merges_equal_bands_and_gives_orphan_bands_to_the_pot_below() -> None:
    assert build_pots({0: 100, 1: 50, 2: 100}, [0, 2]) == [Pot(amount=250, eligible=[0, 2])]
    assert build_pots({0: 50, 1: 300, 2: 300, 3: 50}, [0, 3]) == [Pot(amount=700, eligible=[0, 3])]
    assert build_pots({0: 0, 1: 100, 2: 100}, [0]) == [Pot(amount=200, eligible=[0])]
    assert build_pots({0: 0, 1: 0}, [0, 1]) == []


def test_a_three_way_tie_splits_a_pot_and_the_odd_chips_go_clockwise_from_the_senior() -> None:
    order = [2, 3, 0, 1]  # senior blind 2, then clockwise
    winnings, _ = settle([Pot(amount=100, eligible=[0, 1, 2, 3])], [[3, 1, 2], [0]], 2, order, 0, 0)
    assert winnings == {2: 34, 3: 33, 0: 0, 1: 33}
    winnings, _ = settle([Pot(amount=101, eligible=[0, 1, 2, 3])], [[1, 0, 3], [2]], 2, order, 0, 0)
    assert winnings == {2: 0, 3: 34, 0: 34, 1: 33}


def test_a_three_way_tie_in_a_real_hand() -> None:
    b = start([1000, 1000, 1000, 1000])
    play(b, (0, "check"), (1, "call"), (2, "call"), (3, "fold"))
    assert pots(b) == [(70, [0, 1, 2])]
    winnings, _ = settle(b.pots(), [[2, 1, 0]], b.senior, b.order, 0, 0)
    assert winnings == {0: 24, 1: 23, 2: 23, 3: 0}


def test_tied_players_share_only_the_pots_they_are_eligible_for() -> None:
    pots_ = [Pot(amount=300, eligible=[0, 1, 2]), Pot(amount=200, eligible=[0, 1])]
    winnings, _ = settle(pots_, [[1, 2], [0]], 0, [0, 1, 2], 0, 0)
    assert winnings == {0: 0, 1: 350, 2: 150}


def test_rake_is_floored_per_pot_and_capped_over_the_hand() -> None:
    pots_ = [Pot(amount=1000, eligible=[0, 1]), Pot(amount=500, eligible=[1])]
    winnings, rake = settle(pots_, [[0], [1]], 0, [0, 1], 5, 60)
    assert rake == 60 and winnings == {0: 950, 1: 490}
    winnings, rake = settle(pots_, [[0], [1]], 0, [0, 1], 5, 0)  # cap 0: no cap
    assert rake == 75 and winnings == {0: 950, 1: 475}
    winnings, rake = settle([Pot(amount=39, eligible=[0])], [[0]], 0, [0, 1], 5, 0)
    assert rake == 1 and winnings[0] == 38
    assert sum(winnings.values()) + rake == 39


def test_a_last_player_standing_takes_pots_they_could_not_reach() -> None:
    winnings, _ = settle([Pot(amount=200, eligible=[1, 2])], [[0]], 0, [0, 1, 2], 0, 0)
    assert winnings == {0: 200, 1: 0, 2: 0}


# --- refusals ------------------------------------------------------------------------------
def _refusal_cases() -> list[tuple[str, Betting, int, str, int | None, dict[str, Any]]]:
    cases: list[tuple[str, Betting, int, str, int | None, dict[str, Any]]] = []
    over = start([1000, 1000, 1000])
    play(over, (0, "check"), (1, "call"), (2, "call"))
    cases.append(("sol-bet-error-no-betting", over, 0, "check", None, {}))
    b = start([1000, 1000, 1000])
    cases.append(("sol-bet-error-not-your-turn", b, 1, "call", None, {"player": {"seat": 0}}))
    cases.append(("sol-bet-error-unknown-action", b, 0, "dance", None, {"kind": "dance"}))
    cases.append(("sol-bet-error-amount-required", b, 0, "raise", None, {}))
    cases.append(("sol-bet-error-above-stack", b, 0, "raise", 1001, {"max": 1000}))
    cases.append(("sol-bet-error-below-min", b, 0, "raise", 39, {"min": 40}))
    facing = start([1000, 1000, 1000])
    play(facing, (0, "check"))
    cases.append(("sol-bet-error-cannot-check", facing, 1, "check", None, {"call": 20}))
    covered = start({0: 1000, 1: 20, 2: 1000})
    play(covered, (0, "check"))
    cases.append(("sol-bet-error-covered", covered, 1, "raise", 20, {"call": 20}))
    closed = start({0: 1000, 1: 1000, 2: 30})
    play(closed, (0, "check"), (1, "call"), (2, "all_in"))
    cases.append(("sol-bet-error-raise-closed", closed, 0, "raise", 100, {"call": 10, "min_raise": 20}))
    capped = start([1000, 1000, 1000], limit="fixed_limit")
    play(capped, (0, "raise", 40), (1, "raise", 60), (2, "raise", 80))
    cases.append(("sol-bet-error-fixed-limit-cap", capped, 0, "raise", 100, {"cap": 4}))
    alone = start({0: 1000, 1: 100, 2: 1000})
    play(alone, (0, "check"), (1, "all_in"), (2, "fold"))
    cases.append(("sol-bet-error-no-opponent", alone, 0, "all_in", None, {}))
    pot = start([1000, 1000, 1000], limit="pot_limit")
    cases.append(("sol-bet-error-above-pot-limit", pot, 0, "raise", 51, {"max": 50}))
    fixed = start([1000, 1000, 1000], limit="fixed_limit")
    cases.append(("sol-bet-error-fixed-limit", fixed, 0, "raise", 41, {"to": 40}))
    return cases


@pytest.mark.parametrize("case", _refusal_cases(), ids=lambda case: case[0])
def test_every_refusal_reason(case: tuple[str, Betting, int, str, int | None, dict[str, Any]]) -> None:
    key, b, seat, kind, to, params = case
    before = b.model_dump_json()
    assert b.check_action(seat, kind, to) == (key, params)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=key):
        b.act(seat, kind, to)  # type: ignore[arg-type]
    assert b.model_dump_json() == before  # a refused action changes nothing


def test_the_refusal_list_is_complete() -> None:
    assert sorted({case[0] for case in _refusal_cases()}) == sorted(REFUSAL_KEYS)


def test_lenient_kinds_bet_or_raise_and_call_with_nothing_to_call() -> None:
    b = start([1000, 1000, 1000])
    play(b, (0, "bet", 60))  # there is a bet (the blind): taken as a raise
    assert b.history[-1].kind == "raise"
    play(b, (1, "call"), (2, "call"))
    b.next_round()
    play(b, (0, "call"))  # nothing to call: a check
    assert b.history[-1].kind == "check"
    play(b, (1, "raise", 20))  # nothing to raise: a bet
    assert b.history[-1].kind == "bet"
    assert b.default_kind() == "fold"


def test_fold_is_always_allowed_even_when_checking_is() -> None:
    b = start([1000, 1000, 1000])
    assert b.legal().can_fold and b.legal().can_check  # type: ignore[union-attr]
    assert b.default_kind() == "check"
    play(b, (0, "fold"))
    assert b.folded == [0] and b.to_act == 1
