"""The veche (rules page, "Day: the veche"): weights, execution or beating, ties, refusals, the
two-alive rule, the public report (never who voted for whom) and the beating's reveal."""

from __future__ import annotations

from games.core import Event, Refusal, seat, term
from games.mafia import votes
from games.mafia.order import CardPlay, Order
from games.mafia.state import MafiaState
from games.mafia.votes import Veche, report_veche, veche, veche_held, veche_target_refusal
from tests.games.mafia.votes_table import (
    AVENGER,
    BOSS,
    CHILD,
    HERO,
    KILLER,
    MONK,
    POLITICIAN,
    SOCIOPATH,
    SWINDLER,
    assert_renders,
    kill,
    seats_named,
    table,
    vote,
    wound,
)


def test_a_beating_when_beating_outweighs_execution() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK, "beating"), POLITICIAN: vote(MONK, "beating"), SWINDLER: vote(CHILD)})
    assert result == Veche(skipped=False, totals={MONK: 2.5, CHILD: 1.0}, execution=1.0, beating=2.5,
                           damage={MONK: 2}, beaten=MONK)


def test_an_execution_when_execution_wins() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK), POLITICIAN: vote(MONK), SWINDLER: vote(CHILD, "beating")})
    assert result.damage == {MONK: 6}
    assert (result.execution, result.beating, result.beaten) == (2.5, 1.0, None)


def test_equal_execution_and_beating_totals_mean_execution() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK), SWINDLER: vote(MONK, "beating")})
    assert (result.execution, result.beating) == (1.0, 1.0)
    assert result.damage == {MONK: 6}
    assert result.beaten is None


def test_the_kinds_count_every_complete_vote_not_only_those_for_the_top() -> None:
    state = table()
    orders = {HERO: vote(MONK, "beating"), SWINDLER: vote(MONK, "beating"), POLITICIAN: vote(CHILD),
              BOSS: vote(CHILD), KILLER: vote(CHILD)}
    result = veche(state, orders)
    assert result.totals == {MONK: 2.0, CHILD: 3.5}
    assert (result.execution, result.beating) == (3.5, 2.0)
    assert result.damage == {CHILD: 6}


def test_two_tied_at_the_top_take_3_each() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK), SWINDLER: vote(CHILD, "beating"), BOSS: vote(HERO)})
    assert result.totals == {HERO: 1.0, MONK: 1.0, CHILD: 1.0}
    assert result.damage == {}
    result = veche(state, {HERO: vote(MONK), SWINDLER: vote(CHILD, "beating")})
    assert result.damage == {MONK: 3, CHILD: 3}
    assert result.beaten is None


def test_three_tied_at_the_top_nothing_happens() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK), SWINDLER: vote(CHILD, "beating"), MONK: vote(HERO, "beating")})
    assert result.totals == {HERO: 1.0, MONK: 1.0, CHILD: 1.0}
    assert result.damage == {}
    assert result.beaten is None


def test_no_votes_nothing_happens() -> None:
    state = table()
    assert veche(state, {}) == Veche(skipped=False, totals={}, execution=0.0, beating=0.0, damage={}, beaten=None)
    assert veche(state, {HERO: Order(), SWINDLER: Order(done=True)}).damage == {}


def test_a_vote_counts_only_with_both_target_and_kind() -> None:
    state = table()
    orders = {HERO: vote(MONK, None), SWINDLER: Order(veche_kind="beating"), BOSS: vote(CHILD, "beating")}
    result = veche(state, orders)
    assert result.totals == {CHILD: 1.0}
    assert (result.execution, result.beating) == (0.0, 1.0)
    assert result.damage == {CHILD: 2}


def test_the_politicians_vote_counts_1_5_for_target_and_kind() -> None:
    state = table()
    result = veche(state, {POLITICIAN: vote(MONK), HERO: vote(CHILD, "beating")})
    assert result.totals == {MONK: 1.5, CHILD: 1.0}
    assert (result.execution, result.beating) == (1.5, 1.0)
    assert result.damage == {MONK: 6}


def test_a_wounded_avengers_vote_counts_0_5() -> None:
    state = table()
    wound(state, AVENGER)
    assert votes.vote_weight(state, AVENGER) == 0.5
    result = veche(state, {AVENGER: vote(MONK, "beating"), HERO: vote(CHILD)})
    assert result.totals == {MONK: 0.5, CHILD: 1.0}
    assert (result.execution, result.beating) == (1.0, 0.5)
    assert result.damage == {CHILD: 6}
    # 1.5 against 0.5 + 1: an exact tie
    result = veche(state, {POLITICIAN: vote(MONK), AVENGER: vote(CHILD, "beating"), HERO: vote(CHILD, "beating")})
    assert result.totals == {MONK: 1.5, CHILD: 1.5}
    assert result.damage == {MONK: 3, CHILD: 3}


def test_an_unwounded_avenger_votes_and_is_voted_for_normally() -> None:
    state = table()
    assert votes.vote_weight(state, AVENGER) == 1.0
    assert veche_target_refusal(state, HERO, AVENGER) is None
    assert veche(state, {AVENGER: vote(HERO), HERO: vote(AVENGER), MONK: vote(AVENGER)}).damage == {AVENGER: 6}


def test_votes_for_a_wounded_avenger_are_refused_and_ignored() -> None:
    state = table()
    wound(state, AVENGER)
    assert veche_target_refusal(state, HERO, AVENGER) == Refusal(
        key="mafia-vote-refusal-wounded", params={"player": seat(AVENGER)})
    result = veche(state, {HERO: vote(AVENGER), MONK: vote(AVENGER), SWINDLER: vote(CHILD)})
    assert result.totals == {CHILD: 1.0}
    assert result.damage == {CHILD: 6}


def test_the_sociopath_is_protected_on_day_1_only() -> None:
    state = table(number=1)
    assert veche_target_refusal(state, HERO, SOCIOPATH) == Refusal(
        key="mafia-vote-refusal-sociopath", params={"player": seat(SOCIOPATH)})
    assert veche(state, {HERO: vote(SOCIOPATH), MONK: vote(SOCIOPATH)}).totals == {}
    state = table(number=2)
    assert veche_target_refusal(state, HERO, SOCIOPATH) is None
    assert veche(state, {HERO: vote(SOCIOPATH), MONK: vote(SOCIOPATH)}).damage == {SOCIOPATH: 6}


def test_self_votes_dead_targets_and_dead_voters_are_ignored() -> None:
    state = table()
    kill(state, CHILD)
    assert veche_target_refusal(state, HERO, HERO) == Refusal(key="mafia-vote-refusal-self")
    assert veche_target_refusal(state, HERO, CHILD) == Refusal(
        key="mafia-vote-refusal-dead", params={"player": seat(CHILD)})
    assert veche_target_refusal(state, HERO, 42) == Refusal(key="error-unknown-player")
    result = veche(state, {HERO: vote(HERO), MONK: vote(CHILD), CHILD: vote(MONK), SWINDLER: vote(BOSS)})
    assert result.totals == {BOSS: 1.0}
    assert result.damage == {BOSS: 6}


def _leave_alive(state_players: int, alive: list[int]) -> MafiaState:
    state = table(state_players)
    for n in range(state_players):
        if n not in alive:
            kill(state, n)
    return state


def test_no_veche_with_two_alive_in_a_game_of_11_or_12() -> None:
    for players in (11, 12):
        state = _leave_alive(players, [HERO, KILLER])
        assert not veche_held(state)
        assert veche_target_refusal(state, HERO, KILLER) == Refusal(key="mafia-vote-refusal-no-veche")
        result = veche(state, {HERO: vote(KILLER), KILLER: vote(HERO)})
        assert result == Veche(skipped=True, totals={}, execution=0.0, beating=0.0, damage={}, beaten=None)
        events: list[Event] = []
        report_veche(state, result, events)
        assert events == [Event(key="mafia-veche-skipped")]


def test_a_veche_with_two_alive_in_a_game_of_10_or_with_three_alive() -> None:
    state = _leave_alive(10, [HERO, KILLER])
    assert veche_held(state)
    assert veche(state, {HERO: vote(KILLER), KILLER: vote(HERO, "beating")}).damage == {KILLER: 3, HERO: 3}
    state = _leave_alive(11, [HERO, MONK, KILLER])
    assert veche_held(state)
    assert veche(state, {HERO: vote(KILLER), MONK: vote(KILLER)}).damage == {KILLER: 6}
    state = table(11, started_with=10)  # what counts is the table at the start
    for n in range(11):
        if n not in (HERO, KILLER):
            kill(state, n)
    assert veche_held(state)


def test_the_report_of_a_beating() -> None:
    state = table()
    orders = {HERO: vote(MONK, "beating"), POLITICIAN: vote(MONK, "beating"), SWINDLER: vote(CHILD)}
    events: list[Event] = []
    report_veche(state, veche(state, orders), events)
    assert events == [
        Event(key="mafia-veche-result", params={
            "totals": {"lines": [
                {"message": "mafia-veche-line-total", "params": {"player": seat(MONK), "votes": 2.5}},
                {"message": "mafia-veche-line-total", "params": {"player": seat(CHILD), "votes": 1}},
            ]},
            "execution": 1, "beating": 2.5,
        }),
        Event(key="mafia-veche-beating", params={"player": seat(MONK), "damage": 2}),
    ]
    assert state.beaten == MONK
    assert all(e.public for e in events)
    assert_renders(events)


def test_the_reports_never_name_a_voter() -> None:
    state = table()
    orders = {HERO: vote(MONK), POLITICIAN: vote(CHILD, "beating"), SWINDLER: vote(CHILD), BOSS: vote(MONK)}
    for case in (orders, {HERO: vote(MONK)}, {HERO: vote(MONK), SWINDLER: vote(CHILD), BOSS: vote(HERO)}):
        events: list[Event] = []
        result = veche(state, case)
        report_veche(state, result, events)
        assert all(e.public for e in events)
        assert seats_named([e.params for e in events]) <= set(result.totals)
        assert_renders(events)


def test_the_reports_of_a_tie_an_execution_nothing_and_no_votes() -> None:
    state = table()
    state.beaten = HERO  # left over: the new veche replaces it
    events: list[Event] = []
    report_veche(state, veche(state, {HERO: vote(MONK), SWINDLER: vote(CHILD, "beating")}), events)
    assert events[1] == Event(key="mafia-veche-tie", params={"first": seat(MONK), "second": seat(CHILD), "damage": 3})
    assert state.beaten is None
    events = []
    report_veche(state, veche(state, {HERO: vote(MONK)}), events)
    assert events[1] == Event(key="mafia-veche-execution", params={"player": seat(MONK), "damage": 6})
    events = []
    report_veche(state, veche(state, {HERO: vote(MONK), SWINDLER: vote(CHILD), MONK: vote(HERO)}), events)
    assert events[1] == Event(key="mafia-veche-nothing")
    events = []
    report_veche(state, veche(state, {}), events)
    assert events == [Event(key="mafia-veche-no-votes")]
    assert_renders(events)


def test_a_beaten_character_who_died_of_it_is_not_kept() -> None:
    state = table()
    result = veche(state, {HERO: vote(MONK, "beating")})
    state.seats[MONK].alive = False
    state.seats[MONK].died_in = state.phase_index
    report_veche(state, result, [])
    assert state.beaten is None


def test_the_beating_reveals_the_colour_of_the_next_nights_hand_card() -> None:
    state = table(phase="night", number=3)
    state.beaten = MONK
    card = state.seats[MONK].hand.pop(0)
    card.key = "vest"
    state.seats[MONK].discard.append(card)  # played and resolved
    events: list[Event] = []
    orders = {MONK: Order(hand=CardPlay(card=card.id), sleeve=CardPlay(card=999))}
    votes.beating_reveal(state, orders, events)
    assert events == [Event(key="mafia-beating-colour",
                            params={"player": seat(MONK), "colour": term("mafia-colour-support")})]
    assert state.beaten is None
    assert_renders(events)


def test_the_beating_reveals_that_no_hand_card_was_played() -> None:
    for order in (Order(), Order(under=[1, 2]), Order(sleeve=CardPlay(card=5))):
        state = table(phase="night", number=3)
        state.beaten = MONK
        events: list[Event] = []
        votes.beating_reveal(state, {MONK: order}, events)
        assert events == [Event(key="mafia-beating-none", params={"player": seat(MONK)})]
        assert state.beaten is None
    state = table(phase="night", number=3)
    state.beaten = MONK
    events = []
    votes.beating_reveal(state, {}, events)
    assert events == [Event(key="mafia-beating-none", params={"player": seat(MONK)})]
    assert_renders(events)


def test_the_beating_reveal_of_a_character_who_died_that_night_or_before() -> None:
    state = table(phase="night", number=3)
    state.beaten = MONK
    card = state.seats[MONK].hand[0]
    state.seats[MONK].alive = False
    state.seats[MONK].died_in = state.phase_index  # died at the end of this night: he did play it
    events: list[Event] = []
    votes.beating_reveal(state, {MONK: Order(hand=CardPlay(card=card.id))}, events)
    assert events == [Event(key="mafia-beating-colour",
                            params={"player": seat(MONK), "colour": term("mafia-colour-attack")})]
    state.beaten = MONK
    state.seats[MONK].died_in = state.phase_index - 1  # died at the end of the veche's day
    events = []
    votes.beating_reveal(state, {}, events)
    assert events == []
    assert state.beaten is None


def test_the_beating_reveal_waits_for_the_night() -> None:
    state = table(phase="day")
    state.beaten = MONK
    events: list[Event] = []
    votes.beating_reveal(state, {}, events)
    assert events == [] and state.beaten == MONK
    state = table(phase="night")
    votes.beating_reveal(state, {}, events)
    assert events == []


def test_every_vote_refusal_reads_right() -> None:
    state = table(number=1)
    wound(state, AVENGER)
    kill(state, CHILD)
    state.leader = MONK
    refusals = [
        veche_target_refusal(state, HERO, HERO), veche_target_refusal(state, HERO, CHILD),
        veche_target_refusal(state, HERO, AVENGER), veche_target_refusal(state, HERO, SOCIOPATH),
        votes.leader_target_refusal(state, HERO, MONK), votes.kill_target_refusal(state, KILLER, BOSS),
    ]
    state = _leave_alive(11, [HERO, KILLER])
    refusals.append(veche_target_refusal(state, HERO, KILLER))
    assert [r.key for r in refusals if r is not None] == [
        "mafia-vote-refusal-self", "mafia-vote-refusal-dead", "mafia-vote-refusal-wounded",
        "mafia-vote-refusal-sociopath", "mafia-vote-refusal-leader", "mafia-vote-refusal-mafia",
        "mafia-vote-refusal-no-veche",
    ]
    assert_renders([Event(key=r.key, params=r.params) for r in refusals if r is not None])
