"""The normal bot: bets and calls from hand strength and pot odds, trades for value, and keeps
the table going to the War."""

from __future__ import annotations

import random

from games.core import Action
from games.sword_of_lies import ENGINE, bot, phase1, phase2
from games.sword_of_lies.bot_estimate import WEAKEST_THIRD, estimate, hand_strength
from games.sword_of_lies.bot_normal import faced_bet
from games.sword_of_lies.state import SolState, TableCard

from .helpers import act, acts, calling, cid, drive, give_turn, mark, pending, plain_table, set_row, start_betting

STRONG = (["QH", "KH", "2S", "3S"], [mark(2, "black", True), mark(3, "black", True), None, None])
"""Two hearts named black and believed: two shields (2 lives each) only their holder knows of."""


def round_two(strong_seat: int = 1) -> SolState:
    """Four players, every blind called in round 1 (pot 80), one reveal each; round 2 opens with
    the senior blind (seat 0) to act. `strong_seat` holds STRONG; the others hold ordinary cards."""
    state = plain_table(4)
    set_row(state, strong_seat, *STRONG)
    state, _ = start_betting(state, 0)
    state, _ = drive(state, lambda s: s.betting is not None and s.betting.round == 2 and s.phase == "betting")
    assert state.betting is not None and state.betting.pot_total == 80
    return state


def answers(state: SolState, seat: int, seeds: int = 8) -> set[str | int]:
    prompt = pending(state, seat)
    return {bot.choose(state, prompt, random.Random(seed)) for seed in range(seeds)}


def test_a_bot_facing_a_pot_sized_bet_with_a_top_third_hand_calls() -> None:
    state, _ = act(round_two(), 0, 80)  # 80 into a pot of 80
    assert faced_bet(state) == (80, 80)
    assert estimate(state, 1, random.Random(0)).percentile > 2 / 3
    assert "fold" not in answers(state, 1)


def test_a_bot_with_a_top_third_hand_calls_a_bet_a_little_over_the_pot() -> None:
    # The table that folded three times: 100 into a pot of 80 in the second betting round.
    state, _ = act(round_two(), 0, 100)
    assert "fold" not in answers(state, 1)


def test_a_bot_with_two_shields_calls_a_pot_sized_bet_even_when_the_others_look_stronger() -> None:
    # Two shields is a middle hand: it never folds to a bet no larger than the pot, though each of
    # the others has shown three shields (its estimate puts it in the weakest third).
    state = round_two()
    for other in (0, 2, 3):
        for position in (-1, -2, -3):
            shield = TableCard(card=cid("AD", deck=other), revealed=True, shield=True, lives=2)
            state.table[other].cards[position] = shield
    state, _ = act(state, 0, 80)
    assert estimate(state, 1, random.Random(0)).percentile < 1 / 3
    assert hand_strength(state, 1) >= WEAKEST_THIRD
    assert "fold" not in answers(state, 1, seeds=20)


def test_a_bot_sure_to_lose_the_war_folds_to_a_pot_sized_bet() -> None:
    state = round_two(strong_seat=2)
    # seat 1's hidden cards were named truthfully and believed: each gives seat 3 a sword
    for card in state.table[1].cards:
        if not card.revealed:
            card.mark = mark(3, "red" if card.card // 13 % 4 in (1, 2) else "black", True)
    for other in (0, 3):  # and the others have shown two shields each
        for position in (-1, -2):
            shield = TableCard(card=cid("AD", deck=other), revealed=True, shield=True, lives=2)
            state.table[other].cards[position] = shield
    state, _ = act(state, 0, 80)
    assert estimate(state, 1, random.Random(0)).percentile < 1 / 3
    assert answers(state, 1, seeds=20) == {"fold"}


def test_a_bot_folds_to_a_bet_no_larger_than_the_pot_only_with_a_hand_in_the_weakest_third() -> None:
    folds = 0
    for seed in range(4):
        state, _ = ENGINE.setup(4, None, seed)
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            value = bot.choose(state, prompt, random.Random(f"{seed}-{state.step}"))
            if prompt.key == phase2.BET and value == "fold":
                raised, pot_before = faced_bet(state)
                if raised <= pot_before or int(prompt.params["call"]) <= 2 * state.options.big_blind:
                    folds += 1
                    assert hand_strength(state, prompt.seat) < WEAKEST_THIRD, (seed, state.step)
            state, _ = ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=value))
    assert folds  # the rule was exercised


def test_tables_of_normal_bots_mostly_reach_the_war() -> None:
    games = 10
    wars = folded = 0
    for seed in range(100, 100 + games):
        state, _ = ENGINE.setup(4, None, seed)
        state, _ = drive(state, lambda s: False, lambda s, p: bot.choose(s, p, random.Random(s.step)), limit=5000)
        wars += state.cycle > 0
        folded += sum(p.folded for p in state.table)
    assert wars >= games * 2 // 3
    assert folded < games  # fewer than one player per game folds


def test_a_bot_trades_the_card_that_gives_a_sword_away_for_a_card_it_marked() -> None:
    state = plain_table(3)
    # seat 0's first card gives seat 1 a sword (truth, believed); seat 2's third card bears seat 0's mark
    state.table[0].cards[0].mark = mark(1, "red", True)
    state.table[2].cards[2].mark = mark(0, "black", False)
    state = give_turn(state, 0)
    trades = [seed for seed in range(20) if bot.choose(state, pending(state, 0), random.Random(seed)) == "trade"]
    assert trades, "the bot sometimes trades when a good swap is on the table"
    state, _ = act(state, 0, "trade")
    assert bot.choose(state, pending(state, 0), random.Random(0)) == "1"
    state, _ = act(state, 0, "1")
    assert bot.choose(state, pending(state, 0), random.Random(0)) == "2"
    state, _ = act(state, 0, "2")
    assert bot.choose(state, pending(state, 0), random.Random(0)) == "3"


def test_a_bot_asked_for_a_card_it_knows_is_a_shield_declines() -> None:
    state = plain_table(3)
    # seat 1's first card is a heart named black and believed: a shield only seat 1 can tell
    set_row(state, 1, ["QH", "2S", "3S", "4S"], [mark(2, "black", True), None, None, None])
    state.table[0].cards[0] = TableCard(card=cid("5C"))
    state = give_turn(state, 0)
    state, _ = act(state, 0, "trade")
    state, _ = act(state, 0, "1")
    state, _ = act(state, 0, "1")
    state, _ = act(state, 0, "1")
    prompt = pending(state, 1)
    assert prompt.key == phase1.TRADE_OFFER
    assert {bot.choose(state, prompt, random.Random(seed)) for seed in range(10)} == {"decline"}


def test_tables_of_three_normal_bots_mostly_reach_the_war() -> None:
    # the table the issue saw end early: everyone folded to one bet in the second betting round
    games = 10
    wars = 0
    for seed in range(200, 200 + games):
        state, _ = ENGINE.setup(3, None, seed)
        state, _ = drive(state, lambda s: False, lambda s, p: bot.choose(s, p, random.Random(s.step)), limit=5000)
        wars += state.cycle > 0
    assert wars >= games * 2 // 3


def test_both_levels_weigh_a_named_colour_alike_before_anything_is_revealed() -> None:
    state = plain_table(3)
    state = give_turn(state, 0)
    state, _ = acts(state, (0, "interrogate"), (0, "1"), (0, "1"), (1, "red"))
    prompt = pending(state, 0)
    assert prompt.key == phase1.BELIEVE
    for seed in range(10):
        easy = bot.choose(state, prompt, random.Random(seed), level="easy")
        assert easy == bot.choose(state, prompt, random.Random(seed), level="normal")


def test_the_easy_level_keeps_the_old_policy() -> None:
    state, _ = act(round_two(), 0, 80)
    prompt = pending(state, 1)
    for seed in range(5):
        assert bot.choose(state, prompt, random.Random(seed), level="easy") == bot._bet(
            state, prompt, random.Random(seed)
        )
    assert calling(state, prompt) == "call"
