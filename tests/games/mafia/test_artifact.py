"""The artifact (rules page, "Day", Artifact): night armor, the day's pass with all its branches,
destruction, and the law armor after a pass from one mafia member to another."""

from __future__ import annotations

from games.core import Event, Refusal, seat
from games.mafia.artifact import after_deaths, artifact_pass_refusal, night_armor
from games.mafia.order import Order
from games.mafia.state import MafiaState
from tests.games.mafia.votes_table import (
    ADVISOR,
    BOSS,
    CHILD,
    HERO,
    KILLER,
    MONK,
    POLITICIAN,
    assert_renders,
    kill,
    table,
)


def held(phase: str = "day", holder: int = HERO, before: list[int] | None = None, seed: int = 1) -> MafiaState:
    state = table(phase=phase, seed=seed)
    state.artifact = holder
    state.artifact_held = [*(before or []), holder]
    return state


def give(target: int | None) -> Order:
    return Order(artifact_to=target)


def private(events: list[Event]) -> list[Event]:
    """The events to players (the GM's log, `to=[]`, left out)."""
    return [e for e in events if e.to != []]


def test_the_holder_gets_3_armor_every_night() -> None:
    state = held("night")
    assert night_armor(state) == {HERO: 3}
    state.artifact_armor_to = MONK
    assert night_armor(state) == {HERO: 3, MONK: 3}
    assert night_armor(state) == {HERO: 3, MONK: 3}  # pure: asking again changes nothing
    assert state.artifact_armor_to == MONK


def test_no_armor_by_day_nor_from_a_destroyed_artifact() -> None:
    state = held("day")
    state.artifact_armor_to = MONK
    assert night_armor(state) == {}
    state = table(phase="night")
    assert night_armor(state) == {}


def test_the_law_armor_lasts_one_night() -> None:
    state = held("night")
    state.artifact_armor_to = MONK
    after_deaths(state, {}, [])
    assert state.artifact_armor_to is None
    assert state.artifact == HERO


def test_the_holder_passes_it_to_whom_he_chose() -> None:
    state = held()
    events: list[Event] = []
    after_deaths(state, {HERO: give(MONK)}, events)
    assert state.artifact == MONK
    assert state.artifact_held == [HERO, MONK]
    assert state.artifact_armor_to is None
    assert events == [
        Event(key="mafia-artifact-passed", params={"player": seat(MONK)}, to=[HERO]),
        Event(key="mafia-artifact-received", params={"armor": 3}, to=[MONK]),
        Event(key="mafia-artifact-gm-passed", params={"holder": seat(HERO), "player": seat(MONK)}, to=[]),
    ]
    assert_renders(events)


def _random_pass(state: MafiaState, orders: dict[int, Order]) -> tuple[int, list[Event]]:
    """The pass when it goes at random: the rng's choice among the living who never held it."""
    never = [n for n in state.living() if n not in state.artifact_held]
    expected = state.rng.model_copy().choice(never)
    holder = state.artifact
    assert holder is not None
    events: list[Event] = []
    after_deaths(state, orders, events)
    assert state.artifact == expected
    assert state.artifact_held[-1] == expected
    assert private(events) == [
        Event(key="mafia-artifact-passed-random", params={"player": seat(expected)}, to=[holder]),
        Event(key="mafia-artifact-received", params={"armor": 3}, to=[expected]),
    ]
    return expected, events


def test_no_pass_sends_it_to_a_random_living_character_who_never_held_it() -> None:
    seen = set()
    for seed in range(1, 30):
        state = held(before=[MONK, CHILD], seed=seed)
        kill(state, POLITICIAN)
        new, events = _random_pass(state, {})
        assert new not in (HERO, MONK, CHILD, POLITICIAN)
        seen.add(new)
    assert len(seen) > 3
    assert_renders(events)


def test_a_pass_to_nobody_goes_at_random() -> None:
    state = held()
    _random_pass(state, {HERO: give(None)})


def test_a_pass_to_someone_who_died_that_day_goes_at_random() -> None:
    state = held()
    state.seats[MONK].alive = False
    state.seats[MONK].died_in = state.phase_index
    new, _ = _random_pass(state, {HERO: give(MONK)})
    assert new != MONK


def test_a_pass_to_a_previous_holder_goes_at_random() -> None:
    state = held(before=[MONK])
    new, _ = _random_pass(state, {HERO: give(MONK)})
    assert new not in (MONK, HERO)


def test_a_pass_to_oneself_goes_at_random() -> None:
    state = held()
    _random_pass(state, {HERO: give(HERO)})


def test_the_only_one_who_never_held_it_gets_it() -> None:
    state = held(before=[n for n in range(10) if n not in (HERO, CHILD)])
    events: list[Event] = []
    after_deaths(state, {}, events)
    assert state.artifact == CHILD


def test_destroyed_when_everyone_alive_has_held_it() -> None:
    state = held(before=[n for n in range(10) if n not in (HERO, CHILD)])
    kill(state, CHILD)
    events: list[Event] = []
    after_deaths(state, {HERO: give(MONK)}, events)
    assert state.artifact is None
    assert private(events) == [Event(key="mafia-artifact-destroyed-all-held", to=[HERO])]
    assert events[-1] == Event(key="mafia-artifact-gm-destroyed-all-held", params={"player": seat(HERO)}, to=[])
    assert_renders(events)
    after_deaths(state, {}, events)  # and stays destroyed
    assert state.artifact is None


def test_destroyed_when_the_holder_dies_at_night() -> None:
    state = held("night")
    state.artifact_armor_to = MONK
    state.seats[HERO].alive = False
    state.seats[HERO].died_in = state.phase_index
    events: list[Event] = []
    after_deaths(state, {HERO: give(MONK)}, events)
    assert state.artifact is None
    assert state.artifact_held == [HERO]
    assert state.artifact_armor_to is None
    assert events == [Event(key="mafia-artifact-gm-destroyed-dead", params={"player": seat(HERO)}, to=[])]
    assert_renders(events)


def test_destroyed_when_the_holder_dies_at_the_end_of_a_day_without_a_pass() -> None:
    state = held("day")
    state.seats[HERO].alive = False
    state.seats[HERO].died_in = state.phase_index
    events: list[Event] = []
    after_deaths(state, {HERO: give(MONK)}, events)
    assert state.artifact is None
    assert state.artifact_held == [HERO]
    assert private(events) == []


def test_nothing_moves_at_night() -> None:
    state = held("night")
    events: list[Event] = []
    after_deaths(state, {HERO: give(MONK)}, events)
    assert state.artifact == HERO
    assert state.artifact_held == [HERO]
    assert events == []


def test_mafia_to_mafia_gives_a_random_law_character_3_armor_next_night() -> None:
    for seed in range(1, 8):
        state = held(holder=BOSS, seed=seed)
        kill(state, CHILD)
        law = [n for n in state.living() if not state.seats[n].mafia]
        expected = state.rng.model_copy().choice(law)
        events: list[Event] = []
        after_deaths(state, {BOSS: give(KILLER)}, events)
        assert state.artifact == KILLER
        assert state.artifact_armor_to == expected
        assert expected != CHILD and not state.seats[expected].mafia
        assert events[-1] == Event(key="mafia-artifact-gm-armor", params={"player": seat(expected), "armor": 3},
                                   to=[])
        assert all(e.to != [expected] for e in events)  # he is not told
        state.phase, state.number = "night", state.number + 1
        assert night_armor(state) == {KILLER: 3, expected: 3}
        after_deaths(state, {}, [])
        assert state.artifact_armor_to is None
        assert night_armor(state) == {KILLER: 3}
    assert_renders(events)


def test_mafia_to_mafia_at_random_counts_too() -> None:
    state = held(holder=BOSS, before=[n for n in range(10) if n not in (BOSS, ADVISOR)])
    after_deaths(state, {}, [])
    assert state.artifact == ADVISOR
    assert state.artifact_armor_to is not None
    assert not state.seats[state.artifact_armor_to].mafia


def test_law_to_mafia_or_mafia_to_law_gives_no_armor() -> None:
    state = held()
    after_deaths(state, {HERO: give(KILLER)}, [])
    assert state.artifact == KILLER
    assert state.artifact_armor_to is None
    after_deaths(state, {KILLER: give(MONK)}, [])
    assert state.artifact == MONK
    assert state.artifact_armor_to is None


def test_who_may_be_chosen_for_the_pass() -> None:
    state = held()
    kill(state, CHILD)
    assert artifact_pass_refusal(state, HERO, MONK) is None
    assert artifact_pass_refusal(state, HERO, HERO) == Refusal(key="mafia-artifact-refusal-self")
    assert artifact_pass_refusal(state, HERO, CHILD) == Refusal(
        key="mafia-artifact-refusal-dead", params={"player": seat(CHILD)})
    assert artifact_pass_refusal(state, MONK, HERO) == Refusal(key="mafia-artifact-refusal-not-holder")
    assert artifact_pass_refusal(state, HERO, 17) == Refusal(key="error-unknown-player")
    refusals = [artifact_pass_refusal(state, HERO, n) for n in (HERO, CHILD)] + [artifact_pass_refusal(state, MONK, 1)]
    assert_renders([Event(key=r.key, params=r.params) for r in refusals if r is not None])
