"""The mafia's kill (rules page, "Night: the mafia's kill"): weights, the random tie, boosts, dead
members, no votes, who may be chosen."""

from __future__ import annotations

from games.core import Event, Refusal, seat
from games.mafia.order import Order
from games.mafia.state import MafiaState
from games.mafia.votes import Kill, kill_target_refusal, kill_weight, leader_vote, mafia_kill, veche, vote_weight
from tests.games.mafia.votes_table import (
    ADVISOR,
    BOSS,
    CHILD,
    HERO,
    KILLER,
    MONK,
    SOCIOPATH,
    assert_renders,
    kill,
    lead,
    table,
    vote,
    wound,
)


def aim(target: int) -> Order:
    return Order(kill=target)


def test_the_most_weighted_votes_win_killer_2_boss_1_5_advisor_1() -> None:
    state = table(phase="night")
    result = mafia_kill(state, {KILLER: aim(HERO), BOSS: aim(MONK), ADVISOR: aim(MONK)}, set())
    assert result == Kill(victim=MONK, damage=3, voters={HERO: [KILLER], MONK: [BOSS, ADVISOR]},
                          totals={HERO: 2.0, MONK: 2.5})
    result = mafia_kill(state, {KILLER: aim(HERO), BOSS: aim(MONK)}, set())
    assert (result.victim, result.totals) == (HERO, {HERO: 2.0, MONK: 1.5})
    result = mafia_kill(state, {BOSS: aim(MONK), ADVISOR: aim(HERO)}, set())
    assert result.victim == MONK


def test_a_single_vote_is_enough() -> None:
    state = table(phase="night")
    assert mafia_kill(state, {ADVISOR: aim(CHILD)}, set()) == Kill(
        victim=CHILD, damage=3, voters={CHILD: [ADVISOR]}, totals={CHILD: 1.0})


def test_no_votes_no_kill() -> None:
    state = table(phase="night")
    assert mafia_kill(state, {}, {KILLER}) == Kill(victim=None, damage=0, voters={}, totals={})
    assert mafia_kill(state, {KILLER: Order(), BOSS: Order(done=True)}, set()).victim is None


def kill_votes(state: MafiaState, **weights: float) -> None:
    """An organiser's numbers (roles.json is data): the named mafia roles' kill votes changed."""
    mafia = tuple(role.model_copy(update={"values": {**role.values, "kill_votes": weights[role.key]}})
                  if role.key in weights else role for role in state.roles.mafia)
    state.roles = state.roles.model_copy(update={"mafia": mafia})


def _tie(seed: int) -> tuple[int | None, int | None]:
    """Killer 2 against Boss 1 + Advisor 1 (an organiser's Boss of weight 1): the victim, and what the
    rng says. With the page's numbers (2, 1.5, 1) no two groups of votes weigh the same."""
    state = table(phase="night", seed=seed)
    kill_votes(state, boss=1)
    expected = state.rng.model_copy().choice([HERO, MONK])
    result = mafia_kill(state, {KILLER: aim(HERO), BOSS: aim(MONK), ADVISOR: aim(MONK)}, set())
    assert result.totals == {HERO: 2.0, MONK: 2.0}
    assert result.voters == {HERO: [KILLER], MONK: [BOSS, ADVISOR]}
    assert result.damage == 3
    return result.victim, expected


def test_a_tie_is_broken_at_random_by_the_games_generator() -> None:
    victims = set()
    for seed in range(1, 21):
        victim, expected = _tie(seed)
        assert victim == expected
        assert victim == _tie(seed)[0]  # the same seed, the same victim
        victims.add(victim)
    assert victims == {HERO, MONK}


def test_a_mortally_wounded_mafia_avengers_kill_vote_keeps_its_mafia_weight() -> None:
    """Decision: his 0.5 applies to his veche votes and his Leader vote only; as the Killer his kill
    vote still weighs 2."""
    state = table(phase="night", public={KILLER: "avenger", 2: "croupier"})
    wound(state, KILLER)
    result = mafia_kill(state, {KILLER: aim(HERO), ADVISOR: aim(MONK)}, set())
    assert result.totals == {HERO: 2.0, MONK: 1.0}
    assert result.victim == HERO
    # Killer 2 against Boss 1.5 + a wounded Avenger Advisor, who weighs his Advisor's 1: no tie
    state = table(phase="night", public={ADVISOR: "avenger", 2: "jester"})
    wound(state, ADVISOR)
    result = mafia_kill(state, {KILLER: aim(HERO), BOSS: aim(MONK), ADVISOR: aim(MONK)}, set())
    assert (result.victim, result.totals) == (MONK, {HERO: 2.0, MONK: 2.5})


def test_the_same_wounded_mafia_avenger_votes_0_5_at_the_veche_and_for_the_leader() -> None:
    state = table(phase="day", public={KILLER: "avenger", 2: "croupier"})
    wound(state, KILLER)
    assert vote_weight(state, KILLER) == 0.5 and kill_weight(state, KILLER) == 2.0
    result = veche(state, {KILLER: vote(MONK, "beating"), HERO: vote(CHILD)})
    assert (result.totals, result.execution, result.beating) == ({MONK: 0.5, CHILD: 1.0}, 1.0, 0.5)
    assert leader_vote(state, {KILLER: lead(MONK), HERO: lead(CHILD)}).totals == {MONK: 0.5, CHILD: 1.0}


def test_each_paid_boost_adds_2() -> None:
    state = table(phase="night")
    orders = {KILLER: aim(HERO)}
    assert mafia_kill(state, orders, {KILLER}).damage == 5
    assert mafia_kill(state, orders, {KILLER, BOSS}).damage == 7
    assert mafia_kill(state, orders, {KILLER, BOSS, ADVISOR}).damage == 9


def test_the_leaders_free_boost_still_adds_2() -> None:
    state = table(phase="night")
    state.leader = BOSS  # paid 0 by resolution: it is in `boosted` all the same
    assert mafia_kill(state, {KILLER: aim(HERO)}, {BOSS}).damage == 5


def test_a_boost_by_someone_outside_the_mafia_adds_nothing() -> None:
    state = table(phase="night")
    assert mafia_kill(state, {KILLER: aim(HERO)}, {MONK, 42}).damage == 3


def test_each_dead_mafia_member_adds_2_and_does_not_vote() -> None:
    state = table(phase="night")
    kill(state, KILLER)
    result = mafia_kill(state, {KILLER: aim(HERO), BOSS: aim(MONK)}, set())
    assert result == Kill(victim=MONK, damage=5, voters={MONK: [BOSS]}, totals={MONK: 1.5})
    kill(state, ADVISOR)
    assert mafia_kill(state, {BOSS: aim(MONK)}, {BOSS}).damage == 3 + 2 + 2 * 2


def test_law_characters_do_not_vote_to_kill() -> None:
    state = table(phase="night")
    assert mafia_kill(state, {HERO: aim(MONK), CHILD: aim(MONK)}, set()).victim is None


def test_who_may_be_chosen() -> None:
    state = table(phase="night")
    kill(state, CHILD)
    assert kill_target_refusal(state, KILLER, HERO) is None
    assert kill_target_refusal(state, KILLER, BOSS) == Refusal(
        key="mafia-vote-refusal-mafia", params={"player": seat(BOSS)})
    assert kill_target_refusal(state, KILLER, KILLER) == Refusal(key="mafia-vote-refusal-self")
    assert kill_target_refusal(state, KILLER, CHILD) == Refusal(
        key="mafia-vote-refusal-dead", params={"player": seat(CHILD)})
    assert kill_target_refusal(state, KILLER, -1) == Refusal(key="error-unknown-player")
    result = mafia_kill(state, {KILLER: aim(BOSS), BOSS: aim(CHILD), ADVISOR: aim(HERO)}, set())
    assert result == Kill(victim=HERO, damage=3, voters={HERO: [ADVISOR]}, totals={HERO: 1.0})


def test_the_sociopath_is_protected_on_night_1() -> None:
    state = table(phase="night", number=1)
    refusal = kill_target_refusal(state, KILLER, SOCIOPATH)
    assert refusal == Refusal(key="mafia-vote-refusal-sociopath", params={"player": seat(SOCIOPATH)})
    result = mafia_kill(state, {KILLER: aim(SOCIOPATH), ADVISOR: aim(HERO)}, set())
    assert result == Kill(victim=HERO, damage=3, voters={HERO: [ADVISOR]}, totals={HERO: 1.0})
    state = table(phase="night", number=2)
    assert kill_target_refusal(state, KILLER, SOCIOPATH) is None
    assert mafia_kill(state, {KILLER: aim(SOCIOPATH)}, set()).victim == SOCIOPATH


def test_the_refusals_read_right() -> None:
    state = table(phase="night", number=1)
    kill(state, CHILD)
    refusals = [kill_target_refusal(state, KILLER, n) for n in (BOSS, KILLER, CHILD, SOCIOPATH)]
    assert_renders([Event(key=r.key, params=r.params) for r in refusals if r is not None])
