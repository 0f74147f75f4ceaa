"""What each achievement checks, by name: a finished game's saved events (with their audiences) and
its final state, read after the final reveal. `data/achievements/<game>.toml` says which achievements
a game has, which check each uses and with what numbers; the names and descriptions are Fluent messages
(`achievement-<id>`, `achievement-<id>-about`). A check gives the seats that earned it; the members who
held those seats at the game's end get it (bot/ratings/achievements.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games.core import Event, GameState, Results


@dataclass(frozen=True)
class Finished:
    game: str
    state: GameState
    events: list[Event]
    results: Results

    def named(self, key: str, seat: int, param: str = "player") -> list[Event]:
        """The events `key` whose `param` is the seat."""
        return [e for e in self.events if e.key == key and e.params.get(param) == {"seat": seat}]

    def seats(self) -> range:
        return range(len(self.results.scores))


Check = Callable[[Finished, dict[str, Any]], set[int]]
CHECKS: dict[str, Check] = {}


def check(name: str) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        CHECKS[name] = function
        return function

    return register


def mentions(value: Any, seat: int) -> bool:
    """Whether a seat is named anywhere in event params (lines of lines included)."""
    if isinstance(value, dict):
        return value == {"seat": seat} or any(mentions(v, seat) for v in value.values())
    if isinstance(value, list):
        return any(mentions(v, seat) for v in value)
    return False


# --- Cookie: one `cookie-event-score` per seat and round (sword 3 or 0, shield 2 or 0, hill 1 or 0) ---
def _scores(done: Finished, seat: int) -> list[dict[str, Any]]:
    return [e.params for e in done.named("cookie-event-score", seat)]


@check("cookie_round_hits")
def cookie_round_hits(done: Finished, params: dict[str, Any]) -> set[int]:
    """At least `rounds` rounds in which every one of `parts` scored."""
    return {s for s in done.seats()
            if sum(1 for row in _scores(done, s) if all(row.get(p) for p in params["parts"])) >= params["rounds"]}


@check("cookie_won_scoring_at_most")
def cookie_won_scoring_at_most(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won with `part` scoring in at most `rounds` rounds."""
    return {s for s in done.results.winners
            if sum(1 for row in _scores(done, s) if row.get(params["part"])) <= params["rounds"]}


@check("won_by_margin")
def won_by_margin(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won alone, at least `margin` points ahead of the next player."""
    scores = done.results.scores
    if len(done.results.winners) != 1 or len(scores) < 2:
        return set()
    best, second = sorted(scores, reverse=True)[:2]
    return set(done.results.winners) if best - second >= params["margin"] else set()


@check("cookie_every_round")
def cookie_every_round(done: Finished, params: dict[str, Any]) -> set[int]:
    """`part` scored in every round."""
    return {s for s in done.seats() if (rows := _scores(done, s)) and all(row.get(params["part"]) for row in rows)}


@check("cookie_comeback")
def cookie_comeback(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won after having the fewest coins (alone or tied) after the first round."""
    first = {s: rows[0]["coins"] for s in done.seats() if (rows := _scores(done, s))}
    if not first:
        return set()
    low = min(first.values())
    return {s for s in done.results.winners if first.get(s) == low and low < max(first.values())}


# --- Maskmen: `maskmen-season-score` per seat and season (points +2, +1, 0, −1), `maskmen-season-end` ---
def _season_winners(done: Finished) -> list[int | None]:
    return [(e.params.get("winner") or {}).get("seat") for e in done.events if e.key == "maskmen-season-end"]


@check("maskmen_every_season")
def maskmen_every_season(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won every season of a game of at least `seasons` seasons (`duel`: of a two-player game, or not)."""
    winners = _season_winners(done)
    duel = done.state.players == 2
    if duel != bool(params.get("duel")) or len(winners) < params.get("seasons", 1):
        return set()
    return {s for s in done.results.winners if all(w == s for w in winners)}


@check("maskmen_seasons_in_a_row")
def maskmen_seasons_in_a_row(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won `seasons` seasons in a row, and the game."""
    winners, run = _season_winners(done), params["seasons"]
    return {s for s in done.results.winners
            if any(all(w == s for w in winners[i:i + run]) for i in range(len(winners) - run + 1))}


@check("maskmen_won_never_below")
def maskmen_won_never_below(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won (3–6 players) without a season scored below `points`."""
    if done.state.players == 2:
        return set()
    return {s for s in done.results.winners
            if all(e.params.get("points", 0) >= params["points"] for e in done.named("maskmen-season-score", s))}


@check("maskmen_won_after_first")
def maskmen_won_after_first(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won after scoring at most `points` in the first season."""
    found = set()
    for s in done.results.winners:
        rows = done.named("maskmen-season-score", s)
        if rows and rows[0].params.get("points", 0) <= params["points"]:
            found.add(s)
    return found


@check("maskmen_tiebreak")
def maskmen_tiebreak(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won on the tie-break (equal points, more +2 scores)."""
    tied = [e for e in done.events if e.key == "maskmen-standings-tiebreak"]
    return {s for s in done.results.winners if any(mentions(e.params, s) for e in tied)}


# --- Sword of Lies ---
@check("sol_won_war_with")
def sol_won_war_with(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won a game that went to war, with at least `count` `key` events naming them with `field` = `value`."""
    if not any(e.key == "sol-event-war-begins" for e in done.events):
        return set()
    return {s for s in done.results.winners if sum(
        1 for e in done.named(params["key"], s) if e.params.get(params["field"]) == params["value"]
    ) >= params.get("count", 1)}


@check("sol_won_war_untouched")
def sol_won_war_untouched(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won a war in which at most `hits` hits landed on their cards."""
    if not any(e.key == "sol-event-war-begins" for e in done.events):
        return set()
    return {s for s in done.results.winners if len(done.named("sol-event-card-hit", s)) <= params.get("hits", 0)}


@check("won_with_events")
def won_with_events(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won, with at least `count` `key` events naming them (as `param`, default "player"; any of `params`)."""
    names = params.get("params") or [params.get("param", "player")]
    return {s for s in done.results.winners if sum(
        1 for e in done.events if e.key == params["key"] and any(e.params.get(n) == {"seat": s} for n in names)
    ) >= params.get("count", 1)}


@check("count_events")
def count_events(done: Finished, params: dict[str, Any]) -> set[int]:
    """At least `count` `key` events naming them (as `param`, default "player"), won or not."""
    return {s for s in done.seats() if len(done.named(params["key"], s, params.get("param", "player")))
            >= params.get("count", 1)}


@check("sol_net_times")
def sol_net_times(done: Finished, params: dict[str, Any]) -> set[int]:
    """Ended with at least `times` their buy-in."""
    found = set()
    for s in done.seats():
        buy_in = [e.params.get("chips", 0) for e in done.named("sol-event-buy-in", s)]
        stack = [e.params.get("stack", 0) for e in done.named("sol-event-net", s)]
        if buy_in and stack and stack[-1] >= params["times"] * sum(buy_in):
            found.add(s)
    return found


# --- Castle ---
@check("won_shared")
def won_shared(done: Finished, params: dict[str, Any]) -> set[int]:
    """Shared the win."""
    return set(done.results.winners) if len(done.results.winners) >= 2 else set()


@check("won_first_to")
def won_first_to(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won, having been the first the game's `key` events named."""
    first = next((e for e in done.events if e.key == params["key"]), None)
    return {s for s in done.results.winners if first is not None and first.params.get("player") == {"seat": s}}


@check("castle_won_by_round")
def castle_won_by_round(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won by reaching the goal by round `round`."""
    ends = [e for e in done.events if e.key == "castle-over-goal" and e.params.get("round", 10**6) <= params["round"]]
    return set(done.results.winners) if ends else set()


@check("won_never_named_in")
def won_never_named_in(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won without ever being named in any of the `keys` events."""
    hits = [e for e in done.events if e.key in params["keys"]]
    return {s for s in done.results.winners if not any(mentions(e.params, s) for e in hits)}


# --- Mafia of Heroes (the final state: factions, who lives, who died when) ---
def _mafia_won(done: Finished) -> str | None:
    return getattr(done.state, "winner", None)


@check("mafia_last_of_side")
def mafia_last_of_side(done: Finished, params: dict[str, Any]) -> set[int]:
    """The side won with this seat its only living member."""
    side = params["side"]
    if _mafia_won(done) != side:
        return set()
    seats = getattr(done.state, "seats", [])
    living = [n for n, s in enumerate(seats) if s.faction == side and s.alive]
    return set(living) if len(living) == 1 else set()


@check("mafia_side_all_alive")
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


@check("mafia_executed_on_day")
def mafia_executed_on_day(done: Finished, params: dict[str, Any]) -> set[int]:
    """The veche executed `role`'s holder on Day `day` and it died of it that day: to every seat of `side`."""
    seats = getattr(done.state, "seats", [])
    target = next((n for n, s in enumerate(seats) if s.secret_role == params["role"]), None)
    if target is None or seats[target].died_in != 2 * params["day"]:
        return set()
    executed = any(day == params["day"] and event.key == "mafia-veche-execution"
                   and event.params.get("player") == {"seat": target} for day, event in _days(done.events))
    return {n for n, s in enumerate(seats) if s.faction == params["side"]} if executed else set()


@check("mafia_told")
def mafia_told(done: Finished, params: dict[str, Any]) -> set[int]:
    """Told privately a `key` event with `field` = `value`: its readers."""
    told = [e for e in done.events if e.key == params["key"] and e.params.get(params["field"]) == params["value"]]
    return {n for e in told for n in e.to or []}


@check("won_holding_the_artifact")
def won_holding_the_artifact(done: Finished, params: dict[str, Any]) -> set[int]:
    """Won holding the artifact at the end (it was never destroyed)."""
    holder = getattr(done.state, "artifact", None)
    return set(done.results.winners) & ({holder} if holder is not None else set())
