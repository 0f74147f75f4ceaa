"""Seeded random full games: they end, cards are conserved, secrets stay secret, scores follow
from the history, and save/reload and replay give the same game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.core import Action, Event
from games.core.rng import derived
from games.maskmen import ENGINE
from games.maskmen.cards import COLOURS
from games.maskmen.state import MaskmenState
from tests.depth import count

from .helpers import assert_cards_conserved, assert_order_sound, secret_keys_in

MAX_STEPS = 6000
GAMES_PER_CASE = count(26)  # × 5 player counts × 2 house rules × 2 season settings = 520 games (deep; 140 by default)


@dataclass
class Played:
    options: dict[str, Any]
    seed: int
    log: list[tuple[int, Action]] = field(default_factory=list)
    states: list[MaskmenState] = field(default_factory=list)
    final: MaskmenState | None = None


def choose(state: MaskmenState, style: str) -> Action:
    """Deterministic in the state, so a reloaded game continues exactly as the original."""
    prompt = state.prompts[0]
    rng = derived(state.rng.seed, "test", state.step)
    if style == "mixed":
        style = rng.choice(["bot", "default", "random"])
    if style == "bot":
        return ENGINE.bot_action(state, prompt, rng)
    if style == "default":
        return ENGINE.default_action(state, prompt)
    return Action(prompt=prompt.id, value=rng.choice(prompt.options).value)


def check_events(state: MaskmenState, seat: int, events: list[Event]) -> None:
    latest_hand: dict[int, dict[str, Any]] = {}
    for event in events:
        if event.public:
            assert not secret_keys_in(event.params), event
            assert event.key != "maskmen-hand"
        else:
            assert event.key == "maskmen-hand" and event.to is not None and len(event.to) == 1
            assert set(event.params) == {*COLOURS, "total"}
            latest_hand[event.to[0]] = event.params
    # Each private hand message shows that player's hand as it now is.
    for owner, params in latest_hand.items():
        assert {c: params[c] for c in COLOURS} == state.hands[owner]
        assert params["total"] == sum(state.hands[owner].values())
    played = any(e.key == "maskmen-play" and e.params["player"] == {"seat": seat} for e in events)
    assert seat in latest_hand or not played, "a player gets their hand after each of their plays"


def check_views(state: MaskmenState) -> None:
    public = ENGINE.view(state, None)
    assert not secret_keys_in(public)
    assert public["hand_sizes"] == [sum(h.values()) for h in state.hands]
    for seat in range(state.players):
        mine = ENGINE.view(state, seat)
        assert mine["hand"] == state.hands[seat]
        assert "hands" not in mine and "set_aside" not in mine
        rest = {k: v for k, v in mine.items() if k not in {"hand", "legal"}}
        assert not secret_keys_in(rest)
    for line in ENGINE.summary(state, None):
        assert line.public and not secret_keys_in(line.params)
    for seat in range(state.players):
        private = [e for e in ENGINE.summary(state, seat) if not e.public]
        assert [(e.key, e.to) for e in private] == [("maskmen-hand", [seat])]
        assert {c: private[0].params[c] for c in COLOURS} == state.hands[seat]
    assert sum(1 for e in ENGINE.summary(state, "gm") if not e.public) == state.players + 1
    gm = ENGINE.view(state, "gm")
    assert gm["hands"] == state.hands and gm["set_aside"] == state.set_aside


def play_game(options: dict[str, Any], seed: int, style: str, players: int, checks: bool = True) -> Played:
    record = Played(options=options, seed=seed)
    state, events = ENGINE.setup(players, options, seed)
    assert sum(1 for e in events if e.key == "maskmen-hand") == players
    steps = 0
    while not state.over:
        steps += 1
        assert steps < MAX_STEPS, "the game must end"
        assert len(state.prompts) == 1 and state.prompts[0].seat == state.turn
        assert state.prompts[0].secret and state.prompts[0].deadline == "turn"
        action = choose(state, style)
        assert action.value in [o.value for o in state.prompts[0].options]
        seat = state.prompts[0].seat
        record.log.append((seat, action))
        state, events = ENGINE.apply(state, seat, action)
        if checks:
            assert_cards_conserved(state)
            if any(e.key == "maskmen-proved" for e in events) or steps % 25 == 0:
                assert_order_sound(state)
            check_events(state, seat, events)
            if steps % 40 == 0:
                check_views(state)
                assert ENGINE.load(ENGINE.dump(state)) == state
        record.states.append(state)
    record.final = state
    return record


def expected_scores(state: MaskmenState) -> tuple[list[int], list[int], list[int]]:
    """Scores, +2 counts and season wins recomputed from the per-season history alone."""
    n = state.players
    scores, twos, wins = [0] * n, [0] * n, [0] * n
    previous_next: int | None = None
    for number, season in enumerate(state.history, start=1):
        assert season.season == number
        if previous_next is not None:
            assert season.leader == previous_next
        winner = season.winner
        assert season.out[0] == winner and season.cards_left[winner] == 0
        wins[winner] += 1
        points = [0] * n
        if n > 2:
            twos[winner] += 1
            points[winner] = 2
            if state.options.season_end == "last_standing":
                assert len(season.out) == n - 1 and all(season.cards_left[s] == 0 for s in season.out)
                last = next(s for s in range(n) if s not in season.out)
                assert season.cards_left[last] > 0
                points[season.out[1]] = 1
                points[last] = -1
            else:
                assert len(season.out) == 1
                others = {s: season.cards_left[s] for s in range(n) if s != winner}
                assert all(left > 0 for left in others.values())
                low, high = min(others.values()), max(others.values())
                if low != high:
                    for s, left in others.items():
                        points[s] = 1 if left == low else -1 if left == high else 0
        assert list(season.points) == points
        for s in range(n):
            scores[s] += points[s]
        # The next leader: a −1 player (else one with the most cards), earliest clockwise from the winner.
        losers = [s for s in range(n) if points[s] < 0] if n > 2 else [s for s in range(n) if s != winner]
        if not losers:
            most = max(season.cards_left[s] for s in range(n) if s != winner)
            losers = [s for s in range(n) if s != winner and season.cards_left[s] == most]
        expected_next = min(losers, key=lambda s: (s - winner) % n)
        if season.next_leader is not None:
            assert season.next_leader == expected_next
        previous_next = season.next_leader
    return scores, twos, wins


def check_final(record: Played) -> None:
    state = record.final
    assert state is not None and state.over and state.prompts == [] and state.turn is None
    scores, twos, wins = expected_scores(state)
    assert state.season_wins == wins
    results = ENGINE.results(state)
    assert results is not None
    if state.players == 2:
        assert max(wins) == 3 and len(state.history) <= 5 and len(state.history) == sum(wins)
        assert results.scores == wins and results.winners == [wins.index(3)]
    else:
        assert len(state.history) == state.options.seasons
        assert state.scores == scores and state.twos == twos
        best = max(zip(scores, twos, strict=True))
        assert results.winners == [s for s in range(state.players) if (scores[s], twos[s]) == best]
        assert results.scores == scores
    assert state.history[-1].next_leader is None


def replay(record: Played, players: int) -> MaskmenState:
    state, _ = ENGINE.setup(players, record.options, record.seed)
    for seat, action in record.log:
        state, _ = ENGINE.apply(state, seat, action)
    return state


CASES = [
    (players, rule, long)
    for players in range(2, 7)
    for rule in ("first_out", "last_standing")
    for long in (True, False)
]


@pytest.mark.parametrize(("players", "rule", "long"), CASES)
def test_random_full_games(players: int, rule: str, long: bool) -> None:
    styles = ["bot", "mixed", "random", "default"]
    for index in range(GAMES_PER_CASE):
        seed = 1000 * players + 100 * long + index + (50_000 if rule == "last_standing" else 0)
        # Defaults for the long games (4 seasons); one or two seasons for the others.
        options: dict[str, Any] = {"season_end": rule}
        if not long:
            options["seasons"] = 1 + index % 2
        style = styles[index % len(styles)]
        if style == "default" and not long and index % 3:
            style = "bot"  # deadline-only games are slow; keep a few of them
        record = play_game(options, seed, style, players)
        check_final(record)
        assert ENGINE.load(ENGINE.dump(record.final)) == record.final  # type: ignore[arg-type]
        if index % 5 == 0:
            assert replay(record, players) == record.final
        if index % 5 == 1:
            # Save at a random step, reload from JSON, continue: the same game as uninterrupted.
            cut = random.Random(seed).randrange(len(record.states))
            state = ENGINE.load(ENGINE.dump(record.states[cut]))
            while not state.over:
                action = choose(state, style)
                state, _ = ENGINE.apply(state, state.prompts[0].seat, action)
            assert state == record.final
