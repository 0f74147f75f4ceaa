"""Phase I event cards: each of the five, revealed to everyone at the start of a round."""

from __future__ import annotations

from games.castle.board import is_connected
from games.castle.state import CastleState
from tests.games.castle.helpers import event_of, new_game, orders, position, stack_events

QUIET = (["none", "nothing"], None)


def next_round_with(state: CastleState, kind: str) -> tuple[CastleState, list]:
    stack_events(state, [kind])
    return orders(state, {s: QUIET for s in range(state.players)})


def test_the_event_is_revealed_to_everyone_each_round() -> None:
    state = position(new_game(3, seed=2))
    state, events = next_round_with(state, "current")
    event = event_of(events, "castle-event")
    assert event.to is None and event.params["event"] == {"term": "castle-event-current"}
    assert state.event_kind() == "current"


def test_castle_reshuffle_swaps_players_with_what_they_carry_and_floor_artifacts() -> None:
    for seed in range(1, 30):
        state = position(new_game(3, seed=seed), halls={0: "B3"}, carried={0: 1}, floor={"C": 1})
        before = {s: p.hall for s, p in enumerate(state.table)}
        shrines = [state.shrine_hall(s) for s in range(3)]
        state, events = next_round_with(state, "reshuffle")
        a, b = event_of(events, "castle-reshuffled").params.values()
        assert a != b
        swap = {a: b, b: a}
        assert {s: p.hall for s, p in enumerate(state.table)} == {s: swap.get(h, h) for s, h in before.items()}
        assert state.floor == {swap.get("C", "C"): 1}
        assert state.table[0].carried == 1, "a carrier keeps what they carry"
        assert [state.shrine_hall(s) for s in range(3)] == shrines, "shrines do not move"
        if set(before.values()) & {a, b}:
            return
    raise AssertionError("no seed swapped a player's hall")


def test_flame_of_udun_removes_a_corridor_for_good_keeping_the_castle_connected() -> None:
    state = position(new_game(3, seed=4))
    state, events = next_round_with(state, "udun")
    (gone,) = state.removed
    assert not state.joined(*gone)
    assert event_of(events, "castle-corridor-removed").params == {"corridor": f"{gone[0]}–{gone[1]}"}
    assert is_connected(state.the_board().ordered_halls(), state.corridors())


def test_flame_of_udun_does_nothing_when_every_corridor_holds_the_castle_together() -> None:
    state = new_game(3, seed=4)
    board = state.the_board()
    tree: list[tuple[str, str]] = []
    seen = {board.centre}
    frontier = [board.centre]
    while frontier:  # a spanning tree: every corridor of it is needed
        here = frontier.pop(0)
        for other in board.neighbours(here):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
                tree.append(tuple(sorted((here, other))))  # type: ignore[arg-type]
    state.removed = [c for c in state.corridors() if c not in tree]
    state = position(state)
    before = list(state.removed)
    state, events = next_round_with(state, "udun")
    assert "castle-corridor-kept" in [e.key for e in events]
    assert state.removed == before


def test_lets_go_gambling_moves_every_shrine_clockwise_by_half_the_players() -> None:
    state = position(new_game(3, seed=4), delivered={1: 2})
    state, _ = next_round_with(state, "gambling")
    assert [state.shrine_hall(s) for s in range(3)] == ["B6", "B10", "B2"], "⌊3/2⌋ = 1 shrine position"
    assert state.table[1].delivered == 2, "delivered artifacts stay counted"
    state = position(new_game(4, seed=4))
    state, _ = next_round_with(state, "gambling")
    assert [state.shrine_hall(s) for s in range(4)] == ["B10", "B14", "B2", "B6"], "⌊4/2⌋ = 2"


def test_against_the_current_and_muffets_webs_last_the_round() -> None:
    state = position(new_game(3, seed=4))
    state, _ = next_round_with(state, "webs")
    assert not state.can_double_step(0)
    state, _ = next_round_with(state, "current")
    assert state.event_kind() == "current" and state.can_double_step(0)
