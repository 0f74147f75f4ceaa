"""Sword of Lies — Phase II betting (pure data + rules; no I/O, no randomness).

`Betting` is the whole betting state of one game: antes and blinds, `rounds_total` betting
rounds (hand_size + 1) with reveal circles between them (run by the caller), side pots, and the
log of voluntary actions for the +4 swords rule. It round-trips through JSON exactly.

Flow used by the game: `Betting.start(...)` posts antes and blinds and opens round 1; while
`to_act` is set, offer `legal()` and `act(...)`; when `round_over`, either the hand is won
(`winner`), or betting is finished (`round == rounds_total`), or the game runs a reveal circle and
calls `next_round()` (which is immediately over when `betting_closed`).

Settled points ("Decision"s of this module; the rules page leaves them to Hold'em practice)
-------------------------------------------------------------------------------------------
Posting
- `order` is fixed for the hand: the senior blind first, then clockwise. Folded seats stay in it.
- Antes are posted first by everyone (dead money: into `committed`, not into `round_bets`), then the
  small blind by `order[-1]` (if `small_blind > 0`), then the big blind by `order[0]`. Each is capped
  by what the player has left; whoever is left with 0 chips (also a player who came with 0) is
  all-in. Posts are logged in `posts`, never in `history`.
- `big_blind` below 1 is treated as 1 for bet sizes (a bet of 0 chips is not a bet).
Acting
- Round 1: the posted big blind is the senior blind's bet. The senior blind acts first: "check"
  stands on the blind (it counts as having acted), "raise" raises it, "fold" folds. Once they stood
  and everyone else called, the round ends — there is no Hold'em "big blind option" at the end.
- Rounds 2..: bets start at zero, the senior blind (or the first seat after them still able to
  act) acts first, then clockwise.
- Fold is always allowed for the player to act, even when a check is possible.
- A player who need not act is skipped: at the start of a round a seat whose bet cannot be
  exceeded by anyone (every other remaining seat's bet + stack is at most theirs) is not asked,
  and if only one seat can act and it owes nothing, the round is over at once (as PokerKit does).
- `betting_closed` is true once the round is over and at most one remaining seat has chips (or
  only one seat remains): the later rounds are skipped (`next_round()` still advances the round
  number; such a round is over at once). `next_round()` raises ValueError while a round is open,
  after the last round, and once the hand is won (`winner` is set).
- `fold_out(seat)` (a player removed by the game) is a fold out of turn: the seat leaves
  `pending`, its chips stay in the pots, and a seat left with nothing to decide (it holds the
  highest bet and nobody can put in more) is not asked. It is not logged in `history`.
- A bet/raise of kind "bet" when a bet is already made is taken as a raise, and "raise" with
  nothing to raise as a bet (the record carries the corrected kind); "call" with nothing to call
  is a check. `to` is ignored for fold/check/call/all_in.
Sizes
- Minimum bet = the big blind (fixed limit: the round's bet size). Minimum raise-to = highest bet
  + `min_raise`, where `min_raise` starts each round at the big blind (fixed limit: the bet size)
  and becomes the increment of every full bet/raise. Round 1 starts at the big blind because the
  blind is a bet of that size. Limits are capped by the stack: a player who cannot reach the
  minimum may still go all-in for less (then `min_to == max_to == all_in_to`).
- Pot limit: maximum raise-to = highest bet + (all chips committed so far, current bets included,
  + the amount to call) — i.e. a raise of "the pot after calling".
- Fixed limit: small bet = big blind in rounds 1..rounds_total-2, big bet = 2 × big blind in the
  last two rounds; the only legal bet/raise is to highest bet + bet size (or all-in for less).
  At most 4 bets per round: the posted big blind counts as the first bet of round 1 (so blind
  + 3 raises; unless the senior blind had no chips left to post any of it), and every bet/raise
  counts, all-in ones included.
Raising rights (table stakes, short all-ins)
- An opening bet (no bet yet in the round) always reopens the betting, even an all-in below the
  minimum bet. A raise is full when its increment is at least `min_raise`; a short all-in raise
  does not change `min_raise`.
- A player who has acted since the last full bet/raise may raise again only if they now face at
  least a full raise (the amount to call ≥ `min_raise`, so several short all-ins can add up) —
  the TDA rule. Otherwise they may only call (or fold).
- No bet/raise (nor all-in above the call) when no other remaining player could call any of it
  (every other seat is folded or all-in at or below the current bet), nor when the player's stack
  does not exceed the call (then "call"/"all_in" is a call all-in for less).
Chips
- Uncalled chips go back: when a round ends, the seat with the single highest `committed` gets
  back the excess over the second highest (logged in `returns`). So no side pot ever holds one
  player's uncalled chips.
- `pots()` is built from `committed` (see `pots.py`): main pot first, folded chips stay in.
+4 swords
- `first_highest_bet()`: among the Bet, Raise and All-in records (blinds/antes never count, calls
  never count, an all-in counts even when it was only a call for less; a call that puts in the
  player's whole stack is recorded as an all-in, whichever action was named), the one with the highest
  `to` (the player's round total after it); among equals the earliest. Returned chips do not
  change it. The caller decides what happens if that player folded.

The refusal keys `check_action` returns, with their parameters: betting_records.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from games.core.model import seat as seat_ref
from games.sword_of_lies.betting_records import (
    FIXED_LIMIT_CAP,
    KINDS,
    BetKind,
    BetRecord,
    LegalBets,
    Limit,
    Post,
    Reason,
    Returned,
)
from games.sword_of_lies.pots import Pot, build_pots


class Betting(BaseModel):
    limit: Limit
    big_blind: int
    small_blind: int
    ante: int
    order: list[int]
    """Every seat dealt into the hand, in acting order: senior blind first, then clockwise."""
    stacks: dict[int, int]
    round_bets: dict[int, int]
    committed: dict[int, int]
    """Everything each seat has put in this hand: antes, blinds, bets of every round."""
    folded: list[int] = Field(default_factory=list)
    all_in: list[int] = Field(default_factory=list)
    round: int = 1
    rounds_total: int
    to_act: int | None = None
    history: list[BetRecord] = Field(default_factory=list)
    starting: dict[int, int] = Field(default_factory=dict)
    """Stacks before the antes: `stacks[s] + committed[s] == starting[s]` at all times."""
    posts: list[Post] = Field(default_factory=list)
    returns: list[Returned] = Field(default_factory=list)
    pending: list[int] = Field(default_factory=list)
    """Seats that still have to act this round, in acting order; `to_act` is the first."""
    acted: list[int] = Field(default_factory=list)
    """Seats that acted since the last full bet/raise of this round."""
    min_raise: int = 0
    """Size of a full raise now (the last full bet/raise increment, at least the min bet)."""
    bets_this_round: int = 0
    """Bets and raises made this round (round 1 counts the big blind): fixed-limit cap."""

    # --- set-up -------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        *,
        order: Sequence[int],
        stacks: Mapping[int, int] | Sequence[int],
        limit: Limit,
        big_blind: int,
        small_blind: int,
        ante: int,
        rounds_total: int,
    ) -> Betting:
        """Post antes (everyone), the small blind (`order[-1]`, 0 = none) and the big blind
        (`order[0]`, the senior blind), each capped by the stack, and open round 1.

        `stacks` maps seat → chips (a list indexed by seat also works)."""
        seats = list(order)
        if len(seats) < 2 or len(set(seats)) != len(seats):
            raise ValueError("betting needs at least two distinct seats")
        if rounds_total < 1:
            raise ValueError("rounds_total must be at least 1")
        if min(big_blind, small_blind, ante) < 0:
            raise ValueError("blinds and ante must not be negative")
        chips = dict(enumerate(stacks)) if isinstance(stacks, Sequence) else dict(stacks)
        if any(chips.get(s, -1) < 0 for s in seats):
            raise ValueError("every seat needs a stack of 0 or more")
        b = cls(
            limit=limit,
            big_blind=big_blind,
            small_blind=small_blind,
            ante=ante,
            order=seats,
            stacks={s: chips[s] for s in seats},
            round_bets={s: 0 for s in seats},
            committed={s: 0 for s in seats},
            rounds_total=rounds_total,
            starting={s: chips[s] for s in seats},
        )
        if ante > 0:
            for s in seats:
                b._post(s, "ante", ante)
        if small_blind > 0:
            b._post(seats[-1], "small_blind", small_blind)
        blind = b._post(seats[0], "big_blind", big_blind) if big_blind > 0 else 0
        b.all_in = [s for s in seats if b.stacks[s] == 0]
        b.bets_this_round = 1 if blind > 0 else 0
        b._open_round()
        return b

    def _post(self, s: int, kind: Literal["ante", "small_blind", "big_blind"], amount: int) -> int:
        paid = min(amount, self.stacks[s])
        if paid <= 0:
            return 0
        self.stacks[s] -= paid
        self.committed[s] += paid
        if kind != "ante":
            self.round_bets[s] += paid
        self.posts.append(Post(seat=s, kind=kind, amount=paid, all_in=self.stacks[s] == 0))
        return paid

    # --- reading ------------------------------------------------------------------------
    @property
    def senior(self) -> int:
        return self.order[0]

    @property
    def small_blind_seat(self) -> int | None:
        return self.order[-1] if self.small_blind > 0 else None

    @property
    def unit(self) -> int:
        """The minimum bet: the big blind (at least 1 chip)."""
        return max(self.big_blind, 1)

    @property
    def bet_size(self) -> int:
        """The bet size of this round: fixed limit's small or big bet; otherwise the min bet."""
        if self.limit == "fixed_limit" and self.round > self.rounds_total - 2:
            return 2 * self.unit
        return self.unit

    @property
    def max_bet(self) -> int:
        return max(self.round_bets.values(), default=0)

    @property
    def pot_total(self) -> int:
        """Every chip put in so far (all pots and the current bets)."""
        return sum(self.committed.values())

    @property
    def round_over(self) -> bool:
        return self.to_act is None

    @property
    def winner(self) -> int | None:
        """The last seat standing when every other seat folded, else None."""
        left = self.remaining()
        return left[0] if len(left) == 1 else None

    @property
    def betting_closed(self) -> bool:
        """The round is over and at most one remaining seat can still bet (or one seat is left):
        the remaining rounds are skipped; reveals go on."""
        if self.to_act is not None:
            return False
        left = self.remaining()
        return len(left) <= 1 or sum(1 for s in left if self.stacks[s] > 0) <= 1

    def remaining(self) -> list[int]:
        """Seats that have not folded, in acting order."""
        return [s for s in self.order if s not in self.folded]

    def call_amount(self, s: int) -> int:
        return max(0, min(self.max_bet - self.round_bets[s], self.stacks[s]))

    def pots(self) -> list[Pot]:
        """Main pot first, then side pots, from `committed` (current bets included)."""
        return build_pots(self.committed, self.remaining())

    def first_highest_bet(self) -> BetRecord | None:
        """The +4 swords rule: the first Bet/Raise/All-in with the highest round total."""
        best: BetRecord | None = None
        for record in self.history:
            if record.kind in ("bet", "raise", "all_in") and (best is None or record.to > best.to):
                best = record
        return best

    def default_kind(self) -> BetKind | None:
        """What a deadline does: check if possible, else fold."""
        legal = self.legal()
        if legal is None:
            return None
        return "check" if legal.can_check else "fold"

    # --- legality -----------------------------------------------------------------------
    def _raise_blocker(self, s: int) -> Reason | None:
        """Why `s` may not put in more than a call now, or None."""
        call = self.max_bet - self.round_bets[s]
        if self.stacks[s] <= call:
            return "sol-bet-error-covered", {"call": self.call_amount(s)}
        if s in self.acted and call < self.min_raise:
            return "sol-bet-error-raise-closed", {"call": call, "min_raise": self.min_raise}
        if self.limit == "fixed_limit" and self.bets_this_round >= FIXED_LIMIT_CAP:
            return "sol-bet-error-fixed-limit-cap", {"cap": FIXED_LIMIT_CAP}
        top = self.max_bet
        if not any(
            t != s and self.round_bets[t] + self.stacks[t] > top for t in self.remaining()
        ):
            return "sol-bet-error-no-opponent", {}
        return None

    def _raise_range(self, s: int) -> tuple[int, int]:
        """(min_to, max_to) for a bet/raise by `s`, both capped by the stack."""
        top = self.max_bet
        shove = self.round_bets[s] + self.stacks[s]
        full = top + self.min_raise
        low = min(full, shove)
        if self.limit == "no_limit":
            high = shove
        elif self.limit == "pot_limit":
            pot_to = top + self.pot_total + (top - self.round_bets[s])
            high = min(shove, max(full, pot_to))
        else:
            high = low
        return low, high

    def check_action(self, seat: int, kind: BetKind, to: int | None = None) -> Reason | None:
        """None if `seat` may do `kind` (to round total `to` for bet/raise), else (key, params)."""
        if self.to_act is None:
            return "sol-bet-error-no-betting", {}
        if seat != self.to_act:
            return "sol-bet-error-not-your-turn", {"player": seat_ref(self.to_act)}
        if kind not in KINDS:
            return "sol-bet-error-unknown-action", {"kind": str(kind)}
        call = self.call_amount(seat)
        if kind in ("fold", "call"):
            return None
        if kind == "check":
            return ("sol-bet-error-cannot-check", {"call": call}) if call > 0 else None
        shove = self.round_bets[seat] + self.stacks[seat]
        if kind == "all_in":
            if shove <= self.max_bet:
                return None
            target = shove
        else:
            if to is None:
                return "sol-bet-error-amount-required", {}
            if to > shove:
                return "sol-bet-error-above-stack", {"max": shove}
            target = to
        blocker = self._raise_blocker(seat)
        if blocker is not None:
            return blocker
        low, high = self._raise_range(seat)
        if self.limit == "fixed_limit":
            return None if target == low else ("sol-bet-error-fixed-limit", {"to": low})
        if target < low:
            return "sol-bet-error-below-min", {"min": low}
        if target > high:
            return "sol-bet-error-above-pot-limit", {"max": high}
        return None

    def can(self, seat: int, kind: BetKind, to: int | None = None) -> bool:
        return self.check_action(seat, kind, to) is None

    def legal(self) -> LegalBets | None:
        """What the player to act may do, or None when the round is over."""
        s = self.to_act
        if s is None:
            return None
        call = self.call_amount(s)
        open_ = self._raise_blocker(s) is None
        low, high = self._raise_range(s) if open_ else (None, None)
        return LegalBets(
            seat=s,
            can_fold=True,
            can_check=call == 0,
            can_call=call > 0,
            call_amount=call,
            can_bet=open_ and self.max_bet == 0,
            can_raise=open_ and self.max_bet > 0,
            min_to=low,
            max_to=high,
            can_all_in=self.check_action(s, "all_in") is None,
            all_in_to=self.round_bets[s] + self.stacks[s],
        )

    # --- acting -------------------------------------------------------------------------
    def act(self, seat: int, kind: BetKind, to: int | None = None) -> BetRecord:
        """Apply a legal action (mutates); raises ValueError(reason key) if illegal."""
        reason = self.check_action(seat, kind, to)
        if reason is not None:
            raise ValueError(reason[0])
        top = self.max_bet
        before = self.round_bets[seat]
        shove = before + self.stacks[seat]
        if kind == "call" and top == before:
            kind = "check"
        if kind == "fold":
            self.folded.append(seat)
            record = BetRecord(round=self.round, seat=seat, kind="fold", to=before)
        elif kind == "check":
            record = BetRecord(round=self.round, seat=seat, kind="check", to=before)
        elif kind == "call" or (kind == "all_in" and shove <= top):
            added = self.stacks[seat] if kind == "all_in" else self.call_amount(seat)
            self._move(seat, added)
            if added == shove - before:  # the whole stack went in: an all-in, whichever button
                kind = "all_in"
            record = BetRecord(round=self.round, seat=seat, kind=kind, to=before + added, added=added)
        else:
            target = shove if kind == "all_in" else to
            assert target is not None
            if kind in ("bet", "raise"):
                kind = "bet" if top == 0 else "raise"
            self._raise_to(seat, target)
            record = BetRecord(round=self.round, seat=seat, kind=kind, to=target, added=target - before)
            self.history.append(record)
            return record
        self.history.append(record)
        if seat not in self.acted:
            self.acted.append(seat)
        pending = [p for p in self.pending if p != seat]
        if len(self.remaining()) <= 1:
            pending = []
        self._set_pending(pending)
        return record

    def _move(self, s: int, chips: int) -> None:
        self.stacks[s] -= chips
        self.committed[s] += chips
        self.round_bets[s] += chips
        if self.stacks[s] == 0 and s not in self.all_in:
            self.all_in.append(s)

    def _raise_to(self, s: int, target: int) -> None:
        top = self.max_bet
        increment = target - top
        if increment >= self.min_raise:
            self.min_raise = increment
            self.acted = [s]
        elif top == 0:
            self.acted = [s]  # an opening bet below the minimum (all-in) still opens the betting
        elif s not in self.acted:
            self.acted.append(s)
        self.bets_this_round += 1
        self._move(s, target - self.round_bets[s])
        start = self.order.index(s)
        after = self.order[start + 1 :] + self.order[:start]
        self._set_pending([t for t in after if t not in self.folded and self.stacks[t] > 0])

    def _set_pending(self, pending: list[int]) -> None:
        self.pending = pending
        self.to_act = pending[0] if pending else None
        if not pending:
            self._return_uncalled()

    def _return_uncalled(self) -> None:
        """End of a round: the single biggest contributor gets back what nobody matched."""
        if not self.committed:
            return
        top = max(self.committed.values())
        leaders = [s for s in self.order if self.committed[s] == top]
        if len(leaders) != 1 or top == 0:
            return
        s = leaders[0]
        second = max((self.committed[t] for t in self.order if t != s), default=0)
        excess = top - second
        if excess <= 0:
            return
        self.stacks[s] += excess
        self.committed[s] -= excess
        self.round_bets[s] -= min(excess, self.round_bets[s])
        if s in self.all_in:
            self.all_in.remove(s)
        self.returns.append(Returned(round=self.round, seat=s, amount=excess))

    def _moot(self, s: int) -> bool:
        """Nobody else can ever put in more than `s` already has in this round."""
        mine = self.round_bets[s]
        return all(
            self.round_bets[t] + self.stacks[t] <= mine for t in self.remaining() if t != s
        )

    def _open_round(self) -> None:
        self.acted = []
        self.min_raise = self.bet_size
        live = [s for s in self.order if s not in self.folded and self.stacks[s] > 0]
        pending = [s for s in live if not self._moot(s)]
        if len(pending) == 1 and self.round_bets[pending[0]] >= self.max_bet:
            pending = []
        if len(self.remaining()) <= 1:
            pending = []
        self._set_pending(pending)

    def next_round(self) -> None:
        """After a reveal circle: the next betting round, senior blind (or the first seat after
        them still able to act) first. Immediately over when betting is closed."""
        if self.to_act is not None:
            raise ValueError("the betting round is not over")
        if self.round >= self.rounds_total:
            raise ValueError("there is no betting round left")
        if self.winner is not None:
            raise ValueError("the hand is won: every other player folded")
        self.round += 1
        self.round_bets = {s: 0 for s in self.order}
        self.bets_this_round = 0
        self._open_round()

    def fold_out(self, seat: int) -> None:
        """A player removed by the game: treated as folded (their chips stay in the pots)."""
        if seat not in self.order or seat in self.folded:
            return
        self.folded.append(seat)
        if seat in self.acted:
            self.acted.remove(seat)
        if self.to_act is None:
            self._return_uncalled()
            return
        pending = [p for p in self.pending if p != seat]
        pending = [p for p in pending if not (self._moot(p) and self.round_bets[p] >= self.max_bet)]
        if len(self.remaining()) <= 1:
            pending = []
        self._set_pending(pending)
