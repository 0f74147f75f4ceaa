"""The board as a Castle bot sees it: corridors as they are now, when Locks and Barricades block
them, and the shortest ways over rounds (a mover walks one corridor a round and waits where a
marker blocks; DoubleStep this round when Second Wind resolves)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from games.castle.board import Corridor


def key(a: str, b: str) -> Corridor:
    return (a, b) if a <= b else (b, a)


# --- the board as the bot sees it -----------------------------------------------------------------
FAR = 99
HORIZON = 40
"""Rounds looked ahead when markers make a mover wait."""


@dataclass
class Castle:
    """The public board: corridors as they are now, and when markers block them. Rounds are counted
    from this one (0 = the movement about to be ordered)."""

    halls: list[str]
    corridors: set[Corridor]
    locks: dict[Corridor, set[int]] = field(default_factory=dict)
    """Rounds (from now) in which a Lock makes the corridor impassable."""
    barricades: dict[Corridor, set[int]] = field(default_factory=dict)
    """Rounds in which a Barricade blocks the corridor for a mover without DoubleStep."""
    adjacent: dict[str, list[str]] = field(default_factory=dict)
    _dist: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _arrival: dict[tuple[str, str, int], int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.adjacent:
            self.adjacent = {hall: [] for hall in self.halls}
            for a, b in sorted(self.corridors):
                self.adjacent.setdefault(a, []).append(b)
                self.adjacent.setdefault(b, []).append(a)

    def passable(self, a: str, b: str, double: bool, when: int = 0) -> bool:
        """Whether a mover can take corridor a–b in round `when` (with or without DoubleStep)."""
        corridor = key(a, b)
        if corridor not in self.corridors or when in self.locks.get(corridor, ()):
            return False
        return double or when not in self.barricades.get(corridor, ())

    def dist(self, goal: str) -> dict[str, int]:
        """Corridor counts to `goal` over every corridor that exists, markers ignored (they expire):
        breadth-first from the goal, cached."""
        found = self._dist.get(goal)
        if found is None:
            found = {goal: 0}
            queue = deque([goal])
            while queue:
                here = queue.popleft()
                for other in self.adjacent.get(here, ()):
                    if other not in found:
                        found[other] = found[here] + 1
                        queue.append(other)
            self._dist[goal] = found
        return found

    def arrival(self, start: str, goal: str, when: int) -> int:
        """The first round in which a mover standing on `start` from round `when` on, walking one
        corridor a round (waiting where markers block), can stand on `goal`."""
        memo = (start, goal, when)
        if memo in self._arrival:
            return self._arrival[memo]
        found = FAR
        if not self.locks and not self.barricades:  # nothing to wait for: the plain distance
            steps = self.dist(goal).get(start)
            found = FAR if steps is None else when + steps
        else:
            seen = {(start, when)}
            frontier = [start]
            round_number = when
            while frontier and round_number < when + HORIZON:
                if goal in frontier:
                    found = round_number
                    break
                following = []
                for hall in frontier:
                    for there in [hall, *self.adjacent.get(hall, ())]:
                        if there != hall and not self.passable(hall, there, False, round_number):
                            continue
                        if (there, round_number + 1) not in seen:
                            seen.add((there, round_number + 1))
                            following.append(there)
                frontier = following
                round_number += 1
        self._arrival[memo] = found
        return found

    def path(self, start: str, goal: str) -> list[str]:
        """A shortest way start → goal (halls after start), the first neighbour in order at each fork."""
        dist = self.dist(goal)
        way: list[str] = []
        here = start
        while here != goal and dist.get(here, FAR) < FAR:
            here = min(self.adjacent[here], key=lambda h: (dist.get(h, FAR), self.halls.index(h)))
            way.append(here)
        return way

    def moves(self, start: str, double: bool) -> list[list[str]]:
        """Every path a mover may order this round: stay, one corridor, or two with DoubleStep."""
        paths: list[list[str]] = [[]]
        for first in self.adjacent.get(start, ()):
            if not self.passable(start, first, double):
                continue
            paths.append([first])
            if double:
                paths.extend(
                    [first, second]
                    for second in self.adjacent.get(first, ())
                    if second != start and self.passable(first, second, double)
                )
        return paths

    def with_marker(self, corridor: Corridor, rounds: set[int], *, lock: bool) -> Castle:
        """The castle with one more Lock (or Barricade) in the given rounds."""
        locks, barricades = dict(self.locks), dict(self.barricades)
        target = locks if lock else barricades
        target[corridor] = set(target.get(corridor, set())) | rounds
        return Castle(self.halls, self.corridors, locks, barricades, self.adjacent, self._dist)


def rounds_to(castle: Castle, start: str, goal: str, double_now: bool) -> int:
    """Rounds a mover at `start` needs to stand on `goal`: this round's move (with DoubleStep or
    not), then a corridor a round, waiting where markers block."""
    if start == goal:
        return 0
    return min(
        (castle.arrival(path[-1] if path else start, goal, 1) for path in castle.moves(start, double_now)),
        default=FAR,
    )


def best_path(castle: Castle, start: str, goal: str, double: bool, danger: dict[str, int] | None = None) -> list[str]:
    """The path to order this round toward `goal`: the earliest arrival after it; then the least
    `danger` (rivals there or next to it); then nearer on the plain board; then moving rather than
    waiting (a mover gets the arrival bonus in a skirmish)."""
    dist = castle.dist(goal)
    danger = danger or {}

    def score(path: list[str]) -> tuple[int, int, int, int]:
        end = path[-1] if path else start
        arrive = 0 if end == goal else castle.arrival(end, goal, 1)
        return (arrive, danger.get(end, 0), dist.get(end, FAR), -len(path))

    return min(castle.moves(start, double), key=score)

