"""Guild Scheduled Events in the stand-in: a server's Events list, and members pressing "Interested".

Routes (Discord's templates; each body checked against the OpenAPI description like every other, and the
payloads shaped like its ScheduledEventResponse): GET/POST /guilds/{guild_id}/scheduled-events,
GET/PATCH/DELETE /guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id} and GET …/users (who is
interested, by id order, `limit`/`before`/`after`, `with_member`). The stand-in keeps external events (type
3, in a text channel's stead: `entity_metadata.location` and an end time required, as on Discord) and voice
ones (type 2, `channel_id` a voice channel). Making, editing or deleting one needs Manage Events (403 / 50013
otherwise); the status moves SCHEDULED → ACTIVE → COMPLETED, or SCHEDULED → CANCELED, and nothing else
(400 / 180000 otherwise, Discord's own code for it). Each change is a GUILD_SCHEDULED_EVENT_CREATE / UPDATE /
DELETE on the gateway, with the GUILD_SCHEDULED_EVENTS intent; GUILD_CREATE lists the server's events.

A test's members: `interested(user, event)` / `not_interested(…)` as the Events list's button does (a
GUILD_SCHEDULED_EVENT_USER_ADD / USER_REMOVE to the bot); `events_of(guild)` reads the list.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import ChannelType, Guild, User
from .rest import ApiError, ApiRequest, _snowflake, invalid_form_body, route

if TYPE_CHECKING:
    from .server import DiscordStandIn

GUILD_SCHEDULED_EVENTS = 1 << 16
MANAGE_EVENTS = 1 << 33
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
STAGE, VOICE, EXTERNAL = 1, 2, 3
MOVES = {SCHEDULED: {SCHEDULED, ACTIVE, CANCELED}, ACTIVE: {ACTIVE, COMPLETED}, COMPLETED: set(), CANCELED: set()}
"""Which status an event may be given from each: Discord refuses any other move (400 / 180000)."""


@dataclass
class ScheduledEvent:
    id: int
    guild_id: int
    creator: User
    name: str
    start: str
    entity_type: int
    end: str | None = None
    description: str | None = None
    channel_id: int | None = None
    location: str | None = None
    status: int = SCHEDULED
    privacy_level: int = 2
    users: dict[int, User] = field(default_factory=dict)
    """Who pressed Interested, by id."""

    def payload(self, *, with_count: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id), "guild_id": str(self.guild_id), "name": self.name, "description": self.description,
            "channel_id": None if self.channel_id is None else str(self.channel_id),
            "creator_id": str(self.creator.id), "creator": self.creator.payload(), "image": None,
            "scheduled_start_time": self.start, "scheduled_end_time": self.end, "status": self.status,
            "entity_type": self.entity_type, "entity_id": None, "recurrence_rule": None,
            "privacy_level": self.privacy_level, "guild_scheduled_event_exceptions": [],
            "entity_metadata": {"location": self.location} if self.entity_type == EXTERNAL else None,
        }
        if with_count:
            data["user_count"] = len(self.users)
        return data


def events_of(guild: Guild) -> list[ScheduledEvent]:
    return list(guild.scheduled_events.values())


async def interested(standin: DiscordStandIn, user: User, event: ScheduledEvent) -> None:
    """The member presses Interested in the server's Events list."""
    event.users[user.id] = user
    await _rsvp(standin, "GUILD_SCHEDULED_EVENT_USER_ADD", user, event)


async def not_interested(standin: DiscordStandIn, user: User, event: ScheduledEvent) -> None:
    event.users.pop(user.id, None)
    await _rsvp(standin, "GUILD_SCHEDULED_EVENT_USER_REMOVE", user, event)


async def _rsvp(standin: DiscordStandIn, name: str, user: User, event: ScheduledEvent) -> None:
    data = {"guild_scheduled_event_id": str(event.id), "user_id": str(user.id), "guild_id": str(event.guild_id)}
    await standin.dispatch(name, data, guild_id=event.guild_id, intent=GUILD_SCHEDULED_EVENTS)


def _guild(standin: DiscordStandIn, request: ApiRequest) -> Guild:
    return standin._guild(request.params["guild_id"])


def _managed(standin: DiscordStandIn, guild: Guild) -> None:
    if not guild.permissions_of(standin.bot_user.id) & MANAGE_EVENTS:
        raise ApiError(403, 50013, "Missing Permissions")


def _event(guild: Guild, request: ApiRequest) -> ScheduledEvent:
    event = guild.scheduled_events.get(_snowflake(request.params["guild_scheduled_event_id"]))
    if event is None:
        raise ApiError(404, 10070, "Unknown Guild Scheduled Event")
    return event


def _moment(raw: Any, name: str) -> str:
    try:
        moment = dt.datetime.fromisoformat(str(raw))
    except ValueError as error:
        raise invalid_form_body(f"{name}: not an ISO8601 timestamp") from error
    if moment.tzinfo is None:
        raise invalid_form_body(f"{name}: a timestamp needs its offset")
    return moment.astimezone(dt.UTC).isoformat()


def _where(guild: Guild, kind: int, body: dict[str, Any], event: ScheduledEvent | None) -> None:
    """What an event of `kind` needs, as Discord checks it: an external one a location and an end time, a
    voice one a voice channel of the server."""
    end = body.get("scheduled_end_time", event.end if event else None)
    if kind == EXTERNAL:
        location = (body.get("entity_metadata") or {}).get("location") or (event.location if event else None)
        if not location:
            raise invalid_form_body("entity_metadata.location: required for an external event")
        if not end:
            raise invalid_form_body("scheduled_end_time: required for an external event")
    elif kind == VOICE:
        channel = guild.channels.get(_snowflake(body.get("channel_id") or (event.channel_id if event else 0)))
        if channel is None or channel.type != ChannelType.GUILD_VOICE:
            raise invalid_form_body("channel_id: a voice channel of this server")


@route("GET", "/guilds/{guild_id}/scheduled-events")
async def _list_events(standin: DiscordStandIn, request: ApiRequest) -> Any:
    counted = request.flag("with_user_count")
    return [event.payload(with_count=counted) for event in events_of(_guild(standin, request))]


@route("POST", "/guilds/{guild_id}/scheduled-events")
async def _create_event(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = _guild(standin, request)
    _managed(standin, guild)
    body = request.json_object()
    kind = int(body["entity_type"])
    _where(guild, kind, body, None)
    start = _moment(body["scheduled_start_time"], "scheduled_start_time")
    if dt.datetime.fromisoformat(start) <= dt.datetime.now(dt.UTC):
        raise invalid_form_body("scheduled_start_time: cannot be in the past")
    end = body.get("scheduled_end_time")
    event = ScheduledEvent(
        id=standin.snowflake(), guild_id=guild.id, creator=standin.bot_user, name=str(body["name"]), start=start,
        entity_type=kind, end=None if end is None else _moment(end, "scheduled_end_time"),
        description=body.get("description"), location=(body.get("entity_metadata") or {}).get("location"),
        channel_id=_snowflake(body["channel_id"]) if body.get("channel_id") else None,
        privacy_level=int(body.get("privacy_level", 2)),
    )
    guild.scheduled_events[event.id] = event
    standin._notify("GUILD_SCHEDULED_EVENT_CREATE", event.payload(), guild.id, GUILD_SCHEDULED_EVENTS)
    return event.payload()


@route("GET", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}")
async def _get_event(standin: DiscordStandIn, request: ApiRequest) -> Any:
    return _event(_guild(standin, request), request).payload(with_count=request.flag("with_user_count"))


@route("PATCH", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}")
async def _modify_event(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = _guild(standin, request)
    _managed(standin, guild)
    event = _event(guild, request)
    body = request.json_object()
    if body.get("status") is not None:
        status = int(body["status"])
        if status not in MOVES[event.status]:
            raise ApiError(400, 180000, "Cannot update event status")
        event.status = status
    kind = int(body["entity_type"]) if body.get("entity_type") is not None else event.entity_type
    _where(guild, kind, body, event)
    event.entity_type = kind
    if "name" in body:
        event.name = str(body["name"])
    if "description" in body:
        event.description = body["description"]
    if body.get("scheduled_start_time"):
        event.start = _moment(body["scheduled_start_time"], "scheduled_start_time")
    if "scheduled_end_time" in body:
        event.end = None if body["scheduled_end_time"] is None else _moment(body["scheduled_end_time"], "end")
    if body.get("entity_metadata"):
        event.location = body["entity_metadata"].get("location")
    standin._notify("GUILD_SCHEDULED_EVENT_UPDATE", event.payload(), guild.id, GUILD_SCHEDULED_EVENTS)
    return event.payload()


@route("DELETE", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}")
async def _delete_event(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = _guild(standin, request)
    _managed(standin, guild)
    event = _event(guild, request)
    del guild.scheduled_events[event.id]
    standin._notify("GUILD_SCHEDULED_EVENT_DELETE", event.payload(), guild.id, GUILD_SCHEDULED_EVENTS)
    return None


@route("GET", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}/users")
async def _event_users(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = _guild(standin, request)
    event = _event(guild, request)
    limit = max(1, min(100, int(request.query.get("limit", "100"))))
    before, after = request.query.get("before"), request.query.get("after")
    ids = sorted(event.users)
    ids = [i for i in ids if i < int(before)][-limit:] if before else [i for i in ids if i > int(after or 0)][:limit]
    answer = []
    for user_id in ids:
        entry: dict[str, Any] = {"guild_scheduled_event_id": str(event.id), "user": event.users[user_id].payload()}
        if request.flag("with_member") and user_id in guild.members:
            entry["member"] = guild.members[user_id].payload()
        answer.append(entry)
    return answer
