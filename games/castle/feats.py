"""Castle's own achievement checks (the goal reached), by the names data/achievements/castle.toml gives them
(games.core.feats; the shared checks are bot/ratings/feats.py's)."""

from __future__ import annotations

from typing import Any

from games.core.feats import Checks, Finished

FEATS = Checks()


@FEATS.check("castle_won_by_round")
def castle_won_by_round(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won by reaching the goal by round `round`."""
    ends = [e for e in done.events if e.key == "castle-over-goal" and e.params.get("round", 10**6) <= params["round"]]
    return set(done.results.winners) if ends else set()
