"""The "normal" Castle bot plays like a decent human who knows the rules: it takes an artifact next
to it, carries it home by the shortest open way, lets an ordinary carrier go (and waits for the next
artifact next to the Central Hall) but cuts off and barricades a rival about to win, walks into a
crowded artifact hall only as the favourite of the face-up cards, and answers every prompt legally
from what its own seat may know. The "easy" level is the first bot, unchanged.

Seat 0's shrine is B2 (B1 and B3 lead inward to A1 and A2); seat 1's is B6 (B5–A3, B7–A4)."""

from __future__ import annotations

import random

import pytest

from games.castle import ENGINE
from games.castle import bot as castle_bot
from games.castle.board import corridor_key
from games.castle.bot_contest import favourite
from games.castle.bot_normal import expel_answers, read
from games.castle.halls import open_neighbours
from games.castle.orders import ORDERS
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState, Marker
from games.core import Action, Option, Prompt, seat
from games.core.orders import Part, Sheet, Step, message
from games.core.rng import derived
from tests.games.castle.helpers import new_game, orders, position, prompt_of
from tests.games.castle.test_properties import disguise


def normal_bot(state: CastleState, prompt: Prompt, rng: random.Random) -> Action:
    """The normal bot's own answer (not `bot_action`'s safety net), which must be legal."""
    action = Action(prompt=prompt.id, value=castle_bot.decide(state, prompt, rng, "normal"))
    refusal = ENGINE.check(state, prompt.seat, action)
    assert refusal is None, f"the bot answered {action.value!r} to {prompt.key}: {refusal}"
    return action


def bot_order(state: CastleState, seat: int = 0, level: str = "normal") -> dict[str, list[str]]:
    """Let the bot fill seat's order sheet and press Done; its order as the sheet holds it."""
    castle_bot.forget_plans()
    rng = random.Random(0)
    for _ in range(30):
        if state.sheets[seat].done:
            return ORDERS.order(state, seat)
        prompt = prompt_of(state, seat)
        action = Action(prompt=prompt.id, value=castle_bot.decide(state, prompt, rng, level))
        assert ENGINE.check(state, seat, action) is None
        state, _ = ENGINE.apply(state, seat, action)
    raise AssertionError("the bot did not finish its order")


def start(players: int = 3, **changes: object) -> CastleState:
    return position(new_game(players, seed=21), **changes)  # type: ignore[arg-type]


# --- routes ---------------------------------------------------------------------------------------
def test_a_bot_next_to_an_artifact_takes_it() -> None:
    state = start(halls={0: "A1"}, hands={0: ["ahaha"]})
    assert bot_order(state)["move"] == ["C"]


def test_a_carrier_heads_for_its_shrine_by_the_shortest_open_route() -> None:
    state = start(halls={0: "C"}, hands={0: ["ahaha"]}, floor={}, carried={0: 1})
    assert bot_order(state)["move"] in (["A1"], ["A2"]), "C → A1 → B1 → B2 or C → A2 → B3 → B2"
    state.locks.append(Marker(corridor=("A1", "C"), since=state.round, until=state.round))
    assert bot_order(state)["move"] == ["A2"], "C–A1 is Locked: the other way is as short"


def test_a_carrier_takes_a_secret_passage_home() -> None:
    state = start(halls={0: "A1"}, hands={0: ["ahaha"]}, floor={}, carried={0: 1})
    state.passages.append(corridor_key("A1", "B2"))
    assert bot_order(state)["move"] == ["B2"], "the passage A1–B2 is one corridor instead of two"


def test_second_wind_carries_an_artifact_home_a_round_sooner() -> None:
    state = start(halls={0: "C"}, hands={0: ["second_wind"]}, floor={}, carried={0: 1})
    order = bot_order(state)
    assert order["card"] == ["1"]
    assert order["move"] in (["A1", "B1"], ["A2", "B3"])


# --- whom to stop -----------------------------------------------------------------------------------
def test_a_bot_lets_an_ordinary_carrier_go_and_waits_by_the_central_hall() -> None:
    """Seat 1 carries its first artifact home: cutting it off would only make it drop the artifact
    and start the scramble again. The next artifact appears in C: seat 0 waits next to it, in A1
    on its own way home."""
    state = start(halls={0: "B1", 1: "A3"}, hands={0: ["ahaha"]}, floor={}, carried={1: 1})
    assert bot_order(state)["move"] == ["A1"]
    waiting = start(halls={0: "A1", 1: "A3"}, hands={0: ["ahaha"]}, floor={}, carried={1: 1})
    assert bot_order(waiting)["move"] == ["stay"]
    k = read(waiting, 0)
    assert not k.close_to_winning(1) and k.worth_blocking() == []


def test_a_bot_cuts_off_a_rival_carrying_the_winning_artifact() -> None:
    """Seat 1 has delivered 2 of 3 and carries the third from C home (C → A3 → B5 → B6); seat 0
    in A2 reaches A3 as soon as the carrier does."""
    state = start(halls={0: "A2", 1: "C"}, hands={0: ["ahaha"]}, floor={}, carried={1: 1}, delivered={1: 2})
    assert bot_order(state)["move"] == ["A3"]
    lead = start(halls={0: "A2", 1: "C"}, hands={0: ["ahaha"]}, floor={}, carried={1: 1}, delivered={1: 1})
    assert bot_order(lead)["move"] != ["A3"], "with 1 delivered the delivery does not win: no chase"


def test_a_bot_barricades_a_rival_one_step_from_winning() -> None:
    state = start(halls={1: "B5"}, hands={0: ["platform"]}, floor={}, carried={1: 1}, delivered={1: 2})
    order = bot_order(state)
    assert order["card"][0] == "1"
    assert sorted(order["card"][-2:]) == ["B5", "B6"]


def test_a_carrier_that_would_merely_go_ahead_is_not_barricaded() -> None:
    """Blocking every carrier near home keeps anyone from scoring (most 4-player games then run to
    the round limit): the Platform is kept for a carrier about to win."""
    state = start(halls={1: "B5"}, hands={0: ["platform"]}, floor={}, carried={1: 1})
    assert bot_order(state)["card"][0] != "1"
    assert bot_order(state, level="easy")["card"][0] == "1", "the easy bot blocks any carrier"


# --- crowds at the artifact ------------------------------------------------------------------------
def test_only_the_favourite_of_the_face_up_cards_walks_into_the_artifact_hall() -> None:
    """Seats 0 and 1 both stand next to C. Seat 0 shows Robbery and Shackles (Base 2), seat 1 two
    Peeks (Base 0): seat 0 walks in and takes the artifact, seat 1 waits and tries a new card."""
    state = start(halls={0: "A1", 1: "A3"}, hands={0: ["ahaha"], 1: ["ahaha"]},
                  rows={0: ["robbery", "shackles"], 1: ["peek", "peek"]}, first=1)
    assert favourite(read(state, 1), "C", state.first_player) == 0
    assert bot_order(state, 0)["move"] == ["C"]
    order = bot_order(state, 1)
    assert order["move"] == ["stay"]
    assert order["card"][:2] == ["none", "replace-skirmish"]


def test_two_bots_in_the_artifact_hall_do_not_stay_stuck_together() -> None:
    """Players below a tie stay in the hall together and nobody takes the artifact; the weaker
    one steps out so the other can take it."""
    state = start(halls={0: "C", 1: "C"}, hands={0: ["ahaha"], 1: ["ahaha"]},
                  rows={0: ["robbery", "shackles"], 1: ["peek", "eject"]})
    assert bot_order(state, 0)["move"] == ["stay"]
    assert bot_order(state, 1)["move"] != ["stay"]


# --- the winner's choices ----------------------------------------------------------------------------
def test_the_winner_ejects_a_loser_far_from_the_artifact() -> None:
    """Seat 0 wins in A1 with Eject (Push beats Seat 1's Trick cards): the loser ends at least two
    corridors from the artifact in C, however the sheet asks the expulsion."""
    state = start(halls={0: "B1", 1: "A1"}, rows={0: ["eject", "eject"], 1: ["peek", "peek"]},
                  hands={0: ["ahaha"], 1: ["ahaha"]})
    state, _ = orders(state, {0: (["none", "nothing"], ["A1"]), 1: (["none", "nothing"], None)})
    rng = random.Random(0)
    while not any(p.key == "castle-sheet" for p in state.prompts):
        prompt = next(p for p in state.prompts if not p.answered)
        action = normal_bot(state, prompt, rng) if prompt.seat == 0 else ENGINE.default_action(state, prompt)
        state, _ = ENGINE.apply(state, prompt.seat, action)
    assert state.table[0].hall == "A1" and state.table[0].carried == 0
    assert state.the_board().original_distance(state.table[1].hall, "C") >= 2


class OneOrTwoHalls(Part[CastleState]):
    """An expulsion asked another way (Eject made optional): "one hall or two?", then the halls."""

    name = "expel"

    def step(self, state: CastleState, sheet: Sheet, answers: list[str]) -> Step | None:
        fight = state.fight
        assert fight is not None
        loser = fight.losers[0]
        if not answers:
            return Step("how-far", [Option(value="one", label="one"), Option(value="two", label="two")])
        here = fight.hall if len(answers) == 1 else answers[-1]
        if len(answers) == (2 if answers[0] == "one" else 3):
            return None
        halls = [h for h in open_neighbours(state, here) if h != fight.hall]
        return Step("where", [Option(value=h, label="hall") for h in halls], {"player": seat(loser)})

    def default(self, state: CastleState, sheet: Sheet) -> list[str]:
        return []

    def describe(self, state: CastleState, sheet: Sheet, answers: list[str]) -> dict[str, object]:
        return message("expel")


def test_the_winner_answers_an_expulsion_asked_any_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the steps of the expulsion question, the bot explores them and sends the loser as
    far as it may from the artifact in C: here two halls rather than one."""
    state = start(halls={0: "B1", 1: "A1"}, rows={0: ["eject", "eject"], 1: ["peek", "peek"]},
                  hands={0: ["ahaha"], 1: ["ahaha"]})
    state, _ = orders(state, {0: (["none", "nothing"], ["A1"]), 1: (["none", "nothing"], None)})
    while state.fight is None:
        prompt = next(p for p in state.prompts if not p.answered)
        state, _ = ENGINE.apply(state, prompt.seat, ENGINE.default_action(state, prompt))
    monkeypatch.setitem(CHOICES.parts, "expel", OneOrTwoHalls())
    answers = expel_answers(state, read(state, 0), CHOICES.sheets(state)[0])
    assert answers is not None and answers[0] == "two"
    assert state.the_board().original_distance(answers[-1], "C") == 3


# --- levels and knowledge ------------------------------------------------------------------------------
def test_the_easy_level_is_the_first_bot() -> None:
    """The easy bot chases every carrier; the normal bot lets an ordinary one go."""
    state = start(halls={0: "A2", 1: "C"}, hands={0: ["ahaha"]}, floor={}, carried={1: 1})
    assert bot_order(state, level="easy")["move"] == ["A3"], "easy cuts off any carrier"
    assert bot_order(state, level="normal")["move"] != ["A3"]


def test_the_normal_bot_never_sees_other_hands() -> None:
    state = start(hands={0: ["platform", "ahaha"], 1: ["second_wind"], 2: ["devil"]})
    other = start(hands={0: ["platform", "ahaha"], 1: ["unfair"], 2: ["passage"]})
    assert bot_order(state) == bot_order(other)


def test_normal_bots_among_themselves_answer_legally_blindly_and_win_before_the_round_limit() -> None:
    """Every answer is legal, and every fifth one is the same in a state that differs only in what
    the answering seat cannot know (other hands, the decks, other orders)."""
    seed = 3
    state, _ = ENGINE.setup(3, None, seed)
    for step in range(6000):
        if state.over:
            break
        prompt = next(p for p in state.prompts if not p.answered)
        rng = derived(seed, "normal", step)
        if step % 5 == 0:
            hidden = disguise(state, random.Random(step), prompt.seat)
            castle_bot.forget_plans()
            blind = castle_bot.decide(hidden, prompt, derived(seed, "normal", step), "normal")
            castle_bot.forget_plans()
            assert blind == castle_bot.decide(state, prompt, derived(seed, "normal", step), "normal")
        state, _ = ENGINE.apply(state, prompt.seat, normal_bot(state, prompt, rng))
    assert state.over
    assert max(p.delivered for p in state.table) == state.options.artifacts_to_win
    assert state.round < state.options.max_rounds
