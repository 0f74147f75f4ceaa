"""The achievement checks every game may use, by name (games.core.feats): `data/achievements/<game>.toml` says
which achievements a game has, which check each uses and with what numbers; the names and descriptions are
Fluent messages (`achievement-<id>`, `achievement-<id>-about`). A check gives the seats that earned it from a
finished game's saved events and final state, read after the final reveal; the members who held those seats
at the game's end get it (bot/ratings/achievements.py). A game's own checks are its `GameSpec.feats`
(games/<game>/feats.py)."""

from __future__ import annotations

from typing import Any

from games import registry
from games.core.feats import Check, Checks, Finished, mentions

__all__ = ["CHECKS", "Check", "Finished", "checks_for"]

CHECKS = Checks()
"""The shared checks."""


@CHECKS.check("won_by_margin")
def won_by_margin(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won alone, at least `margin` points ahead of the next player."""
    scores = done.results.scores
    if len(done.results.winners) != 1 or len(scores) < 2:
        return set()
    best, second = sorted(scores, reverse=True)[:2]
    return set(done.results.winners) if best - second >= params["margin"] else set()


@CHECKS.check("won_with_events")
def won_with_events(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won, with at least `count` `key` events naming them (as `param`, default "player"; any of `params`)."""
    names = params.get("params") or [params.get("param", "player")]
    return {s for s in done.results.winners if sum(
        1 for e in done.events if e.key == params["key"] and any(e.params.get(n) == {"seat": s} for n in names)
    ) >= params.get("count", 1)}


@CHECKS.check("count_events")
def count_events(done: Finished, params: dict[str, Any]) -> set[int]:
    """At least `count` `key` events naming them (as `param`, default "player"), won or not."""
    return {s for s in done.seats() if len(done.named(params["key"], s, params.get("param", "player")))
            >= params.get("count", 1)}


@CHECKS.check("won_shared")
def won_shared(done: Finished, params: dict[str, Any]) -> set[int]:
    """Shared the win."""
    return set(done.results.winners) if len(done.results.winners) >= 2 else set()


@CHECKS.check("won_first_to")
def won_first_to(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won, having been the first the game's `key` events named."""
    first = next((e for e in done.events if e.key == params["key"]), None)
    return {s for s in done.results.winners if first is not None and first.params.get("player") == {"seat": s}}


@CHECKS.check("won_never_named_in")
def won_never_named_in(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won without ever being named in any of the `keys` events."""
    hits = [e for e in done.events if e.key in params["keys"]]
    return {s for s in done.results.winners if not any(mentions(e.params, s) for e in hits)}


def checks_for(game: str) -> dict[str, Check]:
    """The checks a game's achievements may use: the shared ones and its own."""
    return {**CHECKS, **(registry.spec(game).feats if game in registry.available() else {})}
