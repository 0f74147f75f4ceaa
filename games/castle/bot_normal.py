"""The "normal" Castle bot: plays like a decent human who knows the rules.

It plans routes over the board as it is now (`bot_board.Castle`: open corridors, Locks and
Barricades with the rounds they last, secret passages) and differs from the "easy" bot in what it
aims at:
- a free artifact: the one with the shortest whole trip (to it, then home); carrying: home, by the
  earliest arrival, keeping out of rivals' reach when that costs nothing;
- a rival carrying the only artifact: it cuts the carrier off only when that delivery would win the
  game (`close_to_winning`); otherwise it waits next to the Central Hall on its own way home, where
  the next artifact appears once the carrier delivers (chasing every carrier only makes everyone
  drop the artifact in turn, and nobody wins);
- a crowd at a free artifact (only a player alone in a hall takes it): it walks in only as the
  favourite of the face-up skirmish cards, else waits next door and tries a new skirmish card
  (`bot_contest`);
- cards for their purpose: Second Wind when DoubleStep saves a round on the way to an artifact or
  home; Platform 9¾ (and Defence's Lock) on the way of a carrier whose delivery would win; a Secret
  Passage that shortens its own trip more than the leader's; with a full hand the hand cards
  against the leader (as the easy bot);
- the winner's choices: every expulsion (one hall or two, whatever the sheet offers) sends the
  losers as far from what they want as possible, the most dangerous loser counting most.
Skirmish cards, Peek and "Ahaha" are answered as the easy bot answers them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from games.castle.board import Corridor
from games.castle.bot_board import FAR, rounds_to
from games.castle.bot_contest import should_enter
from games.castle.bot_easy import (
    Order,
    answer,
    best_block,
    best_passage,
    card_and_move,
    choose_path,
    corridor_tokens,
    effect_answers,
    fingerprint,
    harassment,
    passage_tokens,
)
from games.castle.bot_knowledge import Knowledge, knowledge
from games.castle.orders import NONE, ORDERS
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState
from games.core import Prompt
from games.core.orders import Sheet

EXPEL_BUDGET = 400
"""Steps of the winner's sheet explored when planning where the losers go."""


@dataclass
class Reader(Knowledge):
    """What the seat knows, read with a human's priorities (the house rules are public too)."""

    to_win: int = 3
    rounds_left: int = FAR
    first_player: int = 0

    def _goal(self, who: int) -> str:
        if self.carried[who]:
            return self.shrines[who]
        if self.floor:
            return min(self.floor, key=lambda hall: (self.whole_trip(who, hall), hall))
        dangerous = [s for s in self.carriers() if s != who and self.close_to_winning(s)]
        if dangerous:
            return self.intercept(who, max(dangerous, key=self.lead))
        return self.waiting_hall(who)

    def whole_trip(self, who: int, hall: str) -> int:
        """Rounds to the artifact in `hall` (markers waited out), then corridors home from it."""
        there = self.castle.arrival(self.positions[who], hall, 0)
        return there + self.castle.dist(self.shrines[who]).get(hall, FAR)

    def carriers(self) -> list[int]:
        return [s for s in range(self.players) if self.carried[s]]

    def close_to_winning(self, who: int) -> bool:
        """Delivering what `who` carries would win the game (or take the lead as the rounds run out)."""
        if not self.carried[who]:
            return False
        after = self.delivered[who] + self.carried[who]
        if after >= self.to_win:
            return True
        home = self.castle.dist(self.shrines[who]).get(self.positions[who], FAR)
        others = [self.delivered[s] for s in range(self.players) if s != who]
        return self.rounds_left <= home + 1 and after > max(others, default=0)

    def waiting_hall(self, who: int) -> str:
        """Next to the Central Hall on `who`'s way home: the next artifact appears in the Central
        Hall, one corridor away, and a mover into a skirmish has the arrival bonus."""
        centre = self.board.centre
        way = self.castle.path(centre, self.shrines[who])
        return way[0] if way else centre

    def worth_blocking(self) -> list[int]:
        """Rivals whose way a Barricade or a Lock should cut: carriers whose delivery would win.
        (Blocking every carrier near home was measured to keep most 4-player games from ending.)"""
        return sorted((r for r in self.rivals() if self.close_to_winning(r)), key=self.lead, reverse=True)


def read(state: CastleState, me: int) -> Reader:
    """`knowledge()` (only what seat `me` may know) plus the public house rules."""
    seen = knowledge(state, me)
    copied = {f.name: getattr(seen, f.name) for f in fields(seen) if f.init and not f.name.startswith("_")}
    return Reader(**copied, to_win=state.options.artifacts_to_win,
                  rounds_left=state.options.max_rounds - state.round, first_player=state.first_player)


# --- the order ------------------------------------------------------------------------------------
def purposeful(k: Reader, goal: str) -> bool:
    """Whether the bot is racing (to an artifact, home, or to cut off a carrier that would win),
    rather than waiting for the next artifact."""
    return bool(k.carried[k.seat]) or goal in k.floor or any(k.close_to_winning(r) for r in k.rivals())


def holding_back(k: Reader, goal: str) -> bool:
    """Next to (or in) a free artifact's hall while a rival is the favourite to win the skirmish
    there (`bot_contest`): wait next door rather than walk into the crowd."""
    if k.carried[k.seat] or goal not in k.floor or k.castle.dist(goal).get(k.here, FAR) > 1:
        return False
    return not should_enter(k, goal, k.first_player)


def choose_card(k: Reader, goal: str, waiting: bool = False) -> Order:
    hand = k.hand
    position = {kind: str(hand.index(kind) + 1) for kind in hand}
    row = k.rows[k.seat]
    weakest = min(range(len(row)), key=lambda i: (row[i].base, i), default=None)
    if not k.barred:
        racing = not waiting and purposeful(k, goal)
        if "second_wind" in position and k.can_double() and racing and (
            rounds_to(k.castle, k.here, goal, True) < rounds_to(k.castle, k.here, goal, False)
        ):
            return Order([position["second_wind"]], double=True)
        if "platform" in position and (block := blocking_corridor(k)):
            return Order([position["platform"], *corridor_tokens(k, block)], exact=True)
        if "passage" in position and racing and (opening := best_passage(k, adjacent_rings=True)):
            return Order([position["passage"], *passage_tokens(k, opening, True)], exact=True)
        if len(hand) >= 3 and (harass := harassment(k, position)):
            return harass
    if waiting and weakest is not None and row[weakest].base <= 1:
        return Order([NONE, "replace-skirmish", str(weakest + 1)])  # outmatched: try a stronger card
    if len(hand) < 3:
        return Order([NONE, "draw"])
    if weakest is not None and row[weakest].base == 0:
        return Order([NONE, "replace-skirmish", str(weakest + 1)])  # Peek (Base 0) rarely wins
    return Order([NONE, "nothing"])


_PLANS: dict[tuple[object, ...], dict[str, list[str]]] = {}
"""Recent orders and choices by everything they depend on (a sheet asks several steps in a row)."""


def forget_plans() -> None:
    """Plan again from scratch (tests that compare two plannings)."""
    _PLANS.clear()


def remembered(memo: tuple[object, ...], plan: dict[str, list[str]] | None = None) -> dict[str, list[str]] | None:
    """A copy of the plan remembered under `memo` (storing `plan` there first, when given)."""
    if plan is not None:
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[memo] = plan
    found = _PLANS.get(memo)
    return None if found is None else {name: list(answers) for name, answers in found.items()}


def order_plan(state: CastleState, prompt: Prompt) -> dict[str, list[str]]:
    k = read(state, prompt.seat)
    sheet = ORDERS.sheets(state)[prompt.seat]
    memo = ("order", k.to_win, k.rounds_left, k.first_player, *fingerprint(k, sheet))
    plan = remembered(memo)
    if plan is None:
        plan = remembered(memo, make_order(state, k, sheet))
    assert plan is not None
    return plan


def make_order(state: CastleState, k: Reader, sheet: Sheet) -> dict[str, list[str]]:
    goal = k.goal_of(k.seat)
    waiting = holding_back(k, goal)
    return card_and_move(state, k, sheet, choose_card(k, goal, waiting),
                         lambda double: wait_path(k, goal, double) if waiting else choose_path(k, goal, double))


def wait_path(k: Reader, goal: str, double: bool) -> list[str]:
    """Next door to the artifact's hall, out of the crowd: staying if already next door."""
    near = k.castle.dist(goal)

    def score(path: list[str]) -> tuple[int, int, int]:
        end = path[-1] if path else k.here
        crowd = sum(1 for r in k.rivals() if k.positions[r] == end)
        return (near.get(end, FAR), crowd, len(path))

    outside = [p for p in k.castle.moves(k.here, double) if (p[-1] if p else k.here) != goal]
    return min(outside, key=score) if outside else []


# --- the winner's choices ---------------------------------------------------------------------------
def choice_plan(state: CastleState, prompt: Prompt) -> dict[str, list[str]]:
    fight = state.fight
    assert fight is not None
    sheet = CHOICES.sheets(state)[prompt.seat]
    k = read(state, prompt.seat)
    memo = ("choice", fight.hall, fight.winner, tuple(fight.losers), fight.card, *fingerprint(k, sheet))
    plan = remembered(memo)
    if plan is None:
        plan = remembered(memo, make_choices(state, k, sheet))
    assert plan is not None
    return plan


def make_choices(state: CastleState, k: Reader, sheet: Sheet) -> dict[str, list[str]]:
    fight = state.fight
    assert fight is not None
    plan: dict[str, list[str]] = {}
    if "expel" in sheet.parts and (answers := expel_answers(state, k, sheet)) is not None:
        plan["expel"] = answers
    def block() -> Corridor | None:  # only a rival worth it
        targets = k.worth_blocking()
        return best_block(k, next_round=True, rivals=targets) if targets else None

    if "effect" in sheet.parts and (answers := effect_answers(state, k, sheet, block)) is not None:
        plan["effect"] = answers
    return plan


def seat_param(params: dict[str, object]) -> int | None:
    player = params.get("player")
    if isinstance(player, dict) and isinstance(player.get("seat"), int):
        return int(player["seat"])
    return None


def expel_answers(state: CastleState, k: Reader, sheet: Sheet) -> list[str] | None:
    """The expulsion that leaves the losers farthest from what they want. The sheet's steps are
    explored as they come (which loser is ejected, one hall or two, which halls), so any shape of
    the question is answered; each hall step tries its three most distant halls for that loser."""
    fight = state.fight
    assert fight is not None
    part = CHOICES.parts["expel"]
    weight = {s: 1.0 + k.delivered[s] + k.carried[s] + (1.0 if k.close_to_winning(s) else 0.0) for s in fight.losers}

    def badness(who: int, hall: str) -> int:
        return min(k.castle.dist(k.goal_of(who)).get(hall, FAR), 12)

    def value(trace: list[tuple[int, str]]) -> float:
        landed = {who: fight.hall for who in fight.losers} | dict(trace)
        return sum(weight.get(who, 1.0) * badness(who, hall) for who, hall in landed.items())

    best: tuple[float, list[str]] | None = None
    budget = EXPEL_BUDGET

    def explore(answers: list[str], trace: list[tuple[int, str]]) -> None:
        nonlocal best, budget
        if budget <= 0:
            return
        budget -= 1
        step = part.step(state, sheet, answers)
        if step is None:
            score = value(trace)
            if best is None or score > best[0]:
                best = (score, answers)
            return
        options = [o.value for o in step.options if o.disabled is None]
        who = seat_param(step.params)
        if who is not None and options and all(o in k.castle.adjacent for o in options):
            for hall in sorted(options, key=lambda h: (-badness(who, h), h))[:3]:
                explore([*answers, hall], [*trace, (who, hall)])
            return
        for option in options:
            explore([*answers, option], trace)

    explore([], [])
    return best[1] if best else None


# --- the entry point --------------------------------------------------------------------------------
def decide(state: CastleState, prompt: Prompt, rng: random.Random) -> str:
    """The normal bot's answer to any Castle prompt (`games.castle.bot.bot_action` checks it)."""
    return answer(state, prompt, rng, orders=order_plan, choices=choice_plan)


def blocking_corridor(k: Reader) -> Corridor | None:
    """The Barricade the bot would put down now (for tests and the order): None unless a rival is
    worth blocking."""
    targets = k.worth_blocking()
    return best_block(k, next_round=False, rivals=targets) if targets else None
