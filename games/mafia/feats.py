"""Mafia of Heroes' own achievement checks (the final state: factions, who lives, who died when), by the names
data/achievements/mafia.toml gives them (games.core.feats; the shared checks are bot/ratings/feats.py's)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core import Event
from games.core.feats import Checks, Finished

FEATS = Checks()


def _mafia_won(done: Finished) -> str | None:
    return getattr(done.state, "winner", None)


@FEATS.check("mafia_last_of_side")
def mafia_last_of_side(done: Finished, params: dict[str, Any]) -> set[int]:
    """The side won with this seat its only living member."""
    side = params["side"]
    if _mafia_won(done) != side:
        return set()
    seats = getattr(done.state, "seats", [])
    living = [n for n, s in enumerate(seats) if s.faction == side and s.alive]
    return set(living) if len(living) == 1 else set()


@FEATS.check("mafia_side_all_alive")
def mafia_side_all_alive(done: Finished, params: dict[str, Any]) -> set[int]:
    """The side won with every member alive."""
    side = params["side"]
    seats = getattr(done.state, "seats", [])
    members = [n for n, s in enumerate(seats) if s.faction == side]
    if _mafia_won(done) != side or not all(seats[n].alive for n in members):
        return set()
    return set(members)


def _days(events: list[Event]) -> Iterator[tuple[int, Event]]:
    """Each event with the number of the day (0 at night, before Day 1) it came in."""
    day = 0
    for event in events:
        if event.key == "mafia-event-day-begins":
            day = int(event.params.get("number", 0))
        elif event.key in ("mafia-event-night-falls", "mafia-event-night-begins"):
            day = 0
        yield day, event


@FEATS.check("mafia_executed_on_day")
def mafia_executed_on_day(done: Finished, params: dict[str, Any]) -> set[int]:
    """The veche executed `role`'s holder on Day `day` and it died of it that day: to every seat of `side`."""
    seats = getattr(done.state, "seats", [])
    target = next((n for n, s in enumerate(seats) if s.secret_role == params["role"]), None)
    if target is None or seats[target].died_in != 2 * params["day"]:
        return set()
    executed = any(day == params["day"] and event.key == "mafia-veche-execution"
                   and event.params.get("player") == {"seat": target} for day, event in _days(done.events))
    return {n for n, s in enumerate(seats) if s.faction == params["side"]} if executed else set()


@FEATS.check("mafia_told")
def mafia_told(done: Finished, params: dict[str, Any]) -> set[int]:
    """Told privately a `key` event with `field` = `value`: its readers."""
    told = [e for e in done.events if e.key == params["key"] and e.params.get(params["field"]) == params["value"]]
    return {n for e in told for n in e.to or []}


@FEATS.check("won_holding_the_artifact")
def won_holding_the_artifact(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won holding the artifact at the end (it was never destroyed)."""
    holder = getattr(done.state, "artifact", None)
    return set(done.results.winners) & ({holder} if holder is not None else set())
