"""A random legal way to build a part of an order sheet: what bot players and property tests answer."""

from __future__ import annotations

import random
from typing import TypeVar

from games.core.model import GameState
from games.core.orders import PICKS, OrderForm, Sheet

S = TypeVar("S", bound=GameState)


def random_answers(form: OrderForm[S], state: S, sheet: Sheet, name: str, rng: random.Random) -> list[str]:
    """A random legal way to build part `name` (bots and property tests)."""
    part = form.parts[name]
    answers: list[str] = []
    while (step := part.step(state, sheet, answers)) is not None:
        if step.ask == "text":
            text = str(step.params.get("example", "…"))
            if part.check(state, sheet, answers, text) is not None:
                return part.default(state, sheet)
            answers.append(text)
            continue
        legal = [o.value for o in step.options if o.disabled is None]
        if step.ask == "many":
            low = 1 if step.min_picks is None else step.min_picks
            high = min(len(legal), len(step.options) if step.max_picks is None else step.max_picks)
            if high < low:
                return part.default(state, sheet)
            chosen = PICKS.join(rng.sample(legal, rng.randint(low, high)))
            if part.check(state, sheet, answers, chosen) is not None:
                return part.default(state, sheet)
            answers.append(chosen)
            continue
        legal = [v for v in legal if part.check(state, sheet, answers, v) is None]
        if not legal:
            return part.default(state, sheet)
        answers.append(rng.choice(legal))
    return answers
