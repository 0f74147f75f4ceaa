"""Winning: rank the remaining players, settle every pot, take the rake, end the game."""

from __future__ import annotations

from games.core import Event, seat
from games.sword_of_lies.common import announce
from games.sword_of_lies.pots import settle
from games.sword_of_lies.state import SolState


def war_ranking(state: SolState) -> list[list[int]]:
    """Remaining players, best first, grouped by (lives left, swords before the war)."""
    groups: dict[tuple[int, int], list[int]] = {}
    for s in state.remaining():
        player = state.table[s]
        groups.setdefault((player.lives(), player.swords_before_war), []).append(s)
    return [groups[key] for key in sorted(groups, reverse=True)]


def finish_war(state: SolState, events: list[Event]) -> None:
    """The final table: lives left, then swords before the war; a line explains every place the
    tie-break decided."""
    ranking = war_ranking(state)
    events.append(announce("sol-event-standings"))
    place = 1
    for group in ranking:
        for s in group:
            player = state.table[s]
            events.append(
                announce(
                    "sol-event-rank",
                    place=place,
                    player=seat(s),
                    lives=player.lives(),
                    swords=player.swords_before_war,
                )
            )
        place += len(group)
    by_lives: dict[int, list[int]] = {}
    for group in ranking:
        by_lives.setdefault(state.table[group[0]].lives(), []).extend(group)
    for lives, players in by_lives.items():
        if len({state.table[s].swords_before_war for s in players}) > 1:
            events.append(
                announce("sol-event-standings-tiebreak", lives=lives, players={"and": [seat(s) for s in players]})
            )
    finish(state, events, ranking)


def finish_by_folds(state: SolState, events: list[Event], winner: int) -> None:
    events.append(announce("sol-event-last-standing", player=seat(winner)))
    finish(state, events, [[winner]])


def pots_total(state: SolState) -> int:
    """Chips in the pots (and current bets) not yet paid out."""
    if state.betting is None or state.settled:
        return 0
    return sum(pot.amount for pot in state.betting.pots())


def finish(state: SolState, events: list[Event], ranking: list[list[int]]) -> None:
    betting = state.betting
    assert betting is not None
    pots = betting.pots()
    winnings, rake = settle(
        pots,
        ranking,
        state.senior_blind,
        betting.order,
        state.options.rake_percent,
        state.options.rake_cap,
    )
    for index, pot in enumerate(pots, start=1):
        events.append(
            announce(
                "sol-event-pot",
                pot=index,
                chips=pot.amount,
                main="yes" if index == 1 else "no",
                players={"and": [seat(s) for s in pot.eligible]},
            )
        )
    state.winnings = {s: chips for s, chips in winnings.items() if chips}
    for s, chips in sorted(state.winnings.items()):
        state.table[s].stack += chips
        events.append(announce("sol-event-winnings", player=seat(s), chips=chips))
    state.rake = rake
    if rake:
        events.append(announce("sol-event-rake", chips=rake))
    state.settled = True
    state.ranking = ranking
    state.winners = list(ranking[0]) if ranking else []
    for s, player in sorted(enumerate(state.table), key=lambda item: (-(item[1].stack - item[1].buy_in), item[0])):
        events.append(
            announce(
                "sol-event-net",
                player=seat(s),
                stack=player.stack,
                net=player.stack - player.buy_in,
            )
        )
    winners = {"and": [seat(s) for s in state.winners]}
    events.append(announce("sol-event-game-over", winners=winners, count=len(state.winners)))
    state.phase = "over"
    state.over = True
    state.prompts = []
