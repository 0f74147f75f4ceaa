"""Phase III: pick-up (alone only), delivery to one's own shrine, a new artifact in the Central
Hall, the win at `artifacts_to_win`, and the end after `max_rounds` with its tie-breaks."""

from __future__ import annotations

from games.castle import ENGINE
from games.castle.state import CastleState
from tests.games.castle.helpers import event_of, new_game, orders, position

QUIET = (["none", "nothing"], None)


def quiet_round(state: CastleState, moves: dict[int, list[str]] | None = None) -> tuple[CastleState, list]:
    moves = moves or {}
    return orders(state, {s: (QUIET[0], moves.get(s)) for s in range(state.players)})


def start(players: int = 3, **kw: object) -> CastleState:
    hands = {s: ["devil"] if s == 0 else ["passage"] if s == 1 else ["platform"] if s == 2 else ["unfair"]
             for s in range(players)}
    return position(new_game(players, seed=9, **kw.pop("options", {})), hands=hands, **kw)  # type: ignore[arg-type]


def test_a_player_alone_picks_up_every_artifact_on_the_floor() -> None:
    state = start(halls={0: "A1"}, floor={"C": 1, "A2": 2})
    state, events = quiet_round(state, {0: ["C"]})
    assert state.table[0].carried == 1 and state.floor == {"A2": 2}
    assert event_of(events, "castle-picked-up").params == {"player": {"seat": 0}, "hall": "C", "count": 1}
    state, _ = quiet_round(state, {0: ["A2"]})
    assert state.table[0].carried == 3, "a player may carry any number"


def test_with_two_players_in_the_hall_nobody_takes_it() -> None:
    from tests.games.castle.helpers import skirmish_cards

    state = start(halls={0: "C", 1: "C"}, rows={0: ["peek", "peek"], 1: ["peek", "peek"]})
    state, _ = quiet_round(state)
    state, _ = skirmish_cards(state)  # a tie: both thrown, nobody takes it
    assert state.floor.get("C") == 1 and all(p.carried == 0 for p in state.table)


def test_a_carrier_in_their_own_shrine_delivers_and_a_new_artifact_appears_in_the_centre() -> None:
    state = start(halls={0: "B3"}, carried={0: 1}, floor={})
    state, events = quiet_round(state, {0: ["B2"]})
    assert state.table[0].delivered == 1 and state.table[0].carried == 0
    assert state.floor == {"C": 1}
    assert event_of(events, "castle-delivered").params["total"] == 1
    assert "castle-new-artifact" in [e.key for e in events]


def test_a_carrier_in_another_players_shrine_delivers_nothing() -> None:
    state = start(halls={0: "B5"}, carried={0: 1}, floor={})
    state, _ = quiet_round(state, {0: ["B6"]})
    assert state.table[0].delivered == 0 and state.table[0].carried == 1


def test_picking_up_in_your_own_shrine_delivers_at_once() -> None:
    state = start(halls={0: "B3"}, floor={"B2": 1})
    state, _ = quiet_round(state, {0: ["B2"]})
    assert state.table[0].delivered == 1 and state.floor == {"C": 1}


def test_reaching_artifacts_to_win_wins_at_once() -> None:
    state = start(halls={0: "B3"}, carried={0: 1}, delivered={0: 2}, floor={})
    state, events = quiet_round(state, {0: ["B2"]})
    assert state.over and state.winners == [0]
    assert event_of(events, "castle-over-goal").params["players"] == {"and": [{"seat": 0}]}
    results = ENGINE.results(state)
    assert results is not None and results.winners == [0] and results.scores[0] == 3


def test_several_reaching_the_goal_together_the_most_delivered_wins_and_equals_share() -> None:
    state = start(halls={0: "B3", 1: "B5", 2: "B9"}, carried={0: 1, 1: 2, 2: 1}, delivered={0: 2, 1: 1, 2: 0},
                  floor={})
    state, _ = quiet_round(state, {0: ["B2"], 1: ["B6"], 2: ["B10"]})
    assert state.over and state.winners == [0, 1], "3 and 3 delivered share; 1 does not"
    state = start(halls={0: "B3", 1: "B5"}, carried={0: 1, 1: 3}, delivered={0: 2, 1: 1}, floor={})
    state, _ = quiet_round(state, {0: ["B2"], 1: ["B6"]})
    assert state.winners == [1], "4 beats 3"


def test_house_rule_artifacts_to_win() -> None:
    state = start(options={"artifacts_to_win": 1}, halls={0: "B3"}, carried={0: 1}, floor={})
    state, _ = quiet_round(state, {0: ["B2"]})
    assert state.over and state.winners == [0]


def test_after_max_rounds_most_delivered_then_most_carried_else_a_shared_win() -> None:
    state = start(options={"max_rounds": 1}, halls={0: "A1", 1: "A3"}, delivered={0: 1, 1: 1}, carried={0: 1, 1: 2},
                  floor={})
    state, events = quiet_round(state)
    assert state.over and state.winners == [1], "equal delivered: the most carried"
    assert "castle-over-rounds" in [e.key for e in events]
    state = start(options={"max_rounds": 1}, delivered={2: 1}, floor={})
    state, _ = quiet_round(state)
    assert state.winners == [2]
    state = start(options={"max_rounds": 1}, floor={})
    state, _ = quiet_round(state)
    assert state.winners == [0, 1, 2], "all equal: a shared win"
    assert state.prompts == [] and ENGINE.results(state) is not None
