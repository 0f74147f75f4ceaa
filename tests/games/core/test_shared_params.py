"""A prompt's parameters that name a term or a seat are one shared, frozen object (issue 41: memory per live game).

A Mafia order sheet names every card of the hand, the order's lines and the phase as `{"term": key}`: some 130
small dicts in a 10-player game's prompts, made anew by every state read back or copied. Now every prompt of
every game shares one object per term; what a player sees and what is saved do not change."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.core import Prompt
from games.core.rng import derived
from games.core.shared_params import SharedParam

SAVED_BEFORE = Path(__file__).parent / "saved" / "mafia-night-1.json"
"""A 10-player Mafia game at Night 1 (seed 41, the draft played by bot players) as the code before shared
parameters saved it."""


def mafia() -> Any:
    return registry.spec("mafia").engine


def terms_in(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        if set(value) == {"term"}:
            return [value]
        return [found for inner in value.values() for found in terms_in(inner)]
    if isinstance(value, list):
        return [found for inner in value for found in terms_in(inner)]
    return []


def hand_terms(state: Any) -> list[dict[str, Any]]:
    return [found for p in state.prompts if p.key == "mafia-sheet" for found in terms_in(p.params["hand"])]


def test_every_prompt_of_every_game_shares_one_object_per_term() -> None:
    saved = SAVED_BEFORE.read_text()
    one, other = mafia().load(saved), mafia().load(saved)
    named = hand_terms(one) + hand_terms(other)
    assert len(named) >= 40
    by_term: dict[str, set[int]] = {}
    for found in named:
        by_term.setdefault(found["term"], set()).add(id(found))
    assert all(len(objects) == 1 for objects in by_term.values()), by_term
    assert one.prompts[0].params["phase"] is other.prompts[0].params["phase"]


def test_a_step_keeps_the_terms_shared() -> None:
    engine = mafia()
    state = engine.load(SAVED_BEFORE.read_text())
    prompt = next(p for p in state.prompts if not p.answered)
    after, _ = engine.apply(state, prompt.seat, engine.bot_action(state, prompt, derived(41, state.step)))
    still = {found["term"]: found for found in hand_terms(state)}
    assert any(found is still.get(found["term"]) for found in hand_terms(after))
    assert all(found is still[found["term"]] for found in hand_terms(after) if found["term"] in still)


def test_a_game_saved_before_loads_and_saves_the_same() -> None:
    saved = SAVED_BEFORE.read_text()
    state = mafia().load(saved)
    assert mafia().dump(state) == saved
    assert [p.params for p in state.prompts] == [p["params"] for p in json.loads(saved)["prompts"]]


def test_a_shared_term_reads_as_the_dict_it_stands_for_and_cannot_change() -> None:
    prompt = Prompt(id="p", seat=0, ask="one", key="k", deadline="none",
                    params={"cards": [{"term": "mafia-card-rest"}], "who": {"seat": 2}, "lines": {}})
    card = prompt.params["cards"][0]
    assert isinstance(card, SharedParam)
    assert card == {"term": "mafia-card-rest"} and json.dumps(card) == '{"term": "mafia-card-rest"}'
    assert prompt.params["who"] is Prompt(id="q", seat=1, ask="one", key="k", deadline="none",
                                          params={"x": {"seat": 2}}).params["x"]
    with pytest.raises(TypeError):
        card["term"] = "mafia-card-poison"
    with pytest.raises(TypeError):
        prompt.params["lines"]["added"] = 1
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card
    prompt.params["own"] = 1  # the prompt's own parameters dict still changes
    assert prompt.params["own"] == 1


def test_the_callers_own_parameters_are_left_as_they_were() -> None:
    hand = [{"term": "mafia-card-rest"}, {"term": "mafia-card-poison"}]
    Prompt(id="p", seat=0, ask="one", key="k", deadline="none", params={"hand": hand})
    assert all(type(card) is dict for card in hand)
    hand[0]["term"] = "mafia-card-search"  # still the caller's to change


def test_an_option_without_parameters_is_one_object_in_every_prompt_of_every_game() -> None:
    """An order sheet offers "Change the hand", "Change the order", "Done" to every seat: 8 kinds of option offered
    39 times in a 10-player Mafia game's prompts. Each is one frozen object, and a step's copy keeps it."""
    from pydantic import ValidationError

    saved = SAVED_BEFORE.read_text()
    one, other = mafia().load(saved), mafia().load(saved)
    offered = [o for state in (one, other) for p in state.prompts for o in p.options]
    by_kind: dict[tuple[str, str], set[int]] = {}
    for option in offered:
        by_kind.setdefault((option.value, option.label), set()).add(id(option))
    assert len(offered) >= 60 and len(by_kind) <= 10
    assert all(len(objects) == 1 for objects in by_kind.values())
    with pytest.raises(ValidationError):
        offered[0].label = "sheet-done"
    prompt = next(p for p in one.prompts if not p.answered)
    after, _ = mafia().apply(one, prompt.seat, mafia().bot_action(one, prompt, derived(41, one.step)))
    kept = [o for p in after.prompts for o in p.options if (o.value, o.label) in by_kind]
    assert len(kept) >= 20 and all({id(o)} == by_kind[(o.value, o.label)] for o in kept)
    assert copy.deepcopy(offered[0]) is offered[0]
