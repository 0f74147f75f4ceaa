"""A bot player: plausible play that uses only what its own seat may know
(its own faces, the public marks, reveals, stacks and bets, and its prompt)."""

from __future__ import annotations

import random

from games.core import Prompt
from games.sword_of_lies import bot_normal, phase3
from games.sword_of_lies.bot_estimate import hand_strength, own_outcome
from games.sword_of_lies.bot_normal import believe, enabled_values, moves, position_values
from games.sword_of_lies.options import MAX_BUY_IN
from games.sword_of_lies.state import SolState


def choose(state: SolState, prompt: Prompt, rng: random.Random, level: str = "normal") -> str | int:
    """A bot's answer to `prompt`. "easy" is the plain policy of this module; "normal" (the
    default) is bot_normal's, which weighs hand strength, pot odds and trades."""
    handlers = _HANDLERS if level == "easy" else bot_normal.HANDLERS
    handler = handlers.get(prompt.key)
    if handler is not None:
        return handler(state, prompt, rng)
    return rng.choice(enabled_values(prompt))


# --- set-up and Phase I ----------------------------------------------------------------------
def _buy_in(state: SolState, prompt: Prompt, rng: random.Random) -> int:
    return min(MAX_BUY_IN, state.options.min_buy_in * rng.choice([1, 1, 1, 2, 3]))


def _move(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    enabled = enabled_values(prompt)
    roll = rng.random()
    if "interrogate" in enabled and roll < 0.75:
        return "interrogate"
    if roll < 0.93:
        return "trade"
    return "pass"


def _trade_own(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Offer the card worth least to this seat: one that will give someone else a sword."""
    me = prompt.seat
    row = state.table[me].cards

    def worth(position: str) -> float:
        card = row[int(position) - 1]
        outcome = own_outcome(card)
        base = {"shield": 2.0, "plain": 1.0, "sword": 0.5}[outcome]
        if outcome == "sword" and card.mark is not None and card.mark.by == me:
            base = 1.5
        return base + rng.random() * 0.3

    return min(position_values(prompt), key=worth)


def _random_player(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    return rng.choice([v for v in enabled_values(prompt) if v.isdigit()])


def _random_position(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    return rng.choice(position_values(prompt))


def _trade_offer(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    me = prompt.seat
    draft = state.draft
    assert draft is not None and draft.target_position is not None
    wanted = state.table[me].cards[draft.target_position - 1]
    roll = rng.random()
    if own_outcome(wanted) == "shield" and roll < 0.7:
        return "decline"
    if prompt.ask == "number" and prompt.high and roll < 0.55:
        asking = rng.randint(1, max(1, state.options.big_blind * rng.randint(1, 4)))
        return max(1, min(prompt.high, asking))
    return "accept" if roll < 0.8 else "decline"


def _trade_price(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    price = int(prompt.params.get("price", 0))
    stack = state.table[prompt.seat].stack
    limit = max(2 * state.options.big_blind, stack // 20)
    return "pay" if price <= limit and rng.random() < 0.8 else "refuse"


def _name_colour(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    truth = str(prompt.params["colour"]["term"]).removeprefix("sol-colour-")
    if rng.random() < 0.4:
        return "black" if truth == "red" else "red"
    return truth


# --- Phase II --------------------------------------------------------------------------------
def _bet(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    enabled = set(enabled_values(prompt))
    power = hand_strength(state, prompt.seat) + rng.uniform(-0.15, 0.15)
    bluff = rng.random() < 0.08
    call = int(prompt.params.get("call", 0))
    stack = int(prompt.params.get("stack", 0))
    can_number = prompt.low is not None and prompt.high is not None and prompt.low <= prompt.high
    if (power > 0.55 or bluff) and can_number:
        assert prompt.low is not None and prompt.high is not None
        if power > 0.9 and "all_in" in enabled and rng.random() < 0.2:
            return "all_in"
        step = max(prompt.low, int(prompt.params.get("pot", 0)) // 2)
        return max(prompt.low, min(prompt.high, step))
    if "check" in enabled:
        return "check"
    # facing a call of the whole stack, the one choice offered is the all-in
    calling = "call" if "call" in enabled else "all_in" if "all_in" in enabled and 0 < call >= stack else None
    if calling is not None and (power > 0.2 or call <= max(state.options.big_blind, stack // 10)):
        return calling
    if "all_in" in enabled and call >= stack and power > 0.3:
        return "all_in"
    return "fold"


def _reveal(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Show shields first (a strong table image), otherwise a random card."""
    row = state.table[prompt.seat].cards
    positions = position_values(prompt)
    shields = [p for p in positions if own_outcome(row[int(p) - 1]) == "shield"]
    if shields and rng.random() < 0.6:
        return shields[0]
    return rng.choice(positions)


# --- Phase III -------------------------------------------------------------------------------
def _negotiate(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    me = state.table[prompt.seat]
    if me.pay_to is not None and prompt.high:
        return rng.randint(1, max(1, min(prompt.high, state.options.big_blind)))
    payees = [v for v in enabled_values(prompt) if v.startswith(phase3.PAY_TO)]
    if payees and rng.random() < 0.03:
        return rng.choice(payees)
    return phase3.READY


def _leader(state: SolState, me: int) -> int | None:
    """The opponent with the most lives on the table (the one to cut down)."""
    opponents = [s for s in state.remaining() if s != me and state.table[s].cards]
    if not opponents:
        return None
    return max(opponents, key=lambda s: (state.table[s].lives(), state.table[s].swords))


def _war_kind(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    me = state.table[prompt.seat]
    enabled = enabled_values(prompt)
    has_shield = any(c.shield for c in me.cards)
    if "double" in enabled and (has_shield or len(me.cards) > 2) and rng.random() < 0.5:
        return "double"
    return "standard"


def _war_target(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    leader = _leader(state, prompt.seat)
    candidates = [v for v in enabled_values(prompt) if v.isdigit()]
    if leader is not None and str(leader) in candidates and rng.random() < 0.8:
        return str(leader)
    return rng.choice(candidates)


def _war_position(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Hit the weakest card (1 life); a second sword follows the first onto a shield."""
    order = state.orders.get(prompt.seat)
    target = int(prompt.params["player"]["seat"])
    row = state.table[target].cards
    if order is not None and order.targets:
        first = order.targets[0]
        if first.seat == target and row[first.position - 1].shield:
            return str(first.position)
    aimed = {t.position for t in order.targets if t.seat == target} if order is not None else set()
    plain = [str(p) for p, c in enumerate(row, start=1) if not c.shield and p not in aimed]
    return rng.choice(plain or position_values(prompt))


def _war_cost(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    row = state.table[prompt.seat].cards
    shields = [str(p) for p, c in enumerate(row, start=1) if c.shield]
    return rng.choice(shields or position_values(prompt))


def _war_submitted(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    return phase3.KEEP


_trade_target = _ask_target = _random_player
_trade_their = _ask_position = _random_position
_believe = believe
_HANDLERS = moves(globals())
