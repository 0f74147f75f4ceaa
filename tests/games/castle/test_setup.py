"""Set-up, house rules, the decks as data, and the registry entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.castle import ENGINE
from games.castle.cards import DeckError, load_decks
from games.core import IllegalAction
from games.registry import engine


def test_set_up_as_the_page_says() -> None:
    state, events = ENGINE.setup(4, None, seed=12)
    assert state.board == "castle-4" and state.round == 1
    assert all(len(p.hand) == 2 and len(p.row) == 2 for p in state.table)
    assert [p.shrine for p in state.table] == [0, 1, 2, 3] or state.event_kind() == "gambling"
    assert sum(state.floor.values()) == 1
    assert 0 <= state.first_player < 4
    assert [e.key for e in events][:2] == ["castle-start", "castle-your-hand"]
    assert [e.to for e in events if e.key == "castle-your-hand"] == [[0], [1], [2], [3]]
    assert sorted(p.seat for p in state.prompts) == [0, 1, 2, 3] and state.stage == "orders"
    assert len(state.action_kinds) == 18 and len(state.skirmish_kinds) == 18 and len(state.event_kinds) == 10


def test_the_first_player_is_random_and_passes_on_each_round() -> None:
    firsts = {ENGINE.setup(3, None, seed=s)[0].first_player for s in range(20)}
    assert firsts == {0, 1, 2}
    from tests.games.castle.helpers import new_game, orders

    state = new_game(3, seed=3)
    first = state.first_player
    state, _ = orders(state)
    assert state.first_player == (first + 1) % 3


def test_player_counts_and_house_rules_are_bounded() -> None:
    assert ENGINE.check_players(2) is not None and ENGINE.check_players(5) is not None
    with pytest.raises(IllegalAction):
        ENGINE.parse_options({"artifacts_to_win": 0})
    with pytest.raises(IllegalAction):
        ENGINE.parse_options({"board": "../secret"})
    with pytest.raises(IllegalAction):
        ENGINE.parse_options({"orders_seconds": 1})
    options = ENGINE.parse_options({"board": "castle-4", "max_rounds": 5})
    state, _ = ENGINE.setup(3, options, seed=1)
    assert state.board == "castle-4" and len(state.the_board().shrines) == 4
    assert ENGINE.deadline_seconds(state, "orders") == 180
    for kind in ("skirmish", "choice", "ahaha", "peek"):
        assert ENGINE.deadline_seconds(state, kind) >= 10


def test_the_registry_knows_castle() -> None:
    assert engine("castle") is ENGINE
    assert ENGINE.rules_key() == "castle-rules"


def test_the_decks_are_data(tmp_path: Path) -> None:
    decks = load_decks()
    assert decks.cards("action").count("second_wind") == 4 and len(decks.cards("event")) == 10
    assert decks.skirmish_kinds["robbery"].type == "push" and decks.skirmish_kinds["robbery"].base == 2


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        ({"action": {"devil": 3, "fireball": 1}}, "unknown action card kind 'fireball'"),
        ({"event": {"webs": -1}}, "negative count"),
        ({"skirmish": {"eject": {"count": 1, "type": "kick", "base": 1}}}, "type 'kick'"),
        ({"extra": {}}, "unknown section"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_the_file(tmp_path: Path, change: dict, fault: str) -> None:
    raw = json.loads(Path("data/castle/decks.json").read_text(encoding="utf-8"))
    for section, value in change.items():
        if section in raw and isinstance(raw[section], dict):
            raw[section] = {**raw[section], **value}
        else:
            raw[section] = value
    path = tmp_path / "my-decks.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(DeckError, match=r"my-decks\.json") as error:
        load_decks(path)
    assert fault in str(error.value)


def test_a_board_with_too_few_shrines_is_refused_at_set_up() -> None:
    with pytest.raises(IllegalAction) as error:
        ENGINE.setup(4, {"board": "castle-3"}, seed=1)
    assert error.value.refusal.key == "error-bad-option" and "castle-3" in error.value.refusal.params["reason"]
