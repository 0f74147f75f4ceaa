"""The worked check from the rules page (rules/cookie.md), played through the engine as written.

Seats clockwise from the round's first player: Bart, Homer, Marge, Lisa. Roles (4 players, chain
Cookie → Blue → Strontium → 37 → Cookie): Bart Cookie, Homer Strontium, Marge 37, Lisa Blue.
"""

from __future__ import annotations

import pytest

from games.cookie import ENGINE
from games.cookie.state import CookieState
from games.core import Action, IllegalAction, Refusal, seat

from .helpers import place, play_circle, prompt_of

BART, HOMER, MARGE, LISA = 0, 1, 2, 3
NAMES = {BART: "Bart", HOMER: "Homer", MARGE: "Marge", LISA: "Lisa"}


def aid(state: CookieState, viewer: int) -> dict[int, list[str]]:
    """The private deduction aid of `viewer`: seat → roles still possible."""
    return {line["player"]: line["roles"] for line in ENGINE.view(state, viewer)["you"]["possible_roles"]}


@pytest.fixture
def first_circle() -> CookieState:
    state, _ = ENGINE.scenario(["cookie", "strontium", "thirty-seven", "blue"], first_player=BART)
    # Homer plays Cookie, Bart Strontium, Lisa 37, Marge Strontium.
    state, events = play_circle(state, {HOMER: "cookie", BART: "strontium", LISA: "thirty-seven", MARGE: "strontium"})
    revealed = [(e.params["player"], e.params["card"]) for e in events if e.key == "cookie-event-revealed"]
    assert revealed == [
        (seat(BART), {"term": "cookie-card-strontium"}),
        (seat(HOMER), {"term": "cookie-card-cookie"}),
        (seat(MARGE), {"term": "cookie-card-strontium"}),
        (seat(LISA), {"term": "cookie-card-thirty-seven"}),
    ]
    return state


def test_everyone_knows_homer_is_not_cookie_bart_and_marge_not_strontium_lisa_not_37(
    first_circle: CookieState,
) -> None:
    excluded = {HOMER: "cookie", BART: "strontium", MARGE: "strontium", LISA: "thirty-seven"}
    for viewer in NAMES:
        possible = aid(first_circle, viewer)
        assert viewer not in possible, "the aid lists the other players only"
        for subject, role in excluded.items():
            if subject != viewer:
                assert role not in possible[subject], (NAMES[viewer], NAMES[subject], role)
        own_role = first_circle.roles[viewer]
        assert all(own_role not in roles for roles in possible.values()), "own role excluded"


def test_the_aid_propagates_that_each_role_is_held_by_exactly_one_player(first_circle: CookieState) -> None:
    # Bart (Cookie) after circle 1: Marge is Blue or 37, Lisa is Blue or Strontium.
    assert aid(first_circle, BART) == {
        HOMER: ["blue", "strontium", "thirty-seven"],
        MARGE: ["blue", "thirty-seven"],
        LISA: ["blue", "strontium"],
    }
    # Circle 2: Lisa now also shows Strontium, so (for Bart) Lisa must be Blue, then Marge 37,
    # then Homer Strontium — as in the original's own reasoning, Bart knows to attack Lisa.
    state, _ = play_circle(first_circle, {BART: "thirty-seven", HOMER: "blue", MARGE: "cookie", LISA: "strontium"})
    assert aid(state, BART) == {HOMER: ["strontium"], MARGE: ["thirty-seven"], LISA: ["blue"]}


def test_third_circle_placements() -> None:
    state, _ = ENGINE.scenario(["cookie", "strontium", "thirty-seven", "blue"], first_player=BART)
    state, _ = play_circle(state, {HOMER: "cookie", BART: "strontium", LISA: "thirty-seven", MARGE: "strontium"})
    state, _ = play_circle(state, {BART: "thirty-seven", HOMER: "blue", MARGE: "cookie", LISA: "strontium"})
    # Third circle: Bart plays Sword, Homer Shield, Marge Sword, Lisa Hill.
    state, _ = play_circle(state, {BART: "sword", HOMER: "shield", MARGE: "sword", LISA: "hill"})
    assert state.phase == "place"
    # Bart places first: in front of Lisa.
    assert [p.seat for p in state.prompts] == [BART]
    state, events = place(state, BART, LISA)
    assert [(e.key, e.params, e.to) for e in events] == [
        ("cookie-event-placed-sword", {"player": seat(BART), "target": seat(LISA)}, None)
    ]
    # Homer shields against Marge.
    assert [p.seat for p in state.prompts] == [HOMER]
    state, _ = place(state, HOMER, MARGE)
    # Marge may no longer place her sword in front of Homer...
    prompt = prompt_of(state, MARGE)
    assert not prompt.secret and prompt.deadline == "place"
    blocked = Refusal(key="cookie-error-blocked-sword", params={"player": seat(HOMER)})
    assert prompt.option(str(HOMER)).disabled == blocked
    saved = state.model_dump_json()
    assert ENGINE.check(state, MARGE, Action(prompt=prompt.id, value=str(HOMER))) == blocked
    with pytest.raises(IllegalAction) as refused:
        place(state, MARGE, HOMER)
    assert refused.value.refusal == blocked
    assert state.model_dump_json() == saved
    # ...she places it in front of Bart.
    state, _ = place(state, MARGE, BART)
    assert [(p.owner, p.card, p.target) for p in state.placements] == [
        (BART, "sword", LISA),
        (HOMER, "shield", MARGE),
        (MARGE, "sword", BART),
    ]
    assert state.phase == "choose" and state.circle == 4

    # Circle 4 ends the round. Lisa's Shield cannot go in front of Bart, whose Sword lies before
    # her since circle 3 (earlier circles of the round count).
    state, _ = play_circle(state, {BART: "blue", HOMER: "thirty-seven", MARGE: "hill", LISA: "shield"})
    lisa = prompt_of(state, LISA)
    assert lisa.option(str(BART)).disabled == Refusal(key="cookie-error-blocked-shield", params={"player": seat(BART)})
    state, events = place(state, LISA, HOMER)

    # Scores: Bart's Sword hit Blue (3) and he kept the Hill (1); Homer kept the Hill (1); Marge's
    # Sword hit Cookie (3); Homer's Shield missed Blue, Lisa's missed Cookie.
    scores = {e.params["player"]["seat"]: e.params for e in events if e.key == "cookie-event-score"}
    assert {s: (p["sword"], p["shield"], p["hill"], p["points"]) for s, p in scores.items()} == {
        BART: (3, 0, 1, 4),
        HOMER: (0, 0, 1, 1),
        MARGE: (3, 0, 0, 3),
        LISA: (0, 0, 0, 0),
    }
    assert scores[BART]["role"] == {"term": "cookie-role-cookie"}
    assert state.coins == [4, 1, 3, 0]
    assert state.round == 2 and state.first_player == HOMER
