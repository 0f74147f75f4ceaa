"""Bot players on the Night and Day order sheets (games.mafia.bot, games.mafia.bot_orders).

Bots only ever give legal answers (the engine refuses anything else, so a whole phase played by
bots is the proof), every seat's sheet ends exactly at its plan, the mafia agrees on one victim
outside itself, no bot aims at itself, and whole games of bots end. The last test prints how often
law wins (no assertion on the rate: it is a measure for tuning the policy).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache

import pytest

from games.core.orders import DONE, FINISH, PLAN
from games.mafia import ENGINE, sheet
from games.mafia.bot_orders import immediate, plan, victim
from games.mafia.order import Order
from games.mafia.state import MafiaState
from tests.depth import seeds
from tests.games.mafia.helpers import bots, run, start

SIZES = (10, 11, 12)
SEEDS = seeds(6)
"""Games per table size: 6 in a deep run, 2 by default (tests/depth.py)."""
PROMPTS_PER_SEAT = 12
"""More prompts than any seat's plan needs in one phase: the bot would be looping."""
PHASE_LIMIT = 80
"""Phases after which a game of bots is taken as endless."""


def night_one(players: int, seed: int) -> MafiaState:
    state, _ = start(players, seed=seed)
    return run(state, bots(seed), until=lambda s: s.phase == "night")


def play_phase(state: MafiaState, seed: int) -> tuple[MafiaState, dict[int, dict[str, list[str]]]]:
    """Play the current phase with bots. When a seat presses Done its sheet must be its plan; the
    engine refuses any illegal answer; no seat may need more than PROMPTS_PER_SEAT prompts."""
    rng = random.Random(seed)
    index = state.phase_index
    plans: dict[int, dict[str, list[str]]] = {}
    asked: Counter[int] = Counter()
    while not state.over and state.phase_index == index:
        prompt = next(p for p in state.prompts if not p.answered)
        action = ENGINE.bot_action(state, prompt, rng)
        asked[prompt.seat] += 1
        assert asked[prompt.seat] <= PROMPTS_PER_SEAT, f"seat {prompt.seat} loops on its sheet"
        if isinstance(action.value, str) and action.value.startswith(PLAN):
            # the whole order in one answer, once the immediate actions are done: exactly the plan
            planned = plan(state, prompt.seat)
            assert json.loads(action.value.removeprefix(PLAN)) == planned
            assert immediate(state, prompt.seat, rng) is None
            plans[prompt.seat] = planned
        assert action.value not in (DONE, FINISH)
        state, _ = ENGINE.apply(state, prompt.seat, action)
    return state, plans


@cache
def phases(players: int, seed: int) -> tuple[MafiaState, MafiaState]:
    """The states at the start of Night 1 and of Day 1 (bots all along)."""
    night = night_one(players, seed)
    day, _ = play_phase(night, seed)
    return night, day


CASES = [(players, seed) for players in SIZES for seed in SEEDS]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_night_one_and_day_one_plans_are_legal_and_reached(players: int, seed: int) -> None:
    night, day = phases(players, seed)
    assert night.phase == "night" and night.number == 1
    if day.over:
        return
    assert day.phase == "day" and day.number == 1
    after, plans = play_phase(day, seed)
    assert after.over or after.phase == "night"
    assert set(plans) == set(day.living())


def planned_orders(state: MafiaState) -> dict[int, Order]:
    """Each living seat's plan read back as the `Order` resolution would receive."""
    orders: dict[int, Order] = {}
    for me in state.living():
        trial = state.model_copy(deep=True)
        trial.sheets[me].parts.update(plan(state, me))
        for name, answers in trial.sheets[me].parts.items():
            part = sheet.form(trial).parts[name]
            if not part.immediate:
                assert sheet.form(trial).valid(trial, trial.sheets[me], name, answers), (me, name, answers)
        orders[me] = sheet.order_of(trial, me)
    return orders


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_no_bot_aims_at_itself(players: int, seed: int) -> None:
    for state in phases(players, seed):
        if state.over:
            continue
        for me, order in planned_orders(state).items():
            aims = [order.kill, order.veche, order.artifact_to, order.check]
            for play in (order.hand, order.sleeve):
                if play is not None:
                    aims.append(play.target)
            assert me not in aims, (me, order)


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_mafia_agrees_on_one_victim_outside_itself(players: int, seed: int) -> None:
    night, _ = phases(players, seed)
    mafia = [n for n in night.mafia_seats() if night.seats[n].alive]
    kills = {tuple(plan(night, n).get("kill", [])) for n in mafia}
    assert kills == {(str(victim(night)),)}
    target = int(next(iter(kills))[0])
    assert not night.seats[target].mafia and night.seats[target].alive


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_mafia_never_votes_for_its_own_at_the_veche(players: int, seed: int) -> None:
    _, day = phases(players, seed)
    if day.over:
        return
    for n in day.mafia_seats():
        if day.seats[n].alive:
            vote = plan(day, n).get("veche")
            assert vote is not None and not day.seats[int(vote[0])].mafia


def test_plans_are_stable_over_the_prompts_of_a_phase() -> None:
    night, _ = phases(10, 0)
    for me in night.living():
        assert plan(night, me, random.Random(1)) == plan(night, me, random.Random(2))


def play_game(players: int, seed: int) -> MafiaState:
    state = night_one(players, seed)
    policy = bots(seed)
    return run(state, policy, until=lambda s: s.over or s.phase_index > PHASE_LIMIT)


@pytest.mark.parametrize("players", SIZES)
def test_whole_games_of_bots_end(players: int) -> None:
    for seed in range(2):
        state = play_game(players, seed)
        assert state.over, f"{players} players, seed {seed}: still going at phase {state.phase_index}"
        assert state.winner in ("law", "mafia", "draw")
        assert ENGINE.results(state) is not None
