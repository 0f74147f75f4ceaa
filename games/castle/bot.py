"""Castle bot players, using only what their seat may know. `bot_action` is the entry point; its
`level` picks the policy:

- "easy" (`games.castle.bot_easy`): the first bot, kept as it played. It races for the nearest free
  artifact and home, and cuts off every rival carrier it can reach — so bots among themselves keep
  making each other drop the artifact and their games mostly run to the round limit.
- "normal" (`games.castle.bot_normal`): a decent human's priorities. It plans routes the same way,
  but cuts off and barricades a carrier only when that delivery would win, otherwise waits next to
  the Central Hall for the next artifact, walks into a crowded artifact hall only as the favourite
  of the face-up skirmish cards, plays Second Wind and Secret Passage only while racing, and answers
  any shape of the winner's expulsion question.

Shared parts: `bot_knowledge` (exactly what the seat may know: its own hand and the public table),
`bot_board` (shortest ways over rounds with Locks and Barricades), `bot_skirmish` (Influence and the
odds of a face-up card), `bot_form` (walking the order sheets to a planned answer).

Both are deterministic from the state and the rng given; `bot_action` checks the answer with the
engine and falls back to a legal one, so a seat is never stuck.
"""

from __future__ import annotations

import random

from games.castle import bot_easy, bot_normal
from games.castle.bot_board import FAR, Castle, best_path, rounds_to
from games.castle.bot_easy import best_block, best_passage, choose_path, effect_tokens, threats
from games.castle.bot_form import enabled, move_tokens, steer, walk
from games.castle.bot_knowledge import CARD_VALUE, Knowledge, knowledge
from games.castle.bot_skirmish import SkirmishCard, choose_skirmish_card, influence, skirmish_odds
from games.castle.orders import ORDERS
from games.castle.skirmish import CHOICES
from games.castle.state import CastleState
from games.core import Action, Prompt
from games.core.orders import FINISH

LEVELS = ("easy", "normal")

__all__ = [
    "CARD_VALUE", "FAR", "LEVELS", "Castle", "Knowledge", "SkirmishCard", "best_block", "best_passage", "best_path",
    "bot_action", "choose_path", "choose_skirmish_card", "decide", "effect_tokens", "enabled", "forget_plans",
    "influence", "knowledge", "move_tokens", "rounds_to", "skirmish_odds", "steer", "threats", "walk",
]


def forget_plans() -> None:
    """Drop the remembered orders of both levels (tests that compare two plannings start each from
    scratch)."""
    bot_easy.forget_plans()
    bot_normal.forget_plans()


def decide(state: CastleState, prompt: Prompt, rng: random.Random, level: str = "easy") -> str:
    """The bot's answer to any Castle prompt at `level` (`bot_action` checks it is legal). Without
    a level it answers as the first bot did (its tests call it so); `bot_action` passes its own
    level, "normal" unless told."""
    if level == "easy":
        return bot_easy.decide(state, prompt, rng)
    return bot_normal.decide(state, prompt, rng)


def bot_action(state: CastleState, prompt: Prompt, rng: random.Random, level: str = "normal") -> Action:
    """A legal answer always: the bot's own choice, or (should it ever be refused) the sheet's
    "keep what is set and finish", or a random enabled option."""
    from games.castle import ENGINE

    try:
        action: Action | None = Action(prompt=prompt.id, value=decide(state, prompt, rng, level))
    except Exception:  # never leave a seat stuck: a broken plan falls back to a legal answer
        action = None
    if action is not None and ENGINE.check(state, prompt.seat, action) is None:
        return action
    if ORDERS.owns(prompt) or CHOICES.owns(prompt):
        return Action(prompt=prompt.id, value=FINISH)
    options = enabled(prompt)
    return Action(prompt=prompt.id, value=rng.choice(options) if options else prompt.options[0].value)
