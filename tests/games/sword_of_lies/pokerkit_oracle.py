"""PokerKit (test-only) as an oracle for `games.sword_of_lies.betting`.

How the two games are lined up
------------------------------
PokerKit's seat index `i` is our `order[i]`: index 0 is the senior blind, then clockwise, the
small blind last. PokerKit posts the big blind at index 0 and the small blind at index n-1 (for
heads-up PokerKit swaps the blinds, so the tuple is given reversed). With that layout
PokerKit's pre-flop action starts at index 1 and goes 1, 2, …, n-1, 0, and every later street
starts at index 0 — the same cyclic order as ours in every round.

Each of our betting rounds is one PokerKit street (a custom variant built with `pokerkit.State`:
`rounds_total` streets, two hole cards on the first, one board card on each later one, cash-game
mode, ante trimming on, no rake). Hands are ranked by `TwoCardHand` below (the betting does not
care how). Street minimum bets are our minimum bet (fixed limit: the small bet for rounds
1..rounds_total-2, the big bet for the last two); the fixed-limit cap is 4 bets per street, minus
one on the first street when our senior blind posted a blind (it is our first bet there;
PokerKit's blinds are not bets). PokerKit deals with the global `random`; the oracle seeds it for
the construction and restores it, so every hand is repeatable.

Where the rules differ, and what is therefore not compared
----------------------------------------------------------
1. Round 1, the senior blind acts first in Sword of Lies; in Hold'em the big blind acts last. We
   model the senior blind's first round-1 action as "stand on the blind": the random sequences
   fed to the oracle always open round 1 with the senior blind's check (a raise or fold as the
   very first action has no Hold'em counterpart). That stand is not sent to PokerKit; when our
   round 1 then ends with nobody having raised, PokerKit still offers its big blind the
   "option" and the oracle answers it with a check. (When the small blind is at least what the
   senior blind posted, PokerKit opens with index 0 as well, and the stand is sent as a check.)
   Whose turn it is is not compared before the stand; everything after it is.
2. Which raises are "full". We follow the TDA rule: a raise is full when its increment is at
   least our minimum raise (in round 1 the big blind, because the blind is a bet; any opening
   bet, even an all-in below the minimum bet, opens the betting), and a player who already acted
   may re-raise only when facing at least a full raise in total. PokerKit counts a raise as full
   when its increment is at least the largest increment so far in the street, which starts at 0
   (its blinds are not bets). The two disagree on a raise (a) in round 1 when the first raise
   over the blind is an all-in for less than a full raise, (b) after an opening all-in bet below
   the minimum bet, when a later all-in raise is bigger than that bet but below our minimum
   raise. After such a raise, and until the round ends, whether a player may raise is not
   compared (24,000 random hands showed no other difference: the raise-range, call amount,
   turn and pots are still compared, and the random player only uses actions both accept).
3. Folding when a check is possible is legal for us and "non-standard" for PokerKit (it may burn
   chips in pots nobody can win); the oracle sequences never do it (the property tests do).
4. Payouts: PokerKit re-forms the pots after killing the losing hands and gives a split pot's
   whole remainder to one winner; we keep the pots and give one odd chip each, clockwise from
   the senior blind. Final stacks are compared exactly unless some pot is split between tied
   winners; then the totals must be equal and every stack within one chip per pot.

Compared after every action: whose turn it is, the amount to call, whether a bet/raise is
possible, the minimum raise-to, the maximum raise-to (all three limits), the main pot and side
pots (amounts and eligible seats; ours built from `committed - round_bets`, which is what
PokerKit has collected), when a round ends, and at the end every player's final stack (our
`settle` on our pots with the ranking from PokerKit's hands, against PokerKit's own payout).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from pokerkit import (
    Automation,
    BettingStructure,
    Card,
    Deck,
    Hand,
    Label,
    Lookup,
    Mode,
    Opening,
    RankOrder,
    State,
    Street,
)

from games.sword_of_lies.betting import Betting
from games.sword_of_lies.betting_records import BetKind, Limit
from games.sword_of_lies.pots import Pot, build_pots, settle

STRUCTURES = {
    "no_limit": BettingStructure.NO_LIMIT,
    "pot_limit": BettingStructure.POT_LIMIT,
    "fixed_limit": BettingStructure.FIXED_LIMIT,
}
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class Mismatch(AssertionError):
    pass


@dataclass
class _TwoCardLookup(Lookup):
    rank_order = RankOrder.STANDARD

    def _add_entries(self) -> None:
        self._add_multisets(Counter({1: 2}), (False, True), Label.HIGH_CARD)
        self._add_multisets(Counter({2: 1}), (False,), Label.ONE_PAIR)


class TwoCardHand(Hand):
    """Only the two hole cards count (a pair beats two high cards; suits never matter).

    The betting does not care how hands are ranked; this one is cheap to evaluate (the
    five-of-seven Hold'em evaluator made the oracle ten times slower) and ties now and then."""

    lookup: ClassVar[Lookup] = _TwoCardLookup()
    low: ClassVar[bool] = False

    @classmethod
    def from_game(cls, hole_cards: Iterable[Card] | str, board_cards: Iterable[Card] | str = ()) -> Hand:
        return cls(Card.clean(hole_cards))


def pokerkit_state(b: Betting, deck_seed: int = 0) -> State:
    """A PokerKit state for the hand `b` was started with (see the module docstring)."""
    n = len(b.order)
    streets = []
    for r in range(1, b.rounds_total + 1):
        size = 2 * b.unit if b.limit == "fixed_limit" and r > b.rounds_total - 2 else b.unit
        # our posted big blind is the first of round 1's 4 bets; PokerKit's blinds are not bets
        cap = (4 - b.bets_this_round if r == 1 else 4) if b.limit == "fixed_limit" else None
        if r == 1:
            streets.append(Street(False, (False, False), 0, False, Opening.POSITION, size, cap))
        else:
            streets.append(Street(False, (), 1, False, Opening.POSITION, size, cap))
    # heads-up, PokerKit posts blinds[1 - i] for seat i
    blinds = (b.small_blind, b.big_blind) if n == 2 else {0: b.big_blind, n - 1: b.small_blind}
    saved = random.getstate()  # PokerKit shuffles with the global generator: make it repeatable
    random.seed(deck_seed)
    try:
        return State(
            AUTOMATIONS,
            Deck.STANDARD,
            (TwoCardHand,),
            tuple(streets),
            STRUCTURES[b.limit],
            True,
            b.ante,
            blinds,
            0,
            tuple(b.starting[s] for s in b.order),
            n,
            mode=Mode.CASH_GAME,
        )
    finally:
        random.setstate(saved)


@dataclass
class Oracle:
    """Plays the same actions on a `Betting` and a PokerKit state and compares them."""

    b: Betting
    pk: State
    index: dict[int, int]
    stood: bool = False
    fullness_differs: bool = False
    compared: dict[str, int] = field(default_factory=dict)

    @classmethod
    def begin(
        cls,
        *,
        stacks: list[int],
        limit: Limit,
        big_blind: int,
        small_blind: int,
        ante: int,
        rounds_total: int,
        deck_seed: int = 0,
    ) -> Oracle:
        order = list(range(len(stacks)))
        b = Betting.start(
            order=order,
            stacks={s: stacks[s] for s in order},
            limit=limit,
            big_blind=big_blind,
            small_blind=small_blind,
            ante=ante,
            rounds_total=rounds_total,
        )
        oracle = cls(b=b, pk=pokerkit_state(b, deck_seed), index={s: i for i, s in enumerate(b.order)})
        oracle.stood = b.to_act != b.senior
        oracle._settle_round_end()
        oracle.compare()
        return oracle

    # --- bookkeeping --------------------------------------------------------------------
    def _count(self, what: str) -> None:
        self.compared[what] = self.compared.get(what, 0) + 1

    def _fail(self, what: str, ours: object, theirs: object) -> None:
        raise Mismatch(f"{what}: ours={ours!r} pokerkit={theirs!r}\n{self.b.model_dump_json()}")

    def seat_of(self, index: int | None) -> int | None:
        return None if index is None else self.b.order[index]

    # --- comparisons --------------------------------------------------------------------
    def pk_pots(self) -> list[tuple[int, list[int]]]:
        order = self.b.order
        return [(pot.amount, sorted(order[i] for i in pot.player_indices)) for pot in self.pk.pots]

    def our_pots(self) -> list[tuple[int, list[int]]]:
        return [(p.amount, p.eligible) for p in self.b.pots()]

    def our_collected_pots(self) -> list[tuple[int, list[int]]]:
        collected = {s: self.b.committed[s] - self.b.round_bets[s] for s in self.b.order}
        return [(p.amount, p.eligible) for p in build_pots(collected, self.b.remaining())]

    def pk_can_raise(self) -> bool:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return bool(self.pk.can_complete_bet_or_raise_to())

    def compare(self) -> None:
        """Compare the state before the next action (or at a round's end)."""
        b, pk = self.b, self.pk
        if not pk.status:
            return
        ours = self.our_pots() if b.to_act is None else self.our_collected_pots()
        theirs = self.pk_pots()
        if ours != theirs:
            self._fail("pots", ours, theirs)
        self._count("pots")
        if b.to_act is None:
            if pk.actor_index is not None and pk.street_index == b.round - 1:
                self._fail("round over", None, self.seat_of(pk.actor_index))
            self._count("round end")
            return
        if not self.stood and pk.actor_index != 0:
            return  # round 1 before the senior blind's stand: no Hold'em counterpart
        if pk.street_index != b.round - 1:
            self._fail("round", b.round - 1, pk.street_index)
        if self.seat_of(pk.actor_index) != b.to_act:
            self._fail("to act", b.to_act, self.seat_of(pk.actor_index))
        self._count("to act")
        legal = b.legal()
        assert legal is not None
        if legal.call_amount != (pk.checking_or_calling_amount or 0):
            self._fail("call amount", legal.call_amount, pk.checking_or_calling_amount)
        ours_open = legal.can_bet or legal.can_raise
        theirs_open = self.pk_can_raise()
        if not self.fullness_differs:
            if ours_open != theirs_open:
                self._fail("can raise", ours_open, theirs_open)
            self._count("can raise")
        elif ours_open != theirs_open:
            self._count("can raise: differs after a raise PokerKit calls full (documented)")
        else:
            self._count("can raise: agrees after a raise PokerKit calls full")
        if ours_open and theirs_open:
            low = pk.min_completion_betting_or_raising_to_amount
            high = pk.max_completion_betting_or_raising_to_amount
            if (legal.min_to, legal.max_to) != (low, high):
                self._fail("raise range", (legal.min_to, legal.max_to), (low, high))
            self._count(f"raise range {b.limit}")

    # --- acting -------------------------------------------------------------------------
    def allowed(self) -> list[tuple[BetKind, int | None]]:
        """Our legal actions (a sample of amounts) that PokerKit accepts too."""
        legal = self.b.legal()
        assert legal is not None
        if not self.stood:
            return [("check", None)]
        actions: list[tuple[BetKind, int | None]] = []
        if legal.can_call:
            actions += [("fold", None), ("call", None)]
        else:
            actions.append(("check", None))
        theirs_open = self.pk_can_raise()
        if (legal.can_bet or legal.can_raise) and theirs_open:
            kind: BetKind = "bet" if legal.can_bet else "raise"
            assert legal.min_to is not None and legal.max_to is not None
            amounts = {legal.min_to, legal.max_to, (legal.min_to + legal.max_to) // 2}
            actions += [(kind, a) for a in sorted(amounts)]
        if legal.can_all_in and (legal.all_in_to <= self.b.max_bet or theirs_open):
            actions.append(("all_in", None))
        return actions

    def play(self, kind: BetKind, to: int | None = None) -> None:
        b, pk = self.b, self.pk
        seat = b.to_act
        assert seat is not None
        top, min_raise = b.max_bet, b.min_raise
        pk_largest = pk.completion_betting_or_raising_amount
        record = b.act(seat, kind, to)
        if record.to > top:
            increment = record.to - top
            ours_full = top == 0 or increment >= min_raise
            if ours_full != (increment >= pk_largest):
                self.fullness_differs = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if not self.stood:
                assert kind == "check" and seat == b.senior
                self.stood = True
                if pk.actor_index == 0:  # small blind >= big blind: PokerKit opens with index 0 too
                    pk.check_or_call()
            elif record.kind == "fold":
                pk.fold()
            elif record.kind in ("check", "call") or record.to <= top:
                pk.check_or_call()
            else:
                pk.complete_bet_or_raise_to(record.to)
        self._settle_round_end()
        self.compare()

    def _settle_round_end(self) -> None:
        """Our round is over: answer PokerKit's big-blind option, then open our next round."""
        b, pk = self.b, self.pk
        if b.to_act is not None:
            return
        if (
            pk.status
            and b.round == 1
            and pk.street_index == 0
            and pk.actor_index == 0
            and not pk.checking_or_calling_amount
        ):
            pk.check_or_call()  # Hold'em's big blind option; our senior blind already stood
            self._count("big blind option")
        if pk.status and pk.actor_index is not None and pk.street_index == b.round - 1:
            self._fail("round over", None, self.seat_of(pk.actor_index))
        self.compare()
        self.fullness_differs = False
        if b.winner is None and b.round < b.rounds_total:
            b.next_round()
            self.stood = True
            self._settle_round_end()

    def _hands(self) -> dict[int, TwoCardHand]:
        hands = {}
        for s in self.b.remaining():
            hand = self.pk.get_hand(self.index[s], 0, 0)
            assert hand is not None, "incomplete hand"
            hands[s] = hand
        return hands

    @property
    def done(self) -> bool:
        return self.b.to_act is None

    # --- the end --------------------------------------------------------------------------
    def finish(self) -> None:
        """Show down in PokerKit, then compare every final stack with our `settle`."""
        b, pk = self.b, self.pk
        assert b.to_act is None and (b.winner is not None or b.round == b.rounds_total)
        hands: dict[int, TwoCardHand] | None = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            while pk.status:
                if pk.showdown_index is not None:
                    pk.show_or_muck_hole_cards(True)  # everybody shows: no mucking
                    continue
                if hands is None and b.winner is None:
                    hands = self._hands()  # the board is complete, no hand killed yet
                if pk.can_kill_hand():
                    pk.kill_hand()
                    continue
                break
        assert not pk.status, "PokerKit did not finish the hand"
        if hands is None and b.winner is None:
            hands = self._hands()
        if b.winner is not None:
            ranking = [[b.winner]]
        else:
            assert hands is not None
            ranking = rank(hands)
        pots = b.pots()
        winnings, rake = settle(pots, ranking, b.senior, b.order, 0, 0)
        assert rake == 0
        ours = [b.stacks[s] + winnings.get(s, 0) for s in b.order]
        theirs = list(pk.stacks)
        if sum(ours) != sum(theirs) or sum(ours) != sum(b.starting.values()):
            self._fail("chips", ours, theirs)
        if split_pot(pots, ranking):
            # PokerKit re-forms the pots after killing the losing hands and gives a split pot's
            # whole remainder to one winner: only the odd chips may differ
            if any(abs(o - t) > len(pots) for o, t in zip(ours, theirs, strict=True)):
                self._fail("final stacks (split pot)", ours, theirs)
            self._count("final stacks (split pot: totals)")
            return
        if ours != theirs:
            self._fail("final stacks", ours, theirs)
        self._count("final stacks")


def rank(hands: dict[int, TwoCardHand]) -> list[list[int]]:
    """Best first, tied hands grouped."""
    ordered = sorted(hands, key=lambda s: hands[s], reverse=True)
    groups: list[list[int]] = []
    for s in ordered:
        if groups and hands[groups[-1][0]] == hands[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def split_pot(pots: list[Pot], ranking: list[list[int]]) -> bool:
    """Is any pot shared by tied winners?"""
    for pot in pots:
        eligible = set(pot.eligible)
        for group in ranking:
            winners = [s for s in group if s in eligible]
            if winners:
                if len(winners) >= 2:
                    return True
                break
    return False


# --- random hands -------------------------------------------------------------------------
def random_table(rng: random.Random, *, players: tuple[int, int] = (2, 8)) -> dict[str, object]:
    """Random stakes and positive stacks, often short enough for all-ins and side pots."""
    n = rng.randint(*players)
    big = rng.choice([1, 2, 5, 10, 20, 25, 50])
    small = rng.choice([0, big // 2, big // 2, big])
    ante = rng.choice([0, 0, 0, 1, max(1, big // 5), big])
    style = rng.random()
    stacks = []
    for _ in range(n):
        if style < 0.3:
            stacks.append(rng.randint(1, 3 * big))
        elif style < 0.8:
            stacks.append(rng.randint(1, 40 * big))
        else:
            stacks.append(rng.choice([rng.randint(1, 2 * big), rng.randint(50 * big, 200 * big)]))
    return {
        "stacks": stacks,
        "limit": rng.choice(["no_limit", "pot_limit", "fixed_limit"]),
        "big_blind": big,
        "small_blind": small,
        "ante": ante,
        "rounds_total": rng.randint(3, 9),
    }


def choose(rng: random.Random, actions: list[tuple[BetKind, int | None]]) -> tuple[BetKind, int | None]:
    weights = {"fold": 1.0, "check": 4.0, "call": 4.0, "bet": 2.0, "raise": 2.0, "all_in": 1.0}
    return rng.choices(actions, [weights[k] for k, _ in actions])[0]


def play_hand(seed: int) -> Oracle:
    """One random hand played on both sides and compared all the way."""
    rng = random.Random(seed)
    oracle = Oracle.begin(**random_table(rng), deck_seed=seed)  # type: ignore[arg-type]
    steps = 0
    while not oracle.done:
        oracle.play(*choose(rng, oracle.allowed()))
        steps += 1
        assert steps < 1000
    oracle.finish()
    return oracle
