"""What Sword of Lies' betting (games/sword_of_lies/betting.py) reads and records: the limits and kinds of
bet, what one seat may do now (`LegalBets`), the log of voluntary actions, the posts and the returned chips,
and the reasons an action is refused.

Refusal keys returned by `check_action` (key, params)
-----------------------------------------------------
- "sol-bet-error-no-betting", {} — nobody is to act (the round is over).
- "sol-bet-error-not-your-turn", {"player": {"seat": to_act}}.
- "sol-bet-error-unknown-action", {"kind": kind}.
- "sol-bet-error-cannot-check", {"call": chips to call}.
- "sol-bet-error-amount-required", {} — bet/raise without `to`.
- "sol-bet-error-above-stack", {"max": all-in total} — `to` is more than the player has.
- "sol-bet-error-covered", {"call": chips to call} — the stack does not exceed the call: only call.
- "sol-bet-error-raise-closed", {"call": chips to call, "min_raise": full raise size} — a short
  all-in did not reopen the betting for this player: only call or fold.
- "sol-bet-error-fixed-limit-cap", {"cap": 4} — 4 bets already made this round.
- "sol-bet-error-no-opponent", {} — every other player is folded or all-in: only call.
- "sol-bet-error-below-min", {"min": smallest legal total}.
- "sol-bet-error-above-pot-limit", {"max": largest legal total}.
- "sol-bet-error-fixed-limit", {"to": the only legal total}.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

Limit = Literal["no_limit", "pot_limit", "fixed_limit"]
BetKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
KINDS: tuple[BetKind, ...] = ("fold", "check", "call", "bet", "raise", "all_in")
FIXED_LIMIT_CAP = 4
REFUSAL_KEYS = (
    "sol-bet-error-no-betting",
    "sol-bet-error-not-your-turn",
    "sol-bet-error-unknown-action",
    "sol-bet-error-cannot-check",
    "sol-bet-error-amount-required",
    "sol-bet-error-above-stack",
    "sol-bet-error-covered",
    "sol-bet-error-raise-closed",
    "sol-bet-error-fixed-limit-cap",
    "sol-bet-error-no-opponent",
    "sol-bet-error-below-min",
    "sol-bet-error-above-pot-limit",
    "sol-bet-error-fixed-limit",
)

Reason = tuple[str, dict[str, Any]]


class LegalBets(BaseModel):
    seat: int
    can_fold: bool
    can_check: bool
    can_call: bool
    call_amount: int
    """Chips needed to call (capped by the stack)."""
    can_bet: bool
    """A bet is possible: no bet this round yet."""
    can_raise: bool
    """A raise is possible: there is a bet this round."""
    min_to: int | None
    """Smallest legal round total for a bet/raise (capped by the stack), None if neither."""
    max_to: int | None
    """Largest legal round total for a bet/raise (stack, pot or fixed limit), None if neither."""
    can_all_in: bool
    all_in_to: int
    """The player's round total if they shove."""


class BetRecord(BaseModel):
    """One voluntary action, for the log and the +4 swords rule."""

    round: int
    seat: int
    kind: BetKind
    to: int
    """The player's round total after the action."""
    added: int = 0
    """Chips the action moved from the stack."""


class Post(BaseModel):
    """An ante or blind posted at the start (never in `history`)."""

    seat: int
    kind: Literal["ante", "small_blind", "big_blind"]
    amount: int
    all_in: bool = False


class Returned(BaseModel):
    """Uncalled chips given back at the end of a round."""

    round: int
    seat: int
    amount: int
