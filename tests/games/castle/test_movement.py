"""Movement (simultaneous, each corridor checked when taken) and how long markers last: Lock 1
round, Barricade this round and the next, Shackles next round, barred from cards next round."""

from __future__ import annotations

from games.castle.state import CastleState, Marker
from tests.games.castle.helpers import event_of, kinds, new_game, orders, position

QUIET = (["none", "nothing"], None)


def start(**kw: object) -> CastleState:
    return position(new_game(3, seed=3), **kw)  # type: ignore[arg-type]


def test_everyone_moves_at_once_and_moving_is_taking_a_corridor() -> None:
    state = start(hands={0: ["devil"], 1: ["devil"], 2: ["devil"]})
    state, events = orders(state, {0: (QUIET[0], ["B3"]), 1: (QUIET[0], ["B5"]), 2: QUIET})
    assert [p.hall for p in state.table] == ["B3", "B5", "B10"]
    assert event_of(events, "castle-movement").to is None


def test_a_platform_played_this_round_stops_a_walker_before_the_corridor() -> None:
    state = start(halls={1: "B4"}, hands={0: ["platform", "devil"], 1: ["devil"], 2: ["devil"]})
    state, events = orders(state, {0: (["1", "B3", "B4"], None), 1: (QUIET[0], ["B3"]), 2: QUIET})
    assert state.table[1].hall == "B4"
    lines = event_of(events, "castle-movement").params["moves"]["lines"]
    assert lines == [{"message": "castle-blocked-barricade",
                      "params": {"player": {"seat": 1}, "hall": "B4", "to": "B3", "corridor": "B3–B4"}}]


def test_second_wind_passes_a_barricade_and_walks_two_corridors() -> None:
    state = new_game(3, seed=3)
    state.barricades.append(Marker(corridor=("B2", "B3"), since=1, until=2))
    state = position(state, hands={0: ["second_wind", "devil"], 1: ["devil"], 2: ["devil"]})
    state, _ = orders(state, {0: (["1"], ["B3", "B4"]), 1: QUIET, 2: QUIET})
    assert state.table[0].hall == "B4"


def test_a_second_wind_that_did_not_resolve_takes_only_the_first_corridor() -> None:
    # seat 1's Deal with the Devil takes seat 0's only card, the pending Second Wind
    state = start(hands={0: ["second_wind"], 1: ["devil", "passage"], 2: ["devil"]})
    state, events = orders(state, {0: (["1"], ["B3", "B4"]), 1: (["1", "0", "2"], None), 2: QUIET})
    assert "castle-card-lost" in [e.key for e in events]
    assert state.table[0].hall == "B3"


def test_muffets_webs_makes_second_wind_give_no_double_step() -> None:
    state = start(hands={0: ["second_wind", "devil"], 1: ["devil"], 2: ["devil"]}, event="webs")
    state, events = orders(state, {0: (["1"], ["B3"]), 1: QUIET, 2: QUIET})
    assert event_of(events, "castle-second-wind").params["usable"] == "no"
    assert state.double_step == [] or state.round == 2


def test_barricade_lasts_this_round_and_the_next() -> None:
    state = start(hands={0: ["platform", "devil"], 1: ["devil"], 2: ["devil"]})
    state, _ = orders(state, {0: (["1", "B2", "B3"], None), 1: QUIET, 2: QUIET})
    assert state.round == 2 and state.barricaded(("B2", "B3"))
    state, _ = orders(state, {s: QUIET for s in range(3)})
    assert state.round == 3 and not state.barricaded(("B2", "B3")) and state.barricades == []


def test_lock_lasts_one_round_and_shackles_and_bar_only_the_next_round() -> None:
    state = new_game(3, seed=3)
    state.locks.append(Marker(corridor=("B2", "B3"), since=2, until=2))
    state.table[0].shackled = 2
    state.table[1].barred = 2
    state = position(state, hands={0: ["devil"], 1: ["devil"], 2: ["devil"]})
    assert not state.locked(("B2", "B3")), "placed in round 1 for the next round"
    state, _ = orders(state, {s: QUIET for s in range(3)})
    assert state.round == 2 and state.locked(("B2", "B3"))
    assert not state.can_double_step(0)
    assert state.sheets[1] and state.table[1].barred == state.round
    state, _ = orders(state, {s: QUIET for s in range(3)})
    assert state.round == 3 and not state.locked(("B2", "B3")) and state.locks == []
    assert state.can_double_step(0) and state.table[1].barred != state.round


def test_a_locked_corridor_stops_a_path_taken_when_it_locks() -> None:
    state = start(hands={0: ["devil"], 1: ["devil"], 2: ["devil"]})
    state.locks.append(Marker(corridor=("B2", "B3"), since=1, until=1))
    state.paths = {}
    # the order refuses it (tested in test_orders); movement checks it too
    from games.castle.resolution import run_movement

    state.paths = {0: ["B3"]}
    events: list = []
    run_movement(state, events)
    assert state.table[0].hall == "B2" and state.moved == []
    assert kinds(state, 0) == ["devil"]
