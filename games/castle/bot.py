"""A Castle bot player that plays to win, using only what its seat may know.

`knowledge()` copies out exactly that from the state: the seat's own hand, the public board (halls,
corridors as they are now, Locks and Barricades with the rounds they last, positions, shrines,
artifacts), every player's face-up skirmish cards, hand sizes, delivered counts and who moved. The
policy below reads only that (and its own prompt and order sheet).

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

import itertools
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.castle.board import Board, Corridor
from games.castle.cards import BEATS
from games.castle.halls import MAX_OPTIONS, RING, open_neighbours, two_step_walks
from games.castle.orders import NONE, ORDERS, STAY, STOP, double_possible
from games.castle.resolution import KEEP
from games.castle.skirmish import ASK as SKIRMISH_ASK
from games.castle.skirmish import ASK_PEEK as PEEK_ASK
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState, Marker
from games.core import Action, Option, Prompt
from games.core.orders import BACK, CANCEL, DONE, EDIT, FINISH, OrderForm, Part, Sheet

AHAHA_ASK = "castle-ask-ahaha"

def key(a: str, b: str) -> Corridor:
    return (a, b) if a <= b else (b, a)


# --- the board as the bot sees it -----------------------------------------------------------------
FAR = 99
HORIZON = 40
"""Rounds looked ahead when markers make a mover wait."""


@dataclass
class Castle:
    """The public board: corridors as they are now, and when markers block them. Rounds are counted
    from this one (0 = the movement about to be ordered)."""

    halls: list[str]
    corridors: set[Corridor]
    locks: dict[Corridor, set[int]] = field(default_factory=dict)
    """Rounds (from now) in which a Lock makes the corridor impassable."""
    barricades: dict[Corridor, set[int]] = field(default_factory=dict)
    """Rounds in which a Barricade blocks the corridor for a mover without DoubleStep."""
    adjacent: dict[str, list[str]] = field(default_factory=dict)
    _dist: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _arrival: dict[tuple[str, str, int], int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.adjacent:
            self.adjacent = {hall: [] for hall in self.halls}
            for a, b in sorted(self.corridors):
                self.adjacent.setdefault(a, []).append(b)
                self.adjacent.setdefault(b, []).append(a)

    def passable(self, a: str, b: str, double: bool, when: int = 0) -> bool:
        """Whether a mover can take corridor a–b in round `when` (with or without DoubleStep)."""
        corridor = key(a, b)
        if corridor not in self.corridors or when in self.locks.get(corridor, ()):
            return False
        return double or when not in self.barricades.get(corridor, ())

    def dist(self, goal: str) -> dict[str, int]:
        """Corridor counts to `goal` over every corridor that exists, markers ignored (they expire):
        breadth-first from the goal, cached."""
        found = self._dist.get(goal)
        if found is None:
            found = {goal: 0}
            queue = deque([goal])
            while queue:
                here = queue.popleft()
                for other in self.adjacent.get(here, ()):
                    if other not in found:
                        found[other] = found[here] + 1
                        queue.append(other)
            self._dist[goal] = found
        return found

    def arrival(self, start: str, goal: str, when: int) -> int:
        """The first round in which a mover standing on `start` from round `when` on, walking one
        corridor a round (waiting where markers block), can stand on `goal`."""
        memo = (start, goal, when)
        if memo in self._arrival:
            return self._arrival[memo]
        found = FAR
        if not self.locks and not self.barricades:  # nothing to wait for: the plain distance
            steps = self.dist(goal).get(start)
            found = FAR if steps is None else when + steps
        else:
            seen = {(start, when)}
            frontier = [start]
            round_number = when
            while frontier and round_number < when + HORIZON:
                if goal in frontier:
                    found = round_number
                    break
                following = []
                for hall in frontier:
                    for there in [hall, *self.adjacent.get(hall, ())]:
                        if there != hall and not self.passable(hall, there, False, round_number):
                            continue
                        if (there, round_number + 1) not in seen:
                            seen.add((there, round_number + 1))
                            following.append(there)
                frontier = following
                round_number += 1
        self._arrival[memo] = found
        return found

    def path(self, start: str, goal: str) -> list[str]:
        """A shortest way start → goal (halls after start), the first neighbour in order at each fork."""
        dist = self.dist(goal)
        way: list[str] = []
        here = start
        while here != goal and dist.get(here, FAR) < FAR:
            here = min(self.adjacent[here], key=lambda h: (dist.get(h, FAR), self.halls.index(h)))
            way.append(here)
        return way

    def moves(self, start: str, double: bool) -> list[list[str]]:
        """Every path a mover may order this round: stay, one corridor, or two with DoubleStep."""
        paths: list[list[str]] = [[]]
        for first in self.adjacent.get(start, ()):
            if not self.passable(start, first, double):
                continue
            paths.append([first])
            if double:
                paths.extend(
                    [first, second]
                    for second in self.adjacent.get(first, ())
                    if second != start and self.passable(first, second, double)
                )
        return paths

    def with_marker(self, corridor: Corridor, rounds: set[int], *, lock: bool) -> Castle:
        """The castle with one more Lock (or Barricade) in the given rounds."""
        locks, barricades = dict(self.locks), dict(self.barricades)
        target = locks if lock else barricades
        target[corridor] = set(target.get(corridor, set())) | rounds
        return Castle(self.halls, self.corridors, locks, barricades, self.adjacent, self._dist)


def rounds_to(castle: Castle, start: str, goal: str, double_now: bool) -> int:
    """Rounds a mover at `start` needs to stand on `goal`: this round's move (with DoubleStep or
    not), then a corridor a round, waiting where markers block."""
    if start == goal:
        return 0
    return min(
        (castle.arrival(path[-1] if path else start, goal, 1) for path in castle.moves(start, double_now)),
        default=FAR,
    )


def best_path(castle: Castle, start: str, goal: str, double: bool, danger: dict[str, int] | None = None) -> list[str]:
    """The path to order this round toward `goal`: the earliest arrival after it; then the least
    `danger` (rivals there or next to it); then nearer on the plain board; then moving rather than
    waiting (a mover gets the arrival bonus in a skirmish)."""
    dist = castle.dist(goal)
    danger = danger or {}

    def score(path: list[str]) -> tuple[int, int, int, int]:
        end = path[-1] if path else start
        arrive = 0 if end == goal else castle.arrival(end, goal, 1)
        return (arrive, danger.get(end, 0), dist.get(end, FAR), -len(path))

    return min(castle.moves(start, double), key=score)


# --- skirmish -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SkirmishCard:
    name: str
    type: str
    """push, hold or trick."""
    base: int


def influence(card: SkirmishCard, others: Iterable[SkirmishCard], bonus: int) -> int:
    """Base + TypeBonus (+1 per other card it beats: Hold > Push > Trick > Hold) + ArrivalBonus."""
    return card.base + sum(1 for other in others if BEATS[card.type] == other.type) + bonus


def skirmish_odds(
    mine: SkirmishCard, my_bonus: int, rivals: list[tuple[list[SkirmishCard], int]]
) -> tuple[float, float, float]:
    """(chance to be the one highest, chance of a tie for highest, expected margin over the best
    rival), with each rival choosing either of their face-up cards with equal odds."""
    if not rivals:
        return 1.0, 0.0, 0.0
    win = tie = margin = 0.0
    choices = [cards or [SkirmishCard("?", "push", 0)] for cards, _ in rivals]
    combos = list(itertools.product(*choices))
    for combo in combos:
        table = [mine, *combo]
        mine_value = influence(mine, combo, my_bonus)
        values = [
            influence(card, [c for j, c in enumerate(table) if j != i + 1], rivals[i][1])
            for i, card in enumerate(combo)
        ]
        top = max(values)
        margin += mine_value - top
        if mine_value > top:
            win += 1
        elif mine_value == top:
            tie += 1
    n = len(combos)
    return win / n, tie / n, margin / n


def choose_skirmish_card(
    options: list[SkirmishCard], my_bonus: int, rivals: list[tuple[list[SkirmishCard], int]], tie: float = 0.25
) -> int:
    """The index of the card with the best odds of being the one highest (a tie for highest counts
    `tie` of a win: everyone tied is thrown out, dropping what they carry), then the better expected
    margin, then the higher Base."""

    def value(index: int) -> tuple[float, float, int]:
        win, ties, margin = skirmish_odds(options[index], my_bonus, rivals)
        return (win + tie * ties, margin, options[index].base)

    return max(range(len(options)), key=value)


# --- what the seat knows --------------------------------------------------------------------------
CARD_VALUE = {"second_wind": 6, "platform": 5, "unfair": 4, "devil": 3, "passage": 2, "ahaha": 1}
"""How much a card in hand is worth to a racer (what to discard from a rival, what to give away)."""


@dataclass
class Knowledge:
    """Exactly what one seat may know: its own hand and the public table."""

    seat: int
    players: int
    board: Board
    castle: Castle
    positions: list[str]
    shrines: list[str]
    floor: dict[str, int]
    carried: list[int]
    delivered: list[int]
    hand: list[str]
    """Own action cards (kinds), in hand order."""
    hand_sizes: list[int]
    rows: list[list[SkirmishCard]]
    moved: set[int]
    webs: bool
    against_current: bool
    barred: bool
    shackled: bool
    _goals: dict[int, str] = field(default_factory=dict, repr=False)

    @property
    def here(self) -> str:
        return self.positions[self.seat]

    def rivals(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat]

    def can_double(self) -> bool:
        return not self.webs and not self.shackled

    def arrival_bonus(self, who: int) -> int:
        moved = who in self.moved
        return int(not moved) if self.against_current else int(moved)

    def goal_of(self, who: int) -> str:
        """Where `who` heads: home when carrying, else the nearest free artifact, else to cut off
        the carrier, else the Central Hall (where the next artifact appears)."""
        if who not in self._goals:
            self._goals[who] = self._goal(who)
        return self._goals[who]

    def _goal(self, who: int) -> str:
        here = self.positions[who]
        if self.carried[who]:
            return self.shrines[who]
        if self.floor:
            return min(self.floor, key=lambda hall: (self.castle.dist(hall).get(here, FAR), hall))
        carriers = [s for s in range(self.players) if self.carried[s] and s != who]
        if carriers:
            return self.intercept(who, max(carriers, key=self.lead))
        return self.board.centre

    def intercept(self, who: int, carrier: int) -> str:
        """The first hall on the carrier's way home that `who` can reach no later than the carrier."""
        way = self.castle.path(self.positions[carrier], self.shrines[carrier])
        mine = self.castle.dist(self.positions[who])
        for steps, hall in enumerate(way, start=1):
            if mine.get(hall, FAR) <= steps:
                return hall
        return way[-1] if way else self.positions[carrier]

    def trip(self, castle: Castle, who: int) -> int:
        """Corridors `who` still walks to score: to the goal, and home from a free artifact."""
        goal = self.goal_of(who)
        here = self.positions[who]
        walk = castle.dist(goal).get(here, FAR)
        if not self.carried[who] and goal in self.floor:
            walk += castle.dist(goal).get(self.shrines[who], FAR)
        return walk

    def lead(self, who: int) -> tuple[float, int]:
        """How close `who` is to winning: delivered, plus the artifact in reach counted by its trip."""
        value = float(self.delivered[who]) - 0.05 * min(self.trip(self.castle, who), 20)
        if self.carried[who]:
            value += 1.0
        return value, -who

    def leader(self) -> int:
        return max(self.rivals(), key=self.lead)


def skirmish_card(state: CastleState, card: int) -> SkirmishCard:
    kind = state.skirmish_kinds[card]
    stats = state.skirmish_stats[kind]
    return SkirmishCard(kind, stats.type, stats.base)


def marker_rounds(markers: list[Marker], now: int) -> dict[Corridor, set[int]]:
    found: dict[Corridor, set[int]] = {}
    for marker in markers:
        rounds = {r - now for r in range(max(marker.since, now), marker.until + 1)}
        if rounds:
            found.setdefault(tuple(marker.corridor), set()).update(rounds)  # type: ignore[arg-type]
    return found


def knowledge(state: CastleState, me: int) -> Knowledge:
    """Copy out what seat `me` may know (never another hand, order or skirmish choice)."""
    board = state.the_board()
    now = state.round
    castle = Castle(
        board.ordered_halls(),
        set(state.corridors()),
        locks=marker_rounds(state.locks, now),
        barricades=marker_rounds(state.barricades, now),
    )
    return Knowledge(
        seat=me,
        players=state.players,
        board=board,
        castle=castle,
        positions=[p.hall for p in state.table],
        shrines=[state.shrine_hall(s) for s in range(state.players)],
        floor={hall: n for hall, n in state.floor.items() if n},
        carried=[p.carried for p in state.table],
        delivered=[p.delivered for p in state.table],
        hand=[state.action_kinds[c] for c in state.table[me].hand],
        hand_sizes=[len(p.hand) for p in state.table],
        rows=[[skirmish_card(state, c) for c in p.row] for p in state.table],
        moved=set(state.moved),
        webs=state.event_kind() == "webs",
        against_current=state.event_kind() == "current",
        barred=state.table[me].barred == now,
        shackled=state.table[me].shackled == now,
    )


# --- plans: which corridor to block, which passage to open ------------------------------------------
def threats(k: Knowledge) -> list[int]:
    """Rivals worth slowing down: the carriers if any, else rivals no farther than the bot from scoring."""
    carriers = [r for r in k.rivals() if k.carried[r]]
    if carriers:
        return sorted(carriers, key=k.lead, reverse=True)
    mine = k.trip(k.castle, k.seat)
    return sorted((r for r in k.rivals() if k.trip(k.castle, r) <= mine), key=k.lead, reverse=True)


def best_block(k: Knowledge, *, next_round: bool) -> Corridor | None:
    """The corridor whose blocking delays a threatening rival most without delaying the bot: a
    Barricade for this round and the next (Platform 9¾, played before this round's movement), or a
    Lock for the next round (Defence, chosen after this round's movement: the next move is next
    round's)."""
    rounds = {1} if next_round else {0, 1}
    first = 1 if next_round else 0
    chasing = not k.carried[k.seat] and not k.floor  # cutting off a carrier: its delay is the bot's aim
    my_goal = k.goal_of(k.seat)
    my_base = k.castle.arrival(k.here, my_goal, first)
    best: tuple[int, Corridor] | None = None
    for rival in threats(k):
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


# --- walking a form's steps to a wanted answer ----------------------------------------------------
def ring_token(board: Board, value: str) -> str | None:
    try:
        return f"{RING}{board.ring_of(value)}"
    except KeyError:
        return None


def walk(part: Part[CastleState], state: CastleState, sheet: Sheet, tokens: list[str]) -> list[str] | None:
    """The part's answers that reach `tokens` through its steps (adding the ring step where a hall
    picker asks for one), or None when a token is not a legal answer."""
    board = state.the_board()
    answers: list[str] = []
    wanted = list(tokens)
    for _ in range(len(tokens) * 2 + 2):
        step = part.step(state, sheet, answers)
        if step is None:
            return answers if not wanted else None
        if not wanted:
            return None
        enabled = {o.value for o in step.options if o.disabled is None}
        value = wanted[0]
        if value in enabled:
            wanted.pop(0)
        elif (ring := ring_token(board, value)) in enabled:
            value = ring
        else:
            return None
        answers.append(value)
    return None


def move_tokens(path: list[str], double: bool) -> list[str]:
    if not path:
        return [STAY]
    if double and len(path) == 1:
        return [path[0], STOP]
    return list(path)


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
    order = choose_card(k, goal)
    card = order.card if order.exact else walk(ORDERS.parts["card"], state, sheet, order.card)
    if card is None:
        order = Order([NONE, "draw" if len(k.hand) < 3 else "nothing"])
        card = ORDERS.parts["card"].default(state, sheet)
    trial = sheet.model_copy(deep=True)
    trial.parts["card"] = card
    double = order.double and double_possible(state, trial)
    path = choose_path(k, goal, double)
    move = walk(ORDERS.parts["move"], state, trial, move_tokens(path, double))
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
    # Hall pickers are answered exactly (the form's own candidate lists are costly to step through).
    if "effect" in sheet.parts and fight.card == "secret_door":
        if opening := best_passage(k, adjacent_rings=False):
            plan["effect"] = passage_tokens(k, opening, False)
    elif "effect" in sheet.parts and fight.card == "defence":
        if corridor := best_block(k, next_round=True):
            plan["effect"] = corridor_tokens(k, corridor)
    elif "effect" in sheet.parts:
        tokens = effect_tokens(k, fight.card, fight.losers)
        answers = walk(CHOICES.parts["effect"], state, sheet, tokens) if tokens else None
        if answers is not None:
            plan["effect"] = answers
    return plan


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


# --- the entry point ----------------------------------------------------------------------------------
def steer(form: OrderForm[CastleState], state: CastleState, prompt: Prompt, plan: dict[str, list[str]]) -> str:
    """The next answer toward the planned sheet: `OrderForm.bot_value` without its validity test,
    which steps through every hall picker (costly); the plan is legal by construction, parts are
    edited in the plan's order (the card before the move it allows), and `bot_action`'s final
    check still catches a wrong answer."""
    sheet = form.sheets(state)[prompt.seat]
    if sheet.editing is not None:
        wanted = plan.get(sheet.editing, [])
        if sheet.draft == wanted[: len(sheet.draft)] and len(sheet.draft) < len(wanted):
            return wanted[len(sheet.draft)]
        return CANCEL
    for name, answers in plan.items():
        if name in sheet.parts and sheet.parts[name] != answers:
            return f"{EDIT}{name}"
    return DONE


def enabled(prompt: Prompt) -> list[str]:
    return [o.value for o in prompt.options if o.disabled is None and o.value not in (BACK, CANCEL)]


def decide(state: CastleState, prompt: Prompt, rng: random.Random) -> str:
    """The bot's answer to any Castle prompt (`bot_action` checks it is legal)."""
    if ORDERS.owns(prompt):
        return steer(ORDERS, state, prompt, order_plan(state, prompt))
    if CHOICES.owns(prompt):
        return steer(CHOICES, state, prompt, choice_plan(state, prompt))
    if prompt.key == SKIRMISH_ASK:
        return skirmish_value(state, prompt)
    if prompt.key == AHAHA_ASK:
        return ahaha_value(prompt)
    if prompt.key == PEEK_ASK:
        return "take" if "take" in enabled(prompt) else rng.choice(enabled(prompt))
    return rng.choice(enabled(prompt) or [prompt.options[0].value])


def bot_action(state: CastleState, prompt: Prompt, rng: random.Random) -> Action:
    """A legal answer always: the bot's own choice, or (should it ever be refused) the sheet's
    "keep what is set and finish", or a random enabled option."""
    from games.castle import ENGINE

    try:
        action: Action | None = Action(prompt=prompt.id, value=decide(state, prompt, rng))
    except Exception:  # never leave a seat stuck: a broken plan falls back to a legal answer
        action = None
    if action is not None and ENGINE.check(state, prompt.seat, action) is None:
        return action
    if ORDERS.owns(prompt) or CHOICES.owns(prompt):
        return Action(prompt=prompt.id, value=FINISH)
    options = enabled(prompt)
    return Action(prompt=prompt.id, value=rng.choice(options) if options else prompt.options[0].value)
