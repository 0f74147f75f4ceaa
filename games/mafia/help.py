"""A player's guide (the terminal's `?`): their role with its ability, each card of their hand and
sleeve with its text, their order and artifact, and the private log of everything their seat
learned (`state.knowledge`). It replaces the status lines' shorter private aid (games.mafia.summary).

Only what the seat may know: its own roles and cards, and its own record of facts. The log reuses
the result messages the seat was told when it learned them (Question, Dossier, Eavesdrop…), each
headed by the phase it was learned in; facts whose result message needs more than a fact keeps
(Search, the Killer's check, the Tracker, the snapshot, a beating) have lines of their own.
"""

from __future__ import annotations

from typing import Any

from games.core import Event, seat, term
from games.mafia.collection import Colour
from games.mafia.common import card_params, tell
from games.mafia.knowledge import Fact
from games.mafia.state import Card, MafiaState


def phase_term(index: int) -> dict[str, Any]:
    """Night n is phase 2n − 1, Day n is phase 2n: "Night 2", "Day 1"."""
    kind = "night" if index % 2 else "day"
    return {"message": f"mafia-guide-phase-{kind}", "params": {"number": (index + 1) // 2}}


def role_ability(role: str) -> dict[str, Any]:
    """A role's ability text, as a nested message."""
    return {"message": f"mafia-role-{role}-ability", "params": {}}


def _item(line: dict[str, Any]) -> dict[str, Any]:
    """A line of a list, bulleted (a list's lines otherwise start flush with the text around them)."""
    return {"message": "mafia-guide-item", "params": {"item": line}}


def _card_lines(state: MafiaState, cards: list[Card]) -> dict[str, Any]:
    return {"lines": [_item({"message": "mafia-line-card", "params": card_params(state.collection, c.key)})
                      for c in cards]}


def _colours(colours: dict[Colour, int]) -> list[dict[str, Any]]:
    return [{"message": "mafia-colour-count", "params": {"colour": term(f"mafia-colour-{c}"), "count": n}}
            for c, n in colours.items()]


def fact_message(fact: Fact) -> dict[str, Any]:
    """One learned fact as a message (without its phase)."""
    about = seat(fact.about)
    colours = {"colours": _colours(fact.colours), "count": sum(fact.colours.values())}
    if fact.source == "question":
        return {"message": "mafia-result-question", "params": {"player": about, **colours}}
    if fact.source == "denunciation":
        return {"message": "mafia-line-denunciation", "params": {"player": about, **colours}}
    if fact.source == "dossier":
        return {"message": "mafia-result-dossier",
                "params": {"player": about, "faction": term(f"mafia-faction-{fact.faction}")}}
    if fact.source == "eavesdrop":
        if fact.vote is None:
            return {"message": "mafia-result-eavesdrop-none", "params": {"player": about}}
        return {"message": "mafia-result-eavesdrop",
                "params": {"player": about, "candidate": seat(fact.vote), "kind": fact.vote_kind or "execution"}}
    if fact.source == "surveillance":
        lines = [{"message": "mafia-line-play", "params": {"card": term(f"mafia-card-{p.card}")}} if p.target is None
                 else {"message": "mafia-line-play-at",
                       "params": {"card": term(f"mafia-card-{p.card}"), "target": seat(p.target)}}
                 for p in fact.plays] or [{"message": "mafia-line-no-play", "params": {}}]
        return {"message": "mafia-result-surveillance", "params": {"player": about, "lines": {"lines": lines}}}
    if fact.source == "tracker":
        if fact.faction == "mafia":  # one of the mafia's kill voters
            return {"message": "mafia-guide-tracker-voter", "params": {"player": about}}
        target = next((p.target for p in fact.plays if p.target is not None), fact.about)
        return {"message": "mafia-guide-tracker", "params": {
            "player": about, "target": seat(target), "cards": [term(f"mafia-card-{p.card}") for p in fact.plays]}}
    if fact.source == "search":
        return {"message": "mafia-guide-search", "params": {
            "player": about, "cards": [term(f"mafia-card-{c}") for c in fact.cards], "count": len(fact.cards)}}
    if fact.source == "check":
        return {"message": "mafia-guide-check", "params": {"player": about, "success": "yes" if fact.success else "no"}}
    if fact.source == "beating":
        colour = next(iter(fact.colours), "attack")
        return {"message": "mafia-guide-beating", "params": {"player": about, "colour": term(f"mafia-colour-{colour}")}}
    # the snapshot: a fellow member's secret role and hand
    return {"message": "mafia-guide-snapshot", "params": {
        "player": about, "role": term(f"mafia-role-{fact.role}"),
        "cards": [term(f"mafia-card-{c}") for c in fact.cards], "count": len(fact.cards)}}


def log_lines(state: MafiaState, number: int) -> list[dict[str, Any]]:
    """The seat's private log, oldest first: one line per fact, headed by its phase."""
    known = state.knowledge.get(number)
    facts = known.facts if known is not None else []
    return [_item({"message": "mafia-guide-log-line",
                    "params": {"phase": phase_term(f.phase), "fact": fact_message(f)}}) for f in facts]


def guide(state: MafiaState, number: int) -> list[Event]:
    """Everything seat `number` may read about itself, as messages to that seat."""
    player = state.seats[number]
    lines = [tell([number], "mafia-guide-public-role", role=term(f"mafia-role-{player.public_role}"),
                  ability=role_ability(player.public_role))]
    if player.mafia:
        lines.append(tell([number], "mafia-guide-secret-role", role=term(f"mafia-role-{player.secret_role}"),
                          ability=role_ability(player.secret_role)))  # the ability names the colour
    else:
        lines.append(tell([number], "mafia-aid-role-law"))
    if player.student_colour is not None:
        lines.append(tell([number], "mafia-event-student-colour",
                          colour=term(f"mafia-colour-{player.student_colour}")))
    if state.phase in ("night", "day", "over"):  # hands exist once the draft and the opening are over
        lines.append(tell([number], "mafia-guide-hand", count=len(player.hand), cards=_card_lines(state, player.hand)))
        lines.append(tell([number], "mafia-guide-sleeve", count=len(player.sleeve),
                          cards=_card_lines(state, player.sleeve)))
    elif player.kept:
        lines.append(tell([number], "mafia-guide-kept", count=len(player.kept), cards=_card_lines(state, player.kept)))
    if number in state.sheets:
        lines.append(tell([number], "mafia-aid-order", done="yes" if state.sheets[number].done else "no"))
    if state.artifact == number:
        lines.append(tell([number], "mafia-aid-artifact"))
    log = log_lines(state, number)
    lines.append(tell([number], "mafia-guide-log", count=len(log), lines={"lines": log}))
    return lines
