"""A lobby for a game with sign-up questions (Mafia of Heroes): the host takes a seat only by
signing up like everyone else, the lobby stays the host's whoever leaves, join data is checked by
the game, and the sign-up components' custom ids fit Discord's 100 characters on every path."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.discord.components import SignupButton, SignupSelect, signup_id
from bot.discord.gathering_components import NightQuestionButton, NightQuestionSelect
from bot.live import Seat
from bot.lobby import Lobby, LobbyError, asks_at_join
from bot.storage import open_storage
from bot.table import Table
from games import registry
from games.mafia.roles import load_roles
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock

GUILD, CHANNEL = 1, 10


def member(n: int, **join: Any) -> Seat:
    return Seat(name=f"Player{n}", user_id=100 + n, join=join)


@pytest.fixture
async def lobby(database: Database) -> AsyncIterator[Lobby]:
    storage = await open_storage(database.target)
    yield Lobby(storage, Table(storage, clock=FakeClock()))
    await storage.close()


async def test_the_host_signs_up_like_everyone_and_keeps_the_lobby(lobby: Lobby) -> None:
    assert asks_at_join(registry.engine("mafia"), {}) and not asks_at_join(registry.engine("cookie"), {})
    row = await lobby.create("mafia", guild_id=GUILD, channel_id=CHANNEL, host=member(0), options={}, language="en")
    assert row.seats == [] and row.host_id == 100
    with pytest.raises(LobbyError) as refused:
        await lobby.join(CHANNEL, member(1, role="hero"))
    assert refused.value.refusal.key == "mafia-error-consent"
    await lobby.join(CHANNEL, member(1, consent=True, role="hero", spare=None))
    await lobby.join(CHANNEL, member(0, consent=True))
    left = await lobby.leave(CHANNEL, 101)
    assert left.row.status == "lobby" and left.new_host is None
    left = await lobby.leave(CHANNEL, 100)
    assert left.row.status == "lobby" and left.row.seats == [], "the host's to organise: /cancel closes it"
    assert (await lobby.current(CHANNEL)) is not None
    await lobby.cancel(CHANNEL, 100, moderator=False)
    assert (await lobby.current(CHANNEL)) is None


def test_every_sign_up_custom_id_fits() -> None:
    keys = [*load_roles().public_keys(), "~none"]
    longest = max(keys, key=len)
    lobby_id = 10**18 - 1
    assert len(signup_id("gmja", lobby_id, ["yes", longest, longest], "information")) <= 100
    assert len(signup_id("gmjs", lobby_id, ["yes", longest], "3")) <= 100
    for template, custom_id in (
        (SignupButton, signup_id("gmja", lobby_id, ["yes", "student", "~none"], "attack")),
        (SignupSelect, signup_id("gmjs", lobby_id, ["yes"])),
        (SignupSelect, signup_id("gmjs", lobby_id, [])),
    ):
        assert template.__discord_ui_compiled_template__.fullmatch(custom_id), custom_id  # type: ignore[attr-defined]
    for bad in (["yes|no"], ["a.b"], ["x" * 25], ["yes"] * 30):
        with pytest.raises(ValueError):
            signup_id("gmja", 1, bad, "yes")


async def test_a_nights_sign_up_questions_are_the_lobbys_components_under_their_own_ids() -> None:
    button = NightQuestionButton(7, ["yes", "student"], "~none", label="Нет")
    select = NightQuestionSelect(7, ["yes"], part=1)
    assert (button.custom_id, select.custom_id) == ("gnja|7|yes.student|~none", "gnjs|7|yes|1")
    for item, lobbys in ((button, SignupButton), (select, SignupSelect)):
        assert isinstance(item, lobbys) and item.answered == ("Schedule", "night_question")
        lobbys_ids = lobbys.__discord_ui_compiled_template__  # type: ignore[attr-defined]
        assert not lobbys_ids.fullmatch(item.custom_id), "never taken for the lobby's"
        match = type(item).__discord_ui_compiled_template__.fullmatch(item.custom_id)  # type: ignore[attr-defined]
        again = await type(item).from_custom_id(None, item.item, match)  # type: ignore[arg-type]
        assert type(again) is type(item) and (again.owner_id, again.answers) == (7, item.answers)
    with pytest.raises(ValueError):
        NightQuestionButton(7, ["yes"], "a|b")
