"""A bot player's policy, built only from what its seat may know.

`knowledge()` copies out exactly that: the seat's own role, target, hunter and hand, plus the
public table (revealed cards, placements, circle). The policy never reads the state itself.

Choosing: hold the Sword until the deduction aid leaves one candidate for the target (the Shield
likewise for the hunter), or until there are no more circles to wait; before that, play character
cards (the bot has no use for them) and keep the Hill for its coin as long as possible.
Placing: aim the Sword at a player who may be the target, the Shield at one who may be the hunter.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import permutations

from games.cookie import rules
from games.cookie.deduction import candidates, possible_roles
from games.cookie.state import CookieState


@dataclass(frozen=True)
class Knowledge:
    seat: int
    players: int
    circle: int
    role: str
    target: str
    hunter: str
    hand: tuple[str, ...]
    possible: tuple[tuple[str, ...], ...]
    placements: tuple[tuple[int, str, int | None], ...]

    @property
    def circles_left(self) -> int:
        """Circles still to play, this one included."""
        return self.players - self.circle + 1

    def target_candidates(self) -> list[int]:
        return candidates(self.possible, self.target, self.seat)

    def hunter_candidates(self) -> list[int]:
        return candidates(self.possible, self.hunter, self.seat)


def knowledge(state: CookieState, seat: int) -> Knowledge:
    role = state.roles[seat]
    possible = possible_roles(state.players, seat, role, state.revealed)
    return Knowledge(
        seat=seat,
        players=state.players,
        circle=state.circle,
        role=role,
        target=rules.target_of(role, state.players),
        hunter=rules.hunter_of(role, state.players),
        hand=tuple(state.hands[seat]),
        possible=tuple(tuple(roles) for roles in possible),
        placements=tuple(state.placement_triples()),
    )


def choose_card(k: Knowledge, rng: random.Random, level: str = "normal") -> str:
    """The card to reveal this circle: "easy" is `easy_card`, "normal" (the default) `normal_card`."""
    if level == "easy":
        return easy_card(k, rng)
    return normal_card(k, rng)


def place_target(k: Knowledge, card: str, legal: list[int], rng: random.Random, level: str = "normal") -> int:
    """Where to put a revealed Sword or Shield: "easy" is `easy_place`, "normal" `normal_place`."""
    if level == "easy":
        return easy_place(k, card, legal, rng)
    return normal_place(k, card, legal, rng)


def easy_card(k: Knowledge, rng: random.Random) -> str:
    hand = list(k.hand)
    targets = len(k.target_candidates())
    hunters = len(k.hunter_candidates())
    if rules.SWORD in hand and targets == 1:
        return rules.SWORD
    if rules.SHIELD in hand and hunters == 1:
        return rules.SHIELD
    tools = [card for card in (rules.SWORD, rules.SHIELD) if card in hand]
    if tools and k.circles_left <= len(tools):
        # No more waiting: play the tool with the better odds (3 coins / candidates vs 2 / candidates).
        def odds(card: str) -> float:
            if card == rules.SWORD:
                return rules.SWORD_POINTS / max(targets, 1)
            return rules.SHIELD_POINTS / max(hunters, 1)

        return max(tools, key=odds)
    characters = [card for card in hand if rules.is_character(card)]
    if characters:
        return rng.choice(characters)
    others = [card for card in hand if card != rules.HILL]
    return rng.choice(others) if others else hand[0]


def easy_place(k: Knowledge, card: str, legal: list[int], rng: random.Random) -> int:
    wanted = k.target if card == rules.SWORD else k.hunter
    likely = [seat for seat in legal if wanted in k.possible[seat]]
    return rng.choice(likely or legal)


# --- the normal bot ----------------------------------------------------------------------------
SURE = 0.999
"""A deduction this likely is certain (the aid leaves one candidate)."""


def role_odds(k: Knowledge, role: str) -> dict[int, float]:
    """Per other seat, the chance it holds `role`: the share of the complete deals the deduction
    aid allows (every allowed deal of the other roles is equally likely to this seat)."""
    others = [seat for seat in range(k.players) if seat != k.seat]
    rest = [r for r in rules.chain(k.players) if r != k.role]
    counts = dict.fromkeys(others, 0)
    total = 0
    for deal in permutations(rest):
        if all(r in k.possible[seat] for seat, r in zip(others, deal, strict=True)):
            total += 1
            for seat, r in zip(others, deal, strict=True):
                if r == role:
                    counts[seat] += 1
    return {seat: count / total for seat, count in counts.items()} if total else dict.fromkeys(others, 0.0)


def open_seats(k: Knowledge, card: str) -> list[int]:
    """Where this seat could put `card` now (players who blocked it are out)."""
    return rules.legal_targets(k.seat, card, k.players, k.placements)


def best_odds(k: Knowledge, card: str) -> float:
    """The chance that `card` (Sword or Shield) scores if placed now on the likeliest open seat."""
    odds = role_odds(k, k.target if card == rules.SWORD else k.hunter)
    return max((odds[seat] for seat in open_seats(k, card)), default=0.0)


def normal_card(k: Knowledge, rng: random.Random) -> str:
    """Play the Sword (Shield) once the deduction aid is sure where it goes; with few circles
    left, play the tool worth more in expected coins (3 or 2 times its odds), sooner when its
    odds are already good, since a player may block it by placing the opposite tool first. Until
    then reveal character cards, and keep the Hill for its coin."""
    hand = list(k.hand)
    tools = [card for card in (rules.SWORD, rules.SHIELD) if card in hand]
    points = {rules.SWORD: rules.SWORD_POINTS, rules.SHIELD: rules.SHIELD_POINTS}
    odds = {card: best_odds(k, card) for card in tools}
    sure = [card for card in tools if odds[card] >= SURE]
    if sure:
        return max(sure, key=lambda card: points[card])
    if tools:
        spare = k.circles_left - len(tools)
        worth = max(tools, key=lambda card: (points[card] * odds[card], card == rules.SWORD))
        if spare <= 0 or (spare == 1 and odds[worth] >= 0.5):
            return worth
    characters = [card for card in hand if rules.is_character(card)]
    if characters:
        return rng.choice(characters)
    others = [card for card in hand if card != rules.HILL]
    return rng.choice(others) if others else hand[0]


def normal_place(k: Knowledge, card: str, legal: list[int], rng: random.Random) -> int:
    """The legal seat likeliest to hold the Sword's target (the Shield's hunter)."""
    odds = role_odds(k, k.target if card == rules.SWORD else k.hunter)
    return max(legal, key=lambda seat: (odds.get(seat, 0.0), rng.random()))
