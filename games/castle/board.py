"""Castle boards as data: halls on rings, corridors between them, the seats' shrines.

A board is a JSON file in `data/boards/` (the defaults are `castle-3.json` and `castle-4.json`, built
exactly as the rules page's Decision says). It is validated when loaded; every fault is a
`BoardError` whose message names the file and the fault. Loaded boards are cached, so
`default_board(n)` is cheap to call often — treat a `Board` and its lists as read-only.

File format::

    {"name": "castle-3", "centre": "C",
     "halls": [{"id": "C", "ring": 0, "x": 0.0, "y": 0.0}, ...],
     "corridors": [["C", "A1"], ...],
     "shrines": ["B2", "B6", "B10"]}

Coordinates are drawing coordinates in [-1, 1] with (0, 0) the centre and **y pointing down**, as
in images, so increasing label number runs clockwise on screen.

Corridors are undirected. `corridor_key(a, b)` is the canonical form: the plain sorted tuple of the
two labels (`("A1", "C")`, `("A10", "A2")`), which needs no board to compute.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from games.core.datafiles import read_json

BOARDS_DIR = Path(__file__).resolve().parents[2] / "data" / "boards"

Corridor = tuple[str, str]


class BoardError(ValueError):
    """A board file that cannot be used; the message names the file and the fault."""


def corridor_key(a: str, b: str) -> Corridor:
    """The canonical key of the undirected corridor a–b: the sorted pair of labels."""
    return (a, b) if a <= b else (b, a)


def _label_key(label: str) -> tuple[str, int, str]:
    """Label-number order: "A2" before "A10"; labels without a number sort by text."""
    match = re.fullmatch(r"(\D*)(\d+)(.*)", label)
    if match is None:
        return (label, -1, "")
    return (match.group(1), int(match.group(2)), match.group(3))


def is_connected(halls: Iterable[str], corridors: Iterable[Corridor]) -> bool:
    """Whether every hall can reach every other along the corridors (no halls counts as connected)."""
    nodes = list(dict.fromkeys(halls))
    if not nodes:
        return True
    adjacent: dict[str, list[str]] = {hall: [] for hall in nodes}
    for a, b in corridors:
        if a in adjacent and b in adjacent:
            adjacent[a].append(b)
            adjacent[b].append(a)
    seen = {nodes[0]}
    queue = deque(seen)
    while queue:
        for other in adjacent[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return len(seen) == len(nodes)


class Hall(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    """The label, e.g. "C", "A3", "B10"."""
    ring: int
    """0 the centre, 1 inner, 2 outer."""
    x: float
    y: float
    """Drawing coordinates in [-1, 1], centre (0, 0), y down."""


class Board(BaseModel):
    """A validated castle. Build it with `load_board` / `default_board`; do not mutate its lists."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    halls: list[Hall]
    corridors: list[Corridor]
    shrines: list[str]
    """The shrine hall of seat 0, 1, 2, ... in clockwise order."""
    centre: str = "C"

    _by_id: dict[str, Hall] = PrivateAttr(default_factory=dict)
    _order: list[str] = PrivateAttr(default_factory=list)
    _position: dict[str, int] = PrivateAttr(default_factory=dict)
    _adjacent: dict[str, list[str]] = PrivateAttr(default_factory=dict)
    _distances: dict[str, dict[str, int]] = PrivateAttr(default_factory=dict)
    _hash: int = PrivateAttr(default=0)

    def model_post_init(self, context: Any, /) -> None:
        # Indexes built once: the engine asks for neighbours and distances many times per round.
        self._by_id = {hall.id: hall for hall in self.halls}
        self._order = [hall.id for hall in sorted(self.halls, key=lambda h: (h.ring, _label_key(h.id)))]
        if self.centre in self._by_id:  # the Central Hall first even on a board with odd rings
            self._order.remove(self.centre)
            self._order.insert(0, self.centre)
        self._position = {hall: index for index, hall in enumerate(self._order)}
        self._adjacent = self._adjacency(self.corridors)
        # Every distance now, not lazily: private attributes take part in `==`, and two equal boards
        # (say, one inside a state reloaded from JSON) must compare equal whatever was asked of them.
        self._distances = {hall: self._bfs(hall) for hall in self._order}
        self._hash = hash((self.name, self.centre, tuple(self.halls), tuple(self.corridors), tuple(self.shrines)))

    def __hash__(self) -> int:
        return self._hash

    def _sort_key(self, hall_id: str) -> tuple[int, tuple[str, int, str]]:
        return (self._position.get(hall_id, len(self._position)), _label_key(hall_id))

    def _adjacency(self, corridors: Iterable[Corridor]) -> dict[str, list[str]]:
        adjacent: dict[str, set[str]] = {hall: set() for hall in self._order}
        for a, b in corridors:
            adjacent.setdefault(a, set()).add(b)
            adjacent.setdefault(b, set()).add(a)
        return {hall: sorted(others, key=self._sort_key) for hall, others in adjacent.items()}

    def hall(self, hall_id: str) -> Hall:
        """The hall with this label; KeyError if there is none."""
        return self._by_id[hall_id]

    def ring_of(self, hall_id: str) -> int:
        return self._by_id[hall_id].ring

    def ordered_halls(self) -> list[str]:
        """Central Hall, then ring 1, then ring 2, each in label-number order (the skirmish order)."""
        return list(self._order)

    def in_order(self, a: str, b: str) -> tuple[str, str]:
        """Two halls in board order (`ordered_halls`), as players read a pair of them."""
        index = {hall: number for number, hall in enumerate(self._order)}
        first, second = sorted((a, b), key=lambda hall: (index.get(hall, len(index)), hall))
        return first, second

    def corridor_name(self, corridor: Corridor) -> str:
        """A corridor as players read it: its two halls in board order ("C–A1", "B9–B10")."""
        first, second = self.in_order(*corridor)
        return f"{first}–{second}"

    def neighbours(self, hall_id: str, corridors: Iterable[Corridor] | None = None) -> list[str]:
        """Halls joined to `hall_id`, in `ordered_halls` order; by the board's own corridors unless given."""
        if corridors is None:
            return list(self._adjacent.get(hall_id, []))
        others = {b if a == hall_id else a for a, b in corridors if hall_id in (a, b) and a != b}
        return sorted(others, key=self._sort_key)

    def _bfs(self, start: str) -> dict[str, int]:
        found = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for other in self._adjacent.get(here, []):
                if other not in found:
                    found[other] = found[here] + 1
                    queue.append(other)
        return found

    def distances_from(self, hall_id: str) -> dict[str, int]:
        """Corridor counts from `hall_id` to every reachable hall on the ORIGINAL board."""
        return dict(self._distances[hall_id])

    def original_distance(self, a: str, b: str) -> int:
        """Shortest path a→b on the board as it was at the start (validated boards are connected)."""
        return self.distances_from(a)[b]


def board_faults(board: Board, players: int | None = None) -> list[str]:
    """Every structural fault of `board`, in English; empty when it can be played by `players`."""
    faults: list[str] = []
    labels = [hall.id for hall in board.halls]
    seen: set[str] = set()
    for label in labels:
        if label in seen:
            faults.append(f"duplicate hall label {label!r}")
        seen.add(label)
    for hall in board.halls:
        if not hall.id:
            faults.append("a hall has an empty label")
        if hall.ring < 0:
            faults.append(f"hall {hall.id!r} has a negative ring {hall.ring}")
        if not (-1.0 <= hall.x <= 1.0 and -1.0 <= hall.y <= 1.0):
            faults.append(f"hall {hall.id!r} has coordinates outside [-1, 1]")
    if board.centre not in seen:
        faults.append(f"no centre hall: {board.centre!r} is not a hall")
    keys: set[Corridor] = set()
    for a, b in board.corridors:
        for end in (a, b):
            if end not in seen:
                faults.append(f"corridor {a}–{b} leads to unknown hall {end!r}")
        if a == b:
            faults.append(f"corridor {a}–{b} joins a hall to itself")
        key = corridor_key(a, b)
        if key in keys:
            faults.append(f"duplicate corridor {a}–{b}")
        keys.add(key)
    if not faults and not is_connected(labels, board.corridors):
        faults.append("the halls are not all connected")
    if players is not None and len(board.shrines) < players:
        faults.append(f"missing shrine: {len(board.shrines)} shrines for {players} players")
    shrines_seen: set[str] = set()
    for shrine in board.shrines:
        if shrine not in seen:
            faults.append(f"shrine {shrine!r} is not a hall")
        if shrine in shrines_seen:
            faults.append(f"duplicate shrine {shrine!r}")
        shrines_seen.add(shrine)
    return faults


def load_board(path: str | Path, players: int | None = None) -> Board:
    """The validated board in `path`; `players` also checks there is a shrine for every seat."""
    return _load_board(str(path), players)


@lru_cache(maxsize=64)
def _load_board(path: str, players: int | None) -> Board:
    # Keyed by the path as given, so a cached call costs no file-system call at all.
    name = Path(path).name
    raw = read_json(path, "board file", BoardError)
    if not isinstance(raw, dict):
        raise BoardError(f"board file {name}: malformed board: expected a JSON object")
    try:
        board = Board.model_validate(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'board'}: {item['msg'].lower()}"
            for item in error.errors()
        )
        raise BoardError(f"board file {name}: malformed board: {problems}") from None
    faults = board_faults(board, players)
    if faults:
        raise BoardError(f"board file {name}: " + "; ".join(faults))
    return board


def board_path(name: str) -> Path:
    """The file of a board NAME ("castle-4" or "my-board.json") inside `data/boards/` only.

    Raises BoardError for names that try to leave the folder (paths, "..", hidden files) and for
    boards that do not exist.
    """
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", name or "") or ".." in name:
        raise BoardError(f"board name {name!r}: only a file name inside data/boards is allowed")
    file_name = name if name.endswith(".json") else f"{name}.json"
    path = (BOARDS_DIR / file_name).resolve()
    if path.parent != BOARDS_DIR:
        raise BoardError(f"board name {name!r}: only a file name inside data/boards is allowed")
    if not path.is_file():
        raise BoardError(f"board file {file_name}: no such board in data/boards")
    return path


def default_board(players: int) -> Board:
    """The rules page's default board for 3 or 4 players."""
    if players not in (3, 4):
        raise BoardError(f"board file castle-{players}.json: default boards exist for 3 or 4 players only")
    return load_board(str(BOARDS_DIR / f"castle-{players}.json"), players)
