"""legal_plays and the refusal reasons against rules written independently here."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Action
from games.maskmen import ENGINE
from games.maskmen.cards import COLOURS
from games.maskmen.order import add
from games.maskmen.plays import legal_plays, legal_values, may_pass
from games.maskmen.state import MaskmenState
from tests.depth import examples

from .helpers import assert_order_sound


def oracle(state: MaskmenState, seat: int, colour: str, count: int) -> str | None:
    """The rules page, literally: None when legal, else the reason expected first.

    Priority of reasons: more than 3 cards; not held; (leading) a new colour with 2+ cards;
    (answering) the same colour; a colour known to be weaker; a count other than the one
    required (N for a known-stronger colour, N+1 for an unrelated one)."""
    hand = state.hands[seat]
    if count > 3:
        return "maskmen-error-too-many"
    if hand[colour] < count:
        return "maskmen-error-not-held"
    known = {(s, w) for s, w in state.beats}
    if state.ring is None:
        if colour not in state.debuted and count != 1:
            return "maskmen-error-debut-one"
        return None
    top, n = state.ring.colour, state.ring.count
    if colour == top:
        return "maskmen-error-same-colour"
    if (top, colour) in known:
        return "maskmen-error-weaker"
    if (colour, top) in known:
        return None if count == n else "maskmen-error-wrong-count"
    return None if count == n + 1 else "maskmen-error-wrong-count"


def check_position(state: MaskmenState) -> None:
    seat = state.turn
    assert seat is not None
    prompt = state.prompts[0]
    expected = set()
    for colour in COLOURS:
        for count in range(1, 5):
            reason = oracle(state, seat, colour, count)
            refusal = ENGINE.check(state, seat, Action(prompt=prompt.id, value=f"{colour}:{count}"))
            if reason is None:
                expected.add((colour, count))
                assert refusal is None
            else:
                assert refusal is not None and refusal.key == reason, (colour, count, refusal, reason)
    assert {(p.colour, p.count) for p in legal_plays(state, seat)} == expected
    assert may_pass(state, seat) == (state.ring is not None)
    pass_refusal = ENGINE.check(state, seat, Action(prompt=prompt.id, value="pass"))
    assert (pass_refusal is None) == (state.ring is not None)
    if pass_refusal is not None:
        assert pass_refusal.key == "maskmen-error-must-lead"
    # The prompt offers exactly the legal plays (plus pass when allowed), nothing disabled.
    assert [o.value for o in prompt.options] == legal_values(state, seat)
    assert all(o.disabled is None for o in prompt.options)
    # Nobody else has legal plays now.
    assert all(legal_plays(state, other) == [] for other in range(state.players) if other != seat)


def random_walk(seed: int, players: int, steps: int) -> None:
    chooser = random.Random(seed)
    rule = "last_standing" if seed % 2 else "first_out"
    state, _ = ENGINE.setup(players, {"season_end": rule, "seasons": 2}, seed)
    for _ in range(steps):
        if state.over:
            break
        check_position(state)
        assert_order_sound(state)
        prompt = state.prompts[0]
        value = chooser.choice(prompt.options).value
        state, _ = ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=value))


def test_legal_plays_match_oracle_on_random_walks() -> None:
    for seed in range(30):
        random_walk(seed, players=2 + seed % 5, steps=120)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), steps=st.integers(1, 150))
def test_legal_plays_match_oracle_property(seed: int, players: int, steps: int) -> None:
    random_walk(seed, players, steps)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(COLOURS), st.sampled_from(COLOURS)), max_size=30))
def test_order_stays_closed_and_acyclic(proposals: list[tuple[str, str]]) -> None:
    """Adding only relations between unrelated colours (as play does) keeps a closed DAG."""
    import networkx as nx

    pairs: list = []
    for stronger, weaker in proposals:
        if stronger == weaker or (stronger, weaker) in pairs or (weaker, stronger) in pairs:
            continue
        pairs = add(pairs, stronger, weaker)  # type: ignore[arg-type]
        graph = nx.DiGraph(pairs)
        assert nx.is_directed_acyclic_graph(graph)
        assert set(nx.transitive_closure(graph, reflexive=False).edges) == set(pairs)
