"""Sword of Lies — pots and the payout (pure functions, no state).

`build_pots` turns what each seat has put in (`committed`: antes, blinds and bets of every
round) into the main pot and the side pots; `settle` pays them out from a ranking.

Settled points (see also the module docstring of `betting`):
- A pot is a band of contribution levels. Its eligible seats are the seats that have not folded
  and reached the band's top level. Adjacent bands with the same eligible seats are merged;
  empty bands are dropped. Folded seats' chips stay in every band they reached.
- A band that no remaining seat reached (possible only when the game removes players, or when
  the two biggest contributors both folded without facing a bet) is added to the nearest lower
  pot that has eligible seats; if there is none, the whole lot becomes one pot for every
  remaining seat.
- Rake: `rake_percent` of each pot, rounded down, main pot first; `rake_cap` caps the total rake of
  the hand across all pots (`rake_cap == 0` means no cap). The rest of each pot is paid out.
- Each pot goes to the best-ranked group that has a seat eligible for it (only that group's
  eligible seats share it). If no ranked seat is eligible (a last player standing who put
  nothing in), the best-ranked group takes it, so `settle(pots, [[winner]], …)` always pays
  every pot to the winner. A split gives each seat `amount // n`; the odd chips go one each to the
  tied seats nearest clockwise from the senior blind, the senior blind first.
- Chips are conserved exactly: `sum(winnings) + rake == sum(pot.amount)`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pydantic import BaseModel


class Pot(BaseModel):
    amount: int
    eligible: list[int]
    """Seats (not folded) that may win it, ascending."""


def build_pots(contributions: Mapping[int, int], live: Iterable[int]) -> list[Pot]:
    """Main pot first, then the side pots, from every seat's contribution (folded seats too).

    `live` are the seats that have not folded.
    """
    alive = set(live)
    levels = sorted({c for c in contributions.values() if c > 0})
    bands: list[Pot] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        eligible = sorted(s for s, c in contributions.items() if c >= level and s in alive)
        if bands and bands[-1].eligible == eligible:
            bands[-1].amount += amount
        elif amount:
            bands.append(Pot(amount=amount, eligible=eligible))
        previous = level
    pots: list[Pot] = []
    orphan = 0
    for band in bands:
        if not band.eligible:
            if pots:
                pots[-1].amount += band.amount
            else:
                orphan += band.amount
            continue
        band.amount += orphan
        orphan = 0
        if pots and pots[-1].eligible == band.eligible:
            pots[-1].amount += band.amount
        else:
            pots.append(band)
    if orphan:
        pots.append(Pot(amount=orphan, eligible=sorted(alive)))
    return pots


def clockwise_from(senior_blind: int, order: Sequence[int]) -> list[int]:
    """`order` (clockwise) rotated so that the senior blind comes first."""
    seats = list(order)
    if senior_blind in seats:
        start = seats.index(senior_blind)
        seats = seats[start:] + seats[:start]
    return seats


def settle(
    pots: list[Pot],
    ranking: list[list[int]],
    senior_blind: int,
    order: list[int],
    rake_percent: int,
    rake_cap: int,
) -> tuple[dict[int, int], int]:
    """Pay every pot: rake first, then the best-ranked eligible group splits it.

    `ranking` is best first, each item a group of tied seats. Returns (chips won per seat — every
    seat of `order` and every winner appears, 0 if nothing — and the total rake).
    """
    if rake_percent < 0 or rake_cap < 0:
        raise ValueError("rake_percent and rake_cap must not be negative")
    clockwise = clockwise_from(senior_blind, order)
    position = {s: i for i, s in enumerate(clockwise)}
    winnings = {s: 0 for s in clockwise}
    total_rake = 0
    groups = [list(g) for g in ranking if g]
    for pot in pots:
        rake = pot.amount * rake_percent // 100
        if rake_cap > 0:
            rake = min(rake, rake_cap - total_rake)
        rake = max(0, min(rake, pot.amount))
        total_rake += rake
        amount = pot.amount - rake
        eligible = set(pot.eligible)
        winners: list[int] = []
        for group in groups:
            winners = [s for s in group if s in eligible]
            if winners:
                break
        if not winners:
            winners = groups[0] if groups else sorted(eligible)
        if not winners:
            raise ValueError("a pot has nobody who could win it")
        winners = sorted(set(winners), key=lambda s: (position.get(s, len(position)), s))
        share, odd = divmod(amount, len(winners))
        for index, s in enumerate(winners):
            winnings[s] = winnings.get(s, 0) + share + (1 if index < odd else 0)
    return winnings, total_rake
