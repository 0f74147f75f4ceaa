"""The delivery kind: the unit of what the bot shows in Discord. Each kind of delivery row has one owner that
says, in one place, how a step's rows of that kind are planned (saved in the step's own transaction) and how
one row is sent (into which destination's outbox, as which line, message or edit).

    name   the row's `kind`, as saved (a restart finds the kind by it)
    plan   the step's rows of this kind (`Planned`: a body, for the channel or a member's DMs)
    send   one saved row → (its destination's outbox, the item it queues there: a `Text` line, a `Message`, or
           a `Status` edit with the key a newer edit of the same thing replaces it by)

The registry (`Kinds`, built from bot/discord/service.py's `KINDS`) is the order a step's rows are planned
in: bot/discord/planning.py asks each kind in turn, bot/discord/delivering.py hands each saved row to its kind.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from bot.discord.outbox import Item, Outbox
from bot.live import Step
from bot.storage import DeliveryRow

log = logging.getLogger(__name__)

Sending = tuple[Outbox, Item]
"""Where a row goes and what it is there."""


@dataclass(frozen=True)
class Planned:
    """One row a kind plans for a step."""

    body: dict[str, Any]
    member: int | None = None
    """The member whose DMs it goes to; None: the game's channel."""
    prompt_id: str | None = None
    kind: str | None = None
    """The row's kind when it is not the planning kind's own: a kind plans the rows of another of its
    keeper's kinds that it decides together with (a public event is a line or a live message; a prompt is
    posted anew or shown in its order sheet's message; the graveyard's membership comes with its feed)."""


class Kind(Protocol):
    @property
    def name(self) -> str: ...

    def plan(self, step: Step) -> list[Planned]: ...

    def send(self, row: DeliveryRow) -> Sending: ...


@dataclass(frozen=True)
class KindOf:
    """A kind made of its keeper's functions (a keeper owning several kinds: bot/discord/flow.py)."""

    name: str
    plan: Callable[[Step], list[Planned]]
    send: Callable[[DeliveryRow], Sending]


def unplanned(step: Step) -> list[Planned]:
    """The plan of a kind another kind plans (or that no step plans: a lobby's announcement)."""
    return []


def tag(row: DeliveryRow) -> tuple[int, int, str | None]:
    """What an outbox item of the row is tagged with: its game, step and prompt (a rollback drops by it)."""
    return (row.game_id, row.step, row.prompt_id)


def status_key(row: DeliveryRow) -> tuple[Any, ...]:
    """The key of a row sent as an edit of its own: never replaced by another row's (`Status.key`)."""
    return (row.kind, row.game_id, row.body.get("slot") or row.id)


def rows_of(step: Step, kind: Kind, channel_id: int) -> list[DeliveryRow]:
    """The kind's rows for the step, as saved (a member's DM row, else the game channel's)."""
    return [
        DeliveryRow(step.game.id, step.state.step, planned.kind or kind.name, planned.body,
                    channel_id=None if planned.member else channel_id, user_id=planned.member,
                    prompt_id=planned.prompt_id)
        for planned in kind.plan(step)
    ]


class Kinds:
    """The registry: every kind by its name, in the order a step's rows are planned."""

    def __init__(self, kinds: Iterable[Kind]) -> None:
        self.order = list(kinds)
        self.by_name: dict[str, Kind] = {}
        for kind in self.order:
            if kind.name in self.by_name:
                raise ValueError(f"two delivery kinds named {kind.name!r}")
            self.by_name[kind.name] = kind

    def __iter__(self) -> Iterator[Kind]:
        return iter(self.order)

    def __getitem__(self, name: str) -> Kind:
        return self.by_name[name]

    def send(self, row: DeliveryRow) -> Sending | None:
        """The row's outbox and item (None: a kind this bot does not know, saved by another version)."""
        kind = self.by_name.get(row.kind)
        if kind is None:
            log.warning("game %s: a delivery row of unknown kind %r left unsent", row.game_id, row.kind)
            return None
        return kind.send(row)
