"""Castle boards: the default boards follow the rules page's Decision; bad board files are refused."""

from __future__ import annotations

import math
from pathlib import Path

import networkx as nx
import pytest
from networkx.algorithms.isomorphism import GraphMatcher

from games.castle.board import (
    BOARDS_DIR,
    Board,
    BoardError,
    board_path,
    corridor_key,
    default_board,
    is_connected,
    load_board,
)
from tests.games.castle.board_data import board_file, board_text

FIXTURES = Path(__file__).parent / "boards"


def graph(board: Board) -> nx.Graph:
    g = nx.Graph()
    g.add_nodes_from(hall.id for hall in board.halls)
    g.add_edges_from(board.corridors)
    return g


@pytest.mark.parametrize("players", [3, 4])
def test_default_board_file_is_generated_from_the_decision(players: int) -> None:
    # The data file is what the game loads; this keeps it equal to the rules page's construction.
    assert board_file(players).read_text(encoding="utf-8") == board_text(players)


@pytest.mark.parametrize("players", [3, 4])
def test_default_board_rings_and_joins(players: int) -> None:
    board = default_board(players)
    n = players
    rings = {ring: sorted(h.id for h in board.halls if h.ring == ring) for ring in (0, 1, 2)}
    assert rings[0] == ["C"]
    assert len(rings[1]) == 2 * n and set(rings[1]) == {f"A{k}" for k in range(1, 2 * n + 1)}
    assert len(rings[2]) == 4 * n and set(rings[2]) == {f"B{j}" for j in range(1, 4 * n + 1)}
    assert board.centre == "C"
    keys = {corridor_key(a, b) for a, b in board.corridors}
    expected = set()
    for k in range(1, 2 * n + 1):
        expected.add(corridor_key("C", f"A{k}"))
        expected.add(corridor_key(f"A{k}", f"A{k % (2 * n) + 1}"))
        expected.add(corridor_key(f"A{k}", f"B{2 * k - 1}"))
    for j in range(1, 4 * n + 1):
        expected.add(corridor_key(f"B{j}", f"B{j % (4 * n) + 1}"))
    assert keys == expected
    assert len(board.corridors) == len(keys)  # no duplicates in the file
    assert board.shrines == [f"B{4 * i + 2}" for i in range(n)]
    assert is_connected([h.id for h in board.halls], board.corridors)
    assert nx.is_connected(graph(board))


@pytest.mark.parametrize("players", [3, 4])
def test_shrines_are_three_corridors_from_the_centre(players: int) -> None:
    board = default_board(players)
    lengths = nx.single_source_shortest_path_length(graph(board), "C")
    for shrine in board.shrines:
        assert board.original_distance("C", shrine) == 3 == lengths[shrine]
        assert board.original_distance(shrine, "C") == 3
    assert board.distances_from("C") == dict(lengths)


@pytest.mark.parametrize("players", [3, 4])
def test_a_rotation_takes_each_shrine_to_every_other(players: int) -> None:
    board = default_board(players)
    g = graph(board)
    shrines = board.shrines
    for i, source in enumerate(shrines):
        for j in range(players):
            # An automorphism that moves every seat's shrine on by the same number of seats.
            shift = (j - i) % players
            wanted = {shrines[s]: shrines[(s + shift) % players] for s in range(players)}
            matcher = GraphMatcher(g, g)
            found = next(
                (m for m in matcher.isomorphisms_iter() if all(m[a] == b for a, b in wanted.items())),
                None,
            )
            assert found is not None, f"no rotation takes {source} to {shrines[j]}"
            assert found["C"] == "C"
            assert all(board.ring_of(found[h.id]) == h.ring for h in board.halls)


@pytest.mark.parametrize("players", [3, 4])
def test_coordinates_on_rings_and_clockwise(players: int) -> None:
    board = default_board(players)
    for hall in board.halls:
        radius = math.hypot(hall.x, hall.y)
        assert radius == pytest.approx({0: 0.0, 1: 0.45, 2: 0.9}[hall.ring], abs=1e-3)
        assert -1 <= hall.x <= 1 and -1 <= hall.y <= 1

    def screen_angle(label: str) -> float:
        # Clockwise on screen (y down) from 12 o'clock.
        hall = board.hall(label)
        return math.atan2(hall.x, -hall.y) % (2 * math.pi)

    for ring, prefix, count in ((1, "A", 2 * players), (2, "B", 4 * players)):
        for k in range(1, count + 1):
            step = (screen_angle(f"{prefix}{k % count + 1}") - screen_angle(f"{prefix}{k}")) % (2 * math.pi)
            assert step == pytest.approx(2 * math.pi / count, abs=1e-3), (ring, k)
    for k in range(1, 2 * players + 1):
        assert screen_angle(f"A{k}") == pytest.approx(screen_angle(f"B{2 * k - 1}"), abs=1e-3)
    assert board.hall("B2").y < 0  # the first shrine is at the top of the picture


def test_ordered_halls_and_neighbours() -> None:
    board = default_board(3)
    order = board.ordered_halls()
    assert order[:8] == ["C", "A1", "A2", "A3", "A4", "A5", "A6", "B1"]
    assert order[-3:] == ["B10", "B11", "B12"]
    assert board.neighbours("A1") == ["C", "A2", "A6", "B1"]
    assert board.neighbours("B12") == ["B1", "B11"]
    assert board.neighbours("C") == [f"A{k}" for k in range(1, 7)]
    # Neighbours on the board as it is now: a corridor removed, a secret passage opened.
    now = [c for c in board.corridors if corridor_key(*c) != ("A1", "C")] + [("B10", "A1")]
    assert board.neighbours("A1", now) == ["A2", "A6", "B1", "B10"]
    assert board.ring_of("B10") == 2
    assert board.hall("A3").ring == 1
    assert corridor_key("C", "A1") == ("A1", "C") == corridor_key("A1", "C")


def test_default_board_is_cached() -> None:
    assert default_board(4) is default_board(4)
    with pytest.raises(BoardError, match="castle-5"):
        default_board(5)


def test_is_connected() -> None:
    assert is_connected(["a", "b", "c"], [("a", "b"), ("b", "c")])
    assert not is_connected(["a", "b", "c"], [("a", "b")])
    assert is_connected([], [])


def test_small_good_board_loads() -> None:
    board = load_board(FIXTURES / "good-tiny.json", players=3)
    assert board.shrines == ["A1", "A2", "A3"]
    assert board.original_distance("A2", "A3") == 2


@pytest.mark.parametrize(
    ("fixture", "players", "reason"),
    [
        ("malformed-json.json", None, "malformed JSON"),
        ("missing-halls.json", None, "halls: field required"),
        ("bad-field-type.json", None, "halls.1.ring"),
        ("duplicate-hall.json", None, "duplicate hall label 'A1'"),
        ("corridor-unknown-hall.json", None, "unknown hall 'Z9'"),
        ("corridor-to-itself.json", None, "joins a hall to itself"),
        ("duplicate-corridor.json", None, "duplicate corridor A2–A1"),
        ("disconnected.json", None, "not all connected"),
        ("too-few-shrines.json", 3, "missing shrine: 2 shrines for 3 players"),
        ("unknown-shrine.json", None, "shrine 'B7' is not a hall"),
        ("duplicate-shrine.json", None, "duplicate shrine 'A1'"),
        ("no-centre.json", None, "no centre hall"),
        ("does-not-exist.json", None, "cannot be read"),
    ],
)
def test_bad_board_files_are_refused_with_their_reason(fixture: str, players: int | None, reason: str) -> None:
    with pytest.raises(BoardError) as caught:
        load_board(FIXTURES / fixture, players)
    message = str(caught.value)
    assert fixture in message
    assert reason in message


def test_too_few_shrines_only_matters_with_players() -> None:
    assert len(load_board(FIXTURES / "too-few-shrines.json").shrines) == 2
    assert len(load_board(FIXTURES / "too-few-shrines.json", players=2).shrines) == 2


@pytest.mark.parametrize("name", ["castle-4", "castle-3.json"])
def test_board_path_resolves_inside_data_boards(name: str) -> None:
    path = board_path(name)
    assert path.parent == BOARDS_DIR
    assert load_board(path).name == path.stem


@pytest.mark.parametrize(
    "name",
    [
        "../castle-4",
        "../../pyproject.toml",
        "/etc/passwd",
        "boards/castle-4",
        "..",
        ".hidden",
        "castle-4\\..\\x",
        "",
        "castle-4/../castle-3",
        "a..json",
    ],
)
def test_board_path_refuses_traversal(name: str) -> None:
    with pytest.raises(BoardError, match="only a file name"):
        board_path(name)


def test_board_path_names_a_missing_board() -> None:
    with pytest.raises(BoardError, match=r"no-such-board\.json"):
        board_path("no-such-board")


def test_board_round_trips_and_equal_boards_stay_equal() -> None:
    board = default_board(4)
    copy = Board.model_validate_json(board.model_dump_json())
    assert copy == board and hash(copy) == hash(board)
    board.distances_from("B7")  # asking things of one copy must not make them differ
    assert copy == board
    assert copy is not board and copy.neighbours("A1") == board.neighbours("A1")
    assert default_board(3) != board
