"""The private deduction aid: which roles each other player may still hold, for one viewer.

It uses only what that viewer knows: their own role and the cards revealed in public this round.
A player who revealed a character card is not that character; every role is held by exactly one
player. The last constraint is applied exactly: a role is possible for a player only if some
complete assignment of the remaining roles to the other players respects every exclusion (so
"only one player can be X" and "this player can only be Y" propagate as far as they go).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.cookie import rules


def possible_roles(players: int, viewer: int, own_role: str, revealed: Sequence[Sequence[str]]) -> list[list[str]]:
    """Per seat, the roles still possible in `viewer`'s eyes, in chain order.

    The viewer's own entry is just their role.
    """
    solved = _solve(players, viewer, own_role, tuple(tuple(cards) for cards in revealed))
    return [list(roles) for roles in solved]


@lru_cache(maxsize=8192)
def _solve(
    players: int, viewer: int, own_role: str, revealed: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], ...]:
    chain = rules.chain(players)
    others = [seat for seat in range(players) if seat != viewer]
    allowed = [[role for role in chain if role != own_role and role not in revealed[seat]] for seat in others]
    seen: list[set[str]] = [set() for _ in others]
    # Walk every complete assignment (each other player gets a distinct allowed role); a role is
    # possible for a player exactly when it appears in one of them.
    chosen: list[str] = []

    def extend(index: int) -> None:
        if index == len(others):
            for position, role in enumerate(chosen):
                seen[position].add(role)
            return
        for role in allowed[index]:
            if role not in chosen:
                chosen.append(role)
                extend(index + 1)
                chosen.pop()

    extend(0)
    possible = dict(zip(others, seen, strict=True))
    return tuple(
        (own_role,) if seat == viewer else tuple(role for role in chain if role in possible[seat])
        for seat in range(players)
    )


def candidates(possible: Sequence[Sequence[str]], role: str, viewer: int) -> list[int]:
    """The other players who may hold `role`."""
    return [seat for seat, roles in enumerate(possible) if seat != viewer and role in roles]
