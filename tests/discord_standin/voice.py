"""Voice in the stand-in: who is connected to which voice channel, and server mute.

`join_voice` / `leave_voice` connect a member to a voice channel (or disconnect them): the bot hears
VOICE_STATE_UPDATE when it asked for the GUILD_VOICE_STATES intent, and GUILD_CREATE lists the voice
states of a server. PATCH /guilds/{guild_id}/members/{user_id} with `mute` (checked against the OpenAPI
description like every request) needs Mute Members (403 / 50013 otherwise) and the member connected to
voice (400 / 40032 "Target user is not connected to voice", as Discord answers); a server mute stays on the
member across sessions until someone lifts it, as on Discord.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import gateway as gw
from .models import MUTE_MEMBERS, Channel, ChannelType, Guild, User
from .rest import ApiError, ApiRequest, _snowflake, route

if TYPE_CHECKING:
    from .server import DiscordStandIn


async def join_voice(standin: DiscordStandIn, guild: Guild, user: User, channel: Channel) -> None:
    assert channel.type == ChannelType.GUILD_VOICE, "a voice channel"
    guild.voice[user.id] = channel.id
    await _tell(standin, guild, user.id)


async def leave_voice(standin: DiscordStandIn, guild: Guild, user: User) -> None:
    guild.voice.pop(user.id, None)
    await _tell(standin, guild, user.id)


def muted(guild: Guild, user: User) -> bool:
    return guild.members[user.id].mute


async def _tell(standin: DiscordStandIn, guild: Guild, user_id: int) -> None:
    data = guild.voice_state(user_id) | {"guild_id": str(guild.id)}
    await standin.dispatch("VOICE_STATE_UPDATE", data, guild_id=guild.id, intent=gw.GUILD_VOICE_STATES)


@route("PATCH", "/guilds/{guild_id}/members/{user_id}")
async def _modify_member(standin: DiscordStandIn, request: ApiRequest) -> Any:
    guild = standin._guild(request.params["guild_id"])
    member = guild.members.get(_snowflake(request.params["user_id"]))
    if member is None:
        raise ApiError(404, 10007, "Unknown Member")
    body = request.json_object()
    if "mute" in body:
        if not guild.permissions_of(standin.bot_user.id) & MUTE_MEMBERS:
            raise ApiError(403, 50013, "Missing Permissions")
        if member.user.id not in guild.voice:
            raise ApiError(400, 40032, "Target user is not connected to voice.")
        member.mute = bool(body["mute"])
        data = guild.voice_state(member.user.id) | {"guild_id": str(guild.id)}
        standin._notify("VOICE_STATE_UPDATE", data, guild.id, gw.GUILD_VOICE_STATES)
    return member.payload() | {"guild_id": str(guild.id)}
