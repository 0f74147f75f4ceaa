"""Bad input is refused with its own reason (a `castle-refuse-…` message), and nothing changes.

Each case brings a seat to the prompt where the mistake can be made, then answers it either by
clicking an option that is shown but disabled, or by typing a value that is not among the options
(the engine's `_explain_unknown` names the reason instead of a bare "no such option")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.castle import ENGINE
from games.castle.board import corridor_key
from games.castle.state import CastleState, Marker
from games.core import Action, IllegalAction
from games.core.orders import EDIT
from tests.games.castle.helpers import act, new_game, orders, position, prompt_of


def at(state: CastleState, seat: int, *values: str) -> CastleState:
    for value in values:
        state, _ = act(state, seat, value)
    return state


def seat0(players: int = 3, **changes: object) -> CastleState:
    """Seat 0 on its shrine B2 (neighbours B1, B3), with the position changed as given."""
    return position(new_game(players, seed=11), **changes)  # type: ignore[arg-type]


def marked(state: CastleState, *, locks: tuple[str, str] | None = None,
           barricades: tuple[str, str] | None = None) -> CastleState:
    for corridor, pile in ((locks, state.locks), (barricades, state.barricades)):
        if corridor is not None:
            pile.append(Marker(corridor=corridor_key(*corridor), since=state.round, until=state.round, by=1))
    return state


def removed(state: CastleState, a: str, b: str) -> CastleState:
    state.removed.append(corridor_key(a, b))
    return state


def barred(state: CastleState) -> CastleState:
    state.table[0].barred = state.round
    return state


def skirmish_prompt() -> CastleState:
    """Seat 0 and seat 1 meet in B1 (both walk there): seat 0 is asked for a skirmish card."""
    state = seat0(halls={1: "B12"})
    state, _ = orders(state, {0: (None, ["B1"]), 1: (None, ["B1"])})
    assert prompt_of(state, 0).key == "castle-ask-skirmish"
    return state


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[], CastleState]
    value: str
    reason: str
    clicked: bool
    """True: the value is a disabled option; False: typed, not among the options."""


CASES = [
    Case("a move along no corridor", lambda: at(seat0(), 0, f"{EDIT}move"), "C", "castle-refuse-no-corridor", False),
    Case("a move to a hall that does not exist", lambda: at(seat0(), 0, f"{EDIT}move"), "Z9",
         "castle-refuse-no-corridor", False),
    Case("two corridors without DoubleStep", lambda: at(seat0(), 0, f"{EDIT}move"), "B1,A1",
         "castle-refuse-no-double-step", False),
    Case("through a Lock (clicked)", lambda: at(marked(seat0(), locks=("B2", "B1")), 0, f"{EDIT}move"), "B1",
         "castle-refuse-locked", True),
    Case("through a Lock (typed path)", lambda: at(marked(seat0(hands={0: ["second_wind"]}), locks=("B2", "B1")), 0,
                                                   f"{EDIT}card", "1", f"{EDIT}move"), "B1>A1",
         "castle-refuse-locked", False),
    Case("through a Lock even with Second Wind",
         lambda: at(marked(seat0(hands={0: ["second_wind"]}), locks=("B2", "B1")), 0, f"{EDIT}card", "1",
                    f"{EDIT}move"), "B1", "castle-refuse-locked", True),
    Case("through a Barricade without DoubleStep", lambda: at(marked(seat0(), barricades=("B2", "B3")), 0,
                                                              f"{EDIT}move"), "B3", "castle-refuse-barricade", True),
    Case("the second corridor is checked too",
         lambda: at(marked(seat0(hands={0: ["second_wind"]}), locks=("B1", "A1")), 0, f"{EDIT}card", "1",
                    f"{EDIT}move", "B1"), "A1", "castle-refuse-locked", True),
    Case("a card while barred", lambda: at(barred(seat0(hands={0: ["devil", "platform"]})), 0, f"{EDIT}card"), "2",
         "castle-refuse-barred", True),
    Case("a card not in hand", lambda: at(seat0(hands={0: ["devil", "platform"]}), 0, f"{EDIT}card"), "3",
         "castle-refuse-not-in-hand", False),
    Case("replacing an action card not in hand",
         lambda: at(seat0(hands={0: ["devil", "platform"]}), 0, f"{EDIT}card", "none", "replace-action"), "3",
         "castle-refuse-not-in-hand", False),
    Case("a Secret Passage between non-adjacent rings",
         lambda: at(seat0(hands={0: ["passage"]}), 0, f"{EDIT}card", "1", "B1"), "C",
         "castle-refuse-passage-rings", False),
    Case("a Secret Passage farther than 3 on the original board",
         lambda: at(seat0(hands={0: ["passage"]}), 0, f"{EDIT}card", "1", "A1"), "B6",
         "castle-refuse-passage-far", False),
    Case("a Secret Passage where a corridor already is",
         lambda: at(seat0(hands={0: ["passage"]}), 0, f"{EDIT}card", "1", "A1"), "B1",
         "castle-refuse-passage-joined", False),
    Case("Platform 9¾ on a removed corridor",
         lambda: at(removed(seat0(hands={0: ["platform"]}), "A1", "C"), 0, f"{EDIT}card", "1", "A1"), "C",
         "castle-refuse-platform-removed", False),
    Case("Unfair Deal with yourself", lambda: at(seat0(hands={0: ["unfair"]}), 0, f"{EDIT}card", "1"), "0",
         "castle-refuse-self", False),
    Case("Deal with the Devil with yourself", lambda: at(seat0(hands={0: ["devil", "ahaha"]}), 0, f"{EDIT}card", "1"),
         "0", "castle-refuse-self", False),
    Case("\"Ahaha\" on a player with no cards",
         lambda: at(seat0(hands={0: ["ahaha"], 1: []}), 0, f"{EDIT}card", "1"), "1", "castle-refuse-no-cards", True),
    Case("drawing with 3 cards in hand",
         lambda: at(seat0(hands={0: ["devil", "platform", "ahaha"]}), 0, f"{EDIT}card", "none"), "draw",
         "castle-refuse-hand-full", True),
    Case("replacing a skirmish card you do not hold",
         lambda: at(seat0(), 0, f"{EDIT}card", "none", "replace-skirmish"), "3", "castle-refuse-no-skirmish-card",
         False),
    Case("a skirmish card you do not hold", skirmish_prompt, "3", "castle-refuse-no-skirmish-card", False),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_refused_with_its_reason_and_changes_nothing(case: Case) -> None:
    state = case.build()
    prompt = prompt_of(state, 0)
    option = prompt.option(case.value)
    if case.clicked:
        assert option is not None and option.disabled is not None, "shown, but disabled"
        assert option.disabled.key == case.reason, "the button carries its reason"
    else:
        assert option is None, "typed: not among the options"
    before = ENGINE.dump(state)
    action = Action(prompt=prompt.id, value=case.value)
    refusal = ENGINE.check(state, 0, action)
    assert refusal is not None and refusal.key == case.reason
    with pytest.raises(IllegalAction) as raised:
        ENGINE.apply(state, 0, action)
    assert raised.value.refusal == refusal
    assert ENGINE.dump(state) == before, "a refused answer changes nothing"


def test_the_same_answers_are_accepted_when_legal() -> None:
    """The refusals above are about the position, not the values: without the obstacle they pass."""
    state = at(seat0(), 0, f"{EDIT}move")
    assert ENGINE.check(state, 0, Action(prompt=prompt_of(state, 0).id, value="B1")) is None
    state = at(seat0(hands={0: ["second_wind"]}), 0, f"{EDIT}card", "1", f"{EDIT}move", "B1")
    assert ENGINE.check(state, 0, Action(prompt=prompt_of(state, 0).id, value="A1")) is None
    state = at(seat0(hands={0: ["passage"]}), 0, f"{EDIT}card", "1", "A1")
    assert ENGINE.check(state, 0, Action(prompt=prompt_of(state, 0).id, value="B4")) is None
    state = at(seat0(hands={0: ["unfair"]}), 0, f"{EDIT}card", "1")
    assert ENGINE.check(state, 0, Action(prompt=prompt_of(state, 0).id, value="1")) is None


def test_another_players_prompt_and_a_stale_prompt_are_refused() -> None:
    state = seat0()
    old = prompt_of(state, 0)
    assert ENGINE.check(state, 1, Action(prompt=old.id, value="~done")).key == "error-not-your-prompt"  # type: ignore[union-attr]
    state = at(state, 0, f"{EDIT}move")
    assert ENGINE.check(state, 0, Action(prompt=old.id, value="~done")).key == "error-stale"  # type: ignore[union-attr]


def test_every_reason_is_a_message_of_the_castle_catalog_in_both_languages() -> None:
    locales = Path(__file__).resolve().parents[3] / "data" / "locales"
    for language in ("en", "ru"):
        catalog = (locales / language / "castle.ftl").read_text(encoding="utf-8")
        defined = set(re.findall(r"^(castle-refuse-[a-z-]+) =", catalog, flags=re.MULTILINE))
        assert {case.reason for case in CASES} <= defined, language
