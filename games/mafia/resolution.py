"""The end of a phase (rules page, "Order of resolution at the end of a phase"; the shared plan):
`resolve` runs the nine steps over `state.orders` and leaves the state ready for the next phase,
which another module opens (prompts, sheets). When the game is won, `victory.check` ends it.

1. Costs are paid (`res_costs`). 2. Sabotage marks hand cards (`effects.sabotage`). 3. Cards change
hands: Robbery, Disarm, Stockpile (`effects.change_hands`; the artifact moves by day at step 8).
4. Information on this state: the cards' (`effects.inform`), the Killer's check and the Journalist's
Question (`passives.inform`); the kill, the veche and the Leader vote are tallied here too (the
Tracker and Eavesdrop read them). 5. Armor and damage are totalled, 6. damage applied, 7. draws
(`res_damage`). 8. Deaths (`passives.deaths`), then the artifact (`artifact.after_deaths`).
9. Messages, results and the public report; victory (`res_report`).

Decision: every per-phase number starts from nothing: `Seat.armor` shows this phase's armor and
`Seat.divination` (last phase's look) is cleared before step 1.
"""

from __future__ import annotations

from games.core import Event
from games.mafia import artifact, effects, passives, res_damage, res_report, votes
from games.mafia.res_context import Resolution
from games.mafia.res_costs import pay_costs
from games.mafia.state import MafiaState


def resolve(state: MafiaState, events: list[Event]) -> None:
    """Resolve the phase being played (`state.phase` night or day), appending its events."""
    res = Resolution(state=state, events=events, index=state.phase_index, night=state.phase == "night")
    for player in state.seats:
        player.divination = []
        player.armor = 0
    pay_costs(res)
    effects.sabotage(res)
    effects.change_hands(res)
    _tally_votes(res)
    effects.inform(res)
    passives.inform(res)
    res_damage.total(res)
    res_damage.apply(res)
    res_damage.draw_all(res)
    passives.deaths(res)
    artifact.after_deaths(state, res.orders, events)
    res_report.deliver(res)


def _tally_votes(res: Resolution) -> None:
    """The night's kill, or the day's veche and Leader vote, on the orders as resolved (the boosts
    were paid at step 1); counted before anyone dies this phase."""
    state = res.state
    if res.night:
        res.kill = votes.mafia_kill(state, res.orders, res.boosted)
    else:
        res.veche = votes.veche(state, res.orders)
        res.leader = votes.leader_vote(state, res.orders)
