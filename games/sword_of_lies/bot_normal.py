"""The "normal" bot: plays like a decent human who knows the rules, from its own seat's view only.

- Castling: interrogates (a right guess is a sword, doubled in the war) and trades when it can
  swap a card worth one life for a marked card of an opponent (worth 1.5 on average); it never
  gives away a card it knows will be a shield, and asks a price for a bad swap.
- Betting: from the estimated hand strength (bot_estimate) and the pot odds. Facing a bet no larger
  than the pot it folds only a hand in the weakest third (its own cards: at most one shield and few
  swords to expect) that the estimate and the pot odds do not justify; it bets for value, bluffs
  now and then, and takes the +4 swords with a cheap high bet when they matter.
- War: standard attacks only (a double costs a life for no extra damage) on the opponent who
  threatens its place most, hitting ordinary cards first (a player without cards cannot attack).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.core import Prompt
from games.sword_of_lies import phase1, phase2, phase3, setup
from games.sword_of_lies.bot_estimate import (
    WEAKEST_THIRD,
    Estimate,
    bonus_seat,
    estimate,
    hand_strength,
    own_outcome,
)
from games.sword_of_lies.common import BACK
from games.sword_of_lies.options import MAX_BUY_IN
from games.sword_of_lies.state import SolState, TableCard

UNMARKED_WORTH = 1.25
"""An own hidden unmarked card: 1 life, and a later interrogation may make it a shield."""
MARKED_UNKNOWN_WORTH = 1.5
"""An opponent's hidden marked card: 1 life, or 2 if it turns out a shield (even odds)."""
GOOD_TRADE = 0.25
"""A swap must gain at least this many expected lives to be proposed."""
LIFE_IN_BIG_BLINDS = 5
"""What one expected life is worth in chips when a trade is priced."""

Move = Callable[[SolState, Prompt, random.Random], str | int]
MOVES: dict[str, str] = {
    setup.BUY_IN: "buy_in",
    phase1.MOVE: "move",
    phase1.TRADE_OWN: "trade_own",
    phase1.TRADE_TARGET: "trade_target",
    phase1.TRADE_THEIR: "trade_their",
    phase1.TRADE_OFFER: "trade_offer",
    phase1.TRADE_PRICE: "trade_price",
    phase1.ASK_TARGET: "ask_target",
    phase1.ASK_POSITION: "ask_position",
    phase1.NAME_COLOUR: "name_colour",
    phase1.BELIEVE: "believe",
    phase2.BET: "bet",
    phase2.REVEAL: "reveal",
    phase3.NEGOTIATE: "negotiate",
    phase3.WAR_KIND: "war_kind",
    phase3.WAR_TARGET: "war_target",
    phase3.WAR_POSITION: "war_position",
    phase3.WAR_COST: "war_cost",
    phase3.WAR_SUBMITTED: "war_submitted",
}
"""Each prompt a bot answers → its move. Every bot level defines each move as a function `_<move>` of its
module (this one's "normal", bot.py's "easy"), and answers by `moves(globals())`."""


def moves(level: dict[str, Any]) -> dict[str, Move]:
    """A bot level's answer to each prompt, from its module's namespace (a level missing a move fails here,
    when its module loads, not in the middle of a game)."""
    return {key: level[f"_{move}"] for key, move in MOVES.items()}


def enabled_values(prompt: Prompt) -> list[str]:
    return [o.value for o in prompt.options if o.disabled is None and o.value != BACK]


def position_values(prompt: Prompt) -> list[str]:
    """The positions a card list offers, left to right (the list itself goes by the cards' numbers)."""
    return sorted((v for v in enabled_values(prompt) if v.isdigit()), key=int)


def _clamp(prompt: Prompt, amount: int) -> int:
    assert prompt.low is not None and prompt.high is not None
    return max(prompt.low, min(prompt.high, amount))


def _numbered(prompt: Prompt) -> bool:
    return prompt.low is not None and prompt.high is not None and prompt.low <= prompt.high


# --- what cards are worth to their holder -------------------------------------------------------
def own_worth(card: TableCard) -> float:
    """Expected lives of one of the seat's own cards (it knows the face)."""
    if not card.revealed and card.mark is None:
        return UNMARKED_WORTH
    return 2.0 if own_outcome(card) == "shield" else 1.0


def their_worth(card: TableCard) -> float:
    """Expected lives of an opponent's card to whoever receives it (face unseen)."""
    if card.revealed:
        return float(card.lives)
    return MARKED_UNKNOWN_WORTH if card.mark is not None else UNMARKED_WORTH


def _cheapest_own(state: SolState, me: int) -> int:
    """The position of the own card worth least (leftmost among equals)."""
    row = state.table[me].cards
    return min(range(1, len(row) + 1), key=lambda p: (own_worth(row[p - 1]), p))


def _best_wanted(state: SolState, me: int) -> tuple[int, int] | None:
    """(seat, position) of the opponent card worth most to take; a card this seat marked comes
    first among equals (its sword comes to this seat whoever holds it, and its face is worth
    seeing). None when no card is worth more than the cheapest own card."""
    best: tuple[float, int, int, int] | None = None
    for s in state.remaining():
        if s == me:
            continue
        for p, card in enumerate(state.table[s].cards, start=1):
            if card.revealed:
                continue
            mine = 1 if card.mark is not None and card.mark.by == me else 0
            key = (their_worth(card), mine, -s, -p)
            if best is None or key > best:
                best = key
    if best is None:
        return None
    cheapest = own_worth(state.table[me].cards[_cheapest_own(state, me) - 1])
    if best[0] - cheapest < GOOD_TRADE:
        return None
    return -best[2], -best[3]


# --- set-up and Phase I ----------------------------------------------------------------------
def _buy_in(state: SolState, prompt: Prompt, rng: random.Random) -> int:
    """Twice the minimum: room to take the +4 with a high bet without risking too much."""
    return _clamp(prompt, min(MAX_BUY_IN, 2 * state.options.min_buy_in))


def _move(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    enabled = enabled_values(prompt)
    if "trade" in enabled and _best_wanted(state, prompt.seat) is not None and rng.random() < 0.4:
        return "trade"
    if "interrogate" in enabled:
        return "interrogate"
    if "trade" in enabled and _best_wanted(state, prompt.seat) is not None:
        return "trade"
    return "pass" if "pass" in enabled else enabled[0]


def _trade_own(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    wanted = str(_cheapest_own(state, prompt.seat))
    positions = position_values(prompt)
    return wanted if wanted in positions else positions[0]


def _trade_target(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    players = [v for v in enabled_values(prompt) if v.isdigit()]
    wanted = _best_wanted(state, prompt.seat)
    if wanted is not None and str(wanted[0]) in players:
        return str(wanted[0])
    # no good swap left (the table changed): the opponent with a marked hidden card, if any
    marked = [v for v in players if any(c.mark and not c.revealed for c in state.table[int(v)].cards)]
    return rng.choice(marked or players)


def _trade_their(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    draft = state.draft
    assert draft is not None and draft.target is not None
    row = state.table[draft.target].cards
    positions = position_values(prompt)
    return max(positions, key=lambda v: (their_worth(row[int(v) - 1]), -int(v)))


def _trade_gain_for_proposer(state: SolState) -> float:
    draft = state.draft
    assert draft is not None and draft.target is not None
    assert draft.own_position is not None and draft.target_position is not None
    given = state.table[draft.seat].cards[draft.own_position - 1]
    taken = state.table[draft.target].cards[draft.target_position - 1]
    return their_worth(taken) - own_worth(given)


def _trade_offer(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    """Accept a swap that does not lose lives; ask to be paid for one that does (or decline)."""
    me = prompt.seat
    draft = state.draft
    assert draft is not None and draft.target_position is not None and draft.own_position is not None
    mine = own_worth(state.table[me].cards[draft.target_position - 1])
    offered = their_worth(state.table[draft.seat].cards[draft.own_position - 1])
    loss = mine - offered
    if loss <= 0:
        return "accept"
    if mine >= 2 or prompt.ask != "number" or not prompt.high or rng.random() < 0.5:
        return "decline"  # a known shield is never for sale
    price = round(loss * LIFE_IN_BIG_BLINDS * state.options.big_blind)
    return _clamp(prompt, max(1, price))


def _trade_price(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    price = int(prompt.params.get("price", 0))
    gain = _trade_gain_for_proposer(state)
    stack = state.table[prompt.seat].stack
    worth = gain * LIFE_IN_BIG_BLINDS * state.options.big_blind
    return "pay" if price <= worth and price <= stack // 10 else "refuse"


def _ask_target(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """An opponent whose row this question does not complete (each question is a chance of a
    sword, so Phase I should go on), the one with the fewest expected lives first (a shield
    given away helps a weak opponent least)."""
    players = [v for v in enabled_values(prompt) if v.isdigit()]

    def preference(value: str) -> tuple[bool, float, float]:
        row = state.table[int(value)].cards
        unmarked = sum(1 for c in row if c.mark is None)
        expected = sum(their_worth(c) for c in row)
        return (unmarked >= 2, -expected, rng.random())

    return max(players, key=preference)


def _ask_position(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    return rng.choice(position_values(prompt))


def _name_colour(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Truth or lie at even odds: the interrogator can then do no better than a coin flip."""
    truth = str(prompt.params["colour"]["term"]).removeprefix("sol-colour-")
    if rng.random() < 0.5:
        return "black" if truth == "red" else "red"
    return truth


def believe(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Nothing is revealed before Phase II, so a named colour carries no evidence: even odds (both
    levels answer so)."""
    return "believe" if rng.random() < 0.5 else "disbelieve"


# --- Phase II --------------------------------------------------------------------------------
def _call_value(prompt: Prompt) -> str | None:
    """How to call here: the call button, or the all-in when calling takes the whole stack."""
    enabled = enabled_values(prompt)
    if "call" in enabled:
        return "call"
    call = int(prompt.params.get("call", 0))
    if "all_in" in enabled and 0 < call >= int(prompt.params.get("stack", 0)):
        return "all_in"
    return None


def _bonus_bet(state: SolState, prompt: Prompt, rng: random.Random, now: Estimate) -> int | None:
    """In the last two rounds, a bet that takes the +4 swords when it is cheap (a tenth of the
    stack) and changes the odds of winning the war by at least a tenth; else None."""
    betting = state.betting
    if not _numbered(prompt) or bonus_seat(state) == prompt.seat or betting is None:
        return None
    if betting.round < betting.rounds_total - 1:
        return None  # earlier, anyone can still outbid it
    record = betting.first_highest_bet()
    target = (record.to + 1) if record is not None else 0
    assert prompt.low is not None and prompt.high is not None
    target = max(prompt.low, target)
    if target > prompt.high:
        return None
    cost = target - int(prompt.params.get("bet", 0))
    if cost > max(state.options.big_blind * 2, int(prompt.params.get("stack", 0)) // 10):
        return None
    with_bonus = estimate(state, prompt.seat, rng, bonus_to=prompt.seat)
    if with_bonus.equity - now.equity < 0.1:
        return None
    return target


def faced_bet(state: SolState) -> tuple[int, int]:
    """The last bet or raise of this round: how much it raised the highest bet by, and the pot
    just before it (both 0 when nobody bet yet)."""
    betting = state.betting
    assert betting is not None
    records = [r for r in betting.history if r.round == betting.round]
    blinds = [p.amount for p in betting.posts if p.kind in ("big_blind", "small_blind")]
    high = max(blinds, default=0) if betting.round == 1 else 0
    raised, since = 0, len(records)
    for index, record in enumerate(records):
        if record.kind in ("bet", "raise", "all_in") and record.to > high:
            raised, high, since = record.to - high, record.to, index
    if not raised:
        return 0, 0
    return raised, betting.pot_total - sum(r.added for r in records[since:])


def _bet_to(prompt: Prompt, fraction: float) -> int:
    """A bet or raise of `fraction` of the pot over the current highest bet (a round total)."""
    highest = int(prompt.params.get("highest", 0))
    pot = int(prompt.params.get("pot", 0))
    call = int(prompt.params.get("call", 0))
    return _clamp(prompt, highest + max(1, round(fraction * (pot + call))))


def _bet(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    enabled = set(enabled_values(prompt))
    me = prompt.seat
    now = estimate(state, me, rng)
    power = now.percentile + rng.uniform(-0.05, 0.05)  # for betting; calls use the percentile itself
    call = int(prompt.params.get("call", 0))
    pot = int(prompt.params.get("pot", 0))
    numbered = _numbered(prompt)
    bonus = _bonus_bet(state, prompt, rng, now)
    if "check" in enabled:
        if numbered and (power > 0.7 or rng.random() < (0.08 if power < 0.3 else 0.03)):
            # modest sizes keep callers in (a pot-sized bet every round empties the table)
            to = _bet_to(prompt, rng.choice((0.33, 0.5, 0.5)) if power < 0.85 else 0.66)
            return max(to, bonus or 0)  # a value bet big enough to take the +4 as well
        return bonus if bonus is not None else "check"
    calling = _call_value(prompt)
    odds = call / (pot + call) if pot + call else 0.0
    raised, pot_before = faced_bet(state)
    within_pot = raised <= pot_before or call <= 2 * state.options.big_blind
    if numbered and (power > 0.85 or rng.random() < 0.03):
        return _bet_to(prompt, 0.5)
    if numbered and bonus is not None and power > 0.45:
        return bonus
    if calling is None:
        return "check" if "check" in enabled else "fold"
    if within_pot and hand_strength(state, me) >= WEAKEST_THIRD:
        # only a hand in the weakest third folds to a bet no larger than the pot: the estimate may
        # say the others look stronger now, but reveals to come and the war can still turn it
        return calling
    # heads-up, a bet may be a steal: defend a little wider
    weakest = 0.2 if len(state.remaining()) == 2 else 1 / 3
    strength = now.percentile
    if now.equity >= odds or strength >= weakest:
        return calling if within_pot or now.equity >= odds else _overbet(prompt, calling, strength)
    # the weakest third: a cheap call (half the pot or less) still sees the next reveal
    return calling if (odds <= 0.25 or call <= 2 * state.options.big_blind) and strength >= 0.1 else "fold"


def _overbet(prompt: Prompt, calling: str, strength: float) -> str:
    """Facing more than the pot: call with a hand clearly above the middle, the more so the
    more of the stack the call takes."""
    call = int(prompt.params.get("call", 0))
    stack = max(1, int(prompt.params.get("stack", 0)))
    return calling if strength >= 0.55 + 0.25 * min(1.0, call / stack) else "fold"


def _reveal(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """A strong hand shows its shields first (others may fold); a weak one keeps them for last."""
    row = state.table[prompt.seat].cards
    positions = position_values(prompt)
    sign = 1 if estimate(state, prompt.seat, rng).percentile >= 0.5 else -1
    return max(positions, key=lambda v: (sign * own_worth(row[int(v) - 1]), -int(v)))


# --- Phase III -------------------------------------------------------------------------------
def _negotiate(state: SolState, prompt: Prompt, rng: random.Random) -> str | int:
    if state.table[prompt.seat].pay_to is not None and _numbered(prompt):
        return _clamp(prompt, 1)  # only if a transfer was started for it: the least possible
    return phase3.READY


def _threat(state: SolState, me: int) -> list[int]:
    """Opponents with cards, the one most likely to finish above this seat first."""
    opponents = [s for s in state.remaining() if s != me and state.table[s].cards]
    table = state.table
    return sorted(opponents, key=lambda s: (-table[s].lives(), -table[s].swords_before_war, -table[s].swords, s))


def _war_kind(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    enabled = enabled_values(prompt)
    return "standard" if "standard" in enabled else enabled[0]


def _war_target(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    candidates = [v for v in enabled_values(prompt) if v.isdigit()]
    for s in _threat(state, prompt.seat):
        if str(s) in candidates:
            return str(s)
    return rng.choice(candidates)


def _war_position(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """An ordinary card first (destroyed: one card fewer to attack with); a second sword of the
    same order follows the first onto a shield so that it breaks."""
    order = state.orders.get(prompt.seat)
    target = int(prompt.params["player"]["seat"])
    row = state.table[target].cards
    positions = position_values(prompt)
    if order is not None and order.targets:
        first = order.targets[0]
        if first.seat == target and row[first.position - 1].shield and str(first.position) in positions:
            return str(first.position)
    aimed = {t.position for t in order.targets if t.seat == target} if order is not None else set()
    plain = [v for v in positions if not row[int(v) - 1].shield and int(v) not in aimed]
    return (plain or positions)[0]


def _war_cost(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    """Pay with a shield (it flips and stays a card) rather than lose an ordinary card."""
    row = state.table[prompt.seat].cards
    positions = position_values(prompt)
    shields = [v for v in positions if row[int(v) - 1].shield]
    return (shields or positions)[0]


def _war_submitted(state: SolState, prompt: Prompt, rng: random.Random) -> str:
    return phase3.KEEP


_believe = believe
HANDLERS = moves(globals())
