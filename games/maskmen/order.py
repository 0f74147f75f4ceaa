"""The strength order: a transitively closed, acyclic set of (stronger, weaker) pairs.

All functions are pure; a pair list is kept sorted in the deck's colour order so that equal
orders compare (and serialise) equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from games.maskmen.cards import COLOURS, Colour

Pair = tuple[Colour, Colour]
_RANK = {colour: index for index, colour in enumerate(COLOURS)}


class Relation(Enum):
    SAME = "same"
    STRONGER = "stronger"
    WEAKER = "weaker"
    UNRELATED = "unrelated"


def canonical(pairs: Iterable[Pair]) -> list[Pair]:
    return sorted(set(pairs), key=lambda pair: (_RANK[pair[0]], _RANK[pair[1]]))


def relation(pairs: Iterable[Pair], colour: Colour, other: Colour) -> Relation:
    """How `colour` stands to `other` in the order."""
    if colour == other:
        return Relation.SAME
    known = set(pairs)
    if (colour, other) in known:
        return Relation.STRONGER
    if (other, colour) in known:
        return Relation.WEAKER
    return Relation.UNRELATED


def add(pairs: Iterable[Pair], stronger: Colour, weaker: Colour) -> list[Pair]:
    """The order with "stronger beats weaker" added, with all its transitive consequences.

    Adding a relation between two unrelated colours can never close a cycle; the assertion
    guards the invariant against a caller that adds a contradicted relation.
    """
    known = set(pairs)
    assert stronger != weaker and (weaker, stronger) not in known, "the order would become cyclic"
    above = {stronger} | {s for s, w in known if w == stronger}
    below = {weaker} | {w for s, w in known if s == weaker}
    known.update((s, w) for s in above for w in below)
    result = canonical(known)
    assert is_acyclic(result), "the order became cyclic"
    return result


def is_acyclic(pairs: Iterable[Pair]) -> bool:
    """No colour beats itself, directly or through others (Kahn's peeling of sources)."""
    edges = set(pairs)
    remaining = {c for pair in edges for c in pair}
    while remaining:
        sources = {c for c in remaining if not any(w == c and s in remaining for s, w in edges)}
        if not sources:
            return False
        remaining -= sources
    return True


def is_closed(pairs: Iterable[Pair]) -> bool:
    known = set(pairs)
    return all((a, d) in known for a, b in known for c, d in known if b == c)


def new_pairs(before: Iterable[Pair], after: Iterable[Pair]) -> list[Pair]:
    return canonical(set(after) - set(before))


def cover(pairs: Iterable[Pair]) -> list[Pair]:
    """The covering relations (the transitive reduction): what a drawing needs as arrows."""
    known = set(pairs)
    middles = {c for pair in known for c in pair}
    return canonical((s, w) for s, w in known if not any((s, m) in known and (m, w) in known for m in middles))


def levels(pairs: Iterable[Pair], colours: Sequence[Colour]) -> dict[Colour, int]:
    """Each colour's depth: 0 if nothing beats it, else one more than the deepest colour that
    covers it (the longest path from the top). Stronger colours get smaller numbers."""
    edges = cover(pairs)
    depth: dict[Colour, int] = {}

    def level(colour: Colour) -> int:
        if colour not in depth:
            parents = [s for s, w in edges if w == colour]
            depth[colour] = 1 + max(map(level, parents)) if parents else 0
        return depth[colour]

    return {colour: level(colour) for colour in colours}


def related(pairs: Iterable[Pair]) -> set[Colour]:
    """Colours that take part in at least one proven relation."""
    return {c for pair in pairs for c in pair}


def strength(pairs: Iterable[Pair], colour: Colour) -> int:
    """How many colours `colour` is proven to beat, minus how many are proven to beat it."""
    known = list(pairs)
    return sum(1 for s, _ in known if s == colour) - sum(1 for _, w in known if w == colour)
