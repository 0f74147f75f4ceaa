"""How big the randomised tests are: a default size for everyday runs, and the full ("deep") size.

Every property is checked at both sizes; the default one plays fewer (still diverse) examples and
seeded games so the whole suite stays quick. The deep size is today's full count, asked for with
`python3 dev.py test --deep` (or `pytest --deep`, or GAMEMASTER_DEEP_TESTS=1 in the environment).

Hypothesis tests get the size from the settings profile tests/conftest.py loads; a test that names its
own `max_examples` passes it through `examples(n)`. A test that loops over N seeds by hand takes
`count(N)` (or `seeds(N)`) instead of N.
"""

from __future__ import annotations

import math
import os

DEEP_ENVIRONMENT = "GAMEMASTER_DEEP_TESTS"
SCALE = 4
"""The default size is the full one divided by this (rounded up)."""


def deep() -> bool:
    """True when the full size was asked for."""
    return os.environ.get(DEEP_ENVIRONMENT, "").strip().lower() in ("1", "true", "yes", "on")


def count(full: int, *, least: int = 1) -> int:
    """`full` in a deep run; else a SCALE-th of it, but never fewer than `least` (a check that needs
    several games to see each way a game can go says so here)."""
    return full if deep() else reduced(full, least=least)


def reduced(full: int, *, least: int = 1) -> int:
    """The default size of `full`: a SCALE-th of it, rounded up, at least `least`, at most `full`."""
    return min(full, max(least, math.ceil(full / SCALE)))


def seeds(full: int, *, start: int = 0, least: int = 1) -> range:
    """The seeds `start`, `start + 1`, ... of a hand-written loop over `full` seeds, at this run's size."""
    return range(start, start + count(full, least=least))


def examples(full: int) -> int:
    """A hypothesis `max_examples` for a test that names its own (the profile scales the rest)."""
    return count(full, least=10)
