"""Canary: the discord.py internals the stand-in (and bot/discord/urls.py) rely on are where we left them.

If one of these fails after a discord.py upgrade, do not just fix the test: the stand-in, the URL patching
and possibly the bot depend on these exact behaviours. Re-read discord.py's http.py, gateway.py, client.py
and webhook/async_.py, adapt bot/discord/urls.py and tests/discord_standin/, then update the pin.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import discord
import discord.gateway
import discord.http
import discord.webhook.async_
import pytest
import yarl

from bot.discord.attempts import CALLBACK, SESSION, acknowledged
from bot.discord.urls import current_discord_urls, point_discord_at, restore_discord_urls

PINNED = "2.7.1"


def test_discord_py_is_the_pinned_version() -> None:
    assert discord.__version__ == PINNED, (
        f"discord.py {discord.__version__} is installed but the stand-in is written against {PINNED}: "
        "re-check the internals listed in bot/discord/urls.py and tests/discord/test_canary.py"
    )


def test_discord_is_the_installed_package_not_a_test_folder() -> None:
    location = Path(discord.__file__).resolve()
    assert "site-packages" in location.parts, f"`import discord` found {location}, not the installed discord.py"


def test_route_base_is_a_class_attribute_used_to_build_urls() -> None:
    assert isinstance(discord.http.Route.__dict__.get("BASE"), str), "discord.http.Route.BASE moved"
    assert discord.http.Route.BASE == "https://discord.com/api/v10", f"Route.BASE is {discord.http.Route.BASE!r}"
    previous = point_discord_at("http://127.0.0.1:9/api/v10")
    try:
        route = discord.http.Route("GET", "/channels/{channel_id}", channel_id=123)
        assert route.url == "http://127.0.0.1:9/api/v10/channels/123", "Route no longer builds its URL from BASE"
    finally:
        restore_discord_urls(previous)
    assert current_discord_urls() == previous


def test_interaction_callbacks_and_followups_go_through_route() -> None:
    source = inspect.getsource(discord.webhook.async_.AsyncWebhookAdapter)
    for template in (
        "/interactions/{webhook_id}/{webhook_token}/callback",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    ):
        assert f"'{template}'" in source, f"the webhook adapter no longer builds {template} with Route"
    assert discord.webhook.async_.Route is discord.http.Route, "the webhook adapter has its own Route now"


def test_the_webhook_adapter_retries_a_5xx_itself() -> None:
    """Why bot/discord/attempts.py owns the retries: discord.py sends a webhook's post (no nonce) and an
    interaction's callback again after any 5xx. If this changes, re-read attempts.py (it may be simpler)."""
    source = inspect.getsource(discord.webhook.async_.AsyncWebhookAdapter.request)
    assert "for attempt in range(5)" in source and "if response.status >= 500:" in source, (
        "AsyncWebhookAdapter.request no longer retries a 5xx as attempts.py expects"
    )
    assert f"'{CALLBACK}'" in inspect.getsource(discord.webhook.async_.AsyncWebhookAdapter.create_interaction_response)
    route = discord.http.Route("POST", CALLBACK, webhook_id=1, webhook_token="t")
    assert (route.method, route.path, route.webhook_id) == ("POST", CALLBACK, 1), "Route's attributes moved"


def test_interaction_responses_take_the_adapter_from_async_context_and_read_only_the_interaction_id() -> None:
    """attempts.install sets the adapter in discord.py's `async_context`; a callback Discord took before its
    5xx is answered with `acknowledged(route)`, of which discord.py must read no more than the interaction's
    id, then mark the response done."""
    assert isinstance(discord.webhook.async_.async_context.get(), discord.webhook.async_.AsyncWebhookAdapter)
    response = discord.InteractionResponse
    for method in (response.defer, response.send_message, response.edit_message, response.send_modal):
        source = inspect.getsource(method)
        assert "adapter = async_context.get()" in source and "adapter.create_interaction_response(" in source, (
            f"InteractionResponse.{method.__name__} no longer sends through async_context's adapter"
        )
        assert source.index("adapter.create_interaction_response(") < source.index("self._response_type = "), (
            f"InteractionResponse.{method.__name__} marks itself done before the callback returns"
        )
    route = discord.http.Route("POST", CALLBACK, webhook_id=123, webhook_token="t")
    made = discord.InteractionCallbackResponse(
        data=acknowledged(route),  # type: ignore[arg-type]
        parent=None, state=None, type=discord.InteractionResponseType.deferred_message_update,  # type: ignore[arg-type]
    )
    assert made.id == 123 and made.resource is None and made.message_id is None


def test_the_bot_tokens_client_retries_a_5xx_itself_through_a_session_attempts_can_wrap() -> None:
    """Why bot/discord/attempts.py `install` wraps the bot token's session: `HTTPClient.request` sends a request
    again after a 500, 502, 504 or 524 (a channel's webhook, which carries no nonce, made twice). It keeps its
    aiohttp session in `SESSION`, made at login, and sends every request through that session's `request`; an
    error raised inside it that is no OSError reaches the caller (the `_Checked` 5xx of `ONE_TRY`)."""
    source = inspect.getsource(discord.http.HTTPClient.request)
    assert "async with self.__session.request(method, url, **kwargs) as response:" in source
    assert "if response.status in {500, 502, 504, 524}:" in source, "HTTPClient.request's 5xx retries moved"
    assert "except OSError as e:" in source and "except Exception" not in source
    assert "self.__session = aiohttp.ClientSession(" in inspect.getsource(discord.http.HTTPClient.static_login)
    assert SESSION == "_HTTPClient__session" and "self.__session" in inspect.getsource(discord.http.HTTPClient)


def test_every_request_the_rest_budget_counts_goes_through_the_bot_tokens_session() -> None:
    """Why bot/discord/budget.py `install` can hold counted requests back by wrapping `SESSION`: the bot token's
    client sends through it (above), an interaction reads that same session when discord.py makes it (its answer
    and follow-ups go through the webhook adapter's `session.request`), and so does a channel's webhook made
    from the bot's client. Had any of them a session of its own, its requests would bypass the budget."""
    made = inspect.getsource(discord.Interaction.__init__)
    assert "self._session: ClientSession = state.http._HTTPClient__session" in made, "an interaction's session moved"
    assert "async with session.request(" in inspect.getsource(discord.webhook.async_.AsyncWebhookAdapter.request)
    partial = inspect.getsource(discord.Webhook.partial)
    assert "session = client.http._HTTPClient__session" in partial, "a webhook from the client has its own session"
    assert "url = route.url" in inspect.getsource(discord.http.HTTPClient.request), "the budget reads the route's URL"


def test_a_guild_channel_keeps_its_overwrites_as_discord_sends_them() -> None:
    """Why bot/discord/channel.py `_known` can read a channel's overwrites from the gateway's copy instead of a
    counted GET: a guild channel keeps them in `_overwrites`, each turning back into Discord's payload with
    `_asdict`, refreshed from every CHANNEL_UPDATE."""
    import discord.abc

    payload = {"id": 5, "allow": "2048", "deny": "0", "type": 1}
    assert discord.abc._Overwrites(payload)._asdict() == {**payload, "id": 5}  # type: ignore[arg-type]
    assert "self._overwrites.append(overwrite)" in inspect.getsource(discord.abc.GuildChannel._fill_overwrites)
    assert "_overwrites" in discord.TextChannel.__slots__


def test_every_channel_message_carries_a_nonce_discord_enforces() -> None:
    """Why the bot's own channel messages need no look after a 5xx: `Messageable.send` gives each a random nonce
    when none is given, and the request asks Discord to enforce it (a message sent again within minutes with
    the same nonce is handed back, not made twice). Webhook posts and follow-ups have none (attempts.py)."""
    import discord.abc

    send = inspect.getsource(discord.abc.Messageable.send)
    assert "if nonce is None:" in send and "nonce = secrets.randbits(64)" in send, "send no longer makes a nonce"
    made = inspect.getsource(discord.http.handle_message_parameters)
    assert "payload['enforce_nonce'] = True" in made, "a message's nonce is no longer enforced"


def test_gateway_url_comes_from_default_gateway() -> None:
    default = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    assert isinstance(default, yarl.URL), "DiscordWebSocket.DEFAULT_GATEWAY is gone or no longer a yarl.URL"
    assert str(default) == "wss://gateway.discord.gg/", f"DEFAULT_GATEWAY is {default}"
    parameters = inspect.signature(discord.gateway.DiscordWebSocket.from_client).parameters
    assert {"gateway", "resume", "session", "sequence", "compress", "encoding"} <= set(parameters), (
        f"DiscordWebSocket.from_client changed its signature: {list(parameters)}"
    )
    source = inspect.getsource(discord.gateway.DiscordWebSocket.from_client)
    assert "gateway or cls.DEFAULT_GATEWAY" in source, "from_client no longer falls back to DEFAULT_GATEWAY"


def test_plain_client_connects_without_asking_for_the_gateway() -> None:
    """A plain Client uses DEFAULT_GATEWAY; only the AutoShardedClient asks GET /gateway/bot."""
    connect = inspect.getsource(discord.Client.connect)
    assert "DiscordWebSocket.from_client(self, **ws_params)" in connect
    assert "get_bot_gateway" not in connect
    signature = inspect.signature(discord.http.HTTPClient.get_bot_gateway)
    assert list(signature.parameters) == ["self"], f"HTTPClient.get_bot_gateway changed: {signature}"


def test_ready_wait_is_a_connection_state_attribute() -> None:
    client = discord.Client(intents=discord.Intents.default())
    assert isinstance(client._connection.guild_ready_timeout, float), (
        "ConnectionState.guild_ready_timeout moved (tests/discord_standin/client.py shortens it)"
    )


def test_rate_limit_handling_still_needs_via_and_retry_after() -> None:
    """The stand-in's 429 imitates what discord.py checks to retry rather than fail."""
    source = inspect.getsource(discord.http.HTTPClient.request)
    assert "response.headers.get('Via')" in source
    assert "data['retry_after']" in source


def test_point_discord_at_refuses_urls_without_the_api_version() -> None:
    with pytest.raises(ValueError, match="/api/v10"):
        point_discord_at("http://127.0.0.1:9/api")
    with pytest.raises(ValueError, match="ws://"):
        point_discord_at("http://127.0.0.1:9/api/v10", "http://127.0.0.1:9/gateway")
    assert current_discord_urls().api_base_url == "https://discord.com/api/v10"
