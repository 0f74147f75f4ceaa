"""A seeded random generator that lives inside the game state.

Every draw derives a fresh `random.Random` from (seed, counter) and advances the counter, so
the generator's whole position is two integers that round-trip through JSON exactly.
The global `random` module is never used by the games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")


def derived(seed: int, *salt: object) -> random.Random:
    """A generator fixed by the seed and the salt; string seeding is stable across processes."""
    return random.Random(":".join([str(seed), *map(str, salt)]))


class Rng(BaseModel):
    seed: int
    counter: int = 0

    def _draw(self) -> random.Random:
        generator = derived(self.seed, self.counter)
        self.counter += 1
        return generator

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self._draw().shuffle(result)
        return result

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self._draw().randrange(len(items))]

    def randint(self, low: int, high: int) -> int:
        return self._draw().randint(low, high)
