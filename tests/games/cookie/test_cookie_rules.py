"""One test per rule of rules/cookie.md."""

from __future__ import annotations

from collections import Counter

import pytest

from games.cookie import ENGINE, rules
from games.cookie.deduction import possible_roles
from games.cookie.state import CookieState
from games.core import GM, Action, IllegalAction, Refusal, seat

from .helpers import choose, final_state, place, play_circle, play_out, prompt_of

# --- components and set-up ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "chain"),
    [
        (4, ["cookie", "blue", "strontium", "thirty-seven"]),
        (5, ["cookie", "blue", "strontium", "thirty-seven", "persians"]),
        (6, ["cookie", "blue", "strontium", "thirty-seven", "persians", "cosine"]),
    ],
)
def test_characters_in_play_and_the_hunting_chain(players: int, chain: list[str]) -> None:
    assert list(rules.chain(players)) == chain
    for index, role in enumerate(chain):
        assert rules.target_of(role, players) == chain[(index + 1) % players]
        assert rules.hunter_of(chain[(index + 1) % players], players) == role
    assert rules.target_of(chain[-1], players) == "cookie", "the last character hunts Cookie"


@pytest.mark.parametrize(("players", "hand_size", "hill"), [(4, 6, True), (5, 7, True), (6, 7, False)])
def test_hands_are_the_set_minus_ones_own_character(players: int, hand_size: int, hill: bool) -> None:
    state, _ = ENGINE.setup(players, None, seed=players)
    assert len(rules.personal_set(players)) == hand_size + 1
    for player, hand in enumerate(state.hands):
        assert len(hand) == hand_size
        assert state.roles[player] not in hand
        assert ("hill" in hand) is hill
        assert set(hand) | {state.roles[player]} == set(rules.personal_set(players))
    assert sorted(state.roles) == sorted(rules.chain(players)), "one role card per character in play"


@pytest.mark.parametrize("players", [1, 3, 7, 12])
def test_fewer_than_4_or_more_than_6_players_cannot_start(players: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        ENGINE.setup(players, None, seed=1)
    assert refused.value.refusal == Refusal(key="error-player-count", params={"count": players, "min": 4, "max": 6})


def test_each_player_privately_gets_role_target_hunter_and_hand_each_round() -> None:
    state, events = ENGINE.setup(5, None, seed=3)
    deals = [e for e in events if e.key == "cookie-event-deal"]
    assert sorted(e.to[0] for e in deals if e.to) == [0, 1, 2, 3, 4]
    for event in deals:
        assert event.to is not None and len(event.to) == 1
        player = event.to[0]
        role = state.roles[player]
        assert event.params["role"] == {"term": f"cookie-role-{role}"}
        assert event.params["target"] == {"term": f"cookie-role-{rules.target_of(role, 5)}"}
        assert event.params["hunter"] == {"term": f"cookie-role-{rules.hunter_of(role, 5)}"}
        assert event.params["hand"] == [{"term": f"cookie-card-{card}"} for card in state.hands[player]]


def test_roles_are_dealt_again_every_round_from_the_seeded_generator() -> None:
    state, _ = final_state(4, seed=11)
    deals = [tuple(record.roles) for record in state.history]
    assert len(deals) == 4
    assert len(set(deals)) > 1, "roles change between rounds (for this seed)"
    again, _ = final_state(4, seed=11)
    assert [tuple(r.roles) for r in again.history] == deals, "same seed, same deal"


# --- game structure ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_n_rounds_of_n_circles_and_every_player_first_exactly_once(players: int) -> None:
    state, events = ENGINE.setup(players, None, seed=20 + players)
    first = state.first_player
    all_events = list(events)
    for _before, _prompt, _action, after, new in play_out(state):
        all_events += new
        state = after
    assert state.over
    starts = [e for e in all_events if e.key == "cookie-event-round-start"]
    assert [e.params["round"] for e in starts] == list(range(1, players + 1))
    firsts = [e.params["first"]["seat"] for e in starts]
    assert firsts == [(first + k) % players for k in range(players)], "the token passes clockwise"
    assert Counter(firsts) == Counter(range(players))
    assert [record.first for record in state.history] == firsts
    circles = [e.params for e in all_events if e.key == "cookie-event-circle-start"]
    assert len(circles) == players * players
    assert Counter(c["round"] for c in circles) == Counter({r: players for r in range(1, players + 1)})
    for record in state.history:
        assert all(len(cards) == players for cards in record.revealed), "one card per circle"
    assert sum(e.key == "cookie-event-game-over" for e in all_events) == 1


def test_the_first_player_of_round_one_is_drawn_from_the_seed() -> None:
    firsts = {ENGINE.setup(4, None, seed)[0].first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert ENGINE.setup(4, None, 7)[0].first_player == ENGINE.setup(4, None, 7)[0].first_player


# --- a circle ----------------------------------------------------------------------------


def scenario_4() -> CookieState:
    """4 players, seat 0 first: Cookie, Blue, Strontium, 37 in seat order."""
    state, _ = ENGINE.scenario(["cookie", "blue", "strontium", "thirty-seven"], first_player=0)
    return state


def test_choices_are_secret_and_revealed_all_at_once() -> None:
    state = scenario_4()
    before = ENGINE.view(state, None)
    state, events = choose(state, 0, "sword")
    assert [(e.key, e.to, e.ack) for e in events] == [("cookie-event-chosen", [0], True)]
    public = ENGINE.view(state, None)
    assert public["chosen"] == [True, False, False, False]
    assert public["revealed"] == before["revealed"] == [[], [], [], []]
    assert "sword" not in str(public)
    state, _ = choose(state, 1, "hill")
    state, _ = choose(state, 2, "cookie")
    state, events = choose(state, 3, "blue")
    assert ENGINE.view(state, None)["revealed"] == [["sword"], ["hill"], ["cookie"], ["blue"]]
    assert [e.params["card"]["term"] for e in events if e.key == "cookie-event-revealed"] == [
        "cookie-card-sword",
        "cookie-card-hill",
        "cookie-card-cookie",
        "cookie-card-blue",
    ]


def test_a_secret_choice_can_be_changed_until_everyone_has_chosen() -> None:
    state = scenario_4()
    prompt_id = prompt_of(state, 1).id
    state, _ = choose(state, 1, "sword")
    public = ENGINE.view(state, None)
    state, events = choose(state, 1, "hill")
    assert prompt_of(state, 1).id == prompt_id and prompt_of(state, 1).answered
    assert [(e.key, e.params, e.to) for e in events] == [
        ("cookie-event-choice-changed", {"card": {"term": "cookie-card-hill"}}, [1])
    ]
    assert ENGINE.view(state, None) == public, "a change is invisible to the table"
    assert ENGINE.view(state, 1)["you"]["choice"] == "hill"
    state, _ = play_circle(state, {0: "blue", 2: "cookie", 3: "cookie"})
    assert state.revealed[1] == ["hill"]
    assert "sword" in state.hands[1] and "hill" not in state.hands[1]
    # Once everyone has chosen the circle is revealed: the old prompt is stale.
    assert ENGINE.check(state, 1, Action(prompt=prompt_id, value="sword")) == Refusal(key="error-stale")


def test_a_revealed_card_cannot_be_played_again_this_round() -> None:
    state = scenario_4()
    state, _ = play_circle(state, {0: "hill", 1: "hill", 2: "hill", 3: "hill"})
    prompt = prompt_of(state, 0)
    assert prompt.option("hill") is None
    assert ENGINE.check(state, 0, Action(prompt=prompt.id, value="hill")) == Refusal(
        key="cookie-error-not-in-hand", params={"card": "hill"}
    )


def test_placements_go_in_order_from_the_first_player_clockwise() -> None:
    state, _ = ENGINE.scenario(["cookie", "blue", "strontium", "thirty-seven", "persians"], first_player=3)
    state, _ = play_circle(state, {0: "sword", 1: "hill", 2: "shield", 3: "hill", 4: "sword"})
    order = []
    while state.phase == "place":
        (prompt,) = state.prompts
        assert not prompt.secret and prompt.deadline == "place"
        order.append(prompt.seat)
        state, events = place(state, prompt.seat, (prompt.seat + 1) % 5)
        assert events[0].public and events[0].key.startswith("cookie-event-placed-")
    assert order == [4, 0, 2]


def test_never_in_front_of_yourself() -> None:
    state = scenario_4()
    state, _ = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "hill"})
    prompt = prompt_of(state, 0)
    assert [o.value for o in prompt.options] == ["1", "2", "3"]
    assert ENGINE.check(state, 0, Action(prompt=prompt.id, value="0")) == Refusal(key="cookie-error-yourself")


def test_a_sword_cannot_go_before_a_player_who_shielded_its_owner_in_an_earlier_circle() -> None:
    state = scenario_4()
    state, _ = play_circle(state, {0: "hill", 1: "shield", 2: "hill", 3: "hill"})
    state, _ = place(state, 1, 2)  # Blue shields against Strontium.
    state, _ = play_circle(state, {0: "blue", 1: "hill", 2: "sword", 3: "blue"})
    prompt = prompt_of(state, 2)
    assert prompt.option("1").disabled == Refusal(key="cookie-error-blocked-sword", params={"player": seat(1)})
    assert [o.value for o in prompt.options if o.disabled is None] == ["0", "3"]
    assert ENGINE.check(state, 2, Action(prompt=prompt.id, value="1")) == prompt.option("1").disabled


def test_a_shield_cannot_go_before_a_player_who_put_a_sword_before_its_owner() -> None:
    state = scenario_4()
    # Same circle: seat 0 places its Sword first, then seat 3 may not shield against seat 0.
    state, _ = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "shield"})
    state, _ = place(state, 0, 3)
    prompt = prompt_of(state, 3)
    assert prompt.option("0").disabled == Refusal(key="cookie-error-blocked-shield", params={"player": seat(0)})
    with pytest.raises(IllegalAction):
        place(state, 3, 0)
    # The block is one-way: seat 3 could shield against anyone else, and a Sword before a player
    # does not stop that player's own Sword.
    assert [o.value for o in prompt.options if o.disabled is None] == ["1", "2"]


def test_blocks_do_not_carry_over_to_the_next_round() -> None:
    assert rules.blocked(2, "sword", 1, [(1, "shield", 2)])
    assert not rules.blocked(2, "sword", 1, [(1, "sword", 2)])
    assert not rules.blocked(2, "sword", 1, [(1, "shield", 3)])
    assert not rules.blocked(2, "shield", 1, [(1, "shield", 2)])
    assert rules.blocked(2, "shield", 1, [(1, "sword", 2)])
    state = scenario_4()
    for _ in range(4):
        state, _ = play_circle(
            state,
            {0: "shield", 1: "hill", 2: "hill", 3: "hill"}
            if state.circle == 1
            else {s: next(c for c in state.hands[s] if rules.is_character(c)) for s in range(4)},
        )
        while state.phase == "place":
            state, _ = place(state, 0, 2)
    assert state.round == 2 and state.placements == []
    assert all(o.disabled is None for p in state.prompts for o in p.options)


def test_with_no_legal_player_left_the_card_goes_in_front_of_nobody() -> None:
    state = scenario_4()
    # Circles 1-3: seats 1, 2, 3 each put a Shield in front of seat 0.
    for shielder in (1, 2, 3):
        cards = {s: next(c for c in state.hands[s] if rules.is_character(c)) for s in range(4)}
        cards[shielder] = "shield"
        state, _ = play_circle(state, cards)
        state, _ = place(state, shielder, 0)
    # Circle 4: seat 0 reveals its Sword; every other player has shielded against it.
    state, events = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "hill"})
    nobody = [e for e in events if e.key == "cookie-event-placed-nobody"]
    assert [(e.params, e.to) for e in nobody] == [({"player": seat(0), "card": {"term": "cookie-card-sword"}}, None)]
    assert not any(p.seat == 0 and p.deadline == "place" for p in state.prompts)
    record = state.history[-1]
    assert (0, "sword", None) in [p.triple() for p in record.placements]
    assert record.sword[0] == 0


def test_with_one_legal_player_left_the_card_is_placed_there_at_once_and_everyone_is_told() -> None:
    state = scenario_4()
    # Circles 1-2: seats 1 and 2 each put a Shield in front of seat 0.
    for shielder in (1, 2):
        cards = {s: next(c for c in state.hands[s] if rules.is_character(c)) for s in range(4)}
        cards[shielder] = "shield"
        state, _ = play_circle(state, cards)
        state, _ = place(state, shielder, 0)
    # Circle 3: seat 0 reveals its Sword; only seat 3 has not shielded against it.
    state, events = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "hill"})
    (only,) = [e for e in events if e.key == "cookie-event-placed-only"]
    assert only.to is None
    assert only.params == {"player": seat(0), "card": {"term": "cookie-card-sword"}, "target": seat(3)}
    assert "cookie-event-placed-sword" in [e.key for e in events]
    assert not any(p.seat == 0 and p.deadline == "place" for p in state.prompts)
    assert (0, "sword", 3) in state.placement_triples()


# --- scoring and the end -----------------------------------------------------------------


def test_scoring_3_for_sword_2_for_shield_1_for_hill() -> None:
    roles = ["cookie", "blue", "strontium", "thirty-seven"]  # seat 0 hunts seat 1, is hunted by 3
    hands = [["hill"], ["hill", "sword"], [], ["cookie"]]
    placements = [(0, "sword", 1), (0, "shield", 3), (1, "sword", 3), (2, "shield", 1), (3, "sword", None)]
    assert rules.round_points(roles, placements, hands) == [(3, 2, 1), (0, 0, 1), (0, 2, 0), (0, 0, 0)]
    assert sum(rules.round_points(roles, placements, hands)[0]) == 6, "the maximum per round"


def test_a_perfect_round_through_the_engine_scores_the_maximum_of_6() -> None:
    state = scenario_4()  # seat 0 Cookie: target Blue (seat 1), hunter 37 (seat 3)
    state, _ = play_circle(state, {0: "sword", 1: "cookie", 2: "cookie", 3: "cookie"})
    state, _ = place(state, 0, 1)
    state, _ = play_circle(state, {0: "shield", 1: "strontium", 2: "blue", 3: "blue"})
    state, _ = place(state, 0, 3)
    state, _ = play_circle(state, {0: "blue", 1: "thirty-seven", 2: "thirty-seven", 3: "strontium"})
    state, events = play_circle(state, {0: "strontium", 1: "hill", 2: "sword", 3: "hill"})
    state, events = place(state, 2, 0)
    score = next(e.params for e in events if e.key == "cookie-event-score" and e.params["player"] == seat(0))
    assert (score["sword"], score["shield"], score["hill"], score["points"]) == (3, 2, 1, 6)
    assert state.coins[0] == 6


def test_no_hill_coin_at_6_players() -> None:
    state, _ = final_state(6, seed=5)
    assert all(points == 0 for record in state.history for points in record.hill)


def test_ties_share_the_win() -> None:
    state, _ = final_state(4, seed=1)
    tied = state.model_copy(update={"coins": [5, 9, 9, 2]})
    assert ENGINE.results(tied).winners == [1, 2]
    assert ENGINE.results(tied).scores == [5, 9, 9, 2]
    assert ENGINE.results(tied.model_copy(update={"coins": [3, 3, 3, 3]})).winners == [0, 1, 2, 3]
    assert ENGINE.results(tied.model_copy(update={"coins": [3, 4, 3, 3]})).winners == [1]


def test_a_shared_win_is_announced_as_such() -> None:
    # Play random games until one ends in a tie (seeded, so always the same games).
    for seed in range(200):
        state, _ = ENGINE.setup(4, None, seed)
        events = []
        for _b, _p, _a, after, new in play_out(state):
            events = new
            state = after
        if len(ENGINE.results(state).winners) > 1:
            break
    else:
        pytest.fail("no tie in 200 games")
    over = events[-1]
    assert over.key == "cookie-event-game-over" and over.public
    assert over.params["winners"] == [seat(s) for s in ENGINE.results(state).winners]
    assert over.params["count"] == len(ENGINE.results(state).winners)
    assert over.params["coins"] == max(state.coins)


def test_results_only_once_over() -> None:
    state, _ = ENGINE.setup(4, None, seed=2)
    assert ENGINE.results(state) is None
    state, _ = final_state(4, seed=2)
    assert state.over and state.prompts == []
    assert ENGINE.results(state).scores == state.coins


# --- deadlines and options ---------------------------------------------------------------


def test_options_defaults_and_ranges() -> None:
    options = ENGINE.parse_options(None)
    assert (options.choose_seconds, options.place_seconds) == (90, 60)
    state, _ = ENGINE.setup(4, {"choose_seconds": 30, "place_seconds": 20}, seed=1)
    assert ENGINE.deadline_seconds(state, "choose") == 30
    assert ENGINE.deadline_seconds(state, "place") == 20
    for bad in ({"choose_seconds": 5}, {"place_seconds": 10**6}, {"rounds": 2}, {"choose_seconds": "soon"}):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.parse_options(bad)
        assert refused.value.refusal.key == "error-bad-option"


def test_deadline_defaults_are_legal_uniform_and_deterministic() -> None:
    state = scenario_4()
    prompt = prompt_of(state, 2)
    action = ENGINE.default_action(state, prompt)
    assert ENGINE.check(state, 2, action) is None
    assert ENGINE.default_action(state, prompt) == action, "deterministic per state"
    # Over many steps the default picks every card of the hand.
    picks = {ENGINE.default_action(state.model_copy(update={"step": step}), prompt).value for step in range(60)}
    assert picks == set(state.hands[2])
    # A placement default never picks a blocked player.
    state, _ = play_circle(state, {0: "sword", 1: "hill", 2: "hill", 3: "shield"})
    state, _ = place(state, 0, 3)
    prompt = prompt_of(state, 3)
    targets = {ENGINE.default_action(state.model_copy(update={"step": step}), prompt).value for step in range(60)}
    assert targets == {"1", "2"}


# --- views and the deduction aid ---------------------------------------------------------


def test_views_public_player_and_gm() -> None:
    state = scenario_4()
    state, _ = choose(state, 2, "sword")
    public = ENGINE.view(state, None)
    assert "you" not in public and "secrets" not in public
    mine = ENGINE.view(state, 2)["you"]
    assert mine["role"] == "strontium" and mine["target"] == "thirty-seven" and mine["hunter"] == "blue"
    assert mine["choice"] == "sword" and mine["hand"] == state.hands[2]
    assert ENGINE.view(state, 1)["you"]["choice"] is None
    gm = ENGINE.view(state, GM)
    assert [s["role"] for s in gm["secrets"]] == state.roles
    assert gm["secrets"][2]["choice"] == "sword"


def test_the_deduction_aid_is_an_exact_matching() -> None:
    # Viewer seat 0 is Cookie (4 players). Seat 1 revealed Blue and Strontium, so it is 37;
    # then nobody else can be 37, and seat 2 (who revealed Blue) must be Strontium, seat 3 Blue.
    revealed = [[], ["blue", "strontium"], ["blue"], []]
    assert possible_roles(4, 0, "cookie", revealed) == [
        ["cookie"],
        ["thirty-seven"],
        ["strontium"],
        ["blue"],
    ]
    # Without the exclusions every other role is possible for everyone.
    assert possible_roles(4, 0, "cookie", [[], [], [], []])[1:] == [["blue", "strontium", "thirty-seven"]] * 3
    # Tools and the Hill carry no information.
    assert possible_roles(4, 0, "cookie", [["sword"], ["hill"], ["shield"], []]) == possible_roles(
        4, 0, "cookie", [[], [], [], []]
    )


def test_prompt_ids_are_unique_over_the_whole_game() -> None:
    state, _ = ENGINE.setup(6, None, seed=9)
    seen: set[str] = set()
    for before, _p, _a, after, _e in play_out(state):
        for prompt in after.prompts:
            if before.prompt(prompt.id) is None:
                assert prompt.id not in seen
                seen.add(prompt.id)
    assert len(seen) > 6 * 6 * 6


def test_state_copies_are_independent() -> None:
    """`apply` works on a copy (CookieState has a fast deep copy): changing the copy in every
    way the engine does must leave the original untouched."""
    state, _ = ENGINE.setup(4, None, seed=4)
    state, _ = play_circle(state, {s: state.hands[s][0] for s in range(3)})
    saved = state.model_dump_json()
    copy = state.model_copy(deep=True)
    assert copy == state
    copy.hands[0].append("x")
    copy.revealed[0].append("x")
    copy.roles[0] = "x"
    copy.pending[0] = "x"
    copy.placements.append(copy.placements[0] if copy.placements else None)  # type: ignore[arg-type]
    copy.to_place.append(9)
    copy.coins[0] += 1
    copy.history.append(None)  # type: ignore[arg-type]
    copy.rng.shuffled([1, 2, 3])
    copy.prompts.append(copy.prompts[0])
    copy.round += 1
    assert state.model_dump_json() == saved
