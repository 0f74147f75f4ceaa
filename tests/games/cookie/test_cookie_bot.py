"""The deduction aid against brute force, and the bot player's policy."""

from __future__ import annotations

import itertools
import random
import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cookie import ENGINE, rules
from games.cookie.deduction import possible_roles
from games.cookie.state import CookieState
from games.core.rng import derived
from tests.depth import examples

from .helpers import play_out


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, list[str], int, list[list[str]]]:
    """A table size, a deal, a viewer and revealed cards consistent with the deal (nobody ever
    reveals their own character: it is not in their hand)."""
    players = draw(st.sampled_from([4, 5, 6]))
    roles = draw(st.permutations(list(rules.chain(players))))
    viewer = draw(st.integers(0, players - 1))
    revealed = [
        draw(st.lists(st.sampled_from([c for c in rules.personal_set(players) if c != roles[p]]), unique=True))
        for p in range(players)
    ]
    return players, list(roles), viewer, revealed


@settings(max_examples=examples(300), deadline=None)
@given(tables())
def test_the_aid_is_exactly_what_all_consistent_deals_allow(table: tuple[int, list[str], int, list[list[str]]]) -> None:
    players, roles, viewer, revealed = table
    aid = possible_roles(players, viewer, roles[viewer], revealed)
    others = [p for p in range(players) if p != viewer]
    rest = [r for r in rules.chain(players) if r != roles[viewer]]
    seen: dict[int, set[str]] = {p: set() for p in others}
    for deal in itertools.permutations(rest):
        if all(role not in revealed[p] for p, role in zip(others, deal, strict=True)):
            for p, role in zip(others, deal, strict=True):
                seen[p].add(role)
    assert aid[viewer] == [roles[viewer]]
    for p in others:
        assert set(aid[p]) == seen[p]
        assert roles[p] in aid[p], "the truth is always possible"
        assert roles[viewer] not in aid[p]


def disguised(state: CookieState, keep: int, seed: int) -> CookieState:
    """The same table with the other players' roles, hands and pending choices shuffled."""
    rng = random.Random(seed)
    alt = state.model_copy(deep=True)
    others = [p for p in range(state.players) if p != keep]
    roles = [state.roles[p] for p in others]
    rng.shuffle(roles)
    for player, role in zip(others, roles, strict=True):
        alt.roles[player] = role
        alt.hands[player] = [c for c in rules.starting_hand(role, state.players) if c not in state.revealed[player]]
        if alt.pending[player] is not None:
            alt.pending[player] = rng.choice(alt.hands[player])
    return alt


def test_the_bot_uses_only_its_own_seats_knowledge() -> None:
    checked = 0
    for players in (4, 5, 6):
        state, _ = ENGINE.setup(players, None, seed=players)
        for before, prompt, _action, _after, _events in play_out(state):
            if before.step % 3:
                continue
            alt = disguised(before, prompt.seat, before.step)
            mine = ENGINE.bot_action(before, prompt, derived(1, before.step))
            theirs = ENGINE.bot_action(alt, alt.prompt(prompt.id), derived(1, before.step))
            assert mine == theirs
            checked += 1
    assert checked > 100


def play_bots_against_random(players: int, games: int) -> tuple[list[int], list[int]]:
    """Even seats are bot players, odd seats answer with the deadline default (random)."""
    bots, randoms = [], []
    for seed in range(games):
        state, _ = ENGINE.setup(players, None, seed)
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            if prompt.seat % 2 == 0:
                action = ENGINE.bot_action(state, prompt, derived(seed, "bot", state.step))
            else:
                action = ENGINE.default_action(state, prompt)
            state, _ = ENGINE.apply(state, prompt.seat, action)
        bots += state.coins[0::2]
        randoms += state.coins[1::2]
    return bots, randoms


def test_bots_play_sensibly_and_beat_random_play() -> None:
    for players in (4, 5, 6):
        bots, randoms = play_bots_against_random(players, games=12)
        assert statistics.mean(bots) > 2 * statistics.mean(randoms), (players, bots, randoms)


def test_bots_keep_the_hill_and_aim_at_possible_targets() -> None:
    for players in (4, 5):
        state, _ = ENGINE.setup(players, None, seed=31)
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            action = ENGINE.bot_action(state, prompt, derived(31, state.step))
            if prompt.deadline == "place":
                card = state.revealed[prompt.seat][-1]
                role = state.roles[prompt.seat]
                wanted = rules.target_of(role, players) if card == "sword" else rules.hunter_of(role, players)
                aid = possible_roles(players, prompt.seat, role, state.revealed)
                legal = [int(o.value) for o in prompt.options if o.disabled is None]
                if any(wanted in aid[p] for p in legal):
                    assert wanted in aid[int(action.value)]
            state, _ = ENGINE.apply(state, prompt.seat, action)
        assert all(points == 1 for record in state.history for points in record.hill)
