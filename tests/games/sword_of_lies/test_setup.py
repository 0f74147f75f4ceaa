"""Set-up: players, buy-ins, the shoe and the deal, the opening draw; views per viewer."""

from __future__ import annotations

import json

import pytest

from games.core import GM, IllegalAction
from games.registry import engine
from games.sword_of_lies import ENGINE
from games.sword_of_lies.cards import colour, decks_needed, rank, text

from .helpers import act, acts, cid, find, keys, new_game, pending


def test_registered_with_its_player_limits() -> None:
    assert engine("sword-of-lies") is ENGINE
    assert (ENGINE.min_players, ENGINE.max_players) == (3, 12)
    with pytest.raises(IllegalAction) as raised:
        ENGINE.setup(2, {}, 1)
    assert raised.value.refusal.key == "error-player-count"


def test_cards() -> None:
    assert (text(cid("QH")), colour(cid("QH")), rank(cid("QH"))) == ("Q♥", "red", 12)
    assert (text(cid("10C", deck=1)), colour(cid("10C", deck=1))) == ("10♣", "black")
    assert decks_needed(3, 4) == 1
    assert decks_needed(12, 8) == 3


def test_the_deal_gives_everyone_their_cards_privately() -> None:
    state, events = ENGINE.setup(5, {"hand_size": 6}, 11)
    rows = [[c.card for c in p.cards] for p in state.table]
    assert all(len(row) == 6 for row in rows)
    dealt = [card for row in rows for card in row]
    assert len(set(dealt)) == len(dealt)
    assert len(dealt) + len(state.deck) + len(state.discard) == 52 * decks_needed(5, 6)
    mine = find(events, "sol-event-your-cards")
    assert [e.to for e in mine] == [[s] for s in range(5)]
    assert [f["card_id"] for f in mine[2].params["faces"]] == rows[2]
    assert all(c.mark is None and not c.revealed for p in state.table for c in p.cards)
    assert state.phase == "castling" and state.turn == state.first_player


def test_the_opening_draw_highest_rank_moves_first_and_ties_draw_again() -> None:
    for seed in range(300):
        state, events = ENGINE.setup(6, {}, seed)
        if "sol-event-draw-tie" in keys(events):
            break
    else:
        pytest.fail("no tie in 300 seeds")
    draws = find(events, "sol-event-draw")
    tie = find(events, "sol-event-draw-tie")[0]
    tied = [p["seat"] for p in tie.params["players"]["and"]]
    first_round = [d for d in draws if d.params["attempt"] == 1]
    best = max(rank(d.params["card_id"]) for d in first_round)
    assert sorted(d.params["player"]["seat"] for d in first_round if rank(d.params["card_id"]) == best) == tied
    last = max(d.params["attempt"] for d in draws)
    final = [d for d in draws if d.params["attempt"] == last]
    winner = max(final, key=lambda d: rank(d.params["card_id"]))
    assert state.first_player == winner.params["player"]["seat"]
    assert {d.params["card_id"] for d in draws} <= set(state.discard)


def test_buy_ins_from_the_lobby() -> None:
    state = new_game(4, min_buy_in=500, buy_ins={1: 800, 3: 500})
    assert [p.buy_in for p in state.table] == [500, 800, 500, 500]
    assert [p.stack for p in state.table] == [500, 800, 500, 500]
    with pytest.raises(IllegalAction) as raised:
        ENGINE.setup(3, {"buy_ins": {3: 1000}}, 1)
    assert raised.value.refusal.key == "sol-error-buy-in-seat"
    with pytest.raises(IllegalAction) as raised:
        ENGINE.setup(3, {"min_buy_in": 500, "buy_ins": {0: 499}}, 1)
    assert raised.value.refusal.key == "error-bad-option"


def test_buy_ins_asked_at_the_table() -> None:
    state = new_game(3, ask_buy_ins=True, min_buy_in=100)
    assert state.phase == "buy_in" and all(not p.secret and p.changeable for p in state.prompts)
    assert (pending(state, 0).low, pending(state, 0).high) == (100, 1_000_000)
    state, events = acts(state, (0, 300), (2, 150), (0, 400))
    assert events == [] and state.table[0].cards == []
    assert ENGINE.default_action(state, pending(state, 1)).value == 100
    state, events = act(state, 1, 100)
    assert [p.buy_in for p in state.table] == [400, 100, 150]
    assert "sol-event-dealt" in keys(events) and state.phase == "castling"


def test_views_show_each_viewer_what_they_may_know() -> None:
    state = new_game(3, seed=4)
    public = ENGINE.view(state, None)
    assert all("face" not in c for p in public["players"] for c in p["cards"])
    own = ENGINE.view(state, 1)
    assert all("face" in c for c in own["players"][1]["cards"])
    assert all("face" not in c for c in own["players"][0]["cards"])
    assert own["you"] == 1 and all(p["seat"] == 1 for p in own["prompts"])
    gm = ENGINE.view(state, GM)
    assert all("face" in c for p in gm["players"] for c in p["cards"])
    assert len(gm["deck"]) == len(state.deck)
    for view in (public, own, gm):
        json.dumps(view)
    waiting = public["waiting_for"]
    assert waiting == [{"seat": state.turn, "key": None, "answered": False}]  # a secret prompt


def test_state_round_trips_through_json() -> None:
    state = new_game(4, seed=9, buy_ins={0: 2000})
    assert ENGINE.load(ENGINE.dump(state)) == state
