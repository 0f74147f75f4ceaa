"""Seasons, scoring Decisions, edge cases of the trick flow, set-up, options, bots, views."""

from __future__ import annotations

import random

import pytest

from games.core import IllegalAction
from games.maskmen import ENGINE, flow
from games.maskmen.cards import COLOURS
from games.maskmen.state import MaskmenState

from .helpers import act, position

A, B, C, D = range(4)


def keys(events) -> list[str]:  # type: ignore[no-untyped-def]
    return [e.key for e in events]


def with_debuted(state: MaskmenState, *colours: str) -> MaskmenState:
    state.debuted = list(colours)  # type: ignore[arg-type]
    flow.set_turn(state, state.turn, lead=True)  # type: ignore[arg-type]
    return state


# --- first_out ---------------------------------------------------------------------------------
def test_first_out_scores_and_next_leader() -> None:
    state = position([{"pink": 1}, {"blue": 5}, {"green": 3}, {"orange": 5}], leader=A)
    state, events = act(state, "pink:1")
    assert keys(events)[:3] == ["maskmen-play", "maskmen-debut", "maskmen-hand"]
    assert "maskmen-season-end" in keys(events)
    record = state.history[0]
    assert record.points == (2, -1, 1, -1)
    assert record.cards_left == (0, 5, 3, 5) and record.out == (A,) and record.winner == A
    assert state.scores == [2, -1, 1, -1] and state.twos == [1, 0, 0, 0]
    # Several −1 players: the earliest clockwise from the winner (A) leads: B.
    assert record.next_leader == B and state.turn == B and state.leader == B
    assert state.season == 2 and state.beats == [] and state.debuted == []
    assert [sum(h.values()) for h in state.hands] == [15, 15, 15, 15]
    scores = [e.params for e in events if e.key == "maskmen-season-score"]
    assert [p["signed"] for p in scores] == ["+2", "-1", "+1", "-1"]


def test_first_out_ties_share_and_clockwise_from_winner() -> None:
    state = position([{"pink": 4}, {"blue": 2}, {"green": 1}, {"orange": 4}], leader=C)
    state, _ = act(state, "green:1")
    assert state.history[0].points == (-1, 1, 2, -1)
    assert state.turn == D  # −1 players A and D: D is earliest clockwise from C


def test_first_out_all_others_equal_score_nothing() -> None:
    state = position([{"pink": 4}, {"blue": 4}, {"green": 1}, {"orange": 4}], leader=C)
    state, _ = act(state, "green:1")
    assert state.history[0].points == (0, 0, 2, 0)
    assert state.turn == D  # nobody scored −1: the most cards (all), earliest clockwise from C


def test_three_players_first_out() -> None:
    state = position([{"pink": 2}, {"blue": 3}, {"green": 1}], leader=C)
    state, _ = act(state, "green:1")
    assert state.history[0].points == (1, -1, 2)
    assert state.turn == B


# --- last_standing -----------------------------------------------------------------------------
def test_last_standing_three_card_out_passes_the_lead() -> None:
    options = {"season_end": "last_standing", "seasons": 1}
    state = position([{"pink": 3}, {"blue": 2, "grey": 3}, {"green": 2, "orange": 1}], leader=A, options=options)
    state = with_debuted(state, "pink")
    state, events = act(state, "pink:3")  # A's last cards, three of them
    assert keys(events) == [
        "maskmen-play",
        "maskmen-hand",
        "maskmen-out",
        "maskmen-cleared-three",
        "maskmen-lead-passes",
    ]
    cleared = events[3].params
    assert cleared == {"player": {"seat": A}, "leader": {"seat": B}}
    assert state.out == [A] and state.turn == B and state.leader == B and state.ring is None
    state, _ = act(state, "blue:1")
    assert state.turn == C  # A has no cards: skipped
    state, _ = act(state, "green:2")
    assert state.turn == B
    state, _ = act(state, "grey:3")  # clears; B leads again
    assert state.turn == B and state.ring is None
    state, events = act(state, "blue:1")  # B's last card: only C holds cards -> season over
    assert "maskmen-season-end" in keys(events) and state.over
    record = state.history[0]
    assert record.out == (A, B) and record.points == (2, 1, -1) and record.next_leader is None
    assert ENGINE.results(state).scores == [2, 1, -1]  # type: ignore[union-attr]
    assert ENGINE.results(state).winners == [A]  # type: ignore[union-attr]


def test_last_standing_out_player_then_all_pass() -> None:
    options = {"season_end": "last_standing", "seasons": 1}
    state = position([{"pink": 1}, {"blue": 1, "grey": 1}, {"green": 1, "grey": 1}, {"orange": 2}], A, options)
    state, events = act(state, "pink:1")  # A is out, but the ring holds their Pink
    # B and C hold one card of each colour: nothing beats 1 Pink, so their passes are made at once
    assert keys(events)[-3:] == ["maskmen-out", "maskmen-forced-pass", "maskmen-forced-pass"]
    assert [e.params["player"] for e in events[-2:]] == [{"seat": B}, {"seat": C}]
    assert state.turn == D  # D could answer with 2 Orange
    state, events = act(state, "pass")
    # Everyone else passed: A played last but has no cards, so the lead passes clockwise to B.
    assert keys(events) == ["maskmen-pass", "maskmen-cleared-passed", "maskmen-lead-passes"]
    assert state.turn == B and state.ring is None and state.passed == []
    state, events = act(state, "blue:1")
    assert keys(events)[-1] == "maskmen-forced-pass" and state.turn == D  # A skipped for good, C forced
    state, _ = act(state, "pass")  # D passes too: B leads again
    assert state.turn == B and state.ring is None
    state, events = act(state, "grey:1")  # B out (2nd)
    assert state.out == [A, B] and not state.over
    assert keys(events)[-1] == "maskmen-forced-pass" and state.turn == D  # C cannot beat 1 Grey


def test_four_players_last_standing_points() -> None:
    options = {"season_end": "last_standing", "seasons": 1}
    state = position([{"pink": 1}, {"blue": 1}, {"green": 1}, {"orange": 2}], leader=A, options=options)
    state, _ = act(state, "pink:1")  # A out (1st); B and C cannot beat it (forced passes)
    state, _ = act(state, "pass")  # D passes: lead passes to B
    state, _ = act(state, "blue:1")  # B out (2nd); C cannot beat it, D could
    state, _ = act(state, "pass")  # lead passes to C
    state, _ = act(state, "green:1")  # C out (3rd): only D holds cards
    assert state.over
    assert state.history[0].out == (A, B, C) and state.history[0].points == (2, 1, 0, -1)


# --- two players -------------------------------------------------------------------------------
def test_two_players_first_to_three_season_wins() -> None:
    state = position([{"pink": 1}, {"blue": 4}], leader=A)
    state, events = act(state, "pink:1")
    assert state.season_wins == [1, 0] and state.scores == [0, 0] and state.history[0].points == (0, 0)
    assert "maskmen-duel-season" in keys(events) and "maskmen-season-score" not in keys(events)
    assert state.turn == B  # the loser leads the next season
    state.season_wins = [2, 2]
    state.hands = [{c: 0 for c in COLOURS}, {c: 0 for c in COLOURS}]  # type: ignore[misc]
    state.hands[A]["pink"], state.hands[B]["blue"] = 2, 1
    state.set_aside = {c: 10 for c in COLOURS}  # type: ignore[misc]
    state.set_aside["pink"], state.set_aside["blue"] = 8, 9
    flow.set_turn(state, B, lead=True)
    state, events = act(state, "blue:1")
    assert state.over and state.season_wins == [2, 3]
    assert keys(events)[-4:] == ["maskmen-standings", "maskmen-standings-row", "maskmen-standings-row",
                                 "maskmen-game-end"]
    assert [e.params["player"] for e in events[-3:-1]] == [{"seat": B}, {"seat": A}]  # most seasons first
    results = ENGINE.results(state)
    assert results is not None and results.scores == [2, 3] and results.winners == [B]


def test_two_players_ignore_the_seasons_rule() -> None:
    state = position([{"pink": 1}, {"blue": 4}], leader=A, options={"seasons": 1})
    state, _ = act(state, "pink:1")
    assert not state.over and state.season == 2


# --- end of game ---------------------------------------------------------------------------------
def test_tie_breakers() -> None:
    state, _ = ENGINE.setup(3, None, 1)
    state.scores, state.twos = [3, 3, 1], [1, 2, 0]
    assert flow.winners(state) == [B]
    assert flow.places(state) == [2, 1, 3], "the final table's places follow the same tie-break"
    state.twos = [2, 2, 0]
    assert flow.winners(state) == [A, B]
    assert flow.places(state) == [1, 1, 3], "equal points and +2 scores share a place"
    assert ENGINE.results(state) is None  # not over yet


def test_seasons_rule_ends_the_game() -> None:
    state = position([{"pink": 1}, {"blue": 4}, {"green": 3}], leader=A, options={"seasons": 1})
    state, events = act(state, "pink:1")
    assert state.over and state.prompts == [] and state.turn is None
    assert keys(events)[-1] == "maskmen-game-end" and events[-1].params["winners"] == [{"seat": A}]


# --- set-up and options ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size", "aside"), [(2, 15, 30), (3, 15, 15), (4, 15, 0), (5, 12, 0), (6, 10, 0)])
def test_deal(players: int, size: int, aside: int) -> None:
    state, events = ENGINE.setup(players, None, 7)
    assert [sum(h.values()) for h in state.hands] == [size] * players
    assert sum(state.set_aside.values()) == aside
    for colour in COLOURS:
        assert sum(h[colour] for h in state.hands) + state.set_aside[colour] == 10
    assert keys(events) == ["maskmen-season-start", *["maskmen-hand"] * players]
    assert [e.to for e in events[1:]] == [[s] for s in range(players)]
    assert state.turn == state.leader == state.season_leader
    again, _ = ENGINE.setup(players, None, 7)
    assert again == state


def test_first_leader_is_drawn() -> None:
    leaders = {ENGINE.setup(4, None, seed)[0].turn for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_options_and_player_counts() -> None:
    for bad in ({"seasons": 0}, {"seasons": 21}, {"season_end": "never"}, {"turn_seconds": 1}, {"colour": 1}):
        with pytest.raises(IllegalAction) as raised:
            ENGINE.setup(3, bad, 1)
        assert raised.value.refusal.key == "error-bad-option"
    assert ENGINE.check_players(1) is not None and ENGINE.check_players(7) is not None
    assert all(ENGINE.check_players(n) is None for n in range(2, 7))
    state, _ = ENGINE.setup(3, {"turn_seconds": 90}, 1)
    assert ENGINE.deadline_seconds(state, "turn") == 90
    assert ENGINE.rules_key() == "maskmen-rules"


# --- default and bot actions ------------------------------------------------------------------
def test_default_action() -> None:
    state = position([{"pink": 2, "green": 3, "orange": 3}, {"blue": 2}, {"grey": 2}], leader=A)
    assert ENGINE.default_action(state, state.prompts[0]).value == "green:1"  # most held, first in order
    state, _ = act(state, "green:1")
    assert ENGINE.default_action(state, state.prompts[0]).value == "pass"


def test_bot_goes_out_when_it_can_and_sheds_three() -> None:
    rng = random.Random(0)
    state = position([{"pink": 3, "blue": 3}, {"blue": 2}, {"grey": 2}], leader=A)
    state = with_debuted(state, "pink", "blue")
    assert ENGINE.bot_action(state, state.prompts[0], rng).value in {"pink:3", "blue:3"}
    state = position([{"pink": 2}, {"blue": 2}, {"grey": 2, "green": 3}], leader=A)
    state, _ = act(state, "pink:1")
    assert ENGINE.bot_action(state, state.prompts[0], rng).value == "blue:2"  # empties the hand
    state, _ = act(state, "pass")
    # C: the bot answers 1 Pink with as many cards as allowed (2), keeping nothing back.
    assert ENGINE.bot_action(state, state.prompts[0], rng).value in {"grey:2", "green:2"}


def test_bot_keeps_a_proven_strong_colour() -> None:
    state = position([{"pink": 1, "grey": 5}, {"purple": 4, "pink": 3}, {"grey": 2}], leader=A)
    state.beats = [("purple", c) for c in ("pink", "blue", "green", "grey")]  # type: ignore[misc]
    state = with_debuted(state, "purple", "pink", "blue", "green", "grey")
    state, _ = act(state, "pink:1")
    # B could spend 1 Purple (proven to beat four colours) on a single Pink: the easy bot passes.
    # (The normal bot spends it here, C being down to two cards: see test_bot_normal.py.)
    assert ENGINE.bot_action(state, state.prompts[0], random.Random(1), level="easy").value == "pass"


# --- views -------------------------------------------------------------------------------------
def test_views() -> None:
    state = position([{"pink": 2}, {"blue": 3}, {"grey": 3}], leader=A)
    public = ENGINE.view(state, None)
    assert "hand" not in public and "hands" not in public and "set_aside" not in public
    assert public["hand_sizes"] == [2, 3, 3] and public["turn"] == A and public["ring"] is None
    mine = ENGINE.view(state, A)
    assert mine["hand"]["pink"] == 2 and mine["legal"] == ["pink:1"]
    assert ENGINE.view(state, B)["legal"] == []
    gm = ENGINE.view(state, "gm")
    assert gm["hands"][1]["blue"] == 3 and sum(gm["set_aside"].values()) == 52
    state, _ = act(state, "pink:1")
    state, _ = act(state, "blue:2")
    public = ENGINE.view(state, None)
    assert public["ring"] == {"colour": "blue", "count": 2, "seat": B}
    assert public["order"]["beats"] == [["blue", "pink"]] and public["order"]["debuted"] == ["pink", "blue"]
    assert public["ring_cards"]["pink"] == 1 and public["ring_cards"]["blue"] == 2
