"""The Leader vote (rules page, "Day: the veche", Leader): a unique top elects, otherwise nobody; the
Swindler's doubling; the current Leader excluded; the public announcement of every vote."""

from __future__ import annotations

from games.core import Event, Refusal, seat
from games.mafia.order import Order
from games.mafia.votes import LeaderVote, elect, leader_target_refusal, leader_vote
from tests.games.mafia.votes_table import (
    AVENGER,
    BOSS,
    CHILD,
    HERO,
    KILLER,
    MONK,
    POLITICIAN,
    SWINDLER,
    assert_renders,
    kill,
    lead,
    table,
    wound,
)


def test_a_unique_top_is_elected() -> None:
    state = table()
    result = leader_vote(state, {HERO: lead(MONK), CHILD: lead(MONK), BOSS: lead(HERO)})
    assert result == LeaderVote(votes={HERO: MONK, CHILD: MONK, BOSS: HERO}, totals={HERO: 1.0, MONK: 2.0},
                                elected=MONK)


def test_a_tie_elects_nobody() -> None:
    state = table()
    state.leader = HERO
    result = leader_vote(state, {HERO: lead(MONK), CHILD: lead(BOSS)})
    assert result.totals == {MONK: 1.0, BOSS: 1.0}
    assert result.elected is None
    events: list[Event] = []
    elect(state, result, events)
    assert state.leader is None
    assert events[-1] == Event(key="mafia-leader-nobody")


def test_no_votes_elect_nobody() -> None:
    state = table()
    state.leader = HERO
    result = leader_vote(state, {HERO: Order(), MONK: Order(done=True)})
    assert result == LeaderVote(votes={}, totals={}, elected=None)
    events: list[Event] = []
    elect(state, result, events)
    assert state.leader is None
    assert events == [Event(key="mafia-leader-no-votes"), Event(key="mafia-leader-nobody")]
    assert_renders(events)


def test_the_politicians_vote_counts_1_5() -> None:
    state = table()
    result = leader_vote(state, {POLITICIAN: lead(MONK), HERO: lead(CHILD)})
    assert result.totals == {MONK: 1.5, CHILD: 1.0}
    assert result.elected == MONK


def test_a_wounded_avengers_vote_counts_0_5_and_he_may_be_elected() -> None:
    state = table()
    wound(state, AVENGER)
    assert leader_target_refusal(state, HERO, AVENGER) is None
    result = leader_vote(state, {AVENGER: lead(MONK), HERO: lead(CHILD), MONK: lead(AVENGER), CHILD: lead(AVENGER)})
    assert result.totals == {MONK: 0.5, CHILD: 1.0, AVENGER: 2.0}
    assert result.elected == AVENGER


def test_votes_for_the_swindler_count_double_until_he_first_leads() -> None:
    state = table()
    result = leader_vote(state, {HERO: lead(SWINDLER), MONK: lead(CHILD), BOSS: lead(CHILD)})
    assert result.totals == {SWINDLER: 2.0, CHILD: 2.0}
    assert result.elected is None
    result = leader_vote(state, {POLITICIAN: lead(SWINDLER), MONK: lead(CHILD), BOSS: lead(CHILD)})
    assert result.totals == {SWINDLER: 3.0, CHILD: 2.0}
    assert result.elected == SWINDLER
    elect(state, result, [])
    assert state.leader == SWINDLER
    assert state.swindler_led
    state.leader = HERO  # a later day: he no longer doubles
    result = leader_vote(state, {HERO: lead(SWINDLER), MONK: lead(CHILD), BOSS: lead(CHILD)})
    assert result.totals == {SWINDLER: 1.0, CHILD: 2.0}
    assert result.elected == CHILD


def test_the_swindlers_own_vote_for_himself_doubles_too() -> None:
    state = table()
    result = leader_vote(state, {SWINDLER: lead(SWINDLER), HERO: lead(MONK)})
    assert result.totals == {SWINDLER: 2.0, MONK: 1.0}
    assert result.elected == SWINDLER


def test_electing_someone_else_keeps_the_swindlers_doubling() -> None:
    state = table()
    elect(state, leader_vote(state, {HERO: lead(MONK)}), [])
    assert state.leader == MONK
    assert not state.swindler_led


def test_the_current_leader_cannot_be_voted_for() -> None:
    state = table()
    state.leader = MONK
    assert leader_target_refusal(state, HERO, MONK) == Refusal(
        key="mafia-vote-refusal-leader", params={"player": seat(MONK)})
    result = leader_vote(state, {HERO: lead(MONK), CHILD: lead(MONK), BOSS: lead(HERO)})
    assert result == LeaderVote(votes={BOSS: HERO}, totals={HERO: 1.0}, elected=HERO)


def test_the_current_leader_votes_himself_but_not_for_himself() -> None:
    state = table()
    state.leader = MONK
    assert leader_target_refusal(state, MONK, MONK) is not None
    assert leader_vote(state, {MONK: lead(HERO)}).elected == HERO


def test_a_vote_for_oneself_is_allowed() -> None:
    state = table()
    assert leader_target_refusal(state, HERO, HERO) is None
    result = leader_vote(state, {HERO: lead(HERO)})
    assert result == LeaderVote(votes={HERO: HERO}, totals={HERO: 1.0}, elected=HERO)


def test_dead_voters_and_dead_candidates_are_ignored() -> None:
    state = table()
    kill(state, CHILD)
    kill(state, KILLER)
    assert leader_target_refusal(state, HERO, CHILD) == Refusal(
        key="mafia-vote-refusal-dead", params={"player": seat(CHILD)})
    assert leader_target_refusal(state, HERO, 99) == Refusal(key="error-unknown-player")
    result = leader_vote(state, {HERO: lead(CHILD), KILLER: lead(MONK), BOSS: lead(HERO)})
    assert result == LeaderVote(votes={BOSS: HERO}, totals={HERO: 1.0}, elected=HERO)


def test_the_announcement_names_every_vote_and_the_totals() -> None:
    state = table()
    result = leader_vote(state, {POLITICIAN: lead(MONK), HERO: lead(HERO), MONK: lead(HERO), BOSS: lead(SWINDLER)})
    events: list[Event] = []
    elect(state, result, events)
    assert result.elected is None  # 2 against 2 against 2
    assert events == [
        Event(key="mafia-leader-votes", params={
            "votes": {"lines": [
                {"message": "mafia-leader-line-vote", "params": {"voter": seat(HERO), "candidate": seat(HERO)}},
                {"message": "mafia-leader-line-vote", "params": {"voter": seat(POLITICIAN), "candidate": seat(MONK)}},
                {"message": "mafia-leader-line-vote", "params": {"voter": seat(MONK), "candidate": seat(HERO)}},
                {"message": "mafia-leader-line-vote", "params": {"voter": seat(BOSS), "candidate": seat(SWINDLER)}},
            ]},
            "totals": {"lines": [
                {"message": "mafia-leader-line-total", "params": {"player": seat(HERO), "votes": 2}},
                {"message": "mafia-leader-line-total", "params": {"player": seat(SWINDLER), "votes": 2}},
                {"message": "mafia-leader-line-total", "params": {"player": seat(MONK), "votes": 1.5}},
            ]},
        }),
        Event(key="mafia-leader-nobody"),
    ]
    assert all(e.public for e in events)
    assert_renders(events)


def test_the_announcement_of_the_new_leader() -> None:
    state = table()
    events: list[Event] = []
    elect(state, leader_vote(state, {HERO: lead(MONK)}), events)
    assert events[-1] == Event(key="mafia-leader-elected", params={"player": seat(MONK)})
    assert_renders(events)
