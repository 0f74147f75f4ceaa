"""The card collection as data: `data/mafia/collection.json`, validated when loaded.

Each card type has a key (its name: catalog messages `mafia-card-<key>` and `mafia-card-<key>-text`),
a colour, a cost, when it may be played, whether it targets another living character, a draft
weight (tokens — the Killer's Bullet, the Businessman's Fat — have none and are never offered) and
one effect: an effect id naming a mechanic of the rules page with that mechanic's numbers::

    {"key": "poison", "colour": "attack", "cost": 0, "when": "night", "target": "other",
     "weight": 2, "effect": {"effect": "poison", "now": 1, "later": 2}}

An effect's recipient is the card's target when it has one, else its player ("armor" is the Vest
with no target and the Shield with one). Organisers change costs, weights and numbers here without
touching code; any fault is a `CollectionError` whose message names the file and the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from games.core.datafiles import read_json

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "mafia"
COLLECTION_FILE = DATA_DIR / "collection.json"

Colour = Literal["attack", "support", "information"]
When = Literal["night", "day", "any"]
Target = Literal["none", "other"]
COLOURS: tuple[Colour, ...] = ("attack", "support", "information")
WHENS: tuple[When, ...] = ("night", "day", "any")
TARGETS: tuple[Target, ...] = ("none", "other")


@dataclass(frozen=True)
class EffectSpec:
    """One mechanic of the rules page: the numbers it takes and the targets it makes sense with."""

    params: tuple[str, ...] = ()
    targets: tuple[Target, ...] = ("other",)


EFFECTS: dict[str, EffectSpec] = {
    "damage": EffectSpec(("amount",)),  # Strike, Ambush, Arson, Knuckles, Bullet
    "poison": EffectSpec(("now", "later")),  # damage now and at the end of the next phase
    "rob": EffectSpec(("cards",)),  # random hand cards of the target to your sleeve
    "sabotage": EffectSpec(),  # the target's hand card this phase has no effect
    "disarm": EffectSpec(),  # the target discards the whole sleeve
    "riposte": EffectSpec(("amount",), ("none",)),  # whoever targets you takes damage
    "armor": EffectSpec(("amount",), ("none", "other")),  # Vest, Shelter, Fat (self); Shield
    "draw": EffectSpec(("cards",), ("none", "other")),  # Rest (self); Healing (target)
    "stockpile": EffectSpec(("cards",), ("none",)),  # top deck cards to your sleeve
    "bodyguard": EffectSpec(),  # the target's damage is dealt to you
    "armor_next_night": EffectSpec(("amount",)),  # Reinforcements
    "antidote": EffectSpec(("armor",)),  # removes delayed effects, gives armor
    "hand_colours": EffectSpec(),  # Question: the colours of the target's hand, to you
    "letter": EffectSpec(),  # a text message to the target
    "surveillance": EffectSpec(),  # which cards the target played and at whom
    "search": EffectSpec(),  # the target's hand and sleeve
    "faction": EffectSpec(),  # Dossier
    "eavesdrop": EffectSpec(),  # whom the target voted for today, and how
    "tracker": EffectSpec(),  # who targeted the target (cards, the mafia's vote)
    "divination": EffectSpec(("cards",), ("none",)),  # look at and reorder top deck cards
    "denunciation": EffectSpec(),  # the target's hand colours, announced publicly
    "intercept": EffectSpec(),  # copies of messages sent to the target
}

_FIELDS = ("key", "colour", "cost", "when", "target", "weight", "token", "effect")


class CollectionError(ValueError):
    """A collection or roles file that cannot be used; the message names the file and the fault."""


class CardType(BaseModel):
    """One card type of the collection (read-only)."""

    model_config = ConfigDict(frozen=True)

    key: str
    colour: Colour
    cost: int
    when: When
    target: Target
    weight: int | None
    """Draft weight; None for tokens."""
    token: bool
    effect: str
    params: dict[str, int]

    @property
    def targeted(self) -> bool:
        return self.target == "other"


class Collection(BaseModel):
    """Every card type, in file order (the order used in lists and for deterministic draws)."""

    model_config = ConfigDict(frozen=True)

    source: str
    cards: tuple[CardType, ...]

    def card(self, key: str) -> CardType:
        found = next((c for c in self.cards if c.key == key), None)
        if found is None:
            raise KeyError(key)
        return found

    def has(self, key: str) -> bool:
        return any(c.key == key for c in self.cards)

    def draftable(self, colours: tuple[Colour, ...] = COLOURS) -> list[CardType]:
        """The cards a draft may offer from these colours (tokens and weight 0 left out)."""
        return [c for c in self.cards if not c.token and c.weight and c.colour in colours]

    def order(self, key: str) -> int:
        """A card's position in the file (lists show cards in this order)."""
        return next(i for i, c in enumerate(self.cards) if c.key == key)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(raw: Any, number: int, source: str) -> CardType:
    if not isinstance(raw, dict):
        raise CollectionError(f"{source}: card #{number} is not an object")
    key = raw.get("key")
    if not isinstance(key, str) or not key.strip():
        raise CollectionError(f"{source}: card #{number} has no key (the card's name)")
    where = f"{source}: card {key!r}"
    if not key.replace("_", "").replace("-", "").isalnum() or key != key.lower():
        raise CollectionError(f"{where}: a key is lowercase letters, digits, '-' and '_'")
    unknown = sorted(set(raw) - set(_FIELDS))
    if unknown:
        raise CollectionError(f"{where}: unknown field {unknown[0]!r}")
    if raw.get("colour") not in COLOURS:
        raise CollectionError(f"{where}: unknown colour {raw.get('colour')!r} (one of {', '.join(COLOURS)})")
    if raw.get("when") not in WHENS:
        raise CollectionError(f"{where}: unknown when {raw.get('when')!r} (one of {', '.join(WHENS)})")
    if raw.get("target") not in TARGETS:
        raise CollectionError(f"{where}: unknown target {raw.get('target')!r} (one of {', '.join(TARGETS)})")
    cost = raw.get("cost")
    if not _is_int(cost) or cost < 0:
        raise CollectionError(f"{where}: the cost must be a whole number of 0 or more, not {cost!r}")
    token = raw.get("token", False)
    if not isinstance(token, bool):
        raise CollectionError(f"{where}: token must be true or false")
    weight = raw.get("weight")
    if token and weight is not None:
        raise CollectionError(f"{where}: a token is never offered in the draft, so it has no weight")
    if not token and (not _is_int(weight) or weight < 0):
        raise CollectionError(f"{where}: the draft weight must be a whole number of 0 or more, not {weight!r}")
    effect, params = _effect(raw.get("effect"), raw["target"], where)
    return CardType(
        key=key, colour=raw["colour"], cost=cost, when=raw["when"], target=raw["target"],
        weight=weight, token=token, effect=effect, params=params,
    )


def _effect(raw: Any, target: Target, where: str) -> tuple[str, dict[str, int]]:
    if not isinstance(raw, dict) or not isinstance(raw.get("effect"), str):
        raise CollectionError(f'{where}: the effect must be an object with an effect id, e.g. {{"effect": "damage"}}')
    name = raw["effect"]
    spec = EFFECTS.get(name)
    if spec is None:
        raise CollectionError(f"{where}: unknown effect {name!r} (known: {', '.join(EFFECTS)})")
    params = {k: v for k, v in raw.items() if k != "effect"}
    for extra in sorted(set(params) - set(spec.params)):
        raise CollectionError(f"{where}: effect {name!r} takes no {extra!r}")
    for needed in spec.params:
        value = params.get(needed)
        if value is None:
            raise CollectionError(f"{where}: effect {name!r} needs {needed!r}")
        if not _is_int(value) or value < 0:
            raise CollectionError(f"{where}: {needed!r} must be a whole number of 0 or more, not {value!r}")
    if target not in spec.targets:
        raise CollectionError(f"{where}: effect {name!r} cannot have target {target!r}")
    return name, params


def parse_collection(raw: Any, source: str) -> Collection:
    """A collection from plain data; `source` names the file in error messages."""
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise CollectionError(f"{source}: expected an object with a list \"cards\"")
    cards: list[CardType] = []
    for number, item in enumerate(raw["cards"], start=1):
        card = _card(item, number, source)
        if any(c.key == card.key for c in cards):
            raise CollectionError(f"{source}: card {card.key!r} appears twice")
        cards.append(card)
    collection = Collection(source=source, cards=tuple(cards))
    for colour in COLOURS:
        if not collection.draftable((colour,)):
            raise CollectionError(f"{source}: no card of colour {colour!r} can be offered in the draft")
    return collection


def load_collection(path: Path | str = COLLECTION_FILE) -> Collection:
    return _load(Path(path).resolve())


@cache
def _load(path: Path) -> Collection:
    return parse_collection(read_json(path, "collection file", CollectionError), str(path))
