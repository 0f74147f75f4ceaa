"""A game night's Discord event ends with the game the night started, through the stand-in: the game finished,
or stopped by a moderator, and the event is COMPLETED in the server's Events list (ended by the night's event
row, saved with the step that ends the game, so a restart neither loses it nor ends anything twice). A
moderator who ended the event already, an event deleted meanwhile, or a bot without Manage Events by then:
the game ends as ever and nothing breaks."""

from __future__ import annotations

from pathlib import Path

from bot.gathering import plans
from bot.storage import GameRow
from tests.discord.nights_world import controlled_clock, move_clock, night_of, press, the_event
from tests.discord.world import World, world
from tests.discord_standin import DiscordStandIn
from tests.discord_standin.scheduled_events import (
    ACTIVE,
    COMPLETED,
    GUILD_SCHEDULED_EVENTS,
    MANAGE_EVENTS,
    events_of,
)

EVENT = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}"


async def a_night_opened(w: World, joined: int) -> GameRow:
    """A Maskmen night `joined` members joined, opened at its time, its event ACTIVE: its lobby (two seated
    start the game by themselves; one waits for more)."""
    clock = controlled_clock(w)
    w.standin.bot_role(w.guild).permissions |= MANAGE_EVENTS
    await w.slash(w.moderator, "schedule", game="maskmen", when="завтра в 20:00")
    night = await night_of(w)
    for user in w.users[:joined]:
        await press(w, user, night.id, "yes")
    await move_clock(w, clock, night.starts_at)
    lobby = await w.gm.lobby.current(w.channel.id)
    assert lobby is not None
    assert the_event(w).status == ACTIVE
    return lobby


async def a_night_under_way(w: World) -> int:
    """Two joined: its game running. The game."""
    lobby = await a_night_opened(w, 2)
    assert lobby.status == "running", "two seated: the game started by itself"
    return lobby.id


async def test_the_event_is_completed_when_the_nights_game_is_finished(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        game_id = await a_night_under_way(w)
        await w.play_to_end(game_id)
        await w.gm.drained()
        await standin.settle()
        assert the_event(w).status == COMPLETED
        ended = [r for r in standin.requests_to("PATCH", EVENT) if (r.body or {}).get("status") == COMPLETED]
        assert len(ended) == 1
        night = await w.gm.nights.store.of_lobby(game_id)
        assert night is not None
        await w.gm.gathering.event.apply(night.id, plans.EventRows.END)  # sent again, as after a restart
        assert len(standin.requests_to("PATCH", EVENT)) == 2, "started once, ended once: nothing more"
        standin.assert_clean()


async def test_the_event_is_completed_when_a_moderator_stops_the_nights_game(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        game_id = await a_night_under_way(w)
        await stop(w, game_id)
        assert the_event(w).status == COMPLETED


async def stop(w: World, game_id: int) -> None:
    """A moderator's /gm end, and everything it sends sent."""
    ended = await w.slash(w.moderator, "gm end", game_id=game_id)
    assert not ended.errors, ended.callbacks
    await w.gm.drained()
    await w.standin.settle()


async def nothing_left_to_send(w: World) -> bool:
    return not await w.gm.storage._fetchall("SELECT id FROM deliveries WHERE state = 0")


async def test_an_event_a_moderator_ended_already_is_left_alone(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        game_id = await a_night_under_way(w)
        event = the_event(w)
        event.status = COMPLETED  # a moderator ended it in the Events list
        await standin.dispatch("GUILD_SCHEDULED_EVENT_UPDATE", event.payload(), guild_id=w.guild.id,
                               intent=GUILD_SCHEDULED_EVENTS)
        await standin.settle()
        before = len(standin.requests_to("PATCH", EVENT))
        await stop(w, game_id)
        assert len(standin.requests_to("PATCH", EVENT)) == before and event.status == COMPLETED
        assert await nothing_left_to_send(w)


async def test_an_event_deleted_meanwhile_is_no_trouble(tmp_path: Path, standin: DiscordStandIn) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        game_id = await a_night_under_way(w)
        del w.guild.scheduled_events[the_event(w).id]  # deleted, and the bot did not hear of it
        await stop(w, game_id)
        assert events_of(w.guild) == [] and await nothing_left_to_send(w)


async def test_without_manage_events_by_then_the_event_is_left_as_it_is(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        game_id = await a_night_under_way(w)
        standin.bot_role(w.guild).permissions &= ~MANAGE_EVENTS  # taken away meanwhile: Discord answers 403
        await stop(w, game_id)
        assert the_event(w).status == ACTIVE and await nothing_left_to_send(w)
        assert (await w.gm.lobby.current(w.channel.id)) is None, "the game ended all the same"


async def a_night_waiting_for_players(w: World) -> int:
    """One joined: its lobby waits. The lobby."""
    lobby = await a_night_opened(w, 1)
    assert lobby.status == "lobby", "one seated: the lobby waits for more"
    return lobby.id


async def test_the_event_is_completed_when_the_nights_lobby_is_cancelled_before_its_game(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        await a_night_waiting_for_players(w)
        cancelled = await w.slash(w.moderator, "cancel")
        assert not cancelled.errors, cancelled.callbacks
        await w.gm.drained()
        await standin.settle()
        assert (await w.gm.lobby.current(w.channel.id)) is None
        assert the_event(w).status == COMPLETED


async def test_the_event_is_completed_when_the_nights_lobby_closes_idle(
    tmp_path: Path, standin: DiscordStandIn
) -> None:
    async with world(tmp_path, 2, locales=("ru",), standin=standin) as w:
        lobby_id = await a_night_waiting_for_players(w)
        row = await w.gm.storage.load_game(lobby_id)
        assert row is not None
        closed = await w.gm.lobby.expire_idle(now=row.updated_at + w.gm.lobby.limits.idle_seconds + 1)
        assert [r.id for r in closed] == [lobby_id]
        await w.gm.drained()
        await standin.settle()
        assert the_event(w).status == COMPLETED
