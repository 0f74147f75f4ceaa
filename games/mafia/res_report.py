"""Step 9 of the resolution: messages and information delivered, the public report, victory.

First the private results, each to its recipient if he is alive; then the public events: by day
the veche's result and the Leader vote (`votes`), by night a beating's colour reveal; then ONE
`mafia-event-phase-report` (damage dealt, the mortally wounded, deaths, Denunciations, every
living character's hand count); then, when it ends the game, the victory (`victory.check`).

Decision: the report shows the damage DEALT to each character (redirected, capped on Night 1,
before armor) — what the page calls taking damage; armor stays secret (the artifact's holder would
show). A mortally wounded Avenger is announced (the veche must know he cannot be voted for).
Decision: the Leader vote counts every vote cast by a character alive when the day began; if the
elected character died this day, nobody becomes Leader.
Decision: each living player whose cards changed gets a private summary (`mafia-result-hand`):
replacement draws cancelled, cards discarded to damage, cards drawn, cards come into the sleeve,
the hand as it now stands, and — when damage was dealt to him — that damage and his armor.
Decision: a character who dies is told what hit him (`mafia-result-death`, the one message the dead
get): every source of his damage (cards by name, the mafia's kill, the veche, a delayed Poison; never
who played them), the damage dealt and his armor, what was discarded, and why he died. A survivor is
not told the sources: they would tell him the mafia chose him, which only a Tracker learns.
Decision: every living mafia member is told what the night's kill did (`mafia-result-kill`): whom it
went to (and that a tie was broken by lot), its damage (and the first night's cap) and the victim's
armor that night — or that nobody got a vote. Not whether a Bodyguard took it, nor what else hit him.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, seat, seats
from games.mafia import effects, res_learning, victory, votes
from games.mafia.common import announce, cards_term, tell
from games.mafia.passives import ALIEN, AVENGER
from games.mafia.res_context import Resolution
from games.mafia.res_damage import FIRST_NIGHT, FIRST_NIGHT_CAP
from games.mafia.votes import LeaderVote

Line = dict[str, Any]


def deliver(res: Resolution) -> None:
    state = res.state
    effects.letters(res)
    effects.intercept(res)
    effects.divination(res)
    _summaries(res)
    _kill_news(res)
    res.events.extend(e for e in res.results if all(state.seats[n].alive for n in e.to or []))
    res.events.extend(_death_news(res, n) for n in res.died)
    res_learning.deliver(res)
    if res.night:
        votes.beating_reveal(state, res.orders, res.events)
    else:
        _day_votes(res)
    state.counts = {n: state.seats[n].public_hand_count() for n in state.living()}
    res.events.append(report(res))
    state.messages = []
    victory.check(state, res.events)


def _day_votes(res: Resolution) -> None:
    state = res.state
    if res.veche is not None:
        votes.report_veche(state, res.veche, res.events)
    if res.leader is not None:
        result = res.leader
        if result.elected is not None and not state.seats[result.elected].alive:
            result = LeaderVote(votes=result.votes, totals=result.totals, elected=None)
        votes.elect(state, result, res.events)


def report(res: Resolution) -> Event:
    """The public end-of-phase report, one message."""
    state = res.state
    # Damage stays private (each player learns his own): the page makes public only deaths, hand counts,
    # the veche and Leader results and public card effects — who took damage would name the mafia's victim.
    lines: list[Line] = []
    if not res.died and not res.wounded:
        lines.append(_line("mafia-line-no-deaths"))
    phases = int(state.roles.get("avenger").number("wounded_phases"))
    lines += [_line("mafia-line-wounded", player=seat(n), phases=phases) for n in res.wounded]
    lines += [_line("mafia-line-death", player=seat(n)) for n in res.died]
    lines += res.public
    living = state.living()
    if living:
        lines.append(_line("mafia-line-counts"))
        lines += [_line("mafia-line-hand-count", player=seat(n), count=state.counts[n]) for n in living]
    return announce("mafia-event-phase-report", phase=state.phase, number=state.number, lines={"lines": lines},
                    dead=seats(res.died))


def _line(message: str, **params: Any) -> Line:
    return {"message": message, "params": params}


def _summaries(res: Resolution) -> None:
    for number in res.state.living():
        player = res.state.seats[number]
        lines = _damage_lines(res, number)
        for key, cards in (("mafia-line-drawn", res.drawn.get(number)), ("mafia-line-gained", res.gained.get(number))):
            if cards:
                lines.append(_line(key, cards=cards_term(cards), count=len(cards)))
        if lines:
            lines.append(_line("mafia-line-hand-now", cards=cards_term(player.hand), count=len(player.hand)))
            res.tell(number, "mafia-result-hand", lines={"lines": lines})


def _damage_lines(res: Resolution, number: int) -> list[Line]:
    """The damage dealt to a character and his armor, the draws it cancelled, the cards it discarded."""
    lines: list[Line] = []
    if number in res.dealt:
        lines.append(_line("mafia-line-dealt", amount=res.dealt[number], armor=res.armor[number]))
    if res.cancelled[number]:
        lines.append(_line("mafia-line-cancelled", count=res.cancelled[number]))
    if res.discarded.get(number):
        lines.append(_line("mafia-line-discarded", cards=cards_term(res.discarded[number]),
                           count=len(res.discarded[number])))
    return lines


def _death_news(res: Resolution, number: int) -> Event:
    """What hit a character who died this phase, and why he died (to him alone)."""
    player = res.state.seats[number]
    lines: list[Line] = []
    if res.hits.get(number):
        lines.append(_line("mafia-line-hits", sources=[
            {"message": "mafia-hit", "params": {"source": source, "amount": amount}}
            for source, amount in res.hits[number]]))
    lines += _damage_lines(res, number)
    why = "wounded" if player.public_role == AVENGER else "alien" if player.public_role == ALIEN and player.hand \
        else "empty"
    lines.append(_line("mafia-line-died", why=why, count=len(player.hand)))
    return tell([number], "mafia-result-death", lines={"lines": lines})


def _kill_news(res: Resolution) -> None:
    """Every living mafia member learns what the night's kill did."""
    kill = res.kill
    if not res.night or kill is None:
        return
    victim = kill.victim
    top = max(kill.totals.values(), default=0)
    news: dict[str, Any] = {
        "victim": seat(victim) if victim is not None else "",
        "voted": "yes" if victim is not None else "no",
        "tie": "yes" if sum(1 for total in kill.totals.values() if total == top) > 1 else "no",
        "damage": kill.damage,
        "capped": "yes" if res.index == FIRST_NIGHT and kill.damage > FIRST_NIGHT_CAP else "no",
        "armor": res.armor[victim] if victim is not None else 0,
    }
    for number in res.state.living():
        if res.state.seats[number].mafia:
            res.tell(number, "mafia-result-kill", **news)
