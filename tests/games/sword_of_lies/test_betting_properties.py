"""Property tests: random legal hands (hypothesis) keep every invariant of the betting state.

Beyond the PokerKit comparison (test_betting_pokerkit.py), these also play what Hold'em has no
counterpart for: the senior blind raising or folding first, folding when a check is possible,
players removed by the game (`fold_out`), stacks of 0, a small blind above the big blind, and
refused actions (which must change nothing).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.sword_of_lies.betting import Betting
from games.sword_of_lies.betting_records import KINDS, BetKind, LegalBets
from games.sword_of_lies.pots import settle
from tests.depth import examples

LIMITS = ("no_limit", "pot_limit", "fixed_limit")


@st.composite
def tables(draw: st.DrawFn) -> Betting:
    n = draw(st.integers(2, 8))
    big = draw(st.sampled_from([1, 2, 5, 10, 20, 50]))
    small = draw(st.integers(0, 2 * big))
    ante = draw(st.sampled_from([0, 0, 1, big // 2, big]))
    high = draw(st.sampled_from([3 * big, 20 * big, 200 * big]))
    stacks = draw(st.lists(st.integers(0, high), min_size=n, max_size=n))
    seats = draw(st.permutations(list(range(n))))
    return Betting.start(
        order=seats,
        stacks={s: stacks[s] for s in range(n)},
        limit=draw(st.sampled_from(LIMITS)),
        big_blind=big,
        small_blind=small,
        ante=ante,
        rounds_total=draw(st.integers(1, 9)),
    )


def check_invariants(b: Betting) -> None:
    for s in b.order:
        assert b.stacks[s] >= 0 and b.round_bets[s] >= 0
        assert b.stacks[s] + b.committed[s] == b.starting[s], "chips are conserved"
    assert set(b.all_in) == {s for s in b.order if b.stacks[s] == 0}
    assert Betting.model_validate_json(b.model_dump_json()) == b, "JSON round trip"
    pots = b.pots()
    assert sum(p.amount for p in pots) == sum(b.committed.values())
    left = set(b.remaining())
    for pot in pots:
        assert pot.amount > 0 and pot.eligible == sorted(pot.eligible)
        assert set(pot.eligible) <= left
    if b.to_act is not None:
        assert b.pending and b.pending[0] == b.to_act
        assert b.to_act not in b.folded and b.stacks[b.to_act] > 0
        assert not b.betting_closed
    else:
        assert not b.pending and b.legal() is None


def check_legal_matches_check_action(b: Betting, legal: LegalBets) -> None:
    s = legal.seat
    assert legal.can_check == (b.check_action(s, "check") is None)
    assert legal.can_call == (legal.call_amount > 0)
    assert b.check_action(s, "fold") is None and b.check_action(s, "call") is None
    assert legal.can_all_in == (b.check_action(s, "all_in") is None)
    assert legal.all_in_to == b.round_bets[s] + b.stacks[s]
    assert not (legal.can_bet and legal.can_raise)
    for other in b.order:
        if other != s:
            assert b.check_action(other, "fold") is not None
    kind: BetKind = "bet" if b.max_bet == 0 else "raise"
    if legal.can_bet or legal.can_raise:
        assert legal.min_to is not None and legal.max_to is not None
        assert b.max_bet < legal.min_to <= legal.max_to <= legal.all_in_to
        assert b.check_action(s, kind, legal.min_to) is None
        assert b.check_action(s, kind, legal.max_to) is None
        assert b.check_action(s, kind, legal.min_to - 1) is not None
        assert b.check_action(s, kind, legal.max_to + 1) is not None
    else:
        assert legal.min_to is None and legal.max_to is None
        assert b.check_action(s, kind, legal.all_in_to) is not None


def random_action(b: Betting, legal: LegalBets, rng: random.Random) -> tuple[BetKind, int | None]:
    choices: list[tuple[BetKind, int | None]] = [("fold", None)]
    choices.append(("call", None) if legal.can_call else ("check", None))
    choices.append(("call", None) if legal.can_call else ("check", None))
    if legal.can_bet or legal.can_raise:
        assert legal.min_to is not None and legal.max_to is not None
        kind: BetKind = "bet" if legal.can_bet else "raise"
        choices += [
            (kind, legal.min_to),
            (kind, legal.max_to),
            (kind, rng.randint(legal.min_to, legal.max_to)),
        ]
    if legal.can_all_in:
        choices.append(("all_in", None))
    return rng.choice(choices)


def play_out(b: Betting, rng: random.Random) -> None:
    """Play a whole hand at random, checking everything after every step."""
    check_invariants(b)
    for _ in range(2000):
        if b.to_act is None:
            if b.winner is not None or b.round == b.rounds_total:
                return
            closed = b.betting_closed
            b.next_round()
            assert b.round_bets == dict.fromkeys(b.order, 0)
            if closed:
                assert b.round_over
            elif b.to_act is not None:
                able = [s for s in b.order if s not in b.folded and b.stacks[s] > 0]
                assert b.to_act == able[0], "the senior blind (or the next able seat) opens"
            check_invariants(b)
            continue
        legal = b.legal()
        assert legal is not None
        check_legal_matches_check_action(b, legal)
        roll = rng.random()
        if roll < 0.03:
            b.fold_out(rng.choice(b.remaining()))
        elif roll < 0.08:
            # a refused action changes nothing
            before = b.model_dump_json()
            kind = rng.choice(KINDS)
            to = rng.randint(0, legal.all_in_to + 5)
            seat = rng.choice(b.order)
            if b.check_action(seat, kind, to) is not None:
                try:
                    b.act(seat, kind, to)
                except ValueError:
                    pass
                else:
                    raise AssertionError("an illegal action was applied")
                assert b.model_dump_json() == before
        else:
            seat = b.to_act
            kind, to = random_action(b, legal, rng)
            assert b.check_action(seat, kind, to) is None
            record = b.act(seat, kind, to)
            assert b.history[-1] == record and record.seat == seat and record.round == b.round
        check_invariants(b)
    raise AssertionError("the hand did not end")


@settings(max_examples=examples(500), deadline=None)
@given(b=tables(), seed=st.integers(0, 2**32))
def test_random_hands_keep_every_invariant(b: Betting, seed: int) -> None:
    rng = random.Random(seed)
    start_total = sum(b.starting.values())
    play_out(b, rng)
    assert b.round_over
    # pay out with a random ranking and rake: chips are conserved exactly
    left = b.remaining()
    rng.shuffle(left)
    ranking: list[list[int]] = []
    for s in left:
        if ranking and rng.random() < 0.4:
            ranking[-1].append(s)
        else:
            ranking.append([s])
    pots = b.pots()
    rake_percent, rake_cap = rng.choice([(0, 0), (5, 0), (10, 7), (100, 0)])
    winnings, rake = settle(pots, ranking, b.senior, b.order, rake_percent, rake_cap)
    assert sum(winnings.values()) + rake == sum(p.amount for p in pots)
    assert rake_cap == 0 or rake <= rake_cap
    assert sum(b.stacks.values()) + sum(winnings.values()) + rake == start_total
    for s, chips in winnings.items():
        assert chips >= 0
        if chips and b.winner is None and s in left:
            assert any(s in pot.eligible for pot in pots)


@settings(max_examples=examples(200), deadline=None)
@given(
    amounts=st.lists(st.integers(0, 500), min_size=1, max_size=12),
    folded=st.lists(st.booleans(), min_size=12, max_size=12),
    rake=st.tuples(st.integers(0, 100), st.integers(0, 100)),
    seed=st.integers(0, 1000),
)
def test_settle_conserves_chips(
    amounts: list[int], folded: list[bool], rake: tuple[int, int], seed: int
) -> None:
    from games.sword_of_lies.pots import build_pots

    contributions = dict(enumerate(amounts))
    live = [s for s in contributions if not folded[s]] or [0]
    pots = build_pots(contributions, live)
    assert sum(p.amount for p in pots) == sum(amounts)
    rng = random.Random(seed)
    ranking = [[s] for s in rng.sample(live, len(live))]
    order = list(contributions)
    winnings, taken = settle(pots, ranking, order[0], order, *rake)
    assert sum(winnings.values()) + taken == sum(amounts)
    assert rake[1] == 0 or taken <= rake[1]
