"""Votes (rules page: "Night: the mafia's kill", "Day: the veche", "Leader"): who may be voted for,
what the votes add up to, and the public reports of the veche, the Leader vote and a beating.

Everything here is pure arithmetic on the orders except `elect`, `report_veche` and
`beating_reveal`, which set the state fields they name and emit the public events. Resolution
(`games.mafia.resolution`) calls these at the steps of the shared plan; the order sheet calls the
`*_refusal` helpers to disable options. Votes are tallied exactly (`Fraction` of the weights'
decimal text) so that 1.5 + 1.5 ties 3 and equal totals really are equal.

Decision: a seat's weight is the same for the veche (target and execution/beating) and the Leader,
whatever its faction: 1, Politician 1.5, mortally wounded Avenger 0.5. The kill vote weighs
by the mafia role (`kill_votes`), a mortally wounded mafia Avenger's too: the page halves only his
veche votes (for a character, for execution/beating) and his Leader vote.
Decision: the Politician's 1.5 does not apply to the kill (the page gives his weight for the veche
and the Leader only; the kill has its own numbers per mafia role).
Decision: a tied kill goes to `state.rng.choice` over the tied seats in seat order (no draw is
made when one seat leads, so a game without ties replays without consuming the generator).
Decision: the two-alive rule of 11+-player games cancels only the veche; the Leader vote and the
artifact's pass still take place that day.
Decision: a beating's reveal names the colour of the hand card the beaten character played the
next night even if he died at the end of that night (he did play it); if he died before that night
(at the end of the veche's day) there is nothing to reveal and `state.beaten` is cleared.
Decision: a hand card counts as played for the reveal when its order was resolved, sabotaged or
not; cards put under the deck are not played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from games.core import Event, Refusal, seat, term
from games.mafia import learning
from games.mafia.common import announce
from games.mafia.order import Order
from games.mafia.state import Card, MafiaState

KILL_DAMAGE = 3
"""The victim of the mafia's kill takes 3 damage…"""
KILL_BOOST = 2
"""… +2 for every member who paid the boost (cost 1)…"""
KILL_PER_DEAD = 2
"""… +2 for every dead mafia member."""
EXECUTION = 6
BEATING = 2
TIED = 3
"""Two characters tied at the top of the veche take 3 damage each."""
TWO_ALIVE_FROM = 11
"""Games that started with at least this many players hold no veche when exactly 2 are alive."""

AVENGER = "avenger"
POLITICIAN = "politician"
SOCIOPATH = "sociopath"
SWINDLER = "swindler"


# --- weights ------------------------------------------------------------------------------------


def wounded(state: MafiaState, number: int) -> bool:
    """A mortally wounded Avenger (alive, but down to no cards)."""
    player = state.seats[number]
    return player.alive and player.public_role == AVENGER and player.wounded_in is not None


def vote_weight(state: MafiaState, seat_number: int) -> float:
    """The weight of a veche or Leader vote: 1, Politician 1.5, mortally wounded Avenger 0.5."""
    if wounded(state, seat_number):
        return float(state.roles.get(AVENGER).number("vote_weight"))
    if state.seats[seat_number].public_role == POLITICIAN:
        return float(state.roles.get(POLITICIAN).number("vote_weight"))
    return 1.0


def kill_weight(state: MafiaState, seat_number: int) -> float:
    """A mafia member's kill vote: his role's `kill_votes` (a mortally wounded Avenger's too)."""
    return float(state.roles.get(state.seats[seat_number].secret_role).number("kill_votes"))


def _exact(weight: float) -> Fraction:
    # The decimal text, not the binary float: weights such as 0.1 add up exactly.
    return Fraction(str(weight))


def readable(value: float | Fraction) -> int | float:
    """A total for a message: 3 rather than 3.0, 1.5 as is (at most two decimals)."""
    number = float(value)
    return int(number) if number.is_integer() else round(number, 2)


def _tops(totals: dict[int, Fraction]) -> list[int]:
    """The seats sharing the highest positive total, in seat order."""
    best = max(totals.values(), default=Fraction(0))
    if best <= 0:
        return []
    return sorted(n for n, total in totals.items() if total == best)


def _floats(totals: dict[int, Fraction]) -> dict[int, float]:
    return {n: float(total) for n, total in sorted(totals.items())}


# --- who may be voted for -------------------------------------------------------------------------


def _target_refusal(state: MafiaState, voter: int, target: int, self_allowed: bool = False) -> Refusal | None:
    if not 0 <= target < len(state.seats):
        return Refusal(key="error-unknown-player")
    if not state.seats[target].alive:
        return Refusal(key="mafia-vote-refusal-dead", params={"player": seat(target)})
    if target == voter and not self_allowed:
        return Refusal(key="mafia-vote-refusal-self")
    return None


def sociopath_protected(state: MafiaState, target: int) -> bool:
    """The Sociopath cannot be chosen on Night 1 and Day 1 (phase index ≤ `protected_phases`)."""
    if state.seats[target].public_role != SOCIOPATH:
        return False
    return state.phase_index <= int(state.roles.get(SOCIOPATH).number("protected_phases"))


def _sociopath_refusal(state: MafiaState, target: int) -> Refusal | None:
    if sociopath_protected(state, target):
        return Refusal(key="mafia-vote-refusal-sociopath", params={"player": seat(target)})
    return None


def kill_target_refusal(state: MafiaState, voter: int, target: int) -> Refusal | None:
    """The mafia's kill: a living character outside the mafia (the Sociopath not on Night 1)."""
    refusal = _target_refusal(state, voter, target)
    if refusal is None and state.seats[target].mafia:
        refusal = Refusal(key="mafia-vote-refusal-mafia", params={"player": seat(target)})
    return refusal or _sociopath_refusal(state, target)


def veche_target_refusal(state: MafiaState, voter: int, target: int) -> Refusal | None:
    """The veche: another living character, not a mortally wounded Avenger, not the Sociopath on Day 1."""
    if not veche_held(state):
        return Refusal(key="mafia-vote-refusal-no-veche")
    refusal = _target_refusal(state, voter, target)
    if refusal is None and wounded(state, target):
        refusal = Refusal(key="mafia-vote-refusal-wounded", params={"player": seat(target)})
    return refusal or _sociopath_refusal(state, target)


def leader_target_refusal(state: MafiaState, voter: int, target: int) -> Refusal | None:
    """The Leader vote: any living character, himself included, except the current Leader."""
    refusal = _target_refusal(state, voter, target, self_allowed=True)
    if refusal is None and target == state.leader:
        refusal = Refusal(key="mafia-vote-refusal-leader", params={"player": seat(target)})
    return refusal


def veche_held(state: MafiaState) -> bool:
    """False in a game that started with 11+ players when exactly 2 characters are alive.

    Called while the day resolves, before its deaths are marked: the living are those of the day's start."""
    return not (state.started_with >= TWO_ALIVE_FROM and len(state.living()) == 2)


def _voters(state: MafiaState, orders: dict[int, Order]) -> list[tuple[int, Order]]:
    """The living seats that gave orders, in seat order (the dead do not vote)."""
    return [(n, orders[n]) for n in sorted(orders) if 0 <= n < len(state.seats) and state.seats[n].alive]


# --- the mafia's kill ---------------------------------------------------------------------------


@dataclass
class Kill:
    victim: int | None
    damage: int
    voters: dict[int, list[int]]
    """Candidate seat -> the mafia seats who voted for him (legal votes only), for the Tracker."""
    totals: dict[int, float] = field(default_factory=dict)
    """Candidate seat -> weighted kill votes."""


def mafia_kill(state: MafiaState, orders: dict[int, Order], boosted: set[int]) -> Kill:
    """The night's kill: most weighted votes → 3 damage, +2 per paid boost, +2 per dead member.

    `boosted` = the mafia seats whose boost resolution has paid (a Leader's cost 0 counts). A tie
    is broken with `state.rng` among the tied seats in seat order; no votes: no kill."""
    voters: dict[int, list[int]] = {}
    totals: dict[int, Fraction] = {}
    for number, order in _voters(state, orders):
        target = order.kill
        if not state.seats[number].mafia or target is None or kill_target_refusal(state, number, target):
            continue
        voters.setdefault(target, []).append(number)
        totals[target] = totals.get(target, Fraction(0)) + _exact(kill_weight(state, number))
    tops = _tops(totals)
    if not tops:
        return Kill(victim=None, damage=0, voters=voters, totals=_floats(totals))
    victim = tops[0] if len(tops) == 1 else state.rng.choice(tops)
    boosts = sum(1 for n in boosted if 0 <= n < len(state.seats) and state.seats[n].mafia)
    dead = sum(1 for s in state.seats if s.mafia and not s.alive)
    damage = KILL_DAMAGE + KILL_BOOST * boosts + KILL_PER_DEAD * dead
    return Kill(victim=victim, damage=damage, voters=dict(sorted(voters.items())), totals=_floats(totals))


# --- the veche ----------------------------------------------------------------------------------


@dataclass
class Veche:
    skipped: bool
    """No vote today (the two-alive rule)."""
    totals: dict[int, float]
    """Character -> weighted votes against him (public)."""
    execution: float
    beating: float
    """Weighted totals of the kinds of all complete votes (public)."""
    damage: dict[int, int]
    beaten: int | None
    """The character beaten (single top, beating won): his next night's hand card colour is revealed."""


def veche_votes(state: MafiaState, orders: dict[int, Order]) -> dict[int, Order]:
    """The votes that count: complete (target and kind), by a living voter, for a legal target."""
    return {
        n: order
        for n, order in _voters(state, orders)
        if order.veche is not None
        and order.veche_kind is not None
        and veche_target_refusal(state, n, order.veche) is None
    }


def veche(state: MafiaState, orders: dict[int, Order]) -> Veche:
    """The day's veche (pure): the unique top takes 6 (execution) or 2 (beating), two tied 3 each."""
    if not veche_held(state):
        return Veche(skipped=True, totals={}, execution=0.0, beating=0.0, damage={}, beaten=None)
    totals: dict[int, Fraction] = {}
    kinds = {"execution": Fraction(0), "beating": Fraction(0)}
    for number, order in veche_votes(state, orders).items():
        assert order.veche is not None and order.veche_kind is not None
        weight = _exact(vote_weight(state, number))
        totals[order.veche] = totals.get(order.veche, Fraction(0)) + weight
        kinds[order.veche_kind] += weight
    tops = _tops(totals)
    damage: dict[int, int] = {}
    beaten = None
    if len(tops) == 1:
        executed = kinds["execution"] >= kinds["beating"]  # equal totals: execution
        damage[tops[0]] = EXECUTION if executed else BEATING
        beaten = None if executed else tops[0]
    elif len(tops) == 2:
        damage = dict.fromkeys(tops, TIED)
    return Veche(
        skipped=False, totals=_floats(totals), execution=float(kinds["execution"]),
        beating=float(kinds["beating"]), damage=damage, beaten=beaten,
    )


def _total_lines(totals: dict[int, float], line: str) -> dict[str, Any]:
    """One line per character, most votes first (then seat order)."""
    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    return {"lines": [{"message": line, "params": {"player": seat(n), "votes": readable(v)}} for n, v in ranked]}


def report_veche(state: MafiaState, veche: Veche, events: list[Event]) -> None:
    """The public result: totals per character, execution and beating totals, the damage — never
    who voted for whom. Sets `state.beaten` (a beaten character who died at once is not kept)."""
    beaten = veche.beaten
    state.beaten = beaten if beaten is not None and state.seats[beaten].alive else None
    if veche.skipped:
        events.append(announce("mafia-veche-skipped"))
        return
    if not veche.totals:
        events.append(announce("mafia-veche-no-votes"))
        return
    events.append(announce(
        "mafia-veche-result", totals=_total_lines(veche.totals, "mafia-veche-line-total"),
        execution=readable(veche.execution), beating=readable(veche.beating),
    ))
    events.append(_outcome(veche))


def _outcome(veche: Veche) -> Event:
    hit = sorted(veche.damage)
    if len(hit) == 1:
        key = "mafia-veche-beating" if veche.beaten == hit[0] else "mafia-veche-execution"
        return announce(key, player=seat(hit[0]), damage=veche.damage[hit[0]])
    if len(hit) == 2:
        return announce("mafia-veche-tie", first=seat(hit[0]), second=seat(hit[1]), damage=veche.damage[hit[0]])
    return announce("mafia-veche-nothing")


# --- the beating's reveal -------------------------------------------------------------------------


def _find_card(state: MafiaState, number: int, card_id: int) -> Card | None:
    player = state.seats[number]
    for pile in (player.discard, player.hand, player.sleeve, player.deck, player.reserve):
        found = next((c for c in pile if c.id == card_id), None)
        if found is not None:
            return found
    return None


def beating_reveal(state: MafiaState, orders: dict[int, Order], events: list[Event]) -> None:
    """At the end of a night: the colour of the hand card the beaten character played (or that he
    played none), publicly; then `state.beaten` is cleared.

    `orders` are the night's orders as resolved (an order dropped as impossible is not in them)."""
    beaten = state.beaten
    if beaten is None or state.phase != "night":
        return
    state.beaten = None
    player = state.seats[beaten]
    if not player.alive and (player.died_in is None or player.died_in < state.phase_index):
        return  # he died before this night: he played nothing to reveal
    play = orders.get(beaten, Order()).hand
    card = _find_card(state, beaten, play.card) if play is not None else None
    if card is None:
        events.append(announce("mafia-beating-none", player=seat(beaten)))
        return
    colour = state.collection.card(card.key).colour
    events.append(announce("mafia-beating-colour", player=seat(beaten), colour=term(f"mafia-colour-{colour}")))
    learning.learn_beating(state, beaten, colour)


# --- the Leader -----------------------------------------------------------------------------------


@dataclass
class LeaderVote:
    votes: dict[int, int]
    """Voter -> candidate (legal votes only; public)."""
    totals: dict[int, float]
    elected: int | None


def leader_weight(state: MafiaState, voter: int, candidate: int) -> float:
    """The voter's weight, × the Swindler's factor for votes for him until he first leads."""
    weight = vote_weight(state, voter)
    if state.seats[candidate].public_role == SWINDLER and not state.swindler_led:
        weight *= float(state.roles.get(SWINDLER).number("leader_vote_factor"))
    return weight


def leader_vote(state: MafiaState, orders: dict[int, Order]) -> LeaderVote:
    """The day's Leader vote (pure): a unique top total elects; otherwise nobody."""
    votes: dict[int, int] = {}
    totals: dict[int, Fraction] = {}
    for number, order in _voters(state, orders):
        candidate = order.leader
        if candidate is None or leader_target_refusal(state, number, candidate) is not None:
            continue
        votes[number] = candidate
        totals[candidate] = totals.get(candidate, Fraction(0)) + _exact(leader_weight(state, number, candidate))
    tops = _tops(totals)
    return LeaderVote(votes=votes, totals=_floats(totals), elected=tops[0] if len(tops) == 1 else None)


def elect(state: MafiaState, result: LeaderVote, events: list[Event]) -> None:
    """The new Leader (or nobody) for the next night and day, announced with every vote."""
    state.leader = result.elected
    if result.elected is not None and state.seats[result.elected].public_role == SWINDLER:
        state.swindler_led = True
    if result.votes:
        lines = [
            {"message": "mafia-leader-line-vote", "params": {"voter": seat(v), "candidate": seat(c)}}
            for v, c in sorted(result.votes.items())
        ]
        events.append(announce(
            "mafia-leader-votes", votes={"lines": lines},
            totals=_total_lines(result.totals, "mafia-leader-line-total"),
        ))
    else:
        events.append(announce("mafia-leader-no-votes"))
    if result.elected is None:
        events.append(announce("mafia-leader-nobody"))
    else:
        events.append(announce("mafia-leader-elected", player=seat(result.elected)))


# --- the live tally of the Leader vote ------------------------------------------------------------

LIVE_TALLY = "leader-d{number}"
"""The live slot of a day's Leader tally: one channel message per day, edited as votes change."""


def leader_tally(state: MafiaState) -> Event:
    """The Leader votes cast so far today (public by the rules: "each player may publicly vote"): who →
    whom and the weighted totals, among the order sheets whose Leader part names a candidate. The event's
    `live` parameter names the message it keeps up to date (renderers that can edit a message do)."""
    orders: dict[int, Order] = {}
    for number, sheet in sorted(state.sheets.items()):
        answers = sheet.parts.get("leader") or []
        if answers and answers[0].isdigit():
            orders[number] = Order(leader=int(answers[0]))
    result = leader_vote(state, orders)
    lines = [
        {"message": "mafia-leader-line-vote", "params": {"voter": seat(v), "candidate": seat(c)}}
        for v, c in sorted(result.votes.items())
    ]
    return announce(
        "mafia-leader-tally", live=LIVE_TALLY.format(number=state.number), number=state.number,
        count=len(result.votes), votes={"lines": lines}, totals=_total_lines(result.totals, "mafia-leader-line-total"),
    )
