"""The collection and the roles as data files: the defaults match the rules page, and every malformed
file is refused at load with a message naming the file and the card (or role)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.mafia.collection import COLLECTION_FILE, CollectionError, load_collection, parse_collection
from games.mafia.roles import ROLES_FILE, load_roles, parse_roles

# The page's table: key, colour, cost, when, target, weight (None = token), effect and its numbers.
PAGE = [
    ("strike", "attack", 0, "night", "other", 3, "damage", {"amount": 2}),
    ("ambush", "attack", 1, "night", "other", 2, "damage", {"amount": 4}),
    ("arson", "attack", 2, "night", "other", 1, "damage", {"amount": 6}),
    ("poison", "attack", 0, "night", "other", 2, "poison", {"now": 1, "later": 2}),
    ("robbery", "attack", 1, "night", "other", 2, "rob", {"cards": 1}),
    ("sabotage", "attack", 1, "night", "other", 2, "sabotage", {}),
    ("knuckles", "attack", 0, "day", "other", 2, "damage", {"amount": 1}),
    ("disarm", "attack", 0, "night", "other", 1, "disarm", {}),
    ("riposte", "attack", 0, "night", "none", 2, "riposte", {"amount": 2}),
    ("bullet", "attack", 0, "any", "other", None, "damage", {"amount": 2}),
    ("vest", "support", 0, "night", "none", 3, "armor", {"amount": 3}),
    ("shield", "support", 0, "night", "other", 3, "armor", {"amount": 3}),
    ("healing", "support", 1, "any", "other", 2, "draw", {"cards": 2}),
    ("shelter", "support", 2, "night", "none", 1, "armor", {"amount": 6}),
    ("rest", "support", 0, "night", "none", 2, "draw", {"cards": 1}),
    ("stockpile", "support", 0, "night", "none", 2, "stockpile", {"cards": 1}),
    ("bodyguard", "support", 1, "night", "other", 1, "bodyguard", {}),
    ("reinforcements", "support", 0, "day", "other", 2, "armor_next_night", {"amount": 2}),
    ("antidote", "support", 0, "any", "other", 1, "antidote", {"armor": 1}),
    ("fat", "support", 0, "any", "none", None, "armor", {"amount": 1}),
    ("question", "information", 0, "night", "other", 3, "hand_colours", {}),
    ("letter", "information", 0, "any", "other", 3, "letter", {}),
    ("surveillance", "information", 1, "night", "other", 2, "surveillance", {}),
    ("search", "information", 1, "night", "other", 2, "search", {}),
    ("dossier", "information", 2, "night", "other", 1, "faction", {}),
    ("eavesdrop", "information", 0, "day", "other", 2, "eavesdrop", {}),
    ("tracker", "information", 0, "night", "other", 2, "tracker", {}),
    ("divination", "information", 0, "any", "none", 2, "divination", {"cards": 3}),
    ("denunciation", "information", 1, "day", "other", 1, "denunciation", {}),
    ("intercept", "information", 1, "night", "other", 1, "intercept", {}),
]


def raw_collection() -> dict[str, Any]:
    return json.loads(COLLECTION_FILE.read_text(encoding="utf-8"))


def raw_roles() -> dict[str, Any]:
    return json.loads(ROLES_FILE.read_text(encoding="utf-8"))


def card(raw: dict[str, Any], key: str) -> dict[str, Any]:
    return next(c for c in raw["cards"] if c["key"] == key)


def test_the_default_collection_is_the_pages_28_cards_and_two_tokens() -> None:
    collection = load_collection()
    assert len(collection.cards) == 30
    assert [c.key for c in collection.cards if c.token] == ["bullet", "fat"]
    for key, colour, cost, when, target, weight, effect, params in PAGE:
        found = collection.card(key)
        assert (found.colour, found.cost, found.when) == (colour, cost, when), key
        assert (found.target, found.weight) == (target, weight), key
        assert (found.effect, found.params) == (effect, params), key
        assert found.token == (weight is None)


def test_tokens_are_never_draftable() -> None:
    keys = {c.key for c in load_collection().draftable()}
    assert "bullet" not in keys and "fat" not in keys and len(keys) == 28


def refusal(raw: dict[str, Any], source: str = "test/collection.json") -> str:
    with pytest.raises(CollectionError) as caught:
        parse_collection(raw, source)
    return str(caught.value)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"effect": {"effect": "teleport"}}, "unknown effect 'teleport'"),
        ({"cost": -1}, "cost must be a whole number of 0 or more"),
        ({"cost": 1.5}, "cost must be a whole number"),
        ({"colour": "magic"}, "unknown colour 'magic'"),
        ({"when": "dawn"}, "unknown when 'dawn'"),
        ({"target": "self"}, "unknown target 'self'"),
        ({"weight": -2}, "draft weight must be a whole number of 0 or more"),
        ({"weight": None}, "draft weight must be a whole number"),
        ({"effect": {"effect": "damage"}}, "effect 'damage' needs 'amount'"),
        ({"effect": {"effect": "damage", "amount": -3}}, "'amount' must be a whole number of 0 or more"),
        ({"effect": {"effect": "damage", "amount": 2, "range": 1}}, "effect 'damage' takes no 'range'"),
        ({"target": "none"}, "effect 'damage' cannot have target 'none'"),
        ({"price": 3}, "unknown field 'price'"),
    ],
)
def test_a_malformed_card_is_refused_naming_the_file_and_the_card(change: dict[str, Any], reason: str) -> None:
    raw = raw_collection()
    card(raw, "strike").update(change)
    message = refusal(raw)
    assert message.startswith("test/collection.json: card 'strike'")
    assert reason in message


def test_a_token_with_a_weight_is_refused() -> None:
    raw = raw_collection()
    card(raw, "bullet")["weight"] = 1
    assert "card 'bullet': a token is never offered in the draft, so it has no weight" in refusal(raw)


def test_a_card_without_a_name_is_refused_by_its_position() -> None:
    raw = raw_collection()
    del raw["cards"][2]["key"]
    assert refusal(raw) == "test/collection.json: card #3 has no key (the card's name)"


def test_a_repeated_card_and_a_colour_that_cannot_be_drafted_are_refused() -> None:
    raw = raw_collection()
    raw["cards"].append(copy.deepcopy(card(raw, "vest")))
    assert "card 'vest' appears twice" in refusal(raw)
    raw = raw_collection()
    for item in raw["cards"]:
        if item["colour"] == "information":
            item["weight"] = 0
    assert "no card of colour 'information' can be offered" in refusal(raw)


def test_an_organiser_rebalances_without_code(tmp_path: Path) -> None:
    raw = raw_collection()
    card(raw, "arson").update({"cost": 3, "weight": 5, "effect": {"effect": "damage", "amount": 8}})
    raw["cards"].append({"key": "big_strike", "colour": "attack", "cost": 1, "when": "night", "target": "other",
                         "weight": 1, "effect": {"effect": "damage", "amount": 3}})
    path = tmp_path / "collection.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    collection = load_collection(path)
    assert collection.card("arson").params == {"amount": 8} and collection.card("arson").weight == 5
    assert collection.card("big_strike").cost == 1


def test_unreadable_files_are_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(CollectionError, match=r"collection file broken\.json: malformed JSON \(.*line 1 column"):
        load_collection(path)
    with pytest.raises(CollectionError, match=r"collection file missing\.json: cannot be read"):
        load_collection(tmp_path / "missing.json")


# --- roles ------------------------------------------------------------------------------------


def test_the_default_roles_are_the_pages_21_public_roles_and_three_mafia_roles() -> None:
    roles = load_roles()
    assert len(roles.public) == 21
    assert roles.opening_hand("alien") == 7
    assert roles.opening_hand("child") == 5
    assert roles.opening_hand("hero") == 6
    assert roles.get("politician").number("vote_weight") == 1.5
    assert roles.get("student").number("colour_chance") == 0.6
    assert roles.get("swindler").number("artifact_pick_chance") == 0.5
    assert roles.get("killer").values == {"colour": "attack", "kill_votes": 2, "token": "bullet", "tokens": 2}
    assert roles.get("boss").values["kill_votes"] == 1.5
    assert {r.key: roles.colour_of(r.key) for r in roles.mafia} == {
        "boss": "information", "killer": "attack", "advisor": "support"
    }


def role_refusal(raw: dict[str, Any]) -> str:
    with pytest.raises(CollectionError) as caught:
        parse_roles(raw, "test/roles.json", load_collection())
    return str(caught.value)


def role(raw: dict[str, Any], key: str) -> dict[str, Any]:
    return next(r for r in raw["public"] + raw["mafia"] if r["key"] == key)


@pytest.mark.parametrize(
    ("key", "change", "reason"),
    [
        ("alien", {"opening_hand": -1}, "role 'alien': 'opening_hand' must be a whole number of 0 or more"),
        ("alien", {"opening_hand": 0}, "role 'alien': 'opening_hand' must be at least 1"),
        ("politician", {"vote_weight": "lots"}, "role 'politician': 'vote_weight' must be a number"),
        ("student", {"colour_chance": 1.2}, "role 'student': 'colour_chance' must be a probability"),
        ("businessman", {"token": "strike"}, "role 'businessman': 'token': 'strike' must be a token"),
        ("journalist", {"as_card": "nothing"}, "role 'journalist': 'as_card' must name a card"),
        ("hero", {"armor": 1}, "role 'hero': takes no 'armor'"),
        ("boss", {"colour": "attack"}, "the three mafia roles must have the three colours"),
        ("killer", {"colour": "red"}, "role 'killer': 'colour': unknown colour 'red'"),
    ],
)
def test_a_malformed_role_is_refused_naming_the_file_and_the_role(
    key: str, change: dict[str, Any], reason: str
) -> None:
    raw = raw_roles()
    role(raw, key).update(change)
    message = role_refusal(raw)
    assert message.startswith("test/roles.json")
    assert reason in message


def test_missing_unknown_and_incomplete_roles_are_refused() -> None:
    raw = raw_roles()
    raw["public"] = [r for r in raw["public"] if r["key"] != "monk"]
    assert "public role 'monk' is missing" in role_refusal(raw)
    raw = raw_roles()
    raw["public"].append({"key": "wizard"})
    assert "role 'wizard': unknown public role" in role_refusal(raw)
    raw = raw_roles()
    del role(raw, "banker")["armor"]
    assert "role 'banker': needs 'armor'" in role_refusal(raw)
    raw = raw_roles()
    raw["mafia"][0].pop("key")
    assert "mafia role #1 has no key" in role_refusal(raw)


def test_a_saved_game_keeps_the_collection_it_began_with(monkeypatch: pytest.MonkeyPatch) -> None:
    """An organiser editing the data files never changes a game in progress: the state carries its copy."""
    from games.mafia import ENGINE
    from games.mafia import state as state_module

    state, _ = ENGINE.setup(10, None, 1)
    saved = ENGINE.dump(state)
    edited = state.collection.model_copy(update={"cards": tuple(
        c.model_copy(update={"cost": c.cost + 1}) for c in state.collection.cards)})
    monkeypatch.setattr(state_module, "load_collection", lambda: edited)
    again = ENGINE.load(saved)
    assert again.collection == state.collection != edited
    assert ENGINE.setup(10, None, 1)[0].collection == edited, "a new game takes the edited file"
