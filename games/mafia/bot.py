"""Bot players for the parts that exist: draft picks, the Jester's opening hand, the artifact.

A simple sensible policy using only the seat's own knowledge: prefer the colours that serve the
faction (law: information to find the mafia, then support; mafia: attack, then support), cheap cards
over dear ones, and a spread over many copies of one card. Ties are broken by the bot's generator.
"""

from __future__ import annotations

import random

from games.core import Prompt
from games.mafia.collection import Colour, load_collection
from games.mafia.draft import ARTIFACT, SWINDLER
from games.mafia.state import MafiaState

PREFERENCE: dict[str, dict[Colour, float]] = {
    "law": {"information": 3.0, "support": 2.5, "attack": 2.0},
    "mafia": {"attack": 3.0, "support": 2.5, "information": 2.0},
}
COST_PENALTY = 0.6
COPY_PENALTY = 0.8


def card_scores(state: MafiaState, number: int, prompt: Prompt, rng: random.Random) -> dict[str, float]:
    """A score per option (card id) for this seat."""
    collection = load_collection()
    player = state.seats[number]
    owned = player.kept + player.deck + player.hand
    cards = {str(c.id): c for c in owned}
    if state.draft is not None and number in state.draft.offers:
        cards.update({str(c.id): c for c in state.draft.offers[number].cards})
    scores: dict[str, float] = {}
    for option in prompt.options:
        card = collection.card(cards[option.value].key)
        copies = sum(1 for c in player.kept if c.key == card.key)
        preference = PREFERENCE[player.faction][card.colour]
        scores[option.value] = preference - COST_PENALTY * card.cost - COPY_PENALTY * copies + rng.random() * 0.1
    return scores


def choose(state: MafiaState, prompt: Prompt, rng: random.Random) -> str | tuple[str, ...]:
    if prompt.key == ARTIFACT:
        usable = [o.value for o in prompt.options if o.disabled is None]
        if state.seats[prompt.seat].public_role == SWINDLER:
            return str(prompt.seat)  # his own 3 armor a night is the surest use of it
        return rng.choice(usable)
    scores = card_scores(state, prompt.seat, prompt, rng)
    count = prompt.max_picks or 1
    return tuple(sorted(scores, key=lambda value: -scores[value])[:count])
