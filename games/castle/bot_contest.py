"""Who should walk into an artifact's hall: the "normal" Castle bot's answer to crowds.

Only a player alone in a hall after the skirmishes takes its artifact, and a tie for the highest
Influence throws the tied players out while the players below it stay in the hall together — so
when every player nearby walks in, the artifact can stay on the floor round after round. A decent
player looks at the face-up skirmish cards first: the contender with the best odds walks in, the
others wait next door for the loser's chance or the next artifact.

Every number here comes from public information (positions, face-up cards, this round's event,
the first player), so bots at one table agree on who the favourite is.
"""

from __future__ import annotations

from games.castle.bot_knowledge import Knowledge
from games.castle.bot_skirmish import skirmish_odds

TIE_WORTH = 0.25
"""A tie for highest counts this much of a win when ranking contenders (nobody takes the artifact)."""


def contenders(k: Knowledge, hall: str) -> list[int]:
    """Players who can stand in `hall` after this round's movement by one corridor (or already
    stand there), carriers of other artifacts excepted (they head home)."""
    found = []
    for who in range(k.players):
        there = k.positions[who]
        if k.carried[who] and there != hall:
            continue
        if there == hall or k.castle.passable(there, hall, double=False):
            found.append(who)
    return found


def entering_bonus(k: Knowledge, who: int, hall: str) -> int:
    """The arrival bonus `who` would have in `hall`'s skirmish: +1 for walking in (Against the
    Current: +1 for staying)."""
    moves = k.positions[who] != hall
    return int(not moves) if k.against_current else int(moves)


def strength(k: Knowledge, who: int, rivals: list[int], hall: str) -> float:
    """`who`'s best odds of being the one highest against `rivals`, each rival choosing either of
    their face-up cards."""
    if not rivals:
        return 1.0
    table = [(k.rows[r], entering_bonus(k, r, hall)) for r in rivals]
    best = 0.0
    for card in k.rows[who]:
        win, tie, _ = skirmish_odds(card, entering_bonus(k, who, hall), table)
        best = max(best, win + TIE_WORTH * tie)
    return best


def favourite(k: Knowledge, hall: str, first_player: int) -> int | None:
    """The contender for `hall` with the best odds (equal odds: seat order from the first player),
    counting the bot itself as one."""
    crowd = sorted(set(contenders(k, hall)) | {k.seat})
    if not crowd:
        return None
    order = {(first_player + i) % k.players: i for i in range(k.players)}
    return max(crowd, key=lambda who: (strength(k, who, [r for r in crowd if r != who], hall), -order[who]))


def should_enter(k: Knowledge, hall: str, first_player: int) -> bool:
    """Walk into (or stay in) the artifact's hall only as the favourite of the contenders."""
    return favourite(k, hall, first_player) == k.seat
