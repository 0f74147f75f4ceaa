"""Phase III: the +4 swords rule, negotiation payments, war orders, shields, the end, winning."""

from __future__ import annotations

from games.sword_of_lies import ENGINE
from games.sword_of_lies.state import SolState

from .helpers import (
    act,
    acts,
    all_ready,
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
    war_row,
    war_table,
)


def card_results(events: list) -> dict[tuple[int, int], str]:
    """(owner, position) → result term of every card hit in a war round."""
    return {
        (e.params["player"]["seat"], e.params["position"]): e.params["result"]["term"]
        for e in find(events, "sol-event-card-hit")
    }


# --- the +4 swords rule ------------------------------------------------------------------------
def bonus_game(*round1: tuple[int, str | int], later: tuple[tuple[int, str | int], ...] = ()) -> list:
    state = plain_table(3)
    set_row(state, 0, ["2H", "3H", "4H", "5H"], [mark(1, "red", True)] * 4)
    state, events = start_betting(state, 0)
    state, more = acts(state, *round1)
    events += more
    state, more = drive(state, lambda s: s.phase == "reveal")
    events += more
    state, more = acts(state, (0, "1"), (1, "1"), (2, "1"))
    events += more
    state, more = acts(state, *later)
    events += more
    state, more = drive(state, lambda s: s.phase != "betting" and s.phase != "reveal")
    return [state, events + more]


def test_the_first_highest_bet_earns_four_swords() -> None:
    state, events = bonus_game(
        (0, "check"),
        (1, 60),
        (2, 100),
        (0, "call"),
        (1, "call"),
        later=((0, 100), (1, "call"), (2, "call")),  # the same amount later does not count
    )
    (bonus,) = find(events, "sol-event-bonus")
    assert bonus.params["player"] == {"seat": 2} and bonus.params["bet"] == 100 and bonus.params["round"] == 1
    assert state.bonus_seat == 2
    assert state.table[2].swords_before_war == 4
    assert state.table[1].swords_before_war == 2 * 4  # four truthful believed marks, doubled


def test_blinds_do_not_count_as_bets() -> None:
    state, events = bonus_game((0, "check"), (1, "call"), (2, "call"))
    assert "sol-event-no-bonus" in keys(events)
    assert state.bonus_seat is None


def test_no_bonus_when_the_highest_bettor_folded() -> None:
    state, events = bonus_game(
        (0, "check"),
        (1, "call"),
        (2, 200),
        (0, "call"),
        (1, "call"),
        later=(
            (0, "check"),
            (1, "check"),
            (2, "check"),
        ),
    )
    assert state.bonus_seat == 2
    state, events = bonus_game(
        (0, 500),
        (1, "call"),
        (2, "call"),
        later=((0, "fold"),),
    )
    (folded,) = find(events, "sol-event-bonus-folded")
    assert folded.params == {"player": {"seat": 0}, "bet": 500}
    assert state.bonus_seat is None


# --- negotiation -------------------------------------------------------------------------------
def test_players_can_pay_each_other_during_negotiation_then_mark_ready() -> None:
    state = war_table()
    before = [p.stack for p in state.table]
    prompt = pending(state, 0)
    assert prompt.key == "sol-prompt-negotiate" and not prompt.secret and prompt.changeable
    assert_refused(state, 0, 10, "sol-error-choose-recipient")
    assert_refused(state, 0, "to:0", "error-malformed")  # not among the options
    state, _ = act(state, 0, "to:2")
    assert pending(state, 0).id == prompt.id  # same prompt: the negotiation deadline stands
    assert_refused(state, 0, before[0] + 1, "error-out-of-range")
    state, events = act(state, 0, 25)
    assert find(events, "sol-event-paid")[0].params == {"player": {"seat": 0}, "to": {"seat": 2}, "chips": 25}
    state, _ = acts(state, (0, "to:1"), (0, 5), (2, "to:0"), (2, 1))
    assert [p.stack for p in state.table] == [before[0] - 29, before[1] + 5, before[2] + 24]
    state, events = acts(state, (0, "ready"), (1, "ready"))
    assert state.phase == "negotiation" and [e.key for e in events] == ["sol-event-ready"] * 2
    state, events = acts(state, (0, "to:2"), (0, 10))  # a ready player can still pay
    assert find(events, "sol-event-paid") and state.table[0].ready
    assert [p.answered for p in state.prompts] == [True, True, False]
    state, events = act(state, 2, "ready")
    assert state.phase == "war" and "sol-event-orders" in keys(events)
    assert ENGINE.chips(state) == 3000


# --- war orders and their resolution -------------------------------------------------------------
def ordering(state: SolState) -> SolState:
    state, _ = all_ready(state)
    assert state.phase == "war"
    return state


def test_a_double_attack_hits_two_opponents_and_pays_with_a_shield() -> None:
    state = war_table()
    war_row(state, 0, "SP", swords=2)
    war_row(state, 1, "PP", swords=1)
    war_row(state, 2, "PS", swords=0)
    state = ordering(state)
    assert sorted(state.orders) == [0, 1]
    state, events = acts(state, (0, "double"), (0, "1"), (0, "1"), (0, "2"), (0, "1"), (0, "1"))
    # Seat 0's order is in; it stays secret until seat 1 orders too.
    assert [e.key for e in events] == ["sol-event-order-in"] and events[0].to == [0]
    public = ENGINE.view(state, None)
    assert "orders" not in public and "order" not in public
    assert ENGINE.view(state, 0)["order"]["complete"]
    assert ENGINE.view(state, 1)["order"]["targets"] == []  # seat 1 sees only its own order
    assert [p.key for p in state.prompts_for(0)] == ["sol-prompt-war-submitted"]
    state, events = acts(state, (1, "2"), (1, "2"))  # one sword: a standard attack, not asked
    attacks = find(events, "sol-event-attack")
    assert [a.public for a in attacks] == [True, True]
    assert attacks[0].params["double"] == "yes"
    assert (attacks[0].params["target1"], attacks[0].params["position1"]) == ({"seat": 1}, 1)
    assert (attacks[0].params["target2"], attacks[0].params["position2"]) == ({"seat": 2}, 1)
    assert attacks[0].params["cost"] == 1
    hits = card_results(events)
    assert hits == {
        (0, 1): "sol-result-flipped",  # the cost flips the shield
        (1, 1): "sol-result-destroyed",
        (2, 1): "sol-result-destroyed",
        (2, 2): "sol-result-flipped",  # seat 1's sword flips seat 2's shield
    }
    assert [c.lives for c in state.table[0].cards] == [1, 1]
    assert [c.lives for c in state.table[1].cards] == [1]
    assert [c.lives for c in state.table[2].cards] == [1]
    assert [state.table[s].swords for s in range(3)] == [0, 0, 0]
    assert state.over  # nobody has swords left


def test_shields_flip_once_and_die_to_two_swords() -> None:
    state = war_table()
    war_row(state, 0, "P", swords=1)
    war_row(state, 1, "P", swords=1)
    war_row(state, 2, "SS", swords=0)
    state = ordering(state)
    state, events = acts(state, (0, "2"), (0, "1"), (1, "2"), (1, "1"))
    (hit,) = find(events, "sol-event-card-hit")
    assert hit.params["hits"] == 2 and hit.params["result"]["term"] == "sol-result-destroyed"
    state = war_table()
    war_row(state, 0, "P", swords=1)
    war_row(state, 1, "P", swords=0)
    war_row(state, 2, "SS", swords=0)
    state = ordering(state)
    state, events = acts(state, (0, "2"), (0, "2"))
    (hit,) = find(events, "sol-event-card-hit")
    assert hit.params["result"]["term"] == "sol-result-flipped"
    assert [(c.shield, c.lives) for c in state.table[2].cards] == [(True, 2), (False, 1)]


def test_sturdy_shields_ignore_a_lone_sword() -> None:
    state = war_table(sturdy_shields=True)
    war_row(state, 0, "S", swords=3)
    war_row(state, 1, "P", swords=1)
    war_row(state, 2, "SS", swords=0)
    state = ordering(state)
    # Seat 0: double at seat 2's #1 twice (destroyed), paying with its own shield (flips: its only card).
    # Seat 1: one sword at seat 2's #2 (held).
    state, events = acts(state, (0, "double"), (0, "2"), (0, "1"), (0, "2"), (0, "1"), (1, "2"), (1, "2"))
    hits = card_results(events)
    assert hits == {(0, 1): "sol-result-flipped", (2, 1): "sol-result-destroyed", (2, 2): "sol-result-held"}
    assert [(c.shield, c.lives) for c in state.table[2].cards] == [(True, 2)]
    assert [(c.shield, c.lives) for c in state.table[0].cards] == [(False, 1)]


def test_sturdy_shield_paying_a_cost_and_hit_once_only_flips() -> None:
    state = war_table(sturdy_shields=True)
    war_row(state, 0, "SP", swords=2)
    war_row(state, 1, "P", swords=1)
    war_row(state, 2, "P", swords=0)
    state = ordering(state)
    # seat 0: seat 2's only card, seat 1's only card, paying with its #1; seat 1: seat 0's #1
    state, events = acts(state, (0, "double"), (0, "2"), (0, "1"), (0, "1"), (1, "0"), (1, "1"))
    hits = card_results(events)
    assert hits[(0, 1)] == "sol-result-flipped"


def test_bad_war_orders_are_refused() -> None:
    state = war_table()
    war_row(state, 0, "P", swords=1)
    war_row(state, 1, "PP", swords=2)
    war_row(state, 2, "P", swords=0)
    state = ordering(state)
    assert pending(state, 0).key == "sol-prompt-war-target"  # one sword: a standard attack
    assert_refused(state, 0, "0", "sol-error-own-card")
    state, _ = act(state, 0, "1")
    assert_refused(state, 0, "3", "sol-error-bad-position")
    state, _ = acts(state, (1, "double"), (1, "0"))  # seat 0's only card takes the first sword
    assert_refused(state, 1, "1", "sol-error-own-card")
    state, _ = act(state, 1, "2")  # seat 2's only card takes the second
    assert_refused(state, 1, "3", "sol-error-bad-position")  # cost: a card you do not have
    assert refusal(state, 1, "2") is None


def test_an_order_can_be_changed_until_everyone_has_ordered() -> None:
    state = war_table()
    war_row(state, 0, "P", swords=1)
    war_row(state, 1, "PP", swords=1)
    war_row(state, 2, "PP", swords=0)
    state = ordering(state)
    state, _ = acts(state, (0, "1"), (0, "1"))
    assert state.orders[0].complete
    state, _ = act(state, 0, "change")
    assert not state.orders[0].complete and pending(state, 0).key == "sol-prompt-war-target"
    state, events = acts(state, (0, "2"), (0, "2"), (1, "0"))  # seat 0 has one card left to aim at
    assert [e.params["target1"] for e in find(events, "sol-event-attack")] == [{"seat": 2}, {"seat": 0}]
    assert [c.lives for c in state.table[2].cards] == [1]  # the changed order hit #2, not #1
    assert state.table[2].cards[0].card == cid("2C", deck=2)
    assert [c.lives for c in state.table[1].cards] == [1, 1]


def test_the_default_war_order_is_a_random_standard_attack() -> None:
    state = war_table()
    war_row(state, 0, "P", swords=2)
    war_row(state, 1, "PP", swords=0)
    war_row(state, 2, "PP", swords=0)
    state = ordering(state)
    state, _ = act(state, 0, "double")
    default = ENGINE.default_action(state, pending(state, 0))
    assert default.value == "random"
    state, events = ENGINE.apply(state, 0, default)
    (attack,) = find(events, "sol-event-attack")
    assert attack.params["double"] == "no" and attack.params["target1"]["seat"] in (1, 2)


def test_the_war_ends_when_nobody_can_attack() -> None:
    state = war_table()
    war_row(state, 0, "P", swords=3)
    war_row(state, 1, "P", swords=0)
    war_row(state, 2, "P", swords=0)
    state = ordering(state)
    state, _ = acts(state, (0, "standard"), (0, "1"))  # seat 1's only card
    assert state.phase == "negotiation" and state.cycle == 2
    state = ordering(state)
    state, events = act(state, 0, "standard")  # only seat 2 has a card, and only one
    # Seat 0 still has a sword but no opponent has a card: the war is over.
    assert state.table[0].swords == 1
    assert "sol-event-war-over" in keys(events) and state.over
    assert state.winners == [0]
    assert state.ranking == [[0], [1, 2]]


# --- winning -------------------------------------------------------------------------------------
def test_a_three_way_tie_splits_the_pot_and_the_odd_chip_goes_clockwise_from_the_senior_blind() -> None:
    state = plain_table(4, hand_size=2)
    set_row(state, 1, ["2H", "3H"], [mark(0, "red", True)] * 2)  # swords for seat 0, who folds
    state, _ = start_betting(state, 1)  # order 1, 2, 3, 0: seat 0 posts the small blind
    state, _ = acts(state, (1, "check"), (2, "call"), (3, "call"), (0, "fold"))
    state, events = drive(state, lambda s: False)
    assert state.over
    assert keys(events).count("sol-event-sword-void") == 2
    assert state.ranking == [[1, 2, 3]]
    assert state.winnings == {1: 24, 2: 23, 3: 23}
    assert [p.stack for p in state.table] == [990, 1004, 1003, 1003]
    results = ENGINE.results(state)
    assert results is not None
    assert results.scores == [-10, 4, 3, 3] and results.winners == [1, 2, 3]
    assert sum(results.scores) == 0


def test_rake_is_taken_before_the_payout() -> None:
    state = plain_table(4, hand_size=2, rake_percent=5)
    state, _ = start_betting(state, 1)
    state, _ = acts(state, (1, "check"), (2, "call"), (3, "call"), (0, "fold"))
    state, events = drive(state, lambda s: False)
    assert state.rake == 3  # 5 % of 70, rounded down
    assert sum(state.winnings.values()) == 67
    assert state.winnings[1] == 23  # 67 = 22 × 3 + 1: the odd chip to the senior blind
    assert ENGINE.chips(state) == 4000
    assert find(events, "sol-event-rake")[0].params == {"chips": 3}


def test_lives_then_swords_before_the_war_rank_the_players() -> None:
    state = war_table()
    war_row(state, 0, "SP", swords=1)
    war_row(state, 1, "SP", swords=0)
    war_row(state, 2, "PP", swords=0)
    state.table[1].swords_before_war = 5
    state.table[0].swords_before_war = 1
    state = ordering(state)
    state, _ = acts(state, (0, "2"), (0, "1"))
    assert state.over
    assert state.ranking == [[1], [0], [2]]
    assert state.winners == [1]
    assert state.table[1].stack - state.table[1].buy_in > 0
