"""The scale run's findings tell a game stalled with its messages still queued from one with nothing left to send."""

from __future__ import annotations

from tests.bench.scale.checks import Findings, mark_queued


def test_a_stalled_game_with_rows_waiting_is_told_apart_from_one_with_none() -> None:
    stalled = {7: "its players saw nothing move", 9: "a deadline overdue by 80 s"}
    rows = [
        {"game_id": 7, "state": 0}, {"game_id": 7, "state": 0}, {"game_id": 7, "state": 1},
        {"game_id": 9, "state": 1}, {"game_id": 11, "state": 0}, {"game_id": None, "state": 0},
    ]
    assert mark_queued(stalled, rows) == 1
    assert stalled == {7: "its players saw nothing move (2 of its rows still waiting to be sent)",
                       9: "a deadline overdue by 80 s"}


def test_the_findings_say_how_many_stalled_games_had_rows_waiting() -> None:
    found = Findings(stalled={1: "x", 2: "y", 3: "z"}, stalled_queued=2)
    line = next(line for line in found.lines() if "stalled" in line)
    assert "stalled: 3 (2 of them with rows still waiting to be sent, 1 with none)" in line


def test_every_stalled_game_with_nothing_queued_is_listed_in_full() -> None:
    stalled = {index: "its players saw nothing move" for index in range(1, 7)}
    mark_queued(stalled, [{"game_id": 1, "state": 0}])
    found = Findings(stalled=stalled, stalled_queued=1)
    assert list(found.stalled_unqueued()) == [2, 3, 4, 5, 6]
    line = next(line for line in found.lines() if "stalled" in line)
    assert all(f"{game_id}: 'its players saw nothing move'" in line for game_id in range(2, 7))
