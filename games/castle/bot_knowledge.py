"""What one Castle seat may know, copied out of the state for a bot: its own hand and the public
table (board, markers, positions, shrines, artifacts, face-up skirmish cards, hand sizes, delivered
counts, who moved). `Knowledge` also holds where each player seems to head (`goal_of`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.castle.board import Board, Corridor
from games.castle.bot_board import FAR, Castle
from games.castle.bot_skirmish import SkirmishCard
from games.castle.state import CastleState, Marker

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

