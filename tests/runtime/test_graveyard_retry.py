"""A graveyard membership row that failed halfway is tried again for what is left of it, not from the start. From
the start, a row adding two of the dead met a failure at every try while Discord failed every other request (as the
stand-in's faults do in tests/discord/test_mafia_under_faults.py): the graveyard's outbox retried it for good and
the game's end never drained (the CI run that ran out of its 90 minutes)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from bot.discord.graveyard import KIND, Graveyard
from bot.storage import DeliveryRow

GAME, THREAD, CHANNEL = 5, 700, 600


class Refused(Exception):
    """Discord's 500 after it carried the request out."""


class EveryOtherFails:
    """Thread membership requests, every second one answered 500 after Discord took it."""

    def __init__(self) -> None:
        self.requests = 0
        self.members: set[int] = set()

    async def add_user_to_thread(self, thread_id: int, user_id: int) -> None:
        self.requests += 1
        self.members.add(user_id)
        if self.requests % 2 == 0:
            raise Refused(f"500 on request {self.requests}")

    async def remove_user_from_thread(self, thread_id: int, user_id: int) -> None:
        self.requests += 1
        self.members.discard(user_id)
        if self.requests % 2 == 0:
            raise Refused(f"500 on request {self.requests}")


class Meta:
    """The game's saved meta, as the table keeps it."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.saved = {KIND: record}
        self.writes = 0

    async def meta(self, game_id: int) -> dict[str, Any]:
        return self.saved

    async def update_meta(self, game_id: int, key: str, change: Callable[[Any], Any]) -> None:
        self.saved[key] = change(self.saved.get(key))
        self.writes += 1


def graveyard(http: EveryOtherFails, table: Meta) -> Graveyard:
    bot = SimpleNamespace(http=http)
    return Graveyard(bot, SimpleNamespace(), table, SimpleNamespace(gone=set()))  # type: ignore[arg-type]


async def tries_until_applied(place: Graveyard, row: DeliveryRow, most: int = 6) -> int:
    for attempt in range(1, most + 1):
        try:
            await place.apply(row)
            return attempt
        except Refused:
            continue
    raise AssertionError(f"still failing after {most} tries")


def membership(members: list[int]) -> DeliveryRow:
    return DeliveryRow(GAME, 3, KIND, {"members": members, "lines": []}, channel_id=CHANNEL, id=1)


async def test_two_of_the_dead_joining_at_once_are_in_after_the_second_try() -> None:
    http, table = EveryOtherFails(), Meta({"thread": THREAD, "members": [11]})
    place = graveyard(http, table)
    assert await tries_until_applied(place, membership([11, 12, 13])) == 2
    assert http.members == {12, 13}
    assert http.requests == 3, "the second try asked only for the member the first did not see through"
    assert table.saved[KIND]["members"] == [11, 12, 13]
    assert place.applied == {}, "nothing kept once the row is saved"


async def test_a_player_brought_back_leaves_and_the_new_dead_join_without_asking_twice() -> None:
    http, table = EveryOtherFails(), Meta({"thread": THREAD, "members": [11, 12]})
    http.members = {11, 12}
    place = graveyard(http, table)
    assert await tries_until_applied(place, membership([12, 13, 14])) == 3
    assert http.members == {12, 13, 14}
    assert http.requests == 5, "each of the three changes asked once, the two refused ones once more"
    assert table.saved[KIND]["members"] == [12, 13, 14]
