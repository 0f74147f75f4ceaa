"""What each viewer may know: nothing secret in public views or events; state round-trips; the
summary and the picture's Scene come from public data."""

from __future__ import annotations

import random
from functools import partial

from bot.i18n import t
from games.castle import ENGINE
from games.castle.picture import text_form
from games.castle.scene import build_scene
from games.castle.state import CastleState
from games.core import GM
from tests.games.castle.helpers import act, new_game, orders, position


def play(seed: int, players: int, steps: int) -> tuple[CastleState, list]:
    state, events = ENGINE.setup(players, None, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        prompt = next(p for p in state.prompts if not p.answered)
        before = state.model_dump_json()
        state2, new = ENGINE.apply(state, prompt.seat, ENGINE.bot_action(state, prompt, rng))
        assert state.model_dump_json() == before, "apply never mutates its input"
        state = state2
        events += new
        assert CastleState.model_validate_json(state.model_dump_json()) == state
    return state, events


def test_public_view_shows_hand_sizes_never_hands() -> None:
    state = position(new_game(3, seed=2), hands={0: ["devil", "passage"]})
    public = ENGINE.view(state, None)
    assert public["players"][0]["hand_size"] == 2
    assert "hand" not in public and "hands" not in public
    assert "'devil'" not in str(public) and "'passage'" not in str(public)
    mine = ENGINE.view(state, 0)
    assert mine["hand"] == ["devil", "passage"] and mine["order"] == {"card": ["none", "draw"], "move": ["stay"]}
    assert "hands" in ENGINE.view(state, GM)


def test_no_public_event_names_a_hand_card_before_it_is_played() -> None:
    for seed in range(6):
        _, events = play(seed, 3 + seed % 2, 250)
        for event in events:
            if event.to is None:
                text = str(event.params)
                # action cards appear in public only as played cards (reveal, lost, resolution)
                if "castle-card-" in text:
                    assert event.key in {"castle-reveal", "castle-card-lost"}, event


def test_orders_and_skirmish_choices_are_not_in_the_public_view_before_the_reveal() -> None:
    state = position(new_game(3, seed=2), halls={1: "C", 0: "C"})
    state, _ = act(state, 0, "~edit:move")
    state, _ = act(state, 0, "A1")
    public = ENGINE.view(state, None)
    assert "order" not in public and "A1" not in str(public["players"])
    assert ENGINE.view(state, 0)["order"]["move"] == ["A1"]
    state, _ = orders(position(new_game(3, seed=2), halls={0: "C", 1: "C"}))
    assert state.stage == "skirmish"
    state, _ = act(state, 0, "1")
    assert ENGINE.view(state, None)["skirmish_cards"] == {}
    assert ENGINE.view(state, 0)["skirmish_choice"] == 1


def test_summary_public_lines_and_a_private_aid() -> None:
    state = new_game(3, seed=2)
    public = ENGINE.summary(state, None)
    assert all(e.to is None for e in public)
    aid = ENGINE.summary(state, 1)
    assert aid[-1].key == "castle-status-hand" and aid[-1].to == [1]


def test_the_scene_comes_from_the_public_view() -> None:
    state, _ = play(4, 4, 120)
    view = ENGINE.view(state, None)
    scene = build_scene(view, ["Аня", "Борис", "Вера", "Глеб"], partial(t, "ru"))
    assert scene.positions == {p["seat"]: p["hall"] for p in view["players"]}
    assert scene.title.startswith("Заброшенный Замок Междумирья — раунд")
    assert "Аня" in text_form(scene)


def test_full_games_end_and_every_default_is_legal() -> None:
    for seed in range(3):
        state, _ = ENGINE.setup(3 + seed % 2, {"max_rounds": 6}, seed=seed)
        while not state.over:
            prompt = next(p for p in state.prompts if not p.answered)
            action = ENGINE.default_action(state, prompt)
            assert ENGINE.check(state, prompt.seat, action) is None
            state, _ = ENGINE.apply(state, prompt.seat, action)
        assert state.round == 6 and ENGINE.results(state) is not None
