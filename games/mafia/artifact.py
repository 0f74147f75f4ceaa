"""The artifact (rules page, "Day", Artifact; the shared plan's "The artifact").

Night: its holder gets 3 armor, and so does `state.artifact_armor_to` (a law character chosen when
the artifact last went from one mafia member to another). Day, after the deaths: the holder's
secret pass, or a random living character who never held it. Whenever the holder dies it is gone.

`night_armor` is pure (resolution may call it more than once); `after_deaths` clears
`state.artifact_armor_to` at the end of every night, after that night's armor was counted.

Decision: the new holder learns only that he holds the artifact, not from whom.
Decision: the previous holder is told the new holder, and whether it went where he chose or at
random (he could tell anyway by comparing with his choice).
Decision: when everyone alive has held it, the holder is told that it is destroyed (otherwise he
would think he still holds it); when the holder dies nobody is told (the dead get no messages);
both destructions are logged for the GM (an event to nobody, `to=[]`).
Decision: the law character who gets the 3 armor after a mafia-to-mafia pass is not told (telling
him would reveal that two mafia members held the artifact); the GM log records it.
"""

from __future__ import annotations

from games.core import Event, Refusal, seat
from games.mafia.common import tell
from games.mafia.order import Order
from games.mafia.state import MafiaState

ARTIFACT_ARMOR = 3
"""The holder's armor every night."""
MAFIA_PASS_ARMOR = 3
"""A random law character's armor the night after the artifact went mafia to mafia."""


def night_armor(state: MafiaState) -> dict[int, int]:
    """Armor the artifact gives tonight: the holder 3, `artifact_armor_to` 3 (pure; empty by day)."""
    if state.phase != "night":
        return {}
    armor: dict[int, int] = {}
    for number, amount in ((state.artifact, ARTIFACT_ARMOR), (state.artifact_armor_to, MAFIA_PASS_ARMOR)):
        if number is not None and state.seats[number].alive:
            armor[number] = armor.get(number, 0) + amount
    return armor


def artifact_pass_refusal(state: MafiaState, holder: int, target: int) -> Refusal | None:
    """The day's pass: to a living character other than the holder."""
    if state.artifact != holder:
        return Refusal(key="mafia-artifact-refusal-not-holder")
    if not 0 <= target < len(state.seats):
        return Refusal(key="error-unknown-player")
    if target == holder:
        return Refusal(key="mafia-artifact-refusal-self")
    if not state.seats[target].alive:
        return Refusal(key="mafia-artifact-refusal-dead", params={"player": seat(target)})
    return None


def after_deaths(state: MafiaState, orders: dict[int, Order], events: list[Event]) -> None:
    """Step 8, after the deaths are marked: destruction when the holder died; by day, the pass."""
    if state.phase == "night":
        state.artifact_armor_to = None  # its night is over
    holder = state.artifact
    if holder is None:
        return
    if not state.seats[holder].alive:
        state.artifact = None
        events.append(Event(key="mafia-artifact-gm-destroyed-dead", params={"player": seat(holder)}, to=[]))
        return
    if state.phase == "day":
        _pass(state, holder, orders.get(holder, Order()).artifact_to, events)


def _never_held(state: MafiaState) -> list[int]:
    return [n for n in state.living() if n not in state.artifact_held]


def _recipient(state: MafiaState, holder: int, chosen: int | None) -> tuple[int | None, bool]:
    """(the new holder or None when none is possible, whether it went to the holder's choice)."""
    if (
        chosen is not None
        and artifact_pass_refusal(state, holder, chosen) is None
        and chosen not in state.artifact_held
    ):
        return chosen, True
    candidates = [n for n in _never_held(state) if n != holder]
    return (state.rng.choice(candidates) if candidates else None), False


def _pass(state: MafiaState, holder: int, chosen: int | None, events: list[Event]) -> None:
    new, as_chosen = _recipient(state, holder, chosen)
    if new is None:
        state.artifact = None
        events.append(tell([holder], "mafia-artifact-destroyed-all-held"))
        events.append(Event(key="mafia-artifact-gm-destroyed-all-held", params={"player": seat(holder)}, to=[]))
        return
    state.artifact = new
    state.artifact_held.append(new)
    key = "mafia-artifact-passed" if as_chosen else "mafia-artifact-passed-random"
    events.append(tell([holder], key, player=seat(new)))
    events.append(tell([new], "mafia-artifact-received", armor=ARTIFACT_ARMOR))
    events.append(Event(key="mafia-artifact-gm-passed", params={"holder": seat(holder), "player": seat(new)}, to=[]))
    if state.seats[holder].mafia and state.seats[new].mafia:
        _mafia_to_mafia(state, events)


def _mafia_to_mafia(state: MafiaState, events: list[Event]) -> None:
    """A random living law character gets 3 armor next night (not told: see the module's Decisions)."""
    law = [n for n in state.living() if not state.seats[n].mafia]
    if not law:
        return
    state.artifact_armor_to = state.rng.choice(law)
    params = {"player": seat(state.artifact_armor_to), "armor": MAFIA_PASS_ARMOR}
    events.append(Event(key="mafia-artifact-gm-armor", params=params, to=[]))
