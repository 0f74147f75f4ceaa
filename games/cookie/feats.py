"""Cookie's own achievement checks (one `cookie-event-score` per seat and round (sword 3 or 0, shield 2 or 0, hill 1
or 0)), by the names data/achievements/cookie.toml gives them (games.core.feats; the shared checks are
bot/ratings/feats.py's)."""

from __future__ import annotations

from typing import Any

from games.core.feats import Checks, Finished

FEATS = Checks()


def _scores(done: Finished, seat: int) -> list[dict[str, Any]]:
    return [e.params for e in done.named("cookie-event-score", seat)]


@FEATS.check("cookie_round_hits")
def cookie_round_hits(done: Finished, params: dict[str, Any]) -> set[int]:
    """At least `rounds` rounds in which every one of `parts` scored."""
    return {s for s in done.seats()
            if sum(1 for row in _scores(done, s) if all(row.get(p) for p in params["parts"])) >= params["rounds"]}


@FEATS.check("cookie_won_scoring_at_most")
def cookie_won_scoring_at_most(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won with `part` scoring in at most `rounds` rounds."""
    return {s for s in done.results.winners
            if sum(1 for row in _scores(done, s) if row.get(params["part"])) <= params["rounds"]}


@FEATS.check("cookie_every_round")
def cookie_every_round(done: Finished, params: dict[str, Any]) -> set[int]:
    """`part` scored in every round."""
    return {s for s in done.seats() if (rows := _scores(done, s)) and all(row.get(params["part"]) for row in rows)}


@FEATS.check("cookie_comeback")
def cookie_comeback(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won after having the fewest coins (alone or tied) after the first round."""
    first = {s: rows[0]["coins"] for s in done.seats() if (rows := _scores(done, s))}
    if not first:
        return set()
    low = min(first.values())
    return {s for s in done.results.winners if first.get(s) == low and low < max(first.values())}
