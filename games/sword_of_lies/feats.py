"""Sword of Lies's own achievement checks (the war, the cards hit, buy-ins and net stacks), by the names
data/achievements/sword_of_lies.toml gives them (games.core.feats; the shared checks are bot/ratings/feats.py's)."""

from __future__ import annotations

from typing import Any

from games.core.feats import Checks, Finished

FEATS = Checks()


@FEATS.check("sol_won_war_with")
def sol_won_war_with(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won a game that went to war, with at least `count` `key` events naming them with `field` = `value`."""
    if not any(e.key == "sol-event-war-begins" for e in done.events):
        return set()
    return {s for s in done.results.winners if sum(
        1 for e in done.named(params["key"], s) if e.params.get(params["field"]) == params["value"]
    ) >= params.get("count", 1)}


@FEATS.check("sol_won_war_untouched")
def sol_won_war_untouched(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won a war in which at most `hits` hits landed on their cards."""
    if not any(e.key == "sol-event-war-begins" for e in done.events):
        return set()
    return {s for s in done.results.winners if len(done.named("sol-event-card-hit", s)) <= params.get("hits", 0)}


@FEATS.check("sol_net_times")
def sol_net_times(done: Finished, params: dict[str, Any]) -> set[int]:
    """Ended with at least `times` their buy-in."""
    found = set()
    for s in done.seats():
        buy_in = [e.params.get("chips", 0) for e in done.named("sol-event-buy-in", s)]
        stack = [e.params.get("stack", 0) for e in done.named("sol-event-net", s)]
        if buy_in and stack and stack[-1] >= params["times"] * sum(buy_in):
            found.add(s)
    return found
