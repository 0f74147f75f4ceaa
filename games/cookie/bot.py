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


def choose_card(k: Knowledge, rng: random.Random) -> str:
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


def place_target(k: Knowledge, card: str, legal: list[int], rng: random.Random) -> int:
    wanted = k.target if card == rules.SWORD else k.hunter
    likely = [seat for seat in legal if wanted in k.possible[seat]]
    return rng.choice(likely or legal)
