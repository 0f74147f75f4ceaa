"""Shared helpers for runtime tests: seats, a legal answer, a settable clock."""

from __future__ import annotations

import random

from bot.discord.outbox import Item
from bot.live import LiveGame, Seat
from games.core import Action, Prompt
from games.core.rng import derived


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def humans(count: int) -> list[Seat]:
    return [Seat(name=f"Player{i + 1}", user_id=100 + i) for i in range(count)]


def pick(game: LiveGame, rng: random.Random | None = None) -> tuple[Prompt, Action]:
    """A legal answer for the first unanswered prompt, chosen as a bot would."""
    prompt = next(p for p in game.state.prompts if not p.answered)
    rng = rng or derived(game.row.seed, "test", game.state.step, prompt.id)
    return prompt, game.engine.bot_action(game.state, prompt, rng)


class Journal:
    """An outbox's journal that writes down what it is told (claims, sends, drops), in order."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.theirs: set[int] = set()
        """Rows another bot process took and has still to send (among `taken`): what follows them waits."""

    taken: frozenset[int] = frozenset()
    """Rows another queued copy claimed or sent: a claim holding one is refused."""

    async def claim(self, rows: list[int], batch: int, carrier: int | None, *, again: bool = False) -> bool:
        if self.taken.intersection(rows):
            self.log.append(f"claim {rows} as {batch} refused")
            return False
        self.log.append(f"claim {rows} as {batch}")
        return True

    async def unclaimed(self, rows: list[int], batch: int | None) -> list[int]:
        return [row for row in rows if row not in self.taken]

    async def others_have(self, rows: list[int]) -> set[int]:
        return self.theirs.intersection(rows)

    async def done(self, rows: list[int], sent: object, items: list[Item]) -> None:
        self.log.append(f"done {rows}")

    async def saved(self) -> None:
        self.log.append("marks saved")

    async def dropped(self, rows: list[int]) -> None:
        self.log.append(f"dropped {rows}")
