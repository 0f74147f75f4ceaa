"""Phase II: blinds, betting prompts, reveal circles and what revealed cards become, folds."""

from __future__ import annotations

from games.sword_of_lies import ENGINE
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    assert_refused,
    cid,
    drive,
    find,
    keys,
    mark,
    pending,
    plain_table,
    refusal,
    set_row,
    start_betting,
    waiting,
)


def four_outcomes_table(**options: object) -> SolState:
    """Seat 0's cards, all marked by seat 1: Lie+Believe, Lie+Disbelieve, Truth+Believe,
    Truth+Disbelieve (2H and 3H are red, 4S and 5S black)."""
    state = plain_table(3, **options)
    set_row(
        state,
        0,
        ["2H", "3H", "4S", "5S"],
        [mark(1, "black", True), mark(1, "black", False), mark(1, "black", True), mark(1, "black", False)],
    )
    state, _ = start_betting(state, 0)
    return state


def everyone_checks_round(state: SolState) -> SolState:
    """Answer bets with check/call until a reveal prompt (or anything else) shows up."""
    state, _ = drive(state, lambda s: s.phase != "betting")
    return state


def test_blinds_and_the_first_bet_prompt() -> None:
    state, events = start_betting(plain_table(3), 1)
    assert keys(events)[:3] == ["sol-event-betting-begins", "sol-event-blind", "sol-event-blind"]
    assert state.table[1].stack == 980 and state.table[0].stack == 990
    bet = pending(state, 1)
    assert bet.key == "sol-prompt-bet" and not bet.secret and bet.ask == "number"
    assert (bet.low, bet.high) == (40, 1000)
    assert bet.option("check").disabled is None
    assert bet.option("call").disabled is not None
    assert ENGINE.chips(state) == 3000


def test_all_four_lie_truth_believe_outcomes() -> None:
    state = everyone_checks_round(four_outcomes_table())
    events = []
    for _ in range(3):  # the fourth card, the last face down, is revealed without asking
        assert state.phase == "reveal"
        state, more = act(state, 0, "1")  # always the leftmost unrevealed: the original order
        events += more
        state, more = drive(state, lambda s: waiting(0, "sol-prompt-reveal")(s) or s.phase == "negotiation")
        events += more
    row = state.table[0].cards
    assert [c.card for c in row] == [cid("2H"), cid("3H"), cid("4S"), cid("5S")]
    assert [c.outcome for c in row] == ["shield", "sword", "sword", "shield"]
    assert [c.lives for c in row] == [2, 1, 1, 2]
    assert [c.sword_to for c in row] == [None, 1, 1, None]
    reveals = [e for e in find(events, "sol-event-reveal") if e.params["player"] == {"seat": 0}]
    assert [e.params["truth"] for e in reveals] == ["lie", "lie", "truth", "truth"]
    assert [e.params["outcome"]["term"] for e in reveals] == [
        "sol-outcome-shield",
        "sol-outcome-sword",
        "sol-outcome-sword",
        "sol-outcome-shield",
    ]
    assert state.phase == "negotiation"
    assert state.table[1].swords == 2 * 2  # doubled for the war
    # Unmarked cards are ordinary cards with 1 life.
    assert all(c.outcome == "plain" and c.lives == 1 for c in state.table[2].cards)


def test_a_revealed_card_moves_to_the_right_end_of_the_row() -> None:
    state = everyone_checks_round(four_outcomes_table())
    state, events = act(state, 0, "2")
    row = state.table[0].cards
    assert [c.card for c in row] == [cid("2H"), cid("4S"), cid("5S"), cid("3H")]
    assert [c.revealed for c in row] == [False, False, False, True]
    (reveal,) = find(events, "sol-event-reveal")
    assert reveal.params["position"] == 2 and reveal.params["card_id"] == cid("3H")
    assert find(events, "sol-event-sword")[0].params == {"player": {"seat": 1}, "swords": 1}
    assert state.table[1].swords == 1
    # The next reveal prompt of seat 0 (next circle) offers the revealed card disabled.
    state = everyone_checks_round(drive(state, lambda s: s.phase != "reveal")[0])
    reveal_prompt = pending(state, 0)
    assert reveal_prompt.option("4").disabled is not None
    assert_refused(state, 0, "4", "sol-error-card-revealed")


def test_reveal_order_is_senior_blind_first_then_clockwise() -> None:
    state, _ = start_betting(plain_table(4), 2)
    state = everyone_checks_round(state)
    assert state.reveal_queue == [2, 3, 0, 1]
    assert [p.seat for p in state.prompts] == [2]


def test_simultaneous_reveals_are_secret_and_changeable_until_all_are_in() -> None:
    state, _ = start_betting(four_outcomes_table(reveal_mode="simultaneous"), 0)
    state = everyone_checks_round(state)
    assert sorted(p.seat for p in state.prompts) == [0, 1, 2]
    assert all(p.secret and p.changeable for p in state.prompts)
    state, events = act(state, 0, "1")
    assert events == [] and state.reveal_choices == {0: 1}
    state, events = act(state, 0, "2")  # changed
    assert events == [] and state.reveal_choices == {0: 2}
    assert ENGINE.view(state, None)["players"][0]["cards"][1].get("face") is None
    state, events = acts(state, (2, "3"), (1, "1"))
    reveals = find(events, "sol-event-reveal")
    assert [e.params["player"]["seat"] for e in reveals] == [0, 1, 2]
    assert reveals[0].params["card_id"] == cid("3H")
    assert state.reveal_choices == {}


def test_bad_bets_are_refused() -> None:
    state, _ = start_betting(plain_table(3), 0)
    state, _ = act(state, 0, "check")  # the senior blind stands on the blind
    low = assert_refused(state, 1, 39, "error-out-of-range")
    assert low.params == {"low": 40, "high": 1000}
    assert_refused(state, 1, 1001, "error-out-of-range")
    assert_refused(state, 1, "check", "sol-bet-error-cannot-check")
    assert refusal(state, 1, 40) is None


def test_raising_is_closed_after_a_short_all_in() -> None:
    state = plain_table(3, min_buy_in=100, buy_ins={0: 1000, 1: 1000, 2: 130})
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, "check"), (1, 100), (2, "all_in"), (0, "call"))
    prompt = pending(state, 1)
    assert prompt.low is None and prompt.high is None
    assert prompt.option("all_in").disabled is not None
    reason = assert_refused(state, 1, 500, "sol-bet-error-raise-closed")
    assert reason.params == {"call": 30, "min_raise": 80}
    assert_refused(state, 1, "all_in", "sol-bet-error-raise-closed")
    assert refusal(state, 1, "call") is None


def test_fixed_limit_allows_only_the_fixed_total() -> None:
    state, _ = start_betting(plain_table(3, betting="fixed_limit"), 0)
    state, _ = act(state, 0, "check")
    prompt = pending(state, 1)
    assert (prompt.low, prompt.high) == (40, 40)


def test_fold_to_one_player_takes_every_pot_and_skips_the_war() -> None:
    state, _ = start_betting(plain_table(3), 0)
    state, events = acts(state, (0, 300), (1, "fold"), (2, "fold"))
    assert state.over and state.phase == "over"
    assert "sol-event-last-standing" in keys(events)
    assert "sol-event-war-begins" not in keys(events)
    assert [p.stack for p in state.table] == [1010, 1000, 990]  # the small blind is dead money
    assert state.winners == [0]
    results = ENGINE.results(state)
    assert results is not None and results.scores == [10, 0, -10] and results.winners == [0]
    # Folded players' cards leave the table face down.
    assert state.table[1].cards == [] and state.table[2].cards == []
    public = [e for e in events if e.public]
    assert all("card_id" not in e.params for e in public if e.key != "sol-event-draw")


def test_a_folded_players_revealed_cards_lose_their_swords_by_default() -> None:
    for counts in (False, True):
        state = plain_table(3, folded_cards_count=counts)
        # Seat 0's cards are marked by seat 1: "red" + believe on a red card → a sword to seat 1.
        set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(1, "red", True)] * 4)
        state, _ = start_betting(state, 0)
        state = everyone_checks_round(state)
        state, _ = acts(state, (0, "1"), (1, "1"), (2, "1"))  # reveal circle 1
        state = everyone_checks_round(state)
        state, _ = acts(state, (0, "1"), (1, "1"), (2, "1"))  # reveal circle 2
        assert state.table[1].swords == 2
        state, events = act(state, 0, "fold")  # round 3: the senior blind acts first
        assert state.table[0].folded and state.table[0].cards == []
        assert state.table[1].swords == (2 if counts else 0)
        assert keys(events).count("sol-event-sword-taken-back") == (0 if counts else 2)


def test_a_sword_earned_by_a_folded_player_is_lost() -> None:
    state = plain_table(3)
    set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(2, "red", True)] * 4)
    state, _ = start_betting(state, 0)
    state, _ = acts(state, (0, "check"), (1, "call"), (2, "fold"))
    state, events = act(state, 0, "1")
    assert "sol-event-sword-void" in keys(events)
    assert state.table[2].swords == 0
    assert state.table[0].cards[-1].sword_to is None


def test_betting_is_skipped_when_at_most_one_player_can_act_but_reveals_go_on() -> None:
    state = plain_table(3, min_buy_in=100, buy_ins={0: 100, 1: 100, 2: 1000})
    state, _ = start_betting(state, 0)
    state, events = acts(state, (0, "all_in"), (1, "all_in"), (2, "call"))
    state, more = drive(state, lambda s: s.phase in ("negotiation", "war"))
    events += more
    assert keys(events).count("sol-event-betting-skipped") == 4
    assert keys(events).count("sol-event-reveal") == 12
    assert "sol-prompt-bet" not in [p.key for p in state.prompts]


def test_deadline_defaults_in_phase_two() -> None:
    state, _ = start_betting(plain_table(3), 0)
    assert ENGINE.default_action(state, pending(state, 0)).value == "check"
    state, _ = acts(state, (0, "check"), (1, 100))
    assert ENGINE.default_action(state, pending(state, 2)).value == "fold"
    state, _ = acts(state, (2, "call"), (0, "call"))
    assert state.phase == "reveal"
    assert ENGINE.default_action(state, pending(state, 0)).value == "1"
