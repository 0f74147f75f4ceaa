"""Cookie's fixed rules as pure functions: the hunting chain, sets and hands, blocking, scoring.

Nothing here knows about prompts or events; the engine builds the flow on top of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

CHARACTERS: tuple[str, ...] = ("cookie", "blue", "strontium", "thirty-seven", "persians", "cosine")
"""Every character, in hunting order: each hunts the next one, the last hunts the first."""

SWORD = "sword"
SHIELD = "shield"
HILL = "hill"
TOOLS: tuple[str, ...] = (SWORD, SHIELD, HILL)
CARDS: tuple[str, ...] = (*CHARACTERS, *TOOLS)

Tool = Literal["sword", "shield"]

CHOOSE = "choose"
PLACE = "place"
"""The two parts of a circle: everyone chooses a card in secret, then the placements in turn."""

SWORD_POINTS = 3
SHIELD_POINTS = 2
HILL_POINTS = 1

MIN_PLAYERS = 4
MAX_PLAYERS = 6


def chain(players: int) -> tuple[str, ...]:
    """The characters in play for `players` players, in hunting order (one per player)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Cookie needs {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    return CHARACTERS[:players]


def target_of(role: str, players: int) -> str:
    """The character `role` hunts."""
    roles = chain(players)
    return roles[(roles.index(role) + 1) % players]


def hunter_of(role: str, players: int) -> str:
    """The character that hunts `role`."""
    roles = chain(players)
    return roles[(roles.index(role) - 1) % players]


def has_hill(players: int) -> bool:
    """The Hill is removed from every set at 6 players."""
    return players < MAX_PLAYERS


def personal_set(players: int) -> list[str]:
    """One card per character in play, Sword, Shield and (at 4-5 players) Hill."""
    tools = [SWORD, SHIELD, HILL] if has_hill(players) else [SWORD, SHIELD]
    return [*chain(players), *tools]


def starting_hand(role: str, players: int) -> list[str]:
    """The set minus the character card of one's own role."""
    return [card for card in personal_set(players) if card != role]


def is_character(card: str) -> bool:
    return card in CHARACTERS


def seat_order(first: int, players: int) -> list[int]:
    """Seats from the round's first player, clockwise (ascending seats, wrapping)."""
    return [(first + step) % players for step in range(players)]


def blocked(owner: int, card: str, target: int, placements: Sequence[tuple[int, str, int | None]]) -> bool:
    """Whether `owner` may not put `card` (Sword/Shield) in front of `target`, given the
    placements `(owner, card, target)` made so far this round.

    A Sword cannot go before a player who already put a Shield before its owner; a Shield cannot
    go before a player who already put a Sword before its owner.
    """
    opposite = SHIELD if card == SWORD else SWORD
    return any(o == target and c == opposite and t == owner for o, c, t in placements)


def legal_targets(owner: int, card: str, players: int, placements: Sequence[tuple[int, str, int | None]]) -> list[int]:
    """Players `owner` may put `card` in front of: never oneself, never a blocked player."""
    return [seat for seat in range(players) if seat != owner and not blocked(owner, card, seat, placements)]


def round_points(
    roles: Sequence[str],
    placements: Sequence[tuple[int, str, int | None]],
    hands: Sequence[Sequence[str]],
) -> list[tuple[int, int, int]]:
    """Per seat: (sword, shield, hill) coins for one finished round.

    3 if one's Sword lies before the player whose role is one's target, 2 if one's Shield lies
    before the player whose role is one's hunter, 1 if the Hill is still in hand.
    """
    players = len(roles)
    result = []
    for seat, role in enumerate(roles):
        sword = shield = 0
        for owner, card, target in placements:
            if owner != seat or target is None:
                continue
            if card == SWORD and roles[target] == target_of(role, players):
                sword = SWORD_POINTS
            if card == SHIELD and roles[target] == hunter_of(role, players):
                shield = SHIELD_POINTS
        hill = HILL_POINTS if HILL in hands[seat] else 0
        result.append((sword, shield, hill))
    return result


def winners(coins: Sequence[int]) -> list[int]:
    """Everyone tied with the most coins."""
    best = max(coins)
    return [seat for seat, amount in enumerate(coins) if amount == best]
