"""A human seat at the terminal table that plays a whole game by random legal answers and keeps every
line it was shown, with what the game's state said at that moment (tests/test_guards.py reads them).

It plays through `bot.offline.play`, the newcomer's own path: the sign-up questions, every prompt, the
refusals, `?` now and then. The terminal is bot.offline's own, subclassed only to watch which prompt is
on screen and which game state a line belongs to; the answers are typed as a person types them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from bot import offline
from bot.live import Delivery, LiveGame
from bot.render import option_with_hint
from games.core import GameState, Prompt
from games.core.orders import BACK, CANCEL, NAVIGATION

ASKS_LIMIT = 4000
"""A game that asks its human more than this has stopped moving: the play fails."""
QUESTION_EVERY = 7
"""Every this many answers the human types `?` first (the table as they see it is read too)."""
TEXTS = {"en": "Good luck to everyone", "ru": "Всем удачи"}

Facts = Callable[[GameState, int], frozenset[Any]]
"""What a game's state says that its lines may repeat (a card's number and face, a hall): checked by
the guards against what the lines say."""


@dataclass
class Line:
    text: str
    facts: frozenset[Any] = frozenset()
    """The facts of the states just before and just after this line was shown."""


@dataclass
class Asked:
    """A prompt put to the human, as they saw it."""

    prompt: Prompt
    shown: list[str]
    """Its option lines as printed ("  1. …")."""


@dataclass
class Played:
    game: str
    players: int
    language: str
    names: list[str]
    """Every seat's name as the lines write it (the human's is "you"/«вы» in their own lines)."""
    lines: list[Line] = field(default_factory=list)
    asked: list[Asked] = field(default_factory=list)
    typed: list[tuple[int, str]] = field(default_factory=list)
    """What the human typed, each after that many lines."""
    finished: bool = False

    @property
    def text(self) -> str:
        """The whole terminal as the human saw it, their answers after "> "."""
        typed = dict(self.typed)
        return "\n".join(
            text for number, line in enumerate(self.lines)
            for text in ([f"> {typed[number]}"] if number in typed else []) + [line.text]
        )


class Human:
    """Types answers: random legal ones, seeded, as numbers (and `=N`, text) the way the terminal reads them."""

    def __init__(self, played: Played, seed: int, facts: Facts | None) -> None:
        self.played = played
        self.rng = random.Random(seed)
        self.facts = facts
        self.prompt: Prompt | None = None
        self.game: LiveGame | None = None
        self.before: frozenset[Any] = frozenset()
        self.answers = 0
        self.asks = 0

    def now(self) -> frozenset[Any]:
        if self.facts is None or self.game is None:
            return frozenset()
        return self.facts(self.game.state, 0)

    def say(self, text: str) -> None:
        for part in text.split("\n"):
            self.played.lines.append(Line(part, self.before | self.now()))

    async def ask(self, text: str) -> str:
        answer = self.typed()
        self.played.typed.append((len(self.played.lines), answer))
        return answer

    def typed(self) -> str:
        self.asks += 1
        if self.asks > ASKS_LIMIT:
            return "q"
        prompt, self.prompt = self.prompt, None
        if prompt is None:  # asked again after a refusal, `?` or `h`: a plain first choice
            return "1"
        self.answers += 1
        if self.answers % QUESTION_EVERY == 0:
            self.prompt = prompt
            return "?"
        return self.answer(prompt)

    def answer(self, prompt: Prompt) -> str:
        numbered = list(enumerate(prompt.options, start=1))
        usable = [n for n, o in numbered if o.disabled is None and o.value not in (BACK, CANCEL)]
        if prompt.key == "mafia-signup-conditions":
            return "1"  # the conditions accepted: without them there is no seat
        if prompt.ask == "text":
            return TEXTS[self.played.language]
        amount = prompt.ask == "number" and prompt.low is not None and prompt.high is not None
        if amount and (not usable or self.rng.random() < 0.5):
            assert prompt.low is not None and prompt.high is not None
            return f"={self.rng.randint(prompt.low, prompt.high)}"
        if prompt.ask == "many":
            choices = [n for n in usable if not prompt.options[n - 1].value.startswith(NAVIGATION)]
            low = 1 if prompt.min_picks is None else prompt.min_picks
            high = len(choices) if prompt.max_picks is None else min(prompt.max_picks, len(choices))
            if low == 0 or not choices:
                nothing = [n for n in usable if prompt.options[n - 1].value.startswith(NAVIGATION)]
                if nothing and (not choices or self.rng.random() < 0.3):
                    return str(nothing[0])
            count = self.rng.randint(max(low, 1), max(high, 1))
            return " ".join(str(n) for n in sorted(self.rng.sample(choices, min(count, len(choices)))))
        if usable:
            return str(self.rng.choice(usable))
        back = [n for n, o in numbered if o.value == BACK]  # nothing can be chosen now: go back
        return str(back[0]) if back else "1"


def terminal_class(human: Human) -> type[offline.Terminal]:
    class Watched(offline.Terminal):
        """bot.offline's terminal, telling the human which prompt is on screen and which state a line is of."""

        def show_options(self, prompt: Prompt, names: Any, *, whole: bool = False) -> None:
            human.prompt = prompt
            if not whole:
                human.played.asked.append(Asked(prompt, [
                    f"  {n}. {option_with_hint(o, self.language, names, offline.HINT_LIMIT)}"
                    for n, o in enumerate(prompt.options, start=1)]))
            super().show_options(prompt, names, whole=whole)

        async def deliver(self, delivery: Delivery) -> None:
            human.game = delivery.game
            await super().deliver(delivery)
            human.before = human.now()

        def show_summary(self, game: LiveGame) -> None:
            human.game = game
            super().show_summary(game)

    return Watched


@contextmanager
def watched(human: Human, folder: Path) -> Iterator[None]:
    """The terminal watched; pictures drawn as nothing (their lines still print) into `folder`, not data/out:
    drawing them is the picture tests' business, and most of a play's time."""
    from games.castle import picture as castle_picture
    from games.maskmen import picture as maskmen_picture

    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(offline, "Terminal", terminal_class(human)))
        stack.enter_context(mock.patch.object(castle_picture, "render_board", lambda *_, **__: b""))
        stack.enter_context(mock.patch.object(maskmen_picture, "render_order", lambda *_, **__: b""))
        if hasattr(offline, "PICTURES_DIR"):
            stack.enter_context(mock.patch.object(offline, "PICTURES_DIR", folder))
        yield


async def play_as_human(game: str, players: int, language: str, *, seed: int, db: Path,
                        options: dict[str, Any] | None = None, facts: Facts | None = None) -> Played:
    """One whole game with the human in seat 0 answering at random (seeded), every line kept."""
    names = [offline.BOT_NAMES[language][i % len(offline.BOT_NAMES[language])] for i in range(players)]
    played = Played(game, players, language, names)
    human = Human(played, seed, facts)
    with watched(human, db.parent):
        live = await offline.play(game, players=players, seed=seed, language=language, db_path=db,
                                  say=human.say, ask=human.ask, options=options)
    played.finished = live is not None and not live.running
    return played


NUMBERED = re.compile(r"^  (\d+)\. (.*)$")
