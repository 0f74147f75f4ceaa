"""Bot players: draft picks, the Jester's opening hand, the artifact's first holder, and the order
sheets of every Night and Day (games.mafia.bot_orders plans them).

Draft: a simple sensible policy using only the seat's own knowledge: prefer the colours that serve
the faction (law: support to survive the nights, then attack; mafia: attack, then support), cheap
cards over dear ones, and a spread over many copies of one card. Ties are broken by the bot's
generator.

Order sheets: first the immediate actions `bot_orders.immediate` still wants (each taken once: it
shows in the state), then the form walks to `bot_orders.plan`, then Done. A runaway sheet (more
prompts than any plan needs) is finished as it stands.
"""

from __future__ import annotations

import random

from games.core import Prompt
from games.core.orders import CANCEL, EDIT, FINISH, picks
from games.mafia import bot_orders, sheet
from games.mafia.bot_view import EASY
from games.mafia.collection import Colour
from games.mafia.draft import ARTIFACT, SWINDLER
from games.mafia.state import MafiaState

PREFERENCE: dict[str, dict[Colour, float]] = {
    # "easy": law bots remember no information results, so they draft armor and attacks first.
    "law": {"support": 3.0, "attack": 2.4, "information": 1.6},
    "mafia": {"attack": 3.0, "support": 2.5, "information": 2.0},
}
REMEMBERING: dict[str, dict[Colour, float]] = {
    # "normal": law bots act on what they learn, so the information cards that teach are worth drafting
    "law": {"support": 3.0, "attack": 2.4, "information": 2.4},
    "mafia": {"attack": 3.0, "support": 2.5, "information": 2.0},
}
TEACHING: dict[str, float] = {
    # "normal" law: what an information card teaches about the mafia (added to its colour's preference)
    "hand_colours": 1.0, "faction": 1.0, "tracker": 1.2, "search": 0.4, "denunciation": 0.8,
    "surveillance": 0.0, "eavesdrop": -0.4, "letter": -1.2, "divination": -1.2, "intercept": -1.2,
}
COST_PENALTY = 0.6
COPY_PENALTY = 0.8
STEP_LIMIT = 150
"""More prompts of one sheet than any plan needs: finish it as it stands (never loop)."""


def card_scores(
    state: MafiaState, number: int, prompt: Prompt, rng: random.Random, level: str = "normal"
) -> dict[str, float]:
    """A score per option (card id) for this seat."""
    collection = state.collection
    player = state.seats[number]
    owned = player.kept + player.deck + player.hand
    cards = {str(c.id): c for c in owned}
    if state.draft is not None and number in state.draft.offers:
        cards.update({str(c.id): c for c in state.draft.offers[number].cards})
    scores: dict[str, float] = {}
    for option in prompt.options:
        card = collection.card(cards[option.value].key)
        copies = sum(1 for c in player.kept if c.key == card.key)
        table = PREFERENCE if level == EASY else REMEMBERING
        preference = table[player.faction][card.colour]
        if table is REMEMBERING and not player.mafia:
            preference += TEACHING.get(card.effect, 0.0)
        scores[option.value] = preference - COST_PENALTY * card.cost - COPY_PENALTY * copies + rng.random() * 0.1
    return scores


def sheet_value(state: MafiaState, prompt: Prompt, rng: random.Random, level: str) -> str | tuple[str, ...]:
    """The next answer on a Night or Day order sheet."""
    form = sheet.form(state)
    own = form.sheets(state).get(prompt.seat)
    if own is None or own.asked > STEP_LIMIT:
        return FINISH
    action = bot_orders.immediate(state, prompt.seat, rng, level)
    if own.editing is not None and form.parts[own.editing].immediate:
        if action is not None and action[0] == own.editing:
            answers = action[1]
            if own.draft == answers[: len(own.draft)] and len(own.draft) < len(answers):
                answer = answers[len(own.draft)]
                return tuple(picks(answer)) if prompt.ask == "many" else answer
        return CANCEL
    if action is not None and own.editing is None:
        return f"{EDIT}{action[0]}"
    if own.editing is not None:
        return CANCEL
    plan = bot_orders.plan(state, prompt.seat, rng, level)
    return form.plan_value(state, prompt, plan)  # the whole order, one step


def choose(state: MafiaState, prompt: Prompt, rng: random.Random, level: str = "normal") -> str | tuple[str, ...]:
    if prompt.sheet is not None and state.phase in ("night", "day"):
        return sheet_value(state, prompt, rng, level)
    if prompt.key == ARTIFACT:
        usable = [o.value for o in prompt.options if o.disabled is None]
        if state.seats[prompt.seat].public_role == SWINDLER:
            return str(prompt.seat)  # his own 3 armor a night is the surest use of it
        return rng.choice(usable)
    scores = card_scores(state, prompt.seat, prompt, rng, level)
    count = prompt.max_picks or 1
    return tuple(sorted(scores, key=lambda value: -scores[value])[:count])
