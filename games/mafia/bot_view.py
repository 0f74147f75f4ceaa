"""What a bot's seat knows, for planning its orders (games.mafia.bot_orders): its own things, the
public facts, its fellows if mafia and — at "normal" — what its seat has learned (games.mafia.bot_memory);
the mafia's shared choice of victim; what holding a card is worth."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.core.rng import derived
from games.mafia import bot_memory, votes
from games.mafia.collection import CardType
from games.mafia.sheet_common import target_refusal
from games.mafia.state import Card, MafiaState, Seat

# --- tuning -------------------------------------------------------------------------------------
NOISE = 0.4
"""How much a law bot's private hunch blurs the public evidence (hand counts): more noise, less
agreement among law voters."""
FOCUS = 0.9
"""Among equal counts, the table's talk settles on someone: a tie-break every seat shares (drawn from
(seed, phase index) alone), standing in for the discussion bots cannot hold."""
EXPECTED_BOOSTS = 1
"""The mafia assumes this many boosts when it judges whom the kill can finish."""
FINISH_SHARE = 0.0
"""How often the mafia finishes a character its kill can kill rather than hitting the strongest."""
FIRST_NIGHT_CAP = 5
"""Rules page: on Night 1 nobody takes more than 5 damage."""
EASY = "easy"
"""The memoryless bot (as it was first written); every other level remembers what its seat learned."""
BELIEF_WEIGHT = 1.0
"""How much one unit of log-odds of being mafia adds to a law bot's suspicion (in hand cards)."""
SURE = bot_memory.SURE_MAFIA
CLEARED = bot_memory.CLEARED_LAW


# --- what the seat knows --------------------------------------------------------------------------
@dataclass
class View:
    """One seat's view for planning: its own things, the public facts, its fellows if mafia."""

    state: MafiaState
    me: int
    rng: random.Random
    friends: list[int]
    """Living fellow mafia members (empty for law)."""
    suspicion: dict[int, float]
    """Every other living character: how suspect (law: from the hand counts and a private hunch —
    and at "normal", what its seat has learned; mafia: how suspect the law must find him)."""
    level: str = "normal"
    belief: dict[int, float] = field(default_factory=dict)
    """"normal" law: log-odds that each other living character is mafia (games.mafia.bot_memory);
    empty at "easy" (the bot remembers nothing)."""

    @property
    def remembers(self) -> bool:
        return self.level != EASY and not self.mafia

    def known_mafia(self, n: int) -> bool:
        return self.belief.get(n, 0.0) >= SURE

    def cleared(self, n: int) -> bool:
        return self.belief.get(n, 0.0) <= -CLEARED

    @property
    def player(self) -> Seat:
        return self.state.seats[self.me]

    @property
    def mafia(self) -> bool:
        return self.player.mafia

    @property
    def night(self) -> bool:
        return self.state.phase == "night"

    def count(self, n: int) -> int:
        return self.state.counts.get(n, 0)

    def law(self) -> list[int]:
        """Characters this seat may treat as law (for the mafia: everyone outside it)."""
        return [n for n in self.suspicion if not (self.mafia and self.state.seats[n].mafia)]

    def targets(self, pool: list[int]) -> list[int]:
        """Those of `pool` a card may target now (alive, not me, not the protected Sociopath)."""
        return [n for n in pool if target_refusal(self.state, self.me, n) is None]

    def ranked(self, pool: list[int]) -> list[int]:
        """Most suspect first."""
        return sorted(pool, key=lambda n: -self.suspicion.get(n, 0.0))

    def threatened(self) -> bool:
        """Damage is likely on me this phase: few cards, or (mafia / by day) I look like the suspect."""
        mine = self.count(self.me)
        if self.night and not self.mafia:
            return mine <= 3 or self.looks_suspect()
        return self.looks_suspect() or mine <= 2

    def looks_suspect(self) -> bool:
        others = [self.count(n) for n in self.suspicion]
        return bool(others) and self.count(self.me) >= max(others)


def opening(state: MafiaState, n: int) -> int:
    return state.roles.opening_hand(state.seats[n].public_role)


def table_talk(state: MafiaState) -> dict[int, float]:
    """How suspect the table finds each living character on public facts alone: the cards he keeps
    beyond his opening hand, plus the tie-break of the table's talk (FOCUS: drawn for every living
    seat in seat order, the same for every seat)."""
    talk = derived(state.rng.seed, "bot-talk", state.phase_index)
    return {n: state.counts.get(n, 0) - opening(state, n) + talk.uniform(0, FOCUS) for n in state.living()}


def table_suspect(state: MafiaState, pool: list[int]) -> int | None:
    """The one of `pool` the table suspects most (public: every seat can tell)."""
    talk = table_talk(state)
    return max(pool, key=lambda n: talk[n]) if pool else None


def view(state: MafiaState, me: int, level: str = "normal") -> View:
    rng = derived(state.rng.seed, "bot-plan", state.phase_index, me)
    player = state.seats[me]
    friends = [n for n in state.mafia_seats() if n != me and state.seats[n].alive] if player.mafia else []
    talk = table_talk(state)
    suspicion: dict[int, float] = {}
    for n in state.living():
        hunch = rng.uniform(0, NOISE)  # drawn for every living seat, in seat order
        if n != me:
            suspicion[n] = talk[n] + hunch
    found = View(state=state, me=me, rng=rng, friends=friends, suspicion=suspicion, level=level)
    if found.remembers:
        found.belief = bot_memory.beliefs(state, me)
        for n in suspicion:
            suspicion[n] += BELIEF_WEIGHT * found.belief.get(n, 0.0)
    return found


def victim(state: MafiaState, level: str = "normal") -> int | None:
    """The mafia's victim tonight — the same for every member: only public facts and a generator seeded
    by (seed, phase index). The law character with the most cards (the strongest, and the one the
    law would trust least), unless FINISH_SHARE of the nights it finishes one the kill can kill. Above
    "easy", the law character the table suspects most is spared: tomorrow's veche may spend itself
    on him (see `kill_candidates`)."""
    legal = kill_candidates(state, level)
    if not legal:
        return None
    mafia = state.mafia_seats()
    shared = derived(state.rng.seed, "mafia-victim", state.phase_index)
    legal = shared.sample(legal, len(legal))  # ties broken alike by every member
    dead = sum(1 for n in mafia if not state.seats[n].alive)
    damage = votes.KILL_DAMAGE + votes.KILL_BOOST * (EXPECTED_BOOSTS + dead)
    if state.phase_index == 1:
        damage = min(damage, FIRST_NIGHT_CAP)
    counts = {n: state.counts.get(n, 0) for n in legal}
    killable = [n for n in legal if counts[n] < damage]
    if killable and shared.random() < FINISH_SHARE:
        return max(killable, key=lambda n: counts[n])
    return max(legal, key=lambda n: counts[n])


def kill_candidates(state: MafiaState, level: str = "normal") -> list[int]:
    """Those the mafia's kill may choose among tonight (mafia knowledge: only its members call this):
    every character it may target; above "easy", all but the law character the table suspects most
    (the decoy), when others are left."""
    mafia = state.mafia_seats()
    if not mafia:
        return []
    legal = [n for n in state.living() if votes.kill_target_refusal(state, mafia[0], n) is None]
    if level == EASY or len(legal) < 2:
        return legal
    decoy = table_suspect(state, legal)
    return [n for n in legal if n != decoy]


# --- what a card is worth ---------------------------------------------------------------------------
def worth(v: View, kind: CardType) -> float:
    """How much holding a card is worth to this seat (payments, the hand's order, the deck's bottom)."""
    effect, params, cost = kind.effect, kind.params, kind.cost
    if effect in ("damage", "poison"):
        amount = params.get("amount", params.get("now", 0) + params.get("later", 0))
        value = (1.3 if v.mafia else 1.0) * (1 + 0.5 * amount)
    elif effect == "armor":
        value = 1 + 0.7 * params.get("amount", 0)
    elif effect == "draw":
        value = 1 + 1.0 * params.get("cards", 0)
    else:
        value = {"rob": 2.0, "riposte": 1.8, "stockpile": 1.8, "armor_next_night": 1.8, "antidote": 1.2,
                 "sabotage": 1.0, "disarm": 1.0, "bodyguard": 0.8, "letter": 0.4, "divination": 0.8,
                 "faction": 1.2, "search": 0.9}.get(effect, 0.7)
    return value - 0.5 * cost


def card_worth(v: View, card: Card) -> float:
    return worth(v, v.state.collection.card(card.key))
