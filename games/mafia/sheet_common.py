"""What every part of a Mafia order sheet (games/mafia/sheet.py) shares: the answers' words, what a seat
has and may use, a card or a player as an option, and why a target or a text is refused."""

from __future__ import annotations

import re
from typing import Any

from games.core import Option, Refusal, seat, term
from games.core.orders import picks
from games.mafia.collection import CardType
from games.mafia.common import card_params
from games.mafia.state import Card, MafiaState

NONE = "none"
UNDER = "under"
YES = "yes"
NO = "no"
TRICK = "trick"
PLAIN = "plain"
AS_QUESTION = "question"
KINDS = ("execution", "beating")
UNDER_MAX = 2
"""Night: at most two hand cards under the deck."""
HAND_PAY_MAX = 2
"""At most two hand cards for one cost."""
NAME_COPIES = 2
"""The Killer names each card name at most twice (keeps every select within Discord's 25 options)."""
BOOST_COST = 1
LINK = re.compile(r"(https?://|www\.|discord\.gg/|discord(app)?\.com/invite|\b[\w-]+\.(com|ru|net|org|gg|io|me|su|рф)\b)",
                  re.IGNORECASE)

MAGICIAN, JOURNALIST, PARANOID, CROUPIER, LUCKY = "magician", "journalist", "paranoid", "croupier", "lucky"
SOCIOPATH = "sociopath"


# --- what a seat has and may use ---------------------------------------------------------------
def cards_of(state: MafiaState, me: int) -> dict[str, Card]:
    player = state.seats[me]
    return {str(c.id): c for c in (*player.hand, *player.sleeve)}


def in_hand(state: MafiaState, me: int, value: str) -> Card | None:
    return next((c for c in state.seats[me].hand if str(c.id) == value), None)


def in_sleeve(state: MafiaState, me: int, value: str) -> Card | None:
    return next((c for c in state.seats[me].sleeve if str(c.id) == value), None)


def night(state: MafiaState) -> bool:
    return state.phase == "night"


def playable_now(state: MafiaState, card: CardType) -> bool:
    return card.when == "any" or card.when == state.phase


def cost_of(state: MafiaState, me: int, cost: int) -> int:
    """The Leader pays 1 less for every card and ability."""
    return max(0, cost - (1 if state.leader == me else 0))


def question_kind(state: MafiaState) -> CardType:
    """The Question: the card the Journalist may play a sleeve card as."""
    return state.collection.card(state.roles.get(JOURNALIST).number("as_card"))


PAID = "paid:"
"""A payment answer is kept as "paid:<ids>" so it can never be taken for a target's seat number."""


def payment(answers: list[str]) -> list[str]:
    """The card ids of the payment answers ("paid:<ids>") among `answers`."""
    return [v.removeprefix(PAID) for a in answers if a.startswith(PAID) for v in picks(a)]


def used_refusal(used: dict[int, str], card: Card) -> Refusal | None:
    part = used.get(card.id)
    if part is None:
        return None
    return Refusal(key="mafia-refuse-card-used", params={"part": term(f"mafia-part-{part}")})


def card_option(state: MafiaState, card: Card, disabled: Refusal | None = None) -> Option:
    """A card on the sheet: name, colour, cost and phase as its label, and its text as the `ability` an
    option explains itself with (a Discord select's description, the terminal's hint)."""
    params = card_params(state.collection, card.key)
    params["ability"] = params.pop("text")
    return Option(value=str(card.id), label="mafia-opt-card", disabled=disabled, params=params)


def target_refusal(state: MafiaState, me: int, target: int) -> Refusal | None:
    """A card's target: a living character other than its player; the Sociopath is protected on
    Night 1 and Day 1."""
    if target == me:
        return Refusal(key="mafia-refuse-self")
    other = state.seats[target]
    if not other.alive:
        return Refusal(key="mafia-refuse-dead", params={"player": seat(target)})
    protected = state.roles.get(SOCIOPATH).number("protected_phases")
    if other.public_role == SOCIOPATH and state.phase_index <= protected:
        return Refusal(key="mafia-refuse-sociopath", params={"player": seat(target)})
    return None


def player_options(state: MafiaState, me: int, refusal: Any, *, include_me: bool = False) -> list[Option]:
    return [
        Option(value=str(n), label="mafia-opt-player", disabled=refusal(state, me, n),
               params={"player": seat(n), "role": term(f"mafia-role-{state.seats[n].public_role}")})
        for n in state.living()
        if include_me or n != me
    ]


def link_refusal(text: str) -> Refusal | None:
    if LINK.search(text):
        return Refusal(key="mafia-refuse-link")
    if not text.strip():
        return Refusal(key="error-malformed")
    return None

