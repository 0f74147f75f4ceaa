"""Our betting against PokerKit on the same random action sequences (see pokerkit_oracle.py for
exactly what is compared, how seats and rounds are mapped, and what is not compared and why)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.depth import count, examples
from tests.games.sword_of_lies.pokerkit_oracle import Oracle, choose, play_hand

CHUNKS = count(10)
"""Chunks of seeded hands: 10 in a deep run, 3 by default (tests/depth.py)."""
HANDS_PER_CHUNK = 200


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_pokerkit_agrees_on_seeded_random_hands(chunk: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(chunk * HANDS_PER_CHUNK, (chunk + 1) * HANDS_PER_CHUNK):
        try:
            oracle = play_hand(seed)
        except AssertionError as error:
            raise AssertionError(f"hand seed {seed}: {error}") from error
        seen.update(oracle.compared)
    for what in ("pots", "to act", "can raise", "round end", "final stacks"):
        assert seen[what] > 0, f"{what} was never compared"
    for limit in ("no_limit", "pot_limit", "fixed_limit"):
        assert seen[f"raise range {limit}"] > 0


@settings(max_examples=examples(120), deadline=None)
@given(
    stacks=st.lists(st.integers(1, 2000), min_size=2, max_size=8),
    limit=st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]),
    big_blind=st.integers(1, 60),
    small_ratio=st.sampled_from([0.0, 0.5, 1.0]),
    ante=st.sampled_from([0, 0, 1, 5, 25]),
    rounds_total=st.integers(2, 9),
    seed=st.integers(0, 2**32),
)
def test_pokerkit_agrees_on_hypothesis_tables(
    stacks: list[int],
    limit: str,
    big_blind: int,
    small_ratio: float,
    ante: int,
    rounds_total: int,
    seed: int,
) -> None:
    rng = random.Random(seed)
    oracle = Oracle.begin(
        stacks=stacks,
        limit=limit,  # type: ignore[arg-type]
        big_blind=big_blind,
        small_blind=int(big_blind * small_ratio),
        ante=ante,
        rounds_total=rounds_total,
        deck_seed=seed,
    )
    steps = 0
    while not oracle.done:
        oracle.play(*choose(rng, oracle.allowed()))
        steps += 1
        assert steps < 1000
    oracle.finish()


def test_a_known_hand_side_pots_match_pokerkit() -> None:
    """Three all-ins of different sizes, compared step by step with PokerKit."""
    oracle = Oracle.begin(
        stacks=[1000, 100, 300, 600],
        limit="no_limit",
        big_blind=20,
        small_blind=10,
        ante=0,
        rounds_total=3,
        deck_seed=7,
    )
    oracle.play("check")
    oracle.play("all_in")
    oracle.play("all_in")
    oracle.play("all_in")
    oracle.play("call")
    assert oracle.done
    assert oracle.pk_pots() == oracle.our_pots() == [(400, [0, 1, 2, 3]), (600, [0, 2, 3]), (600, [0, 3])]
    oracle.finish()
    assert oracle.compared.get("final stacks", 0) + oracle.compared.get("final stacks (split pot: totals)", 0) == 1
