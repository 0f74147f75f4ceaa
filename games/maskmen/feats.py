"""Maskmen's own achievement checks (`maskmen-season-score` per seat and season (points +2, +1, 0, −1),
`maskmen-season-end`), by the names data/achievements/maskmen.toml gives them (games.core.feats; the shared checks
are bot/ratings/feats.py's)."""

from __future__ import annotations

from typing import Any

from games.core.feats import Checks, Finished, mentions

FEATS = Checks()


def _season_winners(done: Finished) -> list[int | None]:
    return [(e.params.get("winner") or {}).get("seat") for e in done.events if e.key == "maskmen-season-end"]


@FEATS.check("maskmen_every_season")
def maskmen_every_season(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won every season of a game of at least `seasons` seasons (`duel`: of a two-player game, or not)."""
    winners = _season_winners(done)
    duel = done.state.players == 2
    if duel != bool(params.get("duel")) or len(winners) < params.get("seasons", 1):
        return set()
    return {s for s in done.results.winners if all(w == s for w in winners)}


@FEATS.check("maskmen_seasons_in_a_row")
def maskmen_seasons_in_a_row(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won `seasons` seasons in a row, and the game."""
    winners, run = _season_winners(done), params["seasons"]
    return {s for s in done.results.winners
            if any(all(w == s for w in winners[i:i + run]) for i in range(len(winners) - run + 1))}


@FEATS.check("maskmen_won_never_below")
def maskmen_won_never_below(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won (3–6 players) without a season scored below `points`."""
    if done.state.players == 2:
        return set()
    return {s for s in done.results.winners
            if all(e.params.get("points", 0) >= params["points"] for e in done.named("maskmen-season-score", s))}


@FEATS.check("maskmen_won_after_first")
def maskmen_won_after_first(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won after scoring at most `points` in the first season."""
    found = set()
    for s in done.results.winners:
        rows = done.named("maskmen-season-score", s)
        if rows and rows[0].params.get("points", 0) <= params["points"]:
            found.add(s)
    return found


@FEATS.check("maskmen_tiebreak")
def maskmen_tiebreak(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won on the tie-break (equal points, more +2 scores)."""
    tied = [e for e in done.events if e.key == "maskmen-standings-tiebreak"]
    return {s for s in done.results.winners if any(mentions(e.params, s) for e in tied)}
