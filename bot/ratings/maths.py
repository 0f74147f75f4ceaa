"""The rating maths, all of it openskill's (Weng–Lin's Plackett–Luce model): a finished game becomes a
match of teams with ranks, and openskill rates it. Nothing here reads or writes the database.

- A game where everyone plays for themselves (Cookie, Maskmen, Sword of Lies, Castle): each seat is a
  team of one, ranked by its place in the final table; equal places are a tie.
- A team game (Mafia): the seats of a side are one team (law against mafia), ranked by the side's place;
  a seat on the neutral side (`games.core.model.NEUTRAL`) is a team of its own.
- A seat is rated for the members who held it, each by their share of the game's steps (a substitute
  shares the seat's result with the player they replaced: `rate`); the share a bot held is never rated,
  and neither is a bot seat: a team with no member in it leaves the match.
- A match with fewer than two teams of members is not rated.

Shown to people as a conservative figure: μ − 3σ on a friendly scale (`shown`), so a newcomer starts at
1000 and climbs only as the bot becomes sure of their skill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from games.core.model import NEUTRAL

MODEL = PlackettLuce()
"""openskill's defaults: μ 25, σ 25/3, β 25/6, τ 25/300."""
DEFAULT = (MODEL.mu, MODEL.sigma)
SCALE, BASE = 40.0, 1000
"""Shown rating = BASE + SCALE × (μ − 3σ): a newcomer's 0 is 1000."""

Rating = tuple[float, float]
"""(μ, σ)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """One member's (or bot's) turn at a seat: `user_id` None is a bot (member False) or a member
    forgotten on request (member True); `share` of the game's steps; how the turn `ended`."""

    user_id: int | None
    member: bool
    share: float
    ended: str


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    place: int
    side: str | None
    holders: tuple[Holder, ...]


@dataclass(frozen=True, slots=True)
class Team:
    rank: int
    seats: tuple[tuple[tuple[int, float], ...], ...]
    """Per seat of the team, its members as (key, share), the one who held it longest first: a member's
    id, or a negative stand-in for a member forgotten on request."""


def shown(rating: Rating) -> int:
    mu, sigma = rating
    return round(BASE + SCALE * (mu - 3 * sigma))


def _members(result: SeatResult) -> tuple[tuple[int, float], ...]:
    shares: dict[int, float] = {}
    for turn, holder in enumerate(result.holders):
        if holder.member and holder.share > 0:
            key = holder.user_id if holder.user_id is not None else -(1000 * (result.seat + 1) + turn)
            shares[key] = min(1.0, shares.get(key, 0.0) + holder.share)
    return tuple(sorted(shares.items(), key=lambda item: -item[1]))  # stable: the earliest among equals


def teams(seats: Sequence[SeatResult]) -> list[Team]:
    """The match a finished game is rated as (see the module's doc), in the order of each team's first seat."""
    grouped: dict[str, list[SeatResult]] = {}
    for result in seats:
        solo = result.side is None or result.side == NEUTRAL
        grouped.setdefault(f"seat:{result.seat}" if solo else f"side:{result.side}", []).append(result)
    found = []
    for group in grouped.values():
        held = tuple(members for members in map(_members, group) if members)
        if held:
            found.append(Team(min(r.place for r in group), held))
    return found if len(found) >= 2 else []


def _share(before: Rating, after: Rating, share: float) -> Rating:
    """A member's part of the seat's result: the change openskill gives the seat, by their share of it."""
    if share >= 1.0:
        return after
    return before[0] + share * (after[0] - before[0]), before[1] + share * (after[1] - before[1])


def rate(seats: Sequence[SeatResult], current: Mapping[int, Rating]) -> dict[int, Rating]:
    """Each member's new rating after the game (members missing from `current` start at `DEFAULT`);
    empty when the game is not rated. Forgotten members' stand-ins (negative keys) are left out.

    openskill rates the match with each seat held by the member who held it longest; another member of a
    seat gets what openskill gives the match with them in that seat instead. Each member then takes the
    seat's change by their share of it (a member who held the whole seat: openskill's figures as they are)."""
    match = teams(seats)
    if not match:
        return {}
    ranks = [float(team.rank) for team in match]

    def rated(swap: tuple[int, int, int] | None = None) -> list[list[Rating]]:
        players = [[current.get(held[0][0], DEFAULT) for held in team.seats] for team in match]
        if swap is not None:
            players[swap[0]][swap[1]] = current.get(swap[2], DEFAULT)
        answer = MODEL.rate([[MODEL.rating(*r) for r in team] for team in players], ranks=ranks)
        return [[(p.mu, p.sigma) for p in team] for team in answer]

    base = rated()
    after: dict[int, Rating] = {}
    for t, team in enumerate(match):
        for s, held in enumerate(team.seats):
            for h, (key, share) in enumerate(held):
                if key < 0:
                    continue
                full = base[t][s] if h == 0 else rated((t, s, key))[t][s]
                after[key] = _share(current.get(key, DEFAULT), full, share)
    return after
