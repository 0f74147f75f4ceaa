"""Shared helpers: hand-built positions, acting by value, and invariant checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import networkx as nx

from games.core import Action, Event
from games.maskmen import ENGINE, flow
from games.maskmen.cards import CARDS_PER_COLOUR, COLOURS
from games.maskmen.state import MaskmenState


def full(counts: Mapping[str, int]) -> dict[str, int]:
    return {colour: counts.get(colour, 0) for colour in COLOURS}


def position(
    hands: list[Mapping[str, int]],
    leader: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> MaskmenState:
    """A fresh season with the given hands (the rest set aside) and `leader` to lead."""
    state, _ = ENGINE.setup(len(hands), options, seed)
    state.hands = [full(hand) for hand in hands]  # type: ignore[misc]
    state.set_aside = {  # type: ignore[assignment]
        colour: CARDS_PER_COLOUR - sum(hand[colour] for hand in state.hands) for colour in COLOURS
    }
    assert all(count >= 0 for count in state.set_aside.values())
    state.season_leader = leader
    flow.set_turn(state, leader, lead=True)
    return state


def act(state: MaskmenState, value: str) -> tuple[MaskmenState, list[Event]]:
    """The player whose turn it is answers their prompt with `value`."""
    assert state.turn is not None and len(state.prompts) == 1
    prompt = state.prompts[0]
    assert prompt.seat == state.turn
    return ENGINE.apply(state, prompt.seat, Action(prompt=prompt.id, value=value))


def closure_pairs(state: MaskmenState) -> set[tuple[str, str]]:
    return {tuple(pair) for pair in state.beats}  # type: ignore[misc]


def assert_order_sound(state: MaskmenState) -> None:
    """networkx as the oracle: the stored order is a DAG and equals its own transitive closure."""
    graph = nx.DiGraph()
    graph.add_nodes_from(COLOURS)
    graph.add_edges_from(state.beats)
    assert nx.is_directed_acyclic_graph(graph)
    closed = nx.transitive_closure(graph, reflexive=False)
    assert set(closed.edges) == closure_pairs(state)
    assert set(c for pair in state.beats for c in pair) <= set(state.debuted)


def assert_cards_conserved(state: MaskmenState) -> None:
    for colour in COLOURS:
        held = sum(hand[colour] for hand in state.hands)
        assert held + state.ring_cards[colour] + state.cleared[colour] + state.set_aside[colour] == CARDS_PER_COLOUR
        assert min(held, state.ring_cards[colour], state.cleared[colour], state.set_aside[colour]) >= 0


SECRET_KEYS = {"hand", "hands", "set_aside", *COLOURS}
PUBLIC_PILES = {"ring_cards", "cleared"}
"""Per-colour counts that are public: the cards played in this trick and those cleared."""


def secret_keys_in(data: Any) -> set[str]:
    """Keys anywhere in `data` that would carry a hand (per-colour counts) or the set-aside
    cards; the public piles of played cards are the only colour-keyed data allowed."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in PUBLIC_PILES:
                continue
            if key in SECRET_KEYS:
                found.add(key)
            found |= secret_keys_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= secret_keys_in(value)
    return found
