"""Point discord.py at another Discord: the stand-in the tests run, or any compatible server.

The bot reads `DISCORD_API_BASE_URL` and `DISCORD_GATEWAY_URL` from its settings and, when they are set,
calls `point_discord_at` before it logs in; the tests call the same function (tests/discord_standin/client.py).

These are discord.py internals, not its public API, and they are pinned with discord.py (==2.7.1 in
pyproject.toml). tests/discord/test_canary.py fails loudly if they move:

- `discord.http.Route.BASE` — the class attribute every `Route` builds its URL from (`BASE + path`), for the
  bot's own requests and for the webhook adapter behind interaction callbacks and followups alike.
- `discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY` — where `Client.connect` opens the gateway. A plain
  `Client`/`commands.Bot` never asks `GET /gateway/bot`; an `AutoShardedClient` does (through `Route.BASE`)
  and uses the URL in the answer, so it follows the API base on its own. For a plain client whose gateway
  URL is not configured, `ask_gateway_url` asks the API (`GET /gateway`) for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

DISCORD_API_BASE_URL = "https://discord.com/api/v10"
DISCORD_GATEWAY_URL = "wss://gateway.discord.gg/"


@dataclass(frozen=True)
class DiscordUrls:
    api_base_url: str
    gateway_url: str


def current_discord_urls() -> DiscordUrls:
    return DiscordUrls(api_base_url=Route.BASE, gateway_url=str(DiscordWebSocket.DEFAULT_GATEWAY))


def point_discord_at(api_base_url: str, gateway_url: str | None = None) -> DiscordUrls:
    """Send discord.py's REST calls to `api_base_url` (ending in `/api/v10`) and open its gateway at
    `gateway_url` (None: leave the gateway as it is). Returns the URLs in use before, to restore them.
    """
    api_base_url = api_base_url.rstrip("/")
    if not api_base_url.endswith("/v10"):
        raise ValueError(f"the Discord API base URL must end in /api/v10 (discord.py's version): {api_base_url!r}")
    gateway = yarl.URL(gateway_url) if gateway_url is not None else None
    if gateway is not None and gateway.scheme not in ("ws", "wss"):
        raise ValueError(f"the Discord gateway URL must be ws:// or wss://: {gateway_url!r}")
    previous = current_discord_urls()
    Route.BASE = api_base_url
    if gateway is not None:
        DiscordWebSocket.DEFAULT_GATEWAY = gateway
    return previous


def restore_discord_urls(urls: DiscordUrls) -> None:
    Route.BASE = urls.api_base_url
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(urls.gateway_url)


async def ask_gateway_url(api_base_url: str, *, timeout: float = 10.0) -> str:
    """The gateway URL the API at `api_base_url` announces (`GET /gateway`, which needs no token)."""
    client_timeout = aiohttp.ClientTimeout(total=timeout)
    async with (
        aiohttp.ClientSession(timeout=client_timeout) as session,
        session.get(api_base_url.rstrip("/") + "/gateway") as response,
    ):
        response.raise_for_status()
        data = await response.json(content_type=None)
    return str(data["url"])
