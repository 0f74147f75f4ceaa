"""Phase II action cards: priority, the seat order from the first player, "a card that left its
owner's hand does not resolve" (the original's worked example), draws and every card's effect."""

from __future__ import annotations

from games.castle.state import CastleState
from tests.games.castle.helpers import (
    act,
    event_of,
    keys,
    kinds,
    new_game,
    orders,
    position,
    prompt_of,
    public_keys,
)


def start(**kw: object) -> CastleState:
    return position(new_game(3, seed=5), **kw)  # type: ignore[arg-type]


def test_worked_example_deal_with_the_devil_takes_the_pending_platform_which_then_does_not_resolve() -> None:
    # Player 1 plays Platform 9¾; player 2 plays Deal with the Devil on player 1 and the random
    # card taken is the Platform (player 1's only card): the Platform does not resolve.
    state = start(hands={0: ["platform"], 1: ["devil", "second_wind"], 2: ["unfair", "unfair"]}, first=0)
    state, events = orders(state, {0: (["1", "B2", "B3"], None), 1: (["1", "0", "2"], None),
                                   2: (["none", "nothing"], None)})
    assert public_keys(events)[:3] == ["castle-reveal", "castle-devil", "castle-card-lost"]
    lost = event_of(events, "castle-card-lost")
    assert lost.params == {"player": {"seat": 0}, "card": {"term": "castle-card-platform"}}
    assert state.barricades == [], "the taken Platform does not resolve"
    assert kinds(state, 0) == ["second_wind"], "player 1 got the given card and drew nothing for the Platform"
    assert "platform" in kinds(state, 1) and len(kinds(state, 1)) == 2, \
        "the Devil's owner took the Platform, gave the Second Wind and drew one"


def test_priority_order_and_equal_cards_by_seat_from_the_first_player() -> None:
    state = start(hands={0: ["platform", "unfair"], 1: ["platform", "second_wind"], 2: ["passage", "devil"]}, first=1)
    state, events = orders(state, {
        0: (["1", "A1", "A2"], None),   # Platform (priority 2), seat 0 — after seat 1 (first player)
        1: (["1", "A3", "A4"], None),   # Platform, seat 1 (the first player)
        2: (["1", "A1", "B3"], None),   # Secret Passage (priority 3)
    })
    order = [(e.key, e.params["player"]["seat"]) for e in events
             if e.key in ("castle-platform", "castle-passage") and e.to is None]
    assert order == [("castle-platform", 1), ("castle-platform", 0), ("castle-passage", 2)]


def test_devil_takes_a_random_card_and_gives_the_chosen_one() -> None:
    state = start(hands={0: ["devil", "passage"], 1: ["unfair", "unfair"]})
    state, events = orders(state, {0: (["1", "1", "2"], None), 1: (["none", "nothing"], None)})
    assert sorted(kinds(state, 1)) == ["passage", "unfair"]
    assert "unfair" in kinds(state, 0)
    devil = event_of(events, "castle-devil")
    assert devil.to is None and devil.params["gave"] == "yes"
    assert "passage" not in str(devil.params), "the public does not learn which card changed hands"
    private = [e for e in events if e.key == "castle-devil-private"]
    assert private[0].to == [0]
    assert [e.to for e in events if e.key == "castle-devil-victim"] == [[1]]


def test_devil_on_an_empty_hand_still_resolves_and_draws() -> None:
    state = start(hands={0: ["devil", "passage"], 1: []})
    state, events = orders(state, {0: (["1", "1", "2"], None), 1: (["none", "nothing"], None)})
    assert "castle-devil-empty" in keys(events)
    assert len(state.table[0].hand) == 2, "the Devil resolved: discarded, and its owner drew"
    assert kinds(state, 1) == []


def test_devil_gives_nothing_when_the_chosen_card_has_left_the_hand() -> None:
    # seat 1 (the first player) resolves first and takes a random card from seat 0; on the seeds
    # where it takes the Secret Passage seat 0 meant to give, seat 0's Devil gives nothing.
    found = False
    for seed in range(1, 40):
        state = position(new_game(3, seed=seed), hands={0: ["devil", "passage"], 1: ["devil", "second_wind"],
                                                        2: ["unfair"]}, first=1)
        state, events = orders(state, {0: (["1", "2", "2"], None), 1: (["1", "0", "2"], None),
                                       2: (["none", "nothing"], None)})
        public = [e for e in events if e.key in ("castle-devil", "castle-card-lost")]
        if public[1].key == "castle-devil":
            found = True
            assert public[1].params["player"] == {"seat": 0}
            assert public[1].params["gave"] == "no"
        else:
            assert public[1].params == {"player": {"seat": 0}, "card": {"term": "castle-card-devil"}}
    assert found


def test_platform_puts_a_barricade_for_this_round_and_the_next() -> None:
    state = start(hands={0: ["platform", "passage"]})
    state, _ = orders(state, {0: (["1", "B2", "B3"], None)})
    (marker,) = state.barricades
    assert marker.corridor == ("B2", "B3") and (marker.since, marker.until) == (1, 2)
    assert state.round == 2 and state.barricaded(("B2", "B3"))


def test_secret_passage_opens_a_permanent_corridor() -> None:
    state = start(hands={0: ["passage", "second_wind"]})
    state, _ = orders(state, {0: (["1", "A1", "B3"], None)})
    assert ("A1", "B3") in state.passages and state.joined("A1", "B3")


def test_second_wind_gives_double_step_and_draws() -> None:
    state = start(hands={0: ["second_wind", "passage"]})
    state, events = orders(state, {0: (["1"], ["B3", "B4"])})
    assert state.table[0].hall == "B4"
    assert event_of(events, "castle-second-wind").params["usable"] == "yes"
    assert len(state.table[0].hand) == 2


def test_ahaha_pauses_for_a_secret_prompt_and_the_default_keeps_both() -> None:
    state = start(hands={0: ["ahaha", "passage"], 1: ["unfair", "devil"], 2: ["platform"]}, first=0)
    state, events = orders(state, {0: (["1", "1", "1", "2"], None), 1: (["none", "nothing"], None),
                                   2: (["1", "A1", "A2"], None)})
    assert state.stage == "ahaha"
    prompt = prompt_of(state, 0)
    assert prompt.key == "castle-ask-ahaha" and prompt.secret and prompt.deadline == "ahaha"
    seen = event_of(events, "castle-ahaha-seen")
    assert seen.to == [0]
    assert all(e.to is not None for e in events if "unfair" in str(e.params) or "castle-card-devil" in str(e.params))
    # resolution resumes after the answer: nothing after "Ahaha" has happened yet except the Platform (higher)
    assert state.barricades, "Platform resolved before Ahaha"
    from games.castle import ENGINE

    assert kinds(state, 0) == ["passage"], "the owner draws after the choice"
    assert ENGINE.view(state, 0)["notes"][0]["cards"] == ["unfair", "devil"]
    assert "notes" not in ENGINE.view(state, None)
    state, events = ENGINE.apply(state, 0, ENGINE.default_action(state, prompt))
    assert "castle-ahaha-keep" in keys(events)
    assert len(kinds(state, 0)) == 2
    assert sorted(kinds(state, 1)) == ["devil", "unfair"]


def test_ahaha_discard_one() -> None:
    state = start(hands={0: ["ahaha", "passage"], 1: ["unfair", "devil"]})
    state, _ = orders(state, {0: (["1", "1", "1", "2"], None), 1: (["none", "nothing"], None)})
    devil = state.table[1].hand[1]
    state, events = act(state, 0, str(devil))
    assert kinds(state, 1) == ["unfair"]
    assert event_of(events, "castle-ahaha-lost").to == [1]
    assert state.stage == "orders" and state.round == 2, "the round went on to its end"


def test_unfair_deal_swaps_whole_hands() -> None:
    state = start(hands={0: ["unfair", "passage"], 1: ["devil", "devil", "ahaha"]})
    state, events = orders(state, {0: (["1", "1"], None), 1: (["none", "nothing"], None)})
    assert sorted(kinds(state, 0)) == ["ahaha", "devil", "devil"]
    assert kinds(state, 1)[0] == "passage" and len(kinds(state, 1)) == 1
    assert [e.to for e in events if e.key == "castle-hand-now"] == [[0], [1]]


def test_a_resolved_card_is_discarded_and_the_draw_keeps_the_hand_at_most_three() -> None:
    state = start(hands={0: ["second_wind", "passage", "platform"]})
    discards = len(state.action_discard)
    state, _ = orders(state, {0: (["1"], None)})
    assert len(state.table[0].hand) == 3
    assert len(state.action_discard) == discards + 1


def test_the_action_deck_is_reshuffled_from_the_discard_pile_when_it_runs_out() -> None:
    state = start(hands={0: ["second_wind", "passage"]})
    state.action_discard.extend(state.action_deck)
    state.action_deck = []
    state, _ = orders(state, {0: (["1"], None)})
    assert len(state.table[0].hand) == 2 and state.action_deck, "the discards became the new deck"


def test_no_card_draw_replace_action_and_replace_skirmish() -> None:
    state = start(hands={0: ["devil"], 1: ["devil", "passage"], 2: ["unfair"]}, rows={2: ["eject", "peek"]})
    old = state.table[1].hand[0]
    state, events = orders(state, {
        0: (["none", "draw"], None), 1: (["none", "replace-action", "1"], None),
        2: (["none", "replace-skirmish", "2"], None)})
    assert len(state.table[0].hand) == 2
    assert old not in state.table[1].hand and len(state.table[1].hand) == 2
    assert state.skirmish_kinds[state.table[2].row[0]] == "eject"
    assert "castle-extra-replace-skirmish" in public_keys(events)
    replaced = event_of(events, "castle-extra-replace-action")
    assert replaced.to is None and "devil" not in str(replaced.params)
