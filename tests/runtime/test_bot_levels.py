"""Bot levels (issue 22 §2): a bot seat keeps the level it was added with (`/addbot level:`, offline
`--bot-level`), the table asks the game's bots for that level, and a seat saved before levels existed
(or with a level no longer known) plays at the default level."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import cli
from bot.live import LiveGame, Seat
from bot.lobby import Lobby, LobbyError, LobbyLimits
from bot.offline import play
from bot.storage import open_storage
from bot.table import Table
from games import registry
from games.core import Action, GameState, Prompt
from games.core.engine import DEFAULT_BOT_LEVEL
from tests.runtime.databases import Database
from tests.runtime.helpers import FakeClock

GUILD, CHANNEL, HOST = 1, 10, 100


@pytest.fixture
async def setup(database: Database) -> AsyncIterator[tuple[Table, Lobby]]:
    storage = await open_storage(database.target)
    table = Table(storage, clock=FakeClock())
    yield table, Lobby(storage, table, LobbyLimits())
    await storage.close()


def heard_levels(monkeypatch: pytest.MonkeyPatch, game: str) -> list[tuple[int, str]]:
    """(seat, level) of every bot answer the table asks `game`'s engine for, in order; the bots
    still answer as they would."""
    engine = registry.engine(game)
    real = engine.bot_action
    heard: list[tuple[int, str]] = []

    def recording(state: GameState, prompt: Prompt, rng: random.Random, level: str = DEFAULT_BOT_LEVEL) -> Action:
        heard.append((prompt.seat, level))
        return real(state, prompt, rng, level=level)

    monkeypatch.setattr(engine, "bot_action", recording)
    return heard


def test_a_seat_saved_before_levels_existed_reads_as_the_default_level() -> None:
    legacy = Seat.model_validate({"name": "Ada", "user_id": None, "bot": True, "language": None, "join": {}})
    assert legacy.bot_level is None
    assert Seat.model_validate(Seat(name="Ada", bot=True, bot_level="easy").model_dump()).bot_level == "easy"


async def test_bots_added_at_a_level_are_saved_with_it_and_answer_at_it(
    setup: tuple[Table, Lobby], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, lobby = setup
    await lobby.create("cookie", guild_id=GUILD, channel_id=CHANNEL, host=Seat(name="Host", user_id=HOST),
                       options={}, language="en")
    await lobby.add_bot(CHANNEL, HOST, moderator=False, count=2, level="easy")
    await lobby.add_bot(CHANNEL, HOST, moderator=False)  # no level given: the default
    row = await lobby.current(CHANNEL)
    assert row is not None
    assert [seat.get("bot_level") for seat in row.seats] == [None, "easy", "easy", DEFAULT_BOT_LEVEL]
    with pytest.raises(LobbyError) as unknown:
        await lobby.add_bot(CHANNEL, HOST, moderator=False, level="grandmaster")
    assert unknown.value.refusal.key == "lobby-bot-level-unknown"

    heard = heard_levels(monkeypatch, "cookie")
    game = await lobby.start(CHANNEL, HOST, moderator=False)
    assert [seat.bot_level for seat in game.seats] == [None, "easy", "easy", DEFAULT_BOT_LEVEL]
    # each bot answered its secret choice at once, at its own level; the host's prompt waits
    assert sorted(heard) == [(1, "easy"), (2, "easy"), (3, DEFAULT_BOT_LEVEL)]
    reloaded = await Table(table.storage, clock=FakeClock()).get(game.id)
    assert reloaded is not None and [s.bot_level for s in reloaded.seats] == [None, "easy", "easy", DEFAULT_BOT_LEVEL]


async def test_seats_without_a_known_level_play_at_the_default(
    setup: tuple[Table, Lobby], monkeypatch: pytest.MonkeyPatch
) -> None:
    table, _ = setup
    heard = heard_levels(monkeypatch, "cookie")
    seats = [Seat(name="Host", user_id=HOST), Seat(name="Ada", bot=True),
             Seat(name="Boris", bot=True, bot_level="retired-level"), Seat(name="Clara", bot=True, bot_level="easy")]
    await table.start("cookie", seats, options={}, seed=3, language="en")
    assert sorted(heard) == [(1, DEFAULT_BOT_LEVEL), (2, DEFAULT_BOT_LEVEL), (3, "easy")]


async def test_offline_bot_level_applies_to_every_bot_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    heard = heard_levels(monkeypatch, "cookie")
    game = await play("cookie", players=4, seed=2, watch=True, db_path=tmp_path / "o.db", say=lambda _: None,
                      bot_level="easy")
    assert isinstance(game, LiveGame) and not game.running
    assert [seat.bot_level for seat in game.seats] == ["easy"] * 4
    assert heard and {level for _, level in heard} == {"easy"}


def test_the_command_line_takes_a_bot_level_and_hands_it_to_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    given: dict[str, Any] = {}

    def fake_play(game: str, **kwargs: Any) -> int:
        given.update(kwargs, game=game)
        return 0

    monkeypatch.setattr(cli, "_play", fake_play)
    assert cli.main(["play", "maskmen", "--watch", "--bot-level", "easy"]) == 0
    assert given["game"] == "maskmen" and given["bot_level"] == "easy"
    assert cli.main(["play", "maskmen", "--watch"]) == 0
    assert given["bot_level"] == DEFAULT_BOT_LEVEL
    with pytest.raises(SystemExit):
        cli.main(["play", "maskmen", "--bot-level", "grandmaster"])
