"""A stand-in for Discord written for the tests: the real discord.py client talks to it on localhost.

server.py   DiscordStandIn: the shared state, life cycle and waiting; each resource's routes and simulated users
            in its own module (channels, messages, commands, interactions, webhooks, threads, voice,
            scheduled_events, gateway), the REST plumbing, records and checks in rest.py
client.py   running(bot, stand_in) / start_bot: point discord.py at it, log in, connect, wait until ready
spec.py     the request-body checks (Discord's OpenAPI description from ../shared, plus its missing limits)
fixtures.py the `discord_standin` pytest fixture (import it in a conftest.py)
"""

from .client import BotRun, pointed_at, running, start_bot
from .gateway import DIRECT_MESSAGES, GUILD_MEMBERS, GUILD_MESSAGES, GUILDS, MESSAGE_CONTENT
from .models import Channel, ChannelType, Guild, InteractionRecord, Member, Message, Modal, Role, User
from .server import ApiError, DiscordStandIn, RecordedRequest
from .spec import SpecValidator

__all__ = [
    "DIRECT_MESSAGES",
    "GUILDS",
    "GUILD_MEMBERS",
    "GUILD_MESSAGES",
    "MESSAGE_CONTENT",
    "ApiError",
    "BotRun",
    "Channel",
    "ChannelType",
    "DiscordStandIn",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "Modal",
    "RecordedRequest",
    "Role",
    "SpecValidator",
    "User",
    "pointed_at",
    "running",
    "start_bot",
]
