"""One card, one number, everywhere (issue 36): across seeded random games played by bots, every line
that names a card — events, prompts and their option lists, the table's rows, a player's own row, a
war order as it is chosen, announced and resolved — names the same physical card as the state does.

The number of a card is `TableCard.numbered(position)`; option N of a card list is card #N."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.core import GM, Action, Event, Prompt
from games.sword_of_lies import ENGINE, phase3
from games.sword_of_lies import cards as cardlib
from games.sword_of_lies.state import SolState, TableCard

from .helpers import new_game

CARD_LABELS = ("sol-opt-card", "sol-opt-own-card", "sol-opt-card-gone")
TOKEN = re.compile(r"(\d+):(\S+)")


def numbered(state: SolState, seat: int) -> dict[int, TableCard]:
    return {card.numbered(p): card for p, card in enumerate(state.table[seat].cards, start=1)}


def who(value: Any) -> int:
    assert isinstance(value, dict) and set(value) == {"seat"}, value
    return int(value["seat"])


class Checker:
    """Follows one game step by step and checks every card a line names."""

    def __init__(self) -> None:
        self.chosen: dict[int, dict[str, Any]] = {}
        """Per seat: the cards of the war order being composed, as the options chosen named them."""

    # --- what a player reads before acting ---------------------------------------------------------
    def prompt(self, state: SolState, prompt: Prompt) -> None:
        cards = [(i, o) for i, o in enumerate(prompt.options, start=1) if o.label in CARD_LABELS]
        if cards:
            owner = who(prompt.params.get("owner", prompt.params.get("player"))) \
                if prompt.key in ("sol-prompt-trade-their", "sol-prompt-ask-position", "sol-prompt-war-position") \
                else prompt.seat
            row = state.table[owner].cards
            listed = [o.params["position"] for _, o in cards]
            numbers = sorted(c.numbered(p) for p, c in enumerate(row, start=1))
            assert set(numbers) <= set(listed), (prompt.key, listed, numbers)
            for index, option in cards:
                assert index == option.params["position"], f"{prompt.key}: option {index} is card #{option.params}"
                if option.label == "sol-opt-card-gone":
                    assert option.disabled is not None and option.params["position"] not in numbers
                    continue
                card = row[int(option.value) - 1]
                assert card.numbered(int(option.value)) == option.params["position"], (prompt.key, option)
                if "card_id" in option.params:
                    assert option.params["card_id"] == card.card
        self._params(state, prompt.key, prompt.params, reader=prompt.seat)

    def _params(self, state: SolState, key: str, params: dict[str, Any], reader: int | None) -> None:
        """A line's own row for its one reader ("hand", "faces"): each face at its number."""
        if reader is None:
            return
        row = numbered(state, reader)
        for face in params.get("faces") or []:
            assert row[face["position"]].card == face["card_id"], (key, face)
        hand = params.get("hand")
        if isinstance(hand, str):
            for number, face in TOKEN.findall(hand):
                assert cardlib.text(row[int(number)].card) == face, (key, hand)

    # --- what a step tells ---------------------------------------------------------------------------
    def step(self, before: SolState, prompt: Prompt, action: Action, after: SolState, events: list[Event]) -> None:
        self._track_order(before, prompt, action)
        for event in events:
            self._event(before, after, event)

    def _track_order(self, state: SolState, prompt: Prompt, action: Action) -> None:
        seat = prompt.seat
        if prompt.key == phase3.WAR_KIND or action.value in (phase3.CHANGE, "back"):
            self.chosen[seat] = {"targets": [], "pending": None, "cost": 0}
            return
        mine = self.chosen.get(seat)
        if mine is None:
            return
        option = prompt.option(str(action.value))
        if prompt.key == phase3.WAR_TARGET:
            mine["pending"] = int(str(action.value))
        elif prompt.key == phase3.WAR_POSITION:
            assert option is not None
            mine["targets"].append((mine["pending"], option.params["position"]))
        elif prompt.key == phase3.WAR_COST:
            assert option is not None
            mine["cost"] = option.params["position"]

    def _event(self, before: SolState, after: SolState, event: Event) -> None:
        key, params = event.key, event.params
        if key in ("sol-event-reveal", "sol-event-card-hit"):
            card = numbered(before, who(params["player"]))[params["position"]]
            assert card.card == params["card_id"], (key, params)
        elif key == "sol-event-reveal-only":
            assert not numbered(before, who(params["player"]))[params["position"]].revealed
        elif key == "sol-event-trade-received":
            assert event.to is not None
            assert numbered(after, event.to[0])[params["position"]].card == params["card_id"]
        elif key in ("sol-event-interrogation", "sol-event-ask-only"):
            assert params["position"] in numbered(before, who(params["target"]))
        elif key == "sol-event-colour-named":
            assert params["position"] in numbered(before, who(params["player"]))
        elif key == "sol-event-marked":
            mark = numbered(after, who(params["target"]))[params["position"]].mark
            assert mark is not None and mark.by == who(params["player"])
        elif key in ("sol-event-trade", "sol-event-trade-offered"):
            assert params["position"] in numbered(before, who(params["player"]))
            assert params["their_position"] in numbered(before, who(params["target"]))
        elif key in ("sol-event-order-in", "sol-event-attack"):
            self._order_line(before, event)
        elif key.startswith("sol-event-war-") and key.endswith("-only"):
            self._forced(before, event)
        if event.to is not None and len(event.to) == 1:
            self._params(after, key, params, reader=event.to[0])

    def _forced(self, state: SolState, event: Event) -> None:
        """A step of a war order made for its player (its only answer): what it names is what is taken."""
        assert event.to is not None and len(event.to) == 1
        seat, params = event.to[0], event.params
        if event.key == "sol-event-war-kind-only":
            self.chosen[seat] = {"targets": [], "pending": None, "cost": 0}
            return
        mine = self.chosen[seat]
        if event.key == "sol-event-war-target-only":
            mine["pending"] = who(params["player"])
        elif event.key == "sol-event-war-position-only":
            assert who(params["player"]) == mine["pending"] and params["position"] in numbered(state, mine["pending"])
            mine["targets"].append((mine["pending"], params["position"]))
        else:
            assert params["position"] in numbered(state, seat)
            mine["cost"] = params["position"]

    def _order_line(self, state: SolState, event: Event) -> None:
        params = event.params
        player = who(params["player"])
        mine = self.chosen[player]
        named = [(who(params[f"target{n}"]), params[f"position{n}"]) for n in (1, 2) if f"target{n}" in params]
        assert named == mine["targets"], (event.key, params, mine)
        for seat, number in named:
            assert number in numbered(state, seat)
        if params["double"] == "yes":
            assert params["cost"] == mine["cost"], (event.key, params, mine)
            assert params["cost"] in numbered(state, player)

    # --- the table as each reader sees it --------------------------------------------------------------
    def summary(self, state: SolState) -> None:
        for viewer in (None, GM, *range(state.players)):
            for line in ENGINE.summary(state, viewer):
                if line.key == "sol-summary-player":
                    seat = who(line.params["player"])
                    cards = state.table[seat].cards
                    tokens = TOKEN.findall(line.params["row"])
                    assert [int(n) for n, _ in tokens] == [c.numbered(p) for p, c in enumerate(cards, start=1)]
                    for (_, face), card in zip(tokens, cards, strict=True):
                        assert face == (cardlib.text(card.card) if card.revealed else "🂠")
                elif line.key in ("sol-summary-your-cards", "sol-summary-gm-cards"):
                    seat = who(line.params["player"])
                    self._params(state, line.key, {"hand": line.params["hand"], "faces": line.params["faces"]}, seat)
                elif line.key == "sol-summary-order":
                    assert isinstance(viewer, int) and not isinstance(viewer, bool)
                    mine = self.chosen[viewer]
                    for n, (seat, number) in enumerate(mine["targets"], start=1):
                        assert (who(line.params[f"target{n}"]), line.params[f"position{n}"]) == (seat, number)
                    if mine["cost"]:
                        assert line.params["cost"] == mine["cost"]


def play(seed: int) -> int:
    """One game by bots (mostly the easy ones, who also make double attacks); returns its steps."""
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    options = {"hand_size": rng.choice([2, 3, 4, 5, 6]), "reveal_mode": rng.choice(["sequential", "simultaneous"])}
    state = new_game(players, seed=seed, **options)
    checker = Checker()
    steps = 0
    while not state.over:
        prompt = next(p for p in state.prompts if not p.answered)
        checker.prompt(state, prompt)
        action = ENGINE.bot_action(state, prompt, rng, level=rng.choice(["easy", "easy", "normal"]))
        after, events = ENGINE.apply(state, prompt.seat, action)
        checker.step(state, prompt, action, after, events)
        if steps % 7 == 0 or after.phase in ("negotiation", "war"):
            checker.summary(after)
        state = after
        steps += 1
        assert steps < 3000
    return steps


@pytest.mark.parametrize("seed", range(12))
def test_every_line_names_the_card_the_state_holds(seed: int) -> None:
    assert play(seed) > 0
