"""The "easy" Castle bot: the first bot's policy, kept exactly as it played (it chases every
rival carrier it can reach, so bots among themselves mostly play to the round limit).

`bot_knowledge.knowledge()` copies out what the seat may know: its own hand, the public board
(halls, corridors as they are now, Locks and Barricades with the rounds they last, positions,
shrines, artifacts), every player's face-up skirmish cards, hand sizes, delivered counts and who
moved. The policy below reads only that (and its own prompt and order sheet).

One round's order:
- the goal: the nearest free artifact, then home once carrying; when a rival carries it, the first
  hall of the carrier's way home the bot can reach in time (a skirmish there makes the carrier drop);
- the move: the path with the earliest arrival, by a breadth-first search over rounds that walks one
  corridor a round and waits where a marker blocks (Locks, Barricades, removed corridors are checked
  as the engine checks them); ties: a carrier keeps out of rivals' reach, then moving beats waiting;
- the card: Second Wind when DoubleStep saves a round; Platform 9¾ on the corridor that delays the
  most dangerous rival most without delaying the bot; a Secret Passage that shortens the bot's trip
  more than the leader's; with a full hand, Unfair Deal / "Ahaha" / Deal with the Devil against the
  leader or the richest hand; else draw while the hand is short (or swap a Base-0 skirmish card).
Skirmish: the face-up card with the best chance of being the one highest, each other participant
choosing either of their face-up cards (a tie counts as a part win, more when it makes a rival
carrier drop, nothing when the bot carries). Winner's choices: losers go where they are farthest
from what they want; Robbery and Peek take from the richest loser, Shackles bind the leader, Defence
locks the leader's way, Secret Door shortens the bot's; Peek takes rather than swaps; "Ahaha"
discards the more useful card.

The order sheet is walked with `steer` toward the planned answers; `bot_action` checks the answer
with the engine and falls back to a legal one, so a seat is never stuck.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from games.castle.board import Corridor
from games.castle.bot_board import FAR, best_path, key, rounds_to
from games.castle.bot_form import AHAHA_ASK, enabled, move_tokens, steer, walk
from games.castle.bot_knowledge import CARD_VALUE, Knowledge, knowledge
from games.castle.bot_skirmish import choose_skirmish_card
from games.castle.halls import MAX_OPTIONS, RING, open_neighbours, two_step_walks
from games.castle.orders import NONE, ORDERS, STAY, double_possible
from games.castle.resolution import KEEP
from games.castle.skirmish import ASK as SKIRMISH_ASK
from games.castle.skirmish import ASK_PEEK as PEEK_ASK
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState
from games.core import Option, Prompt
from games.core.orders import Sheet


# --- plans: which corridor to block, which passage to open ------------------------------------------
def threats(k: Knowledge) -> list[int]:
    """Rivals worth slowing down: the carriers if any, else rivals no farther than the bot from scoring."""
    carriers = [r for r in k.rivals() if k.carried[r]]
    if carriers:
        return sorted(carriers, key=k.lead, reverse=True)
    mine = k.trip(k.castle, k.seat)
    return sorted((r for r in k.rivals() if k.trip(k.castle, r) <= mine), key=k.lead, reverse=True)


def best_block(k: Knowledge, *, next_round: bool, rivals: list[int] | None = None) -> Corridor | None:
    """The corridor whose blocking delays a threatening rival (`threats`, unless `rivals` are
    given) most without delaying the bot: a Barricade for this round and the next (Platform 9¾,
    played before this round's movement), or a Lock for the next round (Defence, chosen after this
    round's movement: the next move is next round's)."""
    rounds = {1} if next_round else {0, 1}
    first = 1 if next_round else 0
    chasing = not k.carried[k.seat] and not k.floor  # cutting off a carrier: its delay is the bot's aim
    my_goal = k.goal_of(k.seat)
    my_base = k.castle.arrival(k.here, my_goal, first)
    best: tuple[int, Corridor] | None = None
    for rival in threats(k) if rivals is None else rivals:
        goal = k.goal_of(rival)
        start = k.positions[rival]
        base = k.castle.arrival(start, goal, first)
        if base <= first or base >= FAR:
            continue
        near = {h for h, d in k.castle.dist(start).items() if d <= 2}
        for corridor in sorted(c for c in k.castle.corridors if c[0] in near and c[1] in near):
            taken = k.castle.locks if next_round else k.castle.barricades
            if rounds <= taken.get(corridor, set()):
                continue
            blocked = k.castle.with_marker(corridor, rounds, lock=next_round)
            gain = blocked.arrival(start, goal, first) - base
            if gain <= 0 or (not chasing and blocked.arrival(k.here, my_goal, first) > my_base):
                continue
            value = gain * (2 if k.carried[rival] else 1)
            if best is None or value > best[0]:
                best = (value, corridor)
    return best[1] if best else None


def passage_pairs(k: Knowledge, adjacent_rings: bool) -> list[Corridor]:
    """Every pair of halls a passage may join now (the rules' test, as `halls.passage_refusal`):
    not joined, original distance at most 3, and for Secret Passage on adjacent rings."""
    halls = k.castle.halls
    rings = {h: k.board.ring_of(h) for h in halls}
    pairs = []
    for a in halls:
        original = k.board.distances_from(a)
        for b in halls:
            if a >= b or key(a, b) in k.castle.corridors or original.get(b, FAR) > 3:
                continue
            if adjacent_rings and abs(rings[a] - rings[b]) != 1:
                continue
            pairs.append((a, b))
    return pairs


def trip_with(k: Knowledge, who: int, a: str, b: str) -> int:
    """`who`'s trip once corridor a–b is open: d'(x, y) = min(d(x, y), d(x, a) + 1 + d(b, y), …)."""
    from_a, from_b = k.castle.dist(a), k.castle.dist(b)

    def dist(x: str, y: str) -> int:
        plain = k.castle.dist(y).get(x, FAR)
        return min(plain, from_a.get(x, FAR) + 1 + from_b.get(y, FAR), from_b.get(x, FAR) + 1 + from_a.get(y, FAR))

    goal = k.goal_of(who)
    walk = dist(k.positions[who], goal)
    if not k.carried[who] and goal in k.floor:
        walk += dist(goal, k.shrines[who])
    return walk


def best_passage(k: Knowledge, *, adjacent_rings: bool) -> Corridor | None:
    """The new corridor that shortens the bot's trip most (at least by one), without shortening the
    leader's as much."""
    base = k.trip(k.castle, k.seat)
    leader = k.leader()
    leader_base = k.trip(k.castle, leader)
    best: tuple[int, Corridor] | None = None
    for a, b in passage_pairs(k, adjacent_rings):
        gain = base - trip_with(k, k.seat, a, b)
        if gain <= 0:
            continue
        value = gain - (leader_base - trip_with(k, leader, a, b))
        if value > 0 and (best is None or value > best[0]):
            best = (value, (a, b))
    return best[1] if best else None


def corridor_tokens(k: Knowledge, corridor: Corridor) -> list[str]:
    """A corridor's answers as the form's picker asks them (first end: any hall with a corridor,
    by ring first when there are too many; second end: its neighbours)."""
    a, b = corridor
    ends = [h for h in k.castle.halls if k.castle.adjacent.get(h)]
    ring = [f"{RING}{k.board.ring_of(a)}"] if len(ends) > MAX_OPTIONS else []
    return [*ring, a, b]


def passage_tokens(k: Knowledge, corridor: Corridor, adjacent_rings: bool) -> list[str]:
    """A passage's hall answers as the form's hall picker asks them: a ring first when a list of
    candidates is longer than a prompt may show (computed here: the form's own lists are costly)."""
    pairs = passage_pairs(k, adjacent_rings)
    a, b = corridor
    ends = {h for pair in pairs for h in pair}
    partners = {x for pair in pairs if a in pair for x in pair if x != a}
    tokens = [f"{RING}{k.board.ring_of(a)}"] if len(ends) > MAX_OPTIONS else []
    tokens.append(a)
    if len(partners) > MAX_OPTIONS:
        tokens.append(f"{RING}{k.board.ring_of(b)}")
    return [*tokens, b]


# --- the order --------------------------------------------------------------------------------------
@dataclass
class Order:
    card: list[str]
    """The card part's answers, halls without the ring step (the walker adds it) unless `exact`."""
    double: bool = False
    exact: bool = False


def choose_card(k: Knowledge, goal: str) -> Order:
    hand = k.hand
    position = {kind: str(hand.index(kind) + 1) for kind in hand}
    if not k.barred:
        saves_a_round = rounds_to(k.castle, k.here, goal, True) < rounds_to(k.castle, k.here, goal, False)
        if "second_wind" in position and k.can_double() and saves_a_round:
            return Order([position["second_wind"]], double=True)
        if "platform" in position and (block := best_block(k, next_round=False)):
            return Order([position["platform"], *corridor_tokens(k, block)], exact=True)
        if "passage" in position and (opening := best_passage(k, adjacent_rings=True)):
            return Order([position["passage"], *passage_tokens(k, opening, True)], exact=True)
        if len(hand) >= 3 and (harass := harassment(k, position)):
            return harass
    if len(hand) < 3:
        return Order([NONE, "draw"])
    weakest = min(range(len(k.rows[k.seat])), key=lambda i: k.rows[k.seat][i].base, default=None)
    if weakest is not None and k.rows[k.seat][weakest].base == 0:
        return Order([NONE, "replace-skirmish", str(weakest + 1)])  # Peek (Base 0) rarely wins
    return Order([NONE, "nothing"])


def harassment(k: Knowledge, position: dict[str, str]) -> Order | None:
    """With a full hand nothing is drawn: spend a card against the leader's hand instead."""
    rich = [r for r in k.rivals() if k.hand_sizes[r]]
    if not rich:
        return None
    leader = max(rich, key=lambda r: (k.lead(r), k.hand_sizes[r]))
    if "unfair" in position:
        richest = max(rich, key=lambda r: (k.hand_sizes[r], k.lead(r)))
        if k.hand_sizes[richest] > len(k.hand) - 1:
            return Order([position["unfair"], str(richest)])
    if "ahaha" in position:
        seen = [str(p) for p in range(1, min(2, k.hand_sizes[leader]) + 1)]
        return Order([position["ahaha"], str(leader), *seen])
    if "devil" in position:
        rest = [i for i, kind in enumerate(k.hand) if str(i + 1) != position["devil"]]
        give = min(rest, key=lambda i: CARD_VALUE.get(k.hand[i], 0))
        return Order([position["devil"], str(leader), str(give + 1)])
    return None


def choose_path(k: Knowledge, goal: str, double: bool) -> list[str]:
    """The shortest open way toward the goal; a carrier keeps out of reach of rivals when it costs
    nothing (a lost skirmish drops the artifact)."""
    danger: dict[str, int] = {}
    if k.carried[k.seat]:
        for rival in k.rivals():
            there = k.positions[rival]
            for hall in k.castle.adjacent.get(there, ()):
                danger[hall] = max(danger.get(hall, 0), 1)
            danger[there] = 2
    return best_path(k.castle, k.here, goal, double, danger)


_PLANS: dict[tuple[object, ...], dict[str, list[str]]] = {}
"""Recent orders by everything they depend on: the sheet asks several steps in a row for one order."""


def forget_plans() -> None:
    """Drop the remembered orders (tests that compare two plannings start each from scratch)."""
    _PLANS.clear()


def fingerprint(k: Knowledge, sheet: Sheet) -> tuple[object, ...]:
    castle = k.castle
    return (
        sheet.id, k.seat, tuple(k.positions), tuple(k.shrines), tuple(sorted(k.floor.items())), tuple(k.carried),
        tuple(k.delivered), tuple(k.hand), tuple(k.hand_sizes), tuple(tuple(row) for row in k.rows),
        frozenset(castle.corridors), tuple(sorted((c, tuple(sorted(r))) for c, r in castle.locks.items())),
        tuple(sorted((c, tuple(sorted(r))) for c, r in castle.barricades.items())),
        k.webs, k.against_current, k.barred, k.shackled,
    )


def order_plan(state: CastleState, prompt: Prompt) -> dict[str, list[str]]:
    """The bot's whole order for this round as the sheet's answers (a pure function of what the seat
    knows, so every step of the sheet walks toward the same order; remembered between its steps)."""
    k = knowledge(state, prompt.seat)
    sheet = ORDERS.sheets(state)[prompt.seat]
    memo = fingerprint(k, sheet)
    if memo not in _PLANS:
        if len(_PLANS) > 256:
            _PLANS.clear()
        _PLANS[memo] = make_order(state, k, sheet)
    return {name: list(answers) for name, answers in _PLANS[memo].items()}


def make_order(state: CastleState, k: Knowledge, sheet: Sheet) -> dict[str, list[str]]:
    goal = k.goal_of(k.seat)
    return card_and_move(state, k, sheet, choose_card(k, goal), lambda double: choose_path(k, goal, double))


def card_and_move(
    state: CastleState, k: Knowledge, sheet: Sheet, order: Order, path_of: Callable[[bool], list[str]]
) -> dict[str, list[str]]:
    """The sheet's answers for the card chosen (the nearest the sheet allows; none playable: draw while the
    hand is short, else nothing) and the move along `path_of(double)`, double when the card allows it."""
    card = order.card if order.exact else walk(ORDERS.parts["card"], state, sheet, order.card)
    if card is None:
        order = Order([NONE, "draw" if len(k.hand) < 3 else "nothing"])
        card = ORDERS.parts["card"].default(state, sheet)
    trial = sheet.model_copy(deep=True)
    trial.parts["card"] = card
    double = order.double and double_possible(state, trial)
    move = walk(ORDERS.parts["move"], state, trial, move_tokens(path_of(double), double))
    return {"card": card, "move": move if move is not None else [STAY]}


# --- skirmishes --------------------------------------------------------------------------------------
def skirmish_value(state: CastleState, prompt: Prompt) -> str:
    """The face-up card with the best odds against what the other participants may choose."""
    k = knowledge(state, prompt.seat)
    hall = str(prompt.params.get("hall", k.here))
    others = [s for s in state.fights.get(hall, []) if s != k.seat]
    rivals = [(k.rows[s], k.arrival_bonus(s)) for s in others]
    # A tie makes every tied carrier drop the artifact: bad for a carrying bot, good against a carrier.
    tie = 0.0 if k.carried[k.seat] else 0.6 if any(k.carried[s] for s in others) else 0.25
    best = choose_skirmish_card(k.rows[k.seat], k.arrival_bonus(k.seat), rivals, tie)
    return str(best + 1)


def choice_plan(state: CastleState, prompt: Prompt) -> dict[str, list[str]]:
    """The winner's choices: losers go where they are farthest from what they want; the Win effect
    hurts the most dangerous loser or helps the bot's own way."""
    k = knowledge(state, prompt.seat)
    fight = state.fight
    assert fight is not None
    sheet = CHOICES.sheets(state)[prompt.seat]

    def badness(loser: int, hall: str) -> tuple[int, int]:
        goal = k.goal_of(loser)
        return k.castle.dist(goal).get(hall, FAR), k.castle.dist(k.shrines[loser]).get(hall, FAR)

    plan: dict[str, list[str]] = {}
    if "expel" in sheet.parts:
        tokens: list[str] = []
        walks = two_step_walks(state, fight.hall) if fight.card == "eject" else {}
        ejected: int | None = None
        if walks:
            ejected = max(fight.losers, key=k.lead)
            first, second = max(
                ((a, b) for a, ends in walks.items() for b in ends), key=lambda ab: (badness(ejected, ab[1]), ab)
            )
            tokens += [str(ejected), first, second]
        exits = open_neighbours(state, fight.hall)
        for loser in fight.losers:
            if loser != ejected and exits:
                tokens.append(max(exits, key=lambda hall, who=loser: (badness(who, hall), hall)))
        answers = walk(CHOICES.parts["expel"], state, sheet, tokens)
        if answers is not None:
            plan["expel"] = answers
    block = partial(best_block, k, next_round=True)
    if "effect" in sheet.parts and (answers := effect_answers(state, k, sheet, block)) is not None:
        plan["effect"] = answers
    return plan


def effect_answers(
    state: CastleState, k: Knowledge, sheet: Sheet, block: Callable[[], Corridor | None]
) -> list[str] | None:
    """The Win effect's answers: a secret door's new passage, Defence's corridor (`block`: which to block), or
    the loser the others hit. Hall pickers are answered exactly (the form's own candidate lists are costly to
    step through)."""
    fight = state.fight
    assert fight is not None
    if fight.card == "secret_door":
        opening = best_passage(k, adjacent_rings=False)
        return passage_tokens(k, opening, False) if opening else None
    if fight.card == "defence":
        corridor = block()
        return corridor_tokens(k, corridor) if corridor else None
    tokens = effect_tokens(k, fight.card, fight.losers)
    return walk(CHOICES.parts["effect"], state, sheet, tokens) if tokens else None


def effect_tokens(k: Knowledge, card: str, losers: list[int]) -> list[str]:
    """Robbery and Peek: the loser with the most cards; Shackles: the most dangerous loser."""
    with_cards = [s for s in losers if k.hand_sizes[s]]
    if card == "robbery" and with_cards:
        return [str(max(with_cards, key=lambda s: (k.hand_sizes[s], k.lead(s))))]
    if card == "peek" and with_cards:
        return [str(max(with_cards, key=lambda s: (k.hand_sizes[s], k.lead(s)))), "1"]
    if card == "shackles" and losers:
        return [str(max(losers, key=k.lead))]
    return []


def ahaha_value(prompt: Prompt) -> str:
    """Discard the rival's more useful card of the two seen."""
    seen = [o for o in prompt.options if o.value != KEEP and o.disabled is None]
    if not seen:
        return KEEP

    def worth(option: Option) -> int:
        card = option.params.get("card", {})
        kind = str(card.get("term", "")).removeprefix("castle-card-") if isinstance(card, dict) else ""
        return CARD_VALUE.get(kind, 0)

    return max(seen, key=worth).value


Plan = Callable[[CastleState, Prompt], dict[str, list[str]]]


def decide(state: CastleState, prompt: Prompt, rng: random.Random) -> str:
    """The bot's answer to any Castle prompt (`bot_action` checks it is legal)."""
    return answer(state, prompt, rng, orders=order_plan, choices=choice_plan)


def answer(state: CastleState, prompt: Prompt, rng: random.Random, *, orders: Plan, choices: Plan) -> str:
    """Any Castle prompt answered with a level's plans for the order sheet and the winner's choices;
    the skirmish card, "Ahaha" and Peek are answered alike at every level."""
    if ORDERS.owns(prompt):
        return steer(ORDERS, state, prompt, orders(state, prompt))
    if CHOICES.owns(prompt):
        return steer(CHOICES, state, prompt, choices(state, prompt))
    if prompt.key == SKIRMISH_ASK:
        return skirmish_value(state, prompt)
    if prompt.key == AHAHA_ASK:
        return ahaha_value(prompt)
    if prompt.key == PEEK_ASK:
        return "take" if "take" in enabled(prompt) else rng.choice(enabled(prompt))
    return rng.choice(enabled(prompt) or [prompt.options[0].value])

