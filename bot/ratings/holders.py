"""Who held each seat of a game, and for what share of it: read from the game's final seats and the
seat changes in its log (the table's `replace`/`remove` actions, with the step each came at), and how
each member's game went for the reliability record.

How a turn at a seat ended: `END` (held at the game's end), `AFK` (a bot took it after missed deadlines),
`LEFT` (the member used /leave), `REPLACED` (a moderator gave the seat to a substitute or a bot, or the
member left the server and a bot took it). A member who came back (/back) and held the seat at the end
finished the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ratings.maths import Holder

END, AFK, LEFT, REPLACED = "end", "afk", "left", "replaced"
FINISHED = "finished"
"""A member's game, for reliability: finished (held a seat at the end), or how their last turn ended."""
ENDINGS = {"absent": AFK, "leave": LEFT}
"""A seat change's `reason` → how the turn it ended ended (any other change: `REPLACED`)."""


@dataclass(frozen=True, slots=True)
class SeatChange:
    step: int
    seat: int
    old: dict[str, Any]
    new: dict[str, Any]
    reason: str | None


def seat_changes(actions: Iterable[Any]) -> list[SeatChange]:
    """The seat changes among a game's table actions (rows with `step` and `payload`), in order."""
    return [
        SeatChange(int(a.step), int(a.payload.get("seat", -1)), a.payload.get("old") or {}, a.payload.get("new") or {},
                   a.payload.get("reason"))
        for a in actions
        if a.payload.get("op") in ("replace", "remove")
    ]


def _holder_of(seat: dict[str, Any]) -> tuple[int | None, bool]:
    member = not seat.get("bot") and seat.get("user_id") is not None
    return (int(seat["user_id"]) if member else None), member


def holders(
    final_seats: Sequence[dict[str, Any]], changes: Sequence[SeatChange], steps: int
) -> list[tuple[Holder, ...]]:
    """Each seat's turns, first to last. `steps`: the game's last step (a turn's share is the steps it
    spanned out of these; a game of no steps gives the final holder everything)."""
    turns: list[list[tuple[dict[str, Any], int, int, str]]] = [[] for _ in final_seats]
    starts = [0] * len(final_seats)
    for change in changes:
        if not 0 <= change.seat < len(final_seats):
            continue
        number = change.seat
        at = max(starts[number], min(change.step, steps))
        ended = ENDINGS.get(change.reason or "", REPLACED)
        turns[number].append((change.old, starts[number], at, ended))
        starts[number] = at
    result = []
    for number, seat in enumerate(final_seats):
        spans = [*turns[number], (seat, starts[number], steps, END)]
        total = steps if steps > 0 else 0
        row = []
        for held, start, stop, ended in spans:
            user_id, member = _holder_of(held)
            share = (stop - start) / total if total else (1.0 if stop == steps and ended == END else 0.0)
            row.append(Holder(user_id, member, share, ended))
        result.append(tuple(row))
    return result


def outcomes(seats: Iterable[tuple[Holder, ...]]) -> dict[int, str]:
    """Each member's game: `FINISHED`, or how their last turn ended (`AFK`, `LEFT`, `REPLACED`)."""
    found: dict[int, str] = {}
    for turns in seats:
        for holder in turns:
            if holder.user_id is None or not holder.member:
                continue
            if found.get(holder.user_id) == FINISHED:
                continue
            found[holder.user_id] = FINISHED if holder.ended == END else holder.ended
    return found
