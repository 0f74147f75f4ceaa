"""Seeded random full games (bots and deadline defaults, 3–8 players, random house rules).

Every game ends; every action taken was legal; chips are conserved at every step; no public
event, public prompt or public view shows a card face before its reveal, a war order before its
resolution or a pending trade offer; the state round-trips through JSON at every step; replaying
the actions from the seed, with a save → load in the middle, gives the same game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.core import Action, Event, Prompt
from games.core.rng import derived
from games.sword_of_lies import ENGINE
from games.sword_of_lies.options import Options
from games.sword_of_lies.state import SolState
from tests.depth import count

CHUNK = 25
GAMES = count(300, least=CHUNK)
"""300 games in a deep run, 75 by default: chunks of 25 (each sees both ways a game ends)."""
PRIVATE_EVENTS = {"sol-event-your-cards", "sol-event-trade-offered", "sol-event-trade-received", "sol-event-order-in"}
SECRET_VIEW_KEYS = ('"orders"', '"order"', '"draft"', '"reveal_choices"', '"deck"', '"prompts"')
CARD_ID = re.compile(r'"card_id": ?(\d+)')


def random_options(seed: int) -> tuple[int, dict[str, Any], float]:
    rng = derived(seed, "options")
    players = rng.randint(3, 8)
    min_buy_in = rng.choice([40, 200, 1000])
    big_blind = rng.choice([2, 20, 50])
    options: dict[str, Any] = {
        "hand_size": rng.choice([2, 2, 3, 4, 4, 5, 6, 8]),
        "min_buy_in": min_buy_in,
        "ante": rng.choice([0, 0, 1, 5]),
        "big_blind": big_blind,
        "small_blind": rng.randint(0, big_blind),
        "betting": rng.choice(["no_limit", "pot_limit", "fixed_limit"]),
        "rake_percent": rng.choice([0, 0, 5, 10]),
        "rake_cap": rng.choice([0, 5, 100]),
        "reveal_mode": rng.choice(["sequential", "simultaneous"]),
        "folded_cards_count": rng.random() < 0.5,
        "sturdy_shields": rng.random() < 0.5,
    }
    if rng.random() < 0.15:
        options["ask_buy_ins"] = True
    elif rng.random() < 0.6:
        options["buy_ins"] = {s: rng.randint(min_buy_in, 3 * min_buy_in) for s in range(players) if rng.random() < 0.6}
    p_default = rng.choice([0.0, 0.05, 0.2, 0.5, 1.0])
    return players, options, p_default


def choose(state: SolState, seed: int, p_default: float) -> tuple[Prompt, Action]:
    """The driver: a pure function of the state, so a reloaded game continues the same way."""
    open_prompts = [p for p in state.prompts if not p.answered]
    assert open_prompts, f"nobody can act in phase {state.phase}"
    rng = derived(seed, "driver", state.step)
    prompt = open_prompts[rng.randrange(len(open_prompts))]
    if rng.random() < p_default:
        return prompt, ENGINE.default_action(state, prompt)
    return prompt, ENGINE.bot_action(state, prompt, derived(seed, "bot", state.step), level=bot_level(seed))


def bot_level(seed: int) -> str:
    """Most games are played by the easy bots (quick, and they fold early: many short games); every
    fourth by the normal ones, which call and bet on to the War (fewer, longer games)."""
    return "normal" if seed % 4 == 3 else "easy"


def shown_cards(state: SolState, shown: set[int]) -> set[int]:
    for player in state.table:
        shown.update(c.card for c in player.cards if c.revealed)
    return shown


def check_public(state: SolState, events: list[Event], shown: set[int]) -> None:
    for event in events:
        if event.public:
            assert event.key not in PRIVATE_EVENTS, event
            text = json.dumps(event.params)
            for card in CARD_ID.findall(text):
                assert int(card) in shown, f"public event shows hidden card {card}: {event}"
    view = json.dumps(ENGINE.view(state, None))
    for card in CARD_ID.findall(view):
        assert int(card) in shown, f"public view shows hidden card {card}"
    for key in SECRET_VIEW_KEYS:
        assert key not in view, f"public view holds {key}"
    for prompt in state.prompts:
        if not prompt.secret:
            for card in CARD_ID.findall(prompt.model_dump_json()):
                assert int(card) in shown, f"public prompt shows hidden card {card}: {prompt}"


def play(seed: int) -> tuple[SolState, list[tuple[int, Action]]]:
    players, options, p_default = random_options(seed)
    state, events = ENGINE.setup(players, options, seed)
    shown = {e.params["card_id"] for e in events if e.key == "sol-event-draw"}
    check_public(state, events, shown_cards(state, shown))
    log: list[tuple[int, Action]] = []
    total = state.total_buy_ins()
    for _ in range(5000):
        if state.over:
            break
        prompt, action = choose(state, seed, p_default)
        assert ENGINE.check(state, prompt.seat, action) is None, (seed, prompt.key, action)
        before = state.model_dump_json()
        state_after, events = ENGINE.apply(state, prompt.seat, action)
        assert state.model_dump_json() == before, "apply changed its input"
        state = state_after
        log.append((prompt.seat, action))
        if state.phase != "buy_in":
            total = total or state.total_buy_ins()
            assert ENGINE.chips(state) == total == state.total_buy_ins(), (seed, state.step)
        shown.update(e.params["card_id"] for e in events if e.key == "sol-event-draw")
        check_public(state, events, shown_cards(state, shown))
        assert ENGINE.load(ENGINE.dump(state)) == state
    else:
        pytest.fail(f"seed {seed}: the game did not end")
    return state, log


def replay(seed: int, log: list[tuple[int, Action]], reload_at: int) -> SolState:
    """Replay the log from the seed up to `reload_at`, save and load, then let the driver go on."""
    players, options, p_default = random_options(seed)
    state, _ = ENGINE.setup(players, options, seed)
    for seat, action in log[:reload_at]:
        state, _ = ENGINE.apply(state, seat, action)
    state = ENGINE.load(ENGINE.dump(state))
    while not state.over:
        prompt, action = choose(state, seed, p_default)
        state, _ = ENGINE.apply(state, prompt.seat, action)
    return state


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games(first: int) -> None:
    endings: set[str] = set()
    for seed in range(first, first + CHUNK):
        state, log = play(seed)
        assert state.over and state.phase == "over"
        results = ENGINE.results(state)
        assert results is not None and results.winners
        assert sum(results.scores) == -state.rake
        assert all(p.stack >= 0 for p in state.table)
        again = replay(seed, log, derived(seed, "reload").randrange(len(log) + 1))
        assert again == state, f"seed {seed}: replay with a reload differs"
        endings.add("war" if state.cycle else "folds" if len(state.remaining()) == 1 else "no war")
    assert {"war", "folds"} <= endings  # both ways to end occur in every chunk


def test_house_rules_are_validated() -> None:
    assert Options().hand_size == 4
    for bad in (
        {"hand_size": 1},
        {"hand_size": 9},
        {"small_blind": 30, "big_blind": 20},
        {"betting": "spread_limit"},
        {"buy_ins": {0: 10}},
        {"rake_percent": 101},
        {"reveal_mode": "random"},
        {"surprise": True},
    ):
        with pytest.raises(Exception) as raised:
            ENGINE.parse_options(bad)
        assert getattr(raised.value, "refusal", None) is not None and raised.value.refusal.key == "error-bad-option"
