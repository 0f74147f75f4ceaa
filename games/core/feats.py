"""What an achievement checks, in the words every check shares: a finished game's saved events (with their
audiences), its final state and results (`Finished`), and a check that gives the seats that earned it.
`data/achievements/<game>.toml` names the check each achievement uses and its numbers; the shared checks
are bot/ratings/feats.py's, a game's own are in games/<game>/feats.py (its `GameSpec.feats`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.model import Event, GameState, Results


@dataclass(frozen=True)
class Finished:
    game: str
    state: GameState
    events: list[Event]
    results: Results

    def named(self, key: str, seat: int, param: str = "player") -> list[Event]:
        """The events `key` whose `param` is the seat."""
        return [e for e in self.events if e.key == key and e.params.get(param) == {"seat": seat}]

    def seats(self) -> range:
        return range(len(self.results.scores))


Check = Callable[[Finished, dict[str, Any]], set[int]]


class Checks(dict[str, Check]):
    """Checks by name, each added where it is written: `@CHECKS.check("name")`."""

    def check(self, name: str) -> Callable[[Check], Check]:
        def register(function: Check) -> Check:
            self[name] = function
            return function

        return register


def mentions(value: Any, seat: int) -> bool:
    """Whether a seat is named anywhere in event params (lines of lines included)."""
    if isinstance(value, dict):
        return value == {"seat": seat} or any(mentions(v, seat) for v in value.values())
    if isinstance(value, list):
        return any(mentions(v, seat) for v in value)
    return False
