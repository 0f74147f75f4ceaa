"""Helpers shared by the set-up, the draft and the views: prompts, events, chances, card descriptions."""

from __future__ import annotations

from functools import partial
from typing import Any

from games.core import Event, Option, Rng, term
from games.core.prompts import numbered_prompt
from games.mafia.collection import CardType, Collection
from games.mafia.state import Card

CHANCE_SCALE = 1_000_000


new_prompt = partial(numbered_prompt, game="mafia", changeable=True)
"""A Mafia prompt: secret, and changeable until its step resolves unless it says otherwise."""


def announce(key: str, **params: Any) -> Event:
    return Event(key=key, params=params)


def tell(players: list[int], key: str, **params: Any) -> Event:
    return Event(key=key, params=params, to=players)


def chance(rng: Rng, probability: float) -> bool:
    """True with `probability`, from the state's generator."""
    return rng.randint(1, CHANCE_SCALE) <= round(probability * CHANCE_SCALE)


def weighted(rng: Rng, cards: list[CardType]) -> CardType:
    """One card type, drawn with probability proportional to its draft weight."""
    total = sum(c.weight or 0 for c in cards)
    roll = rng.randint(1, total)
    for card in cards:
        roll -= card.weight or 0
        if roll <= 0:
            return card
    raise AssertionError("weights do not add up")


def card_term(key: str) -> dict[str, str]:
    return term(f"mafia-card-{key}")


def cards_term(cards: list[Card]) -> list[dict[str, str]]:
    """A list of cards for a message parameter (rendered as a comma-separated list)."""
    return [card_term(c.key) for c in cards]


def card_params(collection: Collection, key: str) -> dict[str, Any]:
    """A card type as message parameters: name, colour, cost, when, whether it targets, its text."""
    card = collection.card(key)
    return {
        "card": card_term(key),
        "colour": term(f"mafia-colour-{card.colour}"),
        "cost": card.cost,
        "when": term(f"mafia-when-{card.when}"),
        "text": {"message": f"mafia-card-{key}-text", "params": dict(card.params)},
    }


def card_option(collection: Collection, card: Card) -> Option:
    params = card_params(collection, card.key)
    del params["text"]  # the option stays short (a Discord select label); the prompt lists the texts
    return Option(value=str(card.id), label="mafia-opt-card", params=params)


def card_lines(collection: Collection, cards: list[Card]) -> dict[str, Any]:
    """Each card on its own line with its full text (a prompt's list of what is offered)."""
    return {"lines": [{"message": "mafia-line-card", "params": card_params(collection, c.key)} for c in cards]}


def sorted_cards(collection: Collection, cards: list[Card]) -> list[Card]:
    """Cards in collection order (then by id): how contents are shown without giving away an order."""
    return sorted(cards, key=lambda c: (collection.order(c.key), c.id))
